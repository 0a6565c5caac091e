//===- InterfaceTraits.cpp - Verifying op interfaces for imported dialects ===//
#include "lamina/ODS/InterfaceTraits.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::ods;

Trait ods::CastOpInterface(CastCompatibleFn compatible) {
  return CustomTrait("CastOpInterface", [compatible](Operation *op) -> LogicalResult {
    if (op->getNumResults() == 0)
      return op->emitOpError() << "expected at least one result for cast operation";
    TypeRange operandTypes(ValueRange(op->getOperands()));
    TypeRange resultTypes(ValueRange(op->getResults()));
    if (compatible(operandTypes, resultTypes))
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
    diag << " are cast incompatible";
    return diag;
  });
}
