//===- BufferizeSCF.cpp - How scf ops bufferize ----------------------------===//
//
// The `bufferize`, `getBufferType` and `resolveConflicts` methods of MLIR's
// scf models: loops and conditionals are rebuilt on memrefs, their blocks
// moved over with bufferization.to_tensor ops for the new memref block
// arguments; yields pass buffers, cast to the parent's result types.
//
#include "BufferizeOps.h"

#include "lamina/IR/BuiltinAttributes.h"

using namespace lamina;
using namespace lamina::bufferization;

namespace {

bool isTensor(Type t) { return isa<TensorType>(t); }

/// Moves the ops of `source` to the end of `dest`, replacing the arguments
/// of `source` by `args` (MLIR's mergeBlocks).
void mergeBlocks(Block *source, Block *dest, ArrayRef<Value> args) {
  for (unsigned i = 0; i < source->getNumArguments() && i < args.size(); ++i)
    source->getArgument(i).replaceAllUsesWith(args[i]);
  dest->splice(source, source->begin());
}

/// to_tensor ops wrapping the tensor arguments (indices `tensorIndices`) of
/// a new block whose old arguments had the types `oldTypes`.
std::vector<Value> getBbArgReplacements(BufferizeRewriter &rw, ArrayRef<Value> newArgs, ArrayRef<Type> oldTypes) {
  std::vector<Value> result;
  for (size_t i = 0; i < newArgs.size(); ++i) {
    if (isTensor(oldTypes[i]))
      result.push_back(
          rw.b.create(newArgs[i].getLoc(), "bufferization.to_tensor", newArgs[i], oldTypes[i])->getResult(0));
    else
      result.push_back(newArgs[i]);
  }
  return result;
}

/// MLIR's computeLoopRegionIterArgBufferType.
FailureOr<Type> loopIterArgBufferType(Operation *loop, Value iterArg, Value initArg, Value yielded,
                                      BufferizeRewriter &rw, unsigned seenOnStack) {
  FailureOr<Type> initType = rw.getBufferType(initArg);
  if (failed(initType))
    return failure();
  if (seenOnStack >= 2)
    return *initType;
  Type yieldedType;
  if (isa<BaseMemRefType>(yielded.getType())) {
    yieldedType = yielded.getType();
  } else {
    FailureOr<Type> t = rw.getBufferType(yielded);
    if (failed(t))
      return failure();
    yieldedType = *t;
  }
  if (*initType == yieldedType)
    return yieldedType;
  if (getMemorySpace(*initType) != getMemorySpace(yieldedType)) {
    (void)loop->emitOpError("init_arg and yielded value bufferize to inconsistent memory spaces");
    return failure();
  }
  return getMemRefTypeWithFullyDynamicLayout(cast<TensorType>(iterArg.getType()), getMemorySpace(yieldedType));
}

Operation *bodyTerminator(Operation *op, unsigned region = 0) { return &op->getRegion(region).front().back(); }

/// An scf.for result's or iter_arg's buffer type.
Type forBufferType(Value v, BufferizeRewriter &rw) {
  Operation *forOp = AnalysisState::getOwnerOfValue(v);
  Block &body = forOp->getRegion(0).front();
  unsigned resultNum;
  if (auto r = dyn_cast<OpResult>(v)) {
    FailureOr<Type> t = rw.getBufferType(body.getArgument(r.getResultNumber() + 1));
    return failed(t) ? Type() : *t;
  }
  resultNum = cast<BlockArgument>(v).getArgNumber() - 1;
  Value iterArg = body.getArgument(resultNum + 1);
  FailureOr<Type> t = loopIterArgBufferType(forOp, iterArg, forOp->getOperand(3 + resultNum),
                                            bodyTerminator(forOp)->getOperand(resultNum), rw,
                                            rw.countOnStack(iterArg));
  return failed(t) ? Type() : *t;
}

} // namespace

Type ops::scfForBufferType(Value v, BufferizeRewriter &rw) { return forBufferType(v, rw); }

