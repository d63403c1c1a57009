#!/usr/bin/env python3
"""Writes tests/data/torchao-fp8/runs.json: torchao's Float8Linear (tensorwise current scaling, emulate=True, on
the CPU) training small MLPs, its losses per step, the amax and scale of every cast of step 0, and torch's own
spread under float32 noise. Run with a PyTorch 2.x + torchao (pip) environment, one thread. From the repository
root:

    venv/bin/python scripts/make_torchao_fp8_reference.py

Lanes: "fp8" is Float8LinearConfig(emulate=True): input and weight cast to float8_e4m3fn, the output gradient to
float8_e5m2, each with scale = max / max(amax, 1e-12) (float64, then float32) from the tensor itself;
"e4m3" casts the output gradient to float8_e4m3fn too (cast_config_grad_output=CastConfig(target_dtype=e4m3)).
Every nn.Linear of the model is replaced by Float8Linear.from_float; biases, activations, the loss and the
optimizer stay float32.

Conventions (scripts/make_torch2_training_reference.py's): torch.manual_seed(seed) immediately followed by
nn.Sequential(Linear, act, ..., Linear) with default initialisation; batch k takes rows (k*B + i) mod N (B = N
for batch 0); optimizers with torch 2.x's defaults.

MX lanes (torchao.prototype.moe_training's mx_mm, kernel_preference EMULATED, the torch cast kernels): every
Linear's product through mx_mm with input, weight and output gradient in one MX element dtype (float8_e4m3fn for
"mxfp8", float4_e2m1fn_x2 for "mxfp4"), blocks of 32 along each product's reduction dimension, the scale mode
FLOOR or RCEIL ("mxfp8+rceil"); the bias added after it in float32. Their data: mx_{x,y}.npy below (32
features, 32 classes; every dimension a multiple of 32, as torchao requires).

Recorded per case and lane: "losses" (step k's loss before its update), "casts0" (step 0's casts in call order
per layer: role, dtype, amax, scale; the forward casts input and weight, the backward grad_output, weight,
grad_output, input), and "noise": per step, the largest relative change of the loss over NOISE_RUNS runs whose
initial parameters each moved by one float32 ulp (up or down, seeded 100 + run), the float32 noise the done-means
measure further steps against. PyTorch is never needed to build or test Presisi; this script only regenerates data.
"""
import json
import os

import torch
import torch.nn as nn
import torch.nn.functional as F
import torchao
import torchao.float8.float8_linear as f8linear
from torchao.float8 import Float8LinearConfig
from torchao.float8.config import CastConfig
from torchao.float8.float8_linear import Float8Linear

import numpy as np
from torchao.prototype.moe_training.mxfp8_linear import mx_mm
from torchao.prototype.mx_formats.config import MXFP8Dim0CastKernelChoice, MXFP8Dim1CastKernelChoice, ScaleCalculationMode
from torchao.quantization.quantize_.common.kernel_preference import KernelPreference

from make_torch2_norm_reference import nudge
from make_torch2_training_reference import adam, environment, load_case_data, make_optimizer, sgd
from make_torch2_training_reference import build as build_mlp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data", "torchao-fp8")
STEPS = 20
NOISE_RUNS = 8

torch.set_num_threads(1)

SPIRAL = ("training/spiral_x.npy", "training/spiral_y.npy")
WAVE = ("training/wave_x.npy", "training/wave_y.npy")
X4 = ("torch-avx512-bf16/X.npy", "torch-avx512-bf16/Y.npy")
MX = ("torchao-fp8/mx_x.npy", "torchao-fp8/mx_y.npy")


def case(name, data, sizes, act, loss, opt, batch, seed, lanes=("fp8",)):
    return {"name": name, "x": data[0], "y": data[1], "sizes": sizes, "activation": act, "loss": loss,
            "optimizer": opt, "batch": batch, "steps": STEPS, "seed": seed, "lanes": list(lanes)}


CE = "cross_entropy"
CASES = [
    case("relu_sgd_b32", SPIRAL, [2, 16, 16, 3], "relu", CE, sgd(0.1), 32, 0, ("fp8", "e4m3")),
    case("relu_momentum_b64_w64", SPIRAL, [2, 64, 64, 3], "relu", CE, sgd(0.05, 0.9), 64, 1, ("fp8", "e4m3")),
    case("tanh_adam_full_wave", WAVE, [2, 24, 24, 1], "tanh", "mse", adam("adam", 0.01), 0, 12),
    case("gelu_adamw_b32_x4", X4, [4, 32, 32, 5], "gelu", CE, adam("adamw", 0.01, 0.01), 32, 3),
    case("mx_relu_sgd_b32", MX, [32, 64, 32], "relu", CE, sgd(0.1, 0.9), 32, 4, ("mxfp8", "mxfp8+rceil", "mxfp4")),
    case("mx_gelu_adam_b64", MX, [32, 96, 64, 32], "gelu", CE, adam("adam", 0.003), 64, 5, ("mxfp8", "mxfp4")),
]


