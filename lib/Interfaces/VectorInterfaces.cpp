//===- VectorInterfaces.cpp - Ops that vector unrolling understands -------===//
#include "lamina/Interfaces/VectorInterfaces.h"

#include "lamina/IR/BuiltinTypes.h"

using namespace lamina;

std::optional<SmallVector<int64_t, 4>> detail::shapeOfVectorResult(Operation *op) {
  assert(op->getNumResults() == 1 && "expected one result");
  auto vectorType = dyn_cast<VectorType>(op->getResult(0).getType());
  if (!vectorType)
    return std::nullopt;
  SmallVector<int64_t, 4> shape;
  for (int64_t d : vectorType.getShape())
    shape.push_back(d);
  return shape;
}
