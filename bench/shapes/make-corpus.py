#!/usr/bin/python3
"""Writes the two shape corpora the kernel choice is judged on, each split into a
tuning half and an evaluation half by a fixed seed.

    bench/shapes/make-corpus.py [--out-dir bench/shapes] [--check]

models.json  f32 GEMMs of public models, from their published configurations:
             LLMs at prefill and decode (PyTorch's nn.Linear: B stored N x K),
             their attention, vision transformers, CNN layers as im2col GEMMs,
             a diffusion UNet and speech encoders. Each unique shape once, with
             every layer it stands for in "source".
random.json  a seeded sample of sizes, log-uniform from 1 to 16384 per
             dimension, all four layouts, a fifth of them batched, within the
             memory budget below, kept where 2 batch M N K >= 1e9 or the bytes
             moved >= 16 MB.

Every shape has "half": "tune" or "eval". Rules, tables and cost-model constants
may look at the tuning halves only; the evaluation halves judge them. A model
shape that is also in shapes.json (the set the earlier rules were read from) is
put in the tuning half. "small": true marks a shape under both thresholds above
(bound by launch latency: reported apart).

The output depends on this file alone (no clock, no environment): --check
regenerates both files in memory and exits 1 if the committed ones differ.
Python 3 standard library only.
"""

import argparse
import json
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Thresholds of a problem that is not bound by launch latency.
MIN_FLOP = 1e9
MIN_BYTES = 16 * 2**20
# The memory budget of one shape: A, B and C together (gemm-run's default
# --memory-limit is 4 GiB), and each matrix one raw buffer (< 2^30 elements).
MAX_TOTAL_BYTES = 2 * 2**30
MAX_MATRIX_ELEMENTS = 2**30 - 1

SPLIT_SEED = "gemm-opt corpus split 1"
RANDOM_SEED = "gemm-opt random shapes 1"
RANDOM_COUNT = 320

# ------------------------------------------------------------------ models
# Published configurations. hidden: d_model; inter: the MLP's hidden size;
# heads / kv_heads: attention heads and key/value heads (grouped-query
# attention); head_dim defaults to hidden / heads; vocab: the output layer;
# gated: SwiGLU / GeGLU MLP (gate and up projections).
LLMS = [
    ("llama2-7b", dict(hidden=4096, inter=11008, heads=32, kv_heads=32, vocab=32000, gated=True),
     "Llama 2 7B, Touvron et al. 2023; HF meta-llama/Llama-2-7b-hf config.json"),
    ("llama2-13b", dict(hidden=5120, inter=13824, heads=40, kv_heads=40, vocab=32000, gated=True),
     "Llama 2 13B, Touvron et al. 2023; HF meta-llama/Llama-2-13b-hf config.json"),
    ("llama2-70b", dict(hidden=8192, inter=28672, heads=64, kv_heads=8, vocab=32000, gated=True),
     "Llama 2 70B, Touvron et al. 2023; HF meta-llama/Llama-2-70b-hf config.json"),
    ("llama3-8b", dict(hidden=4096, inter=14336, heads=32, kv_heads=8, vocab=128256, gated=True),
     "Llama 3 8B; HF meta-llama/Meta-Llama-3-8B config.json"),
    ("mistral-7b", dict(hidden=4096, inter=14336, heads=32, kv_heads=8, vocab=32000, gated=True),
     "Mistral 7B v0.1, Jiang et al. 2023; HF mistralai/Mistral-7B-v0.1 config.json"),
    ("qwen2-7b", dict(hidden=3584, inter=18944, heads=28, kv_heads=4, vocab=152064, gated=True),
     "Qwen2 7B; HF Qwen/Qwen2-7B config.json"),
    ("qwen2-0.5b", dict(hidden=896, inter=4864, heads=14, kv_heads=2, vocab=151936, gated=True),
     "Qwen2 0.5B; HF Qwen/Qwen2-0.5B config.json"),
    ("gemma-2b", dict(hidden=2048, inter=16384, heads=8, kv_heads=1, head_dim=256,
                      vocab=256000, gated=True),
     "Gemma 2B, Gemma Team 2024; HF google/gemma-2b config.json"),
    ("phi-2", dict(hidden=2560, inter=10240, heads=32, kv_heads=32, vocab=51200, gated=False),
     "Phi-2; HF microsoft/phi-2 config.json"),
    ("gpt2-medium", dict(hidden=1024, inter=4096, heads=16, kv_heads=16, vocab=50257,
                         gated=False),
     "GPT-2 medium, Radford et al. 2019; HF gpt2-medium config.json (Conv1D as nn.Linear)"),
    ("gpt2-xl", dict(hidden=1600, inter=6400, heads=25, kv_heads=25, vocab=50257, gated=False),
     "GPT-2 XL, Radford et al. 2019; HF gpt2-xl config.json (Conv1D as nn.Linear)"),
    ("opt-1.3b", dict(hidden=2048, inter=8192, heads=32, kv_heads=32, vocab=50272, gated=False),
     "OPT 1.3B, Zhang et al. 2022; HF facebook/opt-1.3b config.json"),
]
# Tokens at prefill (batch x sequence) and rows at decode (the batch).
LLM_PREFILL = [("prefill-1x512", 512), ("prefill-4x1024", 4096), ("prefill-1x2048", 2048)]
LLM_DECODE = [("decode-1", 1), ("decode-8", 8), ("decode-32", 32)]
LLM_ATTENTION_CONTEXT = 2048

