//===- BlockMerging.cpp - Identical block merging, redundant arguments ----===//
//
// The aggressive part of region simplification, as MLIR's RegionUtils:
// blocks (other than the entry) that branch to the same successors and
// whose bodies are equivalent up to operands defined outside them merge into
// the first one ("leader"), the differing operands becoming new block
// arguments fed by the predecessors; then block arguments that every
// predecessor feeds the same value are replaced by it. Region worklists are
// explicit.
//
#include "lamina/Rewrite/RegionUtils.h"

#include "lamina/IR/OperationEquivalence.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <vector>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Successor operands
//===----------------------------------------------------------------------===//

static BranchOpInterface branchOf(Operation *op) { return dyn_cast<BranchOpInterface>(op); }

/// [start, start + size) of the operands forwarded to successor `succ`.
static std::pair<unsigned, unsigned> forwardedRange(BranchOpInterface branch, unsigned succ) {
  MutableOperandRange forwarded = branch.getSuccessorOperands(succ).getMutableForwardedOperands();
  return {forwarded.getStart(), forwarded.size()};
}

/// The operand segment index holding position `index` (for insertion at the
/// end of a segment, `index` is one past it: pass `atEnd`).
static void adjustSegment(Operation *op, unsigned index, int delta, unsigned segmentHint) {
  if (op->getName().getAttributeIndex("operandSegmentSizes") < 0)
    return;
  auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(op->getInherentAttr("operandSegmentSizes"));
  if (!sizes)
    return;
  std::vector<int32_t> values(sizes.asArrayRef().begin(), sizes.asArrayRef().end());
  if (segmentHint < values.size()) {
    values[segmentHint] += delta;
  } else {
    unsigned start = 0;
    for (int32_t &size : values) {
      if (index < start + unsigned(size)) {
        size += delta;
        break;
      }
      start += unsigned(size);
    }
  }
  op->setInherentAttr(StringAttr::get(op->getContext(), "operandSegmentSizes"),
                      DenseI32ArrayAttr::get(op->getContext(), values));
}

/// The segment of the operands forwarded to successor `succ`: found by
/// comparing the range with the segments (the first segment starting at the
/// range's start with its size).
static unsigned forwardedSegment(Operation *op, unsigned start, unsigned size) {
  if (op->getName().getAttributeIndex("operandSegmentSizes") < 0)
    return ~0u;
  auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(op->getInherentAttr("operandSegmentSizes"));
  if (!sizes)
    return ~0u;
  unsigned pos = 0;
  ArrayRef<int32_t> values = sizes.asArrayRef();
  for (unsigned i = 0; i < values.size(); ++i) {
    if (pos == start && unsigned(values[i]) == size)
      return i;
    pos += unsigned(values[i]);
  }
  return ~0u;
}

static void appendForwarded(Operation *op, unsigned succ, ArrayRef<Value> values) {
  BranchOpInterface branch = branchOf(op);
  auto [start, size] = forwardedRange(branch, succ);
  unsigned segment = forwardedSegment(op, start, size);
  op->insertOperands(start + size, ValueRange(values));
  adjustSegment(op, start + size, int(values.size()), segment);
}

static void eraseForwarded(Operation *op, unsigned succ, unsigned index) {
  BranchOpInterface branch = branchOf(op);
  auto [start, size] = forwardedRange(branch, succ);
  unsigned segment = forwardedSegment(op, start, size);
  op->eraseOperand(start + index);
  adjustSegment(op, start + index, -1, segment);
}

/// The (terminator, successor index) pairs branching to `block`, in use-list
/// order.
static std::vector<std::pair<Operation *, unsigned>> predecessorsOf(Block *block) {
  std::vector<std::pair<Operation *, unsigned>> preds;
  for (BlockOperand *use = block->getFirstUse(); use; use = use->getNextOperandUsingThisValue())
    preds.push_back({use->getOwner(), use->getOperandNumber()});
  return preds;
}

//===----------------------------------------------------------------------===//
// Block equivalence
//===----------------------------------------------------------------------===//

