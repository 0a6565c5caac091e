#!/usr/bin/env python3
"""Compare lamina's float (and integer) attribute printing against mlir-opt.

Builds one large generic-form MLIR module holding every test value as a
scalar attribute (plus a few dense attributes), runs the reference mlir-opt
over it once, runs lamina's FloatPrintDriver over the same values, and
reports every value whose spelling differs.

Usage: utils/check-floats.py [--driver PATH] [--mlir-opt PATH] [--quick]

The driver is the test-only executable built from
unittests/Support/FloatPrintDriver.cpp (found in build/bin by default). If
mlir-opt is not installed the script says so and exits successfully (nothing
to compare against). Set CHECK_FLOATS_DUMP=<file> to keep the generated MLIR.

Values: a fixed list of interesting decimals plus random ones (read as a
double and converted, as mlir-opt does), and raw bit patterns given as hex
literals - every pattern of the 4-, 6- and 8-bit types (and, unless --quick,
of f16, bf16 and tf32), sampled patterns of the wider types.
"""

import argparse
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys

FLOAT_TYPES = [
    # name, total bits
    ("f16", 16), ("bf16", 16), ("f32", 32), ("f64", 64), ("f80", 80),
    ("f128", 128), ("tf32", 19), ("f8E5M2", 8), ("f8E5M2FNUZ", 8),
    ("f8E4M3", 8), ("f8E4M3FN", 8), ("f8E4M3FNUZ", 8), ("f8E4M3B11FNUZ", 8),
    ("f8E3M4", 8), ("f8E8M0FNU", 8), ("f6E3M2FN", 6), ("f6E2M3FN", 6),
    ("f4E2M1FN", 4),
]


def mlir_float_literal(text):
    """Makes a Python float spelling acceptable to MLIR (needs a '.')."""
    if "inf" in text or "nan" in text:
        return None
    mantissa, _, exp = text.partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + ("e" + exp if exp else "")


def decimal_values(rng, quick):
    """Decimal literals: fixed interesting values plus random ones."""
    values = [
        "0.0", "-0.0", "1.0", "-1.0", "0.1", "-0.1", "0.2", "0.3", "0.5",
        "1.5", "2.5", "3.0", "3.14159265358979", "3.141592653589793",
        "2.718281828459045", "10.0", "100.0", "1000.0", "1.0e10", "1.0e-10",
        "65504.0", "65505.0", "65519.0", "65520.0", "448.0", "464.0", "480.0",
        "240.0", "248.0", "256.0", "57344.0", "61440.0", "28.0", "30.0",
        "7.5", "6.0", "0.25", "0.125", "1.0e38", "3.4028234663852886e38",
        "3.4028235677973366e38", "1.17549435e-38", "1.4e-45", "7.0e-46",
        "1.0e300", "1.7976931348623157e308", "2.2250738585072014e-308",
        "4.9e-324", "2.4703282292062328e-324", "1.0e-320", "1.0e-400",
        "1.0e400", "-1.0e400", "123456789.0", "0.333333333333333",
        "1.0e-5", "1.0e-7", "9.999999e-5", "0.30000000000000004",
        "5.960464477539063e-08", "6.103515625e-05", "1.52587890625e-05",
        "0.0009765625", "0.001953125", "0.015625", "2.0e-3", "1.953125e-03",
        "9.5367431640625e-07", "1.0e20", "1.0e21", "1.0e22", "1.0e23",
        "12345.678", "-98765.4321", "0.1e1", "100.0e-2", "4.0e-7",
    ]
    for k in range(-40, 41):
        values.append(mlir_float_literal(repr(2.0 ** k)))
        values.append(mlir_float_literal(repr(1.5 * 2.0 ** k)))
        values.append(mlir_float_literal(repr(10.0 ** k)))
    count = 300 if quick else 2500
    for _ in range(count):
        kind = rng.random()
        if kind < 0.35:
            # Random digits at a random decimal magnitude.
            exp = rng.randint(-330, 310)
            digits = rng.randint(1, 17)
            mant = rng.uniform(1, 10)
            text = f"{mant:.{digits}e}"
            text = text.replace("e", "e") if exp == 0 else \
                text.split("e")[0] + f"e{exp}"
        elif kind < 0.6:
            # A random double, printed shortest.
            bits = rng.getrandbits(64)
            d = struct.unpack("<d", struct.pack("<Q", bits))[0]
            if math.isnan(d) or math.isinf(d):
                continue
            text = repr(d)
        elif kind < 0.8:
            # Small magnitudes where the narrow formats live.
            d = rng.uniform(-600, 600) * 2.0 ** rng.randint(-30, 5)
            text = repr(d)
        else:
            # Short decimals.
            d = round(rng.uniform(-1000, 1000), rng.randint(0, 4))
            text = repr(d)
        lit = mlir_float_literal(text)
        if lit:
            values.append(lit)
    seen = set()
    result = []
    for v in values:
        if v and v not in seen:
            seen.add(v)
            result.append(v)
    return result


