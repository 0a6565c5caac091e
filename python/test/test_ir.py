"""Tests of lamina.ir (run with `python3 -m unittest` or pytest, with
PYTHONPATH=build/python_packages). Expected IR text is what mlir-opt prints
for the same input."""
import io
import unittest

from lamina.ir import (
    ArrayAttr,
    Attribute,
    Block,
    BlockArgument,
    BoolAttr,
    Context,
    DenseElementsAttr,
    DiagnosticSeverity,
    DictAttr,
    F32Type,
    FloatAttr,
    FunctionType,
    IndexType,
    InsertionPoint,
    IntegerAttr,
    IntegerType,
    Location,
    MemRefType,
    MLIRError,
    Module,
    OpResult,
    Operation,
    RankedTensorType,
    ShapedType,
    StringAttr,
    Type,
    TypeAttr,
    UnitAttr,
    VectorType,
    WalkOrder,
    WalkResult,
)

ADD = """\
func.func @add(%arg0: i32, %arg1: i32) -> i32 {
  %0 = arith.addi %arg0, %arg1 : i32
  %c1 = arith.constant 1 : i32
  %1 = arith.muli %0, %c1 : i32
  return %1 : i32
}
"""

ADD_PRINTED = """\
module {
  func.func @add(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    %c1_i32 = arith.constant 1 : i32
    %1 = arith.muli %0, %c1_i32 : i32
    return %1 : i32
  }
}
"""


class ContextTest(unittest.TestCase):
    def test_current(self):
        with self.assertRaises(ValueError):
            Context.current
        with Context() as ctx:
            self.assertIs(Context.current, ctx)
            with Location.unknown() as loc:
                self.assertIs(Location.current, loc)
                self.assertIs(Context.current, ctx)
        with self.assertRaises(ValueError):
            Module.parse("")

    def test_unregistered(self):
        with Context() as ctx:
            self.assertFalse(ctx.allow_unregistered_dialects)
            with self.assertRaises(MLIRError):
                Module.parse('"foo.bar"() : () -> ()')
            ctx.allow_unregistered_dialects = True
            module = Module.parse('"foo.bar"() : () -> ()')
            self.assertEqual(module.body.operations[0].name, "foo.bar")
            self.assertFalse(module.body.operations[0].is_registered)
            self.assertTrue(ctx.is_registered_operation("arith.addi"))
            self.assertIn("arith", ctx.dialects)


class ModuleTest(unittest.TestCase):
    def test_parse_print(self):
        with Context():
            module = Module.parse(ADD)
            self.assertEqual(str(module), ADD_PRINTED)
            self.assertEqual(str(module.operation), ADD_PRINTED)
            out = io.StringIO()
            module.operation.print(file=out)
            self.assertEqual(out.getvalue(), ADD_PRINTED)
            generic = module.operation.get_asm(print_generic_op_form=True)
            self.assertIn('"arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32', generic)

    def test_parse_error(self):
        with Context():
            with self.assertRaises(MLIRError) as cm:
                Module.parse("func.func @f() {\n  %0 = \n}\n")
            error = cm.exception
            self.assertEqual(error.message, "Unable to parse module assembly")
            self.assertEqual(len(error.error_diagnostics), 1)
            diag = error.error_diagnostics[0]
            self.assertEqual(diag.message, "expected operation name in quotes")
            self.assertEqual(str(diag.location), 'loc("-":2:7)')
            self.assertEqual(
                str(error),
                'Unable to parse module assembly:\nerror: "-":2:7: expected operation name in quotes',
            )

    def test_verifier_error_at_parse(self):
        with Context():
            with self.assertRaises(MLIRError) as cm:
                Module.parse("func.func @f() -> i32 {\n  return\n}\n")
            self.assertEqual(
                cm.exception.error_diagnostics[0].message,
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
            )

    def test_bytecode(self):
        with Context():
            module = Module.parse(ADD)
            buffer = io.BytesIO()
            module.operation.write_bytecode(buffer)
            data = buffer.getvalue()
            self.assertTrue(data.startswith(b"ML\xefR"))
            self.assertEqual(str(Module.parse_bytecode(data)), ADD_PRINTED)
            self.assertEqual(str(Module.parse(data)), ADD_PRINTED)
            self.assertEqual(module.operation.get_asm(binary=True), data)
            old = io.BytesIO()
            module.operation.write_bytecode(old, desired_version=1)
            self.assertEqual(str(Module.parse_bytecode(old.getvalue())), ADD_PRINTED)
            with self.assertRaises(MLIRError) as cm:
                module.operation.write_bytecode(io.BytesIO(), desired_version=99)
            self.assertIn("unsupported version requested 99", cm.exception.error_diagnostics[0].message)
            with self.assertRaises(MLIRError):
                Module.parse_bytecode(b"module {}")

    def test_parse_file(self):
        import os
        import tempfile

        with Context():
            with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
                f.write(ADD)
            try:
                self.assertEqual(str(Module.parseFile(f.name)), ADD_PRINTED)
            finally:
                os.unlink(f.name)
            with self.assertRaises(ValueError):
                Module.parseFile("/nonexistent/file.mlir")


