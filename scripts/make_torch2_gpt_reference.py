#!/usr/bin/env python3
"""Writes tests/data/torch2-gpt/*: PyTorch 2.x's own losses for tiny-transformer training runs on the CPU, the
reference Presisi's transformer (engine/training/ops/gpt.h) is checked against by tests/tst_gpt.cpp.
Run with a PyTorch 2.x (pip) environment, one thread, from the repository root:

    ATEN_CPU_CAPABILITY=avx2 ONEDNN_MAX_CPU_ISA=AVX2 venv/bin/python scripts/make_torch2_gpt_reference.py avx2
    ATEN_CPU_CAPABILITY=avx2 ONEDNN_MAX_CPU_ISA=AVX2 venv/bin/python scripts/make_torch2_gpt_reference.py --noise avx2

--noise NAME writes noise_NAME.json: for each case and lane, how far torch's own losses move when every initial
parameter is moved by one float32 ulp (up or down, seeded): the largest relative change over NOISE_RUNS such runs,
per step, over the first NOISE_STEPS steps (float32: the whole run). An implementation that differs from torch only in the order of float32
sums cannot be expected to match closer than that.

NAME (the argument) names the output, runs_NAME.json; the environment pins torch's CPU path (the line above
gives the path of a CPU without AVX-512 on any x86-64 CPU). The data sets are written as .npy (int64).

The model is minGPT's GPT as the transformer issue defines it: tok and pos Embedding, L pre-LayerNorm blocks
(ln1, attn.qkv, attn.proj, ln2, fc, GELU (erf), fc_proj), lnf, head (no bias); no dropout. Initialisation:
torch.manual_seed(seed), the modules' default draws in construction order, then minGPT's N(0, 0.02) for every
Linear and Embedding weight in module order (biases 0), then N(0, 0.02/sqrt(2L)) for attn.proj and fc_proj
weights in named_parameters order. AdamW (torch 2.x defaults otherwise) with weight decay on the linears'
weights only; clip_grad_norm_ after the scaler's unscale_; batch k holds rows (k*B + i) mod N. Each case runs
in float32, under torch.autocast("cpu", torch.bfloat16), and under float16 autocast with
torch.amp.GradScaler("cpu"); the loss of each step is recorded before its update, and the scaler's scale
that step used. Attention "manual" is minGPT's code; "sdpa-math" is F.scaled_dot_product_attention under
SDPBackend.MATH. PyTorch is never needed to build or test Presisi; this script only regenerates the data."""
import json, math, os, sys
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.attention import sdpa_kernel, SDPBackend

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "torch2-gpt")
torch.set_num_threads(1)