namespace {
/// A block's hash and the order index of the values it defines.
struct BlockEquivalenceData {
  explicit BlockEquivalenceData(Block *block) : block(block) {
    unsigned orderIt = block->getNumArguments();
    for (Operation &op : *block) {
      if (unsigned n = op.getNumResults()) {
        opOrderIndex.emplace(&op, orderIt);
        orderIt += n;
      }
      uint64_t opHash =
          OperationEquivalence::computeHash(&op, OperationEquivalence::ignoreHashValue,
                                            OperationEquivalence::ignoreHashValue, OperationEquivalence::IgnoreLocations);
      hash = hash * 0x9E3779B97F4A7C15ull + opHash + 1;
    }
  }
  unsigned getOrderOf(Value value) const {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return arg.getArgNumber();
    OpResult result = cast<OpResult>(value);
    return opOrderIndex.at(result.getOwner()) + result.getResultNumber();
  }

  Block *block;
  uint64_t hash = 0;
  std::unordered_map<Operation *, unsigned> opOrderIndex;
};

/// Blocks to merge into a leader.
class BlockMergeCluster {
public:
  explicit BlockMergeCluster(BlockEquivalenceData &&leader) : leaderData(std::move(leader)) {}
  LogicalResult addToCluster(BlockEquivalenceData &blockData);
  LogicalResult merge(RewriterBase &rewriter);

private:
  BlockEquivalenceData leaderData;
  std::vector<Block *> blocksToMerge;
  /// (op index, operand index) pairs that become block arguments.
  std::set<std::pair<int, int>> operandsToMerge;
};
} // namespace

static bool isUsedOutsideOfBlock(Operation &op, Block *block) {
  for (Value r : op.getResults())
    if (r.isUsedOutsideOfBlock(block))
      return true;
  return false;
}

LogicalResult BlockMergeCluster::addToCluster(BlockEquivalenceData &blockData) {
  if (leaderData.hash != blockData.hash)
    return failure();
  Block *leaderBlock = leaderData.block, *mergeBlock = blockData.block;
  if (leaderBlock->getArgumentTypes() != mergeBlock->getArgumentTypes())
    return failure();
  std::vector<std::pair<int, int>> mismatched;
  auto lhsIt = leaderBlock->begin(), lhsE = leaderBlock->end();
  auto rhsIt = mergeBlock->begin(), rhsE = mergeBlock->end();
  for (int opI = 0; lhsIt != lhsE && rhsIt != rhsE; ++lhsIt, ++rhsIt, ++opI) {
    if (!OperationEquivalence::isEquivalentTo(
            &*lhsIt, &*rhsIt, [](Value, Value) { return success(); }, nullptr,
            OperationEquivalence::IgnoreLocations))
      return failure();
    for (unsigned operand = 0, e = lhsIt->getNumOperands(); operand != e; ++operand) {
      Value lhsOperand = lhsIt->getOperand(operand), rhsOperand = rhsIt->getOperand(operand);
      if (lhsOperand == rhsOperand)
        continue;
      if (lhsOperand.getType() != rhsOperand.getType())
        return failure();
      bool lhsIn = lhsOperand.getParentBlock() == leaderBlock;
      bool rhsIn = rhsOperand.getParentBlock() == mergeBlock;
      if (lhsIn != rhsIn)
        return failure();
      if (!lhsIn) {
        // A value defined by a predecessor's terminator cannot be forwarded
        // from that predecessor.
        auto isValidSuccessorArg = [](Block *block, Value v) {
          Block *parent = v.getParentBlock();
          Operation *def = v.getDefiningOp();
          if (!def || parent->empty() || def != &parent->back())
            return true;
          for (auto &[term, index] : predecessorsOf(block))
            if (term->getBlock() == parent)
              return false;
          return true;
        };
        if (!isValidSuccessorArg(leaderBlock, lhsOperand) || !isValidSuccessorArg(mergeBlock, rhsOperand))
          return failure();
        mismatched.emplace_back(opI, int(operand));
        continue;
      }
      if (leaderData.getOrderOf(lhsOperand) != blockData.getOrderOf(rhsOperand))
        return failure();
    }
    if (isUsedOutsideOfBlock(*rhsIt, mergeBlock) || isUsedOutsideOfBlock(*lhsIt, leaderBlock))
      return failure();
  }
  if (lhsIt != lhsE || rhsIt != rhsE)
    return failure();
  operandsToMerge.insert(mismatched.begin(), mismatched.end());
  if (std::find(blocksToMerge.begin(), blocksToMerge.end(), mergeBlock) == blocksToMerge.end())
    blocksToMerge.push_back(mergeBlock);
  return success();
}

static bool ableToUpdatePredOperands(Block *block) {
  for (auto &[term, index] : predecessorsOf(block))
    if (!branchOf(term))
      return false;
  return true;
}

