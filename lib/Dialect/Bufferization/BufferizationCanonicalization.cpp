//===- BufferizationCanonicalization.cpp - Canonicalization of dealloc ----===//
//
// MLIR's canonicalization patterns of `bufferization.dealloc`: duplicate
// memrefs (conditions or-ed) and retained values merged, empty deallocs and
// memrefs whose condition is false dropped, extract_strided_metadata of an
// allocation skipped, and an allocation only the dealloc uses erased with
// its entry.
//
#include "lamina/Dialect/Bufferization/BufferizationDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/ODS/OpDef.h"

#include <unordered_map>

using namespace lamina;
using namespace lamina::bufferization;

//===----------------------------------------------------------------------===//
// Accessors and builders
//===----------------------------------------------------------------------===//

std::array<ValueRange, 3> bufferization::getDeallocOperandGroups(Operation *dealloc) {
  auto segments = dealloc->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  ValueRange all(dealloc->getOperands());
  unsigned numMemrefs = segments ? unsigned(segments.asArrayRef()[0]) : 0;
  unsigned numConditions = segments ? unsigned(segments.asArrayRef()[1]) : 0;
  return {all.slice(0, numMemrefs), all.slice(numMemrefs, numConditions),
          all.drop_front(numMemrefs + numConditions)};
}

Operation *bufferization::createDeallocOp(OpBuilder &builder, Location loc, ValueRange memrefs,
                                          ValueRange conditions, ValueRange retained) {
  OperationState st(loc, "bufferization.dealloc");
  st.addOperands(memrefs);
  st.addOperands(conditions);
  st.addOperands(retained);
  st.addAttribute("operandSegmentSizes", builder.getDenseI32ArrayAttr({int32_t(memrefs.size()),
                                                                       int32_t(conditions.size()),
                                                                       int32_t(retained.size())}));
  for (size_t i = 0; i < retained.size(); ++i)
    st.addType(builder.getI1Type());
  return builder.create(st);
}

LogicalResult bufferization::updateDeallocIfChanged(Operation *dealloc, ArrayRef<Value> memrefs,
                                                    ArrayRef<Value> conditions, PatternRewriter &rewriter) {
  auto [oldMemrefs, oldConditions, retained] = getDeallocOperandGroups(dealloc);
  auto same = [](ValueRange a, ArrayRef<Value> b) {
    if (a.size() != b.size())
      return false;
    for (size_t i = 0; i < b.size(); ++i)
      if (a[i] != b[i])
        return false;
    return true;
  };
  if (same(oldMemrefs, memrefs) && same(oldConditions, conditions))
    return failure();
  std::vector<Value> operands(memrefs.begin(), memrefs.end());
  operands.insert(operands.end(), conditions.begin(), conditions.end());
  operands.insert(operands.end(), retained.begin(), retained.end());
  int32_t numRetained = int32_t(retained.size());
  rewriter.modifyOpInPlace(dealloc, [&] {
    dealloc->setOperands(ValueRange(operands));
    dealloc->setAttr("operandSegmentSizes", rewriter.getDenseI32ArrayAttr({int32_t(memrefs.size()),
                                                                           int32_t(conditions.size()), numRetained}));
  });
  return success();
}

