#!/usr/bin/env python3
"""Writes tests/data/torch2-optim/*: torch.optim's Adam and AdamW updates, element for element, as the
PyTorch that runs this script computes them on the CPU (float32 parameters, one tensor, the optimizer's
defaults otherwise: neither foreach nor fused is passed). Run under PyTorch 2.x from PyPI:

    python3 -m venv venv && venv/bin/pip install torch numpy
    venv/bin/python scripts/make_torch2_optimizer_reference.py

For each case: n parameters drawn with torch.randn (seeded), then `steps` steps, each with a gradient
drawn with torch.randn times a magnitude that changes per step (so both lerp branches' inputs vary);
the file <case>.f32 holds, raw little-endian float32, the initial parameters, then for each step the
gradient and the parameters after optimizer.step(). optim.json lists the cases and the torch version.
PyTorch is never needed to build or test Presisi; this script only regenerates the data.
"""
import json
import os

import numpy as np
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data", "torch2-optim")

torch.set_num_threads(1)

# n = 1037: not a multiple of any vector width, so ATen's scalar tail is covered as well as its vector body.
CASES = [
    {"name": "adam", "optimizer": "adam", "lr": 0.01, "weight_decay": 0.0},
    {"name": "adam_l2", "optimizer": "adam", "lr": 0.003, "weight_decay": 0.05},
    {"name": "adamw", "optimizer": "adamw", "lr": 0.01, "weight_decay": 0.01},
    {"name": "adamw_wd01", "optimizer": "adamw", "lr": 0.001, "weight_decay": 0.1},
]
N = 1037
STEPS = 12
SCALES = [1.0, 1e-3, 10.0, 1e-6, 0.5, 3e-2, 1.0, 1e-4, 2.0, 1e-8, 0.1, 1.0]


def run(case):
    torch.manual_seed(1)
    p = torch.nn.Parameter(torch.randn(N))
    cls = torch.optim.Adam if case["optimizer"] == "adam" else torch.optim.AdamW
    opt = cls([p], lr=case["lr"], weight_decay=case["weight_decay"])
    chunks = [p.detach().clone()]
    gen = torch.Generator().manual_seed(2)
    for k in range(STEPS):
        g = torch.randn(N, generator=gen) * SCALES[k]
        p.grad = g.clone()
        opt.step()
        chunks += [g, p.detach().clone()]
    data = torch.cat(chunks).numpy().astype("<f4")
    with open(os.path.join(DATA, case["name"] + ".f32"), "wb") as f:
        f.write(data.tobytes())
    d = {k: v for k, v in opt.defaults.items() if isinstance(v, (bool, int, float, str, type(None), tuple))}
    return dict(case, file="torch2-optim/" + case["name"] + ".f32", n=N, steps=STEPS, defaults=d)


def main():
    os.makedirs(DATA, exist_ok=True)
    out = {"torch_version": torch.__version__, "capability": torch.backends.cpu.get_cpu_capability(),
           "cases": [run(c) for c in CASES]}
    with open(os.path.join(DATA, "optim.json"), "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print(torch.__version__, out["capability"])


if __name__ == "__main__":
    main()
