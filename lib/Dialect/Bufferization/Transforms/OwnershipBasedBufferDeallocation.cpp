//===- OwnershipBasedBufferDeallocation.cpp - Placing buffer deallocations ===//
//
// MLIR's `ownership-based-buffer-deallocation`: every function body is
// walked block by block (nested blocks first, the blocks of a region in
// depth-first order of the CFG), tracking for each memref and block an
// ownership indicator (an i1 value saying whether the block must free it).
// Terminators get a `bufferization.dealloc` of the memrefs the block owns
// that retains what flows on; branches and region terminators pass the
// updated ownerships along as extra i1 operands, and region ops and calls of
// private functions get extra i1 results. Function results are cloned when
// their ownership is not certain, so that callers always own them.
//
// What MLIR's BufferDeallocationOpInterface models do for cf.cond_br (one
// dealloc per successor), arith.select (the ownership is selected the same
// way) and the terminators of scf.forall, scf.reduce and gpu regions (a
// dealloc of what the block owns) is done here by op kind.
//
#include "BufferUtils.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Bufferization/BufferizationDialect.h"
#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/Dialect/Bufferization/Transforms/Passes.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Region.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/CallInterfaces.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/FunctionInterfaces.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::bufferization;

namespace {

//===----------------------------------------------------------------------===//
// Ownership
//===----------------------------------------------------------------------===//

/// The ownership of a memref in a block: not yet known, a single i1
/// indicator, or unknown (several indicators that cannot be merged).
struct Ownership {
  enum class State { Uninitialized, Unique, Unknown };
  State state = State::Uninitialized;
  Value indicator;

  static Ownership unique(Value indicator) { return {State::Unique, indicator}; }
  bool isUninitialized() const { return state == State::Uninitialized; }
  bool isUnique() const { return state == State::Unique; }

  /// The join of two ownerships; equal constant indicators merge.
  void combine(Ownership other) {
    if (other.isUninitialized())
      return;
    if (isUninitialized()) {
      *this = other;
      return;
    }
    if (!isUnique() || !other.isUnique() || !sameIndicator(indicator, other.indicator))
      *this = {State::Unknown, Value()};
  }

  static std::optional<int64_t> constantInt(Value v) {
    Operation *def = v.getDefiningOp();
    if (!def || def->getName().getStringRef() != "arith.constant")
      return std::nullopt;
    if (auto attr = dyn_cast_or_null<IntegerAttr>(def->getAttr("value")))
      return attr.getValue().getSExtValue();
    if (auto attr = dyn_cast_or_null<BoolAttr>(def->getAttr("value")))
      return attr.getValue() ? 1 : 0;
    return std::nullopt;
  }
  static bool sameIndicator(Value a, Value b) {
    if (a == b)
      return true;
    std::optional<int64_t> ca = constantInt(a), cb = constantInt(b);
    return ca && cb && *ca == *cb;
  }
};

struct ValueBlockHash {
  size_t operator()(const std::pair<Value, Block *> &key) const {
    return std::hash<const void *>()(key.first.getAsOpaquePointer()) * 31 + std::hash<Block *>()(key.second);
  }
};

//===----------------------------------------------------------------------===//
// DeallocationState
//===----------------------------------------------------------------------===//

/// Ownerships per (memref, block), the memrefs each block must free, and the
/// liveness they are computed from.
class DeallocationState {
public:
  explicit DeallocationState(Operation *op) : liveness(op) {}

  void updateOwnership(Value memref, Ownership ownership, Block *block = nullptr) {
    if (!block)
      block = memref.getParentBlock();
    ownerships[{memref, block}].combine(ownership);
  }
  void resetOwnerships(ValueRange memrefs, Block *block) {
    for (Value v : memrefs)
      ownerships[{v, block}] = Ownership();
  }
  Ownership getOwnership(Value memref, Block *block) const {
    auto it = ownerships.find({memref, block});
    return it == ownerships.end() ? Ownership() : it->second;
  }
  void addMemrefToDeallocate(Value memref, Block *block) { toDeallocate[block].push_back(memref); }

  /// The memrefs live into `block`, in ValueComparator order.
  std::vector<Value> getLiveMemrefsIn(Block *block) const {
    std::vector<Value> result;
    for (Value v : liveness.getLiveIn(block))
      if (isMemref(v))
        result.push_back(v);
    std::sort(result.begin(), result.end(), valueComesBefore);
    return result;
  }

  /// `memref` itself with its indicator if its ownership is unique in
  /// `block`, else a clone the block owns.
  std::pair<Value, Value> getMemrefWithUniqueOwnership(OpBuilder &builder, Value memref, Block *block) {
    Ownership ownership = getOwnership(memref, block);
    if (ownership.isUnique())
      return {memref, ownership.indicator};
    Operation *clone = builder.create(memref.getLoc(), "bufferization.clone", memref, memref.getType());
    Value condition = buildBool(builder, memref.getLoc(), true);
    Value newMemref = clone->getResult(0);
    updateOwnership(newMemref, Ownership::unique(condition));
    toDeallocate[newMemref.getParentBlock()].push_back(newMemref);
    return {newMemref, condition};
  }

