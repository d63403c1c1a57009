#!/usr/bin/env python3
"""Writes tests/data/linear-files/*: numpy-written inputs of one linear layer (x, weight, bias) in float32,
float16 and bfloat16 (.npy), and PyTorch 2.x's own F.linear outputs on them in float32 and under CPU
autocast (bf16, f16), as float32 .npy files, with manifest.json and README.md.

Run with a venv that has torch 2.x, numpy and ml_dtypes; one thread. From the repository root:

    /work/venv-torch/bin/python scripts/make_linear_files_reference.py

(any such venv's python will do in place of /work/venv-torch/bin/python.)

Inputs: one numpy.random.RandomState(2026) draws, in float64 and in this order, x = randn(2, 3, 40),
weight = 0.15 * randn(24, 40) (nn.Linear's (out, in) layout), bias = 0.15 * randn(24), then the small
case's small_x = randn(2, 3, 32), small_weight = 0.15 * randn(16, 32), small_bias = 0.15 * randn(16).
x[0, 0, :3] (both cases) are set to 0.0, -0.0 and 3e-6 (subnormal in float16). Each tensor is written as
<name>_float32.npy (<f4), <name>_float16.npy (<f2, numpy's float16 of the float32 values) and
<name>_bfloat16.npy (<u2: the bit patterns of the float32 values rounded to bfloat16, nearest even).

Outputs, for the input sets float32, float16, bfloat16 (x, weight, bias all in that dtype) and mixed
(x float16, weight bfloat16, bias float32), and the lanes
    f32:  F.linear(x.float(), w.float(), b.float())
    bf16: with torch.autocast("cpu", dtype=torch.bfloat16): F.linear(x, w, b)
    f16:  with torch.autocast("cpu", dtype=torch.float16):  F.linear(x, w, b)
are written as [small_]y_<set>_<lane>.npy (<f4, the exact widening of torch's output), and for the
float32 set also the bias-less F.linear(x, w) as [small_]y_float32_nobias_<lane>.npy.

The main case's products have m*n*k = 6*24*40 = 5760 > 4096 = 16*16*16: on a CPU where oneDNN reports
bf16 (fp16) support (avx512bw+avx512vl+avx512dq or avx_ne_convert; avx512_fp16 or avx_ne_convert for
fp16), torch sends the bf16 (f16) lane's product to oneDNN there. The small case (6*16*32 = 3072) stays
in ATen's own kernel on every x86 CPU. Each run starts one child process of this script per case with
ONEDNN_VERBOSE=1 to record which products ran in oneDNN (the rest ran in ATen / the BLAS).
PyTorch is never needed to build or test Presisi; this script only regenerates the data.
"""
import json
import math
import os
import subprocess
import sys

import ml_dtypes
import numpy as np
import torch
import torch.nn.functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data", "linear-files")
COMMAND = "/work/venv-torch/bin/python scripts/make_linear_files_reference.py"

torch.set_num_threads(1)

SEED = 2026
# case name -> (file prefix, x shape, out features)
CASES = {"main": ("", (2, 3, 40), 24), "small": ("small_", (2, 3, 32), 16)}
DTYPES = ("float32", "float16", "bfloat16")
SETS = {"float32": ("float32", "float32", "float32"), "float16": ("float16", "float16", "float16"),
        "bfloat16": ("bfloat16", "bfloat16", "bfloat16"), "mixed": ("float16", "bfloat16", "float32")}
LANES = {"f32": torch.float32, "bf16": torch.bfloat16, "f16": torch.float16}
NPY_DTYPE = {"float32": "<f4", "float16": "<f2", "bfloat16": "<u2"}
MNK_LIMIT = 16 * 16 * 16  # torch: oneDNN bf16/fp16 gemm only when m*n*k > 4096


# --- inputs -------------------------------------------------------------------------------------------------

