#!/usr/bin/env python3
"""Regenerates the CHECK lines of lit tests from the reference mlir-opt.

A test opts in with generator lines (flags are split as a shell would):
  `// GEN: <mlir-opt flags>`            mlir-opt's stdout becomes `// CHECK:` lines
  `// GEN-FOO: <mlir-opt flags>`        stdout, as `// FOO:` lines
  `// GENERR-FOO: <mlir-opt flags>`     stderr (any exit status), as `// FOO:` lines
  `// GENOUT-FOO: <mlir-opt flags>`     stdout (any exit status), as `// FOO:` lines
The script removes the check lines of those prefixes, runs
`/usr/lib/llvm-22/bin/mlir-opt <flags> -` on the file's text (without the
check lines) and inserts the output as `// PREFIX:` (first line) /
`// PREFIX-NEXT:` lines right after each generator line. Never edit those
lines by hand: rerun the script. A leading `mlir-opt: ` (command-line
errors name the tool) becomes `{{.+}}: `. Tests of stderr should feed the input on
stdin (`lamina-opt ... < %s`) so file names read `<stdin>` in both tools.

Usage: utils/update-mlir-checks.py test/Dialect/Func/ops.mlir [...]
"""
import re
import shlex
import subprocess
import sys

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
GEN_RE = re.compile(r"^// GEN(ERR|OUT)?(?:-([A-Z0-9_-]+?))?:(.*)$")


def update(path):
    lines = open(path).read().split("\n")
    gens = [(l, GEN_RE.match(l)) for l in lines]
    gens = [(l, m) for l, m in gens if m]
    if not gens:
        print(f"{path}: no `// GEN:` line, skipped")
        return
    prefixes = sorted({m.group(2) or "CHECK" for _, m in gens}, key=len, reverse=True)
    check_re = re.compile(r"^// (%s)(-NEXT|-LABEL|-EMPTY)?:" % "|".join(prefixes))
    kept = [l for l in lines if not check_re.match(l)]
    body = "\n".join(kept)
    outputs = {}
    for line, m in gens:
        flags = shlex.split(m.group(3))
        out = subprocess.run([MLIR_OPT, *flags, "-"], input=body, capture_output=True, text=True)
        if m.group(1) == "ERR":
            text = out.stderr
        elif m.group(1) == "OUT":
            text = out.stdout
        else:
            if out.returncode != 0:
                sys.exit(f"{path}: mlir-opt failed:\n{out.stderr}")
            text = out.stdout
        prefix = m.group(2) or "CHECK"
        checks = []
        for i, l in enumerate(text.rstrip("\n").split("\n")):
            if not l.strip():
                checks.append(f"// {prefix}-EMPTY:")
                continue
            # `[[` and `{{` open FileCheck variables and regexes: match them literally.
            l = re.sub(r"\[\[|\{\{", lambda mm: "{{\\[\\[}}" if mm.group(0) == "[[" else "{{\\{\\{}}", l)
            # Messages that start with the tool's name (LLVM's command-line
            # errors) match any tool name.
            l = re.sub(r"^mlir-opt: ", "{{.+}}: ", l)
            checks.append((f"// {prefix}: " if i == 0 else f"// {prefix}-NEXT: ") + l)
        outputs[line] = checks
    result = []
    for l in kept:
        result.append(l)
        if l in outputs:
            result.extend(outputs[l])
    open(path, "w").write("\n".join(result))


for p in sys.argv[1:]:
    update(p)
