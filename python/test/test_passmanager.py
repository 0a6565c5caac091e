"""Tests of lamina.passmanager (MLIR's mlir.passmanager). Expected IR text is
what mlir-opt prints for the same input and pipeline."""
import unittest

from lamina.ir import Context, Location, MLIRError, Module
from lamina.passmanager import PassManager

# mlir-opt --pass-pipeline='builtin.module(func.func(canonicalize))' prints
# SIMPLIFIED for INPUT.
INPUT = """\
func.func @f(%arg0: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %arg0, %c0 : i32
  %1 = arith.muli %0, %arg0 : i32
  return %1 : i32
}
"""

SIMPLIFIED = """\
module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = arith.muli %arg0, %arg0 : i32
    return %0 : i32
  }
}
"""


class PassManagerTest(unittest.TestCase):
    def test_parse_run(self):
        with Context():
            pm = PassManager.parse("builtin.module(func.func(canonicalize))")
            self.assertIn("func.func(canonicalize{", str(pm))
            module = Module.parse(INPUT)
            pm.run(module.operation)
            self.assertEqual(str(module), SIMPLIFIED)
            # A Module is accepted too.
            pm.run(module)
            self.assertEqual(str(module), SIMPLIFIED)

    def test_add(self):
        with Context():
            pm = PassManager("builtin.module")
            pm.add("func.func(canonicalize)")
            module = Module.parse(INPUT)
            pm.run(module)
            self.assertEqual(str(module), SIMPLIFIED)

    def test_parse_errors(self):
        with Context():
            with self.assertRaises(ValueError) as cm:
                PassManager.parse("builtin.module(no-such-pass)")
            self.assertIn("'no-such-pass' does not refer to a registered pass or pass pipeline", str(cm.exception))
            pm = PassManager("builtin.module")
            with self.assertRaises(ValueError):
                pm.add("func.func(")

    def test_run_failure(self):
        with Context():
            # The verifier runs after the passes: IR made invalid from Python
            # makes the pipeline fail with its diagnostics.
            module = Module.parse(INPUT)
            func = module.body.operations[0]
            ret = func.regions[0].blocks[0].operations[3]
            ret.erase()
            pm = PassManager.parse("builtin.module(func.func(canonicalize))")
            with self.assertRaises(MLIRError) as cm:
                pm.run(module)
            self.assertEqual(cm.exception.message, "Failure while executing pass pipeline")
            self.assertTrue(cm.exception.error_diagnostics)


if __name__ == "__main__":
    unittest.main()