LogicalResult ops::bufferizeScfFor(Operation *forOp, BufferizeRewriter &rw) {
  Block *oldBody = &forOp->getRegion(0).front();
  std::vector<Value> inits;
  for (unsigned i = 3; i < forOp->getNumOperands(); ++i) {
    Value v = forOp->getOperand(i);
    if (!isTensor(v.getType())) {
      inits.push_back(v);
      continue;
    }
    FailureOr<Value> buffer = rw.getBuffer(v);
    if (failed(buffer))
      return failure();
    inits.push_back(*buffer);
  }
  std::vector<Value> castedInits;
  for (size_t i = 0; i < inits.size(); ++i) {
    Value result = forOp->getResult(unsigned(i));
    if (!isTensor(result.getType())) {
      castedInits.push_back(inits[i]);
      continue;
    }
    FailureOr<Type> target = rw.getBufferType(result);
    if (failed(target))
      return failure();
    rw.b.setInsertionPoint(forOp);
    castedInits.push_back(rw.castBuffer(inits[i], *target));
  }
  rw.b.setInsertionPoint(forOp);
  OperationState st(forOp->getLoc(), "scf.for");
  std::vector<Value> operands{forOp->getOperand(0), forOp->getOperand(1), forOp->getOperand(2)};
  operands.insert(operands.end(), castedInits.begin(), castedInits.end());
  st.addOperands(ValueRange(operands));
  std::vector<Type> resultTypes;
  for (Value v : castedInits)
    resultTypes.push_back(v.getType());
  st.addTypes(ArrayRef<Type>(resultTypes));
  for (const NamedAttribute &a : forOp->getAttrs())
    st.addAttribute(a.getName(), a.getValue());
  st.addRegion();
  Operation *newFor = rw.b.create(st);
  Block *body = newFor->getRegion(0).emplaceBlock();
  body->addArgument(forOp->getOperand(0).getType(), forOp->getLoc());
  std::vector<Value> newIterArgs;
  std::vector<Type> oldTypes;
  for (size_t i = 0; i < castedInits.size(); ++i) {
    newIterArgs.push_back(body->addArgument(castedInits[i].getType(), forOp->getLoc()));
    oldTypes.push_back(oldBody->getArgument(unsigned(i + 1)).getType());
  }
  rw.b.setInsertionPointToStart(body);
  std::vector<Value> args = getBbArgReplacements(rw, newIterArgs, oldTypes);
  args.insert(args.begin(), body->getArgument(0));
  mergeBlocks(oldBody, body, args);
  std::vector<Value> results;
  for (Value r : newFor->getResults())
    results.push_back(r);
  rw.replaceOp(forOp, results);
  return success();
}

/// Whether `value` aliases no value defined outside `region` but the
/// `exception`.
static bool doesNotAliasExternalValue(Value value, Region *region, Value exception, const AnalysisState &state) {
  bool result = true;
  state.applyOnAliases(value, [&](Value alias) {
    if (alias == exception)
      return;
    Region *aliasRegion = alias.getParentRegion();
    if (isa<BlockArgument>(alias) && !region->isProperAncestor(aliasRegion))
      result = false;
    if (isa<OpResult>(alias) && !region->isAncestor(aliasRegion))
      result = false;
  });
  return result;
}

LogicalResult ops::resolveScfForConflicts(Operation *forOp, BufferizeRewriter &rw) {
  if (failed(rw.resolveOperandConflicts(forOp)))
    return failure();
  if (rw.options.copyBeforeWrite || !rw.state.hasAnalysis())
    return success();
  Block &body = forOp->getRegion(0).front();
  Operation *yield = &body.back();
  OpBuilder::InsertionGuard guard(rw.b);
  rw.b.setInsertionPoint(yield);
  for (unsigned i = 0; i < yield->getNumOperands(); ++i) {
    Value v = yield->getOperand(i);
    if (3 + i >= forOp->getNumOperands() || !isTensor(forOp->getOperand(3 + i).getType()) ||
        doesNotAliasExternalValue(v, &forOp->getRegion(0), body.getArgument(i + 1), rw.state))
      continue;
    FailureOr<Value> alloc = rw.allocateTensorFor(yield->getLoc(), v, /*copy=*/true);
    if (failed(alloc))
      return failure();
    yield->setOperand(i, *alloc);
  }
  return success();
}

