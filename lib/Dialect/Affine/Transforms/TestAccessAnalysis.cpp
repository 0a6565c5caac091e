//===- TestAccessAnalysis.cpp - mlir-opt's test of affine access analysis -===//
//
// test-affine-access-analysis (mlir-opt's TestAccessAnalysis on func.func):
// for every affine.load/affine.store and every affine.for around it (depth
// d, outermost 0), the remarks "contiguous along loop d" (the access varies
// with the loop's IV in at most one index, the innermost one; MLIR's
// isContiguousAccess) and "invariant along loop d" (the composed access map
// does not use the IV; isInvariantAccess).
//
#include "lamina/Dialect/Affine/AffineAnalysis.h"
#include "lamina/Dialect/Affine/AffineMemoryOpInterfaces.h"
#include "lamina/Dialect/Affine/Passes.h"

#include "lamina/IR/Diagnostics.h"

#include <algorithm>
#include <vector>

using namespace lamina;
using namespace lamina::affine;

namespace {

/// The map and operands of `op` composed with the affine.apply ops feeding
/// it, simplified and canonicalized.
std::pair<AffineMap, SmallVector<Value, 4>> composeSimplifyAndCanonicalize(AffineMap map, OperandRange range) {
  SmallVector<Value, 4> operands;
  for (Value v : range)
    operands.push_back(v);
  fullyComposeAffineMapAndOperands(&map, &operands);
  map = simplifyAffineMap(map);
  canonicalizeMapAndOperands(&map, &operands);
  return {map, operands};
}

/// MLIR's isAccessIndexInvariant: whether `index`, composed through the
/// affine.apply ops defining it, does not depend on `iv`.
bool isAccessIndexInvariant(Value iv, Value index) {
  MLIRContext *ctx = iv.getContext();
  SmallVector<Value, 4> operands;
  operands.push_back(index);
  AffineMap map = AffineMap::getMultiDimIdentityMap(1, ctx);
  fullyComposeAffineMapAndOperands(&map, &operands);
  map = simplifyAffineMap(map);
  canonicalizeMapAndOperands(&map, &operands);
  for (unsigned i = 0; i < operands.size(); ++i)
    if (operands[i] == iv)
      return !(i < map.getNumDims() ? map.getResult(0).isFunctionOfDim(i)
                                    : map.getResult(0).isFunctionOfSymbol(i - map.getNumDims()));
  return true;
}

/// MLIR's isContiguousAccess: at most one operand occurrence varying with
/// `iv`; `memRefDim` is the distance of its index from the innermost (-1 if
/// none varies).
bool isContiguousAccess(Value iv, Value memref, AffineMap accessMap, OperandRange mapOperands, int *memRefDim) {
  auto memRefType = cast<MemRefType>(memref.getType());
  if (!memRefType.getLayoutMap().isIdentity())
    return false;
  std::vector<Value> operands(mapOperands.begin(), mapOperands.end());
  unsigned numDims = accessMap.getNumDims();
  int uniqueVaryingIndexAlongIv = -1;
  for (unsigned i = 0, e = unsigned(memRefType.getRank()); i < e && i < accessMap.getNumResults(); ++i) {
    std::vector<Value> exprOperands;
    accessMap.getResult(i).walk([&](AffineExpr expr) {
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        exprOperands.push_back(operands[dim.getPosition()]);
      else if (auto sym = dyn_cast<AffineSymbolExpr>(expr))
        exprOperands.push_back(operands[numDims + sym.getPosition()]);
    });
    for (Value operand : exprOperands) {
      if (!isAccessIndexInvariant(iv, operand)) {
        if (uniqueVaryingIndexAlongIv != -1)
          return false;
        uniqueVaryingIndexAlongIv = int(i);
      }
    }
  }
  *memRefDim = uniqueVaryingIndexAlongIv == -1 ? -1 : int(memRefType.getRank()) - (uniqueVaryingIndexAlongIv + 1);
  return true;
}

struct TestAccessAnalysisPass : impl::TestAccessAnalysisBase<TestAccessAnalysisPass> {
  void runOnOperation() override {
    std::vector<Operation *> accesses;
    getOperation()->walk([&](Operation *op) {
      if (isa<AffineLoadOp>(op) || isa<AffineStoreOp>(op))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      SmallVector<Operation *, 4> loops;
      getAffineForIVs(*op, &loops);
      Value memref;
      AffineMap map;
      OperandRange mapOperands = op->getOperands();
      if (auto read = dyn_cast<AffineReadOpInterface>(op)) {
        memref = read.getMemRef();
        map = read.getAffineMap();
        mapOperands = read.getMapOperands();
      } else {
        auto write = cast<AffineWriteOpInterface>(op);
        memref = write.getMemRef();
        map = write.getAffineMap();
        mapOperands = write.getMapOperands();
      }
      for (unsigned d = 0; d < loops.size(); ++d) {
        Value iv = AffineForOp(loops[d]).getInductionVar();
        int memRefDim = 0;
        bool isContiguous = isContiguousAccess(iv, memref, map, mapOperands, &memRefDim);
        auto [composed, operands] = composeSimplifyAndCanonicalize(map, mapOperands);
        bool isInvariant = std::find(operands.begin(), operands.end(), iv) == operands.end();
        if (isContiguous && memRefDim == 0)
          (void)(op->emitRemark("contiguous along loop ") << d << "\n");
        if (isInvariant)
          (void)(op->emitRemark("invariant along loop ") << d << "\n");
      }
    }
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createTestAccessAnalysisPass() { return std::make_unique<TestAccessAnalysisPass>(); }