def draw():
    """float64 arrays per case: {'main': {'x':..., 'weight':..., 'bias':...}, 'small': {...}}."""
    rng = np.random.RandomState(SEED)
    out = {}
    for case, (_, xshape, nout) in CASES.items():
        k = xshape[-1]
        x = rng.randn(*xshape)
        w = 0.15 * rng.randn(nout, k)
        b = 0.15 * rng.randn(nout)
        x[0, 0, 0] = 0.0
        x[0, 0, 1] = -0.0
        x[0, 0, 2] = 3e-6  # float16 subnormal (float16's smallest normal is 2**-14 = 6.1e-5)
        out[case] = {"x": x, "weight": w, "bias": b}
    return out


def storage(a64, dtype):
    """The array written to <name>_<dtype>.npy."""
    f32 = a64.astype("<f4")
    if dtype == "float32":
        return f32
    if dtype == "float16":
        return f32.astype("<f2")
    return f32.astype(ml_dtypes.bfloat16).view("<u2")


def to_torch(a, dtype):
    if dtype == "bfloat16":
        assert a.dtype == np.dtype("<u2")
        return torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a)


def widen(a, dtype):
    """The values of a stored array as float32 (bfloat16 bits shifted into the high half)."""
    if dtype == "bfloat16":
        return (a.astype(np.uint32) << 16).view(np.float32)
    return a.astype(np.float32)


def zero_counts(v):
    v = np.asarray(v, dtype=np.float32)
    z = v == 0
    return int(z.sum()), int((z & np.signbit(v)).sum())


def load_inputs(case):
    prefix = CASES[case][0]
    return {(name, dt): np.load(os.path.join(DATA, f"{prefix}{name}_{dt}.npy"))
            for name in ("x", "weight", "bias") for dt in DTYPES}


# --- outputs ------------------------------------------------------------------------------------------------

def linear(x, w, b, lane):
    if lane == "f32":
        return F.linear(x.float(), w.float(), None if b is None else b.float())
    with torch.autocast("cpu", dtype=LANES[lane]):
        return F.linear(x, w, b)


def runs(case):
    """(set, lane, bias) in the order they are computed (the probe child uses the same order)."""
    out = [(s, lane, True) for s in SETS for lane in LANES]
    out += [("float32", lane, False) for lane in LANES]
    return out


def compute(case, inputs, s, lane, bias):
    xd, wd, bd = SETS[s]
    x = to_torch(inputs[("x", xd)], xd)
    w = to_torch(inputs[("weight", wd)], wd)
    b = to_torch(inputs[("bias", bd)], bd) if bias else None
    return linear(x, w, b, lane)


def exact_rounded_once(case, inputs, s, lane, bias):
    """The exact sum of the (lane-rounded) products plus bias (math.fsum), rounded once to the lane's dtype."""
    dts = SETS[s]
    x, w, b = (torch.from_numpy(widen(inputs[(n, d)], d)) for n, d in zip(("x", "weight", "bias"), dts))
    if lane != "f32":  # autocast's casts
        x, w, b = (t.to(LANES[lane]).float() for t in (x, w, b))
    x2 = x.double().reshape(-1, x.shape[-1]).numpy()
    w2, b2 = w.double().numpy(), b.double().numpy()
    y = np.empty((x2.shape[0], w2.shape[0]))
    for i in range(y.shape[0]):
        for j in range(y.shape[1]):  # products of <= 24-bit significands are exact in float64
            y[i, j] = math.fsum(list(x2[i] * w2[j]) + ([b2[j]] if bias else []))
    return torch.from_numpy(y).to(LANES[lane]).float().reshape(*x.shape[:-1], -1).numpy()


def out_name(case, s, lane, bias):
    return f"{CASES[case][0]}y_{s}{'' if bias else '_nobias'}_{lane}.npy"


# --- environment and oneDNN probe ---------------------------------------------------------------------------

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


def mkldnn_support(name):
    try:
        return bool(getattr(torch.ops.mkldnn, name)())
    except Exception as e:  # private op; may move between versions
        return f"unknown ({type(e).__name__})"