LogicalResult ops::bufferizeScfYield(Operation *yield, BufferizeRewriter &rw) {
  Operation *parent = yield->getParentOp();
  std::string_view parentName = parent->getName().getStringRef();
  if (parentName != "scf.execute_region" && parentName != "scf.if" && parentName != "scf.index_switch" &&
      parentName != "scf.for" && parentName != "scf.while")
    return yield->emitError("unsupported scf::YieldOp parent");
  std::vector<Value> values;
  for (unsigned i = 0; i < yield->getNumOperands(); ++i) {
    Value v = yield->getOperand(i);
    if (!isTensor(v.getType())) {
      values.push_back(v);
      continue;
    }
    FailureOr<Value> buffer = rw.getBuffer(v);
    if (failed(buffer))
      return failure();
    Value result = *buffer;
    if (parentName == "scf.for" || parentName == "scf.if" || parentName == "scf.index_switch") {
      FailureOr<Type> type = rw.getBufferType(parent->getResult(i));
      if (failed(type))
        return failure();
      rw.b.setInsertionPoint(yield);
      result = rw.castBuffer(result, *type);
    } else if (parentName == "scf.while") {
      FailureOr<Type> type = rw.getBufferType(parent->getRegion(0).front().getArgument(i));
      if (failed(type))
        return failure();
      rw.b.setInsertionPoint(yield);
      result = rw.castBuffer(result, *type);
    }
    values.push_back(result);
  }
  rw.b.setInsertionPoint(yield);
  rw.b.create(yield->getLoc(), "scf.yield", ValueRange(values));
  rw.erase(yield);
  return success();
}

Type ops::scfIfBufferType(Value v, BufferizeRewriter &rw) {
  Operation *op = v.getDefiningOp();
  unsigned n = cast<OpResult>(v).getResultNumber();
  Type common;
  std::vector<Region *> regions;
  if (op->getName().getStringRef() == "scf.index_switch") {
    for (unsigned r = 1; r < op->getNumRegions(); ++r)
      regions.push_back(&op->getRegion(r));
    regions.push_back(&op->getRegion(0));
  } else {
    for (Region &r : op->getRegions())
      regions.push_back(&r);
  }
  Type first;
  bool mismatch = false;
  for (Region *r : regions) {
    Value yielded = r->front().back().getOperand(n);
    Type t = yielded.getType();
    if (!isa<BaseMemRefType>(t)) {
      FailureOr<Type> bt = rw.getBufferType(yielded);
      if (failed(bt))
        return Type();
      t = *bt;
    }
    if (!first) {
      first = t;
      continue;
    }
    if (t == first)
      continue;
    if (getMemorySpace(t) != getMemorySpace(first)) {
      (void)op->emitError(op->getName().getStringRef() == "scf.if" ? "inconsistent memory space on then/else branches"
                                                                   : "inconsistent memory space on switch cases");
      return Type();
    }
    mismatch = true;
  }
  (void)common;
  if (!mismatch)
    return first;
  return getMemRefTypeWithFullyDynamicLayout(cast<TensorType>(v.getType()), getMemorySpace(first));
}