/// Drops the new arguments that repeat an earlier one in every list.
static std::vector<std::vector<Value>> pruneRedundantArguments(const std::vector<std::vector<Value>> &newArguments,
                                                               RewriterBase &rewriter, unsigned numOldArguments,
                                                               Block *block) {
  if (newArguments.empty())
    return newArguments;
  size_t numLists = newArguments.size(), numArgs = newArguments[0].size();
  std::unordered_map<unsigned, unsigned> idxToReplacement;
  std::unordered_map<const void *, unsigned> firstValueToIdx;
  for (unsigned j = 0; j < numArgs; ++j)
    firstValueToIdx.emplace(newArguments[0][j].getAsOpaquePointer(), j);
  for (unsigned j = 0; j < numArgs; ++j) {
    unsigned k = firstValueToIdx[newArguments[0][j].getAsOpaquePointer()];
    if (k == j)
      continue;
    bool shouldReplace = true;
    for (size_t i = 1; i < numLists; ++i)
      shouldReplace = shouldReplace && newArguments[i][k] == newArguments[i][j];
    if (shouldReplace)
      idxToReplacement[j] = k;
  }
  std::vector<std::vector<Value>> pruned(numLists);
  for (size_t i = 0; i < numLists; ++i)
    for (unsigned j = 0; j < numArgs; ++j)
      if (!idxToReplacement.count(j))
        pruned[i].push_back(newArguments[i][j]);
  std::vector<unsigned> toErase;
  for (unsigned idx = 0; idx < numArgs; ++idx) {
    auto it = idxToReplacement.find(idx);
    if (it == idxToReplacement.end())
      continue;
    rewriter.replaceAllUsesWith(block->getArgument(numOldArguments + idx),
                                block->getArgument(numOldArguments + it->second));
    toErase.push_back(numOldArguments + idx);
  }
  for (size_t i = toErase.size(); i-- > 0;)
    block->eraseArgument(toErase[i]);
  return pruned;
}

LogicalResult BlockMergeCluster::merge(RewriterBase &rewriter) {
  if (blocksToMerge.empty())
    return failure();
  Block *leaderBlock = leaderData.block;
  if (!operandsToMerge.empty()) {
    if (!ableToUpdatePredOperands(leaderBlock))
      return failure();
    for (Block *b : blocksToMerge)
      if (!ableToUpdatePredOperands(b))
        return failure();
    std::vector<Block::iterator> blockIterators;
    blockIterators.push_back(leaderBlock->begin());
    for (Block *b : blocksToMerge)
      blockIterators.push_back(b->begin());
    std::vector<std::vector<Value>> newArguments(1 + blocksToMerge.size(),
                                                 std::vector<Value>(operandsToMerge.size()));
    int curOpIndex = 0;
    unsigned numOldArguments = leaderBlock->getNumArguments();
    unsigned index = 0;
    for (const auto &[opIndex, operandIndex] : operandsToMerge) {
      int nextOpOffset = opIndex - curOpIndex;
      curOpIndex = opIndex;
      for (size_t i = 0; i < blockIterators.size(); ++i) {
        Block::iterator &it = blockIterators[i];
        for (int s = 0; s < nextOpOffset; ++s)
          ++it;
        OpOperand &operand = it->getOpOperand(unsigned(operandIndex));
        newArguments[i][index] = operand.get();
        if (i == 0) {
          Value v = operand.get();
          operand.set(leaderBlock->addArgument(v.getType(), v.getLoc()));
        }
      }
      ++index;
    }
    newArguments = pruneRedundantArguments(newArguments, rewriter, numOldArguments, leaderBlock);
    auto updatePredecessors = [&](Block *block, size_t clusterIndex) {
      for (auto &[term, succIndex] : predecessorsOf(block))
        appendForwarded(term, succIndex, newArguments[clusterIndex]);
    };
    updatePredecessors(leaderBlock, 0);
    for (size_t i = 0; i < blocksToMerge.size(); ++i)
      updatePredecessors(blocksToMerge[i], i + 1);
  }
  for (Block *block : blocksToMerge) {
    while (BlockOperand *use = block->getFirstUse())
      use->set(leaderBlock);
    rewriter.eraseBlock(block);
  }
  return success();
}

