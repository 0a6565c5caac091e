#!/usr/bin/env python3
"""Writes a libFuzzer seed corpus for the fuzz targets (see README.md).

Text seeds (lamina-text-fuzzer, lamina-roundtrip-fuzzer) are the conformance
inputs ("input" and "generic_input" of every case in the given .jsonl files)
and, optionally, the lit tests of the repository; bytecode seeds
(lamina-bytecode-fuzzer, with --bytecode) are the cases' bytecode. One file
per distinct input.

  make-seed-corpus.py OUT_DIR ../shared/conformance/cases/*.jsonl [--lit test]
  make-seed-corpus.py --bytecode OUT_DIR ../shared/conformance/cases/*.jsonl
"""
import argparse, base64, glob, gzip, hashlib, json, os


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("cases", nargs="*")
    ap.add_argument("--lit", action="append", default=[], help="directory of .mlir tests to add")
    ap.add_argument("--max-size", type=int, default=1 << 16, help="skip larger inputs")
    ap.add_argument("--bytecode", action="store_true", help="write the cases' bytecode instead of their text")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    written = 0

    def emit(text):
        nonlocal written
        data = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text
        if not data or len(data) > args.max_size:
            return
        path = os.path.join(args.out, hashlib.sha1(data).hexdigest())
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(data)
            written += 1

    for name in args.cases:
        opener = gzip.open if name.endswith(".gz") else open
        with opener(name, "rt") as fh:
            for line in fh:
                case = json.loads(line)
                if args.bytecode:
                    if isinstance(case.get("bytecode"), str):
                        emit(base64.b64decode(case["bytecode"]))
                    continue
                for key in ("input", "generic_input"):
                    if isinstance(case.get(key), str):
                        emit(case[key])
    for root in args.lit:
        for path in glob.glob(os.path.join(root, "**", "*.mlir"), recursive=True):
            with open(path, "rb") as f:
                emit(f.read())
    print(f"{written} new seeds in {args.out}")


if __name__ == "__main__":
    main()