def environment():
    env = {
        "torch_version": torch.__version__,
        "numpy_version": np.__version__,
        "ml_dtypes_version": ml_dtypes.__version__,
        "python_version": sys.version.split()[0],
        "cpu_capability": torch.backends.cpu.get_cpu_capability(),
        "mkldnn_available": torch.backends.mkldnn.is_available(),
        "mkldnn_bf16_supported": mkldnn_support("_is_mkldnn_bf16_supported"),
        "mkldnn_fp16_supported": mkldnn_support("_is_mkldnn_fp16_supported"),
        "num_threads": torch.get_num_threads(),
        "env": {k: os.environ.get(k) for k in ("ATEN_CPU_CAPABILITY", "ONEDNN_MAX_CPU_ISA", "DNNL_MAX_CPU_ISA")},
        "cpu": cpu_info(),
    }
    cfg = torch.__config__.show().splitlines()
    m = [l.strip() for l in cfg if "MKL-DNN" in l or "oneDNN" in l]
    env["onednn"] = m[0].lstrip("- ") if m else None
    blas = [p.split("=", 1)[1] for l in cfg for p in l.replace(",", " ").split() if p.startswith("BLAS_INFO=")]
    env["blas_info"] = blas[0] if blas else None
    return env


MARK = "@@linear-files-probe"


def parse_verbose(text):
    """Per probe marker: the oneDNN primitives executed after it ('kind impl types problem')."""
    calls, cur, isa = {}, None, None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith(MARK):
            cur = line[len(MARK):].strip()
            calls[cur] = []
            continue
        parts = line.split(",")
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
            calls.setdefault(cur, []).append(f"{kind} {impl} {types} {problem}".strip())
    return calls, isa


def probe(case):
    env = dict(os.environ, ONEDNN_VERBOSE="1", DNNL_VERBOSE="1")
    r = subprocess.run([sys.executable, os.path.abspath(__file__), "--probe", case], env=env,
                       capture_output=True, text=True, check=True)
    return parse_verbose(r.stdout + r.stderr)


def child(case):
    inputs = load_inputs(case)
    for s, lane, bias in runs(case):
        print(f"{MARK} {out_name(case, s, lane, bias)}", flush=True)
        compute(case, inputs, s, lane, bias)
    print(f"{MARK} end", flush=True)


def kernel(lane, calls, env, mnk):
    if calls:
        return "oneDNN: " + "; ".join(calls)
    if lane == "f32":
        return f"BLAS sgemm ({env['blas_info']}), not oneDNN"
    why = []
    supported = env["mkldnn_bf16_supported"] if lane == "bf16" else env["mkldnn_fp16_supported"]
    if supported is not True:
        why.append(f"oneDNN reports no {lane} support on this CPU")
    if mnk <= MNK_LIMIT:
        why.append(f"m*n*k = {mnk} <= {MNK_LIMIT}")
    return f"ATen cpublas gemm ({lane} inputs, float accumulation), not oneDNN" + (
        " (" + "; ".join(why) + ")" if why else "")


# --- README ---------------------------------------------------------------------------------------------