/// scf.if / scf.index_switch / scf.execute_region: a new op with buffer
/// results and the old blocks.
LogicalResult ops::bufferizeScfRegionOp(Operation *op, BufferizeRewriter &rw) {
  std::vector<Type> types;
  bool executeRegion = op->getName().getStringRef() == "scf.execute_region";
  for (Value r : op->getResults()) {
    if (!isTensor(r.getType())) {
      types.push_back(r.getType());
      continue;
    }
    if (executeRegion) {
      // The types of the (bufferized) unique yield.
      Operation *yield = nullptr;
      for (Block &b : op->getRegion(0))
        if (!b.empty() && b.back().getName().getStringRef() == "scf.yield")
          yield = &b.back();
      if (!yield)
        return failure();
      types.push_back(yield->getOperand(cast<OpResult>(r).getResultNumber()).getType());
      continue;
    }
    FailureOr<Type> t = rw.getBufferType(r);
    if (failed(t))
      return failure();
    types.push_back(*t);
  }
  rw.b.setInsertionPoint(op);
  OperationState st(op->getLoc(), op->getName().getStringRef());
  st.addOperands(op->getOperands());
  st.addTypes(ArrayRef<Type>(types));
  for (const NamedAttribute &a : op->getAttrs())
    st.addAttribute(a.getName(), a.getValue());
  for (unsigned i = 0; i < op->getNumRegions(); ++i)
    st.addRegion();
  Operation *newOp = rw.b.create(st);
  for (unsigned i = 0; i < op->getNumRegions(); ++i)
    newOp->getRegion(i).takeBody(op->getRegion(i));
  if (executeRegion) {
    for (Block &block : newOp->getRegion(0))
      if (failed(bufferizeBlockArguments(&block, rw)))
        return failure();
    rw.b.setInsertionPointAfter(newOp);
    std::vector<Value> results;
    for (unsigned i = 0; i < op->getNumResults(); ++i) {
      Value r = newOp->getResult(i);
      if (isTensor(op->getResult(i).getType()))
        r = rw.b.create(op->getLoc(), "bufferization.to_tensor", r, op->getResult(i).getType())->getResult(0);
      results.push_back(r);
    }
    for (unsigned i = 0; i < op->getNumResults(); ++i)
      op->getResult(i).replaceAllUsesWith(results[i]);
    rw.erase(op);
    return success();
  }
  std::vector<Value> results;
  for (Value r : newOp->getResults())
    results.push_back(r);
  rw.replaceOp(op, results);
  return success();
}

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//

Type ops::scfWhileBufferType(Value v, BufferizeRewriter &rw) {
  Operation *whileOp = AnalysisState::getOwnerOfValue(v);
  Block &before = whileOp->getRegion(0).front();
  Block &after = whileOp->getRegion(1).front();
  Operation *cond = &before.back();
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    if (arg.getOwner() == &before) {
      unsigned n = arg.getArgNumber();
      FailureOr<Type> t = loopIterArgBufferType(whileOp, arg, whileOp->getOperand(n), after.back().getOperand(n), rw,
                                                rw.countOnStack(arg));
      return failed(t) ? Type() : *t;
    }
  }
  unsigned n = isa<OpResult>(v) ? cast<OpResult>(v).getResultNumber() : cast<BlockArgument>(v).getArgNumber();
  Value forwarded = cond->getOperand(n + 1);
  if (isa<BaseMemRefType>(forwarded.getType()))
    return forwarded.getType();
  FailureOr<Type> t = rw.getBufferType(forwarded);
  return failed(t) ? Type() : *t;
}

LogicalResult ops::resolveScfWhileConflicts(Operation *whileOp, BufferizeRewriter &rw) {
  if (failed(rw.resolveOperandConflicts(whileOp)))
    return failure();
  if (rw.options.copyBeforeWrite || !rw.state.hasAnalysis())
    return success();
  Block &before = whileOp->getRegion(0).front();
  Block &after = whileOp->getRegion(1).front();
  Operation *cond = &before.back();
  Operation *yield = &after.back();
  auto equivalent = [&](Block &block, Operation *term, unsigned first) {
    std::set<unsigned> result;
    unsigned n = std::min(block.getNumArguments(), term->getNumOperands() - first);
    for (unsigned i = 0; i < n; ++i) {
      Value arg = block.getArgument(i), v = term->getOperand(first + i);
      if (isTensor(arg.getType()) && isTensor(v.getType()) && rw.state.areEquivalentBufferizedValues(arg, v))
        result.insert(i);
    }
    return result;
  };
  std::set<unsigned> eqBefore = equivalent(before, cond, 1), eqAfter = equivalent(after, yield, 0);
  OpBuilder::InsertionGuard guard(rw.b);
  rw.b.setInsertionPoint(cond);
  for (unsigned i = 0; i + 1 < cond->getNumOperands(); ++i) {
    Value v = cond->getOperand(i + 1);
    if (!isTensor(v.getType()) || (eqAfter.count(i) && eqBefore.count(i)))
      continue;
    FailureOr<Value> alloc = rw.allocateTensorFor(cond->getLoc(), v, /*copy=*/true);
    if (failed(alloc))
      return failure();
    cond->setOperand(i + 1, *alloc);
  }
  return success();
}

