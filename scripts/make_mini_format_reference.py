#!/usr/bin/env python3
# Writes tests/data/mini-formats/: the references for the formats of 8 bits and below in
# engine/format.{h,cpp} (e4m3, e5m2, e3m2, e2m3, e2m1, e8m0), checked by tests/tst_mini_formats.cpp.
#   decoded-<fmt>.f32   every code of the format (0 .. 2^bits - 1) decoded by ml_dtypes, as float32
#   structured.f32      the chosen inputs: for every format each value, each tie point between
#                       neighbouring values, and three float32 neighbours on each side of both; the
#                       overflow regions up to 4·max; every power of two and 1.5·2^k of float32 (e8m0's
#                       values and ties); float32 subnormals; zeros, infinities, NaNs with several payloads
#   codes.zbin          for each of the 1,000,000 inputs (structured.f32, then the random inputs below)
#                       eight code bytes, in this order: ml_dtypes' default cast x.astype(dtype) to
#                       e4m3, e5m2, e3m2, e2m3, e2m1, e8m0; torch's eager x.to(torch.float8_e4m3fn)
#                       (saturates to ±448); x.clamp(-57344, 57344).to(torch.float8_e5m2) (torchao's
#                       saturating rule for e5m2)
# The random inputs (1,000,000 less the structured ones) are not stored: input i is made from
# r = splitmix64 output i (seed 20261201, the first output being mix(seed + golden)): the first half is
# the low 32 bits of r as a float32 bit pattern (every exponent, NaN payloads included), the second half
# has sign bit r >> 63, exponent ((r >> 32) & 0x7fffffff) % 51 - 30 and fraction r & 0x7fffff (where the
# formats' values, ties and overflows lie). tests/tst_mini_formats.cpp regenerates them the same way.
# codes.zbin is Qt's qCompress layout: a 4-byte big-endian uncompressed length, then a zlib stream (the
# test reads it with qUncompress). Everything is little-endian; codes are right-aligned (FP6 in the low
# six bits, FP4 in the low four).
#
# Made with ml_dtypes 0.7.0, torch 2.15.0 (+cu132 wheel, CPU cast), numpy 2.4.6, Python 3 (Linux x86-64).
# Rerun from the repository root (a virtual environment with `pip install ml_dtypes torch numpy`):
#   /work/venv-ref/bin/python scripts/make_mini_format_reference.py [--out tests/data/mini-formats]
# The inputs depend on nothing but this script, so a rerun with other library versions rewrites the same
# structured.f32 and shows in `git diff` whether any code changed.
import argparse
import os
import struct
import zlib

import ml_dtypes
import numpy as np
import torch

SEED = 20261201
N_INPUTS = 1_000_000
MASK64 = (1 << 64) - 1

# name here -> (ml_dtypes dtype, bits)
FORMATS = {
    "e4m3": (ml_dtypes.float8_e4m3fn, 8),
    "e5m2": (ml_dtypes.float8_e5m2, 8),
    "e3m2": (ml_dtypes.float6_e3m2fn, 6),
    "e2m3": (ml_dtypes.float6_e2m3fn, 6),
    "e2m1": (ml_dtypes.float4_e2m1fn, 4),
    "e8m0": (ml_dtypes.float8_e8m0fnu, 8),
}


def decode_all(dtype, bits):
    codes = np.arange(1 << bits, dtype=np.uint8)
    return codes.view(dtype).astype(np.float32)


def f32_from_bits(u):
    return np.asarray(u, dtype=np.uint32).view(np.float32)


def bits_of(x):
    return np.asarray(x, dtype=np.float32).view(np.uint32)


def with_neighbours(values, reach=2):
    """values and the float32 values up to `reach` steps below and above each (bit-pattern steps on
    the magnitude, so across zero the sign flips as it should not: zero's neighbours are added apart)."""
    v = np.asarray(values, dtype=np.float32)
    v = v[np.isfinite(v)]
    u = bits_of(np.abs(v)).astype(np.int64)
    sign = bits_of(v) & np.uint32(0x80000000)
    out = [v]
    for d in range(-reach, reach + 1):
        if d == 0:
            continue
        m = u + d
        ok = (m >= 0) & (m <= 0x7F800000)
        out.append(f32_from_bits((m[ok].astype(np.uint32)) | sign[ok]))
    return np.concatenate(out)


