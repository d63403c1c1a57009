#!/usr/bin/env python3
# Writes tests/data/quantize/: committed input tensors and what torchao makes of them — the reference
# for engine/numerics/scaled_format.{h,cpp} and `presisi quantize` (tests/tst_quantize.cpp).
#
#   MX (torchao.prototype.mx_formats.mx_tensor.to_mx, block 32, scale modes FLOOR, CEIL, EVEN, RCEIL;
#       dequantised with the same module's to_dtype) for e4m3, e5m2, e2m3, e3m2 and e2m1 elements;
#   NVFP4 (nvfp4_tensor.nvfp4_quantize, block 16, two-level: per_tensor_amax_to_scale(max |x|));
#   per-tensor FP8 (torchao.float8: amax_to_scale, hp_tensor_and_scale_to_float8, to_original_precision)
#       for e4m3 and e5m2, with the tensor's amax and with a stale amax (a quarter of it): saturating as
#       torchao does, and non-saturating as ml_dtypes casts (the OCP conversion).
#
# Usage (from the repository root): /work/venv-ref/bin/python scripts/make_quantize_reference.py [--out DIR]
# Made with torch 2.15.0 (PyPI, CPU), torchao 0.18.0, ml_dtypes 0.7.0, numpy 2.x, Python 3.11
# (tests/data/quantize/README.md). The inputs are built from a seeded numpy generator and fixed
# values, so a rerun with these versions rewrites identical files.
import argparse
import os

import ml_dtypes
import numpy as np
import torch
import torchao
from torchao.float8.float8_training_tensor import hp_tensor_and_scale_to_float8
from torchao.float8.float8_utils import amax_to_scale
from torchao.prototype.mx_formats.config import ScaleCalculationMode
from torchao.prototype.mx_formats.kernels import f4_unpacked_to_f32, unpack_uint4
from torchao.prototype.mx_formats.mx_tensor import to_dtype, to_mx
from torchao.prototype.mx_formats.nvfp4_tensor import nvfp4_quantize, per_tensor_amax_to_scale

MODES = [("floor", ScaleCalculationMode.FLOOR), ("ceil", ScaleCalculationMode.CEIL),
         ("even", ScaleCalculationMode.EVEN), ("rceil", ScaleCalculationMode.RCEIL)]
ELEMENTS = [("e4m3", torch.float8_e4m3fn), ("e5m2", torch.float8_e5m2), ("e2m3", "fp6_e2m3"),
            ("e3m2", "fp6_e3m2"), ("e2m1", torch.float4_e2m1fn_x2)]


def main_input():
    """(8, 64) float32, finite: 16 MX blocks of 32, 32 NVFP4 blocks of 16."""
    rng = np.random.default_rng(20261202)
    x = np.zeros((8, 64), dtype=np.float32)
    x[0] = rng.standard_normal(64)                                            # plain N(0, 1)
    x[1] = rng.standard_normal(64) * 10.0 ** rng.uniform(-4, 4, 64)           # eight decades
    x[2, :32] = rng.standard_normal(32) * 0.01
    x[2, 7] = 40.0                                                            # an outlier: the rest sinks
    x[2, 32:] = rng.uniform(-300, 300, 32)
    x[2, 40] = 500.0                                                          # FP8.md: e4m3 FLOOR 2^0, RCEIL 2^1
    x[3, :32] = 0.0                                                           # a zero block (with -0)
    x[3, 5] = -0.0
    x[3, 32:] = rng.uniform(-255, 255, 32)
    x[3, 50] = -255.0                                                         # FP8.md: FLOOR 2^-1, RCEIL 2^0
    x[4, :32] = rng.standard_normal(32) * 1e-39                               # float32 subnormals: scale code 0
    x[4, 32:] = rng.standard_normal(32) * 2.0 ** -120                         # near e8m0's bottom
    # Ties at 2^0 scales: e2m1 midpoints, e4m3 midpoints (1 + 1/16 between 1 and 1.125) and the worked block.
    x[5, :16] = [5, 7, 0.25, 0.75, 3, 1.25, 1.75, 2.5, 3.5, 5.0, -0.25, -2.5, 0.5, 6, -4, 1]
    x[5, 16:32] = [1.0625, 1.1875, 17, 19, 0.0029296875, -1.0625, 240, 208, 464, -448, 2.0 ** -10, 3 * 2.0 ** -10,
                   0.75, 0.3125, 0.4375, 1.125]
    x[5, 32:48] = [5, 7, 0.25, 0.75, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]      # FP8.md's fp4 block
    x[5, 48:] = rng.uniform(-6, 6, 16)
    x[6] = rng.standard_normal(64) * 1e4
    x[6, 3] = 6.0e4                                                           # the tensor's amax
    x[7] = (rng.standard_normal(64) * 2.0 ** rng.integers(-12, 12, 64)).astype(np.float32)
    return x


