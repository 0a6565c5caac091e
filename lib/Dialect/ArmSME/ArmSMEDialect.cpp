//===- ArmSMEDialect.cpp - The arm_sme dialect ----------------------------===//
#include "lamina/Dialect/ArmSME/ArmSMEDialect.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;

ods::Trait arm_sme::ArmSMETileOpInterfaceTrait() {
  return ods::CustomTrait("ArmSMETileOpInterface", [](Operation *op) -> LogicalResult {
    auto tileId = dyn_cast_or_null<IntegerAttr>(op->getAttr("tile_id"));
    if (tileId && !tileId.getType().isSignlessInteger(32))
      return op->emitOpError("tile ID should be a 32-bit signless integer");
    return success();
  });
}

ArmSMEDialect::ArmSMEDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<ArmSMEDialect>()) {
  registerGenerated();
}

ArmSMEDialect::~ArmSMEDialect() = default;

Attribute ArmSMEDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void ArmSMEDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
