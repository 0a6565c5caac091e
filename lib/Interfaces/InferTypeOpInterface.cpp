//===- InferTypeOpInterface.cpp - Ops that infer their result types -------===//
#include "lamina/Interfaces/InferTypeOpInterface.h"

#include "lamina/IR/Diagnostics.h"

#include <vector>

using namespace lamina;

bool detail::typeRangesEqual(TypeRange lhs, TypeRange rhs) { return lhs == rhs; }

LogicalResult detail::verifyInferredResultTypes(Operation *op) {
  auto iface = cast<InferTypeOpInterface>(op);
  std::vector<Region *> regions;
  for (Region &r : op->getRegions())
    regions.push_back(&r);
  InferTypeContext context{op->getContext(), StateLocation(op->getContext(), op->getPackedLoc()),
                           op->getOperands(), [op](std::string_view n) { return op->getAttr(n); }, regions};
  SmallVector<Type, 4> inferred;
  if (failed(iface.inferReturnTypes(context, inferred)))
    return op->emitOpError() << "failed to infer returned types";
  std::vector<Type> actual = op->getResultTypes();
  if (!iface.isCompatibleReturnTypes(ArrayRef<Type>(inferred), actual)) {
    InFlightDiagnostic diag = emitError(op->getLoc())
                              << "'" << op->getName().getStringRef() << "' op inferred type(s) ";
    diag.appendRange(inferred);
    diag << " are incompatible with return type(s) of operation ";
    diag.appendRange(actual);
    diag.report();
    return op->emitOpError() << "failed to infer returned types";
  }
  return success();
}