  /// The memrefs forwarded in `destOperands`, then those live out of
  /// `fromBlock` (and into `toBlock`, if given) in ValueComparator order.
  std::vector<Value> getMemrefsToRetain(Block *fromBlock, Block *toBlock, ValueRange destOperands) const {
    std::vector<Value> toRetain;
    for (Value v : destOperands)
      if (isMemref(v))
        toRetain.push_back(v);
    std::vector<Value> live;
    for (Value v : liveness.getLiveOut(fromBlock))
      if (isMemref(v) && (!toBlock || liveness.isLiveIn(v, toBlock)))
        live.push_back(v);
    std::sort(live.begin(), live.end(), valueComesBefore);
    toRetain.insert(toRetain.end(), live.begin(), live.end());
    return toRetain;
  }

  /// The base buffers of the memrefs `block` must free and their
  /// conditions; fails if an ownership is not unique.
  LogicalResult getMemrefsAndConditionsToDeallocate(OpBuilder &builder, Location loc, Block *block,
                                                    std::vector<Value> &memrefs, std::vector<Value> &conditions) {
    auto it = toDeallocate.find(block);
    if (it == toDeallocate.end())
      return success();
    for (Value memref : it->second) {
      Ownership ownership = getOwnership(memref, block);
      if (!ownership.isUnique())
        return emitError(memref.getLoc(), "MemRef value does not have valid ownership");
      if (auto unranked = dyn_cast<UnrankedMemRefType>(memref.getType())) {
        OperationState st(loc, "memref.reinterpret_cast");
        st.addOperand(memref);
        st.addType(MemRefType::get(ArrayRef<int64_t>(), unranked.getElementType(),
                                   StridedLayoutAttr::get(builder.getContext(), 0, {}), unranked.getMemorySpace()));
        st.addAttribute("operandSegmentSizes", builder.getDenseI32ArrayAttr({1, 0, 0, 0}));
        st.addAttribute("static_offsets", builder.getDenseI64ArrayAttr({0}));
        st.addAttribute("static_sizes", builder.getDenseI64ArrayAttr({}));
        st.addAttribute("static_strides", builder.getDenseI64ArrayAttr({}));
        memref = builder.create(st)->getResult(0);
      }
      memrefs.push_back(createExtractStridedMetadata(builder, loc, memref)->getResult(0));
      conditions.push_back(ownership.indicator);
    }
    return success();
  }

  static Value buildBool(OpBuilder &builder, Location loc, bool value) {
    NamedAttribute attr(builder.getStringAttr("value"), builder.getBoolAttr(value));
    return builder.create(loc, "arith.constant", {}, builder.getI1Type(), attr)->getResult(0);
  }

  static Operation *createExtractStridedMetadata(OpBuilder &builder, Location loc, Value source) {
    auto type = cast<MemRefType>(source.getType());
    OperationState st(loc, "memref.extract_strided_metadata");
    st.addOperand(source);
    st.addType(MemRefType::get(ArrayRef<int64_t>(), type.getElementType(), Attribute(), type.getMemorySpace()));
    for (int64_t i = 0; i < 1 + 2 * type.getRank(); ++i)
      st.addType(builder.getIndexType());
    return builder.create(st);
  }