class WalkTest(unittest.TestCase):
    def test_walk_orders(self):
        with Context():
            module = Module.parse(ADD)
            names = []
            module.operation.walk(lambda op: names.append(op.name))
            self.assertEqual(
                names, ["arith.addi", "arith.constant", "arith.muli", "func.return", "func.func", "builtin.module"]
            )
            names = []

            def skip_funcs(op):
                names.append(op.name)
                return WalkResult.SKIP if op.name == "func.func" else WalkResult.ADVANCE

            module.operation.walk(skip_funcs, walk_order=WalkOrder.PRE_ORDER)
            self.assertEqual(names, ["builtin.module", "func.func"])
            names = []

            def stop(op):
                names.append(op.name)
                return WalkResult.INTERRUPT

            module.operation.walk(stop)
            self.assertEqual(names, ["arith.addi"])

    def test_walk_error_propagates(self):
        with Context():
            module = Module.parse(ADD)

            def fail(op):
                raise KeyError("boom")

            with self.assertRaises(KeyError):
                module.operation.walk(fail)

    def test_structure(self):
        with Context():
            module = Module.parse(ADD)
            func = module.body.operations[0]
            self.assertEqual(func.name, "func.func")
            self.assertEqual(func.parent, module.operation)
            self.assertEqual(len(func.regions), 1)
            entry = func.regions[0].blocks[0]
            self.assertEqual(entry.owner, func)
            self.assertEqual(len(entry.arguments), 2)
            self.assertEqual([str(t) for t in entry.arguments.types], ["i32", "i32"])
            ops = list(entry)
            self.assertEqual([op.name for op in ops], ["arith.addi", "arith.constant", "arith.muli", "func.return"])
            self.assertEqual([op.name for op in entry.operations], [op.name for op in ops])
            add = ops[0]
            lhs = add.operands[0]
            self.assertIsInstance(lhs, BlockArgument)
            self.assertEqual(lhs.arg_number, 0)
            self.assertEqual(lhs.owner, entry)
            self.assertIsInstance(add.result, OpResult)
            self.assertEqual(add.result.owner, add)
            self.assertEqual(add.result.result_number, 0)
            self.assertEqual(add.result.get_name(), "%0")
            self.assertEqual(ops[1].result.get_name(), "%c1_i32")
            self.assertIsInstance(add.result.type, IntegerType)
            self.assertEqual(add.result.type.width, 32)
            self.assertEqual(add.results[0], add.result)
            self.assertEqual(add.results[-1], add.result)
            self.assertEqual(add.operands[1], entry.arguments[1])
            self.assertEqual(str(ops[-1]), "func.return %1 : i32")
            self.assertEqual(func.attributes["sym_name"].value, "add")
            self.assertIn("function_type", func.attributes)
            self.assertIsInstance(func.attributes["function_type"], TypeAttr)
            self.assertIsInstance(func.attributes["function_type"].value, FunctionType)
            self.assertEqual(sorted(a.name for a in func.attributes), ["function_type", "sym_name"])
            self.assertEqual(str(func.location), 'loc("-":1:1)')
            with self.assertRaises(IndexError):
                add.operands[2]
            with self.assertRaises(ValueError):
                func.result


