//===- ParallelCombiningOpInterface.cpp - Terminators of parallel loops ---===//
#include "lamina/Interfaces/ParallelCombiningOpInterface.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;

LogicalResult detail::verifyInParallelOpInterface(Operation *op) {
  if (op->getNumRegions() != 1)
    return op->emitError("expected single region op");
  if (!op->getRegion(0).hasOneBlock())
    return op->emitError("expected single block op region");
  return success();
}
