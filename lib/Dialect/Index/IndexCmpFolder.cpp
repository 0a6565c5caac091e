//===- IndexCmpFolder.cpp - Folding index.cmp ------------------------------===//
//
// The folder of index.cmp (MLIR 22's CmpOp::fold), partial: two constants
// compare at 64 and at 32 bits (an index value may be either wide) and fold
// when both agree; a value compared with itself folds by the predicate. The
// fold of a comparison of index.maxs/mins with a constant (through integer
// ranges) is not here yet.
//
#include "lamina/Dialect/Index/IndexDialect.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::index;

namespace {

bool compare(IndexCmpPredicate pred, const APInt &lhs, const APInt &rhs) {
  switch (pred) {
  case IndexCmpPredicate::EQ:
    return lhs.eq(rhs);
  case IndexCmpPredicate::NE:
    return lhs.ne(rhs);
  case IndexCmpPredicate::SGE:
    return lhs.sge(rhs);
  case IndexCmpPredicate::SGT:
    return lhs.sgt(rhs);
  case IndexCmpPredicate::SLE:
    return lhs.sle(rhs);
  case IndexCmpPredicate::SLT:
    return lhs.slt(rhs);
  case IndexCmpPredicate::UGE:
    return lhs.uge(rhs);
  case IndexCmpPredicate::UGT:
    return lhs.ugt(rhs);
  case IndexCmpPredicate::ULE:
    return lhs.ule(rhs);
  case IndexCmpPredicate::ULT:
    return lhs.ult(rhs);
  }
  return false;
}

OpFoldResult foldCmp(Operation *op, ArrayRef<Attribute> operands) {
  auto predAttr = dyn_cast_or_null<IndexCmpPredicateAttr>(op->getPropertySlots()[0]);
  if (!predAttr || operands.size() != 2)
    return {};
  IndexCmpPredicate pred = predAttr.getValue();
  auto lhs = dyn_cast_or_null<IntegerAttr>(operands[0]);
  auto rhs = dyn_cast_or_null<IntegerAttr>(operands[1]);
  if (lhs && rhs) {
    bool result64 = compare(pred, lhs.getValue(), rhs.getValue());
    bool result32 = compare(pred, lhs.getValue().trunc(32), rhs.getValue().trunc(32));
    if (result64 != result32)
      return {};
    return BoolAttr::get(op->getContext(), result64);
  }
  if (op->getOperand(0) == op->getOperand(1)) {
    switch (pred) {
    case IndexCmpPredicate::EQ:
    case IndexCmpPredicate::SGE:
    case IndexCmpPredicate::SLE:
    case IndexCmpPredicate::UGE:
    case IndexCmpPredicate::ULE:
      return BoolAttr::get(op->getContext(), true);
    default:
      return BoolAttr::get(op->getContext(), false);
    }
  }
  return {};
}

} // namespace

void index::registerIndexCmpFolder(IndexDialect &dialect) {
  ods::attachFolder(dialect, CmpOp::getOperationName(), foldCmp);
}
