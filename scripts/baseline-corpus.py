#!/usr/bin/env python3
"""Writes the conformance cases listed in a baseline to a corpus file and
prints the --suite flags of run.py they need (leaving out SKIP suites).

usage: baseline-corpus.py BASELINE CASES_DIR OUT [--skip SUITE]...
                          [--only SUITE]... [--part K/N] [--records]

scripts/test.sh runs only these cases: they are the ones the baseline
judges, and running the whole corpus through every build would take longer
than CI allows.

--only SUITE keeps only the cases the baseline lists for these suites.
--part K/N keeps the cases whose id's CRC-32 is K modulo N: a deterministic
split of the cases that stays the same from run to run and machine to
machine (a case keeps its part when others are added).
--records writes, instead of a corpus for run.py, one record per listed
(suite, case) for lamina-corpus-replay (unittests/Fuzz/CorpusReplay.cpp):
the command line, the input and what must come out, exactly as run.py (next
to CASES_DIR) builds them; emit-bytecode cases are left out (they need
mlir-opt). Fields are `<length>\\n<bytes>`: id, suite, check (`output`: exit
0 and print `expected`; `verify`: exit 0, and non-zero on the negative
control, which is then `expected`), input, expected, the argument count and
the arguments.
"""
import argparse, base64, glob, gzip, importlib.util, json, os, zlib

ap = argparse.ArgumentParser()
ap.add_argument("baseline")
ap.add_argument("cases")
ap.add_argument("out")
ap.add_argument("--skip", action="append", default=[])
ap.add_argument("--only", action="append", default=[])
ap.add_argument("--part", help="K/N: the cases whose zlib.crc32(id) %% N == K")
ap.add_argument("--records", action="store_true")
args = ap.parse_args()
part = None
if args.part:
    k, n = (int(x) for x in args.part.split("/"))
    part = (k, n)
want = {}
order = []
for line in open(args.baseline):
    if line.strip():
        suite, case = line.split(None, 1)
        if suite in args.skip or (args.only and suite not in args.only):
            continue
        case = case.strip()
        if part and zlib.crc32(case.encode()) % part[1] != part[0]:
            continue
        want.setdefault(case, set()).add(suite)
        order.append((suite, case))


def cases():
    """(line, parsed case) of every listed case of the corpus."""
    for name in sorted(glob.glob(os.path.join(args.cases, "*.jsonl*"))):
        with (gzip.open(name, "rt") if name.endswith(".gz") else open(name)) as f:
            for line in f:
                case = json.loads(line)
                if case["id"] in want:
                    yield line, case


if not args.records:
    with open(args.out, "w") as out:
        for line, _ in cases():
            out.write(line)
    suites = sorted(set().union(*want.values())) if want else []
    print(" ".join("--suite " + s for s in suites))
    raise SystemExit(0)

# run.py's own negative control, so that both check the same thing.
spec = importlib.util.spec_from_file_location("run", os.path.join(os.path.dirname(os.path.abspath(args.cases)),
                                                                  "run.py"))
run = importlib.util.module_from_spec(spec)
spec.loader.exec_module(run)


def record(case, suite):
    """(check, input, expected, flags) of run.py's check() for this suite."""
    g = case.get
    if suite == "generic":
        return "output", g("generic_input", case["generic"]).encode(), case["generic"].encode(), \
            ["--mlir-print-op-generic"]
    if suite == "debuginfo":
        return "output", g("debuginfo_input", case["debuginfo"]).encode(), case["debuginfo"].encode(), \
            ["--mlir-print-op-generic", "--mlir-print-debuginfo"]
    if suite == "custom":
        return "output", case["input"].encode(), case["custom"].encode(), []
    if suite == "invalid":
        return "verify", case["input"].encode(), run.negative_control(case["input"]).encode(), \
            ["--verify-diagnostics"]
    if suite == "bytecode":
        return "output", base64.b64decode(case["bytecode"]), case["generic"].encode(), ["--mlir-print-op-generic"]
    if suite in run.PASS_SUITES:
        if case["mode"] == "verify":
            return "verify", case["input"].encode(), run.negative_control(case["input"]).encode(), \
                ["--verify-diagnostics"] + case["flags"]
        return "output", case["input"].encode(), case["expected"].encode(), case["flags"]
    return None  # emit-bytecode: needs mlir-opt


def field(out, data):
    if isinstance(data, str):
        data = data.encode()
    out.write(b"%d\n" % len(data))
    out.write(data)


byid = {case["id"]: case for _, case in cases()}
with open(args.out, "wb") as out:
    for suite, cid in order:
        r = record(byid[cid], suite) if cid in byid else None
        if r is None:
            continue
        check, data, expected, flags = r
        argv = ["--allow-unregistered-dialect"] + flags
        for f in (cid, suite, check, data, expected, str(len(argv))):
            field(out, f)
        for a in argv:
            field(out, a)
