#!/usr/bin/env python3
"""Writes tests/data/torch2/*: PyTorch 2.x's own losses for small MLP training runs, in float32 and under
CPU bf16 autocast, per CPU path, and the tutorial's nn.Linear(256, 256) outputs in float32, f16 and bf16.
Run with a PyTorch 2.x (pip) environment; one thread. From the repository root:

    venv/bin/python scripts/make_torch2_training_reference.py avx512
    ATEN_CPU_CAPABILITY=avx2 venv/bin/python scripts/make_torch2_training_reference.py avx2_aten
    ATEN_CPU_CAPABILITY=avx2 ONEDNN_MAX_CPU_ISA=AVX2 \\
        venv/bin/python scripts/make_torch2_training_reference.py avx2
    venv/bin/python scripts/make_torch2_training_reference.py --compare
    venv/bin/python scripts/make_torch2_training_reference.py --noise avx512
    ATEN_CPU_CAPABILITY=avx2 ONEDNN_MAX_CPU_ISA=AVX2 \\
        venv/bin/python scripts/make_torch2_training_reference.py --noise avx2

--noise NAME writes noise_NAME.json: for each case, how far torch's own bf16 losses of the first
NOISE_STEPS steps move when every initial parameter is moved by one float32 ulp (up or down, seeded):
the largest relative change over NOISE_RUNS such runs, per step. No implementation that differs from
torch only in float32 rounding can be expected to match closer than that.
NAME (the first argument) selects the outputs: runs_NAME.json, NAME_<case>_bf16_grad0_<i>.f32 and
tutorial_{f32,f16,bf16}_NAME.f32. --compare reads every tutorial_*_NAME.f32 there is and writes
tutorial_compare.json (how many outputs differ between the paths and from exact and sequential sums).

Conventions are those of scripts/make_torch_training_reference.py: torch.manual_seed(seed) immediately
followed by nn.Sequential(Linear, act, ..., Linear); minibatch k takes rows (k*B + i) mod N (B = N for
batch 0); the forward pass and the loss inside torch.autocast("cpu", torch.bfloat16) for the bf16 lane,
backward outside; float32 master weights; optimizers with torch 2.x's defaults (no foreach/fused passed);
the loss of each step is recorded before its update. Each run also starts child processes of this script
with ONEDNN_VERBOSE=1 (one step per case and lane, and the tutorial) to record which matrix products ran
in oneDNN (kernel, shapes); everything else ran in ATen's own kernels.
PyTorch is never needed to build or test Presisi; this script only regenerates the data.
"""
import json
import math
import os
import subprocess
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTDATA = os.path.join(ROOT, "tests", "data")
DATA = os.path.join(TESTDATA, "torch2")

torch.set_num_threads(1)

STEPS = 20
ACTS = {"relu": nn.ReLU, "tanh": nn.Tanh, "gelu": nn.GELU, "sigmoid": nn.Sigmoid}

# x / y relative to tests/data/. spiral/wave: tests/data/training (NumPy RandomState 1234);
# torch-avx512-bf16/X,Y: the (64, 4) 5-class set of tests/data/torch-avx512-bf16 (and of
# the shared reference set torch2-avx512-bf16, whose four SGD cases are repeated here as *_x4 cases);
# torch2/wide_*: made by wide_data() below.
SPIRAL = ("training/spiral_x.npy", "training/spiral_y.npy")
WAVE = ("training/wave_x.npy", "training/wave_y.npy")
X4 = ("torch-avx512-bf16/X.npy", "torch-avx512-bf16/Y.npy")
WIDE_CE = ("torch2/wide_x.npy", "torch2/wide_y.npy")
WIDE_MSE = ("torch2/wide_x.npy", "torch2/wide_t.npy")


def sgd(lr, momentum=None):
    o = {"name": "sgd", "lr": lr}
    if momentum is not None:
        o["momentum"] = momentum
    return o


def adam(name, lr, weight_decay=None):
    o = {"name": name, "lr": lr}
    if weight_decay is not None:
        o["weight_decay"] = weight_decay
    o["betas"] = [0.9, 0.999]
    o["eps"] = 1e-8
    return o


