#!/usr/bin/env python3
"""Writes a module of N functions that call each other, for the tests of
symbol-use verification in large symbol tables.

usage: gen-symbol-users.py N [valid|bad|bad-nested]

'bad' breaks two calls far apart: one to an undefined symbol inside an
scf.if region and one with the wrong result type; 'bad-nested' also one
inside a nested module. The verifier must report the one MLIR's walk meets
first."""
import sys

n = int(sys.argv[1])
mode = sys.argv[2] if len(sys.argv) > 2 else "valid"
bad_undefined = n // 4
bad_type = (3 * n) // 4
bad_nested = n // 2
out = []
for i in range(n):
    callee = f"@f{(i + 1) % n}"
    out.append(f"func.func @f{i}(%a: i32, %c: i1) -> i32 {{")
    if mode.startswith("bad") and i == bad_undefined:
        out.append("  %r = scf.if %c -> (i32) {")
        out.append(f"    %x = func.call @missing{i}(%a, %c) : (i32, i1) -> i32")
        out.append("    scf.yield %x : i32")
        out.append("  } else {")
        out.append("    scf.yield %a : i32")
        out.append("  }")
        out.append("  return %r : i32")
    elif mode.startswith("bad") and i == bad_type:
        out.append(f"  %x = func.call {callee}(%a, %c) : (i32, i1) -> i64")
        out.append("  return %a : i32")
    else:
        out.append("  %r = scf.if %c -> (i32) {")
        out.append(f"    %x = func.call {callee}(%a, %c) : (i32, i1) -> i32")
        out.append("    scf.yield %x : i32")
        out.append("  } else {")
        out.append("    scf.yield %a : i32")
        out.append("  }")
        out.append("  return %r : i32")
    out.append("}")
    if i == bad_nested:
        out.append(f"module @m{i} {{")
        out.append("  func.func @inner(%a: i32) -> i32 {")
        inner = "@nowhere" if mode == "bad-nested" else "@inner"
        out.append(f"    %x = func.call {inner}(%a) : (i32) -> i32")
        out.append("    return %x : i32")
        out.append("  }")
        out.append("}")
print("\n".join(out))