def mx_data():
    """256 samples of 32 N(0,1) features (torch.manual_seed(7)); the label is the argmax of a fixed random
    linear map of them (32 classes)."""
    gen = torch.Generator().manual_seed(7)
    x = torch.randn(256, 32, generator=gen)
    y = (x @ torch.randn(32, 32, generator=gen)).argmax(dim=1)
    np.save(os.path.join(DATA, "mx_x.npy"), x.numpy().astype("<f4"))
    np.save(os.path.join(DATA, "mx_y.npy"), y.numpy().astype("<i8"))


class MxLinear(nn.Module):
    """nn.Linear whose product runs through torchao's mx_mm (emulated): y = mx_mm(x, W) + b."""

    def __init__(self, linear, dtype, mode):
        super().__init__()
        self.weight, self.bias, self.dtype, self.mode = linear.weight, linear.bias, dtype, mode

    def forward(self, x):
        y = mx_mm.apply(x, self.weight, self.dtype, self.dtype, self.dtype, 32, KernelPreference.EMULATED,
                        MXFP8Dim0CastKernelChoice.TORCH, MXFP8Dim1CastKernelChoice.TORCH, self.mode, False)
        return y + self.bias


MX_LANES = {"mxfp8": (torch.float8_e4m3fn, ScaleCalculationMode.FLOOR),
            "mxfp8+rceil": (torch.float8_e4m3fn, ScaleCalculationMode.RCEIL),
            "mxfp4": (torch.float4_e2m1fn_x2, ScaleCalculationMode.FLOOR)}


def config(lane):
    if lane == "fp8":
        return Float8LinearConfig(emulate=True)
    if lane == "e4m3":
        return Float8LinearConfig(emulate=True, cast_config_grad_output=CastConfig(target_dtype=torch.float8_e4m3fn))
    raise ValueError(lane)


def build(c, lane, run=None):
    """The conventions' model (make_torch2_training_reference.build), nudged for noise run `run`, every Linear replaced."""
    model = build_mlp(c["sizes"], c["activation"], c["seed"])
    if run is not None:
        nudge(model, run)
    for i, m in enumerate(model):
        if isinstance(m, nn.Linear):
            model[i] = MxLinear(m, *MX_LANES[lane]) if lane in MX_LANES else Float8Linear.from_float(m, config=config(lane))
    return model


# Every cast of the current step, in call order: (role, dtype, amax, scale).
CASTS = []
_original_cast = f8linear.hp_tensor_to_float8_dynamic


def recording_cast(hp, dtype, mm_config, *args, **kwargs):
    out = _original_cast(hp, dtype, mm_config, *args, **kwargs)
    CASTS.append({"role": kwargs["gemm_input_role"].value, "dtype": str(dtype).replace("torch.", ""),
                  "amax": hp.detach().abs().max().item(), "scale": out._scale.item()})
    return out


f8linear.hp_tensor_to_float8_dynamic = recording_cast


def train(c, x, y, lane, run=None):
    model = build(c, lane, run)
    optim = make_optimizer(c["optimizer"], model.parameters())
    n = x.shape[0]
    b = c["batch"] if c["batch"] > 0 else n
    losses, casts0 = [], []
    for k in range(c["steps"]):
        idx = torch.tensor([(k * b + i) % n for i in range(b)])
        optim.zero_grad()
        CASTS.clear()
        out = model(x[idx])
        loss = F.cross_entropy(out, y[idx]) if c["loss"] == CE else F.mse_loss(out, y[idx])
        loss.backward()
        losses.append(loss.item())
        if k == 0:
            casts0 = list(CASTS)
        optim.step()
    return losses, casts0


def main():
    os.makedirs(DATA, exist_ok=True)
    mx_data()
    doc = {"generator": "scripts/make_torchao_fp8_reference.py", "torchao_version": torchao.__version__,
           "environment": environment(), "cases": []}
    for c in CASES:
        x, y = load_case_data(c)
        lanes = {}
        for lane in c["lanes"]:
            losses, casts0 = train(c, x, y, lane)
            spread = [0.0] * STEPS
            for run in range(NOISE_RUNS):
                nudged, _ = train(c, x, y, lane, run)
                for k in range(STEPS):
                    spread[k] = max(spread[k], abs(nudged[k] - losses[k]) / max(abs(losses[k]), 1e-30))
            lanes[lane] = {"losses": losses, "casts0": casts0, "noise": spread}
            print(c["name"], lane, "final", losses[-1], "noise at 5/10/19", spread[5], spread[10], spread[19])
        c = dict(c)
        c["lanes"] = lanes
        doc["cases"].append(c)
    with open(os.path.join(DATA, "runs.json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
