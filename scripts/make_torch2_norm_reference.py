#!/usr/bin/env python3
"""Writes tests/data/torch2-norm/*: PyTorch 2.x's own losses for small MLP training runs with LayerNorm, RMSNorm
or BatchNorm1d after each hidden Linear, and with gradient accumulation, in float32 (lane f32), under CPU bf16
autocast (bf16) and, for the accumulation cases, under bf16 autocast with a GradScaler (bf16+scaler). Run with
a PyTorch 2.x (pip) environment; one thread. From the repository root:

    venv/bin/python scripts/make_torch2_norm_reference.py
    venv/bin/python scripts/make_torch2_norm_reference.py --noise

The first writes runs.json (losses per step and lane, the scaler's scale per step, BatchNorm running statistics
of lane f32 after the run, <case>_<lane>_grad0_<i>.f32: the step-0 gradients of lanes f32 and bf16 for the
cases with grads) and the data set offset_{x,y}.npy (a large offset, a small variance: a one-pass bf16
E[x^2]-E[x]^2 fails on it). --noise writes noise.json: per case, the largest relative change of the losses of
the first NOISE_STEPS steps over NOISE_RUNS runs whose initial parameters (norm weights and biases included)
are each moved by one float32 ulp (up or down, seeded), for lane bf16 ("cases") and lane f32 ("cases_f32"),
and for the cases with grads the step-0 gradients' relative L2 change per parameter ("grads0").

Conventions (those of scripts/make_torch2_training_reference.py, plus): torch.manual_seed(seed) immediately
followed by nn.Sequential(Linear, [norm], act, ..., Linear), norm nn.LayerNorm(width), nn.RMSNorm(width) or
nn.BatchNorm1d(width) (training mode), default arguments; micro-batch j (counted over the whole run) takes rows
(j*B + i) mod N (B = N for batch 0); with gradient accumulation K, step k runs micro-batches j = k*K + m,
m = 0..K-1: forward and loss inside torch.autocast("cpu", torch.bfloat16) for the bf16 lanes, then
(loss / K).backward() outside (loss.backward() for K = 1); the step's loss is the Python float sum over m of
(loss_m / K).item(), recorded before optim.step(). BatchNorm updates its running statistics at every
micro-batch. Lane bf16+scaler: torch.amp.GradScaler("cpu", init_scale=65536.0), scaler.scale(loss / K)
.backward() per micro-batch, scaler.step(optim); scaler.update() per step, the scale recorded before the
update. Float32 master weights; optimizers with torch 2.x's defaults. x/y paths relative to tests/data/.
PyTorch is never needed to build or test Presisi; this script only regenerates the data.
"""
import json
import math
import os
import sys
import warnings

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

# The conventions' shared pieces: optimizer specs and construction, case data, the machine's description.
from make_torch2_training_reference import adam, cpu_info, environment, load_case_data, make_optimizer, sgd

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTDATA = os.path.join(ROOT, "tests", "data")
DATA = os.path.join(TESTDATA, "torch2-norm")

torch.set_num_threads(1)
# nn.RMSNorm under autocast: bf16 input with float32 weight falls back from the fused kernel, and says so.
warnings.filterwarnings("ignore", message="Mismatch dtype between input and weight")

STEPS = 20
ACTS = {"relu": nn.ReLU, "tanh": nn.Tanh, "gelu": nn.GELU, "sigmoid": nn.Sigmoid}
NORMS = {"layer": nn.LayerNorm, "rms": nn.RMSNorm, "batch": nn.BatchNorm1d}

# x / y relative to tests/data/. spiral/wave: tests/data/training (NumPy RandomState 1234);
# torch-avx512-bf16/X,Y: the (64, 4) 5-class set; torch2-norm/offset_*: made by offset_data() below.
SPIRAL = ("training/spiral_x.npy", "training/spiral_y.npy")
WAVE = ("training/wave_x.npy", "training/wave_y.npy")
X4 = ("torch-avx512-bf16/X.npy", "torch-avx512-bf16/Y.npy")
OFFSET = ("torch2-norm/offset_x.npy", "torch2-norm/offset_y.npy")
LANES = ("f32", "bf16")
SCALER_LANES = ("f32", "bf16", "bf16+scaler")


def case(name, data, sizes, act, loss, opt, batch, seed, norm, accum=1, grads=False, lanes=LANES):
    c = {"name": name, "x": data[0], "y": data[1], "sizes": sizes, "activation": act, "loss": loss,
         "optimizer": opt, "batch": batch, "steps": STEPS, "seed": seed, "norm": norm, "grad_accum": accum}
    return c, grads, lanes


