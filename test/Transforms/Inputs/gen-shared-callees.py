#!/usr/bin/env python3
"""Writes N groups of functions for inline: private @h<k> is called by @a<k>
and @b<k>, which the bottom-up walk reaches one after the other, so the first
clones @h<k> and the second moves it; every third group adds a private @m<k>
between @b<k> and @h<k>, and every fifth @a<k> also calls @h<k-1>, so that
callers of different groups share callees too. Usage: gen-shared-callees.py N
"""
import sys

n = int(sys.argv[1])
out = []
for k in range(n):
    out.append(f"""func.func private @h{k}(%x: i32) -> i32 {{
  %c = arith.constant {k} : i32
  %r = arith.addi %x, %c : i32
  return %r : i32
}}""")
    if k % 3 == 0:
        out.append(f"""func.func private @m{k}(%x: i32) -> i32 {{
  %r = call @h{k}(%x) : (i32) -> i32
  %s = arith.muli %r, %r : i32
  return %s : i32
}}""")
    extra = ""
    if k % 5 == 0 and k > 0:
        extra = f"\n  %t = call @h{k - 1}(%r) : (i32) -> i32"
    last = "%t" if extra else "%r"
    out.append(f"""func.func @a{k}(%x: i32) -> i32 {{
  %r = call @h{k}(%x) : (i32) -> i32{extra}
  return {last} : i32
}}""")
    callee = f"@m{k}" if k % 3 == 0 else f"@h{k}"
    out.append(f"""func.func @b{k}(%x: i32) -> i32 {{
  %r = call {callee}(%x) : (i32) -> i32
  return %r : i32
}}""")
print("\n".join(out))
