#!/usr/bin/env python3
"""Writes a module for symbol-dce with N groups at its top level: a public
@f<k> calling a private @h<k>, a private @dead<k> that nothing uses, and
every fourth group a nested module (a symbol table of its own) with a dead
private function, a live public one, and a private one the live one calls.
Enough top-level ops for the pass to search them in parallel.
Usage: gen-symbol-dce.py N
"""
import sys

n = int(sys.argv[1])
out = []
for k in range(n):
    out.append(f"""func.func @f{k}(%x: i32) -> i32 {{
  %r = call @h{k}(%x) : (i32) -> i32
  return %r : i32
}}
func.func private @h{k}(%x: i32) -> i32 {{
  return %x : i32
}}
func.func private @dead{k}(%x: i32) -> i32 {{
  return %x : i32
}}""")
    if k % 4 == 0:
        out.append(f"""module @m{k} {{
  func.func private @inner_dead{k}() {{
    return
  }}
  func.func @inner_live{k}() {{
    call @inner_used{k}() : () -> ()
    return
  }}
  func.func private @inner_used{k}() {{
    return
  }}
}}""")
print("\n".join(out))