VITS = [
    ("vit-b16", dict(hidden=768, inter=3072, heads=12, tokens=197),
     "ViT-B/16, Dosovitskiy et al. 2021; HF google/vit-base-patch16-224 (224 px: 196 patches + CLS)"),
    ("vit-l16", dict(hidden=1024, inter=4096, heads=16, tokens=197),
     "ViT-L/16, Dosovitskiy et al. 2021; HF google/vit-large-patch16-224"),
    ("vit-h14", dict(hidden=1280, inter=5120, heads=16, tokens=257),
     "ViT-H/14, Dosovitskiy et al. 2021 (224 px: 256 patches + CLS)"),
    ("deit-s16", dict(hidden=384, inter=1536, heads=6, tokens=197),
     "DeiT-S, Touvron et al. 2021; HF facebook/deit-small-patch16-224"),
]
VIT_BATCHES = [1, 8, 64]

# ResNet-50 (He et al. 2016; torchvision resnet50, 224 px input): the distinct
# convolutions, (name, C_in, C_out, kernel, stride, output side), as im2col GEMMs:
# M = batch x H_out x W_out, N = C_out, K = C_in x kernel^2, the weights stored
# C_out x (C_in kernel^2): B transposed.
RESNET50 = [
    ("conv1", 3, 64, 7, 2, 112),
    ("l1-1x1a", 64, 64, 1, 1, 56), ("l1-3x3", 64, 64, 3, 1, 56),
    ("l1-1x1b", 64, 256, 1, 1, 56), ("l1-1x1c", 256, 64, 1, 1, 56),
    ("l2-1x1a", 256, 128, 1, 1, 56), ("l2-3x3s2", 128, 128, 3, 2, 28),
    ("l2-3x3", 128, 128, 3, 1, 28), ("l2-1x1b", 128, 512, 1, 1, 28),
    ("l2-1x1c", 512, 128, 1, 1, 28), ("l2-down", 256, 512, 1, 2, 28),
    ("l3-1x1a", 512, 256, 1, 1, 28), ("l3-3x3s2", 256, 256, 3, 2, 14),
    ("l3-3x3", 256, 256, 3, 1, 14), ("l3-1x1b", 256, 1024, 1, 1, 14),
    ("l3-1x1c", 1024, 256, 1, 1, 14), ("l3-down", 512, 1024, 1, 2, 14),
    ("l4-1x1a", 1024, 512, 1, 1, 14), ("l4-3x3s2", 512, 512, 3, 2, 7),
    ("l4-3x3", 512, 512, 3, 1, 7), ("l4-1x1b", 512, 2048, 1, 1, 7),
    ("l4-1x1c", 2048, 512, 1, 1, 7), ("l4-down", 1024, 2048, 1, 2, 7),
]
RESNET_BATCHES = [1, 32]
# VGG-16 (Simonyan and Zisserman 2015; torchvision vgg16): its 3x3 convolutions.
VGG16 = [
    ("c1_1", 3, 64, 224), ("c1_2", 64, 64, 224), ("c2_1", 64, 128, 112),
    ("c2_2", 128, 128, 112), ("c3_1", 128, 256, 56), ("c3_2", 256, 256, 56),
    ("c4_1", 256, 512, 28), ("c4_2", 512, 512, 28), ("c5", 512, 512, 14),
]