  SymbolTableCollection &getSymbolTable() { return symbolTable; }
  void replaceValue(Value from, Value to) { liveness.replaceValue(from, to); }

private:
  Liveness liveness;
  SymbolTableCollection symbolTable;
  std::unordered_map<std::pair<Value, Block *>, Ownership, ValueBlockHash> ownerships;
  std::unordered_map<Block *, std::vector<Value>> toDeallocate;
};

Value buildBool(OpBuilder &builder, Location loc, bool value) {
  return DeallocationState::buildBool(builder, loc, value);
}

/// An i1 op `name` of `operands`.
Value createI1Op(OpBuilder &builder, Location loc, std::string_view name, ArrayRef<Value> operands) {
  return builder.create(loc, name, ValueRange(operands), builder.getI1Type())->getResult(0);
}

/// bufferization.dealloc (memrefs) if (conditions) retain (retained).
Operation *createDealloc(OpBuilder &builder, Location loc, ArrayRef<Value> memrefs, ArrayRef<Value> conditions,
                         ArrayRef<Value> retained) {
  return createDeallocOp(builder, loc, ValueRange(memrefs), ValueRange(conditions), ValueRange(retained));
}

/// The retained operands of a dealloc op and its results.
ValueRange getRetained(Operation *dealloc) {
  unsigned n = dealloc->getNumResults();
  return ValueRange(dealloc->getOperands()).drop_front(dealloc->getNumOperands() - n);
}

/// Records the dealloc results as the ownerships of what it retains.
void updateRetainedOwnerships(DeallocationState &state, Operation *dealloc, Block *block) {
  ValueRange retained = getRetained(dealloc);
  state.resetOwnerships(retained, block);
  for (unsigned i = 0; i < retained.size(); ++i)
    state.updateOwnership(retained[i], Ownership::unique(dealloc->getResult(i)), block);
}

unsigned countMemrefs(ValueRange values) {
  unsigned n = 0;
  for (Value v : values)
    n += isMemref(v) ? 1 : 0;
  return n;
}

/// A dealloc before the return-like terminator `op` (no successors) that
/// frees what its block owns and retains `operands` and what is live out;
/// `updated` receives the new ownerships of the memref operands.
LogicalResult insertDeallocOpForReturnLike(DeallocationState &state, Operation *op, ValueRange operands,
                                           std::vector<Value> &updated) {
  OpBuilder builder(op);
  Block *block = op->getBlock();
  std::vector<Value> memrefs, conditions;
  if (failed(state.getMemrefsAndConditionsToDeallocate(builder, op->getLoc(), block, memrefs, conditions)))
    return failure();
  std::vector<Value> toRetain = state.getMemrefsToRetain(block, nullptr, operands);
  if (memrefs.empty() && toRetain.empty())
    return success();
  Operation *dealloc = createDealloc(builder, op->getLoc(), memrefs, conditions, toRetain);
  updateRetainedOwnerships(state, dealloc, block);
  unsigned numMemrefOperands = countMemrefs(operands);
  for (unsigned i = 0; i < numMemrefOperands; ++i)
    updated.push_back(dealloc->getResult(i));
  return success();
}

bool hasBufferSemantics(Operation *op) {
  for (Value v : op->getOperands())
    if (isMemref(v))
      return true;
  for (Value v : op->getResults())
    if (isMemref(v))
      return true;
  for (Region &region : op->getRegions())
    if (!region.empty())
      for (Value arg : region.front().getArguments())
        if (isMemref(arg))
          return true;
  return false;
}

/// MLIR's hasNeitherAllocateNorFreeSideEffect, which (despite its name) is
/// true for ops with an Allocate or Free effect and for ops with recursive
/// memory effects.
bool hasNeitherAllocateNorFreeSideEffect(Operation *op) {
  if (isa<MemoryEffectOpInterface>(op))
    return hasEffect<MemoryEffects::Allocate>(op) || hasEffect<MemoryEffects::Free>(op);
  return op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
}

/// True if some region under `func` has a cycle of blocks.
bool hasExplicitLoops(Operation *func) {
  bool found = false;
  func->walk([&](Operation *op) {
    for (Region &region : op->getRegions()) {
      if (found || region.empty() || region.hasOneBlock())
        continue;
      // Iterative DFS; a successor on the stack closes a cycle.
      std::unordered_map<Block *, int> color; // 1: on stack, 2: done
      std::vector<std::pair<Block *, unsigned>> stack{{&region.front(), 0}};
      color[&region.front()] = 1;
      while (!stack.empty() && !found) {
        auto &[block, next] = stack.back();
        if (next < block->getNumSuccessors()) {
          Block *succ = block->getSuccessor(next++);
          int &c = color[succ];
          if (c == 1)
            found = true;
          else if (c == 0) {
            c = 1;
            stack.push_back({succ, 0});
          }
          continue;
        }
        color[block] = 2;
        stack.pop_back();
      }
    }
  });
  return found;
}

/// The blocks of `region` in depth-first order of the CFG from its entry.
void appendDepthFirst(Region &region, std::vector<Block *> &out) {
  if (region.empty())
    return;
  std::unordered_set<Block *> visited{&region.front()};
  std::vector<std::pair<Block *, unsigned>> stack{{&region.front(), 0}};
  out.push_back(&region.front());
  while (!stack.empty()) {
    auto &[block, next] = stack.back();
    if (next < block->getNumSuccessors()) {
      Block *succ = block->getSuccessor(next++);
      if (visited.insert(succ).second) {
        out.push_back(succ);
        stack.push_back({succ, 0});
      }
      continue;
    }
    stack.pop_back();
  }
}

/// The blocks under `op` in MLIR's post-order walk with forward dominance
/// order: the blocks nested in a block's ops come before the block.
std::vector<Block *> getBlocksInWalkOrder(Operation *op) {
  struct Frame {
    Block *owner;
    std::vector<Block *> children;
    size_t next = 0;
  };
  auto childrenOf = [](Operation *parent, Block *block) {
    std::vector<Block *> children;
    if (parent)
      for (Region &region : parent->getRegions())
        appendDepthFirst(region, children);
    if (block)
      for (Operation &nested : *block)
        for (Region &region : nested.getRegions())
          appendDepthFirst(region, children);
    return children;
  };
  std::vector<Block *> order;
  std::vector<Frame> stack;
  stack.push_back({nullptr, childrenOf(op, nullptr)});
  while (!stack.empty()) {
    Frame &top = stack.back();
    if (top.next < top.children.size()) {
      Block *block = top.children[top.next++];
      stack.push_back({block, childrenOf(nullptr, block)});
      continue;
    }
    if (top.owner)
      order.push_back(top.owner);
    stack.pop_back();
  }
  return order;
}

//===----------------------------------------------------------------------===//
// BufferDeallocation
//===----------------------------------------------------------------------===//

class BufferDeallocation {
public:
  BufferDeallocation(Operation *func, bool privateFuncDynamicOwnership)
      : state(func), privateFuncDynamicOwnership(privateFuncDynamicOwnership) {}