def structured_inputs():
    parts = []
    for dtype, bits in FORMATS.values():
        table = decode_all(dtype, bits)
        finite = np.unique(table[np.isfinite(table)].astype(np.float64))
        mids = (finite[:-1] + finite[1:]) / 2  # exact: the values are a few bits wide
        vmax = finite.max()
        # The overflow region: from max to 4·max, on a grid and at random, with both signs.
        over = np.concatenate([np.linspace(vmax, 4 * vmax, 257), vmax * (1 + np.arange(1, 65) / 64.0)])
        pts = np.concatenate([finite, mids, over])
        pts = np.concatenate([pts, -pts])
        with np.errstate(over="ignore"):  # e8m0's 4·max is beyond float32: inf, which is wanted too
            parts.append(with_neighbours(pts.astype(np.float32), reach=3))
    # e8m0's lowest values sit among float32 subnormals: its ties 1.5·2^k there and every power of two.
    pow2 = np.ldexp(1.0, np.arange(-149, 128)).astype(np.float32)
    parts.append(with_neighbours(np.concatenate([pow2, 1.5 * pow2.astype(np.float64)]).astype(np.float32), 3))
    # float32 subnormals: the smallest ones, every single-bit pattern, and the largest ones.
    sub = np.concatenate([np.arange(1, 4097), 1 << np.arange(23), 0x7FFFFF - np.arange(4096)]).astype(np.uint32)
    parts.append(f32_from_bits(np.concatenate([sub, sub | 0x80000000])))
    # Zeros, infinities, NaNs (quiet and signalling payloads, both signs), the largest float32.
    special = np.array([0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7F7FFFFF, 0xFF7FFFFF,
                        0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001, 0x7FFFFFFF, 0xFFFFFFFF,
                        0x7FA00000, 0xFFA00000, 0x7FC00001, 0x7F812345, 0xFFE54321, 0x7FBFFFFF],
                       dtype=np.uint32)
    parts.append(f32_from_bits(special))
    x = np.concatenate(parts).astype(np.float32)
    # Keep the first occurrence of each bit pattern, in order.
    _, first = np.unique(bits_of(x), return_index=True)
    return x[np.sort(first)]


def splitmix64(seed, n):
    """The first n outputs of splitmix64 (Steele, Lea and Flood 2014) from `seed`, vectorised."""
    golden = np.uint64(0x9E3779B97F4A7C15)
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + golden * np.arange(1, n + 1, dtype=np.uint64)  # wraps mod 2^64
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def random_inputs(n):
    r = splitmix64(SEED, n)
    half = n // 2
    a = (r[:half] & np.uint64(0xFFFFFFFF)).astype(np.uint32)
    rb = r[half:]
    sign = (rb >> np.uint64(63)).astype(np.uint32) << np.uint32(31)
    exp = ((((rb >> np.uint64(32)) & np.uint64(0x7FFFFFFF)) % np.uint64(51)).astype(np.int64) - 30 + 127)
    frac = (rb & np.uint64(0x7FFFFF)).astype(np.uint32)
    b = sign | (exp.astype(np.uint32) << np.uint32(23)) | frac
    return f32_from_bits(np.concatenate([a, b]))


def write_zbin(path, data):
    raw = np.ascontiguousarray(data, dtype=np.uint8).tobytes()  # row-major: one row per input
    with open(path, "wb") as f:
        f.write(struct.pack(">I", len(raw)) + zlib.compress(raw, 9))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="tests/data/mini-formats")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    for name, (dtype, bits) in FORMATS.items():
        decode_all(dtype, bits).astype("<f4").tofile(os.path.join(args.out, f"decoded-{name}.f32"))

    s = structured_inputs()
    assert len(s) < N_INPUTS // 4, len(s)
    s.astype("<f4").tofile(os.path.join(args.out, "structured.f32"))
    x = np.concatenate([s, random_inputs(N_INPUTS - len(s))]).astype(np.float32)
    assert len(x) == N_INPUTS

    columns = [x.astype(dtype).view(np.uint8) for dtype, _ in FORMATS.values()]
    t = torch.from_numpy(x.copy())
    columns.append(t.to(torch.float8_e4m3fn).view(torch.uint8).numpy())
    columns.append(t.clamp(-57344.0, 57344.0).to(torch.float8_e5m2).view(torch.uint8).numpy())
    # One row of eight codes per input: zlib finds the repeats across formats (saturated and flushed
    # inputs give the same row) that eight separate streams would not.
    write_zbin(os.path.join(args.out, "codes.zbin"), np.stack(columns, axis=1))

    print(f"{len(s)} structured + {N_INPUTS - len(s)} random inputs; ml_dtypes {ml_dtypes.__version__}, "
          f"torch {torch.__version__}, numpy {np.__version__}")


if __name__ == "__main__":
    main()