# Stable Diffusion 1.5's UNet (Rombach et al. 2022; HF runwayml/stable-diffusion-v1-5
# unet/config.json: block channels 320/640/1280/1280, 8 heads, cross-attention
# dimension 768): its transformer blocks at 512 px (64x64 latents), batch 2
# (classifier-free guidance). (channels, latent side) per level.
SD15_LEVELS = [(320, 64), (640, 32), (1280, 16), (1280, 8)]
SD15_BATCH, SD15_HEADS, SD15_CONTEXT, SD15_CONTEXT_DIM = 2, 8, 77, 768

# Whisper encoders (Radford et al. 2022; HF openai/whisper-*): 30 s of audio is
# 1500 frames after the convolutions.
WHISPERS = [
    ("whisper-base", dict(hidden=512, inter=2048, heads=8),
     "Whisper base encoder; HF openai/whisper-base config.json"),
    ("whisper-small", dict(hidden=768, inter=3072, heads=12),
     "Whisper small encoder; HF openai/whisper-small config.json"),
    ("whisper-medium", dict(hidden=1024, inter=4096, heads=16),
     "Whisper medium encoder; HF openai/whisper-medium config.json"),
    ("whisper-large", dict(hidden=1280, inter=5120, heads=20),
     "Whisper large-v2 encoder; HF openai/whisper-large-v2 config.json"),
]
WHISPER_FRAMES = 1500


def linear(name, tokens, out_features, in_features, source, note=""):
    """nn.Linear: Y (tokens x out) = X (tokens x in) W^T, W stored out x in."""
    return dict(name=name, m=tokens, n=out_features, k=in_features, batch=1,
                transpose_a=False, transpose_b=True, source=source, note=note)


def batched(name, batch, m, n, k, transpose_b, source, note=""):
    return dict(name=name, m=m, n=n, k=k, batch=batch, transpose_a=False,
                transpose_b=transpose_b, source=source, note=note)


