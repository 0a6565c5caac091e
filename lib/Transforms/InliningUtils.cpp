//===- InliningUtils.cpp - Inlining regions and calls ---------------------===//
//
// MLIR's InliningUtils.cpp, behaviour for behaviour: the legality checks
// (the destination region's dialect, then every op of the source region,
// nested regions as the dialects ask) come before any change; the region
// is cloned or moved between the two halves of the split insertion block;
// locations become call-site chains; a single inlined block is merged
// into the caller's block, several end with branches to the second half.
//
#include "lamina/Transforms/InliningUtils.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/Support/DenseMap.h"

#include <cassert>

using namespace lamina;

//===----------------------------------------------------------------------===//
// InlinerInterface
//===----------------------------------------------------------------------===//

InlinerInterface::~InlinerInterface() = default;

void InlinerInterface::processInlinedBlocks(RegionBlockRange) {}

bool InlinerInterface::isLegalToInline(Operation *call, Operation *callable, bool wouldBeCloned) const {
  if (const DialectInlinerInterface *handler = getInterfaceFor(call))
    return handler->isLegalToInline(call, callable, wouldBeCloned);
  return false;
}

bool InlinerInterface::isLegalToInline(Region *dest, Region *src, bool wouldBeCloned, IRMapping &valueMapping) const {
  if (const DialectInlinerInterface *handler = getInterfaceFor(dest->getParentOp()))
    return handler->isLegalToInline(dest, src, wouldBeCloned, valueMapping);
  return false;
}

bool InlinerInterface::isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                                       IRMapping &valueMapping) const {
  if (const DialectInlinerInterface *handler = getInterfaceFor(op))
    return handler->isLegalToInline(op, dest, wouldBeCloned, valueMapping);
  return false;
}

bool InlinerInterface::shouldAnalyzeRecursively(Operation *op) const {
  const DialectInlinerInterface *handler = getInterfaceFor(op);
  return handler ? handler->shouldAnalyzeRecursively(op) : true;
}

void InlinerInterface::handleTerminator(Operation *op, Block *newDest) const {
  const DialectInlinerInterface *handler = getInterfaceFor(op);
  assert(handler && "expected valid dialect handler");
  handler->handleTerminator(op, newDest);
}

void InlinerInterface::handleTerminator(Operation *op, ValueRange valuesToRepl) const {
  const DialectInlinerInterface *handler = getInterfaceFor(op);
  assert(handler && "expected valid dialect handler");
  handler->handleTerminator(op, valuesToRepl);
}

bool InlinerInterface::allowSingleBlockOptimization(RegionBlockRange inlinedBlocks) const {
  if (inlinedBlocks.empty())
    return true;
  const DialectInlinerInterface *handler = getInterfaceFor(inlinedBlocks.begin()->getParentOp());
  assert(handler && "expected valid dialect handler");
  return handler->allowSingleBlockOptimization(inlinedBlocks);
}

Value InlinerInterface::handleArgument(OpBuilder &builder, Operation *call, Operation *callable, Value argument,
                                       DictionaryAttr argumentAttrs) const {
  const DialectInlinerInterface *handler = getInterfaceFor(callable);
  assert(handler && "expected valid dialect handler");
  return handler->handleArgument(builder, call, callable, argument, argumentAttrs);
}

Value InlinerInterface::handleResult(OpBuilder &builder, Operation *call, Operation *callable, Value result,
                                     DictionaryAttr resultAttrs) const {
  const DialectInlinerInterface *handler = getInterfaceFor(callable);
  assert(handler && "expected valid dialect handler");
  return handler->handleResult(builder, call, callable, result, resultAttrs);
}

