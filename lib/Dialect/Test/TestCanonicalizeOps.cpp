//===- TestCanonicalizeOps.cpp - test ops the canonicalize tests use ------===//
//
// Operations of mlir/test/lib/Dialect/Test/TestOps.td that the tests of
// folding and canonicalization exercise, and the test dialect's constant
// materialization (test.constant):
//
//   test.br                      BranchOpInterface terminator, one successor
//   test.producing_br            two successors: #0 takes the second operand
//                                group, #1 the first; one i32 result
//   test.test_effects_result     allocates and writes its own i32 result
//   test.fold_with_fold_adaptor  folds to op + 2 * variadic + 3 * var_of_var
//                                + 4 * (blocks of its body), constants only
//   test.manual_cpp_op_with_fold folds to the value of its first operand
//   test.constant                (TestOps.cpp) folds to its value
//
#include "lamina/Dialect/Test/TestDialect.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/OpFoldResult.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;

//===----------------------------------------------------------------------===//
// Branches
//===----------------------------------------------------------------------===//

static SuccessorOperands brSuccessorOperands(Operation *op, unsigned) {
  return SuccessorOperands(MutableOperandRange(op));
}

/// Successor #0 takes the second operand group, #1 the first (as mlir-opt's
/// verifier reports them).
static SuccessorOperands producingBrSuccessorOperands(Operation *op, unsigned index) {
  unsigned group = index == 0 ? 1 : 0;
  auto [start, length] = ods::getODSOperandIndexAndLength(op, group);
  return SuccessorOperands(MutableOperandRange(op, start, length, {"operandSegmentSizes", group}));
}

//===----------------------------------------------------------------------===//
// Effects
//===----------------------------------------------------------------------===//

static void effectsResultEffects(Operation *op, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Allocate::get(), op->getResult(0)));
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Write::get(), op->getResult(0)));
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

static OpFoldResult foldTestConstant(Operation *op, ArrayRef<Attribute>) { return op->getAttr("value"); }

static int64_t intValue(Attribute attr) {
  auto i = dyn_cast_or_null<IntegerAttr>(attr);
  return i ? i.getValue().getSExtValue() : 0;
}

static OpFoldResult foldWithFoldAdaptor(Operation *op, ArrayRef<Attribute> operands) {
  int64_t sum = intValue(operands.empty() ? Attribute() : operands[0]);
  auto [variadicStart, variadicLength] = ods::getODSOperandIndexAndLength(op, 1);
  for (unsigned i = variadicStart; i < variadicStart + variadicLength; ++i)
    sum += 2 * intValue(operands[i]);
  auto [varStart, varLength] = ods::getODSOperandIndexAndLength(op, 2);
  for (unsigned i = varStart; i < varStart + varLength; ++i)
    sum += 3 * intValue(operands[i]);
  sum += 4 * int64_t(op->getRegion(0).getNumBlocks());
  return IntegerAttr::get(op->getResult(0).getType(), sum);
}

static OpFoldResult foldManualCppOp(Operation *, ArrayRef<Attribute> operands) {
  return operands.empty() ? OpFoldResult() : OpFoldResult(operands.front());
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void lamina::registerTestCanonicalizeOps(Dialect &dialect) {
  ods::OpDef("test.br")
      .variadicOperand("targetOperands", ods::AnyType())
      .successor("target")
      .traits({ods::Implements<BranchOpInterface>({brSuccessorOperands}), ods::IsTerminator()})
      .registerIn(dialect);
  ods::OpDef("test.producing_br")
      .variadicOperand("firstOperands", ods::AnyType())
      .variadicOperand("secondOperands", ods::AnyType())
      .result("dummy", ods::I(32))
      .successor("first")
      .successor("second")
      .traits({ods::Implements<BranchOpInterface>({producingBrSuccessorOperands}), ods::IsTerminator(),
               ods::AttrSizedOperandSegments()})
      .registerIn(dialect);
  ods::OpDef("test.test_effects_result")
      .result("result", ods::I(32))
      .trait(ods::Implements<MemoryEffectOpInterface>({effectsResultEffects}))
      .registerIn(dialect);
  ods::OpDef("test.fold_with_fold_adaptor")
      .operand("op", ods::I(32))
      .attr("attr", ods::DenseI32ArrayAttr())
      .variadicOperand("variadic", ods::I(32))
      .variadicOfVariadicOperand("var_of_var", ods::I(32), "attr")
      .result("res", ods::I(32))
      .region("body", ods::AnyRegion())
      .traits({ods::AttrSizedOperandSegments(), ods::NoTerminator()})
      .format("$op `,` `[` $variadic `]` `,` `{` $var_of_var `}` $body attr-dict-with-keyword")
      .registerIn(dialect);
  ods::OpDef("test.manual_cpp_op_with_fold")
      .variadicOperand("operands", ods::AnyType())
      .result("", ods::AnyType())
      .registerIn(dialect);
  ods::attachFolder(dialect, "test.fold_with_fold_adaptor", foldWithFoldAdaptor);
  ods::attachFolder(dialect, "test.manual_cpp_op_with_fold", foldManualCppOp);
  ods::attachFolder(dialect, "test.constant", foldTestConstant);
}

Operation *MLIRTestDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  OperationState state(loc, "test.constant");
  state.addAttribute("value", value);
  state.addType(type);
  return builder.create(state);
}
