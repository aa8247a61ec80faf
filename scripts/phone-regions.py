#!/usr/bin/env python3
"""How many of every region's example phone numbers `sluice redact` finds.

For each region libphonenumber knows, its example mobile and fixed-line
numbers are written in national, international and E.164 format and put
in four places: after a cue ("Please call me at … tomorrow."), in plain
prose ("The number … is on file."), bare, and under a `phone` key. The
script prints, per format and place, how many were tokenized and which
were not. Needs the `phonenumbers` package (pip install phonenumbers).

    SLUICE_KEY=<64 hex> python3 scripts/phone-regions.py target/release/sluice
"""
import json
import subprocess
import sys
from collections import Counter, defaultdict

import phonenumbers as p
from phonenumbers import PhoneNumberFormat as F
from phonenumbers import PhoneNumberType as T

PLACES = {
    "cue": "Please call me at {} tomorrow.",
    "plain": "The number {} is on file.",
    "bare": "{}",
    "key": None,
}


def cases():
    for r in sorted(p.SUPPORTED_REGIONS):
        for t in (T.MOBILE, T.FIXED_LINE):
            n = p.example_number_for_type(r, t)
            if not n:
                continue
            for fmt, f in (("national", F.NATIONAL), ("international", F.INTERNATIONAL), ("e164", F.E164)):
                s = p.format_number(n, f)
                for place, tpl in PLACES.items():
                    doc = {"phone": s} if tpl is None else {"text": tpl.format(s)}
                    yield r, fmt, place, s, doc


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/sluice"
    rows = list(cases())
    lines = "".join(json.dumps(d, ensure_ascii=False) + "\n" for *_, d in rows)
    out = subprocess.run([binary, "redact", "--lines"], input=lines, capture_output=True, text=True, check=True)
    total, missed, examples = Counter(), Counter(), defaultdict(list)
    for (r, fmt, place, s, _), o in zip(rows, out.stdout.splitlines()):
        total[(fmt, place)] += 1
        if s in o or "[PHONE" not in o:
            missed[(fmt, place)] += 1
            examples[(fmt, place)].append(f"{r}:{s}")
    for k in sorted(total):
        print(f"{k[0]:13} {k[1]:5} {total[k] - missed[k]}/{total[k]}  {' '.join(examples[k][:12])}")


if __name__ == "__main__":
    main()