CE = "cross_entropy"
CASES = [
    case("ln_relu_sgd_b32", SPIRAL, [2, 16, 16, 3], "relu", CE, sgd(0.1), 32, 0, "layer", grads=True),
    case("ln_gelu_adamw_b64_x4", X4, [4, 32, 32, 5], "gelu", CE, adam("adamw", 0.01, 0.01), 32, 3, "layer"),
    case("ln_tanh_adam_full_wave", WAVE, [2, 24, 24, 1], "tanh", "mse", adam("adam", 0.01), 0, 12, "layer"),
    case("rms_relu_sgd_b32", SPIRAL, [2, 16, 16, 3], "relu", CE, sgd(0.1), 32, 0, "rms", grads=True),
    case("rms_tanh_adamw_full_wave", WAVE, [2, 24, 24, 1], "tanh", "mse", adam("adamw", 0.01, 0.01), 0, 7, "rms"),
    case("bn_relu_sgd_b32", SPIRAL, [2, 16, 16, 3], "relu", CE, sgd(0.1, 0.9), 32, 0, "batch", grads=True),
    case("bn_gelu_adam_b64_offset", OFFSET, [4, 64, 64, 3], "gelu", CE, adam("adam", 0.01), 64, 5, "batch"),
    case("ln_relu_sgd_b64_offset", OFFSET, [4, 64, 64, 3], "relu", CE, sgd(0.1), 64, 5, "layer"),
    case("rms_gelu_sgd_b64_offset", OFFSET, [4, 64, 64, 3], "gelu", CE, sgd(0.1), 64, 5, "rms"),
    case("accum4_relu_sgd_b8", SPIRAL, [2, 16, 16, 3], "relu", CE, sgd(0.1), 8, 0, "none", 4, True, SCALER_LANES),
    case("accum4_ln_tanh_adam_b16_wave", WAVE, [2, 16, 16, 1], "tanh", "mse", adam("adam", 0.01), 16, 2, "layer",
         accum=4, lanes=SCALER_LANES),
    # BatchNorm over micro-batches of 32 rows: with 16-row micro-batches of the spiral (an earlier case), torch's own
    # bf16 first-layer gradient moved by 100% under one-ulp moves of the initial weights: nothing to compare.
    case("accum4_bn_tanh_sgd_b32_wave", WAVE, [2, 16, 16, 1], "tanh", "mse", sgd(0.05, 0.9), 32, 1, "batch", 4, True,
         SCALER_LANES),
    # The full-batch twin of accum4_relu_sgd_b8: each step sees the same 32 rows.
    case("full_b32_relu_sgd", SPIRAL, [2, 16, 16, 3], "relu", CE, sgd(0.1), 32, 0, "none"),
]
TWINS = ("accum4_relu_sgd_b8", "full_b32_relu_sgd")


def offset_data():
    """(256, 4) float32 inputs 3 + 0.05 N(0, 1), int64 labels 0..2 from a random linear teacher on (x - 3) / 0.05."""
    rng = np.random.RandomState(77)
    x = (3.0 + 0.05 * rng.randn(256, 4)).astype(np.float32)
    w = rng.randn(4, 3)
    y = np.argmax(((x.astype(np.float64) - 3.0) / 0.05) @ w, 1).astype(np.int64)
    for name, arr in (("offset_x", x), ("offset_y", y)):
        path = os.path.join(DATA, name + ".npy")
        if os.path.exists(path):
            old = np.load(path)
            if old.dtype != arr.dtype or old.shape != arr.shape or not np.array_equal(old, arr):
                sys.exit(f"{path} exists with other content; remove it to regenerate")
        else:
            np.save(path, arr)
    return np.bincount(y, minlength=3).tolist()


def save_f32(name, tensor):
    t = tensor.detach().float().contiguous()
    with open(os.path.join(DATA, name + ".f32"), "wb") as f:
        f.write(t.numpy().astype("<f4").tobytes())
    return {"file": "torch2-norm/" + name + ".f32", "shape": list(t.shape)}


def build(sizes, act, norm, seed):
    torch.manual_seed(seed)
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[i], sizes[i + 1]))
        if i + 2 < len(sizes):
            if norm != "none":
                layers.append(NORMS[norm](sizes[i + 1]))
            layers.append(ACTS[act]())
    return nn.Sequential(*layers)


def nudge(model, run):
    """Moves every parameter by one float32 ulp, up or down at random (torch.Generator seeded 100 + run)."""
    gen = torch.Generator().manual_seed(100 + run)
    with torch.no_grad():
        for p in model.parameters():
            up = torch.rand(p.shape, generator=gen) < 0.5
            p.copy_(torch.nextafter(p, torch.where(up, torch.tensor(math.inf), torch.tensor(-math.inf))))