def llm_shapes():
    out = []
    for model, c, source in LLMS:
        head_dim = c.get("head_dim", c["hidden"] // c["heads"])
        q_out = c["heads"] * head_dim
        kv_out = c["kv_heads"] * head_dim
        # The HF modules, one nn.Linear each: k_proj and v_proj are one
        # shape, as are gate_proj and up_proj.
        mlp = [("gate-up" if c["gated"] else "fc1", c["inter"], c["hidden"]),
               ("down" if c["gated"] else "fc2", c["hidden"], c["inter"])]
        layers = [("q", q_out, c["hidden"]), ("k-v", kv_out, c["hidden"]),
                  ("o", c["hidden"], q_out)] + mlp + [("lm-head", c["vocab"], c["hidden"])]
        for phase, tokens in LLM_PREFILL + LLM_DECODE:
            for layer, n, k in layers:
                out.append(linear(f"{model}-{phase}-{layer}", tokens, n, k, source,
                                  f"{tokens} token(s); {layer} projection"))
        # Attention at prefill of 2048 tokens, batch 1: scores Q K^T (K stored
        # seq x head_dim: transposed) and context P V, per head; at decode, one
        # query row against the 2048-token cache.
        ctx = LLM_ATTENTION_CONTEXT
        out.append(batched(f"{model}-prefill-scores", c["heads"], ctx, ctx, head_dim, True,
                           source, "softmax(Q K^T) per head, 2048 tokens"))
        out.append(batched(f"{model}-prefill-context", c["heads"], ctx, head_dim, ctx, False,
                           source, "P V per head, 2048 tokens"))
        out.append(batched(f"{model}-decode-scores", c["heads"], 1, ctx, head_dim, True,
                           source, "one query against a 2048-token cache, per head"))
        out.append(batched(f"{model}-decode-context", c["heads"], 1, head_dim, ctx, False,
                           source, "one query's P V over a 2048-token cache, per head"))
    return out


def vit_shapes():
    out = []
    for model, c, source in VITS:
        head_dim = c["hidden"] // c["heads"]
        for b in VIT_BATCHES:
            t = b * c["tokens"]
            for layer, n, k in [("qkv", 3 * c["hidden"], c["hidden"]),
                                ("proj", c["hidden"], c["hidden"]),
                                ("fc1", c["inter"], c["hidden"]),
                                ("fc2", c["hidden"], c["inter"])]:
                out.append(linear(f"{model}-b{b}-{layer}", t, n, k, source,
                                  f"batch {b} x {c['tokens']} tokens"))
            out.append(batched(f"{model}-b{b}-scores", b * c["heads"], c["tokens"],
                               c["tokens"], head_dim, True, source, "Q K^T per image and head"))
            out.append(batched(f"{model}-b{b}-context", b * c["heads"], c["tokens"], head_dim,
                               c["tokens"], False, source, "P V per image and head"))
    return out


def cnn_shapes():
    out = []
    src = "ResNet-50, He et al. 2016; torchvision resnet50 at 224 px, conv as im2col GEMM"
    for b in RESNET_BATCHES:
        for name, cin, cout, kern, stride, side in RESNET50:
            out.append(linear(f"resnet50-b{b}-{name}", b * side * side, cout,
                              cin * kern * kern, src,
                              f"batch {b}, {side}x{side} output, {kern}x{kern} stride {stride}"))
    src = "VGG-16, Simonyan and Zisserman 2015; torchvision vgg16 at 224 px, conv as im2col GEMM"
    for name, cin, cout, side in VGG16:
        out.append(linear(f"vgg16-b1-{name}", side * side, cout, cin * 9, src,
                          f"batch 1, {side}x{side} output, 3x3"))
    return out


def diffusion_shapes():
    out = []
    src = ("Stable Diffusion 1.5 UNet, Rombach et al. 2022; HF runwayml/stable-diffusion-v1-5 "
           "unet/config.json, 512 px, batch 2 (guidance)")
    b = SD15_BATCH
    for ch, side in SD15_LEVELS:
        t = side * side
        hd = ch // SD15_HEADS
        lvl = f"sd15-{ch}x{side}"
        out.append(linear(f"{lvl}-proj-in", b * t, ch, ch, src, "proj_in / q / k / v / out"))
        out.append(linear(f"{lvl}-ff-geglu", b * t, 8 * ch, ch, src, "GEGLU: to 2 x 4C"))
        out.append(linear(f"{lvl}-ff-out", b * t, ch, 4 * ch, src, "feed-forward out"))
        out.append(linear(f"{lvl}-cross-kv", b * SD15_CONTEXT, ch, SD15_CONTEXT_DIM, src,
                          "cross-attention K and V from 77 text tokens"))
        out.append(batched(f"{lvl}-self-scores", b * SD15_HEADS, t, t, hd, True, src,
                           "self-attention Q K^T"))
        out.append(batched(f"{lvl}-self-context", b * SD15_HEADS, t, hd, t, False, src,
                           "self-attention P V"))
        out.append(batched(f"{lvl}-cross-scores", b * SD15_HEADS, t, SD15_CONTEXT, hd, True,
                           src, "cross-attention Q K^T"))
        out.append(batched(f"{lvl}-cross-context", b * SD15_HEADS, t, hd, SD15_CONTEXT, False,
                           src, "cross-attention P V"))
    return out


def speech_shapes():
    out = []
    for model, c, source in WHISPERS:
        t = WHISPER_FRAMES
        hd = c["hidden"] // c["heads"]
        for layer, n, k in [("qkv", 3 * c["hidden"], c["hidden"]),
                            ("o", c["hidden"], c["hidden"]),
                            ("fc1", c["inter"], c["hidden"]),
                            ("fc2", c["hidden"], c["inter"])]:
            out.append(linear(f"{model}-enc-{layer}", t, n, k, source, "1500 frames"))
        out.append(batched(f"{model}-enc-scores", c["heads"], t, t, hd, True, source,
                           "encoder self-attention Q K^T"))
        out.append(batched(f"{model}-enc-context", c["heads"], t, hd, t, False, source,
                           "encoder self-attention P V"))
    return out


def key(s):
    return (s["m"], s["n"], s["k"], s["batch"], s["transpose_a"], s["transpose_b"])


def shape_name(s):
    layout = ("t" if s["transpose_a"] else "n") + ("t" if s["transpose_b"] else "n")
    b = f"x{s['batch']}" if s["batch"] > 1 else ""
    return f"{s['m']}x{s['n']}x{s['k']}{b}:{layout}"


def fits(s):
    m, n, k, b = s["m"], s["n"], s["k"], s["batch"]
    if b * max(m * k, k * n, m * n) > MAX_MATRIX_ELEMENTS:
        return False
    return 4 * b * (m * k + k * n + m * n) <= MAX_TOTAL_BYTES


def is_small(s):
    m, n, k, b = s["m"], s["n"], s["k"], s["batch"]
    return 2 * b * m * n * k < MIN_FLOP and 4 * b * (m * k + k * n + 2 * m * n) < MIN_BYTES


def split(shapes, tuned_keys):
    """Assigns each shape a half by the fixed seed: a shuffled order, the
    first half tuning. Shapes of the earlier tuning set go to the tuning half."""
    order = list(range(len(shapes)))
    random.Random(SPLIT_SEED).shuffle(order)
    for rank, i in enumerate(order):
        shapes[i]["half"] = "tune" if rank < len(shapes) // 2 else "eval"
    for s in shapes:
        if key(s) in tuned_keys:
            s["half"] = "tune"
            s["in_shapes_json"] = True


def models_corpus(tuned_keys):
    unique = {}
    for s in llm_shapes() + vit_shapes() + cnn_shapes() + diffusion_shapes() + speech_shapes():
        if not fits(s):
            continue
        k = key(s)
        if k in unique:
            first = unique[k]
            first["also"] = first.get("also", []) + [s["name"]]
            continue
        unique[k] = s
    shapes = list(unique.values())
    for s in shapes:
        s["small"] = is_small(s)
    split(shapes, tuned_keys)
    return shapes


def random_corpus(tuned_keys):
    rng = random.Random(RANDOM_SEED)
    shapes, seen = [], set()
    while len(shapes) < RANDOM_COUNT:
        m, n, k = (int(round(math.exp(rng.uniform(0, math.log(16384))))) for _ in range(3))
        batch = 1
        if rng.random() < 0.2:
            batch = int(round(math.exp(rng.uniform(math.log(2), math.log(64)))))
        ta, tb = rng.random() < 0.5, rng.random() < 0.5
        s = dict(m=m, n=n, k=k, batch=batch, transpose_a=ta, transpose_b=tb)
        if not fits(s) or is_small(s) or key(s) in seen:
            continue
        seen.add(key(s))
        s["name"] = "random-" + shape_name(s).replace(":", "-")
        s["source"] = (f"seeded sample ({RANDOM_SEED!r}): log-uniform sizes 1..16384, "
                       "uniform layout, a fifth batched")
        s["small"] = False
        shapes.append(s)
    split(shapes, tuned_keys)
    return shapes


def document(description, shapes):
    return {"format": "gemm-opt-shapes-1", "description": description, "shapes": shapes}


def render(doc):
    lines = ["{", ' "format": %s,' % json.dumps(doc["format"]),
             ' "description": %s,' % json.dumps(doc["description"]), ' "shapes": [']
    for i, s in enumerate(doc["shapes"]):
        lines.append("  " + json.dumps(s) + ("," if i + 1 < len(doc["shapes"]) else ""))
    lines += [" ]", "}", ""]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out-dir", default=HERE)
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if the files in --out-dir differ from what this writes")
    a = ap.parse_args()
    with open(os.path.join(HERE, "shapes.json")) as f:
        tuned_keys = {key(dict({"batch": 1, "transpose_a": False, "transpose_b": False}, **s))
                      for s in json.load(f)["shapes"]}
    docs = {
        "models.json": document(
            "f32 GEMMs of public models' published configurations, each split into "
            "a tuning and an evaluation half (bench/shapes/make-corpus.py)",
            models_corpus(tuned_keys)),
        "random.json": document(
            "a seeded log-uniform sample of f32 GEMM sizes, split into a tuning and "
            "an evaluation half (bench/shapes/make-corpus.py)",
            random_corpus(tuned_keys)),
    }
    stale = []
    for name, doc in docs.items():
        path = os.path.join(a.out_dir, name)
        text = render(doc)
        if a.check:
            try:
                with open(path) as f:
                    if f.read() != text:
                        stale.append(name)
            except OSError:
                stale.append(name)
            continue
        with open(path, "w") as f:
            f.write(text)
        shapes = doc["shapes"]
        halves = {h: sum(1 for s in shapes if s["half"] == h) for h in ("tune", "eval")}
        print(f"{path}: {len(shapes)} shapes, tune {halves['tune']}, eval {halves['eval']}, "
              f"small {sum(1 for s in shapes if s['small'])}")
    if stale:
        print("make-corpus.py: out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
