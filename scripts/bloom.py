#!/usr/bin/env python3
"""Builds data/lexicon/foreign.bloom from the word lists that
scripts/build-foreign-words.sh downloads.

usage: bloom.py LISTS_DIR OUT_FILE

Keys: the entries that start with a lower-case letter (capitalized entries
are proper nouns: given names, places, brands), made only of letters with
an internal hyphen or apostrophe, at least three characters long, Unicode
NFC and lower-cased, with the typographic apostrophe unified to `'` (as
Sluice folds a word). Hunspell `.dic` files give their stems (the text
before `/`).

Format (all integers little-endian):
    b"SLBF"  magic
    u32      version (1)
    u32      k, the number of probes
    u64      m, the number of bits
    ...      the bits: bit j is (byte j >> 3) >> (j & 7) & 1
Probe i of a key sets bit (h1 + i * h2) mod m, where h is the 64-bit
FNV-1a hash of the key's UTF-8 bytes, h1 = h & 0xffffffff and
h2 = (h >> 32) | 1. `src/pii/foreign.rs` reads it the same way.
"""
import math
import os
import struct
import sys
import unicodedata

BITS_PER_KEY = 10
K = 7
FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK = (1 << 64) - 1


def fnv1a(data: bytes) -> int:
    h = FNV_OFFSET
    for b in data:
        h ^= b
        h = (h * FNV_PRIME) & MASK
    return h


def keys(path: str):
    dic = path.endswith(".dic")
    with open(path, encoding="utf-8", errors="strict") as f:
        for n, line in enumerate(f):
            if dic and n == 0:
                continue  # the entry count
            w = line.rstrip("\n")
            if dic:
                w = w.split("/")[0].split("\t")[0]
            w = unicodedata.normalize("NFC", w.strip()).replace("\u2019", "'")
            if len(w) < 3 or not w[0].islower():
                continue
            if not all(c.isalpha() or c in "-'" for c in w) or w[-1] in "-'":
                continue
            yield w.lower()


def main():
    src, out = sys.argv[1], sys.argv[2]
    words = set()
    for name in sorted(os.listdir(src)):
        before = len(words)
        words.update(keys(os.path.join(src, name)))
        print(f"{name}: +{len(words) - before}", file=sys.stderr)
    m = max(64, math.ceil(len(words) * BITS_PER_KEY / 64) * 64)
    bits = bytearray(m // 8)
    for w in sorted(words):
        h = fnv1a(w.encode("utf-8"))
        h1, h2 = h & 0xFFFFFFFF, (h >> 32) | 1
        for i in range(K):
            j = (h1 + i * h2) % m
            bits[j >> 3] |= 1 << (j & 7)
    with open(out, "wb") as f:
        f.write(b"SLBF" + struct.pack("<IIQ", 1, K, m) + bytes(bits))
    print(f"{len(words)} keys, {m} bits, {K} probes", file=sys.stderr)


if __name__ == "__main__":
    main()
