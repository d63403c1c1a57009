#!/usr/bin/python3
"""Writes tests/data/torch_reference.json and tests/data/torch/*.f32: PyTorch's own numbers for
Presisi's random streams and the linear-layer lab. Run with Debian's python3 and python3-torch 1.13:

    /usr/bin/python3 scripts/make_torch_reference.py

Each .f32 file is the raw little-endian float32 content of one tensor in row-major order.
PyTorch is never needed to build or test Presisi; this script only regenerates the data.
"""
import json
import os
import sys

import torch
import torch.nn as nn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data")
ARRAYS = os.path.join(DATA, "torch")


def save(name, tensor):
    t = tensor.detach().float().contiguous()
    path = os.path.join(ARRAYS, name + ".f32")
    with open(path, "wb") as f:
        f.write(t.numpy().astype("<f4").tobytes())
    return {"file": "torch/" + name + ".f32", "shape": list(t.shape)}


def stream_cases():
    cases = []

    def case(name, seed, fn):
        torch.manual_seed(seed)
        outs = fn()
        if not isinstance(outs, (list, tuple)):
            outs = [outs]
        cases.append({"name": name, "seed": seed,
                      "arrays": [save(f"stream_{name}_{i}", o) for i, o in enumerate(outs)]})

    case("rand5", 0, lambda: torch.rand(5))
    case("randn3", 0, lambda: torch.randn(3))
    case("randn7", 0, lambda: torch.randn(7))
    case("randn16", 0, lambda: torch.randn(16))
    case("randn17", 0, lambda: torch.randn(17))
    case("randn500", 0, lambda: torch.randn(500))
    case("randn_64x256", 0, lambda: torch.randn(64, 256))
    case("uniform_m2_5", 0, lambda: torch.empty(1000).uniform_(-2, 5))
    case("normal_3_2", 0, lambda: torch.empty(100).normal_(3, 2))
    case("cache_3_16_1", 0, lambda: [torch.randn(3), torch.randn(16), torch.randn(1)])
    case("cache_3_3", 0, lambda: [torch.randn(3), torch.randn(3)])
    case("seed_minus1", -1, lambda: torch.randn(20))
    case("seed_2p40p7", 2**40 + 7, lambda: torch.randn(20))
    case("seed_123_randn_1000", 123, lambda: torch.randn(1000))

    def linear_init():
        lin = nn.Linear(37, 11)
        return [lin.weight, lin.bias]
    case("linear_37_11", 5, linear_init)
    return cases


def linear_cases():
    cases = []
    # (seed, in, out, batch): the tutorial, a randn size not a multiple of 16 (5*37=185), one
    # under 16 elements (2*3=6), and more shapes and seeds.
    for seed, n_in, n_out, batch in [(0, 256, 256, 64), (1, 37, 11, 5), (2, 3, 4, 2), (3, 100, 50, 33),
                                     (42, 512, 128, 16), (7, 1024, 64, 8)]:
        torch.manual_seed(seed)
        lin = nn.Linear(n_in, n_out)
        x = torch.randn(batch, n_in)
        with torch.no_grad():
            y32 = lin(x)
            with torch.autocast("cpu", dtype=torch.bfloat16):
                ybf = lin(x)
        diff = (y32.float() - ybf.float()).abs()
        corr = torch.corrcoef(torch.stack([y32.flatten(), ybf.float().flatten()]))[0, 1]
        # The same metrics in float64 from PyTorch's own outputs (corrcoef in float32 is off by ~1e-6).
        y64, b64 = y32.double().flatten(), ybf.double().flatten()
        d64 = (y64 - b64).abs()
        corr64 = torch.corrcoef(torch.stack([y64, b64]))[0, 1]
        name = f"linear_s{seed}_{n_in}x{n_out}_b{batch}"
        cases.append({
            "name": name, "seed": seed, "in": n_in, "out": n_out, "batch": batch,
            "bf16_dtype": str(ybf.dtype).replace("torch.", ""),
            "bf16_mean_abs_error": float(diff.mean()),
            "bf16_max_abs_error": float(diff.max()),
            "bf16_correlation": float(corr),
            "f64": {"mean_abs_error": float(d64.mean()), "max_abs_error": float(d64.max()),
                    "rel_l2_error": float((y64 - b64).norm() / y64.norm()), "correlation": float(corr64)},
            "arrays": {"weight": save(name + "_weight", lin.weight), "bias": save(name + "_bias", lin.bias),
                       "x": save(name + "_x", x), "y_f32": save(name + "_y_f32", y32),
                       "y_bf16": save(name + "_y_bf16", ybf.float())},
        })
    return cases


def main():
    os.makedirs(ARRAYS, exist_ok=True)
    doc = {
        "generator": "scripts/make_torch_reference.py",
        "torch_version": torch.__version__,
        "python": sys.version.split()[0],
        "cpu_capability": torch.backends.cpu.get_cpu_capability() if hasattr(torch.backends, "cpu") else "unknown",
        "streams": stream_cases(),
        "linear": linear_cases(),
    }
    with open(os.path.join(DATA, "torch_reference.json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    tut = doc["linear"][0]
    print("tutorial: dtype", tut["bf16_dtype"], "mean", round(tut["bf16_mean_abs_error"], 6),
          "corr", round(tut["bf16_correlation"], 4))


if __name__ == "__main__":
    main()
