//===- FoldUtils.cpp - Constant de-duplication and hoisting ---------------===//
#include "lamina/Rewrite/FoldUtils.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Matchers.h"

#include "lamina/Support/Hashing.h"

using namespace lamina;

size_t OperationFolder::ConstantKeyInfo::getHash(const ConstantKey &k) {
  uint64_t h = hashValue(static_cast<const void *>(k.region));
  h = hashCombineRaw(h, hashValue(static_cast<const void *>(k.dialect)));
  h = hashCombineRaw(h, hashValue(k.value));
  return size_t(hashCombineRaw(h, hashValue(k.type)));
}

OperationFolder::OperationFolder(MLIRContext *ctx, OpBuilder::Listener *listener)
    : rewriter(ctx, listener), erasedFoldedLocation(UnknownLoc::get(ctx)) {}

/// The region constants folded in `insertionBlock` go to: the closest one
/// whose op is (or might be) isolated from above, is top-level, or is one
/// its dialect asks for.
Region *OperationFolder::getInsertionRegion(Block *insertionBlock) const {
  while (Region *region = insertionBlock->getParent()) {
    Operation *parentOp = region->getParentOp();
    if (!parentOp || parentOp->mightHaveTrait<OpTrait::IsIsolatedFromAbove>() || !parentOp->getBlock())
      return region;
    if (Dialect *dialect = parentOp->getDialect(); dialect && dialect->shouldMaterializeInto(region))
      return region;
    insertionBlock = parentOp->getBlock();
  }
  return nullptr;
}


LogicalResult OperationFolder::tryToFold(Operation *op, bool *inPlaceUpdate) {
  if (inPlaceUpdate)
    *inPlaceUpdate = false;
  if (isFolderOwnedConstant(op)) {
    // Re-hoist if a non-constant op was inserted before this one.
    Block *opBlock = op->getBlock();
    if (&opBlock->front() != op && !isFolderOwnedConstant(op->getPrevNode())) {
      op->moveBefore(&opBlock->front());
      op->setLoc(erasedFoldedLocation);
    }
    return failure();
  }
  SmallVector<Value, 8> results;
  if (failed(tryToFold(op, results)))
    return failure();
  if (results.empty()) {
    if (inPlaceUpdate)
      *inPlaceUpdate = true;
    if (RewriterBase::Listener *l = rewriter.getRewriterListener())
      l->notifyOperationModified(op);
    return success();
  }
  notifyRemoval(op);
  rewriter.replaceOp(op, ValueRange(results));
  return success();
}

LogicalResult OperationFolder::tryToFold(Operation *op, SmallVectorImpl<Value> &results) {
  SmallVector<OpFoldResult, 8> foldResults;
  if (failed(op->fold(foldResults)))
    return failure();
  if (foldResults.empty())
    return success();
  Block *opBlock = op->getBlock();
  Region *insertRegion = getInsertionRegion(opBlock);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&insertRegion->front());
  Dialect *dialect = op->getDialect();
  for (unsigned i = 0; i < foldResults.size(); ++i) {
    if (Value v = foldResults[i].getValue()) {
      results.push_back(v);
      continue;
    }
    Operation *constOp = tryGetOrCreateConstant(insertRegion, dialect, foldResults[i].getAttribute(),
                                                op->getResult(i).getType(), erasedFoldedLocation);
    if (!constOp) {
      // Erase the constants created for this op that nothing uses.
      for (Value v : results)
        if (Operation *def = v.getDefiningOp(); def && def->use_empty() && isFolderOwnedConstant(def)) {
          notifyRemoval(def);
          rewriter.eraseOp(def);
        }
      results.clear();
      return failure();
    }
    results.push_back(constOp->getResult(0));
  }
  return success();
}

