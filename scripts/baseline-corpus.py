#!/usr/bin/env python3
"""Writes the conformance cases listed in a baseline to a corpus file and
prints the --suite flags of run.py they need (leaving out SKIP suites).

usage: baseline-corpus.py BASELINE CASES_DIR OUT [--skip SUITE]...
                          [--only SUITE]... [--part K/N]

scripts/test.sh runs only these cases: they are the ones the baseline
judges, and running the whole corpus through every build would take longer
than CI allows.

--only SUITE keeps only the cases the baseline lists for these suites.
--part K/N keeps the cases whose id's CRC-32 is K modulo N: a deterministic
split of the cases that stays the same from run to run and machine to
machine (a case keeps its part when others are added).
"""
import argparse, glob, gzip, json, os, zlib

ap = argparse.ArgumentParser()
ap.add_argument("baseline")
ap.add_argument("cases")
ap.add_argument("out")
ap.add_argument("--skip", action="append", default=[])
ap.add_argument("--only", action="append", default=[])
ap.add_argument("--part", help="K/N: the cases whose zlib.crc32(id) %% N == K")
args = ap.parse_args()
part = None
if args.part:
    k, n = (int(x) for x in args.part.split("/"))
    part = (k, n)
want = {}
for line in open(args.baseline):
    if line.strip():
        suite, case = line.split(None, 1)
        if suite in args.skip or (args.only and suite not in args.only):
            continue
        case = case.strip()
        if part and zlib.crc32(case.encode()) % part[1] != part[0]:
            continue
        want.setdefault(case, set()).add(suite)
with open(args.out, "w") as out:
    for name in sorted(glob.glob(os.path.join(args.cases, "*.jsonl*"))):
        with (gzip.open(name, "rt") if name.endswith(".gz") else open(name)) as f:
            for line in f:
                if json.loads(line)["id"] in want:
                    out.write(line)
suites = sorted(set().union(*want.values())) if want else []
print(" ".join("--suite " + s for s in suites))