def readme(man, firsts):
    env = man["environment"]
    flags = " ".join(f"{k}={int(v)}" for k, v in env["cpu"]["flags"].items())
    main, small = man["cases"]["main"], man["cases"]["small"]
    lines = [
        "# tests/data/linear-files — torch 2.x F.linear on numpy-written float32 / float16 / bfloat16 files",
        "",
        f"Made by `{COMMAND}` from the repository root",
        "(a venv with torch 2.x, numpy and ml_dtypes; never a build or test dependency) with",
        f"torch {env['torch_version']}, numpy {env['numpy_version']}, ml_dtypes {env['ml_dtypes_version']}, "
        f"one thread, on `{env['cpu']['model']}`",
        f"(torch CPU capability {env['cpu_capability']}; oneDNN bf16 support {env['mkldnn_bf16_supported']}, "
        f"fp16 support {env['mkldnn_fp16_supported']}; BLAS {env['blas_info']}).",
        f"CPU flags: {flags}.",
        "`manifest.json` lists every file with its shape and numpy dtype, and for each output the input set,",
        "lane, torch's output dtype, bias or not, the count of exact zeros (and negative zeros) and the kernel",
        "that ran.",
        "",
        "## Inputs (written by numpy)",
        "",
        f"One `numpy.random.RandomState({SEED})` draws, in float64 and in this order: `x = randn(2, 3, 40)`,",
        "`weight = 0.15 * randn(24, 40)` (nn.Linear's (out, in) layout), `bias = 0.15 * randn(24)`, then",
        "`small_x = randn(2, 3, 32)`, `small_weight = 0.15 * randn(16, 32)`, `small_bias = 0.15 * randn(16)`.",
        "In both cases `x[0, 0, 0:3]` are set to `0.0`, `-0.0` and `3e-6` (subnormal in float16; normal in",
        "bfloat16). Each tensor T is then written three times:",
        "",
        "| file | numpy dtype | content |",
        "|---|---|---|",
        "| `T_float32.npy` | `<f4` | the float64 values rounded to float32 |",
        "| `T_float16.npy` | `<f2` | numpy's float16 of the float32 values (nearest even) |",
        "| `T_bfloat16.npy` | `<u2` | bfloat16 **bit patterns** (uint16) of the float32 values rounded to "
        "bfloat16, nearest even (ml_dtypes; identical to torch's `.to(torch.bfloat16)`) |",
        "",
        "numpy has no bfloat16 dtype, so bfloat16 files hold the 16 bits as uint16; the value is the float32",
        "whose high half is those bits (`(u.astype(np.uint32) << 16).view(np.float32)`). To load one in torch:",
        "",
        "```python",
        "a = np.load(\"tests/data/linear-files/x_bfloat16.npy\")            # dtype <u2",
        "x = torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)       # same bits, dtype bfloat16",
        "```",
        "",
        "## Outputs (torch's, as float32)",
        "",
        "Input sets: `float32`, `float16`, `bfloat16` (x, weight and bias all in that dtype) and `mixed` (x",
        "float16, weight bfloat16, bias float32). Lanes, with the tensors in their set's dtypes:",
        "",
        "| lane | torch | output dtype |",
        "|---|---|---|",
        "| `f32` | `F.linear(x.float(), w.float(), b.float())` | float32 |",
        "| `bf16` | `with torch.autocast(\"cpu\", dtype=torch.bfloat16): y = F.linear(x, w, b)` | bfloat16 |",
        "| `f16` | `with torch.autocast(\"cpu\", dtype=torch.float16): y = F.linear(x, w, b)` | float16 |",
        "",
        "Autocast casts x, weight and bias to the lane's dtype (a float16 tensor in the bf16 lane is rounded to",
        "bfloat16, a bfloat16 one in the f16 lane to float16). `y_<set>_<lane>.npy` (`<f4`, shape (2, 3, 24))",
        "holds torch's output widened exactly to float32; `y_float32_nobias_<lane>.npy` is `F.linear(x, w)` on",
        "the float32 set. The `small_` files are the same for the small case (shape (2, 3, 16)).",
        "",
        "## Which kernel ran",
        "",
        f"F.linear folds the leading dims: one product of m·n·k = {main['m']}·{main['n']}·{main['k']} = "
        f"{main['mnk']} (main) and {small['m']}·{small['n']}·{small['k']} = {small['mnk']} (small).",
        "torch sends a bf16 (fp16) product to oneDNN only when oneDNN reports bf16 (fp16) support on the CPU",
        "(bf16: avx512bw+avx512vl+avx512dq, or avx_ne_convert; fp16: avx512_fp16 or avx_ne_convert) and",
        f"m·n·k > {MNK_LIMIT} (aten/src/ATen/native/mkldnn/Matmul.cpp). So on such CPUs the main case's bf16",
        "and f16 lanes run in oneDNN (possibly other roundings); the small case runs in ATen's own kernel on",
        "every x86 CPU. float32 products go to the BLAS sgemm. On the CPU that made these files "
        "(ONEDNN_VERBOSE=1 probe):",
        "",
    ]
    for case in ("main", "small"):
        ks = sorted({o["kernel"] for o in man["outputs"] if o["case"] == case})
        lines.append(f"- {case}: " + " / ".join(f"`{k}`" for k in ks))
    lines += ["", "## Checks", ""]
    for k, v in firsts.items():
        lines.append(f"- `{k}` first three values: {', '.join(repr(float(e)) for e in v)}")
    lines.append("- outputs that differ from the exact sum of the lane's (autocast-rounded) products and bias "
                 "rounded once to the output dtype (`differs_from_exact_rounded_once` in the manifest):")
    for lane in LANES:
        d = [(o["file"], o["differs_from_exact_rounded_once"], int(np.prod(o["shape"]))) for o in man["outputs"]
             if o["lane"] == lane]
        nz = [f"`{f}` {n}/{t}" for f, n, t in d if n]
        lines.append(f"  - lane {lane}: " + (", ".join(nz) if nz else "none") +
                     ("" if len(nz) == len(d) else f" ({len(d) - len(nz)} of {len(d)} files: none)" if nz else ""))
    z = [(o["file"], o["zeros"], o["negative_zeros"]) for o in man["outputs"] if o["zeros"]]
    lines.append("- outputs with exact zeros: " + (", ".join(f"`{f}` {n} ({m} negative)" for f, n, m in z)
                                                   if z else "none"))
    lines.append("")
    return "\n".join(lines)