class CausalSelfAttention(nn.Module):
    def __init__(self, embd, heads, block, path, qk_norm=False, softcap=0.0, cuda_policy=False):
        super().__init__()
        self.heads, self.path, self.softcap, self.cuda_policy = heads, path, softcap, cuda_policy
        self.qkv = nn.Linear(embd, 3 * embd)
        self.proj = nn.Linear(embd, embd)
        # QK-LayerNorm (Dehghani et al. 2023): a LayerNorm over each head's features of q and of k.
        self.q_ln = nn.LayerNorm(embd // heads) if qk_norm else None
        self.k_ln = nn.LayerNorm(embd // heads) if qk_norm else None
        self.register_buffer("mask", torch.tril(torch.ones(block, block)).view(1, 1, block, block))

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=2)
        q, k, v = (t.view(B, T, self.heads, C // self.heads) for t in (q, k, v))
        if self.q_ln is not None:
            q, k = self.q_ln(q), self.k_ln(k)
        q, k, v = (t.transpose(1, 2) for t in (q, k, v))
        if self.path == "manual":
            att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
            if self.softcap:  # Gemma 2's soft-capping of the attention logits
                att = self.softcap * torch.tanh(att / self.softcap)
            att = att.masked_fill(self.mask[:, :, :T, :T] == 0, float("-inf"))
            # CUDA's autocast lists put softmax in float32; on the CPU that is the user's .float().
            y = (F.softmax(att.float(), dim=-1) if self.cuda_policy else F.softmax(att, dim=-1)) @ v
        else:
            with sdpa_kernel(SDPBackend.MATH):
                y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).contiguous().view(B, T, C))


class Block(nn.Module):
    def __init__(self, embd, heads, block, path, qk_norm=False, softcap=0.0, cuda_policy=False):
        super().__init__()
        self.ln1 = nn.LayerNorm(embd)
        self.attn = CausalSelfAttention(embd, heads, block, path, qk_norm, softcap, cuda_policy)
        self.ln2 = nn.LayerNorm(embd)
        self.fc = nn.Linear(embd, 4 * embd)
        self.fc_proj = nn.Linear(4 * embd, embd)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.fc_proj(F.gelu(self.fc(self.ln2(x))))


class GPT(nn.Module):
    def __init__(self, c):
        super().__init__()
        V, T, L, H, D = c["vocab"], c["block"], c["layers"], c["heads"], c["embd"]
        self.tok, self.pos = nn.Embedding(V, D), nn.Embedding(T, D)
        self.blocks = nn.ModuleList([Block(D, H, T, c["attention"], c.get("qk_norm", False), c.get("softcap", 0.0),
                                           c.get("policy") == "cuda") for _ in range(L)])
        self.lnf, self.head = nn.LayerNorm(D), nn.Linear(D, V, bias=False)
        for m in self.modules():
            if isinstance(m, nn.Linear):
                nn.init.normal_(m.weight, 0.0, 0.02)
                if m.bias is not None:
                    nn.init.zeros_(m.bias)
            elif isinstance(m, nn.Embedding):
                nn.init.normal_(m.weight, 0.0, 0.02)
        for name, p in self.named_parameters():
            if name.endswith("attn.proj.weight") or name.endswith("fc_proj.weight"):
                nn.init.normal_(p, 0.0, 0.02 / math.sqrt(2 * L))

    def forward(self, idx):
        x = self.tok(idx) + self.pos(torch.arange(idx.shape[1]))
        for b in self.blocks:
            x = b(x)
        return self.head(self.lnf(x))


NOISE_STEPS, NOISE_RUNS = 5, 32


def nudge(model, seed):
    """Every parameter moved by one float32 ulp, up or down at random (numpy's generator, `seed`)."""
    g = np.random.default_rng(seed)
    with torch.no_grad():
        for p in model.parameters():
            a = p.detach().numpy()
            up = g.integers(0, 2, size=a.shape).astype(bool)
            p.copy_(torch.from_numpy(np.where(up, np.nextafter(a, np.float32(np.inf)),
                                              np.nextafter(a, np.float32(-np.inf))).astype(np.float32)))


def train(c, X, Y, dtype, use_scaler, nudge_seed=None):
    torch.manual_seed(c["seed"])
    model = GPT(c)
    if nudge_seed is not None:
        nudge(model, nudge_seed)
    decay = [p for n, p in model.named_parameters()
             if n.endswith(".weight") and p.dim() == 2 and not n.startswith(("tok.", "pos."))]
    others = [p for p in model.parameters() if all(p is not q for q in decay)]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": c["weight_decay"]},
                             {"params": others, "weight_decay": 0.0}], lr=c["lr"], betas=tuple(c["betas"]))
    scaler = torch.amp.GradScaler("cpu") if use_scaler else None
    Xt, Yt = torch.from_numpy(X), torch.from_numpy(Y)
    N, B = len(X), c["batch"]
    losses, scales = [], []
    for k in range(c["steps"]):
        rows = torch.tensor([(k * B + i) % N for i in range(B)])
        opt.zero_grad(set_to_none=True)
        with torch.autocast("cpu", dtype=dtype or torch.bfloat16, enabled=dtype is not None):
            logits = model(Xt[rows])
            targets = Yt[rows].view(-1)
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets, ignore_index=-1)
            if c.get("z_loss", 0.0):  # PaLM's z-loss over the targeted positions, log Z in float32
                lse = torch.logsumexp(logits.float().view(-1, logits.size(-1)), dim=-1)[targets != -1]
                loss = loss + c["z_loss"] * (lse ** 2).mean()
        losses.append(float(loss))
        if scaler:
            scales.append(float(scaler.get_scale()))
            scaler.scale(loss).backward()
            scaler.unscale_(opt)
        else:
            loss.backward()
        if c["clip"]:
            torch.nn.utils.clip_grad_norm_(model.parameters(), c["clip"])
        if scaler:
            scaler.step(opt)
            scaler.update()
        else:
            opt.step()
    return losses, scales


def sort_data(seed, n, digits=6, vocab=3):
    """minGPT's sort task: `digits` digits below `vocab` and their sorted copy; targets on the sorted half only."""
    g = np.random.default_rng(seed)
    a = g.integers(0, vocab, size=(n, digits))
    seq = np.concatenate([a, np.sort(a, axis=1)], axis=1)
    X, Y = seq[:, :-1].copy(), seq[:, 1:].copy()
    Y[:, :digits - 1] = -1
    return X.astype(np.int64), Y.astype(np.int64)


