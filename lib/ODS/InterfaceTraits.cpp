//===- InterfaceTraits.cpp - Verifying op interfaces for imported dialects ===//
#include "lamina/ODS/InterfaceTraits.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::ods;

Trait ods::verifiedWithRegions(Trait t) {
  if (t.verify && !t.verifyRegion) {
    t.verifyRegion = std::move(t.verify);
    t.verify = nullptr;
  }
  return t;
}

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

Trait ods::DestinationStyleOpInterface(DpsInitsFn getDpsInits) {
  return CustomTrait("DestinationStyleOpInterface", [getDpsInits](Operation *op) -> LogicalResult {
    OperandRange inits = getDpsInits(op);
    unsigned firstInit = inits.empty() ? 0 : inits.getFirstOpOperand()->getOperandNumber();
    SmallVector<unsigned, 4> tensorInits;
    for (unsigned i = 0; i < inits.size(); ++i) {
      Type type = inits[i].getType();
      if (isa<TensorType>(type))
        tensorInits.push_back(i);
      else if (!isa<BaseMemRefType>(type))
        return op->emitOpError("expected that operand #") << (firstInit + i) << " is a tensor or a memref";
    }
    size_t numTensorResults = 0;
    for (Value result : op->getResults())
      numTensorResults += isa<TensorType>(result.getType());
    if (numTensorResults != tensorInits.size())
      return op->emitOpError("expected the number of tensor results (")
             << (unsigned long)numTensorResults << ") to be equal to the number of output tensors ("
             << (unsigned long)tensorInits.size() << ")";
    for (unsigned i : tensorInits) {
      Type operandType = inits[i].getType();
      Type resultType = op->getResult(i).getType();
      if (resultType != operandType)
        return op->emitOpError("expected type of operand #")
               << (firstInit + i) << " (" << operandType << ")"
               << " to match type of corresponding result (" << resultType << ")";
    }
    return success();
  });
}

Trait ods::ShapedDimOpInterface() {
  return CustomTrait("ShapedDimOpInterface", [](Operation *op) -> LogicalResult {
    if (op->getNumResults() != 1)
      return op->emitError("expected single op result");
    if (!op->getResult(0).getType().isIndex())
      return op->emitError("expect index result");
    return success();
  });
}

bool ods::isExternalFunction(Operation *op) { return op->getNumRegions() == 0 || op->getRegion(0).empty(); }