def hex_values(name, bits, rng, quick):
    """Raw bit patterns: exhaustive up to 19 bits (8 unless quick), else sampled."""
    if bits <= 8 or (bits in (16, 19) and not quick):
        return [f"0x{v:X}" for v in range(1 << bits)]
    count = 400 if quick else 4000
    values = set()
    for _ in range(count):
        values.add(rng.getrandbits(bits))
    # Specials: zeros, infinities, NaNs, extremes, exponent edges.
    values.update({0, 1, (1 << (bits - 1)), (1 << bits) - 1,
                   (1 << (bits - 1)) - 1, (1 << (bits - 1)) + 1})
    if name == "f80":
        for sign in (0, 1):
            for exp in (0, 1, 0x3FFF, 0x7FFE, 0x7FFF):
                for mant in (0, 1, 1 << 62, 1 << 63, (1 << 63) | 1,
                             (1 << 64) - 1, (3 << 62)):
                    values.add((sign << 79) | (exp << 64) | mant)
        # Random patterns with the integer bit set (the common case).
        for _ in range(count // 2):
            values.add(rng.getrandbits(80) | (1 << 63))
    else:
        mant_bits = {"f16": 10, "bf16": 7, "f32": 23, "f64": 52,
                     "f128": 112, "tf32": 10}[name]
        exp_bits = bits - 1 - mant_bits
        for sign in (0, 1):
            for exp in (0, 1, (1 << (exp_bits - 1)) - 1, (1 << exp_bits) - 2,
                        (1 << exp_bits) - 1):
                for mant in (0, 1, 1 << (mant_bits - 1),
                             (1 << mant_bits) - 1, 1 << (mant_bits - 2)):
                    values.add((sign << (bits - 1)) | (exp << mant_bits) | mant)
        # Random normal numbers with moderate exponents.
        for _ in range(count // 2):
            exp = (1 << (exp_bits - 1)) - 1 + rng.randint(-40, 40)
            exp = min(max(exp, 0), (1 << exp_bits) - 1)
            values.add((rng.getrandbits(1) << (bits - 1)) |
                       (exp << mant_bits) | rng.getrandbits(mant_bits))
    return [f"0x{v:X}" for v in sorted(values)]


def int_values(rng):
    cases = [
        ("i128", "-170141183460469231731687303715884105728"),
        ("i128", "170141183460469231731687303715884105727"),
        ("ui8", "255"), ("si8", "-1"), ("i8", "255"), ("i8", "-128"),
        ("i64", "-9223372036854775808"),
        ("ui64", "18446744073709551615"), ("i64", "-1"),
        ("i65", "-1"), ("ui128", "340282366920938463463374607431768211455"),
        ("i32", "0x7FFFFFFF"), ("i32", "0xFFFFFFFF"), ("i16", "0x8000"), ("si16", "0x7FFF"),
    ]
    for width in (65, 100, 127, 128, 129, 200, 256, 512, 1000, 1024, 4096):
        for _ in range(6):
            v = rng.getrandbits(width - 1)
            sign = rng.random() < 0.5
            kind = rng.choice(["i", "si", "ui"])
            if kind == "ui":
                v = rng.getrandbits(width)
                cases.append((f"ui{width}", str(v)))
            else:
                cases.append((f"{kind}{width}", ("-" if sign else "") + str(v)))
            cases.append((f"i{width}", f"0x{rng.getrandbits(width):X}"))
    return cases


def attr_name(i):
    return f"v{i:07d}"


def run_oracle(mlir_opt, ops):
    text = "\n".join(ops) + "\n"
    if os.environ.get("CHECK_FLOATS_DUMP"):
        open(os.environ["CHECK_FLOATS_DUMP"], "w").write(text)
    proc = subprocess.run(
        [mlir_opt, "--allow-unregistered-dialect", "--mlir-print-op-generic"],
        input=text, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr[:4000])
        sys.exit("mlir-opt failed")
    return proc.stdout


ATTR_RE = re.compile(r"(v\d{7}) = (dense<[^>]*>|[^ ,}]+)")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--driver", default=None,
                        help="path to FloatPrintDriver")
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--quick", action="store_true",
                        help="fewer values (no exhaustive 16-bit sweep)")
    parser.add_argument("--seed", type=int, default=20250101)
    parser.add_argument("--show", type=int, default=30,
                        help="mismatches to print")
    args = parser.parse_args()

    mlir_opt = args.mlir_opt if os.path.exists(args.mlir_opt) else \
        shutil.which("mlir-opt")
    if not mlir_opt:
        print("check-floats: mlir-opt not found; skipping")
        return 0
    driver = args.driver
    if not driver:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        for candidate in ("build/bin/FloatPrintDriver",
                          "build/unittests/Support/FloatPrintDriver"):
            if os.path.exists(os.path.join(root, candidate)):
                driver = os.path.join(root, candidate)
                break
    if not driver or not os.path.exists(driver):
        sys.exit("check-floats: FloatPrintDriver not found; pass --driver")

    rng = random.Random(args.seed)
    decimals = decimal_values(rng, args.quick)

    # (type, literal) for every scalar case.
    cases = []
    for name, bits in FLOAT_TYPES:
        for lit in decimals:
            cases.append((name, lit))
        for lit in hex_values(name, bits, rng, args.quick):
            cases.append((name, lit))
    int_cases = int_values(rng)

    # One op per type keeps attribute dictionaries a sane size.
    ops = []
    index = 0
    expected_keys = []  # (attr name, kind, type, literal)
    per_op = 200
    chunk = []
    for kind, (ty, lit) in ([("float", c) for c in cases] +
                            [("int", c) for c in int_cases]):
        name = attr_name(index)
        index += 1
        chunk.append(f"{name} = {lit} : {ty}")
        expected_keys.append((name, kind, ty, lit))
        if len(chunk) == per_op:
            ops.append('"test.op"() {' + ", ".join(chunk) + "} : () -> ()")
            chunk = []
    if chunk:
        ops.append('"test.op"() {' + ", ".join(chunk) + "} : () -> ()")

    # A few dense attributes: each element must print like a scalar.
    dense_cases = []
    for name, bits in FLOAT_TYPES:
        sample = decimals[:40]
        attr = attr_name(index)
        index += 1
        ops.append('"test.op"() {' + f"{attr} = dense<[{', '.join(sample)}]> "
                   f": tensor<{len(sample)}x{name}>" + "} : () -> ()")
        dense_cases.append((attr, name, sample))

    output = run_oracle(mlir_opt, ops)
    oracle = {m.group(1): m.group(2) for m in ATTR_RE.finditer(output)}

    driver_input = []
    for _, kind, ty, lit in expected_keys:
        driver_input.append(f"int {ty} {lit}" if kind == "int" else f"{ty} {lit}")
    for _, ty, sample in dense_cases:
        for lit in sample:
            driver_input.append(f"dense {ty} {lit}")
    proc = subprocess.run([driver], input="\n".join(driver_input) + "\n",
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit("check-floats: driver failed: " + proc.stderr[:2000])
    ours = proc.stdout.split("\n")

    mismatches = []
    for i, (attr, kind, ty, lit) in enumerate(expected_keys):
        want = oracle.get(attr)
        got = ours[i]
        if want != got:
            mismatches.append(f"{ty} {lit}: mlir-opt {want!r}, lamina {got!r}")
    pos = len(expected_keys)
    dense_elements = 0
    for attr, ty, sample in dense_cases:
        want = oracle.get(attr, "")
        got_elems = ours[pos:pos + len(sample)]
        pos += len(sample)
        dense_elements += len(sample)
        want_elems = want[len("dense<["):-len("]>")].split(", ") \
            if want.startswith("dense<[") else [want]
        if want_elems != got_elems:
            mismatches.append(f"dense {ty}: mlir-opt {want!r}, lamina "
                              f"{'dense<[' + ', '.join(got_elems) + ']>'!r}")

    num_float = sum(1 for c in expected_keys if c[1] == "float")
    print(f"check-floats: {num_float} float values over {len(FLOAT_TYPES)} "
          f"types, {len(int_cases)} integers, {dense_elements} dense "
          f"elements; {len(mismatches)} mismatches")
    for line in mismatches[:args.show]:
        print("  " + line)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
