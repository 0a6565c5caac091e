//===- SCFRegionBranch.cpp - Region branch canonicalization of scf ops ----===//
//
// MLIR 22's populateRegionBranchOpInterfaceCanonicalizationPatterns
// (lib/Interfaces/ControlFlowInterfaces.cpp) as scf.for, scf.if, scf.while,
// scf.execute_region and scf.index_switch register them, after their own
// patterns: MakeRegionBranchOpSuccessorInputsDead,
// RemoveDuplicateSuccessorInputUses and
// RemoveDeadRegionBranchOpSuccessorInputs. They work on the mapping from
// successor operands (the values an op or a region terminator forwards) to
// successor inputs (block arguments and op results receiving them), which
// each op describes here as MLIR's getSuccessorRegions does.
//
#include "SCFDetail.h"

#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/IR/PatternMatch.h"

#include <algorithm>
#include <numeric>

using namespace lamina;
using namespace lamina::scf;

namespace {

//===----------------------------------------------------------------------===//
// Successor operand -> successor input mapping
//===----------------------------------------------------------------------===//

/// The forwarding edges of a region branch op, in MLIR's order: branch
/// points (the op, then each region terminator in region/block order), and
/// for each the successors of getSuccessorRegions.
struct SuccessorMapping {
  /// (operand, input) pairs in edge order.
  std::vector<std::pair<OpOperand *, Value>> pairs;

  void add(MutableArrayRef<OpOperand> operands, ValueRange inputs) {
    for (size_t i = 0, e = std::min(operands.size(), inputs.size()); i != e; ++i)
      pairs.push_back({&operands[i], inputs[i]});
  }
};

/// The successor inputs of `region`'s entry block (none if empty).
ValueRange regionInputs(Region &region) { return region.empty() ? ValueRange() : region.front().getArguments(); }

MutableArrayRef<OpOperand> operandsFrom(Operation *op, unsigned start) {
  MutableArrayRef<OpOperand> all = op->getOpOperands();
  return start >= all.size() ? MutableArrayRef<OpOperand>() : all.drop_front(start);
}

/// Fills `mapping` for an scf.for, scf.if, scf.while, scf.execute_region
/// or scf.index_switch. Returns false for other ops.
bool getSuccessorMapping(Operation *op, SuccessorMapping &mapping) {
  bool isFor = isa<ForOp>(op), isWhile = isa<WhileOp>(op);
  if (!isFor && !isWhile && !isa<IfOp>(op) && !isa<ExecuteRegionOp>(op) && !isa<IndexSwitchOp>(op))
    return false;
  ValueRange results = op->getResults();

  // Branch point: the op itself.
  if (isFor) {
    MutableArrayRef<OpOperand> inits = operandsFrom(op, 3);
    ValueRange iterArgs = regionInputs(op->getRegion(0)).drop_front(std::min<size_t>(
        1, regionInputs(op->getRegion(0)).size()));
    mapping.add(inits, iterArgs);
    mapping.add(inits, results);
  } else if (isWhile) {
    mapping.add(op->getOpOperands(), regionInputs(op->getRegion(0)));
  }
  // scf.if, scf.execute_region and scf.index_switch forward nothing on entry
  // (the parent -> parent edge of an if without else carries no value).

  // Branch points: the region terminators.
  for (Region &region : op->getRegions()) {
    for (Block &block : region) {
      if (block.empty())
        continue;
      Operation *term = &block.back();
      if (isa<YieldOp>(term)) {
        MutableArrayRef<OpOperand> operands = term->getOpOperands();
        if (isFor) {
          ValueRange args = regionInputs(op->getRegion(0));
          mapping.add(operands, args.drop_front(std::min<size_t>(1, args.size())));
          mapping.add(operands, results);
        } else if (isWhile) {
          mapping.add(operands, regionInputs(op->getRegion(0)));
        } else {
          mapping.add(operands, results);
        }
      } else if (isa<ConditionOp>(term) && isWhile) {
        MutableArrayRef<OpOperand> args = operandsFrom(term, 1);
        mapping.add(args, results);
        mapping.add(args, regionInputs(op->getRegion(1)));
      }
    }
  }
  return true;
}

/// Input -> its operands, inputs in order of first appearance.
struct InverseMapping {
  std::vector<Value> inputs;
  std::vector<std::vector<OpOperand *>> operands;