class BuildTest(unittest.TestCase):
    def test_insertion_point(self):
        with Context(), Location.unknown():
            module = Module.create()
            i64 = IntegerType.get_signless(64)
            ftype = FunctionType.get([i64], [i64])
            with InsertionPoint(module.body):
                func = Operation.create(
                    "func.func",
                    attributes={"sym_name": StringAttr.get("twice"), "function_type": TypeAttr.get(ftype)},
                    regions=1,
                )
            entry = Block.create_at_start(func.regions[0], [i64])
            with InsertionPoint(entry):
                two = Operation.create("arith.constant", results=[i64], attributes={"value": IntegerAttr.get(i64, 2)})
                mul = Operation.create("arith.muli", results=[i64], operands=[entry.arguments[0], two.result])
                ret = Operation.create("func.return", operands=[mul.result])
            self.assertTrue(module.operation.verify())
            self.assertEqual(
                str(module),
                """\
module {
  func.func @twice(%arg0: i64) -> i64 {
    %c2_i64 = arith.constant 2 : i64
    %0 = arith.muli %arg0, %c2_i64 : i64
    return %0 : i64
  }
}
""",
            )
            # Insert before an operation, clone, erase, attributes.
            with InsertionPoint(mul):
                copy = two.clone()
            mul.operands[1] = copy.result
            two.erase()
            mul.attributes["note"] = UnitAttr.get()
            self.assertEqual(
                str(func),
                """\
func.func @twice(%arg0: i64) -> i64 {
  %c2_i64 = arith.constant 2 : i64
  %0 = arith.muli %arg0, %c2_i64 {note} : i64
  return %0 : i64
}""",
            )
            del mul.attributes["note"]
            self.assertNotIn("note", mul.attributes)
            ip = InsertionPoint.at_block_terminator(entry)
            self.assertEqual(ip.block, entry)
            self.assertEqual(ret.block, entry)

    def test_verify_error(self):
        with Context(), Location.unknown():
            module = Module.create()
            with InsertionPoint(module.body):
                Operation.create("func.return")
            with self.assertRaises(MLIRError) as cm:
                module.operation.verify()
            self.assertEqual(cm.exception.message, "Verification failed")
            self.assertIn("'func.return' op expects parent op", cm.exception.error_diagnostics[0].message)

    def test_detached_operation_lifetime(self):
        with Context(), Location.unknown():
            op = Operation.create("arith.constant", results=[IndexType.get()],
                                  attributes={"value": IntegerAttr.get(IndexType.get(), 7)})
            result = op.result
            del op
            # The result keeps its detached operation alive.
            # A detached operation prints as a top-level one: with a newline.
            self.assertEqual(str(result.owner), "%c7 = arith.constant 7 : index\n")
            module = Module.create()
            module.body.append(result.owner)
            self.assertEqual(str(module), "module {\n  %c7 = arith.constant 7 : index\n}\n")
            parsed = Operation.parse("%0 = arith.constant 1 : i8")
            self.assertEqual(parsed.name, "arith.constant")


