//===- ControlFlowInterfaces.cpp - Branches between blocks and regions ----===//
#include "lamina/Interfaces/ControlFlowInterfaces.h"

#include "lamina/IR/Diagnostics.h"

#include <vector>

using namespace lamina;

//===----------------------------------------------------------------------===//
// BranchOpInterface
//===----------------------------------------------------------------------===//

Block *detail::noSuccessorForOperands(Operation *, ArrayRef<Attribute>) { return nullptr; }
bool detail::typesAreEqual(Operation *, Type lhs, Type rhs) { return lhs == rhs; }

std::optional<BlockArgument> detail::getBranchSuccessorArgument(const SuccessorOperands &operands,
                                                                unsigned operandIndex, Block *successor) {
  OperandRange forwarded = operands.getForwardedOperands();
  if (forwarded.empty())
    return std::nullopt;
  unsigned start = operands.getMutableForwardedOperands().getStart();
  if (operandIndex < start || operandIndex >= start + forwarded.size())
    return std::nullopt;
  return successor->getArgument(operands.getProducedOperandCount() + operandIndex - start);
}

LogicalResult detail::verifyBranchSuccessorOperands(Operation *op, unsigned succNo,
                                                    const SuccessorOperands &operands) {
  unsigned operandCount = operands.size();
  Block *destBB = op->getSuccessor(succNo);
  if (operandCount != destBB->getNumArguments())
    return op->emitError() << "branch has " << operandCount << " operands for successor #" << succNo
                           << ", but target block has " << destBB->getNumArguments();
  auto branch = cast<BranchOpInterface>(op);
  for (unsigned i = operands.getProducedOperandCount(); i != operandCount; ++i)
    if (!branch.areTypesCompatible(operands[i].getType(), destBB->getArgument(i).getType()))
      return op->emitError() << "type mismatch for bb argument #" << i << " of successor #" << succNo;
  return success();
}

LogicalResult BranchOpInterface::verifyTrait(Operation *op) {
  auto branch = cast<BranchOpInterface>(op);
  for (unsigned i = 0, e = op->getNumSuccessors(); i != e; ++i)
    if (failed(detail::verifyBranchSuccessorOperands(op, i, branch.getSuccessorOperands(i))))
      return failure();
  return success();
}

std::optional<BlockArgument> BranchOpInterface::getSuccessorBlockArgument(unsigned operandIndex) const {
  Operation *op = getOperation();
  for (unsigned i = 0, e = op->getNumSuccessors(); i != e; ++i)
    if (std::optional<BlockArgument> arg =
            detail::getBranchSuccessorArgument(getSuccessorOperands(i), operandIndex, op->getSuccessor(i)))
      return arg;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// WeightedBranchOpInterface
//===----------------------------------------------------------------------===//

ArrayRef<int32_t> detail::branchWeightsFromAttr(Operation *op) {
  if (auto weights = dyn_cast_or_null<DenseI32ArrayAttr>(op->getAttr("branch_weights")))
    return weights.asArrayRef();
  return {};
}

void detail::setBranchWeightsAttr(Operation *op, ArrayRef<int32_t> weights) {
  op->setAttr("branch_weights", DenseI32ArrayAttr::get(op->getContext(), weights));
}

LogicalResult detail::verifyBranchWeights(Operation *op) {
  ArrayRef<int32_t> weights = cast<WeightedBranchOpInterface>(op).getWeights();
  if (weights.empty())
    return success();
  if (weights.size() != op->getNumSuccessors())
    return op->emitError() << "expects number of branch weights to match number of successors: "
                           << unsigned(weights.size()) << " vs " << op->getNumSuccessors();
  for (int32_t w : weights)
    if (w != 0)
      return success();
  return op->emitError() << "branch weights cannot all be zero";
}

//===----------------------------------------------------------------------===//
// RegionBranchOpInterface
//===----------------------------------------------------------------------===//

Region *RegionBranchPoint::getRegionOrNull() const { return predecessor ? predecessor->getParentRegion() : nullptr; }

OperandRange detail::noEntrySuccessorOperands(Operation *op, RegionSuccessor) {
  return op->getOperands().slice(op->getNumOperands(), 0);
}

void detail::entrySuccessorRegionsFromParent(Operation *op, ArrayRef<Attribute>,
                                             SmallVectorImpl<RegionSuccessor> &regions) {
  cast<RegionBranchOpInterface>(op).getSuccessorRegions(RegionBranchPoint::parent(), regions);
}

void detail::unknownRegionInvocationBounds(Operation *op, ArrayRef<Attribute>,
                                           SmallVectorImpl<InvocationBounds> &invocationBounds) {
  for (unsigned i = 0, e = op->getNumRegions(); i != e; ++i)
    invocationBounds.push_back(InvocationBounds::getUnknown());
}

void RegionBranchOpInterface::getSuccessorRegions(Region &region, SmallVectorImpl<RegionSuccessor> &regions) const {
  for (Block &block : region) {
    if (block.empty())
      continue;
    if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(&block.back()))
      getSuccessorRegions(RegionBranchPoint(terminator), regions);
  }
}

