//===- DestinationStyleOpInterface.cpp - Ops writing into their inits -----===//
#include "lamina/Interfaces/DestinationStyleOpInterface.h"

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;

MutableOperandRange DestinationStyleOpInterface::getDpsInitsMutable() const {
  OperandRange inits = getDpsInits();
  unsigned start = inits.empty() ? getOperation()->getNumOperands() : inits.getBeginOperandIndex();
  return MutableOperandRange(getOperation(), start, unsigned(inits.size()));
}

bool DestinationStyleOpInterface::isDpsInit(OpOperand *operand) const {
  MutableOperandRange inits = getDpsInitsMutable();
  unsigned n = operand->getOperandNumber();
  return operand->getOwner() == getOperation() && n >= inits.getStart() && n < inits.getStart() + inits.size();
}

OpResult DestinationStyleOpInterface::getTiedOpResult(OpOperand *operand) const {
  if (!isDpsInit(operand) || !isa<TensorType>(operand->get().getType()))
    return OpResult(Value());
  // Tensor inits map to the results in order.
  unsigned index = 0;
  MutableOperandRange inits = getDpsInitsMutable();
  for (unsigned i = 0; inits.getStart() + i < operand->getOperandNumber(); ++i)
    index += isa<TensorType>(inits[i].get().getType());
  return getOperation()->getResult(index);
}

LogicalResult detail::verifyDestinationStyleOpInterface(Operation *op) {
  OperandRange inits = cast<DestinationStyleOpInterface>(op).getDpsInits();
  unsigned firstInit = inits.empty() ? 0 : inits.getBeginOperandIndex();
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
    if (i >= op->getNumResults())
      continue;
    Type operandType = inits[i].getType();
    Type resultType = op->getResult(i).getType();
    if (resultType != operandType)
      return op->emitOpError("expected type of operand #")
             << (firstInit + i) << " (" << operandType << ")"
             << " to match type of corresponding result (" << resultType << ")";
  }
  return success();
}