class TypeAttributeTest(unittest.TestCase):
    def test_types(self):
        with Context():
            f32 = F32Type.get()
            tensor = RankedTensorType.get([4, ShapedType.get_dynamic_size()], f32)
            self.assertEqual(str(tensor), "tensor<4x?xf32>")
            self.assertEqual(tensor.shape, [4, ShapedType.get_dynamic_size()])
            self.assertEqual(tensor.rank, 2)
            self.assertFalse(tensor.has_static_shape)
            self.assertTrue(tensor.is_dynamic_dim(1))
            self.assertEqual(tensor.element_type, f32)
            parsed = Type.parse("tensor<4x?xf32>")
            self.assertIsInstance(parsed, RankedTensorType)
            self.assertEqual(parsed, tensor)
            self.assertEqual(hash(parsed), hash(tensor))
            self.assertTrue(ShapedType.isinstance(parsed))
            self.assertFalse(IntegerType.isinstance(parsed))
            with self.assertRaises(ValueError):
                IntegerType(parsed)
            self.assertEqual(str(MemRefType.get([2], IndexType.get())), "memref<2xindex>")
            self.assertEqual(IntegerType.get_unsigned(8).is_unsigned, True)
            self.assertEqual(str(FunctionType.get([f32], [])), "(f32) -> ()")
            with self.assertRaises(MLIRError) as cm:
                VectorType.get([-1], f32)
            self.assertIn("vector types must have positive constant sizes", cm.exception.error_diagnostics[0].message)
            with self.assertRaises(MLIRError):
                Type.parse("i32>")

    def test_attributes(self):
        with Context():
            i32 = IntegerType.get_signless(32)
            array = ArrayAttr.get([IntegerAttr.get(i32, -7), FloatAttr.get_f32(0.5), StringAttr.get("s")])
            self.assertEqual(str(array), '[-7 : i32, 5.000000e-01 : f32, "s"]')
            self.assertEqual(len(array), 3)
            self.assertEqual(array[0].value, -7)
            self.assertIsInstance(array[1], FloatAttr)
            self.assertEqual(array[1].value, 0.5)
            self.assertEqual([str(a) for a in array], ["-7 : i32", "5.000000e-01 : f32", '"s"'])
            d = DictAttr.get({"b": IntegerAttr.get(i32, 1), "a": BoolAttr.get(True)})
            self.assertEqual(str(d), "{a = true, b = 1 : i32}")
            self.assertTrue(d["a"].value)
            self.assertIn("b", d)
            dense = Attribute.parse("dense<[1, 2]> : vector<2xi8>")
            self.assertIsInstance(dense, DenseElementsAttr)
            self.assertEqual(len(dense), 2)
            self.assertEqual(dense[1].value, 2)
            self.assertEqual(str(dense.type), "vector<2xi8>")
            self.assertIsInstance(Attribute.parse("unit"), UnitAttr)
            with self.assertRaises(MLIRError):
                Attribute.parse("[1,")

    def test_locations(self):
        with Context():
            loc = Location.file("a.mlir", 3, 4)
            self.assertEqual(str(loc), 'loc("a.mlir":3:4)')
            self.assertEqual(str(Location.name("x", loc)), 'loc("x"("a.mlir":3:4))')
            other = Location.file("b.mlir", 5, 6)
            self.assertEqual(str(Location.fused([loc, other])), 'loc(fused["a.mlir":3:4, "b.mlir":5:6])')
            # Unknown locations are dropped and a single one stays as it is.
            self.assertEqual(str(Location.fused([loc, Location.unknown()])), 'loc("a.mlir":3:4)')


class DiagnosticTest(unittest.TestCase):
    def test_handler(self):
        with Context() as ctx:
            seen = []

            def handler(diag):
                seen.append((diag.severity, diag.message, str(diag.location)))
                return True

            handler_id = ctx.attach_diagnostic_handler(handler)
            Location.file("a.mlir", 1, 2).emit_error("boom")
            self.assertEqual(seen, [(DiagnosticSeverity.ERROR, "boom", 'loc("a.mlir":1:2)')])
            # While an API call runs, its errors become the MLIRError it raises
            # instead of reaching the handlers.
            with self.assertRaises(MLIRError):
                Module.parse("func.func @f() {")
            self.assertEqual(len(seen), 1)

            # A handler that returns False passes the diagnostic on.
            passed = []
            outer = ctx.attach_diagnostic_handler(lambda d: passed.append(d.message) or True)
            inner = ctx.attach_diagnostic_handler(lambda d: False)
            Location.unknown().emit_error("passed on")
            self.assertEqual(passed, ["passed on"])
            ctx.detach_diagnostic_handler(inner)
            ctx.detach_diagnostic_handler(outer)
            ctx.detach_diagnostic_handler(handler_id)

    def test_handler_exception(self):
        with Context() as ctx:
            def handler(diag):
                raise RuntimeError("from the handler")

            ctx.attach_diagnostic_handler(handler)
            # The exception cannot propagate through Lamina: it is printed and
            # the diagnostic counts as not handled.
            Location.unknown().emit_error("boom")


if __name__ == "__main__":
    unittest.main()
