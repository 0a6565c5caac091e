//===- IndexOps.cpp - What the index dialect writes by hand ---------------===//
//
// As mlir/lib/Dialect/Index/IR/IndexOps.cpp: cast compatibility and result
// names (folders are not here yet).
//
#include "lamina/Dialect/Index/IndexDialect.h"

#include <string>

using namespace lamina;
using namespace lamina::index;

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

/// index.casts/castu convert between index and an integer type, either way.
static bool castsToOrFromIndex(TypeRange inputs, TypeRange outputs) {
  return isa<IndexType>(inputs.front()) != isa<IndexType>(outputs.front());
}

bool CastSOp::areCastCompatible(TypeRange inputs, TypeRange outputs) { return castsToOrFromIndex(inputs, outputs); }
bool CastUOp::areCastCompatible(TypeRange inputs, TypeRange outputs) { return castsToOrFromIndex(inputs, outputs); }

//===----------------------------------------------------------------------===//
// Result names
//===----------------------------------------------------------------------===//

/// `%idx42 = index.constant 42`.
void ConstantOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  std::string name = "idx";
  if (IntegerAttr value = getValueAttr())
    value.getValue().toString(name, 10, /*isSigned=*/true);
  setNameFn(state->getResult(0), name);
}

/// `%true = index.bool.constant true`.
void BoolConstantOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  BoolAttr value = getValueAttr();
  setNameFn(state->getResult(0), value && value.getValue() ? "true" : "false");
}