def add_data(seed, n, nd=2):
    """minGPT's adder: two nd-digit numbers and their sum's nd + 1 digits reversed; targets on the sum only."""
    g = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        a, b = (int(v) for v in g.integers(0, 10 ** nd, size=2))
        text = f"{a:0{nd}d}{b:0{nd}d}" + f"{a + b:0{nd + 1}d}"[::-1]
        rows.append([int(ch) for ch in text])
    seq = np.array(rows)
    X, Y = seq[:, :-1].copy(), seq[:, 1:].copy()
    Y[:, :2 * nd - 1] = -1
    return X.astype(np.int64), Y.astype(np.int64)


def main():
    noise = sys.argv[1] == "--noise"
    name = sys.argv[-1]
    os.makedirs(OUT, exist_ok=True)
    data = {"sort": sort_data(7, 512), "add2": add_data(19, 400)}
    for key, (X, Y) in data.items():
        np.save(os.path.join(OUT, f"{key}_X.npy"), X)
        np.save(os.path.join(OUT, f"{key}_Y.npy"), Y)
    sort = dict(data="sort", vocab=3, block=11, layers=3, heads=3, embd=48, batch=32, steps=30, lr=5e-4,
                betas=[0.9, 0.95], weight_decay=0.1, clip=1.0, seed=0)
    # Head size 12: 1/sqrt(12) and its square root are not powers of two, so the two paths' scalings differ.
    add = dict(data="add2", vocab=10, block=6, layers=2, heads=3, embd=36, batch=24, steps=30, lr=2e-3,
               betas=[0.9, 0.99], weight_decay=0.05, clip=0.0, seed=5)
    cases = [dict(sort, name="sort-nano-manual", attention="manual"),
             dict(sort, name="sort-nano-sdpa-math", attention="sdpa-math"),
             dict(add, name="add2-manual-noclip", attention="manual"),
             dict(add, name="add2-sdpa-math-noclip", attention="sdpa-math"),
             # The options that keep attention logits in check (section 3 of the transformer issue).
             dict(sort, name="sort-softcap-manual", attention="manual", softcap=0.1),
             dict(sort, name="sort-zloss-manual", attention="manual", z_loss=1e-2),
             dict(sort, name="sort-qknorm-manual", attention="manual", qk_norm=True),
             dict(sort, name="sort-qknorm-sdpa-math", attention="sdpa-math", qk_norm=True),
             # CUDA's autocast policy (softmax in float32) on the manual path.
             dict(sort, name="sort-cudapolicy-manual", attention="manual", policy="cuda")]
    if noise:
        write_noise(name, cases, data)
        return
    out = {"torch": torch.__version__, "cpu_capability": torch.backends.cpu.get_cpu_capability(),
           "onednn_max_cpu_isa": os.environ.get("ONEDNN_MAX_CPU_ISA", ""), "cases": []}
    for c in cases:
        X, Y = data[c["data"]]
        c = dict(c)
        c["f32"], _ = train(c, X, Y, None, False)
        c["bf16_autocast"], _ = train(c, X, Y, torch.bfloat16, False)
        c["f16_autocast_scaler"], c["f16_scales"] = train(c, X, Y, torch.float16, True)
        out["cases"].append(c)
        print(c["name"], c["f32"][:2], c["bf16_autocast"][:2], c["f16_autocast_scaler"][-1], flush=True)
    with open(os.path.join(OUT, f"runs_{name}.json"), "w") as f:
        json.dump(out, f, indent=1)


LANES = {"f32": (None, False), "bf16_autocast": (torch.bfloat16, False), "f16_autocast_scaler": (torch.float16, True)}


def write_noise(name, cases, data):
    out = {"torch": torch.__version__, "cpu_capability": torch.backends.cpu.get_cpu_capability(),
           "steps": NOISE_STEPS, "runs": NOISE_RUNS, "cases": []}
    for c in cases:
        X, Y = data[c["data"]]
        row = {"name": c["name"]}
        for lane, (dtype, scaler) in LANES.items():
            lc = dict(c, steps=c["steps"] if dtype is None else NOISE_STEPS)
            base, _ = train(lc, X, Y, dtype, scaler)
            worst = [0.0] * lc["steps"]
            for r in range(NOISE_RUNS):
                moved, _ = train(lc, X, Y, dtype, scaler, nudge_seed=1000 + r)
                worst = [max(w, abs(m - b) / abs(b)) for w, m, b in zip(worst, moved, base)]
            row[lane] = worst
        out["cases"].append(row)
        print(row, flush=True)
    with open(os.path.join(OUT, f"noise_{name}.json"), "w") as f:
        json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
