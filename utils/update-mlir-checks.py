#!/usr/bin/env python3
"""Regenerates the CHECK lines of lit tests from the reference mlir-opt.

A test opts in with a line `// GEN: <mlir-opt flags>`. The script removes its
`// CHECK` lines, runs `/usr/lib/llvm-22/bin/mlir-opt <flags> <file>` and
inserts the output as `// CHECK:` (first line) / `// CHECK-NEXT:` lines right
after the GEN line. Never edit those lines by hand: rerun the script.

Usage: utils/update-mlir-checks.py test/Dialect/Func/ops.mlir [...]
"""
import re
import subprocess
import sys

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"


def update(path):
    lines = open(path).read().split("\n")
    gen = [l for l in lines if l.startswith("// GEN:")]
    if not gen:
        print(f"{path}: no `// GEN:` line, skipped")
        return
    flags = gen[0][len("// GEN:"):].split()
    kept = [l for l in lines if not re.match(r"^// CHECK(-NEXT|-LABEL|-EMPTY)?:", l)]
    body = "\n".join(kept)
    out = subprocess.run([MLIR_OPT, *flags, "-"], input=body, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{path}: mlir-opt failed:\n{out.stderr}")
    checks = []
    for i, l in enumerate(out.stdout.rstrip("\n").split("\n")):
        if not l.strip():
            checks.append("// CHECK-EMPTY:")
            continue
        # `[[` and `{{` open FileCheck variables and regexes: match them literally.
        l = re.sub(r"\[\[|\{\{", lambda m: "{{\\[\\[}}" if m.group(0) == "[[" else "{{\\{\\{}}", l)
        checks.append(("// CHECK: " if i == 0 else "// CHECK-NEXT: ") + l)
    result = []
    for l in kept:
        result.append(l)
        if l.startswith("// GEN:"):
            result.extend(checks)
    open(path, "w").write("\n".join(result))


for p in sys.argv[1:]:
    update(p)
