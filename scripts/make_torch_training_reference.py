#!/usr/bin/python3
"""Writes tests/data/training/*: PyTorch's own losses for small MLP training runs, in float32 and under
CPU bf16 autocast, on data stored as .npy files. Run with Debian's python3 and python3-torch 1.13:

    /usr/bin/python3 scripts/make_torch_training_reference.py

For each case: torch.manual_seed(seed) immediately followed by nn.Sequential(Linear, act, ..., Linear);
minibatches in dataset order, wrapping around (batch k takes rows (k*B + i) mod N); the forward pass and
the loss inside torch.autocast("cpu", torch.bfloat16) for the bf16 lane, backward outside; float32
master weights and optimizer. Per step the loss of the forward pass before the update is recorded.
The initial weights and the first step's weight gradients are stored too (.f32, raw little-endian).
PyTorch is never needed to build or test Presisi; this script only regenerates the data.
"""
import json
import math
import os

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data", "training")

torch.set_num_threads(1)


def spiral(n, classes, noise, rng):
    per = n // classes
    xs, ys = [], []
    for c in range(classes):
        r = np.linspace(0.05, 1.0, per)
        t = np.linspace(c * 4.0, c * 4.0 + 4.0, per) + rng.randn(per) * noise
        xs.append(np.stack([r * np.sin(t), r * np.cos(t)], 1))
        ys.append(np.full(per, c))
    return np.concatenate(xs).astype(np.float32), np.concatenate(ys).astype(np.int64)


def save_f32(name, tensor):
    t = tensor.detach().float().contiguous()
    with open(os.path.join(DATA, name + ".f32"), "wb") as f:
        f.write(t.numpy().astype("<f4").tobytes())
    return {"file": "training/" + name + ".f32", "shape": list(t.shape)}


ACTS = {"relu": nn.ReLU, "tanh": nn.Tanh, "gelu": nn.GELU, "sigmoid": nn.Sigmoid}


def build(sizes, act, seed):
    torch.manual_seed(seed)
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[i], sizes[i + 1]))
        if i + 2 < len(sizes):
            layers.append(ACTS[act]())
    return nn.Sequential(*layers)


def train(case, x, y, lane):
    model = build(case["sizes"], case["activation"], case["seed"])
    opt = case["optimizer"]
    if opt["name"] == "sgd":
        optim = torch.optim.SGD(model.parameters(), lr=opt["lr"], momentum=opt.get("momentum", 0.0))
    else:
        optim = torch.optim.Adam(model.parameters(), lr=opt["lr"])
    n = x.shape[0]
    b = case["batch"] if case["batch"] > 0 else n
    losses, grads = [], []
    for k in range(case["steps"]):
        idx = torch.tensor([(k * b + i) % n for i in range(b)])
        xb, yb = x[idx], y[idx]
        optim.zero_grad()
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=(lane == "bf16")):
            out = model(xb)
            if case["loss"] == "cross_entropy":
                loss = F.cross_entropy(out, yb)
            else:
                loss = F.mse_loss(out, yb)
        loss.backward()
        losses.append(loss.item())
        if k == 0:
            grads = [p.grad.clone() for p in model.parameters()]
        optim.step()
    return losses, grads


def main():
    os.makedirs(DATA, exist_ok=True)
    rng = np.random.RandomState(1234)
    xs, ys = spiral(300, 3, 0.2, rng)
    np.save(os.path.join(DATA, "spiral_x.npy"), xs)
    np.save(os.path.join(DATA, "spiral_y.npy"), ys)
    xr = rng.uniform(-2, 2, size=(200, 2)).astype(np.float32)
    yr = (np.sin(2 * xr[:, :1]) * np.cos(xr[:, 1:]) + 0.05 * rng.randn(200, 1)).astype(np.float32)
    np.save(os.path.join(DATA, "wave_x.npy"), xr)
    np.save(os.path.join(DATA, "wave_y.npy"), yr)

    cases = [
        {"name": "ce_relu_sgd_full", "x": "spiral_x.npy", "y": "spiral_y.npy", "sizes": [2, 16, 16, 3],
         "activation": "relu", "loss": "cross_entropy", "optimizer": {"name": "sgd", "lr": 0.1},
         "batch": 0, "steps": 100, "seed": 0},
        {"name": "ce_gelu_momentum_b64", "x": "spiral_x.npy", "y": "spiral_y.npy", "sizes": [2, 32, 3],
         "activation": "gelu", "loss": "cross_entropy", "optimizer": {"name": "sgd", "lr": 0.05, "momentum": 0.9},
         "batch": 64, "steps": 40, "seed": 3},
        {"name": "mse_tanh_adam_b50", "x": "wave_x.npy", "y": "wave_y.npy", "sizes": [2, 24, 24, 1],
         "activation": "tanh", "loss": "mse", "optimizer": {"name": "adam", "lr": 0.01},
         "batch": 50, "steps": 40, "seed": 7},
        {"name": "mse_sigmoid_sgd_full", "x": "wave_x.npy", "y": "wave_y.npy", "sizes": [2, 16, 1],
         "activation": "sigmoid", "loss": "mse", "optimizer": {"name": "sgd", "lr": 0.2},
         "batch": 0, "steps": 30, "seed": 11},
    ]
    out = {"torch_version": torch.__version__, "cases": []}
    for case in cases:
        x = torch.from_numpy(np.load(os.path.join(DATA, case["x"])))
        y = torch.from_numpy(np.load(os.path.join(DATA, case["y"])))
        model = build(case["sizes"], case["activation"], case["seed"])
        entry = dict(case)
        entry["init"] = [save_f32(f"{case['name']}_init_{i}", p) for i, p in enumerate(model.parameters())]
        entry["lanes"] = {}
        for lane in ("f32", "bf16"):
            losses, grads = train(case, x, y, lane)
            entry["lanes"][lane] = {
                "losses": losses,
                "grads0": [save_f32(f"{case['name']}_{lane}_grad0_{i}", g) for i, g in enumerate(grads)],
            }
        out["cases"].append(entry)
    with open(os.path.join(DATA, "torch_training.json"), "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
