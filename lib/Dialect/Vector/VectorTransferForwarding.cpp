//===- VectorTransferForwarding.cpp - Transfers on tensors forwarded ------===//
//
// The tensor-level forwarding of vector transfers in MLIR 22's VectorOps.cpp:
// a read of what a transfer_write just wrote is the written vector (foldRAW),
// a write of what was read at the same place is the tensor (foldWAR), a
// write of a whole tensor read in full is that tensor (foldReadInitWrite),
// and a write overwriting an earlier write at the same place skips it
// (FoldWaw), looking through writes to provably disjoint places.
//
#include "VectorCanonicalizationImpl.h"

#include "lamina/Dialect/Vector/VectorDialect.h"
#include "lamina/IR/Matchers.h"
#include "lamina/ODS/OpDef.h"

#include <cstdlib>
#include <vector>

using namespace lamina;
using namespace lamina::vector;

namespace {

/// The operand positions of a transfer op.
struct TransferView {
  Operation *op = nullptr;
  Value vector;      // the written vector, or the read result
  Value base;
  std::vector<Value> indices;
  Value mask;
  VectorType vectorType;
  AffineMap map;
  ArrayAttr inBounds;
};

TransferView view(Operation *op) {
  TransferView v;
  v.op = op;
  bool isWrite = isa<TransferWriteOp>(op);
  v.vector = isWrite ? op->getOperand(0) : op->getResult(0);
  v.base = ods::getODSOperands(op, isWrite ? 1 : 0)[0];
  OperandRange indices = ods::getODSOperands(op, isWrite ? 2 : 1);
  v.indices.assign(indices.begin(), indices.end());
  OperandRange mask = ods::getODSOperands(op, 3);
  v.mask = mask.empty() ? Value() : mask[0];
  v.vectorType = cast<VectorType>(v.vector.getType());
  if (auto m = dyn_cast_or_null<AffineMapAttr>(ods::getInherentAttr(op, "permutation_map")))
    v.map = m.getValue();
  v.inBounds = dyn_cast_or_null<ArrayAttr>(ods::getInherentAttr(op, "in_bounds"));
  return v;
}

bool hasOutOfBoundsDim(const TransferView &v) {
  if (!v.inBounds)
    return true;
  for (Attribute a : v.inBounds.getValue()) {
    auto b = dyn_cast<BoolAttr>(a);
    if (!b || !b.getValue())
      return true;
  }
  return false;
}

bool sameIndices(const TransferView &a, const TransferView &b) {
  if (a.indices.size() != b.indices.size())
    return false;
  for (size_t i = 0; i < a.indices.size(); ++i)
    if (a.indices[i] != b.indices[i])
      return false;
  return true;
}

std::optional<int64_t> constantOf(Value v) {
  APInt cst;
  if (!matchConstantInt(v, &cst))
    return std::nullopt;
  return cst.getSExtValue();
}

/// isDisjointTransferIndices (without value bounds).
bool isDisjointTransferIndices(const TransferView &a, const TransferView &b) {
  if (a.vectorType != b.vectorType || a.indices.size() != b.indices.size())
    return false;
  auto shaped = cast<ShapedType>(a.base.getType());
  int64_t rankOffset = shaped.getRank() - a.vectorType.getRank();
  for (size_t i = 0; i < a.indices.size(); ++i) {
    std::optional<int64_t> ca = constantOf(a.indices[i]), cb = constantOf(b.indices[i]);
    if (!ca || !cb)
      continue;
    if (int64_t(i) < rankOffset) {
      if (*ca != *cb)
        return true;
      continue;
    }
    int64_t vectorDim = a.vectorType.getShape()[i - rankOffset];
    if (std::llabs(*ca - *cb) >= vectorDim)
      return true;
  }
  return false;
}

Operation *defWriteOf(Value base) {
  Operation *def = base.getDefiningOp();
  return def && isa<TransferWriteOp>(def) ? def : nullptr;
}

} // namespace

Value canon::foldReadAfterWrite(Operation *read) {
  TransferView r = view(read);
  if (!isa<RankedTensorType>(r.base.getType()))
    return {};
  Operation *defWrite = defWriteOf(r.base);
  while (defWrite) {
    TransferView w = view(defWrite);
    if (!hasOutOfBoundsDim(w) && !w.mask && !r.mask && sameIndices(w, r) && w.vectorType == r.vectorType &&
        w.map == r.map)
      return w.vector;
    if (!isDisjointTransferIndices(w, r))
      break;
    defWrite = defWriteOf(w.base);
  }
  return {};
}

Value canon::foldWriteOfRead(Operation *write) {
  TransferView w = view(write);
  auto tensorType = dyn_cast<RankedTensorType>(w.base.getType());
  if (!tensorType)
    return {};
  Operation *readOp = w.vector.getDefiningOp();
  if (!readOp || !isa<TransferReadOp>(readOp))
    return {};
  TransferView r = view(readOp);
  // foldReadInitWrite: a full, in-bounds, minor-identity read written back in
  // full at zero indices.
  if (w.vectorType.getRank() != 0 && r.vectorType.getRank() != 0 && r.map.isMinorIdentity() &&
      w.map.isMinorIdentity() && r.map.getNumResults() == w.map.getNumResults() && !hasOutOfBoundsDim(r) &&
      !hasOutOfBoundsDim(w) && r.base.getType() == tensorType && r.vectorType == w.vectorType &&
      r.vectorType.getShape() == tensorType.getShape()) {
    bool allZero = true;
    for (Value v : r.indices)
      allZero &= constantOf(v) == 0;
    for (Value v : w.indices)
      allZero &= constantOf(v) == 0;
    if (allZero)
      return r.base;
  }
  // foldWAR: written back where it was read.
  if (r.base == w.base && sameIndices(r, w) && r.map == w.map && r.vectorType == w.vectorType && !r.mask && !w.mask)
    return r.base;
  return {};
}

LogicalResult canon::foldWaw(Operation *op, PatternRewriter &rewriter) {
  TransferView write = view(op);
  if (!isa<RankedTensorType>(write.base.getType()))
    return failure();
  Operation *writeToModify = op;
  Operation *defWrite = defWriteOf(write.base);
  while (defWrite) {
    TransferView prior = view(defWrite);
    if (sameIndices(prior, write) && prior.mask == write.mask && prior.vectorType == write.vectorType &&
        prior.map == write.map) {
      Value newBase = prior.base;
      rewriter.modifyOpInPlace(writeToModify, [&] { writeToModify->setOperand(1, newBase); });
      return success();
    }
    if (!isDisjointTransferIndices(prior, write) || !defWrite->getResult(0).hasOneUse())
      break;
    writeToModify = defWrite;
    defWrite = defWriteOf(prior.base);
  }
  return failure();
}
