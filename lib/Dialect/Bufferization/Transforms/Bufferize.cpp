//===- Bufferize.cpp - The tensor-to-memref rewrite -----------------------===//
//
// MLIR's bufferizeOp and insertTensorCopies (see Bufferize.h): the driver,
// buffer types, to_buffer/to_tensor materialization and folding.
//
#include "lamina/Dialect/Bufferization/Transforms/Bufferize.h"

#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"

using namespace lamina;
using namespace lamina::bufferization;

static bool isTensor(Type t) { return isa<TensorType>(t); }

Type bufferization::getMemRefTypeWithFullyDynamicLayout(TensorType type, Attribute memorySpace) {
  if (auto ranked = dyn_cast<RankedTensorType>(type)) {
    std::vector<int64_t> strides(ranked.getRank(), ShapedType::kDynamic);
    auto layout = StridedLayoutAttr::get(type.getContext(), ShapedType::kDynamic, strides);
    return MemRefType::get(ranked.getShape(), ranked.getElementType(), layout, memorySpace);
  }
  return UnrankedMemRefType::get(type.getElementType(), memorySpace);
}

Type bufferization::getMemRefTypeWithStaticIdentityLayout(TensorType type, Attribute memorySpace) {
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    return MemRefType::get(ranked.getShape(), ranked.getElementType(), Attribute(), memorySpace);
  return UnrankedMemRefType::get(type.getElementType(), memorySpace);
}

Attribute bufferization::getMemorySpace(Type memrefType) {
  if (auto m = dyn_cast<MemRefType>(memrefType))
    return m.getMemorySpace();
  if (auto m = dyn_cast<UnrankedMemRefType>(memrefType))
    return m.getMemorySpace();
  return {};
}

BufferizeRewriter::BufferizeRewriter(MLIRContext *ctx, const OneShotOptions &options, AnalysisState &state)
    : b(ctx, this), options(options), state(state) {}

void BufferizeRewriter::notifyOperationInserted(Operation *op, OpBuilder::InsertPoint previous) {
  if (previous.isSet())
    return;
  erased.erase(op);
  std::string_view name = op->getName().getStringRef();
  if (name == "bufferization.to_buffer") {
    toBufferOps.push_back(op);
    return;
  }
  if (name == "bufferization.to_tensor")
    return;
  if (!state.hasTensorSemantics(op) || !state.isOpAllowed(op))
    return;
  worklist.push_back(op);
}

void BufferizeRewriter::erase(Operation *op) {
  erased.insert(op);
  op->walk([&](Operation *nested) { erased.insert(nested); });
  op->erase();
}

unsigned BufferizeRewriter::countOnStack(Value v) const {
  unsigned n = 0;
  for (Value x : invocationStack)
    n += x == v;
  return n;
}

Type BufferizeRewriter::getUnknownBufferType(Value tensor, Attribute memorySpace) {
  auto type = cast<TensorType>(tensor.getType());
  if (options.unknownTypeIdentityLayout)
    return getMemRefTypeWithStaticIdentityLayout(type, memorySpace);
  return getMemRefTypeWithFullyDynamicLayout(type, memorySpace);
}

FailureOr<Type> BufferizeRewriter::getBufferType(Value tensor) {
  // A guard against cycles no model breaks.
  if (invocationStack.size() > 4096)
    return getUnknownBufferType(tensor);
  invocationStack.push_back(tensor);
  struct Pop {
    std::vector<Value> &stack;
    ~Pop() { stack.pop_back(); }
  } pop{invocationStack};

  Operation *owner = AnalysisState::getOwnerOfValue(tensor);
  const OpModel *m = state.getModel(owner);
  if (m && m->getBufferType) {
    Type t = m->getBufferType(tensor, *this);
    if (!t)
      return failure();
    return t;
  }
  if (options.mustInferMemorySpace) {
    (void)owner->emitError("could not infer memory space");
    return failure();
  }
  if (m && isa<OpResult>(tensor)) {
    // MLIR asks a state without analysis for the aliasing operands.
    AnalysisState plain(options);
    AliasingOpOperandList aliases = plain.getAliasingOpOperands(tensor);
    if (!aliases.empty() && aliases.front().relation == BufferRelation::Equivalent)
      return getBufferType(aliases.front().opOperand->get());
  }
  return getUnknownBufferType(tensor);
}

FailureOr<Value> BufferizeRewriter::getBuffer(Value tensor) {
  if (Operation *def = tensor.getDefiningOp())
    if (def->getName().getStringRef() == "bufferization.to_tensor")
      return def->getOperand(0);
  FailureOr<Type> type = getBufferType(tensor);
  if (failed(type))
    return failure();
  OpBuilder::InsertionGuard guard(b);
  if (auto arg = dyn_cast<BlockArgument>(tensor))
    b.setInsertionPointToStart(arg.getOwner());
  else
    b.setInsertionPointAfter(tensor.getDefiningOp());
  Operation *op = b.create(tensor.getLoc(), "bufferization.to_buffer", tensor, *type);
  return op->getResult(0);
}

