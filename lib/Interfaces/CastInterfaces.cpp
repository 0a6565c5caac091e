//===- CastInterfaces.cpp - Cast operations -------------------------------===//
#include "lamina/Interfaces/CastInterfaces.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;

LogicalResult CastOpInterface::verifyTrait(Operation *op) {
  if (op->getNumResults() == 0)
    return op->emitOpError() << "expected at least one result for cast operation";
  TypeRange operandTypes(op->getOperands());
  TypeRange resultTypes(op->getResults());
  if (cast<CastOpInterface>(op).areCastCompatible(operandTypes, resultTypes))
    return success();
  InFlightDiagnostic diag = op->emitOpError("operand type");
  if (operandTypes.empty())
    diag << "s []";
  else if (operandTypes.size() == 1)
    diag << " " << operandTypes[0];
  else {
    diag << "s ";
    diag.appendRange(operandTypes);
  }
  diag << " and result type" << (resultTypes.size() == 1 ? " " : "s ");
  diag.appendRange(resultTypes);
  return diag << " are cast incompatible";
}