def case(name, data, sizes, act, loss, opt, batch, seed, grads=False):
    c = {"name": name, "x": data[0], "y": data[1], "sizes": sizes, "activation": act, "loss": loss,
         "optimizer": opt, "batch": batch, "steps": STEPS, "seed": seed}
    return c, grads


# Small products: batch 32 with widths 16/32 (some layers at m*n*k <= 16*16*16 = 4096, where torch keeps
# bf16 products out of oneDNN); large ones: widths 128 and 256.
CASES = [
    case("ce_relu_sgd_b32_s16", SPIRAL, [2, 16, 16, 3], "relu", "cross_entropy", sgd(0.1), 32, 0, grads=True),
    case("ce_gelu_momentum_b32_s16", SPIRAL, [2, 16, 16, 3], "gelu", "cross_entropy", sgd(0.05, 0.9), 32, 3),
    case("ce_relu_sgd_b32_x4", X4, [4, 32, 32, 5], "relu", "cross_entropy", sgd(0.1), 32, 3),
    case("ce_gelu_sgd_full_x4", X4, [4, 32, 32, 5], "gelu", "cross_entropy", sgd(0.1), 0, 3),
    case("ce_tanh_adam_b32_x4", X4, [4, 32, 32, 5], "tanh", "cross_entropy", adam("adam", 0.01), 32, 3, grads=True),
    case("mse_tanh_sgd_full_s16", WAVE, [2, 16, 16, 1], "tanh", "mse", sgd(0.2), 0, 12),
    case("mse_tanh_adamw_b50_s24", WAVE, [2, 24, 24, 1], "tanh", "mse", adam("adamw", 0.01, 0.01), 50, 7),
    case("mse_relu_adamw_wd01_full_s16", WAVE, [2, 16, 16, 1], "relu", "mse", adam("adamw", 0.01, 0.1), 0, 11),
    case("ce_relu_sgd_b64_w128", SPIRAL, [2, 128, 128, 3], "relu", "cross_entropy", sgd(0.1), 64, 5, grads=True),
    case("ce_tanh_momentum_full_w128", SPIRAL, [2, 128, 128, 3], "tanh", "cross_entropy", sgd(0.05, 0.9), 0, 6),
    case("ce_gelu_adamw_b64_w256", WIDE_CE, [64, 256, 256, 10], "gelu", "cross_entropy",
         adam("adamw", 0.01, 0.01), 64, 8, grads=True),
    case("ce_relu_adamw_wd01_b64_w256", WIDE_CE, [64, 256, 256, 10], "relu", "cross_entropy",
         adam("adamw", 0.01, 0.1), 64, 10),
    case("mse_gelu_adam_full_w256", WIDE_MSE, [64, 256, 256, 10], "gelu", "mse", adam("adam", 0.01), 0, 9),
]


def wide_data():
    """(512, 64) float32 inputs, int64 labels 0..9 from a random linear teacher, float32 (512, 10) targets."""
    rng = np.random.RandomState(2025)
    x = rng.randn(512, 64).astype(np.float32)
    w = rng.randn(64, 10)
    logits = x.astype(np.float64) @ w + 0.5 * rng.randn(512, 10)
    y = np.argmax(logits, 1).astype(np.int64)
    t = np.tanh(x.astype(np.float64) @ rng.randn(64, 10) / 8.0).astype(np.float32)
    for name, arr in (("wide_x", x), ("wide_y", y), ("wide_t", t)):
        path = os.path.join(DATA, name + ".npy")
        if os.path.exists(path):
            old = np.load(path)
            if old.dtype != arr.dtype or old.shape != arr.shape or not np.array_equal(old, arr):
                sys.exit(f"{path} exists with other content; remove it to regenerate")
        else:
            np.save(path, arr)


def save_f32(name, tensor):
    t = tensor.detach().float().contiguous()
    with open(os.path.join(DATA, name + ".f32"), "wb") as f:
        f.write(t.numpy().astype("<f4").tobytes())
    return {"file": "torch2/" + name + ".f32", "shape": list(t.shape)}