def special_input():
    """(2, 64) float32 for MX only: a NaN block, an inf block, a block at float32's max, a tiny block."""
    rng = np.random.default_rng(7)
    x = rng.standard_normal((2, 64)).astype(np.float32)
    x[0, 3] = np.nan
    x[0, 40] = np.inf
    x[0, 41] = -5.0
    x[1, :32] *= np.float32(1e38)
    x[1, 9] = np.finfo(np.float32).max                                        # EVEN rounds it to inf
    x[1, 32:] = rng.integers(-3, 4, 32).astype(np.float32) * np.float32(2.0 ** -149)  # denormals
    return x


def codes_of(data_lp, elem):
    if elem == torch.float4_e2m1fn_x2:
        return unpack_uint4(data_lp.view(torch.uint8)).numpy().astype(np.uint8)
    return data_lp.view(torch.uint8).numpy().astype(np.uint8)


def write_mx(out, name, x):
    t = torch.from_numpy(x)
    for ename, elem in ELEMENTS:
        codes, scales, deq = [], [], []
        for _, mode in MODES:
            s, d = to_mx(t, elem, 32, mode)
            codes.append(codes_of(d, elem))
            scales.append(s.view(torch.uint8).numpy())
            deq.append(to_dtype(d, s, elem, 32, torch.float32).numpy())
        np.save(os.path.join(out, f"{name}_mx_{ename}_codes.npy"), np.stack(codes))
        np.save(os.path.join(out, f"{name}_mx_{ename}_scales.npy"), np.stack(scales))
        np.save(os.path.join(out, f"{name}_mx_{ename}_dequantised.npy"), np.stack(deq).astype(np.float32))


def write_nvfp4(out, x):
    t = torch.from_numpy(x)
    pts = per_tensor_amax_to_scale(torch.max(torch.abs(t)))
    s, d = nvfp4_quantize(t, 16, pts)
    codes = unpack_uint4(d.view(torch.uint8))
    # NVFP4Tensor.dequantize: e2m1 value * (per_tensor_scale * e4m3 block scale), all float32.
    hp_scales = pts * s.to(torch.float32)
    deq = (f4_unpacked_to_f32(codes).view(8, 4, 16) * hp_scales.view(8, 4, 1)).view(8, 64)
    np.save(os.path.join(out, "main_nvfp4_codes.npy"), codes.numpy().astype(np.uint8))
    np.save(os.path.join(out, "main_nvfp4_scales.npy"), s.view(torch.uint8).numpy())
    np.save(os.path.join(out, "main_nvfp4_tensor_scale.npy"), pts.reshape(1).numpy().astype(np.float32))
    np.save(os.path.join(out, "main_nvfp4_dequantised.npy"), deq.numpy().astype(np.float32))


def write_tensorwise(out, x):
    t = torch.from_numpy(x)
    amax = torch.max(torch.abs(t))
    for ename, dtype, mldtype in [("e4m3", torch.float8_e4m3fn, ml_dtypes.float8_e4m3fn),
                                  ("e5m2", torch.float8_e5m2, ml_dtypes.float8_e5m2)]:
        codes, deq, scales = [], [], []
        # Rows: [0] the tensor's amax (torchao), [1] a stale amax of amax/4, saturating (torchao),
        # [2] the same stale amax, non-saturating (x * scale in float32, cast by ml_dtypes, / scale).
        for a in (amax, amax / 4):
            scale = amax_to_scale(a, dtype)
            f8 = hp_tensor_and_scale_to_float8(t, scale, dtype)
            codes.append(f8._data.view(torch.uint8).numpy())
            deq.append(f8.to_original_precision().numpy())
            scales.append(scale.item())
        scale = np.float32(scales[1])
        ocp = (x * scale).astype(mldtype)
        codes.append(ocp.view(np.uint8))
        deq.append(ocp.astype(np.float32) / scale)
        np.save(os.path.join(out, f"main_tensorwise_{ename}_codes.npy"), np.stack(codes).astype(np.uint8))
        np.save(os.path.join(out, f"main_tensorwise_{ename}_dequantised.npy"), np.stack(deq).astype(np.float32))
        np.save(os.path.join(out, f"main_tensorwise_{ename}_scales.npy"),
                np.array([scales[0], scales[1], scales[1]], dtype=np.float32))
    np.save(os.path.join(out, "main_tensorwise_amax.npy"),
            np.array([amax.item(), (amax / 4).item()], dtype=np.float32))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", default="tests/data/quantize")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    torch.set_num_threads(1)
    print("torch", torch.__version__, "torchao", torchao.__version__, "ml_dtypes", ml_dtypes.__version__)
    x = main_input()
    sx = special_input()
    np.save(os.path.join(args.out, "main_input.npy"), x)
    np.save(os.path.join(args.out, "special_input.npy"), sx)
    write_mx(args.out, "main", x)
    write_mx(args.out, "special", sx)
    write_nvfp4(args.out, x)
    write_tensorwise(args.out, x)


if __name__ == "__main__":
    main()