def rows(c, n, j):
    b = c["batch"] if c["batch"] > 0 else n
    return torch.tensor([(j * b + i) % n for i in range(b)])


def train(c, x, y, lane, steps=None, run=None):
    model = build(c["sizes"], c["activation"], c["norm"], c["seed"])
    if run is not None:
        nudge(model, run)
    optim = make_optimizer(c["optimizer"], model.parameters())
    scaler = torch.amp.GradScaler("cpu", init_scale=65536.0) if lane == "bf16+scaler" else None
    n, acc = x.shape[0], c["grad_accum"]
    losses, scales, grads = [], [], []
    for k in range(c["steps"] if steps is None else steps):
        optim.zero_grad()
        parts = []
        for m in range(acc):
            idx = rows(c, n, k * acc + m)
            xb, yb = x[idx], y[idx]
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=(lane != "f32")):
                out = model(xb)
                if c["loss"] == "cross_entropy":
                    loss = F.cross_entropy(out, yb)
                else:
                    loss = F.mse_loss(out, yb)
            part = loss if acc == 1 else loss / acc
            (scaler.scale(part) if scaler is not None else part).backward()
            parts.append(part.item())
        losses.append(sum(parts))
        if k == 0:
            grads = [p.grad.clone() for p in model.parameters()]
        if scaler is not None:
            scales.append(scaler.get_scale())
            scaler.step(optim)
            scaler.update()
        else:
            optim.step()
    return losses, scales, grads, model


def running_stats(model):
    bns = [m for m in model if isinstance(m, nn.BatchNorm1d)]
    return {"mean": [b.running_mean.tolist() for b in bns], "var": [b.running_var.tolist() for b in bns],
            "num_batches_tracked": [int(b.num_batches_tracked) for b in bns]}


def naive_bf16_variance(c, x):
    """The first norm's input at step 0 (the bf16 lane's first Linear on micro-batch 0, bf16 under autocast):
    its true per-feature (biased) variance, and E[x^2] - E[x]^2 with every add, square, divide and subtract
    rounded to bf16 (rows summed one after another)."""
    model = build(c["sizes"], c["activation"], c["norm"], c["seed"])
    with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
        h = model[0](x[rows(c, x.shape[0], 0)])
    h = h.to(torch.bfloat16)
    true = h.double().var(0, unbiased=False)
    s = torch.zeros(h.shape[1], dtype=torch.bfloat16)
    s2 = torch.zeros_like(s)
    for r in h:
        s = s + r
        s2 = s2 + r * r
    mean, meansq = s / h.shape[0], s2 / h.shape[0]
    naive = meansq - mean * mean
    return {"min_true": float(true.min()), "min_naive": float(naive.float().min()),
            "negative_or_zero_features": int((naive <= 0).sum()), "features": int(h.shape[1]),
            "mean_abs_input": float(h.double().abs().mean())}


def autocast_dtypes():
    """The output dtypes of each module kind under CPU bf16 autocast (float32 input to the Linear)."""
    with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
        h = nn.Linear(8, 8)(torch.randn(4, 8))
        out = {name: str(cls(8)(h).dtype) for name, cls in NORMS.items()}
        out.update(linear=str(h.dtype), cross_entropy=str(F.cross_entropy(h, torch.zeros(4, dtype=torch.long)).dtype),
                   mse_loss=str(F.mse_loss(h, h.float()).dtype))
    return out


def rel(a, b):
    return abs(a - b) / max(abs(b), 1e-30)


# --- main run ---------------------------------------------------------------------------------------------