void InlinerInterface::processInlinedCallBlocks(Operation *call, RegionBlockRange inlinedBlocks) const {
  const DialectInlinerInterface *handler = getInterfaceFor(call);
  assert(handler && "expected valid dialect handler");
  handler->processInlinedCallBlocks(call, inlinedBlocks);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// `callee` called from `caller`: a call site whose innermost caller is
/// `caller` (an existing chain of call sites in `callee` is extended at its
/// end).
static LocationAttr stackLocations(Location callee, Location caller) {
  LocationAttr lastCallee = callee;
  std::vector<CallSiteLoc> calleeInliningStack;
  while (auto nextCallSite = dyn_cast<CallSiteLoc>(lastCallee)) {
    calleeInliningStack.push_back(nextCallSite);
    lastCallee = nextCallSite.getCaller();
  }
  CallSiteLoc firstCallSite = CallSiteLoc::get(Location(lastCallee), caller);
  for (auto it = calleeInliningStack.rbegin(); it != calleeInliningStack.rend(); ++it)
    firstCallSite = CallSiteLoc::get(Location(it->getCallee()), Location(firstCallSite));
  return firstCallSite;
}

/// Gives every op and block argument of the inlined blocks (nested ones
/// included) its location called from `callerLoc`.
static void remapInlinedLocations(RegionBlockRange inlinedBlocks, Location callerLoc) {
  PointerMap<const void *, LocationAttr> mappedLocations;
  auto remapLoc = [&](Location loc) -> Location {
    auto [slot, inserted] = mappedLocations.insert(LocationAttr(loc).getAsOpaquePointer(), LocationAttr());
    if (inserted)
      slot->second = stackLocations(loc, callerLoc);
    return Location(slot->second);
  };
  for (Block &block : inlinedBlocks) {
    for (Value arg : block.getArguments())
      cast<BlockArgument>(arg).setLoc(remapLoc(arg.getLoc()));
    for (Operation &op : block) {
      op.walk([&](Operation *nested) {
        nested->setLoc(remapLoc(nested->getLoc()));
        for (Region &region : nested->getRegions())
          for (Block &nestedBlock : region)
            for (Value arg : nestedBlock.getArguments())
              cast<BlockArgument>(arg).setLoc(remapLoc(arg.getLoc()));
      });
    }
  }
}

/// Replaces operands through `mapper` in the (moved) inlined blocks.
static void remapInlinedOperands(RegionBlockRange inlinedBlocks, IRMapping &mapper) {
  for (Block &block : inlinedBlocks) {
    block.walk([&](Operation *op) {
      for (OpOperand &operand : op->getOpOperands())
        if (Value mapped = mapper.lookupOrNull(operand.get()))
          operand.set(mapped);
    });
  }
}

/// Whether every op of `src` (and of the regions the dialects want
/// analysed) may be inlined into `insertRegion`; an explicit stack of
/// regions (nesting depth is the input's), visited in MLIR's order.
static bool isLegalToInline(InlinerInterface &interface, Region *src, Region *insertRegion,
                            bool shouldCloneInlinedRegion, IRMapping &valueMapping) {
  struct Frame {
    Region *region;
    Region::iterator block;
    Block::iterator op;
  };
  std::vector<Frame> stack;
  auto push = [&](Region *region) {
    Frame frame{region, region->begin(), Block::iterator()};
    if (frame.block != region->end())
      frame.op = frame.block->begin();
    stack.push_back(frame);
  };
  push(src);
  while (!stack.empty()) {
    Frame &frame = stack.back();
    // Skip to the next op.
    while (frame.block != frame.region->end() && frame.op == frame.block->end()) {
      ++frame.block;
      if (frame.block != frame.region->end())
        frame.op = frame.block->begin();
    }
    if (frame.block == frame.region->end()) {
      stack.pop_back();
      continue;
    }
    Operation *op = &*frame.op++;
    if (!interface.isLegalToInline(op, insertRegion, shouldCloneInlinedRegion, valueMapping))
      return false;
    if (op->getNumRegions() && interface.shouldAnalyzeRecursively(op)) {
      // Regions in order: push the last first.
      for (unsigned i = op->getNumRegions(); i-- > 0;)
        push(&op->getRegion(i));
    }
  }
  return true;
}

/// Block::splitBlock: a new block after `block` holding `block`'s ops from
/// `splitBefore` (null: none) on.
static Block *splitBlock(Block *block, Operation *splitBefore) {
  Block *newBlock = new Block();
  newBlock->insertAfter(block);
  if (splitBefore)
    newBlock->splice(block, Block::iterator(splitBefore));
  return newBlock;
}

static void handleArgumentImpl(InlinerInterface &interface, OpBuilder &builder, CallOpInterface call,
                               CallableOpInterface callable, IRMapping &mapper) {
  Region *region = callable.getCallableRegion();
  ArrayAttr argAttrs = callable.getArgAttrsAttr();
  DictionaryAttr empty = builder.getDictionaryAttr({});
  ValueRange args = region->getArguments();
  for (unsigned i = 0, e = args.size(); i != e; ++i) {
    DictionaryAttr attrs = argAttrs ? cast<DictionaryAttr>(argAttrs[i]) : empty;
    Value newArgument =
        interface.handleArgument(builder, call.getOperation(), callable.getOperation(), mapper.lookupOrDefault(args[i]), attrs);
    mapper.map(args[i], newArgument);
  }
}

static void handleResultImpl(InlinerInterface &interface, OpBuilder &builder, CallOpInterface call,
                             CallableOpInterface callable, ValueRange results) {
  ArrayAttr resAttrs = callable.getResAttrsAttr();
  DictionaryAttr empty = builder.getDictionaryAttr({});
  std::vector<Value> resultValues(results.begin(), results.end());
  std::vector<Operation *> resultUsers;
  for (unsigned i = 0, e = resultValues.size(); i != e; ++i) {
    Value result = resultValues[i];
    DictionaryAttr attrs = resAttrs ? cast<DictionaryAttr>(resAttrs[i]) : empty;
    // Only the users from before the handler see the new value.
    resultUsers.clear();
    for (Operation *user : result.getUsers())
      resultUsers.push_back(user);
    Value newResult = interface.handleResult(builder, call.getOperation(), callable.getOperation(), result, attrs);
    result.replaceUsesWithIf(newResult, [&](OpOperand &operand) {
      return std::find(resultUsers.begin(), resultUsers.end(), operand.getOwner()) != resultUsers.end();
    });
  }
}

//===----------------------------------------------------------------------===//
// Inlining
//===----------------------------------------------------------------------===//

static LogicalResult inlineRegionImpl(InlinerInterface &interface, Region *src, Block *inlineBlock,
                                      Operation *inlinePoint, IRMapping &mapper, ValueRange resultsToReplace,
                                      TypeRange regionResultTypes, std::optional<Location> inlineLoc,
                                      bool shouldCloneInlinedRegion, CallOpInterface call = CallOpInterface()) {
  assert(resultsToReplace.size() == regionResultTypes.size());
  if (src->empty())
    return failure();
  // Every argument of the entry block must be mapped.
  Block *srcEntryBlock = &src->front();
  for (Value arg : srcEntryBlock->getArguments())
    if (!mapper.contains(arg))
      return failure();

  Region *insertRegion = inlineBlock->getParent();
  if (!interface.isLegalToInline(insertRegion, src, shouldCloneInlinedRegion, mapper) ||
      !isLegalToInline(interface, src, insertRegion, shouldCloneInlinedRegion, mapper))
    return failure();

  OpBuilder builder(inlineBlock, inlinePoint ? Block::iterator(inlinePoint) : inlineBlock->end());
  auto callable = call ? dyn_cast<CallableOpInterface>(src->getParentOp()) : CallableOpInterface();
  if (call && callable)
    handleArgumentImpl(interface, builder, call, callable, mapper);

  // Clone (or move) the region between the two halves of the block.
  Block *postInsertBlock = splitBlock(inlineBlock, inlinePoint);
  if (shouldCloneInlinedRegion)
    src->cloneInto(insertRegion, Region::iterator(postInsertBlock), mapper);
  else
    insertRegion->getBlocks().splice(Region::iterator(postInsertBlock), src->getBlocks(), src->begin(), src->end(),
                                     insertRegion);

  RegionBlockRange newBlocks{std::next(Region::iterator(inlineBlock)), Region::iterator(postInsertBlock)};
  Block *firstNewBlock = &*newBlocks.begin();

  if (inlineLoc && !isa<UnknownLoc>(LocationAttr(*inlineLoc)))
    remapInlinedLocations(newBlocks, *inlineLoc);
  if (!shouldCloneInlinedRegion)
    remapInlinedOperands(newBlocks, mapper);

  if (call)
    interface.processInlinedCallBlocks(call.getOperation(), newBlocks);
  interface.processInlinedBlocks(newBlocks);

  bool singleBlockFastPath = interface.allowSingleBlockOptimization(newBlocks);
  if (singleBlockFastPath && newBlocks.hasOneBlock()) {
    Operation *firstBlockTerminator = firstNewBlock->getTerminator();
    builder.setInsertionPoint(firstBlockTerminator);
    if (call && callable)
      handleResultImpl(interface, builder, call, callable, firstBlockTerminator->getOperands());
    interface.handleTerminator(firstBlockTerminator, resultsToReplace);
    firstBlockTerminator->erase();
    // Merge the second half into the inlined block.
    firstNewBlock->splice(postInsertBlock, postInsertBlock->begin());
    postInsertBlock->erase();
  } else {
    // The second half takes the results as arguments.
    for (unsigned i = 0, e = resultsToReplace.size(); i != e; ++i) {
      Value result = resultsToReplace[i];
      result.replaceAllUsesWith(postInsertBlock->addArgument(regionResultTypes[i], result.getLoc()));
    }
    builder.setInsertionPointToStart(postInsertBlock);
    if (call && callable)
      handleResultImpl(interface, builder, call, callable, postInsertBlock->getArguments());
    for (Block &newBlock : newBlocks)
      interface.handleTerminator(newBlock.getTerminator(), postInsertBlock);
  }

  // The inlined entry block joins the insertion block.
  inlineBlock->splice(firstNewBlock, firstNewBlock->begin());
  firstNewBlock->erase();
  return success();
}

LogicalResult lamina::inlineRegion(InlinerInterface &interface, Region *src, Block *inlineBlock,
                                   Operation *inlinePoint, IRMapping &mapper, ValueRange resultsToReplace,
                                   TypeRange regionResultTypes, std::optional<Location> inlineLoc,
                                   bool shouldCloneInlinedRegion) {
  return inlineRegionImpl(interface, src, inlineBlock, inlinePoint, mapper, resultsToReplace, regionResultTypes,
                          inlineLoc, shouldCloneInlinedRegion);
}

LogicalResult lamina::inlineRegion(InlinerInterface &interface, Region *src, Block *inlineBlock,
                                   Operation *inlinePoint, ValueRange inlinedOperands, ValueRange resultsToReplace,
                                   std::optional<Location> inlineLoc, bool shouldCloneInlinedRegion) {
  if (src->empty())
    return failure();
  Block *entryBlock = &src->front();
  if (inlinedOperands.size() != entryBlock->getNumArguments())
    return failure();
  IRMapping mapper;
  for (unsigned i = 0, e = inlinedOperands.size(); i != e; ++i) {
    Value regionArg = entryBlock->getArgument(i);
    if (inlinedOperands[i].getType() != regionArg.getType())
      return failure();
    mapper.map(regionArg, inlinedOperands[i]);
  }
  std::vector<Type> resultTypes;
  for (Value v : resultsToReplace)
    resultTypes.push_back(v.getType());
  return inlineRegionImpl(interface, src, inlineBlock, inlinePoint, mapper, resultsToReplace, resultTypes,
                          inlineLoc, shouldCloneInlinedRegion);
}

/// A conversion op from the call's dialect, recorded in `castOps`, or null.
static Value materializeConversion(const DialectInlinerInterface *interface, std::vector<Operation *> &castOps,
                                   OpBuilder &castBuilder, Value arg, Type type, Location conversionLoc) {
  if (!interface)
    return Value();
  Operation *castOp = interface->materializeCallConversion(castBuilder, arg, type, conversionLoc);
  if (!castOp)
    return Value();
  castOps.push_back(castOp);
  assert(castOp->getNumOperands() == 1 && castOp->getOperand(0) == arg && castOp->getNumResults() == 1 &&
         castOp->getResult(0).getType() == type);
  return castOp->getResult(0);
}

LogicalResult lamina::inlineCall(InlinerInterface &interface, CallOpInterface call, CallableOpInterface callable,
                                 Region *src, bool shouldCloneInlinedRegion) {
  if (src->empty())
    return failure();
  Block *entryBlock = &src->front();
  ArrayRef<Type> callableResultTypes = callable.getResultTypes();

  Operation *callOp = call.getOperation();
  std::vector<Value> callOperands;
  for (Value v : call.getArgOperands())
    callOperands.push_back(v);
  std::vector<Value> callResults;
  for (Value v : callOp->getResults())
    callResults.push_back(v);
  if (callOperands.size() != entryBlock->getNumArguments() || callResults.size() != callableResultTypes.size())
    return failure();

  // Conversions materialized to match the signatures, undone on failure.
  std::vector<Operation *> castOps;
  auto cleanupState = [&] {
    for (Operation *op : castOps) {
      op->getResult(0).replaceAllUsesWith(op->getOperand(0));
      op->erase();
    }
    return failure();
  };

  OpBuilder castBuilder(callOp);
  Location castLoc = callOp->getLoc();
  const DialectInlinerInterface *callInterface = interface.getInterfaceFor(callOp->getDialect());

  IRMapping mapper;
  for (unsigned i = 0, e = callOperands.size(); i != e; ++i) {
    Value regionArg = entryBlock->getArgument(i);
    Value operand = callOperands[i];
    Type regionArgType = regionArg.getType();
    if (operand.getType() != regionArgType) {
      if (!(operand = materializeConversion(callInterface, castOps, castBuilder, operand, regionArgType, castLoc)))
        return cleanupState();
    }
    mapper.map(regionArg, operand);
  }

  castBuilder.setInsertionPointAfter(callOp);
  for (unsigned i = 0, e = callResults.size(); i != e; ++i) {
    Value callResult = callResults[i];
    if (callResult.getType() == callableResultTypes[i])
      continue;
    // A conversion back to the call's type, so that the IR stays valid
    // once the call is replaced.
    Value castResult =
        materializeConversion(callInterface, castOps, castBuilder, callResult, callResult.getType(), castLoc);
    if (!castResult)
      return cleanupState();
    callResult.replaceAllUsesWith(castResult);
    for (OpOperand &operand : castResult.getDefiningOp()->getOpOperands())
      if (operand.get() == castResult)
        operand.set(callResult);
  }

  if (!interface.isLegalToInline(callOp, callable.getOperation(), shouldCloneInlinedRegion))
    return cleanupState();

  if (failed(inlineRegionImpl(interface, src, callOp->getBlock(), callOp->getNextNode(), mapper, callResults,
                              callableResultTypes, callOp->getLoc(), shouldCloneInlinedRegion, call)))
    return cleanupState();
  return success();
}
