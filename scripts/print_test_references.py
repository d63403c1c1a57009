#!/usr/bin/python3
"""Prints the values that tests/tst_torch_rng.cpp and tests/tst_training_data.cpp state inline, computed
by PyTorch 1.13 and numpy themselves, and checks them against the numbers written in the tests.
Run with Debian's python3, python3-torch and python3-numpy:

    /usr/bin/python3 scripts/print_test_references.py

PyTorch and numpy are never needed to build or test Presisi; this script only shows where the numbers
come from. Exit status 1 if a value differs from the one in the test.
"""
import io
import math
import struct
import sys

import numpy as np
import torch


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def check(name, got, want):
    ok = got == want
    print(f"{'ok  ' if ok else 'DIFF'} {name}: {got!r}" + ("" if ok else f" (test says {want!r})"))
    return ok


def torch_rng():
    ok = True
    # tst_torch_rng mt19937MatchesTorchsFirstOutput: the generator's first raw 32-bit outputs for seed 0
    # (random_ below 2^32 - 1 takes one output modulo 2^32 - 1, which leaves these unchanged).
    torch.manual_seed(0)
    raw = torch.empty(3, dtype=torch.int64).random_(0, 2**32 - 1).tolist()
    ok &= check("first outputs for seed 0", raw, [2357136044, 2546248239, 3071714933])
    # tst_torch_rng tutorialSamples: seed 0, nn.Linear(256, 256), then randn(64, 256); x[0, :4].
    torch.manual_seed(0)
    torch.nn.Linear(256, 256)
    x = torch.randn(64, 256)
    for i, want in enumerate([-0.5346039, 0.52375317, -1.394726, 0.35178924]):
        ok &= check(f"x[0, {i}]", float(x[0, i]), f32(want))
    # tst_torch_rng kaimingBound: kaiming_uniform_(a=sqrt(5)) in the order torch.nn.init runs it.
    gain = math.sqrt(2.0 / (1 + math.sqrt(5) ** 2))
    ok &= check("kaiming bound, fan 256", math.sqrt(3.0) * (gain / math.sqrt(256)), 0.06249999999999999)
    return ok


def npy_bytes():
    ok = True
    # tst_training_data roundTrip: the files numpy.save writes for these two arrays, byte for byte as the
    # test builds them by hand.
    for name, array, header in [
        ("f32 (3, 2)", np.array([1, 2, 3, 4, 5, -0.5], dtype="<f4").reshape(3, 2),
         "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 2), }"),
        ("i64 (4,)", np.array([0, 2, 1, 7], dtype="<i8"), "{'descr': '<i8', 'fortran_order': False, 'shape': (4,), }"),
    ]:
        buf = io.BytesIO()
        np.save(buf, array)
        padded = header + " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
        by_hand = b"\x93NUMPY\x01\x00" + struct.pack("<H", len(padded)) + padded.encode() + array.tobytes()
        ok &= check(f"np.save {name} equals the hand-built bytes", buf.getvalue() == by_hand, True)
    return ok


if __name__ == "__main__":
    print(f"torch {torch.__version__}, numpy {np.__version__}")
    sys.exit(0 if torch_rng() & npy_bytes() else 1)