# --- main ---------------------------------------------------------------------------------------------------

def main():
    os.makedirs(DATA, exist_ok=True)
    env = environment()
    print(f"torch {env['torch_version']}  numpy {env['numpy_version']}  capability {env['cpu_capability']}"
          f"  oneDNN bf16 {env['mkldnn_bf16_supported']} fp16 {env['mkldnn_fp16_supported']}"
          f"  threads {env['num_threads']}")
    print(f"cpu {env['cpu']['model']}: " + " ".join(f"{k}={int(v)}" for k, v in env['cpu']['flags'].items()))
    man = {"description": "numpy-written inputs of one linear layer in float32/float16/bfloat16 and torch 2.x "
                          "F.linear outputs on them (float32 and CPU autocast bf16/f16), outputs as float32",
           "command": COMMAND, "torch_version": env["torch_version"], "numpy_version": env["numpy_version"],
           "environment": env,
           "conventions": {
               "seed": f"numpy.random.RandomState({SEED}); draws x, weight, bias, small_x, small_weight, "
                       "small_bias in float64 (randn; weight and bias times 0.15)",
               "special_x": "x[0,0,0] = 0.0, x[0,0,1] = -0.0, x[0,0,2] = 3e-6 (float16 subnormal), both cases",
               "float16": "<f2: numpy float16 of the float32 values (round to nearest even)",
               "bfloat16": "<u2: bfloat16 bit patterns of the float32 values rounded to nearest even; load in "
                           "torch with torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)",
               "outputs": "<f4: torch's output widened exactly to float32",
               "sets": {s: {"x": d[0], "weight": d[1], "bias": d[2]} for s, d in SETS.items()},
               "lanes": {"f32": "F.linear(x.float(), w.float(), b.float())",
                         "bf16": "with torch.autocast('cpu', dtype=torch.bfloat16): F.linear(x, w, b)",
                         "f16": "with torch.autocast('cpu', dtype=torch.float16): F.linear(x, w, b)"},
               "nobias": "float32 set only: F.linear(x, w) in each lane"},
           "cases": {}, "inputs": [], "outputs": []}

    # Inputs.
    arrays = draw()
    checks = {}
    for case, tensors in arrays.items():
        prefix, xshape, nout = CASES[case]
        m, k = int(np.prod(xshape[:-1])), xshape[-1]
        man["cases"][case] = {"prefix": prefix, "x_shape": list(xshape), "weight_shape": [nout, k],
                              "bias_shape": [nout], "m": m, "n": nout, "k": k, "mnk": m * nout * k,
                              "onednn_eligible_size": m * nout * k > MNK_LIMIT}
        for name, a64 in tensors.items():
            for dt in DTYPES:
                a = storage(a64, dt)
                assert a.dtype == np.dtype(NPY_DTYPE[dt])
                fname = f"{prefix}{name}_{dt}.npy"
                np.save(os.path.join(DATA, fname), a)
                v = widen(a, dt)
                z, nz = zero_counts(v)
                entry = {"file": fname, "case": case, "tensor": name, "storage": dt, "shape": list(a.shape),
                         "dtype": a.dtype.str, "zeros": z, "negative_zeros": nz}
                if dt == "float16":
                    entry["subnormals"] = int(((v != 0) & (np.abs(v) < 2.0 ** -14)).sum())
                if dt == "bfloat16":
                    tb = torch.from_numpy(a64.astype("<f4")).to(torch.bfloat16).view(torch.int16).numpy()
                    checks[fname + " equals torch .to(bfloat16)"] = bool(np.array_equal(tb.view("<u2"), a))
                man["inputs"].append(entry)
    assert all(checks.values()), checks
    man["checks"] = checks

    # Outputs.
    firsts = {}
    for case in CASES:
        inputs = load_inputs(case)
        calls, isa = probe(case)
        man["cases"][case]["onednn_isa"] = isa
        mnk = man["cases"][case]["mnk"]
        for s, lane, bias in runs(case):
            y = compute(case, inputs, s, lane, bias)
            if y.dtype != LANES[lane]:
                print(f"NOTE: {case} {s} {lane}: output dtype {y.dtype}, expected {LANES[lane]}")
            y32 = y.detach().float().contiguous()
            assert torch.equal(y32.to(y.dtype), y)  # exact widening
            a = y32.numpy().astype("<f4")
            fname = out_name(case, s, lane, bias)
            np.save(os.path.join(DATA, fname), a)
            z, nz = zero_counts(a)
            c = calls.get(fname, [])
            diff = int((a != exact_rounded_once(case, inputs, s, lane, bias)).sum())
            man["outputs"].append({
                "file": fname, "case": case, "set": s, "lane": lane, "bias": bias, "shape": list(a.shape),
                "dtype": a.dtype.str, "torch_dtype": str(y.dtype).replace("torch.", ""),
                "expected_torch_dtype": str(LANES[lane]).replace("torch.", ""),
                "zeros": z, "negative_zeros": nz, "nonfinite": int((~np.isfinite(a)).sum()),
                "differs_from_exact_rounded_once": diff,
                "onednn_calls": c, "kernel": kernel(lane, c, env, mnk)})
        print(f"{case}: m*n*k {mnk}, oneDNN calls {sum(len(v) for v in calls.values())}, isa {isa}")

    # Every file loads back as written.
    for e in man["inputs"] + man["outputs"]:
        a = np.load(os.path.join(DATA, e["file"]))
        assert list(a.shape) == e["shape"] and a.dtype.str == e["dtype"], e["file"]
    for n in ("y_float32_bf16.npy", "y_bfloat16_f16.npy", "small_y_float32_bf16.npy", "small_y_bfloat16_f16.npy"):
        firsts[n] = np.load(os.path.join(DATA, n)).reshape(-1)[:3]
        print(f"{n} first three: " + " ".join(repr(float(v)) for v in firsts[n]))
    for o in man["outputs"]:
        if o["zeros"] or o["nonfinite"] or o["torch_dtype"] != o["expected_torch_dtype"]:
            print(f"{o['file']}: zeros {o['zeros']} (negative {o['negative_zeros']}), nonfinite {o['nonfinite']},"
                  f" dtype {o['torch_dtype']}")
    for k in sorted({o["kernel"] for o in man["outputs"]}):
        print("kernel:", k)

    with open(os.path.join(DATA, "manifest.json"), "w") as f:
        json.dump(man, f, indent=1)
        f.write("\n")
    with open(os.path.join(DATA, "README.md"), "w") as f:
        f.write(readme(man, firsts))
    print(f"wrote {len(man['inputs']) + len(man['outputs'])} .npy files, manifest.json and README.md in "
          f"{os.path.relpath(DATA, ROOT)}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--probe":
        child(sys.argv[2])
    elif len(sys.argv) == 1:
        main()
    else:
        sys.exit(__doc__)