def load_f32(rel, shape):
    return np.fromfile(os.path.join(TESTDATA, rel), dtype="<f4").reshape(shape)


def build(sizes, act, seed):
    torch.manual_seed(seed)
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[i], sizes[i + 1]))
        if i + 2 < len(sizes):
            layers.append(ACTS[act]())
    return nn.Sequential(*layers)


def make_optimizer(opt, params):
    if opt["name"] == "sgd":
        return torch.optim.SGD(params, lr=opt["lr"], momentum=opt.get("momentum", 0.0))
    if opt["name"] == "adam":
        return torch.optim.Adam(params, lr=opt["lr"])
    if opt["name"] == "adamw":
        return torch.optim.AdamW(params, lr=opt["lr"], weight_decay=opt["weight_decay"])
    raise ValueError(opt["name"])


def jsonable(v):
    if isinstance(v, (list, tuple)):
        return [jsonable(e) for e in v]
    if isinstance(v, dict):
        return {k: jsonable(e) for k, e in v.items()}
    if isinstance(v, torch.Tensor):
        return v.item()
    return v


def resolved_optimizer(optim, params):
    """optim.defaults, and what foreach/fused resolve to at step() for these (CPU) parameters."""
    out = {"class": type(optim).__name__, "defaults": jsonable(optim.defaults)}
    try:
        from torch.optim.optimizer import _default_to_fused_or_foreach
        fused, foreach = _default_to_fused_or_foreach(list(params), False, False)
        out["resolved_at_step"] = {"fused": bool(fused), "foreach": bool(foreach)}
    except Exception as e:  # private helper; may move between versions
        out["resolved_at_step"] = f"unknown ({type(e).__name__}: {e})"
    return out


def load_case_data(c):
    x = torch.from_numpy(np.load(os.path.join(TESTDATA, c["x"])))
    y = torch.from_numpy(np.load(os.path.join(TESTDATA, c["y"])))
    return x, y


def train(c, x, y, lane, steps=None, record_optimizer=False):
    model = build(c["sizes"], c["activation"], c["seed"])
    optim = make_optimizer(c["optimizer"], model.parameters())
    info = resolved_optimizer(optim, model.parameters()) if record_optimizer else None
    n = x.shape[0]
    b = c["batch"] if c["batch"] > 0 else n
    losses, grads = [], []
    for k in range(c["steps"] if steps is None else steps):
        idx = torch.tensor([(k * b + i) % n for i in range(b)])
        xb, yb = x[idx], y[idx]
        optim.zero_grad()
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=(lane == "bf16")):
            out = model(xb)
            if c["loss"] == "cross_entropy":
                loss = F.cross_entropy(out, yb)
            else:
                loss = F.mse_loss(out, yb)
        loss.backward()
        losses.append(loss.item())
        if k == 0:
            grads = [p.grad.clone() for p in model.parameters()]
        optim.step()
    return losses, grads, info


def tutorial():
    torch.manual_seed(0)
    lin = nn.Linear(256, 256)
    x = torch.randn(64, 256)
    with torch.no_grad():
        y32 = lin(x)
        with torch.autocast("cpu", dtype=torch.float16):
            y16 = lin(x)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            ybf = lin(x)
    return lin, x, {"f32": y32, "f16": y16, "bf16": ybf}


def cpu_info():
    flags, model = set(), ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags") and not flags:
                    flags = set(line.split(":", 1)[1].split())
                elif line.startswith("model name") and not model:
                    model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    keys = ["avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512_vnni", "avx512_bf16",
            "avx512_fp16", "avx_vnni", "avx_ne_convert", "amx_tile", "amx_bf16", "amx_int8", "amx_fp16"]
    return {"model": model, "flags": {k: k in flags for k in keys}}


def environment():
    env = {
        "torch_version": torch.__version__,
        "cpu_capability": torch.backends.cpu.get_cpu_capability(),
        "mkldnn_available": torch.backends.mkldnn.is_available(),
        "num_threads": torch.get_num_threads(),
        "env": {k: os.environ.get(k) for k in ("ATEN_CPU_CAPABILITY", "ONEDNN_MAX_CPU_ISA", "DNNL_MAX_CPU_ISA")},
        "cpu": cpu_info(),
    }
    m = [l.strip() for l in torch.__config__.show().splitlines() if "MKL-DNN" in l or "oneDNN" in l]
    env["onednn"] = m[0].lstrip("- ") if m else None
    return env


