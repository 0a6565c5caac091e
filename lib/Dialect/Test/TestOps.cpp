//===- TestOps.cpp - The few operations of the test dialect Lamina registers ===//
//
// Definitions follow mlir/test/lib/Dialect/Test/TestOps.td. An operation is
// registered only when its registered behaviour (verification, printing,
// bytecode properties) is reproduced exactly; every other test.* operation
// stays unregistered, which the dialect allows.
//
//   test.finish                          Terminator
//   test.SingleBlockImplicitTerminator   one region ending in test.finish
//   test.symbol_scope                    symbol table ending in test.finish
//   test.symbol_scope_isolated           the same, isolated from above
//   test.symbol_table_region             symbol table, any terminator
//   test.reify_bound, test.compare       ValueBoundsOpInterface test ops
//   test.with_bounds                     InferIntRangeInterface test op
//
#include "lamina/Dialect/Test/TestDialect.h"

#include "lamina/ODS/OpDef.h"

using namespace lamina;

//===----------------------------------------------------------------------===//
// Value bounds test ops (TestOpDefs.cpp: ReifyBoundOp, CompareOp)
//===----------------------------------------------------------------------===//

/// ReifyBoundOp::verify: a shaped variable needs `dim`, an index one must not
/// have it; `scalable` excludes `constant` and goes with `vscale_min/max`.
static LogicalResult verifyReifyBoundOp(Operation *op) {
  Type varType = op->getOperand(0).getType();
  bool hasDim = static_cast<bool>(ods::getInherentAttr(op, "dim"));
  if (isa<ShapedType>(varType)) {
    if (!hasDim)
      return op->emitOpError("expected 'dim' attribute for shaped type variable");
  } else if (varType.isIndex()) {
    if (hasDim)
      return op->emitOpError("unexpected 'dim' attribute for index variable");
  } else {
    return op->emitOpError("expected index-typed variable or shape type variable");
  }
  bool constant = static_cast<bool>(ods::getInherentAttr(op, "constant"));
  bool scalable = static_cast<bool>(ods::getInherentAttr(op, "scalable"));
  if (constant && scalable)
    return op->emitOpError("'scalable' and 'constant' are mutually exlusive");
  // Both checks carry the 'vscale_min' wording, as in MLIR.
  if (scalable != static_cast<bool>(ods::getInherentAttr(op, "vscale_min")) ||
      scalable != static_cast<bool>(ods::getInherentAttr(op, "vscale_max")))
    return op->emitOpError("expected 'vscale_min' if and only if 'scalable'");
  return success();
}

/// CompareOp::verify: `compose` excludes the maps; the operand count is the
/// inputs of each side's map (one value for a side without a map).
static LogicalResult verifyCompareOp(Operation *op) {
  auto lhsMap = dyn_cast_or_null<AffineMapAttr>(ods::getInherentAttr(op, "lhs_map"));
  auto rhsMap = dyn_cast_or_null<AffineMapAttr>(ods::getInherentAttr(op, "rhs_map"));
  if (ods::getInherentAttr(op, "compose") && (lhsMap || rhsMap))
    return op->emitOpError("'compose' not supported when 'lhs_map' or 'rhs_map' is present");
  int64_t expected = (lhsMap ? lhsMap.getValue().getNumInputs() : 1) + (rhsMap ? rhsMap.getValue().getNumInputs() : 1);
  if (int64_t(op->getNumOperands()) != expected)
    return op->emitOpError("expected ") << expected << " operands, but got " << op->getNumOperands();
  return success();
}

/// `InferIntRangeType`: integers, index, and non-0-D vectors of them.
static ods::TypeConstraint inferIntRangeType() {
  auto isIntOrIndex = [](Type t) { return isa<IntegerType>(t) || t.isIndex(); };
  ods::TypeConstraint vectorOf = ods::TypeOf("vector of integer or index values", [isIntOrIndex](Type t) {
    auto vector = dyn_cast<VectorType>(t);
    return vector && vector.getRank() > 0 && isIntOrIndex(vector.getElementType());
  });
  return ods::AnyTypeOf({ods::AnyInteger(), ods::Index(), vectorOf});
}

void MLIRTestDialect::registerOps() {
  ods::OpDef("test.finish").traits({ods::IsTerminator()}).registerIn(*this);
  ods::OpDef("test.SingleBlockImplicitTerminator")
      .region("region", ods::SizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("test.finish")})
      .registerIn(*this);
  ods::OpDef("test.symbol_scope")
      .region("region", ods::SizedRegion(1))
      .traits({ods::SymbolTableTrait(), ods::SingleBlockImplicitTerminator("test.finish")})
      .registerIn(*this);
  ods::OpDef("test.symbol_scope_isolated")
      .region("region", ods::SizedRegion(1))
      .traits({ods::IsolatedFromAbove(), ods::SymbolTableTrait(), ods::SingleBlockImplicitTerminator("test.finish")})
      .registerIn(*this);
  ods::OpDef("test.symbol_table_region")
      .region("region", ods::SizedRegion(1))
      .traits({ods::SymbolTableTrait()})
      .registerIn(*this);

  // Attributes are listed in name order: MLIR checks property constraints in
  // that order.
  ods::OpDef("test.reify_bound")
      .operand("var", ods::AnyType())
      .optionalAttr("constant", ods::UnitAttr())
      .optionalAttr("dim", ods::IntAttr(64))
      .optionalAttr("scalable", ods::UnitAttr())
      .defaultAttr("type", ods::StrAttr(), "\"EQ\"")
      .optionalAttr("vscale_max", ods::IntAttr(64))
      .optionalAttr("vscale_min", ods::IntAttr(64))
      .result("result", ods::Index())
      .verifier(verifyReifyBoundOp)
      .registerIn(*this);
  ods::OpDef("test.compare")
      .variadicOperand("var_operands", ods::Index())
      .defaultAttr("cmp", ods::StrAttr(), "\"EQ\"")
      .optionalAttr("compose", ods::UnitAttr())
      .optionalAttr("lhs_map", ods::AffineMapAttr())
      .optionalAttr("rhs_map", ods::AffineMapAttr())
      .verifier(verifyCompareOp)
      .registerIn(*this);

  // APIntAttr is "arbitrary integer attribute" (AnyIntegerAttr's summary).
  ods::OpDef("test.with_bounds")
      .attr("umin", ods::AnyIntegerAttr())
      .attr("umax", ods::AnyIntegerAttr())
      .attr("smin", ods::AnyIntegerAttr())
      .attr("smax", ods::AnyIntegerAttr())
      .result("fakeVal", inferIntRangeType())
      .traits({ods::Interface("InferIntRangeInterface"), ods::NoMemoryEffect()})
      .format("attr-dict `:` type($fakeVal)")
      .registerIn(*this);
}
