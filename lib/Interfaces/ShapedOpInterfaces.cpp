//===- ShapedOpInterfaces.cpp - Ops querying a dimension of a shaped value ===//
#include "lamina/Interfaces/ShapedOpInterfaces.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;

LogicalResult detail::verifyShapedDimOpInterface(Operation *op) {
  if (op->getNumResults() != 1)
    return op->emitError("expected single op result");
  if (!op->getResult(0).getType().isIndex())
    return op->emitError("expect index result");
  return success();
}
