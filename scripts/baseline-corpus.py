#!/usr/bin/env python3
"""Writes the conformance cases listed in a baseline to a corpus file and
prints the --suite flags of run.py they need (leaving out SKIP suites).

usage: baseline-corpus.py BASELINE CASES_DIR OUT [--skip SUITE]...

scripts/test.sh runs only these cases: they are the ones the baseline
judges, and running the whole corpus through every build would take longer
than CI allows.
"""
import argparse, glob, gzip, json, os

ap = argparse.ArgumentParser()
ap.add_argument("baseline")
ap.add_argument("cases")
ap.add_argument("out")
ap.add_argument("--skip", action="append", default=[])
args = ap.parse_args()
want = {}
for line in open(args.baseline):
    if line.strip():
        suite, case = line.split(None, 1)
        want.setdefault(case.strip(), set()).add(suite)
with open(args.out, "w") as out:
    for name in sorted(glob.glob(os.path.join(args.cases, "*.jsonl*"))):
        with (gzip.open(name, "rt") if name.endswith(".gz") else open(name)) as f:
            for line in f:
                if json.loads(line)["id"] in want:
                    out.write(line)
suites = sorted(set().union(*want.values()) - set(args.skip)) if want else []
print(" ".join("--suite " + s for s in suites))
