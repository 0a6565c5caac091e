#!/usr/bin/env python3
"""Writes small inputs that ask for absurd memory or time (see
resource-limits.mlir). Usage: hostile.py KIND, KIND one of:
  wide-dense     2000 elements of i16777215 (4 GB of storage)
  wide-attrs     2000 distinct integer attributes of i16777215 (4 GB)
  wide-array     a dense array of 2000 i16777208 elements (4 GB)
  long-decimal   a decimal literal of a million digits for i16777215
  narrow-decimal the same for i64
  huge-hex       a hexadecimal literal of four million digits (16M bits)
  deep-array     100000 nested array attributes
  deep-dict      100000 nested dictionary attributes
  deep-type      100000 nested tuple types
  deep-loc       100000 nested fused locations
"""
import sys

n = 100000
kind = sys.argv[1]
if kind == "wide-dense":
    print('"test.op"() {a = dense<[' + ", ".join(["1"] * 2000) + ']> : tensor<2000xi16777215>} : () -> ()')
elif kind == "wide-attrs":
    print('"test.op"() {' + ", ".join(f"a{i} = {i} : i16777215" for i in range(2000)) + "} : () -> ()")
elif kind == "wide-array":
    print('"test.op"() {a = array<i16777208: ' + ", ".join(["1"] * 2000) + ">} : () -> ()")
elif kind == "long-decimal":
    print('"test.op"() {a = ' + "9" * 1000000 + " : i16777215} : () -> ()")
elif kind == "narrow-decimal":
    print('"test.op"() {a = ' + "9" * 1000000 + " : i64} : () -> ()")
elif kind == "huge-hex":
    print('"test.op"() {a = 0x' + "7" + "f" * 3999999 + " : i16777215} : () -> ()")
elif kind == "deep-array":
    print('"test.op"() {a = ' + "[" * n + "]" * n + "} : () -> ()")
elif kind == "deep-dict":
    print('"test.op"() {a = ' + "{a = " * n + "1" + "}" * n + "} : () -> ()")
elif kind == "deep-type":
    print('"test.op"() : () -> ' + "tuple<" * n + "i32" + ">" * n)
elif kind == "deep-loc":
    print('"test.op"() : () -> () loc(' + "fused[" * n + "unknown" + "]" * n + ")")
else:
    sys.exit(f"unknown kind {kind}")