# --- oneDNN probes (child processes with ONEDNN_VERBOSE=1) -------------------------------------------------

def parse_verbose(text):
    """The oneDNN primitives executed, in order: 'kind impl memory:dtype... problem', and oneDNN's ISA line."""
    calls, isa = [], None
    for line in text.splitlines():
        parts = line.strip().split(",")
        if not parts or not parts[0].startswith(("onednn_verbose", "dnnl_verbose")):
            continue
        if "isa:" in line and isa is None:
            isa = line.split("isa:", 1)[1].strip()
        if "exec" in parts and "primitive" in parts:
            i = parts.index("exec")
            f = parts[i + 1:]
            if len(f) < 8:
                continue
            kind, impl, mds, problem = f[1], f[2], f[4], f[7]
            types = " ".join(":".join(m.split(":")[:2]) for m in mds.split())
            calls.append(f"{kind} {impl} {types} {problem}".strip())
    return {"onednn_isa": isa, "onednn_calls": calls}


def probe(args):
    env = dict(os.environ, ONEDNN_VERBOSE="1", DNNL_VERBOSE="1")
    r = subprocess.run([sys.executable, os.path.abspath(__file__)] + args, env=env, capture_output=True,
                       text=True, check=True)
    return parse_verbose(r.stdout + r.stderr)


def child(argv):
    if argv[0] == "--probe-case":
        c = next(c for c, _ in CASES if c["name"] == argv[1])
        x, y = load_case_data(c)
        train(c, x, y, argv[2], steps=1)
    elif argv[0] == "--probe-tutorial":
        torch.manual_seed(0)
        lin = nn.Linear(256, 256)
        x = torch.randn(64, 256)
        with torch.no_grad(), torch.autocast("cpu", dtype={"f16": torch.float16, "bf16": torch.bfloat16}.get(
                argv[1], torch.bfloat16), enabled=argv[1] != "f32"):
            lin(x)


# --- main run ---------------------------------------------------------------------------------------------