LogicalResult ops::bufferizeScfWhile(Operation *whileOp, BufferizeRewriter &rw) {
  Block *oldBefore = &whileOp->getRegion(0).front();
  Block *oldAfter = &whileOp->getRegion(1).front();
  std::vector<Value> inits;
  for (Value v : whileOp->getOperands()) {
    if (!isTensor(v.getType())) {
      inits.push_back(v);
      continue;
    }
    FailureOr<Value> buffer = rw.getBuffer(v);
    if (failed(buffer))
      return failure();
    inits.push_back(*buffer);
  }
  std::vector<Value> castedInits;
  for (size_t i = 0; i < inits.size(); ++i) {
    Value beforeArg = oldBefore->getArgument(unsigned(i));
    if (!isTensor(beforeArg.getType())) {
      castedInits.push_back(inits[i]);
      continue;
    }
    FailureOr<Type> target = rw.getBufferType(beforeArg);
    if (failed(target))
      return failure();
    rw.b.setInsertionPoint(whileOp);
    castedInits.push_back(rw.castBuffer(inits[i], *target));
  }
  std::vector<Type> afterTypes;
  for (Value arg : oldAfter->getArguments()) {
    if (!isTensor(arg.getType())) {
      afterTypes.push_back(arg.getType());
      continue;
    }
    FailureOr<Type> t = rw.getBufferType(arg);
    if (failed(t))
      return failure();
    afterTypes.push_back(*t);
  }
  rw.b.setInsertionPoint(whileOp);
  OperationState st(whileOp->getLoc(), "scf.while");
  st.addOperands(ValueRange(castedInits));
  st.addTypes(ArrayRef<Type>(afterTypes));
  for (const NamedAttribute &a : whileOp->getAttrs())
    st.addAttribute(a.getName(), a.getValue());
  st.addRegion();
  st.addRegion();
  Operation *newWhile = rw.b.create(st);
  Block *newBefore = newWhile->getRegion(0).emplaceBlock();
  std::vector<Value> beforeArgs;
  std::vector<Type> beforeOld;
  for (size_t i = 0; i < castedInits.size(); ++i) {
    beforeArgs.push_back(newBefore->addArgument(castedInits[i].getType(), whileOp->getLoc()));
    beforeOld.push_back(oldBefore->getArgument(unsigned(i)).getType());
  }
  Block *newAfter = newWhile->getRegion(1).emplaceBlock();
  std::vector<Value> afterArgs;
  std::vector<Type> afterOld;
  for (size_t i = 0; i < afterTypes.size(); ++i) {
    afterArgs.push_back(newAfter->addArgument(afterTypes[i], whileOp->getLoc()));
    afterOld.push_back(oldAfter->getArgument(unsigned(i)).getType());
  }
  rw.b.setInsertionPointToStart(newBefore);
  mergeBlocks(oldBefore, newBefore, getBbArgReplacements(rw, beforeArgs, beforeOld));
  rw.b.setInsertionPointToStart(newAfter);
  mergeBlocks(oldAfter, newAfter, getBbArgReplacements(rw, afterArgs, afterOld));
  std::vector<Value> results;
  for (Value r : newWhile->getResults())
    results.push_back(r);
  rw.replaceOp(whileOp, results);
  return success();
}

