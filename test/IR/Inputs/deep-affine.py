#!/usr/bin/env python3
"""Prints an op whose affine map is nested KIND-deep COUNT times (inputs for
the parser's depth tests; mlir-opt itself overflows its stack on these)."""
import sys

kind, count = sys.argv[1], int(sys.argv[2])
if kind == "parens":
    body = "(" * count + "-d0" + ")" * count
elif kind == "negations":
    body = "- " * count
elif kind == "chain":
    body = "(" * count + "d0" + " + d1) floordiv 2" * count
else:
    sys.exit("unknown kind " + kind)
print('"t.o"() {a = affine_map<(d0, d1) -> (%s)>} : () -> ()' % body)
