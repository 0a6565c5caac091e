#!/usr/bin/env python3
"""Parses a module, counts its operations by name, runs a pass pipeline on it
and prints the result: the work of

    lamina-opt --pass-pipeline='builtin.module(print-op-stats,canonicalize,cse)' FILE

done from Python with the `lamina` bindings (PYTHONPATH=build/python_packages).

usage: count_ops.py FILE [PIPELINE]   (counts go to stderr, the module to stdout)
"""
import sys
from collections import defaultdict

from lamina.ir import Context, Module
from lamina.passmanager import PassManager


def main():
    path = sys.argv[1]
    pipeline = sys.argv[2] if len(sys.argv) > 2 else "builtin.module(canonicalize,cse)"
    with Context():
        module = Module.parseFile(path)

        counts = defaultdict(int)

        def count(op):
            counts[op.name] += 1

        module.operation.walk(count)
        for name, n in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            print(f"{n:10d} {name}", file=sys.stderr)

        PassManager.parse(pipeline).run(module.operation)
        module.operation.print(file=sys.stdout)


if __name__ == "__main__":
    main()