/// Merges identical blocks of one region. Success if any merged.
static LogicalResult mergeIdenticalBlocksIn(RewriterBase &rewriter, Region &region) {
  if (region.empty() || region.hasOneBlock())
    return failure();
  // Blocks (entry excepted) grouped by their successor lists, groups in the
  // order of their first block.
  std::vector<std::pair<std::vector<Block *>, std::vector<Block *>>> groups;
  for (Block *b = region.front().getNextNode(); b; b = b->getNextNode()) {
    std::vector<Block *> succs = b->getSuccessors();
    auto it = std::find_if(groups.begin(), groups.end(), [&](auto &g) { return g.first == succs; });
    if (it == groups.end())
      groups.push_back({succs, {b}});
    else
      it->second.push_back(b);
  }
  bool merged = false;
  for (auto &[succs, blocks] : groups) {
    if (blocks.size() == 1)
      continue;
    std::vector<BlockMergeCluster> clusters;
    for (Block *block : blocks) {
      bool hasNonEmptyRegion = false;
      for (Operation &op : *block)
        for (Region &r : op.getRegions())
          hasNonEmptyRegion |= !r.empty();
      if (hasNonEmptyRegion)
        continue;
      bool argHasExternalUsers = false;
      for (Value arg : block->getArguments())
        argHasExternalUsers |= arg.isUsedOutsideOfBlock(block);
      if (argHasExternalUsers)
        continue;
      BlockEquivalenceData data(block);
      bool added = false;
      for (BlockMergeCluster &cluster : clusters)
        if ((added = succeeded(cluster.addToCluster(data))))
          break;
      if (!added)
        clusters.emplace_back(std::move(data));
    }
    for (BlockMergeCluster &cluster : clusters)
      merged |= succeeded(cluster.merge(rewriter));
  }
  return success(merged);
}

LogicalResult lamina::mergeIdenticalBlocks(RewriterBase &rewriter, MutableArrayRef<Region> regions) {
  std::vector<Region *> worklist;
  auto insert = [&](Region *r) {
    if (std::find(worklist.begin(), worklist.end(), r) == worklist.end())
      worklist.push_back(r);
  };
  for (Region &r : regions)
    insert(&r);
  bool anyChanged = false;
  while (!worklist.empty()) {
    Region *region = worklist.back();
    worklist.pop_back();
    if (succeeded(mergeIdenticalBlocksIn(rewriter, *region))) {
      insert(region);
      anyChanged = true;
    }
    for (Block &block : *region)
      for (Operation &op : block)
        for (Region &nested : op.getRegions())
          insert(&nested);
  }
  return success(anyChanged);
}

//===----------------------------------------------------------------------===//
// Redundant block arguments
//===----------------------------------------------------------------------===//

static LogicalResult dropRedundantArgumentsOf(RewriterBase &rewriter, Block &block) {
  std::vector<unsigned> argsToErase;
  auto preds = predecessorsOf(&block);
  for (unsigned argIdx = 0; argIdx < block.getNumArguments(); ++argIdx) {
    bool sameArg = true;
    Value commonValue;
    for (auto &[term, succIndex] : preds) {
      BranchOpInterface branch = branchOf(term);
      if (!branch) {
        sameArg = false;
        break;
      }
      OperandRange forwarded = branch.getSuccessorOperands(succIndex).getForwardedOperands();
      if (argIdx >= forwarded.size()) {
        sameArg = false;
        break;
      }
      if (!commonValue) {
        commonValue = forwarded[argIdx];
        continue;
      }
      if (forwarded[argIdx] != commonValue) {
        sameArg = false;
        break;
      }
    }
    if (commonValue && sameArg) {
      argsToErase.push_back(argIdx);
      rewriter.replaceAllUsesWith(block.getArgument(argIdx), commonValue);
    }
  }
  for (size_t i = argsToErase.size(); i-- > 0;) {
    unsigned argIdx = argsToErase[i];
    block.eraseArgument(argIdx);
    for (auto &[term, succIndex] : predecessorsOf(&block))
      eraseForwarded(term, succIndex, argIdx);
  }
  return success(!argsToErase.empty());
}

LogicalResult lamina::dropRedundantArguments(RewriterBase &rewriter, MutableArrayRef<Region> regions) {
  std::vector<Region *> worklist;
  for (Region &r : regions)
    worklist.push_back(&r);
  bool anyChanged = false;
  while (!worklist.empty()) {
    Region *region = worklist.back();
    worklist.pop_back();
    for (Block &block : *region) {
      anyChanged = succeeded(dropRedundantArgumentsOf(rewriter, block)) || anyChanged;
      for (Operation &op : block)
        for (Region &nested : op.getRegions())
          if (std::find(worklist.begin(), worklist.end(), &nested) == worklist.end())
            worklist.push_back(&nested);
    }
  }
  return success(anyChanged);
}