  LogicalResult deallocate(Operation *func);

private:
  LogicalResult deallocate(Block *block);
  FailureOr<Operation *> handleAllInterfaces(Operation *op);
  LogicalResult verifyOperationPreconditions(Operation *op);

  FailureOr<Operation *> handleMemoryEffects(MemoryEffectOpInterface op);
  FailureOr<Operation *> handleRegionBranch(RegionBranchOpInterface op);
  FailureOr<Operation *> handleCall(CallOpInterface op);
  FailureOr<Operation *> handleBranch(BranchOpInterface op);
  FailureOr<Operation *> handleRegionTerminator(RegionBranchTerminatorOpInterface op);

  FailureOr<Operation *> processCondBranch(Operation *op);
  FailureOr<Operation *> processInParallel(Operation *op);

  void populateRemainingOwnerships(Operation *op);
  std::pair<Value, Value> materializeUniqueOwnership(OpBuilder &builder, Value memref, Block *block);
  Value materializeMemrefWithGuaranteedOwnership(OpBuilder &builder, Value memref, Block *block);
  bool isFunctionWithoutDynamicOwnership(Operation *op);
  Operation *appendOpResults(Operation *op, ArrayRef<Type> types);
  static LogicalResult updateFunctionSignature(Operation *func);

  DeallocationState state;
  bool privateFuncDynamicOwnership;
};

LogicalResult BufferDeallocation::deallocate(Operation *func) {
  if (hasExplicitLoops(func))
    return func->emitError("Only structured control-flow loops are supported.");
  for (Block *block : getBlocksInWalkOrder(func))
    if (failed(deallocate(block)))
      return failure();
  return updateFunctionSignature(func);
}

LogicalResult BufferDeallocation::updateFunctionSignature(Operation *func) {
  Region &body = func->getRegion(0);
  std::vector<std::vector<Type>> returnTypes;
  for (Block &block : body)
    for (Operation &op : block)
      if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(&op)) {
        std::vector<Type> types;
        for (Value v : terminator.getSuccessorOperands(RegionSuccessor::parent(func)))
          types.push_back(v.getType());
        returnTypes.push_back(std::move(types));
      }
  for (const std::vector<Type> &types : returnTypes)
    if (types != returnTypes.front())
      return func->emitError("there are multiple return operations with different operand types");
  auto functionOp = cast<FunctionOpInterface>(func);
  std::vector<Type> results(functionOp.getResultTypes().begin(), functionOp.getResultTypes().end());
  if (!returnTypes.empty())
    results = returnTypes.front();
  std::vector<Type> inputs = body.front().getArgumentTypes();
  func->setAttr("function_type", TypeAttr::get(FunctionType::get(func->getContext(), inputs, results)));
  return success();
}

LogicalResult BufferDeallocation::deallocate(Block *block) {
  OpBuilder builder(block->getParentOp()->getContext());
  builder.setInsertionPointToStart(block);

  for (Value live : state.getLiveMemrefsIn(block)) {
    // Ownership of memrefs of the same region passes to the block; memrefs
    // captured from enclosing regions are never owned.
    if (live.getParentRegion() == block->getParent()) {
      state.updateOwnership(live, state.getOwnership(live, live.getParentBlock()), block);
      state.addMemrefToDeallocate(live, block);
      continue;
    }
    if (live.getParentRegion()->isProperAncestor(block->getParent()))
      state.updateOwnership(live, Ownership::unique(buildBool(builder, live.getLoc(), false)), block);
  }

  for (unsigned i = 0, e = block->getNumArguments(); i < e; ++i) {
    BlockArgument arg = block->getArgument(i);
    if (!isMemref(arg))
      continue;
    // Function arguments are never owned (the function boundary ABI).
    if (isa<FunctionOpInterface>(block->getParentOp()) && block->isEntryBlock()) {
      state.updateOwnership(arg, Ownership::unique(buildBool(builder, arg.getLoc(), false)));
      state.addMemrefToDeallocate(arg, block);
      continue;
    }
    // Other block arguments receive their ownership as an extra i1.
    Value ownership = block->addArgument(builder.getI1Type(), arg.getLoc());
    state.updateOwnership(arg, Ownership::unique(ownership));
    state.addMemrefToDeallocate(arg, block);
  }

  std::vector<Operation *> ops;
  for (Operation &op : *block)
    ops.push_back(&op);
  for (Operation *op : ops) {
    FailureOr<Operation *> result = handleAllInterfaces(op);
    if (failed(result))
      return failure();
    if (*result)
      populateRemainingOwnerships(*result);
  }
  return success();
}

