#!/usr/bin/env python3
"""Feeds truncated and corrupted copies of a bytecode file to a tool.

usage: corrupt.py TOOL FILE [STEP]

Every truncation and, at every STEP-th offset, several byte replacements
are read with `TOOL --allow-unregistered-dialect --mlir-print-op-generic -`.
Each run must end within a few seconds with exit status 0, or 1 with an
`error:` diagnostic: never a signal, a hang or silence. Prints a summary
line and exits 1 on the first violation.

In sanitizer builds (lit sets LAMINA_SANITIZER) the damaged inputs run
in-process, through `lamina-corpus-replay` (its `reject` check is the one
above; a signal or sanitizer report ends it): an instrumented lamina-opt
takes ~0.15 s to start, which for a few thousand inputs was most of the
ASan lit run.
"""
import os, shutil, subprocess, sys, tempfile

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

def run_in_process(replay, cases):
    """The cases through `replay` (lamina-corpus-replay's records: fields
    as `<length>\\n<bytes>`); a description of the first failure, or None."""
    def field(b):
        return str(len(b)).encode() + b"\n" + b
    args = [b"--allow-unregistered-dialect", b"--mlir-print-op-generic"]  # the input "-" is added
    with tempfile.NamedTemporaryFile(suffix=".records", delete=False) as f:
        for i, case in enumerate(cases):
            f.write(b"".join(field(x) for x in [str(i).encode(), b"damaged", b"reject", case, b"",
                                                 str(len(args)).encode()] + args))
        path = f.name
    try:
        p = subprocess.run([replay, "--timeout", "60", path], capture_output=True)
    finally:
        os.unlink(path)
    if p.returncode == 0:
        return None
    lines = p.stderr.decode(errors="replace").splitlines()
    started = [l for l in lines if l.startswith("lamina-corpus-replay: case ")]
    failed = [l for l in lines if "FAIL" in l]
    if failed:
        index = int(failed[0].split("FAIL ", 1)[1].split(" ", 1)[0])
        return f"{failed[0]} on a {len(cases[index])}-byte input: {cases[index].hex()}"
    if started:
        index = int(started[-1].split("case ", 1)[1].split(" ", 1)[0])
        tail = "\n".join(lines[-40:])
        return (f"exit status {p.returncode} on a {len(cases[index])}-byte input: {cases[index].hex()}\n{tail}")
    return f"lamina-corpus-replay failed (exit status {p.returncode}): " + "\n".join(lines[-20:])

def main():
    tool, path = sys.argv[1], sys.argv[2]
    step = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    data = open(path, "rb").read()
    cases = [data[:n] for n in range(len(data))]
    for pos in range(4, len(data), step):
        for value in (0x00, 0xFF, data[pos] ^ 0x01, data[pos] ^ 0x80):
            if value != data[pos]:
                cases.append(data[:pos] + bytes([value]) + data[pos + 1:])
    replay = shutil.which("lamina-corpus-replay") if os.environ.get("LAMINA_SANITIZER") else None
    if replay:
        problem = run_in_process(replay, cases)
        if problem:
            sys.stdout.write(problem + "\n")
            return 1
    else:
        for case in cases:
            problem = run(tool, case)
            if problem:
                sys.stdout.write(f"{problem} on a {len(case)}-byte input: {case.hex()}\n")
                return 1
    print(f"{len(cases)} damaged inputs rejected cleanly")
    return 0

if __name__ == "__main__":
    sys.exit(main())