def run():
    os.makedirs(DATA, exist_ok=True)
    counts = offset_data()
    env = environment()
    print(f"torch {env['torch_version']}  capability {env['cpu_capability']}  threads {env['num_threads']}")
    print(f"cpu {env['cpu']['model']}: " + " ".join(f"{k}={int(v)}" for k, v in env['cpu']['flags'].items()))
    print(f"offset labels per class: {counts}")
    conv = __doc__.split("Conventions (", 1)[1].split("PyTorch is never", 1)[0]
    out = {"torch_version": env["torch_version"], "environment": env,
           "conventions": " ".join(("Conventions (" + conv).split()),
           "autocast_dtypes": autocast_dtypes(), "offset_label_counts": counts, "cases": []}
    for c, want_grads, lanes in CASES:
        x, y = load_case_data(c)
        entry = dict(c)
        entry["lanes"] = {}
        for lane in lanes:
            losses, scales, grads, model = train(c, x, y, lane)
            assert all(math.isfinite(v) for v in losses), (c["name"], lane, losses)
            e = entry["lanes"][lane] = {"losses": losses}
            if lane == "bf16+scaler":
                e["scales"] = scales
            if want_grads and lane != "bf16+scaler":
                e["grads0"] = [save_f32(f"{c['name']}_{lane}_grad0_{i}", g) for i, g in enumerate(grads)]
            if lane == "f32" and c["norm"] == "batch":
                entry["running"] = running_stats(model)
        out["cases"].append(entry)
        f32, bf = entry["lanes"]["f32"]["losses"], entry["lanes"]["bf16"]["losses"]
        line = (f"{c['name']:30s} f32 {f32[0]:.7f}..{f32[-1]:.7f}  bf16 {bf[0]:.7f}..{bf[-1]:.7f}"
                f"  max|bf16/f32-1| {max(rel(a, b) for a, b in zip(bf, f32)):.1e}")
        if "bf16+scaler" in entry["lanes"]:
            sc = entry["lanes"]["bf16+scaler"]
            line += (f"  scaler {sc['losses'][0]:.7f}..{sc['losses'][-1]:.7f} scales {min(sc['scales']):g}.."
                     f"{max(sc['scales']):g} max|scaler/bf16-1| "
                     f"{max(rel(a, b) for a, b in zip(sc['losses'], bf)):.1e}")
        if f32[-1] >= f32[0]:
            line += "  (f32 loss not lower after the run)"
        print(line)
        if c["x"] == OFFSET[0]:  # the offset cases share the first Linear (seed 5, sizes [4, 64, ...])
            v = naive_bf16_variance(c, x)
            if c["norm"] == "batch":
                entry["naive_bf16_variance_step0"] = v
            print(f"{c['name']:30s} first norm's input at step 0 (bf16), over the batch: min true variance "
                  f"{v['min_true']:.3e}, naive one-pass bf16 {v['min_naive']:.3e}, "
                  f"{v['negative_or_zero_features']}/{v['features']} features <= 0, mean |x| {v['mean_abs_input']:.2f}")
    by_name = {e["name"]: e for e in out["cases"]}
    acc, full = (by_name[n]["lanes"]["f32"]["losses"] for n in TWINS)
    diffs = [rel(a, b) for a, b in zip(acc, full)]
    out["accum_vs_full_batch_f32"] = {"cases": list(TWINS), "max_relative_difference": max(diffs),
                                      "relative_difference_per_step": diffs}
    print(f"{TWINS[0]} vs {TWINS[1]} (f32): largest relative loss difference {max(diffs):.2e} "
          f"(step 0 {diffs[0]:.2e}, step {STEPS - 1} {diffs[-1]:.2e})")
    path = os.path.join(DATA, "runs.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print(f"wrote {os.path.relpath(path, ROOT)}")


NOISE_STEPS = 5
NOISE_RUNS = 16


def noise():
    """Per case, the bf16 and f32 lanes' relative loss change per step under one-ulp moves of the initial
    parameters."""
    os.makedirs(DATA, exist_ok=True)
    offset_data()
    out = {"torch_version": torch.__version__, "steps": NOISE_STEPS, "runs": NOISE_RUNS,
           "environment": environment(), "cases": {}, "cases_f32": {}, "grads0": {}}
    for c, want_grads, _ in CASES:
        x, y = load_case_data(c)
        for lane, key in (("bf16", "cases"), ("f32", "cases_f32")):
            base, _, base_grads, _ = train(c, x, y, lane, steps=NOISE_STEPS)
            worst = [0.0] * NOISE_STEPS
            # The step-0 gradients' relative L2 change per parameter (each against the larger of its own
            # norm and its layer's weight gradient's).
            gworst = [0.0] * len(base_grads)
            for run in range(NOISE_RUNS):
                losses, _, grads, _ = train(c, x, y, lane, steps=NOISE_STEPS, run=run)
                for k in range(NOISE_STEPS):
                    worst[k] = max(worst[k], rel(losses[k], base[k]))
                for i, (g, b) in enumerate(zip(grads, base_grads)):
                    scale = max(float(b.norm()), float(base_grads[i - 1].norm()) if b.dim() == 1 and i > 0 else 0.0)
                    gworst[i] = max(gworst[i], float((g - b).norm()) / max(scale, 1e-30))
            out[key][c["name"]] = worst
            if want_grads:
                out["grads0"].setdefault(c["name"], {})[lane] = gworst
        print(f"{c['name']:30s} bf16 " + " ".join(f"{w:.1e}" for w in out["cases"][c["name"]])
              + "   f32 " + " ".join(f"{w:.1e}" for w in out["cases_f32"][c["name"]]))
    with open(os.path.join(DATA, "noise.json"), "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--noise":
        noise()
    elif len(sys.argv) == 1:
        run()
    else:
        sys.exit(__doc__)