void BufferizeRewriter::replaceOp(Operation *op, ArrayRef<Value> values) {
  OpBuilder::InsertionGuard guard(b);
  std::vector<Value> replacements;
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
    Value replacement = values[i];
    Type type = op->getResult(i).getType();
    if (isTensor(type) && !isTensor(replacement.getType())) {
      b.setInsertionPointAfter(op);
      replacement = b.create(replacement.getLoc(), "bufferization.to_tensor", replacement, type)->getResult(0);
    }
    replacements.push_back(replacement);
  }
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
    op->getResult(i).replaceAllUsesWith(replacements[i]);
  erase(op);
}

Value BufferizeRewriter::createAlloc(Location loc, MemRefType type, ArrayRef<Value> dynamicSizes) {
  std::vector<NamedAttribute> attrs;
  if (options.bufferAlignment != 0)
    attrs.push_back(NamedAttribute(b.getStringAttr("alignment"), b.getI64IntegerAttr(int64_t(options.bufferAlignment))));
  OperationState st(loc, "memref.alloc");
  st.addOperands(ValueRange(dynamicSizes));
  st.addTypes(ArrayRef<Type>{type});
  st.addAttribute("operandSegmentSizes", b.getDenseI32ArrayAttr({int32_t(dynamicSizes.size()), 0}));
  for (const NamedAttribute &a : attrs)
    st.addAttribute(a.getName(), a.getValue());
  return b.create(st)->getResult(0);
}

void BufferizeRewriter::createCopy(Location loc, Value from, Value to) {
  b.create(loc, "memref.copy", ValueRange(std::vector<Value>{from, to}));
}

Value BufferizeRewriter::castBuffer(Value buffer, Type type) {
  if (buffer.getType() == type)
    return buffer;
  return b.create(buffer.getLoc(), "memref.cast", buffer, type)->getResult(0);
}

/// The dynamic sizes of `shaped` (a ranked tensor): reified from the ops
/// that define them, else tensor.dim ops.
static void populateDynamicSizes(BufferizeRewriter &rw, Location loc, Value shaped, std::vector<Value> &sizes) {
  auto type = cast<RankedTensorType>(shaped.getType());
  if (Operation *def = shaped.getDefiningOp()) {
    std::string_view name = def->getName().getStringRef();
    if (name == "tensor.empty" || name == "bufferization.alloc_tensor" || name == "tensor.generate" ||
        name == "tensor.splat") {
      // The dynamic sizes (after tensor.splat's scalar).
      for (Value v : def->getOperands().drop_front(name == "tensor.splat" ? 1 : 0))
        if (isa<IndexType>(v.getType()) && sizes.size() < size_t(type.getNumDynamicDims()))
          sizes.push_back(v);
      if (sizes.size() == size_t(type.getNumDynamicDims()))
        return;
      sizes.clear();
    }
  }
  for (int64_t i = 0, e = type.getRank(); i < e; ++i) {
    if (!type.isDynamicDim(unsigned(i)))
      continue;
    Value index = rw.b.create(loc, "arith.constant", ValueRange(), rw.b.getIndexType(),
                              {NamedAttribute(rw.b.getStringAttr("value"), rw.b.getIndexAttr(i))})
                      ->getResult(0);
    sizes.push_back(
        rw.b.create(loc, "tensor.dim", ValueRange(std::vector<Value>{shaped, index}), rw.b.getIndexType())
            ->getResult(0));
  }
}

FailureOr<Value> BufferizeRewriter::allocateTensorFor(Location loc, Value shaped, bool copy) {
  if (isa<UnrankedTensorType>(shaped.getType())) {
    (void)AnalysisState::getOwnerOfValue(shaped)->emitError("copying of unranked tensors is not implemented");
    return failure();
  }
  auto type = cast<RankedTensorType>(shaped.getType());
  std::vector<Value> dynamicSizes;
  if (!copy)
    populateDynamicSizes(*this, loc, shaped, dynamicSizes);
  Attribute memorySpace;
  if (!copy) {
    FailureOr<Type> bufferType = getBufferType(shaped);
    if (failed(bufferType))
      return failure();
    memorySpace = bufferization::getMemorySpace(*bufferType);
  }
  OperationState st(loc, "bufferization.alloc_tensor");
  st.addOperands(ValueRange(dynamicSizes));
  if (copy)
    st.addOperands(shaped);
  st.addTypes(ArrayRef<Type>{type});
  st.addAttribute("operandSegmentSizes",
                  b.getDenseI32ArrayAttr({int32_t(dynamicSizes.size()), copy ? 1 : 0, 0}));
  if (memorySpace)
    st.addAttribute("memory_space", memorySpace);
  return b.create(st)->getResult(0);
}