LogicalResult BufferDeallocation::verifyOperationPreconditions(Operation *op) {
  if (op->getName().getStringRef() == "bufferization.dealloc")
    return op->emitError("No deallocation operations must be present when running this pass!");
  if (!isa<MemoryEffectOpInterface>(op) && !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
      !isa<CallOpInterface>(op))
    return op->emitError("ops with unknown memory side effects are not supported");
  if (!hasBufferSemantics(op) && hasNeitherAllocateNorFreeSideEffect(op))
    return success();
  unsigned numRegions = op->getNumRegions();
  if (((numRegions == 1 && op->getNumResults() != 0) || numRegions > 1) && !isa<RegionBranchOpInterface>(op))
    return op->emitError("All operations with attached regions need to implement the RegionBranchOpInterface.");
  if (op->hasTrait<OpTrait::NoTerminator>())
    return op->emitError("NoTerminator trait is not supported");
  if (op->hasTrait<OpTrait::IsTerminator>()) {
    bool isBranch = isa<BranchOpInterface>(op), isRegionTerminator = isa<RegionBranchTerminatorOpInterface>(op);
    if (isBranch == isRegionTerminator)
      return op->emitError("Terminators must implement either BranchOpInterface or "
                           "RegionBranchTerminatorOpInterface (but not both)!");
    if (op->getNumSuccessors() > 1)
      return op->emitError("Terminators with more than one successor are not supported!");
  }
  return success();
}

FailureOr<Operation *> BufferDeallocation::handleAllInterfaces(Operation *op) {
  // What MLIR's BufferDeallocationOpInterface models do.
  std::string_view name = op->getName().getStringRef();
  if (name == "cf.cond_br")
    return processCondBranch(op);
  if (name == "arith.select")
    return op;
  if (name == "scf.forall.in_parallel")
    return processInParallel(op);
  if (name == "scf.reduce.return" || name == "gpu.terminator") {
    if (name == "scf.reduce.return" && isMemref(op->getOperand(0)))
      return op->emitError("only supported when operand is not a MemRef");
    std::vector<Value> updated;
    if (failed(insertDeallocOpForReturnLike(state, op, {}, updated)))
      return failure();
    return op;
  }

  if (failed(verifyOperationPreconditions(op)))
    return failure();

  Operation *next = op;
  if (auto memOp = dyn_cast<MemoryEffectOpInterface>(next)) {
    FailureOr<Operation *> r = handleMemoryEffects(memOp);
    if (failed(r) || !*r)
      return r;
    next = *r;
  }
  if (auto regionBranch = dyn_cast<RegionBranchOpInterface>(next)) {
    FailureOr<Operation *> r = handleRegionBranch(regionBranch);
    if (failed(r) || !*r)
      return r;
    next = *r;
  }
  if (auto call = dyn_cast<CallOpInterface>(next)) {
    FailureOr<Operation *> r = handleCall(call);
    if (failed(r) || !*r)
      return r;
    next = *r;
  }
  if (auto branch = dyn_cast<BranchOpInterface>(next)) {
    FailureOr<Operation *> r = handleBranch(branch);
    if (failed(r) || !*r)
      return r;
    next = *r;
  }
  if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(next)) {
    FailureOr<Operation *> r = handleRegionTerminator(terminator);
    if (failed(r) || !*r)
      return r;
    next = *r;
  }
  return next;
}

FailureOr<Operation *> BufferDeallocation::handleMemoryEffects(MemoryEffectOpInterface memOp) {
  Operation *op = memOp.getOperation();
  Block *block = op->getBlock();
  OpBuilder builder(op->getContext());
  builder.setInsertionPointToStart(block);
  constexpr std::string_view kManualDeallocation = "bufferization.manual_deallocation";

  for (Value operand : op->getOperands()) {
    if (!isMemref(operand) || !memOp.getEffectOnValue<MemoryEffects::Free>(operand))
      continue;
    if (!op->hasAttr(kManualDeallocation))
      return op->emitError("memory free side-effect on MemRef value not supported!");
    // A runtime check that the block does not own what is freed manually.
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(op);
    Ownership ownership = state.getOwnership(operand, block);
    if (ownership.isUnique()) {
      Value trueValue = buildBool(builder, op->getLoc(), true);
      Value inverted =
          createI1Op(builder, op->getLoc(), "arith.xori", {ownership.indicator, trueValue});
      NamedAttribute msg(builder.getStringAttr("msg"),
                         builder.getStringAttr("expected that the block does not have ownership"));
      builder.create(op->getLoc(), "cf.assert", inverted, {}, msg);
    }
  }

  for (Value result : op->getResults()) {
    if (!isMemref(result))
      continue;
    std::optional<MemoryEffects::EffectInstance> alloc = memOp.getEffectOnValue<MemoryEffects::Allocate>(result);
    if (!alloc)
      continue;
    if (alloc->getResource() == SideEffects::AutomaticAllocationScopeResource::get() ||
        op->hasAttr(kManualDeallocation)) {
      // Stack allocations and manually freed buffers are never owned.
      state.resetOwnerships(result, block);
      state.updateOwnership(result, Ownership::unique(buildBool(builder, op->getLoc(), false)));
      continue;
    }
    state.updateOwnership(result, Ownership::unique(buildBool(builder, op->getLoc(), true)));
    state.addMemrefToDeallocate(result, block);
  }
  return op;
}

