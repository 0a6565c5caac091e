"""Lamina's Python bindings: `lamina.ir` (MLIR's `mlir.ir`) and
`lamina.passmanager` (MLIR's `mlir.passmanager`).

    from lamina.ir import Context, Module
    from lamina.passmanager import PassManager

    with Context():
        module = Module.parse("func.func @f() { return }")
        PassManager.parse("builtin.module(canonicalize)").run(module.operation)
        print(module)
"""
from ._lamina import __version__
from . import ir, passmanager

__all__ = ["ir", "passmanager", "__version__"]
