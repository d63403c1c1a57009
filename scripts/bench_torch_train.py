#!/usr/bin/python3
"""The PyTorch side of `presisi bench train`: training steps per second of the same MLP, batch and SGD
on one CPU thread, in float32 and under CPU bf16 autocast. Runs under Debian's python3-torch 1.13 or a
torch 2.x (e.g. from PyPI in a virtual environment); which one, and the CPU path ATen dispatched to, are
part of the output:

    /usr/bin/python3 scripts/bench_torch_train.py --sizes 2,64,64,3 --batch 256 --steps 2000
    venv/bin/python scripts/bench_torch_train.py --sizes 64,1024,1024,10 --batch 512 --steps 100

Prints one JSON line on stdout, {"torch_version":..., "aten_cpu_capability":"AVX512", ...,
"lanes":[{"lane":"torch:f32","steps_per_second":...}, {"lane":"torch:bf16-autocast",...}]}, and a one-line
summary of the same facts on stderr. The step is what a training loop does: zero_grad, forward and loss
(inside autocast for bf16), backward, optimizer.step; batches are slices of a fixed tensor, as Presisi's
are. Each lane: --warmup untimed steps (50), then the best of --repeats runs of --steps steps.
"""
import argparse
import json
import re
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


def build(sizes):
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[i], sizes[i + 1]))
        if i + 2 < len(sizes):
            layers.append(nn.ReLU())
    return nn.Sequential(*layers)


def config_text():
    try:
        return torch.__config__.show()
    except Exception:  # a build without the summary: the facts are then "unknown"
        return ""


def blas_info():
    """The BLAS ATen's float32 products use: "mkl" (PyPI builds), "generic" (Debian's 1.13), ..."""
    m = re.search(r"\bBLAS_INFO=([^,\s]+)", config_text())
    return m.group(1) if m else "unknown"


def onednn_version():
    m = re.search(r"(?:MKL-DNN|oneDNN)\s+v([0-9.]+)", config_text())
    return m.group(1) if m else "unknown"


def aten_capability():
    """The vectorised kernel set ATen dispatches to on this CPU (DEFAULT, AVX2, AVX512, ...)."""
    try:
        return torch.backends.cpu.get_cpu_capability()  # torch >= 2.0
    except AttributeError:
        m = re.search(r"CPU capability usage:\s*(\S+)", config_text())  # 1.13: only in the build summary
        return m.group(1) if m else "unknown"


def mkldnn_bf16():
    """Whether ATen's bf16 products may go to oneDNN (mkldnn) on this CPU (AVX-512 with bf16 support)."""
    try:
        return bool(torch.ops.mkldnn._is_mkldnn_bf16_supported())
    except (AttributeError, RuntimeError):
        return None


def run(sizes, batch, steps, bf16, repeats, warmup):
    torch.manual_seed(0)
    model = build(sizes)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    x = torch.randn(4096, sizes[0])
    y = torch.randint(0, sizes[-1], (4096,))
    n = x.shape[0]
    best = float("inf")
    for r in range(repeats + 1):
        t0 = time.perf_counter()
        for k in range(steps if r else warmup):
            i = (k * batch) % (n - batch)
            xb, yb = x[i:i + batch], y[i:i + batch]
            opt.zero_grad()
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
                loss = F.cross_entropy(model(xb), yb)
            loss.backward()
            opt.step()
        if r:
            best = min(best, (time.perf_counter() - t0) / steps)
    return 1.0 / best


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", default="2,64,64,3", help="layer widths, comma-separated (input first)")
    p.add_argument("--batch", type=int, default=256, help="rows per step, at most 4095")
    p.add_argument("--steps", type=int, default=2000)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--warmup", type=int, default=50, help="untimed steps before the repeats (1.13's f32 on a "
                   "1024-wide model takes seconds a step)")
    p.add_argument("--lanes", default="f32,bf16", help="f32, bf16 (autocast) or both, comma-separated")
    a = p.parse_args()
    try:
        sizes = [int(s) for s in a.sizes.split(",")]
    except ValueError:
        p.error("--sizes takes integers, e.g. 64,1024,1024,10")
    if len(sizes) < 2 or min(sizes) < 1:
        p.error("--sizes needs at least two positive widths")
    if a.steps < 1 or a.repeats < 1 or a.warmup < 0:
        p.error("--steps and --repeats must be at least 1, --warmup at least 0")
    if not 1 <= a.batch < 4096:
        p.error("--batch must be 1..4095 (batches are slices of 4096 samples)")
    wanted = [w.strip() for w in a.lanes.split(",") if w.strip()]
    if not wanted or any(w not in ("f32", "bf16") for w in wanted):
        p.error("--lanes takes f32 and/or bf16")
    torch.set_num_threads(1)
    facts = {
        "torch_version": torch.__version__,
        "python": sys.executable,
        "aten_cpu_capability": aten_capability(),
        "blas": blas_info(),
        "onednn": onednn_version(),
        "mkldnn_bf16_supported": mkldnn_bf16(),
        "threads": torch.get_num_threads(),
    }
    print("torch %s (%s), ATen CPU capability %s, BLAS %s, oneDNN %s, oneDNN bf16 products %s, %d thread(s)"
          % (facts["torch_version"], facts["python"], facts["aten_cpu_capability"], facts["blas"],
             facts["onednn"],
             {True: "yes", False: "no", None: "not reported"}[facts["mkldnn_bf16_supported"]], facts["threads"]),
          file=sys.stderr)
    lanes = []
    for name, bf16 in (("torch:f32", False), ("torch:bf16-autocast", True)):
        if ("bf16" if bf16 else "f32") in wanted:
            lanes.append({"lane": name, "steps_per_second": run(sizes, a.batch, a.steps, bf16, a.repeats, a.warmup)})
    print(json.dumps(dict(facts, sizes=sizes, batch=a.batch, steps=a.steps, repeats=a.repeats, warmup=a.warmup, lanes=lanes)))


if __name__ == "__main__":
    main()
