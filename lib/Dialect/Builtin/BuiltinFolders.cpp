//===- BuiltinFolders.cpp - Folding of the builtin operations -------------===//
//
// builtin.unrealized_conversion_cast folds as MLIR's
// UnrealizedConversionCastOp::fold: an identity cast to its inputs, and a
// cast of a cast whose results it takes exactly and whose inputs have its
// result types to those inputs.
//
#include "lamina/Dialect/Builtin/BuiltinOpDefs.h"

#include "lamina/IR/Op.h"

using namespace lamina;

LogicalResult lamina::foldUnrealizedConversionCast(Operation *op, ArrayRef<Attribute>,
                                                   SmallVectorImpl<OpFoldResult> &results) {
  unsigned n = op->getNumOperands();
  auto sameTypes = [](ValueRange a, ValueRange b) {
    if (a.size() != b.size())
      return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (a[i].getType() != b[i].getType())
        return false;
    return true;
  };
  if (sameTypes(op->getOperands(), op->getResults())) {
    for (Value v : op->getOperands())
      results.push_back(v);
    return success();
  }
  if (n == 0)
    return failure();
  Operation *input = op->getOperand(0).getDefiningOp();
  if (!input || input->getName() != op->getName() || input->getNumResults() != n)
    return failure();
  for (unsigned i = 0; i < n; ++i)
    if (Value(input->getResult(i)) != op->getOperand(i))
      return failure();
  if (!sameTypes(input->getOperands(), op->getResults()))
    return failure();
  for (Value v : input->getOperands())
    results.push_back(v);
  return success();
}
