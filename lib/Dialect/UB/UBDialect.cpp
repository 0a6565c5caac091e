//===- UBDialect.cpp - The ub dialect -------------------------------------===//
#include "lamina/Dialect/UB/UBDialect.h"

#include "lamina/Dialect/UB/UBOps.gen.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/OpFoldResult.h"
#include "lamina/ODS/OpDef.h"
#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;

/// PoisonOp::fold: its `value` attribute.
static OpFoldResult foldPoison(Operation *op, ArrayRef<Attribute>) { return op->getPropertySlots()[0]; }

namespace {
/// MLIR's UBInlinerInterface: every ub op can be inlined.
struct UBInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

UBDialect::UBDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<UBDialect>()) {
  registerGenerated();
  ods::attachFolder(*this, ub::PoisonOp::getOperationName(), foldPoison);
  addInlinerInterface<UBInlinerInterface>(this);
}

UBDialect::~UBDialect() = default;

Attribute UBDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void UBDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

Operation *UBDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  if (!isa<ub::PoisonAttr>(value))
    return nullptr;
  OperationState state(loc, ub::PoisonOp::getOperationName());
  state.addAttribute("value", value);
  state.addType(type);
  return builder.create(state);
}