LogicalResult ops::bufferizeScfCondition(Operation *cond, BufferizeRewriter &rw) {
  Operation *whileOp = cond->getParentOp();
  Block &after = whileOp->getRegion(1).front();
  std::vector<Value> operands{cond->getOperand(0)};
  for (unsigned i = 1; i < cond->getNumOperands(); ++i) {
    Value v = cond->getOperand(i);
    if (!isTensor(v.getType())) {
      operands.push_back(v);
      continue;
    }
    FailureOr<Value> buffer = rw.getBuffer(v);
    if (failed(buffer))
      return failure();
    FailureOr<Type> type = rw.getBufferType(after.getArgument(i - 1));
    if (failed(type))
      return failure();
    rw.b.setInsertionPoint(cond);
    operands.push_back(rw.castBuffer(*buffer, *type));
  }
  rw.b.setInsertionPoint(cond);
  rw.b.create(cond->getLoc(), "scf.condition", ValueRange(operands));
  rw.erase(cond);
  return success();
}

//===----------------------------------------------------------------------===//
// scf.forall
//===----------------------------------------------------------------------===//

Type ops::scfForallBufferType(Value v, BufferizeRewriter &rw) {
  Operation *forall = AnalysisState::getOwnerOfValue(v);
  unsigned numOutputs = forall->getNumResults();
  unsigned firstOutput = forall->getNumOperands() - numOutputs;
  unsigned n;
  if (auto r = dyn_cast<OpResult>(v)) {
    n = r.getResultNumber();
  } else {
    Block &body = forall->getRegion(0).front();
    n = cast<BlockArgument>(v).getArgNumber() - (body.getNumArguments() - numOutputs);
  }
  FailureOr<Type> t = rw.getBufferType(forall->getOperand(firstOutput + n));
  return failed(t) ? Type() : *t;
}

LogicalResult ops::bufferizeScfForall(Operation *forall, BufferizeRewriter &rw) {
  unsigned numOutputs = forall->getNumResults();
  unsigned firstOutput = forall->getNumOperands() - numOutputs;
  std::vector<Value> buffers;
  for (unsigned i = 0; i < numOutputs; ++i) {
    FailureOr<Value> buffer = rw.getBuffer(forall->getOperand(firstOutput + i));
    if (failed(buffer))
      return failure();
    buffers.push_back(*buffer);
  }
  Block *body = &forall->getRegion(0).front();
  unsigned rank = body->getNumArguments() - numOutputs;
  rw.b.setInsertionPointToStart(body);
  for (unsigned i = 0; i < numOutputs; ++i) {
    BlockArgument arg = body->getArgument(rank + i);
    Value asTensor = rw.b.create(forall->getLoc(), "bufferization.to_tensor", buffers[i], arg.getType())->getResult(0);
    arg.replaceAllUsesWith(asTensor);
  }
  rw.b.setInsertionPoint(forall);
  OperationState st(forall->getLoc(), "scf.forall");
  std::vector<Value> operands;
  for (unsigned i = 0; i < firstOutput; ++i)
    operands.push_back(forall->getOperand(i));
  st.addOperands(ValueRange(operands));
  for (const NamedAttribute &a : forall->getAttrs()) {
    if (a.getNameStr() == "operandSegmentSizes") {
      auto segments = cast<DenseI32ArrayAttr>(a.getValue()).asArrayRef();
      std::vector<int32_t> updated(segments.begin(), segments.end());
      updated.back() = 0;
      st.addAttribute(a.getName(), rw.b.getDenseI32ArrayAttr(updated));
      continue;
    }
    st.addAttribute(a.getName(), a.getValue());
  }
  st.addRegion();
  Operation *newForall = rw.b.create(st);
  Block *newBody = newForall->getRegion(0).emplaceBlock();
  std::vector<Value> args;
  for (unsigned i = 0; i < rank; ++i)
    args.push_back(newBody->addArgument(body->getArgument(i).getType(), forall->getLoc()));
  mergeBlocks(body, newBody, args);
  rw.replaceOp(forall, buffers);
  return success();
}

LogicalResult ops::resolveNoConflicts(Operation *, BufferizeRewriter &) { return success(); }
