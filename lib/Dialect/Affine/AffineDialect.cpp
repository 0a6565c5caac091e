//===- AffineDialect.cpp - The affine dialect -----------------------------===//
//
// The ops are defined in AffineOps.cpp (the hooks of the memory ops in
// AffineMemoryOps.cpp, of the index ops in AffineIndexOps.cpp), their
// folders and patterns in AffineFolders.cpp, AffineCanonicalization.cpp and
// AffineIndexOpPatterns.cpp.
//
#include "AffineOpsImpl.h"

#include "lamina/Dialect/Affine/AffineMemoryOpInterfaces.h"
#include "lamina/Interfaces/ShapedOpInterfaces.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/IR/Matchers.h"
#include "lamina/Transforms/InliningUtils.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::affine;
using namespace lamina::affine::impl;

//===----------------------------------------------------------------------===//
// Inliner interface
//===----------------------------------------------------------------------===//

namespace {
/// Whether the `values`, valid dimensions (`dims`) or symbols in `src`,
/// stay so once inlined into `dest` through `mapping`: values defined
/// inside `src` (other than at its top level) keep their validity;
/// arguments are replaced by what they map to; top-level ops only if they
/// are constants or dims, which are valid anywhere.
bool remainsLegalAfterInline(ValueRange values, Region *src, Region *dest, const IRMapping &mapping, bool dims) {
  for (Value value : values) {
    if (!isTopLevelValue(value, src))
      continue;
    if (isa<BlockArgument>(value)) {
      Value mapped = mapping.lookupOrDefault(value);
      if (!(dims ? isValidDim(mapped, dest) : isValidSymbol(mapped, dest)))
        return false;
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (!matchConstantOp(def) && !isa<ShapedDimOpInterface>(def))
      return false;
  }
  return true;
}

/// MLIR's AffineInlinerInterface: affine ops may be inlined into affine
/// scopes and affine loops and conditionals; a region may be inlined into
/// an affine.for/if/parallel only if it is one block whose side-effecting
/// ops are affine applies and accesses that stay valid there.
struct AffineInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Region *dest, Region *src, bool, IRMapping &valueMapping) const final {
    Operation *destOp = dest->getParentOp();
    if (!isa<AffineParallelOp, AffineForOp, AffineIfOp>(destOp))
      return false;
    if (!src->hasOneBlock())
      return false;
    for (Operation &op : src->front()) {
      if (auto iface = dyn_cast<MemoryEffectOpInterface>(&op))
        if (iface.hasNoEffect())
          continue;
      bool remainsValid = false;
      if (auto apply = dyn_cast<AffineApplyOp>(&op)) {
        bool dims = isValidDim(op.getResult(0), src);
        remainsValid = remainsLegalAfterInline(op.getOperands(), src, dest, valueMapping, dims);
      } else if (auto read = dyn_cast<AffineReadOpInterface>(&op)) {
        remainsValid = accessRemainsLegal(read.getAffineMap(), read.getMapOperands(), src, dest, valueMapping);
      } else if (auto write = dyn_cast<AffineWriteOpInterface>(&op)) {
        remainsValid = accessRemainsLegal(write.getAffineMap(), write.getMapOperands(), src, dest, valueMapping);
      }
      if (!remainsValid)
        return false;
    }
    return true;
  }

  bool isLegalToInline(Operation *, Region *region, bool, IRMapping &) const final {
    Operation *parentOp = region->getParentOp();
    return isAffineScopeOp(parentOp) || isa<AffineForOp, AffineParallelOp, AffineIfOp>(parentOp);
  }

  bool shouldAnalyzeRecursively(Operation *) const final { return true; }

private:
  static bool accessRemainsLegal(AffineMap map, OperandRange mapOperands, Region *src, Region *dest,
                                 const IRMapping &mapping) {
    ValueRange operands = mapOperands;
    unsigned numDims = map.getNumDims(), numSymbols = map.getNumSymbols();
    return remainsLegalAfterInline(operands.take_front(numDims), src, dest, mapping, /*dims=*/true) &&
           remainsLegalAfterInline(operands.drop_front(operands.size() - numSymbols), src, dest, mapping,
                                   /*dims=*/false);
  }
};
} // namespace

AffineDialect::AffineDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<AffineDialect>()) {
  ods::registerOpsOnce(*this, [](Dialect &d) { registerAffineOps(static_cast<AffineDialect &>(d)); });
  installLinearizeIndexBytecodeHooks(ctx);

  // Dependent dialects (materialized constants), folders and patterns.
  ctx->getOrLoadDialect("arith");
  ctx->getOrLoadDialect("ub");
  registerAffineFolders(*this);
  registerAffineCanonicalization(*this);
  addInlinerInterface<AffineInlinerInterface>(this);
}

AffineDialect::~AffineDialect() = default;
