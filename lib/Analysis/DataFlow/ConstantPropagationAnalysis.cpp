//===- ConstantPropagationAnalysis.cpp - Sparse constant propagation -----===//
#include "lamina/Analysis/DataFlow/ConstantPropagationAnalysis.h"

#include "lamina/IR/Op.h"
#include "lamina/Support/RawOstream.h"

using namespace lamina;
using namespace lamina::dataflow;

void ConstantValue::print(raw_ostream &os) const {
  if (isUninitialized()) {
    os << "<UNINITIALIZED>";
    return;
  }
  if (!getConstantValue()) {
    os << "<UNKNOWN>";
    return;
  }
  getConstantValue().print(os);
}

LogicalResult SparseConstantPropagation::visitOperation(Operation *op,
                                                        ArrayRef<const Lattice<ConstantValue> *> operands,
                                                        ArrayRef<Lattice<ConstantValue> *> results) {
  // Folding an op with regions might not be out of place: do not simulate it.
  if (op->getNumRegions()) {
    setAllToEntryStates(results);
    return success();
  }

  SmallVector<Attribute, 8> constantOperands;
  for (const Lattice<ConstantValue> *operandLattice : operands) {
    if (operandLattice->getValue().isUninitialized())
      return success();
    constantOperands.push_back(operandLattice->getValue().getConstantValue());
  }

  // Keep the operands and attributes: an in-place fold is undone (the
  // constants may not be the runtime values).
  SmallVector<Value, 8> originalOperands;
  for (Value operand : op->getOperands())
    originalOperands.push_back(operand);
  DictionaryAttr originalAttrs = op->getDiscardableAttrDictionary();
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  SmallVector<Attribute, 4> originalProperties;
  for (Attribute slot : slots)
    originalProperties.push_back(slot);

  SmallVector<OpFoldResult, 8> foldResults;
  if (failed(op->fold(ArrayRef<Attribute>(constantOperands.data(), constantOperands.size()), foldResults))) {
    setAllToEntryStates(results);
    return success();
  }
  if (foldResults.empty()) {
    op->setOperands(ValueRange(ArrayRef<Value>(originalOperands.data(), originalOperands.size())));
    for (size_t i = 0; i < slots.size(); ++i)
      slots[i] = originalProperties[i];
    op->setDiscardableAttrs(originalAttrs);
    setAllToEntryStates(results);
    return success();
  }

  assert(foldResults.size() == op->getNumResults() && "invalid result size");
  for (size_t i = 0; i < results.size(); ++i) {
    Lattice<ConstantValue> *lattice = results[i];
    OpFoldResult foldResult = foldResults[i];
    if (Attribute attr = foldResult.getAttribute())
      propagateIfChanged(lattice, lattice->join(ConstantValue(attr, op->getDialect())));
    else
      AbstractSparseForwardDataFlowAnalysis::join(lattice, *getLatticeElement(foldResult.getValue()));
  }
  return success();
}

void SparseConstantPropagation::setToEntryState(Lattice<ConstantValue> *lattice) {
  propagateIfChanged(lattice, lattice->join(ConstantValue::getUnknownConstant()));
}