OperandRange RegionBranchOpInterface::getSuccessorOperands(RegionBranchPoint src, RegionSuccessor dest) const {
  if (src.isParent())
    return getEntrySuccessorOperands(dest);
  return cast<RegionBranchTerminatorOpInterface>(src.getTerminatorPredecessorOrNull()).getSuccessorOperands(dest);
}

SmallVector<RegionBranchPoint, 4> RegionBranchOpInterface::getAllRegionBranchPoints() const {
  SmallVector<RegionBranchPoint, 4> points;
  points.push_back(RegionBranchPoint::parent());
  for (Region &region : getOperation()->getRegions())
    for (Block &block : region) {
      if (block.empty())
        continue;
      if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(&block.back()))
        points.push_back(RegionBranchPoint(terminator));
    }
  return points;
}

LogicalResult detail::verifyRegionBranchOpInterface(Operation *op) {
  auto regionInterface = cast<RegionBranchOpInterface>(op);
  SmallVector<RegionSuccessor, 4> successors;
  for (RegionBranchPoint point : regionInterface.getAllRegionBranchPoints()) {
    successors.clear();
    regionInterface.getSuccessorRegions(point, successors);
    for (const RegionSuccessor &successor : successors) {
      auto emitEdgeError = [&]() {
        InFlightDiagnostic diag = op->emitOpError("along control flow edge from ");
        if (point.isParent()) {
          diag << "parent";
          diag.attachNote(op->getLoc()) << "region branch point";
        } else {
          Operation *terminator = point.getTerminatorPredecessorOrNull();
          diag << "Operation " << terminator->getName();
          diag.attachNote(terminator->getLoc()) << "region branch point";
        }
        diag << " to ";
        if (Region *region = successor.getSuccessor())
          diag << "Region #" << region->getRegionNumber();
        else
          diag << "parent";
        return diag;
      };
      OperandRange operands = regionInterface.getSuccessorOperands(point, successor);
      ValueRange inputs = successor.getSuccessorInputs();
      if (operands.size() != inputs.size())
        return emitEdgeError() << ": region branch point has " << unsigned(operands.size())
                               << " operands, but region successor needs " << unsigned(inputs.size()) << " inputs";
      for (size_t i = 0, e = operands.size(); i != e; ++i) {
        Type operandType = operands[i].getType(), inputType = inputs[i].getType();
        if (!regionInterface.areTypesCompatible(operandType, inputType))
          return emitEdgeError() << ": successor operand type #" << unsigned(i) << " " << operandType
                                 << " should match successor input type #" << unsigned(i) << " " << inputType;
      }
    }
  }
  return success();
}