namespace {

Value createI1(PatternRewriter &rewriter, Location loc, std::string_view name, Value a, Value b) {
  std::vector<Value> operands{a, b};
  return rewriter.create(loc, name, ValueRange(operands), rewriter.getI1Type())->getResult(0);
}

Value createFalse(PatternRewriter &rewriter, Location loc) {
  NamedAttribute attr(rewriter.getStringAttr("value"), rewriter.getBoolAttr(false));
  return rewriter.create(loc, "arith.constant", {}, rewriter.getI1Type(), attr)->getResult(0);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// A memref listed twice is deallocated once, under the or of its
/// conditions.
LogicalResult removeDuplicateDeallocMemrefs(Operation *op, PatternRewriter &rewriter) {
  auto [memrefs, conditions, retained] = getDeallocOperandGroups(op);
  std::unordered_map<Value, unsigned> index;
  std::vector<Value> newMemrefs, newConditions;
  for (unsigned i = 0; i < memrefs.size(); ++i) {
    auto it = index.find(memrefs[i]);
    if (it != index.end()) {
      Value &cond = newConditions[it->second];
      if (cond != conditions[i])
        cond = createI1(rewriter, op->getLoc(), "arith.ori", cond, conditions[i]);
      continue;
    }
    index[memrefs[i]] = unsigned(newMemrefs.size());
    newMemrefs.push_back(memrefs[i]);
    newConditions.push_back(conditions[i]);
  }
  return updateDeallocIfChanged(op, newMemrefs, newConditions, rewriter);
}

/// A value retained twice is retained once; both results become its one.
LogicalResult removeDuplicateRetainedMemrefs(Operation *op, PatternRewriter &rewriter) {
  auto [memrefs, conditions, retained] = getDeallocOperandGroups(op);
  std::unordered_map<Value, unsigned> seen;
  std::vector<Value> newRetained;
  std::vector<unsigned> replacementIndex;
  for (Value v : retained) {
    auto it = seen.find(v);
    if (it != seen.end()) {
      replacementIndex.push_back(it->second);
      continue;
    }
    seen[v] = unsigned(newRetained.size());
    replacementIndex.push_back(unsigned(newRetained.size()));
    newRetained.push_back(v);
  }
  if (newRetained.size() == retained.size())
    return failure();
  Operation *newOp = createDeallocOp(rewriter, op->getLoc(), memrefs, conditions, ValueRange(newRetained));
  std::vector<Value> replacements;
  for (unsigned idx : replacementIndex)
    replacements.push_back(newOp->getResult(idx));
  rewriter.replaceOp(op, ValueRange(replacements));
  return success();
}

/// A dealloc of nothing: every retained value gets `false`.
LogicalResult eraseEmptyDealloc(Operation *op, PatternRewriter &rewriter) {
  if (!getDeallocOperandGroups(op)[0].empty())
    return failure();
  Value constFalse = createFalse(rewriter, op->getLoc());
  std::vector<Value> replacements(op->getNumResults(), constFalse);
  rewriter.replaceOp(op, ValueRange(replacements));
  return success();
}

/// Memrefs whose condition is constant false are dropped.
LogicalResult eraseAlwaysFalseDealloc(Operation *op, PatternRewriter &rewriter) {
  auto [memrefs, conditions, retained] = getDeallocOperandGroups(op);
  std::vector<Value> newMemrefs, newConditions;
  for (unsigned i = 0; i < memrefs.size(); ++i) {
    if (matchZero(conditions[i]))
      continue;
    newMemrefs.push_back(memrefs[i]);
    newConditions.push_back(conditions[i]);
  }
  return updateDeallocIfChanged(op, newMemrefs, newConditions, rewriter);
}

/// The base buffer of an allocation is the allocation itself.
LogicalResult skipExtractMetadataOfAlloc(Operation *op, PatternRewriter &rewriter) {
  auto [memrefs, conditions, retained] = getDeallocOperandGroups(op);
  std::vector<Value> newMemrefs;
  for (Value memref : memrefs) {
    Operation *def = memref.getDefiningOp();
    if (def && def->getName().getStringRef() == "memref.extract_strided_metadata") {
      Value alloc = def->getOperand(0);
      Operation *allocOp = alloc.getDefiningOp();
      auto memOp = dyn_cast_or_null<MemoryEffectOpInterface>(allocOp);
      if (memOp && memOp.getEffectOnValue<MemoryEffects::Allocate>(alloc)) {
        newMemrefs.push_back(alloc);
        continue;
      }
    }
    newMemrefs.push_back(memref);
  }
  std::vector<Value> conds(conditions.begin(), conditions.end());
  return updateDeallocIfChanged(op, newMemrefs, conds, rewriter);
}

/// An allocation used only by the dealloc is erased with its entry.
LogicalResult removeAllocDeallocPairWhenNoOtherUsers(Operation *op, PatternRewriter &rewriter) {
  auto [memrefs, conditions, retained] = getDeallocOperandGroups(op);
  std::vector<Value> newMemrefs, newConditions;
  std::vector<Operation *> toDelete;
  for (unsigned i = 0; i < memrefs.size(); ++i) {
    Value memref = memrefs[i];
    if (auto memOp = dyn_cast_or_null<MemoryEffectOpInterface>(memref.getDefiningOp()))
      if (memOp.getEffectOnValue<MemoryEffects::Allocate>(memref) &&
          hasSingleEffect<MemoryEffects::Allocate>(memOp.getOperation(), memref) && memref.hasOneUse()) {
        toDelete.push_back(memOp.getOperation());
        continue;
      }
    newMemrefs.push_back(memref);
    newConditions.push_back(conditions[i]);
  }
  if (failed(updateDeallocIfChanged(op, newMemrefs, newConditions, rewriter)))
    return failure();
  for (Operation *dead : toDelete)
    rewriter.eraseOp(dead);
  return success();
}

} // namespace

void bufferization::populateDeallocOpCanonicalizationPatterns(RewritePatternSet &patterns) {
  constexpr std::string_view root = "bufferization.dealloc";
  patterns.addFunction(root, removeDuplicateDeallocMemrefs, "DeallocRemoveDuplicateDeallocMemrefs");
  patterns.addFunction(root, removeDuplicateRetainedMemrefs, "DeallocRemoveDuplicateRetainedMemrefs");
  patterns.addFunction(root, eraseEmptyDealloc, "EraseEmptyDealloc");
  patterns.addFunction(root, eraseAlwaysFalseDealloc, "EraseAlwaysFalseDealloc");
  patterns.addFunction(root, skipExtractMetadataOfAlloc, "SkipExtractMetadataOfAlloc");
  patterns.addFunction(root, removeAllocDeallocPairWhenNoOtherUsers, "RemoveAllocDeallocPairWhenNoOtherUsers");
}

void bufferization::registerBufferizationCanonicalization(BufferizationDialect &dialect) {
  ods::attachCanonicalizer(dialect, "bufferization.dealloc", [](RewritePatternSet &patterns, MLIRContext *) {
    populateDeallocOpCanonicalizationPatterns(patterns);
  });
}
