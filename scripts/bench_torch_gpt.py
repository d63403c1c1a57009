#!/usr/bin/env python3
"""Steps per second of PyTorch 2.x training the tiny transformer on the CPU, one thread: the same model, data,
batching, AdamW and clipping as `presisi train --model gpt` (scripts/make_torch2_gpt_reference.py defines them),
for comparison with the steps/s Presisi reports for each lane (docs/BENCHMARKS.md). Pin a core with taskset:

    taskset -c 1 venv/bin/python scripts/bench_torch_gpt.py [--layers 3 --heads 3 --embd 48 --batch 64 --steps 300]
"""
import argparse, importlib.util, os, time
import numpy as np
import torch
import torch.nn.functional as F

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("ref", os.path.join(here, "make_torch2_gpt_reference.py"))
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)

p = argparse.ArgumentParser()
p.add_argument("--layers", type=int, default=3)
p.add_argument("--heads", type=int, default=3)
p.add_argument("--embd", type=int, default=48)
p.add_argument("--block", type=int, default=0, help="tokens per sequence; 0: the sort task's 11")
p.add_argument("--batch", type=int, default=64)
p.add_argument("--steps", type=int, default=300)
a = p.parse_args()
torch.set_num_threads(1)
if a.block:
    g = np.random.default_rng(1)
    X = g.integers(0, 3, size=(2000, a.block)).astype(np.int64)
    Y = np.roll(X, -1, axis=1)
else:
    X, Y = ref.sort_data(7, 2000)
c = dict(vocab=3, block=X.shape[1], layers=a.layers, heads=a.heads, embd=a.embd, batch=a.batch, lr=5e-4,
         betas=[0.9, 0.95], weight_decay=0.1, clip=1.0, seed=0, attention="manual")
print(f"torch {torch.__version__}, {torch.backends.cpu.get_cpu_capability()}, one thread; "
      f"{a.layers} layers, {a.heads} heads, embd {a.embd}, T {X.shape[1]}, batch {a.batch}")
for lane, (dtype, scaler) in ref.LANES.items():
    warm = dict(c, steps=20)
    ref.train(warm, X, Y, dtype, scaler)
    t0 = time.perf_counter()
    ref.train(dict(c, steps=a.steps), X, Y, dtype, scaler)
    seconds = time.perf_counter() - t0
    print(f"{lane:22s} {a.steps / seconds:8.1f} steps/s")