/// Whether the traversal of the region graph of `begin`'s op from `begin`
/// meets a region for which `stop(region, visited)` holds.
template <typename StopFn> static bool traverseRegionGraph(Region *begin, StopFn stop) {
  auto op = cast<RegionBranchOpInterface>(begin->getParentOp());
  std::vector<bool> visited(op->getNumRegions(), false);
  visited[begin->getRegionNumber()] = true;
  std::vector<Region *> worklist;
  SmallVector<RegionSuccessor, 4> successors;
  SmallVector<Attribute, 4> operandAttributes;
  auto enqueueAllSuccessors = [&](Region *region) {
    for (Block &block : *region) {
      if (block.empty())
        continue;
      auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(&block.back());
      if (!terminator)
        continue;
      operandAttributes.assign(terminator->getNumOperands(), Attribute());
      successors.clear();
      terminator.getSuccessorRegions(operandAttributes, successors);
      for (const RegionSuccessor &successor : successors)
        if (!successor.isParent())
          worklist.push_back(successor.getSuccessor());
    }
  };
  enqueueAllSuccessors(begin);
  while (!worklist.empty()) {
    Region *next = worklist.back();
    worklist.pop_back();
    if (stop(next, visited))
      return true;
    if (visited[next->getRegionNumber()])
      continue;
    visited[next->getRegionNumber()] = true;
    enqueueAllSuccessors(next);
  }
  return false;
}

static bool isRegionReachable(Region *begin, Region *r) {
  return traverseRegionGraph(begin, [&](Region *next, const std::vector<bool> &) { return next == r; });
}

bool RegionBranchOpInterface::isRepetitiveRegion(unsigned index) const {
  Region *region = &getOperation()->getRegion(index);
  return isRegionReachable(region, region);
}

bool RegionBranchOpInterface::hasLoop() const {
  SmallVector<RegionSuccessor, 4> entryRegions;
  getSuccessorRegions(RegionBranchPoint::parent(), entryRegions);
  for (const RegionSuccessor &successor : entryRegions)
    if (!successor.isParent() &&
        traverseRegionGraph(successor.getSuccessor(), [](Region *next, const std::vector<bool> &visited) {
          return bool(visited[next->getRegionNumber()]);
        }))
      return true;
  return false;
}

bool lamina::insideMutuallyExclusiveRegions(Operation *a, Operation *b) {
  assert(a && b && "expected non-empty operations");
  auto branchOp = a->getParentOfType<RegionBranchOpInterface>();
  while (branchOp) {
    if (!branchOp->isProperAncestor(b)) {
      branchOp = branchOp->getParentOfType<RegionBranchOpInterface>();
      continue;
    }
    Region *regionA = nullptr, *regionB = nullptr;
    for (Region &r : branchOp->getRegions()) {
      if (r.findAncestorOpInRegion(*a))
        regionA = &r;
      if (r.findAncestorOpInRegion(*b))
        regionB = &r;
    }
    assert(regionA && regionB && "could not find region of op");
    return regionA != regionB && !isRegionReachable(regionA, regionB) && !isRegionReachable(regionB, regionA);
  }
  return false;
}

Region *lamina::getEnclosingRepetitiveRegion(Operation *op) {
  while (Region *region = op->getParentRegion()) {
    op = region->getParentOp();
    if (auto branchOp = dyn_cast<RegionBranchOpInterface>(op))
      if (branchOp.isRepetitiveRegion(region->getRegionNumber()))
        return region;
  }
  return nullptr;
}

Region *lamina::getEnclosingRepetitiveRegion(Value value) {
  Region *region = value.getParentRegion();
  while (region) {
    Operation *op = region->getParentOp();
    if (auto branchOp = dyn_cast<RegionBranchOpInterface>(op))
      if (branchOp.isRepetitiveRegion(region->getRegionNumber()))
        return region;
    region = op->getParentRegion();
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// RegionBranchTerminatorOpInterface
//===----------------------------------------------------------------------===//

void detail::terminatorSuccessorRegionsFromParent(Operation *op, ArrayRef<Attribute>,
                                                  SmallVectorImpl<RegionSuccessor> &regions) {
  cast<RegionBranchOpInterface>(op->getParentOp())
      .getSuccessorRegions(RegionBranchPoint(cast<RegionBranchTerminatorOpInterface>(op)), regions);
}

MutableOperandRange detail::allOperandsAsSuccessorOperands(Operation *op, RegionSuccessor) {
  return MutableOperandRange(op);
}