Operation *BufferDeallocation::appendOpResults(Operation *op, ArrayRef<Type> types) {
  std::vector<Type> resultTypes;
  for (Value v : op->getResults())
    resultTypes.push_back(v.getType());
  resultTypes.insert(resultTypes.end(), types.begin(), types.end());
  OperationState st(op->getLoc(), op->getName().getStringRef());
  st.addOperands(op->getOperands());
  st.addTypes(ArrayRef<Type>(resultTypes));
  for (const NamedAttribute &a : op->getAttrs())
    st.addAttribute(a.getName(), a.getValue());
  for (unsigned i = 0; i < op->getNumSuccessors(); ++i)
    st.addSuccessors(op->getSuccessor(i));
  for (unsigned i = 0; i < op->getNumRegions(); ++i)
    st.addRegion();
  OpBuilder builder(op);
  Operation *newOp = builder.create(st);
  for (unsigned i = 0; i < op->getNumRegions(); ++i)
    newOp->getRegion(i).takeBody(op->getRegion(i));
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    op->getResult(i).replaceAllUsesWith(newOp->getResult(i));
    state.replaceValue(op->getResult(i), newOp->getResult(i));
  }
  op->erase();
  return newOp;
}

FailureOr<Operation *> BufferDeallocation::handleRegionBranch(RegionBranchOpInterface regionBranch) {
  Operation *op = regionBranch.getOperation();
  OpBuilder builder(op->getContext());
  builder.setInsertionPointToStart(op->getBlock());
  SmallVector<RegionSuccessor, 2> regions;
  regionBranch.getSuccessorRegions(RegionBranchPoint::parent(), regions);
  if (regions.empty())
    return op;
  unsigned numMemrefOperands = countMemrefs(regionBranch.getEntrySuccessorOperands(regions.front()));
  // Memrefs passed into the regions are not owned there.
  Value falseValue = buildBool(builder, op->getLoc(), false);
  std::vector<Value> operands(op->getOperands().begin(), op->getOperands().end());
  operands.insert(operands.end(), numMemrefOperands, falseValue);
  op->setOperands(ValueRange(operands));

  unsigned counter = op->getNumResults();
  std::vector<Type> ownershipTypes(countMemrefs(op->getResults()), builder.getI1Type());
  Operation *newOp = appendOpResults(op, ownershipTypes);
  for (Value result : newOp->getResults()) {
    if (!isMemref(result))
      continue;
    state.updateOwnership(result, Ownership::unique(newOp->getResult(counter++)));
    state.addMemrefToDeallocate(result, newOp->getBlock());
  }
  return newOp;
}

std::pair<Value, Value> BufferDeallocation::materializeUniqueOwnership(OpBuilder &builder, Value memref,
                                                                       Block *block) {
  if (memref.getParentBlock() == block) {
    // arith.select: select the operands' ownerships the same way.
    if (Operation *def = memref.getDefiningOp())
      if (auto select = dyn_cast<SelectLikeOpInterface>(def)) {
        Ownership t = state.getOwnership(select.getTrueValue(), block);
        Ownership f = state.getOwnership(select.getFalseValue(), block);
        if (t.isUnique() && f.isUnique()) {
          Value ownership = createI1Op(builder, def->getLoc(), "arith.select",
                                             {select.getCondition(), t.indicator, f.indicator});
          return {memref, ownership};
        }
      }
  }
  return state.getMemrefWithUniqueOwnership(builder, memref, block);
}

Value BufferDeallocation::materializeMemrefWithGuaranteedOwnership(OpBuilder &builder, Value memref,
                                                                   Block *block) {
  auto [newMemref, condition] = materializeUniqueOwnership(builder, memref, block);
  if (std::optional<int64_t> c = Ownership::constantInt(condition); c && *c != 0)
    return newMemref;
  // Clone at runtime unless the block owns the buffer.
  Location loc = memref.getLoc();
  OperationState ifState(loc, "scf.if");
  ifState.addOperand(condition);
  ifState.addType(newMemref.getType());
  ifState.addRegion();
  ifState.addRegion();
  Operation *ifOp = builder.create(ifState);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.createBlock(&ifOp->getRegion(0));
    builder.create(loc, "scf.yield", newMemref);
    builder.createBlock(&ifOp->getRegion(1));
    Value clone = builder.create(loc, "bufferization.clone", newMemref, newMemref.getType())->getResult(0);
    builder.create(loc, "scf.yield", clone);
  }
  Value maybeClone = ifOp->getResult(0);
  state.updateOwnership(maybeClone, Ownership::unique(buildBool(builder, loc, true)));
  state.addMemrefToDeallocate(maybeClone, maybeClone.getParentBlock());
  return maybeClone;
}