bool OperationFolder::insertKnownConstant(Operation *op, Attribute constValue) {
  Block *opBlock = op->getBlock();
  if (isFolderOwnedConstant(op)) {
    if (&opBlock->front() != op && !isFolderOwnedConstant(op->getPrevNode())) {
      op->moveBefore(&opBlock->front());
      op->setLoc(erasedFoldedLocation);
    }
    return true;
  }
  if (!constValue)
    matchConstantOp(op, &constValue);
  Region *insertRegion = getInsertionRegion(opBlock);
  ConstantKey key{insertRegion, op->getDialect(), constValue.getAsOpaquePointer(),
                  op->getResult(0).getType().getAsOpaquePointer()};
  if (Operation **existing = uniquedConstants.find(key)) {
    Operation *folderConstOp = *existing;
    notifyRemoval(op);
    rewriter.replaceOp(op, folderConstOp->getResults());
    folderConstOp->setLoc(erasedFoldedLocation);
    return false;
  }
  // Move `op` to the front of the insertion block unless it is there or
  // follows a constant the folder already placed.
  Block *insertBlock = &insertRegion->front();
  if (opBlock != insertBlock) {
    op->moveBefore(&insertBlock->front());
    op->setLoc(erasedFoldedLocation);
  } else if (&insertBlock->front() != op && !isFolderOwnedConstant(op->getPrevNode())) {
    op->moveBefore(&insertBlock->front());
  }
  uniquedConstants.insert(key, op);
  referencedDialects[op].push_back(op->getDialect());
  return true;
}

void OperationFolder::notifyRemoval(Operation *op) {
  SmallVector<Dialect *, 2> *dialects = referencedDialects.find(op);
  if (!dialects)
    return;
  Attribute constValue;
  matchConstantOp(op, &constValue);
  Region *insertRegion = getInsertionRegion(op->getBlock());
  const void *type = op->getResult(0).getType().getAsOpaquePointer();
  for (Dialect *dialect : *dialects)
    uniquedConstants.erase(ConstantKey{insertRegion, dialect, constValue.getAsOpaquePointer(), type});
  referencedDialects.erase(op);
}

void OperationFolder::clear() {
  uniquedConstants.clear();
  referencedDialects.clear();
}

Value OperationFolder::getOrCreateConstant(Block *block, Dialect *dialect, Attribute value, Type type) {
  Region *insertRegion = getInsertionRegion(block);
  rewriter.setInsertionPointToStart(&insertRegion->front());
  Operation *constOp = tryGetOrCreateConstant(insertRegion, dialect, value, type, erasedFoldedLocation);
  return constOp ? Value(constOp->getResult(0)) : Value();
}

/// The constant of `dialect` for (value, type) in `insertRegion`, or a new
/// one at the rewriter's insertion point. A constant materialized by
/// another dialect (or with a different attribute) is registered under both.
Operation *OperationFolder::tryGetOrCreateConstant(Region *insertRegion, Dialect *dialect, Attribute value,
                                                   Type type, Location loc) {
  ConstantKey key{insertRegion, dialect, value.getAsOpaquePointer(), type.getAsOpaquePointer()};
  if (Operation **existing = uniquedConstants.find(key))
    return *existing;
  Operation *constOp = dialect ? dialect->materializeConstant(rewriter, value, type, loc) : nullptr;
  if (!constOp)
    return nullptr;
  // The dialect may have materialized a constant of another dialect, or
  // with a different value attribute: unique on what it produced.
  Attribute foldedValue;
  matchConstantOp(constOp, &foldedValue);
  Dialect *newDialect = constOp->getDialect();
  if (newDialect == dialect && foldedValue == value) {
    uniquedConstants.insert(key, constOp);
    referencedDialects[constOp].push_back(dialect);
    return constOp;
  }
  ConstantKey newKey{insertRegion, newDialect, foldedValue.getAsOpaquePointer(), type.getAsOpaquePointer()};
  if (Operation **existing = uniquedConstants.find(newKey)) {
    Operation *existingOp = *existing;
    notifyRemoval(constOp);
    rewriter.eraseOp(constOp);
    referencedDialects[existingOp].push_back(dialect);
    uniquedConstants.insert(key, existingOp);
    return existingOp;
  }
  uniquedConstants.insert(key, constOp);
  SmallVector<Dialect *, 2> &dialects = referencedDialects[constOp];
  dialects.push_back(dialect);
  if (newDialect != dialect)
    dialects.push_back(newDialect);
  uniquedConstants.insert(newKey, constOp);
  return constOp;
}
