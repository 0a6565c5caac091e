"""Pass pipelines, shaped like MLIR's `mlir.passmanager`."""
from ._lamina import PassManager

__all__ = ["PassManager"]
