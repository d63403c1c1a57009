#!/usr/bin/env python3
# Writes tests/data/gelu/<name>_*.bin: PyTorch's CPU bf16 GELU (approximate="none"), forward and
# backward, for every finite bf16 input; the reference for engine/numerics/torch_gelu.{h,cpp}.
#
# Usage (from the repository root; see tests/data/gelu/README.md for the runs that made the files):
#   venv/bin/python scripts/make_gelu_reference.py torch2_avx512
#   ATEN_CPU_CAPABILITY=avx2 venv/bin/python scripts/make_gelu_reference.py torch2_aten_avx2
#   ONEDNN_MAX_CPU_ISA=AVX2 venv/bin/python scripts/make_gelu_reference.py torch2_onednn_avx2
#   ONEDNN_MAX_CPU_ISA=AVX2 ATEN_CPU_CAPABILITY=avx2 venv/bin/python scripts/make_gelu_reference.py torch2_avx2only
#   ONEDNN_MAX_CPU_ISA=AVX512_CORE venv/bin/python scripts/make_gelu_reference.py torch2_avx512core
#   /usr/bin/python3 scripts/make_gelu_reference.py torch113
# Options: --out DIR (default tests/data/gelu), --length N (evaluate the inputs in slices of N
# elements instead of one tensor of 65,280; to probe the vector-body / scalar-tail rule),
# --threads T (default 1; ATen's GELU tail positions depend on the thread split), --no-onednn
# (torch.backends.mkldnn.enabled = False: ATen's GeluKernel on any CPU).
#
# Files (raw little-endian uint16 bf16 bits, 65,280 entries, inputs in increasing bit-pattern order
# 0x0000..0x7f7f, 0x8000..0xff7f, i.e. every bf16 pattern except inf/NaN):
#   <name>_fwd.bin       gelu(x)
#   <name>_bwd_ones.bin  d/dx with grad_output = 1
#   <name>_bwd_rand.bin  d/dx with grad_output = grad_rand.bin
#   grad_rand.bin        the seeded bf16 grad_output (numpy PCG64 seed 20240601, N(0,1) rounded RNE
#                        to bf16; independent of the torch version)
import argparse
import os
import platform
import subprocess
import sys

import numpy as np
import torch
import torch.nn.functional as F

N_FINITE = 65280


def finite_bf16_bits():
    bits = np.arange(65536, dtype=np.uint32)
    return bits[(bits & 0x7F80) != 0x7F80].astype(np.uint16)


def f32_to_bf16_bits_rne(a):
    u = np.asarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    return u.astype(np.uint16)


def grad_rand_bits():
    rng = np.random.Generator(np.random.PCG64(20240601))
    return f32_to_bf16_bits_rne(rng.standard_normal(N_FINITE).astype(np.float32))


def to_tensor(bits):
    return torch.from_numpy(bits.view(np.int16).copy()).view(torch.bfloat16)


def to_bits(t):
    return t.detach().contiguous().view(torch.int16).numpy().view(np.uint16).copy()


def run_slices(xbits, gbits, length):
    fwd = np.empty(N_FINITE, np.uint16)
    bwd = np.empty(N_FINITE, np.uint16)
    for s in range(0, N_FINITE, length):
        e = min(N_FINITE, s + length)
        x = to_tensor(xbits[s:e]).requires_grad_(True)
        y = F.gelu(x)
        y.backward(to_tensor(gbits[s:e]))
        fwd[s:e] = to_bits(y)
        bwd[s:e] = to_bits(x.grad)
    return fwd, bwd


def cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    fl = line.split(":", 1)[1].split()
                    keep = [x for x in fl if x.startswith(("avx", "amx", "fma"))]
                    return " ".join(sorted(keep))
    except OSError:
        pass
    return "?"


def onednn_used(dtype):
    """Runs a small GELU forward+backward in a child process with oneDNN verbose on."""
    code = (
        "import torch, torch.nn.functional as F\n"
        f"x = torch.linspace(-3, 3, 37).to({dtype}).requires_grad_(True)\n"
        "F.gelu(x).backward(torch.ones_like(x))\n"
    )
    env = dict(os.environ, ONEDNN_VERBOSE="1", DNNL_VERBOSE="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    lines = [l for l in (out.stdout + out.stderr).splitlines() if "eltwise" in l and "exec" in l]
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    ap.add_argument("--out", default="tests/data/gelu")
    ap.add_argument("--length", type=int, default=N_FINITE)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--no-onednn", action="store_true")
    args = ap.parse_args()
    if args.no_onednn:
        torch.backends.mkldnn.enabled = False
        print("oneDNN disabled (torch.backends.mkldnn.enabled = False)")
    torch.set_num_threads(args.threads)

    cap = "?"
    if hasattr(torch.backends, "cpu") and hasattr(torch.backends.cpu, "get_cpu_capability"):
        cap = torch.backends.cpu.get_cpu_capability()
    else:  # torch 1.13: the build summary names the capability the dispatcher picked
        cap = "".join(l.split(":", 1)[1].strip() for l in torch.__config__.show().splitlines()
                      if "CPU capability usage" in l) or "?"
    mkldnn_ver = [l.strip() for l in torch.__config__.show().splitlines() if "MKL-DNN" in l]
    print(f"torch {torch.__version__}; ATen capability {cap}; "
          f"ATEN_CPU_CAPABILITY={os.environ.get('ATEN_CPU_CAPABILITY', '')!r} "
          f"ONEDNN_MAX_CPU_ISA={os.environ.get('ONEDNN_MAX_CPU_ISA', '')!r}")
    print("oneDNN:", "; ".join(mkldnn_ver), "| mkldnn enabled:", torch.backends.mkldnn.is_available())
    try:
        print("torch.ops.mkldnn._is_mkldnn_bf16_supported():", torch.ops.mkldnn._is_mkldnn_bf16_supported())
    except (AttributeError, RuntimeError):
        pass  # torch 1.13 has no such op; the verbose probe below tells

    for dt in ("torch.bfloat16", "torch.float32"):
        lines = [] if args.no_onednn else onednn_used(dt)
        print(f"GELU {dt}: oneDNN used: {bool(lines)}")
        for l in lines:
            print("   ", l)
    print("CPU:", platform.processor() or platform.machine(), "|", cpu_flags())

    xbits = finite_bf16_bits()
    assert xbits.size == N_FINITE
    gr = grad_rand_bits()
    ones = np.full(N_FINITE, 0x3F80, np.uint16)
    fwd, bwd1 = run_slices(xbits, ones, args.length)
    fwd2, bwdr = run_slices(xbits, gr, args.length)
    assert (fwd == fwd2).all()

    os.makedirs(args.out, exist_ok=True)
    for suffix, arr in (("fwd", fwd), ("bwd_ones", bwd1), ("bwd_rand", bwdr)):
        arr.astype("<u2").tofile(os.path.join(args.out, f"{args.name}_{suffix}.bin"))
    gpath = os.path.join(args.out, "grad_rand.bin")
    if os.path.exists(gpath):
        assert (np.fromfile(gpath, "<u2") == gr).all(), "grad_rand.bin differs from the seeded vector"
    else:
        gr.astype("<u2").tofile(gpath)
    print(f"wrote {args.out}/{args.name}_{{fwd,bwd_ones,bwd_rand}}.bin (length {args.length}, "
          f"threads {args.threads})")


if __name__ == "__main__":
    main()
