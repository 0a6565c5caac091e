#!/usr/bin/env python3
"""Feeds truncated and corrupted copies of a bytecode file to a tool.

usage: corrupt.py TOOL FILE [STEP]

Every truncation and, at every STEP-th offset, several byte replacements
are read with `TOOL --allow-unregistered-dialect --mlir-print-op-generic -`.
Each run must end within a few seconds with exit status 0, or 1 with an
`error:` diagnostic: never a signal, a hang or silence. Prints a summary
line and exits 1 on the first violation.
"""
import subprocess, sys

def run(tool, data):
    try:
        p = subprocess.run([tool, "--allow-unregistered-dialect", "--mlir-print-op-generic", "-"],
                           input=data, capture_output=True, timeout=10)
    except subprocess.TimeoutExpired:
        return "timeout"
    if p.returncode == 0:
        return None
    if p.returncode != 1:
        return f"exit status {p.returncode}"
    if b"error: " not in p.stderr:
        return "failed without an error diagnostic"
    return None

def main():
    tool, path = sys.argv[1], sys.argv[2]
    step = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    data = open(path, "rb").read()
    cases = [data[:n] for n in range(len(data))]
    for pos in range(4, len(data), step):
        for value in (0x00, 0xFF, data[pos] ^ 0x01, data[pos] ^ 0x80):
            if value != data[pos]:
                cases.append(data[:pos] + bytes([value]) + data[pos + 1:])
    for case in cases:
        problem = run(tool, case)
        if problem:
            sys.stdout.write(f"{problem} on a {len(case)}-byte input: {case.hex()}\n")
            return 1
    print(f"{len(cases)} damaged inputs rejected cleanly")
    return 0

if __name__ == "__main__":
    sys.exit(main())