  explicit InverseMapping(const SuccessorMapping &mapping) {
    for (auto &[operand, input] : mapping.pairs) {
      auto it = std::find(inputs.begin(), inputs.end(), input);
      if (it == inputs.end()) {
        inputs.push_back(input);
        operands.emplace_back();
        it = inputs.end() - 1;
      }
      operands[size_t(it - inputs.begin())].push_back(operand);
    }
  }
  const std::vector<OpOperand *> *lookup(Value input) const {
    auto it = std::find(inputs.begin(), inputs.end(), input);
    return it == inputs.end() ? nullptr : &operands[size_t(it - inputs.begin())];
  }
};

/// The values other than successor inputs that may flow into `value`.
std::vector<Value> reachableValues(Value value, const InverseMapping &inverse) {
  std::vector<Value> reachable, visited, worklist{value};
  while (!worklist.empty()) {
    Value next = worklist.back();
    worklist.pop_back();
    const std::vector<OpOperand *> *ops = inverse.lookup(next);
    if (!ops) {
      if (std::find(reachable.begin(), reachable.end(), next) == reachable.end())
        reachable.push_back(next);
      continue;
    }
    for (OpOperand *operand : *ops) {
      Value v = operand->get();
      if (std::find(visited.begin(), visited.end(), v) == visited.end()) {
        visited.push_back(v);
        worklist.push_back(v);
      }
    }
  }
  return reachable;
}

/// Whether `a` (a reachable value of the successor input `b`) may replace
/// `b`: values defined outside the op always may; values of its regions
/// only if they are entry arguments of `b`'s own block.
bool isDefinedBefore(Operation *regionBranchOp, Value a, Value b) {
  Region *aRegion = a.getParentRegion();
  if (aRegion && aRegion->getParentOp() == regionBranchOp) {
    if (isa<OpResult>(b))
      return false;
    auto argA = dyn_cast<BlockArgument>(a), argB = dyn_cast<BlockArgument>(b);
    return argA && argB && argA.getOwner() == argB.getOwner();
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Replaces the uses of a successor input that only one value outside the
/// successor inputs can reach with that value.
LogicalResult makeRegionBranchOpSuccessorInputsDead(Operation *op, PatternRewriter &rewriter) {
  SuccessorMapping mapping;
  if (!getSuccessorMapping(op, mapping))
    return failure();
  InverseMapping inverse(mapping);
  bool changed = false;
  for (Value value : inverse.inputs) {
    if (value.use_empty())
      continue;
    std::vector<Value> reachable = reachableValues(value, inverse);
    if (reachable.size() != 1 || !isDefinedBefore(op, reachable.front(), value))
      continue;
    rewriter.replaceAllUsesWith(value, reachable.front());
    changed = true;
  }
  return success(changed);
}

/// The block argument or result number of `v`.
unsigned argOrResultNumber(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg.getArgNumber();
  return cast<OpResult>(v).getResultNumber();
}

/// The block or op owning `v`.
const void *ownerOf(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg.getOwner();
  return v.getDefiningOp();
}

/// Two successor inputs of the same owner receiving the same value from
/// every predecessor: the second's uses go to the first.
LogicalResult removeDuplicateSuccessorInputUses(Operation *op, PatternRewriter &rewriter) {
  SuccessorMapping mapping;
  if (!getSuccessorMapping(op, mapping))
    return failure();
  InverseMapping inverse(mapping);
  std::vector<Value> inputs = inverse.inputs;
  std::stable_sort(inputs.begin(), inputs.end(),
                   [](Value a, Value b) { return argOrResultNumber(a) < argOrResultNumber(b); });
  // The (predecessor, value) pairs of an input.
  auto incoming = [&](Value input) {
    std::vector<std::pair<Operation *, Value>> r;
    if (const std::vector<OpOperand *> *ops = inverse.lookup(input))
      for (OpOperand *operand : *ops)
        r.push_back({operand->getOwner(), operand->get()});
    std::sort(r.begin(), r.end(), [](const auto &x, const auto &y) {
      if (x.first != y.first)
        return x.first < y.first;
      return x.second.getAsOpaquePointer() < y.second.getAsOpaquePointer();
    });
    return r;
  };
  bool changed = false;
  for (size_t i = 0; i < inputs.size(); ++i) {
    Value input1 = inputs[i];
    for (size_t j = i + 1; j < inputs.size(); ++j) {
      Value input2 = inputs[j];
      if (input2.use_empty() || ownerOf(input1) != ownerOf(input2))
        continue;
      if (incoming(input1) == incoming(input2)) {
        rewriter.replaceAllUsesWith(input2, input1);
        changed = true;
      }
    }
  }
  return success(changed);
}

/// Erases the sets of tied successor inputs that are all unused, with the
/// operands forwarded to them.
LogicalResult removeDeadRegionBranchOpSuccessorInputs(Operation *op, PatternRewriter &rewriter) {
  SuccessorMapping mapping;
  if (!getSuccessorMapping(op, mapping))
    return failure();
  // Union-find over the inputs: the inputs one operand feeds are tied.
  InverseMapping inverse(mapping);
  std::vector<unsigned> parent(inverse.inputs.size());
  std::iota(parent.begin(), parent.end(), 0u);
  auto find = [&](unsigned x) {
    while (parent[x] != x)
      x = parent[x] = parent[parent[x]];
    return x;
  };
  auto indexOf = [&](Value v) {
    return unsigned(std::find(inverse.inputs.begin(), inverse.inputs.end(), v) - inverse.inputs.begin());
  };
  // Group pairs by operand (pairs of one operand are not adjacent).
  for (size_t i = 0; i < mapping.pairs.size(); ++i) {
    OpOperand *operand = mapping.pairs[i].first;
    for (size_t j = 0; j < i; ++j) {
      if (mapping.pairs[j].first != operand)
        continue;
      unsigned a = find(indexOf(mapping.pairs[j].second)), b = find(indexOf(mapping.pairs[i].second));
      if (a != b)
        parent[b] = a;
      break;
    }
  }
  std::vector<bool> live(inverse.inputs.size(), false);
  for (size_t i = 0; i < inverse.inputs.size(); ++i)
    if (!inverse.inputs[i].use_empty())
      live[find(unsigned(i))] = true;

  std::vector<bool> resultsToRemove(op->getNumResults(), false);
  bool anyResult = false, any = false;
  // Blocks and their argument bits, in order of first appearance.
  std::vector<std::pair<Block *, std::vector<bool>>> blockArgs;
  // Operand owners and their operand bits, in order of first appearance.
  std::vector<std::pair<Operation *, std::vector<bool>>> operands;
  for (size_t i = 0; i < inverse.inputs.size(); ++i) {
    if (live[find(unsigned(i))])
      continue;
    any = true;
    Value v = inverse.inputs[i];
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Block *b = arg.getOwner();
      auto it = std::find_if(blockArgs.begin(), blockArgs.end(), [&](auto &p) { return p.first == b; });
      if (it == blockArgs.end()) {
        blockArgs.push_back({b, std::vector<bool>(b->getNumArguments(), false)});
        it = blockArgs.end() - 1;
      }
      it->second[arg.getArgNumber()] = true;
    } else {
      resultsToRemove[cast<OpResult>(v).getResultNumber()] = true;
      anyResult = true;
    }
    for (OpOperand *operand : inverse.operands[i]) {
      Operation *owner = operand->getOwner();
      auto it = std::find_if(operands.begin(), operands.end(), [&](auto &p) { return p.first == owner; });
      if (it == operands.end()) {
        operands.push_back({owner, std::vector<bool>(owner->getNumOperands(), false)});
        it = operands.end() - 1;
      }
      it->second[operand->getOperandNumber()] = true;
    }
  }
  if (!any)
    return failure();

  for (auto &[owner, bits] : operands) {
    rewriter.modifyOpInPlace(owner, [&, owner = owner, &bits = bits] {
      for (unsigned i = unsigned(bits.size()); i-- > 0;)
        if (bits[i])
          owner->eraseOperand(i);
    });
  }
  for (auto &[block, bits] : blockArgs) {
    rewriter.modifyOpInPlace(block->getParentOp(), [&, block = block, &bits = bits] {
      for (unsigned i = unsigned(bits.size()); i-- > 0;)
        if (bits[i])
          block->eraseArgument(i);
    });
  }
  if (anyResult)
    rewriter.eraseOpResults(op, resultsToRemove);
  return success();
}

} // namespace

void scf::addRegionBranchCanonicalizationPatterns(RewritePatternSet &patterns, std::string_view opName) {
  patterns.addFunction(opName, makeRegionBranchOpSuccessorInputsDead, "MakeRegionBranchOpSuccessorInputsDead");
  patterns.addFunction(opName, removeDuplicateSuccessorInputUses, "RemoveDuplicateSuccessorInputUses");
  patterns.addFunction(opName, removeDeadRegionBranchOpSuccessorInputs, "RemoveDeadRegionBranchOpSuccessorInputs");
}