LogicalResult BufferizeRewriter::resolveOperandConflicts(Operation *op) {
  std::vector<OpOperand *> outOfPlaceOperands, copiedOperands;
  std::vector<Value> outOfPlaceValues, copiedValues;
  auto canOmitCopy = [&](OpOperand &o) {
    if (state.hasUndefinedContents(&o))
      return true;
    if (state.bufferizesToMemoryWrite(o) && !state.bufferizesToMemoryRead(o))
      return true;
    if (!state.bufferizesToMemoryRead(o)) {
      bool read = false;
      for (const AliasingValue &a : state.getAliasingValues(o))
        read |= state.isValueRead(a.value);
      if (!read)
        return true;
    }
    return false;
  };
  for (OpOperand &o : op->getOpOperands()) {
    Type type = o.get().getType();
    if (!isTensor(type) || state.isInPlace(o))
      continue;
    if (isa<UnrankedTensorType>(type)) {
      (void)op->emitError("copying of unranked tensors is not implemented");
      return failure();
    }
    AliasingValueList aliases = state.getAliasingValues(o);
    if (aliases.size() == 1 && isa<OpResult>(aliases[0].value) && !state.bufferizesToMemoryWrite(o) &&
        state.getAliasingOpOperands(aliases[0].value).size() == 1 &&
        !isa<UnrankedTensorType>(aliases[0].value.getType())) {
      outOfPlaceValues.push_back(aliases[0].value);
      if (!canOmitCopy(o))
        copiedValues.push_back(aliases[0].value);
    } else {
      outOfPlaceOperands.push_back(&o);
      if (!canOmitCopy(o))
        copiedOperands.push_back(&o);
    }
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(op);
  for (OpOperand *o : outOfPlaceOperands) {
    bool copy = std::find(copiedOperands.begin(), copiedOperands.end(), o) != copiedOperands.end();
    FailureOr<Value> alloc = allocateTensorFor(op->getLoc(), o->get(), copy);
    if (failed(alloc))
      return failure();
    o->set(*alloc);
  }
  b.setInsertionPointAfter(op);
  for (Value v : outOfPlaceValues) {
    bool copy = std::find(copiedValues.begin(), copiedValues.end(), v) != copiedValues.end();
    FailureOr<Value> alloc = allocateTensorFor(op->getLoc(), v, copy);
    if (failed(alloc))
      return failure();
    Operation *allocOp = alloc->getDefiningOp();
    std::vector<OpOperand *> uses;
    for (OpOperand &use : v.getUses())
      uses.push_back(&use);
    for (OpOperand *use : uses) {
      if (use->getOwner() == allocOp || use->getOwner()->getName().getStringRef() == "tensor.dim")
        continue;
      use->set(*alloc);
    }
  }
  return success();
}

LogicalResult BufferizeRewriter::insertTensorCopies(Operation *root) {
  std::vector<Operation *> ops;
  root->walk([&](Operation *op) { ops.push_back(op); });
  for (Operation *op : ops) {
    const OpModel *m = state.getModel(op);
    if (!m)
      continue;
    b.setInsertionPoint(op);
    if (failed(m->resolveConflicts ? m->resolveConflicts(op, *this) : resolveOperandConflicts(op)))
      return failure();
  }
  return success();
}

/// to_buffer(to_tensor(x)) -> x, through a memref.cast if the types differ
/// but are cast-compatible, else a copy into a new allocation.
static void foldToBufferOfToTensor(BufferizeRewriter &rw, Operation *toBuffer) {
  Operation *toTensor = toBuffer->getOperand(0).getDefiningOp();
  if (!toTensor || toTensor->getName().getStringRef() != "bufferization.to_tensor")
    return;
  Value memref = toTensor->getOperand(0);
  Type destType = toBuffer->getResult(0).getType();
  if (memref.getType() == destType) {
    toBuffer->getResult(0).replaceAllUsesWith(memref);
    rw.erase(toBuffer);
    return;
  }
  rw.b.setInsertionPoint(toBuffer);
  FailureOr<Value> replacement = rw.castOrRealloc(memref, destType);
  if (failed(replacement))
    return;
  toBuffer->getResult(0).replaceAllUsesWith(*replacement);
  rw.erase(toBuffer);
}

FailureOr<Value> BufferizeRewriter::castOrRealloc(Value value, Type destType) {
  auto src = dyn_cast<MemRefType>(value.getType());
  auto dest = dyn_cast<MemRefType>(destType);
  if (!src || !dest) {
    // Unranked to ranked needs a copy (not implemented, as in MLIR); to an
    // unranked type a cast suffices.
    if (dest)
      return failure();
    return castBuffer(value, destType);
  }
  if (src.getElementType() != dest.getElementType() || src.getRank() != dest.getRank())
    return failure();
  auto guaranteedCastCompatible = [&]() {
    std::vector<int64_t> srcStrides, destStrides;
    int64_t srcOffset, destOffset;
    if (failed(memref::getStridesAndOffset(src, srcStrides, srcOffset)) ||
        failed(memref::getStridesAndOffset(dest, destStrides, destOffset)))
      return false;
    auto dynamicToStatic = [](int64_t a, int64_t b) { return ShapedType::isDynamic(a) && !ShapedType::isDynamic(b); };
    if (dynamicToStatic(srcOffset, destOffset))
      return false;
    for (size_t i = 0; i < srcStrides.size() && i < destStrides.size(); ++i)
      if (dynamicToStatic(srcStrides[i], destStrides[i]))
        return false;
    return true;
  };
  bool shapesCompatible = true;
  for (int64_t i = 0; i < src.getRank(); ++i)
    if (!src.isDynamicDim(unsigned(i)) && !dest.isDynamicDim(unsigned(i)) && src.getDimSize(unsigned(i)) != dest.getDimSize(unsigned(i)))
      shapesCompatible = false;
  if (shapesCompatible && src.getMemorySpace() == dest.getMemorySpace() && guaranteedCastCompatible())
    return castBuffer(value, destType);
  Location loc = value.getLoc();
  std::vector<Value> dynamicSizes;
  for (int64_t i = 0; i < dest.getRank(); ++i) {
    if (!dest.isDynamicDim(unsigned(i)))
      continue;
    Value index = b.create(loc, "arith.constant", ValueRange(), b.getIndexType(),
                           {NamedAttribute(b.getStringAttr("value"), b.getIndexAttr(i))})
                      ->getResult(0);
    dynamicSizes.push_back(
        b.create(loc, "memref.dim", ValueRange(std::vector<Value>{value, index}), b.getIndexType())->getResult(0));
  }
  Value alloc = createAlloc(loc, dest, dynamicSizes);
  createCopy(loc, value, alloc);
  return alloc;
}

LogicalResult BufferizeRewriter::run(Operation *root) {
  // Ops created before (by tensor copy insertion) are found by the walks.
  worklist.clear();
  toBufferOps.clear();
  erased.clear();
  root->walk([&](Operation *op) {
    if (op->getName().getStringRef() == "bufferization.to_buffer")
      toBufferOps.push_back(op);
  });
  root->walk([&](Operation *op) {
    if (state.isOpAllowed(op) && state.hasTensorSemantics(op))
      worklist.push_back(op);
  });
  for (size_t i = 0; i < worklist.size(); ++i) {
    Operation *op = worklist[i];
    if (erased.count(op))
      continue;
    const OpModel *m = state.getModel(op);
    if (!m || !m->bufferize || !state.hasTensorSemantics(op))
      continue;
    if (!m->supportsUnstructuredControlFlow)
      for (Region &r : op->getRegions())
        if (!r.empty() && &r.front() != &r.back())
          return op->emitOpError("op or BufferizableOpInterface implementation does not support unstructured "
                                 "control flow, but at least one region has multiple blocks");
    b.setInsertionPoint(op);
    if (failed(m->bufferize(op, *this)))
      return op->emitError("failed to bufferize op");
  }
  if (erased.count(root))
    return success();
  for (size_t i = 0; i < toBufferOps.size(); ++i) {
    Operation *op = toBufferOps[i];
    if (erased.count(op))
      continue;
    foldToBufferOfToTensor(*this, op);
  }
  // Dead to_tensor ops.
  std::vector<Operation *> deadToTensor;
  root->walk([&](Operation *op) {
    if (op->getName().getStringRef() == "bufferization.to_tensor" && op->getResult(0).use_empty())
      deadToTensor.push_back(op);
  });
  for (Operation *op : deadToTensor)
    erase(op);
  if (options.allowUnknownOps)
    return success();
  for (Operation *op : worklist) {
    if (erased.count(op) || !state.hasTensorSemantics(op) || !state.isOpAllowed(op))
      continue;
    bool unused = true;
    for (Value r : op->getResults())
      unused &= r.use_empty();
    if (unused && isMemoryEffectFree(op))
      continue;
    std::string_view name = op->getName().getStringRef();
    if (name == "bufferization.to_tensor" || name == "bufferization.to_buffer")
      continue;
    return op->emitError("op was not bufferized");
  }
  return success();
}