def run(name):
    os.makedirs(DATA, exist_ok=True)
    wide_data()
    env = environment()
    print(f"torch {env['torch_version']}  capability {env['cpu_capability']}  mkldnn {env['mkldnn_available']}"
          f"  threads {env['num_threads']}  env {env['env']}")
    print(f"cpu {env['cpu']['model']}: " + " ".join(f"{k}={int(v)}" for k, v in env['cpu']['flags'].items()))
    out = {"torch_version": env["torch_version"], "path": name, "environment": env,
           "conventions": "torch.manual_seed(seed) then nn.Sequential(Linear, act, ..., Linear); batch k holds rows "
                          "(k*B+i) mod N, B = N for batch 0; forward and loss inside torch.autocast('cpu', "
                          "torch.bfloat16) for lane bf16, backward outside; float32 master weights; loss before "
                          "each update; x/y paths relative to tests/data/",
           "optimizers": {}, "onednn_probe": {}, "cases": []}
    for c, want_grads in CASES:
        x, y = load_case_data(c)
        entry = dict(c)
        entry["lanes"] = {}
        for lane in ("f32", "bf16"):
            losses, grads, info = train(c, x, y, lane, record_optimizer=(lane == "f32"))
            entry["lanes"][lane] = {"losses": losses}
            if info is not None:
                out["optimizers"][c["name"]] = info
            if lane == "bf16" and want_grads:
                entry["lanes"][lane]["grads0"] = [save_f32(f"{name}_{c['name']}_bf16_grad0_{i}", g)
                                                  for i, g in enumerate(grads)]
        out["cases"].append(entry)
        probes = {lane: probe(["--probe-case", c["name"], lane])["onednn_calls"] for lane in ("f32", "bf16")}
        out["onednn_probe"][c["name"]] = probes
        print(f"{c['name']:32s} f32 {entry['lanes']['f32']['losses'][0]:.7f}..{entry['lanes']['f32']['losses'][-1]:.7f}"
              f"  bf16 {entry['lanes']['bf16']['losses'][0]:.7f}..{entry['lanes']['bf16']['losses'][-1]:.7f}"
              f"  oneDNN calls (bf16 step 0): {len(probes['bf16'])}")

    # The tutorial: outputs as raw float32; inputs checked against tests/data/torch/linear_s0_256x256_b64_*.
    lin, x, ys = tutorial()
    tut = {"outputs": {}, "inputs_equal_tests_data_torch": {}, "onednn_probe": {}}
    for prec, yv in ys.items():
        tut["outputs"][prec] = save_f32(f"tutorial_{prec}_{name}", yv)
        tut["onednn_probe"][prec] = probe(["--probe-tutorial", prec])
    for part, t, shape in (("x", x, (64, 256)), ("weight", lin.weight, (256, 256)), ("bias", lin.bias, (256,))):
        ref = os.path.join("torch", f"linear_s0_256x256_b64_{part}.f32")
        try:
            tut["inputs_equal_tests_data_torch"][part] = bool(
                np.array_equal(load_f32(ref, shape), t.detach().numpy()))
        except (OSError, ValueError):
            tut["inputs_equal_tests_data_torch"][part] = None
    out["tutorial"] = tut
    isa = tut["onednn_probe"]["bf16"]["onednn_isa"]
    print(f"oneDNN isa: {isa}")
    for prec in ("f32", "f16", "bf16"):
        print(f"tutorial {prec}: oneDNN {tut['onednn_probe'][prec]['onednn_calls'] or 'not used'}")
    print(f"tutorial inputs equal tests/data/torch/linear_s0_256x256_b64_*: {tut['inputs_equal_tests_data_torch']}")

    path = os.path.join(DATA, f"runs_{name}.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print(f"wrote {os.path.relpath(path, ROOT)}")


# --- comparison of the tutorial's f16/bf16 outputs --------------------------------------------------------

def compare():
    x = load_f32("torch/linear_s0_256x256_b64_x.f32", (64, 256))
    w = load_f32("torch/linear_s0_256x256_b64_weight.f32", (256, 256))
    b = load_f32("torch/linear_s0_256x256_b64_bias.f32", (256,))
    names = sorted(f[len("tutorial_f16_"):-4] for f in os.listdir(DATA)
                   if f.startswith("tutorial_f16_") and f.endswith(".f32"))
    result = {"inputs": "tests/data/torch/linear_s0_256x256_b64_{x,weight,bias}.f32 (torch.manual_seed(0); "
                        "nn.Linear(256, 256); torch.randn(64, 256))", "paths": names}

    def to_storage(a, prec):
        a = np.asarray(a, dtype=np.float32)
        if prec == "f16":
            return a.astype(np.float16).astype(np.float32)
        bits = a.view(np.uint32).astype(np.uint64)  # round to nearest even bf16
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16 << 16
        return bits.astype(np.uint32).view(np.float32)

    for prec in ("f16", "bf16"):
        xs, ws, bs = to_storage(x, prec), to_storage(w, prec), to_storage(b, prec)
        # (a) the exact sum of the rounded products plus the rounded bias (math.fsum), to float32, then to prec.
        exact = np.empty((64, 256), dtype=np.float64)
        prods = xs.astype(np.float64)[:, None, :] * ws.astype(np.float64)[None, :, :]  # exact (<= 22-bit products)
        for i in range(64):
            for j in range(256):
                exact[i, j] = math.fsum(list(prods[i, j]) + [float(bs[j])])
        ref_a = to_storage(exact.astype(np.float32), prec)
        # (b) sequential float32: acc = 0; acc += x[k]*w[k] for k = 0..255 (products exact in float32); + bias.
        acc = np.zeros((64, 256), dtype=np.float32)
        pf = (xs[:, None, :] * ws[None, :, :]).astype(np.float32)
        for k in range(256):
            acc = (acc + pf[:, :, k]).astype(np.float32)
        ref_b = to_storage((acc + bs[None, :]).astype(np.float32), prec)
        acc2 = np.broadcast_to(bs[None, :], (64, 256)).astype(np.float32).copy()
        for k in range(256):
            acc2 = (acc2 + pf[:, :, k]).astype(np.float32)
        ref_b2 = to_storage(acc2, prec)
        outs = {n: load_f32(f"torch2/tutorial_{prec}_{n}.f32", (64, 256)) for n in names}
        r = {"elements": 64 * 256,
             "a_exact_vs_b_sequential": int(np.sum(ref_a != ref_b)),
             "b_sequential_bias_last_vs_bias_first": int(np.sum(ref_b != ref_b2)),
             "vs_a_exact": {n: int(np.sum(o != ref_a)) for n, o in outs.items()},
             "vs_b_sequential_f32_bias_last": {n: int(np.sum(o != ref_b)) for n, o in outs.items()},
             "vs_b_sequential_f32_bias_first": {n: int(np.sum(o != ref_b2)) for n, o in outs.items()},
             "between_paths": {f"{p}:{q}": int(np.sum(outs[p] != outs[q]))
                               for ii, p in enumerate(names) for q in names[ii + 1:]}}
        # Differences from the exact result, in units in the last place of prec.
        ulp = {"f16": 10, "bf16": 7}[prec]
        for n, o in outs.items():
            e = np.abs(o.astype(np.float64) - ref_a.astype(np.float64))
            scale = np.exp2(np.floor(np.log2(np.maximum(np.abs(ref_a.astype(np.float64)), 2.0 ** -14))) - ulp)
            r.setdefault("max_ulps_from_exact", {})[n] = float(np.max(e / scale))
        result[prec] = r
        print(prec, json.dumps(r))
    f32 = {n: load_f32(f"torch2/tutorial_f32_{n}.f32", (64, 256)) for n in names}
    result["f32_between_paths"] = {f"{p}:{q}": int(np.sum(f32[p] != f32[q]))
                                   for ii, p in enumerate(names) for q in names[ii + 1:]}
    print("f32", result["f32_between_paths"])
    with open(os.path.join(DATA, "tutorial_compare.json"), "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")


NOISE_STEPS = 5
NOISE_RUNS = 8


def noise(name):
    """Per case, the bf16 lane's relative loss change per step under one-ulp moves of the initial weights."""
    global build
    plain_build = build

    def nudged_build(sizes, act, seed, run):
        model = plain_build(sizes, act, seed)
        gen = torch.Generator().manual_seed(100 + run)
        with torch.no_grad():
            for p in model.parameters():
                up = torch.rand(p.shape, generator=gen) < 0.5
                p.copy_(torch.nextafter(p, torch.where(up, torch.tensor(math.inf), torch.tensor(-math.inf))))
        return model

    out = {"torch_version": torch.__version__, "path": name, "steps": NOISE_STEPS, "runs": NOISE_RUNS,
           "environment": environment(), "cases": {}}
    for c, _ in CASES:
        x, y = load_case_data(c)
        base, _, _ = train(c, x, y, "bf16", steps=NOISE_STEPS)
        worst = [0.0] * NOISE_STEPS
        for run in range(NOISE_RUNS):
            build = lambda sizes, act, seed, run=run: nudged_build(sizes, act, seed, run)  # noqa: E731
            try:
                losses, _, _ = train(c, x, y, "bf16", steps=NOISE_STEPS)
            finally:
                build = plain_build
            for k in range(NOISE_STEPS):
                worst[k] = max(worst[k], abs(losses[k] - base[k]) / abs(base[k]))
        out["cases"][c["name"]] = worst
        print(f"{c['name']:32s} " + " ".join(f"{w:.1e}" for w in worst))
    with open(os.path.join(DATA, f"noise_{name}.json"), "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--noise":
        noise(sys.argv[2])
        sys.exit(0)
    if len(sys.argv) > 1 and sys.argv[1].startswith("--probe-"):
        child(sys.argv[1:])
    elif len(sys.argv) == 2 and sys.argv[1] == "--compare":
        compare()
    elif len(sys.argv) == 2 and not sys.argv[1].startswith("-"):
        run(sys.argv[1])
    else:
        sys.exit(__doc__)
