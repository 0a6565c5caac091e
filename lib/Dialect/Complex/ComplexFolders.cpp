//===- ComplexFolders.cpp - Folders of the complex ops --------------------===//
//
// As mlir/lib/Dialect/Complex/IR/ComplexOps.cpp (MLIR 22), so far:
// complex.constant folds to its value, and the dialect materializes
// constants (complex.constant for a [re, im] pair of a complex type, else
// arith.constant).
//
#include "lamina/Dialect/Complex/ComplexDialect.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;

/// complex.constant: its `value`.
static OpFoldResult foldConstant(Operation *op, ArrayRef<Attribute>) { return ods::getInherentAttr(op, "value"); }

void complex::registerComplexFolders(ComplexDialect &dialect) {
  ods::attachFolder(dialect, "complex.constant", foldConstant);
}

Operation *ComplexDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  // complex::ConstantOp::isBuildableWith: a pair of numbers of the element
  // type for a complex type.
  if (auto pair = dyn_cast<ArrayAttr>(value)) {
    auto complexType = dyn_cast<ComplexType>(type);
    if (!complexType || pair.size() != 2)
      return nullptr;
    Type elementType = complexType.getElementType();
    for (Attribute part : pair.getValue()) {
      auto typed = dyn_cast<TypedAttr>(part);
      if (!typed || typed.getType() != elementType)
        return nullptr;
    }
    OperationState state(loc, "complex.constant");
    state.addAttribute("value", pair);
    state.addType(type);
    return builder.create(state);
  }
  if (Dialect *arith = getContext()->getLoadedDialect("arith"))
    return arith->materializeConstant(builder, value, type, loc);
  return nullptr;
}