FailureOr<Operation *> BufferDeallocation::handleBranch(BranchOpInterface branch) {
  Operation *op = branch.getOperation();
  if (op->getNumSuccessors() > 1)
    return op->emitError("BranchOpInterface operations with multiple successors are not supported yet");
  if (op->getNumSuccessors() != 1)
    return emitError(op->getLoc(), "only BranchOpInterface operations with exactly one successor are supported yet");
  SuccessorOperands successorOperands = branch.getSuccessorOperands(0);
  if (successorOperands.getProducedOperandCount() > 0)
    return op->emitError("produced operands are not supported");

  Block *block = op->getBlock();
  OpBuilder builder(op);
  std::vector<Value> memrefs, conditions;
  if (failed(state.getMemrefsAndConditionsToDeallocate(builder, op->getLoc(), block, memrefs, conditions)))
    return failure();
  OperandRange forwarded = successorOperands.getForwardedOperands();
  std::vector<Value> toRetain = state.getMemrefsToRetain(block, op->getSuccessor(0), forwarded);
  Operation *dealloc = createDealloc(builder, op->getLoc(), memrefs, conditions, toRetain);
  updateRetainedOwnerships(state, dealloc, block);

  std::vector<Value> newOperands(forwarded.begin(), forwarded.end());
  unsigned numMemrefs = countMemrefs(forwarded);
  for (unsigned i = 0; i < numMemrefs; ++i)
    newOperands.push_back(dealloc->getResult(i));
  successorOperands.getMutableForwardedOperands().assign(ValueRange(newOperands));
  return op;
}

FailureOr<Operation *> BufferDeallocation::handleCall(CallOpInterface call) {
  Operation *op = call.getOperation();
  OpBuilder builder(op);
  Operation *callee = call.resolveCallableInTable(&state.getSymbolTable());
  // A callee that cannot be resolved (call_indirect) is not private.
  bool isPrivate = false;
  if (auto symbol = dyn_cast_or_null<SymbolOpInterface>(callee))
    isPrivate = symbol.isPrivate() && !symbol.isDeclaration();

  if (privateFuncDynamicOwnership && isPrivate) {
    unsigned counter = op->getNumResults();
    std::vector<Type> ownershipTypes(countMemrefs(op->getResults()), builder.getI1Type());
    Operation *newOp = appendOpResults(op, ownershipTypes);
    for (Value result : newOp->getResults()) {
      if (!isMemref(result))
        continue;
      state.updateOwnership(result, Ownership::unique(newOp->getResult(counter++)));
      state.addMemrefToDeallocate(result, result.getParentBlock());
    }
    return newOp;
  }

  // Callers own what functions return (the function boundary ABI).
  Value trueValue = buildBool(builder, op->getLoc(), true);
  for (Value result : op->getResults()) {
    if (!isMemref(result))
      continue;
    state.updateOwnership(result, Ownership::unique(trueValue));
    state.addMemrefToDeallocate(result, result.getParentBlock());
  }
  return op;
}

bool BufferDeallocation::isFunctionWithoutDynamicOwnership(Operation *op) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return false;
  auto symbol = dyn_cast<SymbolOpInterface>(op);
  bool isPrivate = symbol && symbol.isPrivate();
  return !privateFuncDynamicOwnership || !isPrivate || func.isExternal();
}

FailureOr<Operation *> BufferDeallocation::handleRegionTerminator(RegionBranchTerminatorOpInterface terminator) {
  Operation *op = terminator.getOperation();
  OpBuilder builder(op);
  bool withoutDynamicOwnership = isFunctionWithoutDynamicOwnership(op->getParentOp());
  if (withoutDynamicOwnership)
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isMemref(operand.get()))
        continue;
      operand.set(materializeMemrefWithGuaranteedOwnership(builder, operand.get(), op->getBlock()));
    }

  MutableOperandRange operands = terminator.getMutableSuccessorOperands(RegionSuccessor::parent(op->getParentOp()));
  std::vector<Value> current(OperandRange(operands).begin(), OperandRange(operands).end());
  std::vector<Value> updated;
  if (failed(insertDeallocOpForReturnLike(state, op, ValueRange(current), updated)))
    return failure();
  if (!withoutDynamicOwnership && !updated.empty()) {
    current.insert(current.end(), updated.begin(), updated.end());
    operands.assign(ValueRange(current));
  }
  return op;
}

void BufferDeallocation::populateRemainingOwnerships(Operation *op) {
  for (Value result : op->getResults()) {
    if (!isMemref(result) || !state.getOwnership(result, op->getBlock()).isUninitialized())
      continue;
    // Without an allocation, the result may alias any memref operand.
    for (Value operand : op->getOperands())
      if (isMemref(operand))
        state.updateOwnership(result, state.getOwnership(operand, operand.getParentBlock()), op->getBlock());
    if (state.getOwnership(result, op->getBlock()).isUninitialized()) {
      OpBuilder builder(op);
      state.updateOwnership(result, Ownership::unique(buildBool(builder, op->getLoc(), false)));
    }
  }
}

