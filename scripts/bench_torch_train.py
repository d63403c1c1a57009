#!/usr/bin/python3
"""The PyTorch side of `presisi bench train`: training steps per second of the same MLP, batch and SGD
on one CPU thread, in float32 and under CPU bf16 autocast. Run with Debian's python3 and python3-torch 1.13:

    /usr/bin/python3 scripts/bench_torch_train.py --sizes 2,64,64,3 --batch 256 --steps 2000

Prints {"lanes":[{"lane":"torch:f32","steps_per_second":...}, {"lane":"torch:bf16-autocast",...}]}.
The step is what a training loop does: zero_grad, forward and loss (inside autocast for bf16),
backward, optimizer.step; batches are slices of a fixed tensor, as Presisi's are.
"""
import argparse
import json
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


def run(sizes, batch, steps, bf16, repeats):
    torch.manual_seed(0)
    model = build(sizes)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    x = torch.randn(4096, sizes[0])
    y = torch.randint(0, sizes[-1], (4096,))
    n = x.shape[0]
    best = float("inf")
    for r in range(repeats + 1):
        t0 = time.perf_counter()
        for k in range(steps if r else 50):
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
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="2,64,64,3")
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--steps", type=int, default=2000)
    p.add_argument("--repeats", type=int, default=3)
    a = p.parse_args()
    torch.set_num_threads(1)
    sizes = [int(s) for s in a.sizes.split(",")]
    lanes = []
    for name, bf16 in (("torch:f32", False), ("torch:bf16-autocast", True)):
        lanes.append({"lane": name, "steps_per_second": run(sizes, a.batch, a.steps, bf16, a.repeats)})
    print(json.dumps({"torch_version": torch.__version__, "sizes": sizes, "batch": a.batch, "steps": a.steps,
                      "threads": 1, "lanes": lanes}))


if __name__ == "__main__":
    main()