FailureOr<Operation *> BufferDeallocation::processCondBranch(Operation *op) {
  OpBuilder builder(op);
  Block *block = op->getBlock();
  auto branch = cast<BranchOpInterface>(op);
  Value condition = op->getOperand(0);
  std::vector<Value> memrefs, conditions;
  if (failed(state.getMemrefsAndConditionsToDeallocate(builder, op->getLoc(), block, memrefs, conditions)))
    return failure();

  auto insertDealloc = [&](unsigned successor, bool negate, std::unordered_map<Value, Value> &mapping) {
    MutableOperandRange destOperands = branch.getSuccessorOperands(successor).getMutableForwardedOperands();
    std::vector<Value> dest(OperandRange(destOperands).begin(), OperandRange(destOperands).end());
    std::vector<Value> toRetain = state.getMemrefsToRetain(block, op->getSuccessor(successor), ValueRange(dest));
    std::vector<Value> adapted;
    for (Value c : conditions) {
      Value cond = condition;
      if (negate) {
        Value trueValue = buildBool(builder, op->getLoc(), true);
        cond = createI1Op(builder, op->getLoc(), "arith.xori", {trueValue, condition});
      }
      adapted.push_back(
          createI1Op(builder, op->getLoc(), "arith.andi", {c, cond}));
    }
    Operation *dealloc = createDealloc(builder, op->getLoc(), memrefs, adapted, toRetain);
    ValueRange retained = getRetained(dealloc);
    state.resetOwnerships(retained, block);
    for (unsigned i = 0; i < retained.size(); ++i) {
      state.updateOwnership(retained[i], Ownership::unique(dealloc->getResult(i)), block);
      mapping[retained[i]] = dealloc->getResult(i);
    }
    std::vector<Value> replacements = dest, ownerships;
    for (Value v : dest)
      if (isMemref(v))
        ownerships.push_back(mapping[v]);
    replacements.insert(replacements.end(), ownerships.begin(), ownerships.end());
    destOperands.assign(ValueRange(replacements));
    return dealloc;
  };
  std::unordered_map<Value, Value> thenMapping, elseMapping;
  Operation *thenDealloc = insertDealloc(0, false, thenMapping);
  Operation *elseDealloc = insertDealloc(1, true, elseMapping);

  // Values retained by both deallocs get the ownership of the branch taken.
  std::vector<Value> common;
  ValueRange thenRetained = getRetained(thenDealloc);
  for (Value v : getRetained(elseDealloc))
    if (std::find(thenRetained.begin(), thenRetained.end(), v) != thenRetained.end() &&
        std::find(common.begin(), common.end(), v) == common.end())
      common.push_back(v);
  for (Value retained : common) {
    state.resetOwnerships(retained, block);
    Value combined = createI1Op(builder, op->getLoc(), "arith.select",
                                {condition, thenMapping[retained], elseMapping[retained]});
    state.updateOwnership(retained, Ownership::unique(combined), block);
  }
  return op;
}

FailureOr<Operation *> BufferDeallocation::processInParallel(Operation *op) {
  if (op->getNumRegions() && !op->getRegion(0).empty() && !op->getRegion(0).front().empty())
    return op->emitError("only supported when nested region is empty");
  OpBuilder builder(op);
  Block *block = op->getBlock();
  std::vector<Value> memrefs, conditions;
  if (failed(state.getMemrefsAndConditionsToDeallocate(builder, op->getLoc(), block, memrefs, conditions)))
    return failure();
  std::vector<Value> toRetain = state.getMemrefsToRetain(block, nullptr, {});
  if (memrefs.empty() && toRetain.empty())
    return op;
  Operation *dealloc = createDealloc(builder, op->getLoc(), memrefs, conditions, toRetain);
  updateRetainedOwnerships(state, dealloc, block);
  return op;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct OwnershipBasedBufferDeallocationPass
    : impl::OwnershipBasedBufferDeallocationBase<OwnershipBasedBufferDeallocationPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<BufferizationDialect, ArithDialect, MemRefDialect, SCFDialect, ControlFlowDialect>();
  }

  void runOnOperation() override {
    std::vector<Operation *> funcs;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->getName().getStringRef() != "func.func")
        return WalkResult::advance();
      if (!cast<FunctionOpInterface>(op).isExternal())
        funcs.push_back(op);
      return WalkResult::skip();
    });
    for (Operation *func : funcs) {
      BufferDeallocation deallocation(func, privateFuncDynamicOwnership);
      if (failed(deallocation.deallocate(func)))
        return signalPassFailure();
    }
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createOwnershipBasedBufferDeallocationPass() {
  return std::make_unique<OwnershipBasedBufferDeallocationPass>();
}
