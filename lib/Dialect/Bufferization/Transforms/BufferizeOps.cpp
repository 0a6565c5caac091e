//===- BufferizeOps.cpp - How tensor, bufferization and linalg ops bufferize //
//
// The `bufferize` and `getBufferType` methods of MLIR's
// BufferizableOpInterface models, for the ops Lamina rewrites.
//
#include "BufferizeOps.h"

#include "../../MemRef/MemRefFoldUtils.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/Interfaces/DestinationStyleOpInterface.h"
#include "lamina/Interfaces/ViewLikeInterface.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::bufferization;
namespace mutils = lamina::memref::utils;

namespace {

bool isTensor(Type t) { return isa<TensorType>(t); }

Value createOp(BufferizeRewriter &rw, Operation *at, std::string_view name, ValueRange operands, TypeRange types,
               ArrayRef<NamedAttribute> attrs = {}) {
  Operation *op = rw.b.create(at->getLoc(), name, operands, types, attrs);
  return op->getNumResults() ? op->getResult(0) : Value();
}

Value constantIndex(BufferizeRewriter &rw, Location loc, int64_t v) {
  return rw.b
      .create(loc, "arith.constant", ValueRange(), rw.b.getIndexType(),
              {NamedAttribute(rw.b.getStringAttr("value"), rw.b.getIndexAttr(v))})
      ->getResult(0);
}

/// The mixed offsets, sizes and strides of an offset-size-stride op.
struct MixedSlice {
  std::vector<OpFoldResult> offsets, sizes, strides;
};
MixedSlice getMixedSlice(Operation *op) {
  auto iface = cast<OffsetSizeAndStrideOpInterface>(op);
  MLIRContext *ctx = op->getContext();
  return {mutils::getMixedValues(iface.getStaticOffsets(), iface.getOffsets(), ctx),
          mutils::getMixedValues(iface.getStaticSizes(), iface.getSizes(), ctx),
          mutils::getMixedValues(iface.getStaticStrides(), iface.getStrides(), ctx)};
}

/// MLIR's SubViewOp::inferRankReducedResultType.
MemRefType inferRankReducedSubViewType(ArrayRef<int64_t> resultShape, MemRefType sourceType, const MixedSlice &s) {
  std::vector<Value> unused;
  std::vector<int64_t> offsets, sizes, strides;
  mutils::dispatchIndexOpFoldResults(s.offsets, unused, offsets);
  mutils::dispatchIndexOpFoldResults(s.sizes, unused, sizes);
  mutils::dispatchIndexOpFoldResults(s.strides, unused, strides);
  MemRefType inferred = mutils::inferSubViewResultType(sourceType, offsets, sizes, strides);
  if (inferred.getRank() == int64_t(resultShape.size()))
    return inferred;
  std::optional<std::vector<bool>> dropped = memref::computeRankReductionMask(inferred.getShape(), resultShape);
  if (!dropped)
    return MemRefType();
  auto layout = cast<StridedLayoutAttr>(inferred.getLayout());
  std::vector<int64_t> reducedStrides;
  ArrayRef<int64_t> allStrides = layout.getStrides();
  for (size_t i = 0; i < allStrides.size(); ++i)
    if (i >= dropped->size() || !(*dropped)[i])
      reducedStrides.push_back(allStrides[i]);
  return MemRefType::get(resultShape, inferred.getElementType(),
                         StridedLayoutAttr::get(sourceType.getContext(), layout.getOffset(), reducedStrides),
                         inferred.getMemorySpace());
}

Value createSubView(BufferizeRewriter &rw, Operation *at, MemRefType type, Value source, const MixedSlice &s) {
  return mutils::buildSubView(rw.b, at->getLoc(), type, source, s.offsets, s.sizes, s.strides);
}

} // namespace

//===----------------------------------------------------------------------===//
// tensor
//===----------------------------------------------------------------------===//

Type ops::castBufferType(Value v, BufferizeRewriter &rw) {
  Operation *op = v.getDefiningOp();
  FailureOr<Type> src = rw.getBufferType(op->getOperand(0));
  if (failed(src))
    return Type();
  Attribute space = getMemorySpace(*src);
  auto resultType = cast<TensorType>(v.getType());
  if (isa<UnrankedTensorType>(op->getOperand(0).getType()) || isa<UnrankedTensorType>(resultType))
    return getMemRefTypeWithFullyDynamicLayout(resultType, space);
  auto ranked = cast<RankedTensorType>(resultType);
  return MemRefType::get(ranked.getShape(), ranked.getElementType(), cast<MemRefType>(*src).getLayout(), space);
}

LogicalResult ops::bufferizeCast(Operation *op, BufferizeRewriter &rw) {
  FailureOr<Value> buffer = rw.getBuffer(op->getOperand(0));
  if (failed(buffer))
    return failure();
  FailureOr<Type> type = rw.getBufferType(op->getResult(0));
  if (failed(type))
    return failure();
  if (buffer->getType() == *type) {
    rw.replaceOp(op, *buffer);
    return success();
  }
  Value cast = createOp(rw, op, "memref.cast", *buffer, *type);
  rw.replaceOp(op, cast);
  return success();
}

LogicalResult ops::bufferizeDim(Operation *op, BufferizeRewriter &rw) {
  FailureOr<Value> buffer = rw.getBuffer(op->getOperand(0));
  if (failed(buffer))
    return failure();
  Value dim = createOp(rw, op, "memref.dim", ValueRange(std::vector<Value>{*buffer, op->getOperand(1)}),
                       rw.b.getIndexType());
  rw.replaceOp(op, dim);
  return success();
}

LogicalResult ops::bufferizeRank(Operation *op, BufferizeRewriter &rw) {
  FailureOr<Value> buffer = rw.getBuffer(op->getOperand(0));
  if (failed(buffer))
    return failure();
  rw.replaceOp(op, createOp(rw, op, "memref.rank", *buffer, rw.b.getIndexType()));
  return success();
}

LogicalResult ops::bufferizeEmpty(Operation *op, BufferizeRewriter &rw) {
  if (op->getResult(0).use_empty()) {
    rw.erase(op);
    return success();
  }
  FailureOr<Value> alloc = rw.allocateTensorFor(op->getLoc(), op->getResult(0), /*copy=*/false);
  if (failed(alloc))
    return failure();
  op->getResult(0).replaceAllUsesWith(*alloc);
  rw.erase(op);
  return success();
}

LogicalResult ops::bufferizeExtract(Operation *op, BufferizeRewriter &rw) {
  FailureOr<Value> buffer = rw.getBuffer(op->getOperand(0));
  if (failed(buffer))
    return failure();
  std::vector<Value> operands{*buffer};
  for (unsigned i = 1; i < op->getNumOperands(); ++i)
    operands.push_back(op->getOperand(i));
  rw.replaceOp(op, createOp(rw, op, "memref.load", operands, op->getResult(0).getType()));
  return success();
}

Type ops::extractSliceBufferType(Value v, BufferizeRewriter &rw) {
  Operation *op = v.getDefiningOp();
  FailureOr<Type> src = rw.getBufferType(op->getOperand(0));
  if (failed(src) || !isa<MemRefType>(*src))
    return Type();
  return inferRankReducedSubViewType(cast<RankedTensorType>(v.getType()).getShape(), cast<MemRefType>(*src),
                                     getMixedSlice(op));
}

LogicalResult ops::bufferizeExtractSlice(Operation *op, BufferizeRewriter &rw) {
  MixedSlice slice = getMixedSlice(op);
  FailureOr<Value> src = rw.getBuffer(op->getOperand(0));
  if (failed(src))
    return failure();
  FailureOr<Type> type = rw.getBufferType(op->getResult(0));
  if (failed(type) || !*type)
    return failure();
  rw.replaceOp(op, createSubView(rw, op, cast<MemRefType>(*type), *src, slice));
  return success();
}

LogicalResult ops::bufferizeInsert(Operation *op, BufferizeRewriter &rw) {
  FailureOr<Value> dest = rw.getBuffer(op->getOperand(1));
  if (failed(dest))
    return failure();
  std::vector<Value> operands{op->getOperand(0), *dest};
  for (unsigned i = 2; i < op->getNumOperands(); ++i)
    operands.push_back(op->getOperand(i));
  createOp(rw, op, "memref.store", operands, TypeRange());
  rw.replaceOp(op, *dest);
  return success();
}

LogicalResult ops::bufferizeInsertSlice(Operation *op, BufferizeRewriter &rw) {
  MixedSlice slice = getMixedSlice(op);
  FailureOr<Value> dest = rw.getBuffer(op->getOperand(1));
  if (failed(dest) || !isa<MemRefType>(dest->getType()))
    return failure();
  MemRefType subviewType = inferRankReducedSubViewType(cast<RankedTensorType>(op->getOperand(0).getType()).getShape(),
                                                       cast<MemRefType>(dest->getType()), slice);
  if (!subviewType)
    return failure();
  Value subview = createSubView(rw, op, subviewType, *dest, slice);
  FailureOr<Value> src = rw.getBuffer(op->getOperand(0));
  if (failed(src))
    return failure();
  rw.createCopy(op->getLoc(), *src, subview);
  rw.replaceOp(op, *dest);
  return success();
}

LogicalResult ops::bufferizeFromElements(Operation *op, BufferizeRewriter &rw) {
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type)
    return failure();
  Location loc = op->getLoc();
  FailureOr<Value> alloc = rw.allocateTensorFor(loc, op->getResult(0), /*copy=*/false);
  if (failed(alloc))
    return failure();
  FailureOr<Type> memrefType = rw.getBufferType(*alloc);
  if (failed(memrefType))
    return failure();
  Value buffer = createOp(rw, op, "bufferization.to_buffer", *alloc, *memrefType);
  ArrayRef<int64_t> shape = type.getShape();
  if (op->getNumOperands() == 0) {
    rw.replaceOp(op, buffer);
    return success();
  }
  if (shape.empty()) {
    createOp(rw, op, "memref.store", ValueRange(std::vector<Value>{op->getOperand(0), buffer}), TypeRange());
    rw.replaceOp(op, buffer);
    return success();
  }
  int64_t maxDim = *std::max_element(shape.begin(), shape.end());
  std::vector<Value> constants;
  for (int64_t i = 0; i < maxDim; ++i)
    constants.push_back(constantIndex(rw, loc, i));
  // Row-major stores, the last index varying fastest.
  std::vector<int64_t> index(shape.size(), 0);
  for (unsigned e = 0; e < op->getNumOperands(); ++e) {
    std::vector<Value> operands{op->getOperand(e), buffer};
    for (int64_t i : index)
      operands.push_back(constants[size_t(i)]);
    createOp(rw, op, "memref.store", operands, TypeRange());
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
      if (++index[size_t(d)] < shape[size_t(d)])
        break;
      index[size_t(d)] = 0;
    }
  }
  rw.replaceOp(op, buffer);
  return success();
}

//===----------------------------------------------------------------------===//
// bufferization
//===----------------------------------------------------------------------===//

Type ops::allocTensorBufferType(Value v, BufferizeRewriter &rw) {
  Operation *op = v.getDefiningOp();
  Attribute space = op->getAttr("memory_space");
  if (!space) {
    Value copy;
    for (Value operand : op->getOperands())
      if (isTensor(operand.getType()))
        copy = operand;
    if (copy) {
      FailureOr<Type> copyType = rw.getBufferType(copy);
      if (failed(copyType))
        return Type();
      space = getMemorySpace(*copyType);
    } else if (rw.options.mustInferMemorySpace) {
      (void)op->emitError("could not infer memory space");
      return Type();
    }
  }
  if (auto i = dyn_cast_or_null<IntegerAttr>(space))
    if (i.getInt() == 0)
      space = Attribute();
  return getMemRefTypeWithStaticIdentityLayout(cast<TensorType>(v.getType()), space);
}

LogicalResult ops::bufferizeAllocTensor(Operation *op, BufferizeRewriter &rw) {
  if (op->getResult(0).use_empty()) {
    rw.erase(op);
    return success();
  }
  Location loc = op->getLoc();
  Value copy;
  std::vector<Value> dynamicSizes;
  auto segments = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  unsigned numDynamic = segments ? unsigned(segments.asArrayRef()[0]) : 0;
  for (unsigned i = 0; i < numDynamic; ++i)
    dynamicSizes.push_back(op->getOperand(i));
  if (segments && segments.asArrayRef().size() > 1 && segments.asArrayRef()[1] == 1)
    copy = op->getOperand(numDynamic);
  Value copyBuffer;
  if (copy) {
    FailureOr<Value> buffer = rw.getBuffer(copy);
    if (failed(buffer))
      return failure();
    copyBuffer = *buffer;
  }
  FailureOr<Type> type = rw.getBufferType(op->getResult(0));
  if (failed(type))
    return failure();
  if (copy) {
    auto memrefType = dyn_cast<MemRefType>(copyBuffer.getType());
    for (int64_t i = 0, e = memrefType ? memrefType.getRank() : 0; i < e; ++i) {
      if (!memrefType.isDynamicDim(unsigned(i)))
        continue;
      Value index = constantIndex(rw, loc, i);
      dynamicSizes.push_back(
          createOp(rw, op, "memref.dim", ValueRange(std::vector<Value>{copyBuffer, index}), rw.b.getIndexType()));
    }
  }
  Value alloc = rw.createAlloc(loc, cast<MemRefType>(*type), dynamicSizes);
  if (copy)
    rw.createCopy(loc, copyBuffer, alloc);
  rw.replaceOp(op, alloc);
  return success();
}

LogicalResult ops::bufferizeToBuffer(Operation *op, BufferizeRewriter &rw) {
  Operation *toTensor = op->getOperand(0).getDefiningOp();
  if (!toTensor || toTensor->getName().getStringRef() != "bufferization.to_tensor")
    return success();
  Value memref = toTensor->getOperand(0);
  Value replacement = rw.castBuffer(memref, op->getResult(0).getType());
  op->getResult(0).replaceAllUsesWith(replacement);
  rw.erase(op);
  return success();
}

LogicalResult ops::bufferizeMaterialize(Operation *op, BufferizeRewriter &rw) {
  bool tensorDest = isTensor(op->getOperand(1).getType());
  Value buffer = op->getOperand(1);
  if (tensorDest) {
    FailureOr<Value> b = rw.getBuffer(buffer);
    if (failed(b))
      return failure();
    buffer = *b;
  }
  FailureOr<Value> src = rw.getBuffer(op->getOperand(0));
  if (failed(src))
    return failure();
  rw.createCopy(op->getLoc(), *src, buffer);
  if (tensorDest)
    rw.replaceOp(op, buffer);
  else
    rw.erase(op);
  return success();
}

LogicalResult ops::bufferizeDeallocTensor(Operation *op, BufferizeRewriter &rw) {
  FailureOr<Value> buffer = rw.getBuffer(op->getOperand(0));
  if (failed(buffer))
    return failure();
  createOp(rw, op, "memref.dealloc", *buffer, TypeRange());
  rw.erase(op);
  return success();
}

//===----------------------------------------------------------------------===//
// Destination-style ops (linalg)
//===----------------------------------------------------------------------===//

LogicalResult ops::bufferizeDestinationStyle(Operation *op, BufferizeRewriter &rw) {
  auto dps = cast<DestinationStyleOpInterface>(op);
  bool anyTensor = false, anyMemref = false;
  for (Value v : op->getOperands()) {
    anyTensor |= isTensor(v.getType());
    anyMemref |= isa<BaseMemRefType>(v.getType());
  }
  if (!anyTensor)
    return success();
  if (anyMemref)
    return op->emitError() << "op does not have pure tensor semantics";
  std::vector<Value> operands;
  unsigned numInputs = op->getNumOperands() - dps.getNumDpsInits();
  for (unsigned i = 0; i < numInputs; ++i) {
    Value v = op->getOperand(i);
    if (!isTensor(v.getType())) {
      operands.push_back(v);
      continue;
    }
    FailureOr<Value> buffer = rw.getBuffer(v);
    if (failed(buffer))
      return failure();
    operands.push_back(*buffer);
  }
  std::vector<Value> outputs;
  for (unsigned r = 0; r < op->getNumResults(); ++r) {
    FailureOr<Value> buffer = rw.getBuffer(op->getOperand(numInputs + r));
    if (failed(buffer))
      return failure();
    outputs.push_back(*buffer);
  }
  operands.insert(operands.end(), outputs.begin(), outputs.end());
  rw.b.setInsertionPoint(op);
  OperationState st(op->getLoc(), op->getName().getStringRef());
  st.addOperands(ValueRange(operands));
  for (const NamedAttribute &a : op->getAttrs())
    st.addAttribute(a.getName(), a.getValue());
  for (unsigned i = 0; i < op->getNumRegions(); ++i)
    st.addRegion();
  Operation *newOp = rw.b.create(st);
  for (unsigned i = 0; i < op->getNumRegions(); ++i)
    newOp->getRegion(i).takeBody(op->getRegion(i));
  rw.replaceOp(op, outputs);
  return success();
}

LogicalResult ops::bufferizeTransferRead(Operation *op, BufferizeRewriter &rw) {
  FailureOr<Value> buffer = rw.getBuffer(op->getOperand(0));
  if (failed(buffer))
    return failure();
  rw.b.setInsertionPoint(op);
  OperationState st(op->getLoc(), op->getName().getStringRef());
  std::vector<Value> operands{*buffer};
  for (unsigned i = 1; i < op->getNumOperands(); ++i)
    operands.push_back(op->getOperand(i));
  st.addOperands(ValueRange(operands));
  st.addTypes(ArrayRef<Type>{op->getResult(0).getType()});
  for (const NamedAttribute &a : op->getAttrs())
    st.addAttribute(a.getName(), a.getValue());
  rw.replaceOp(op, rw.b.create(st)->getResult(0));
  return success();
}

LogicalResult ops::bufferizeTransferWrite(Operation *op, BufferizeRewriter &rw) {
  FailureOr<Value> buffer = rw.getBuffer(op->getOperand(1));
  if (failed(buffer))
    return failure();
  rw.b.setInsertionPoint(op);
  OperationState st(op->getLoc(), op->getName().getStringRef());
  std::vector<Value> operands;
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    operands.push_back(i == 1 ? *buffer : op->getOperand(i));
  st.addOperands(ValueRange(operands));
  for (const NamedAttribute &a : op->getAttrs())
    st.addAttribute(a.getName(), a.getValue());
  rw.b.create(st);
  rw.replaceOp(op, *buffer);
  return success();
}

//===----------------------------------------------------------------------===//
// arith
//===----------------------------------------------------------------------===//

LogicalResult ops::bufferizeIndexCast(Operation *op, BufferizeRewriter &rw) {
  FailureOr<Value> source = rw.getBuffer(op->getOperand(0));
  if (failed(source))
    return failure();
  Type element = cast<TensorType>(op->getResult(0).getType()).getElementType();
  Type resultType;
  if (auto ranked = dyn_cast<MemRefType>(source->getType()))
    resultType = MemRefType::get(ranked.getShape(), element, ranked.getLayout(), ranked.getMemorySpace());
  else
    resultType = UnrankedMemRefType::get(element, getMemorySpace(source->getType()));
  rw.replaceOp(op, createOp(rw, op, op->getName().getStringRef(), *source, resultType));
  return success();
}

Type ops::selectBufferType(Value v, BufferizeRewriter &rw) {
  Operation *op = v.getDefiningOp();
  FailureOr<Type> trueType = rw.getBufferType(op->getOperand(1));
  if (failed(trueType))
    return Type();
  FailureOr<Type> falseType = rw.getBufferType(op->getOperand(2));
  if (failed(falseType))
    return Type();
  if (*trueType == *falseType)
    return *trueType;
  if (getMemorySpace(*trueType) != getMemorySpace(*falseType)) {
    (void)op->emitError("inconsistent memory space on true/false operands");
    return Type();
  }
  auto memrefType = cast<MemRefType>(*trueType);
  return getMemRefTypeWithFullyDynamicLayout(RankedTensorType::get(memrefType.getShape(), memrefType.getElementType()),
                                             memrefType.getMemorySpace());
}

LogicalResult ops::bufferizeSelect(Operation *op, BufferizeRewriter &rw) {
  if (!op->getOperand(0).getType().isInteger(1))
    return op->emitOpError("only i1 condition values are supported");
  FailureOr<Value> trueBuffer = rw.getBuffer(op->getOperand(1));
  if (failed(trueBuffer))
    return failure();
  FailureOr<Value> falseBuffer = rw.getBuffer(op->getOperand(2));
  if (failed(falseBuffer))
    return failure();
  Value t = *trueBuffer, f = *falseBuffer;
  if (t.getType() != f.getType()) {
    FailureOr<Type> target = rw.getBufferType(op->getResult(0));
    if (failed(target))
      return failure();
    t = rw.castBuffer(t, *target);
    f = rw.castBuffer(f, *target);
  }
  rw.replaceOp(op, createOp(rw, op, "arith.select", ValueRange(std::vector<Value>{op->getOperand(0), t, f}),
                            t.getType()));
  return success();
}

/// The memref.global holding a tensor constant (MLIR's getGlobalFor): an
/// existing one with the same value and alignment, or a new private one at
/// the start of the module.
static Operation *getGlobalFor(Operation *constant, BufferizeRewriter &rw, Attribute memorySpace) {
  Operation *module = constant->getParentOp();
  while (module && module->getName().getStringRef() != "builtin.module")
    module = module->getParentOp();
  if (!module)
    return nullptr;
  Attribute value = constant->getAttr("value");
  uint64_t alignment = rw.options.bufferAlignment;
  Block &body = module->getRegion(0).front();
  for (Operation &op : body) {
    if (op.getName().getStringRef() != "memref.global")
      continue;
    Attribute init = op.getAttr("initial_value");
    if (!init || isa<UnitAttr>(init))
      continue;
    auto align = op.getAttrOfType<IntegerAttr>("alignment");
    uint64_t opAlignment = align ? uint64_t(align.getInt()) : 0;
    if (opAlignment == alignment && init == value)
      return &op;
  }
  auto type = cast<RankedTensorType>(constant->getResult(0).getType());
  std::string name = "__constant_";
  {
    raw_string_ostream os(name);
    ArrayRef<int64_t> shape = type.getShape();
    for (size_t i = 0; i < shape.size(); ++i)
      os << (i ? "x" : "") << shape[i];
    os << "x" << type.getElementType();
    os.flush();
  }
  // Unique the name as SymbolTable::insert does.
  auto taken = [&](const std::string &candidate) {
    for (Operation &op : body)
      if (auto sym = op.getAttrOfType<StringAttr>("sym_name"))
        if (sym.getValue() == candidate)
          return true;
    return false;
  };
  std::string unique = name;
  for (unsigned counter = 0; taken(unique);)
    unique = name + "_" + std::to_string(counter++);
  Type memrefType = getMemRefTypeWithStaticIdentityLayout(type, memorySpace);
  OpBuilder gb(constant->getContext());
  gb.setInsertionPoint(&body, body.begin());
  OperationState st(constant->getLoc(), "memref.global");
  st.addAttribute("sym_name", gb.getStringAttr(unique));
  st.addAttribute("sym_visibility", gb.getStringAttr("private"));
  st.addAttribute("type", TypeAttr::get(memrefType));
  st.addAttribute("initial_value", value);
  st.addAttribute("constant", gb.getUnitAttr());
  if (alignment > 0)
    st.addAttribute("alignment", gb.getI64IntegerAttr(int64_t(alignment)));
  return gb.create(st);
}

LogicalResult ops::bufferizeConstant(Operation *op, BufferizeRewriter &rw) {
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type)
    return failure();
  if (rw.options.mustInferMemorySpace)
    return op->emitError("could not infer memory space");
  Operation *global = getGlobalFor(op, rw, Attribute());
  if (!global)
    return failure();
  Type memrefType = global->getAttrOfType<TypeAttr>("type").getValue();
  rw.b.setInsertionPoint(op);
  Value get = createOp(rw, op, "memref.get_global", ValueRange(), memrefType,
                       {NamedAttribute(rw.b.getStringAttr("name"),
                                       FlatSymbolRefAttr::get(global->getAttrOfType<StringAttr>("sym_name")))});
  rw.replaceOp(op, get);
  return success();
}

Type ops::constantBufferType(Value v, BufferizeRewriter &) {
  return getMemRefTypeWithStaticIdentityLayout(cast<TensorType>(v.getType()), Attribute());
}

LogicalResult ops::bufferizeParallelInsertSlice(Operation *op, BufferizeRewriter &rw) {
  Operation *parent = op->getParentOp();
  rw.b.setInsertionPoint(parent);
  FailureOr<Value> dest = rw.getBuffer(op->getOperand(1));
  if (failed(dest) || !isa<MemRefType>(dest->getType()))
    return failure();
  FailureOr<Value> src = rw.getBuffer(op->getOperand(0));
  if (failed(src))
    return failure();
  MixedSlice slice = getMixedSlice(op);
  MemRefType subviewType = inferRankReducedSubViewType(cast<RankedTensorType>(op->getOperand(0).getType()).getShape(),
                                                       cast<MemRefType>(dest->getType()), slice);
  if (!subviewType)
    return failure();
  rw.b.setInsertionPoint(parent);
  Value subview = createSubView(rw, op, subviewType, *dest, slice);
  rw.createCopy(op->getLoc(), *src, subview);
  rw.erase(op);
  return success();
}

LogicalResult ops::bufferizeGenerate(Operation *op, BufferizeRewriter &rw) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  Location loc = op->getLoc();
  FailureOr<Value> alloc = rw.allocateTensorFor(loc, op->getResult(0), /*copy=*/false);
  if (failed(alloc))
    return failure();
  OperationState st(loc, "linalg.map");
  st.addOperands(*alloc);
  st.addTypes(ArrayRef<Type>{type});
  st.addRegion();
  Operation *map = rw.b.create(st);
  Block *body = map->getRegion(0).emplaceBlock();
  body->addArgument(type.getElementType(), loc);
  OpBuilder::InsertionGuard guard(rw.b);
  rw.b.setInsertionPointToStart(body);
  std::vector<Value> indices;
  for (int64_t d = 0; d < type.getRank(); ++d)
    indices.push_back(rw.b
                          .create(loc, "linalg.index", ValueRange(), rw.b.getIndexType(),
                                  {NamedAttribute(rw.b.getStringAttr("dim"), rw.b.getI64IntegerAttr(d))})
                          ->getResult(0));
  Block *old = &op->getRegion(0).front();
  for (unsigned i = 0; i < old->getNumArguments() && i < indices.size(); ++i)
    old->getArgument(i).replaceAllUsesWith(indices[i]);
  body->splice(old, old->begin());
  Operation *yield = &body->back();
  rw.b.setInsertionPoint(yield);
  rw.b.create(yield->getLoc(), "linalg.yield", yield->getOperands());
  yield->erase();
  op->getResult(0).replaceAllUsesWith(map->getResult(0));
  rw.erase(op);
  return success();
}

//===----------------------------------------------------------------------===//
// tensor.collapse_shape / tensor.expand_shape
//===----------------------------------------------------------------------===//

namespace {

/// MLIR's CollapseShapeOp::isGuaranteedCollapsible: the strict layout check
/// of computeCollapsedLayoutMap.
bool isGuaranteedCollapsible(MemRefType srcType, const mutils::Reassociation &reassociation) {
  if (memref::impl::hasIdentityLayout(srcType))
    return true;
  std::vector<int64_t> srcStrides;
  int64_t srcOffset;
  if (failed(memref::getStridesAndOffset(srcType, srcStrides, srcOffset)))
    return false;
  ArrayRef<int64_t> srcShape = srcType.getShape();
  std::vector<int64_t> resultStrides;
  for (const std::vector<int64_t> &group : reassociation) {
    if (group.empty())
      return false;
    size_t size = group.size();
    while (size > 1 && srcShape[size_t(group[size - 1])] == 1)
      --size;
    int64_t last = group[size - 1];
    resultStrides.push_back(ShapedType::isStatic(srcShape[size_t(last)]) || size == 1 ? srcStrides[size_t(last)]
                                                                                    : ShapedType::kDynamic);
  }
  size_t resultIndex = resultStrides.size();
  for (size_t g = reassociation.size(); g-- > 0;) {
    const std::vector<int64_t> &group = reassociation[g];
    auto stride = memref::SaturatedInteger::wrap(resultStrides[--resultIndex]);
    for (size_t k = group.size(); k-- > 1;) {
      int64_t idx = group[k];
      stride = stride * memref::SaturatedInteger::wrap(srcShape[size_t(idx)]);
      auto srcStride = memref::SaturatedInteger::wrap(srcStrides[size_t(idx - 1)]);
      if (stride.saturated || srcStride.saturated)
        return false;
      if (srcShape[size_t(idx - 1)] == 1)
        continue;
      if (stride != srcStride)
        return false;
    }
  }
  return true;
}

/// MLIR's ExpandShapeOp::computeExpandedType.
MemRefType computeExpandedType(MemRefType srcType, ArrayRef<int64_t> resultShape,
                               const mutils::Reassociation &reassociation) {
  if (memref::impl::hasIdentityLayout(srcType))
    return MemRefType::get(resultShape, srcType.getElementType(), Attribute(), srcType.getMemorySpace());
  int64_t srcOffset;
  std::vector<int64_t> srcStrides;
  if (failed(memref::getStridesAndOffset(srcType, srcStrides, srcOffset)) || srcStrides.size() != reassociation.size())
    return MemRefType();
  std::vector<int64_t> reverseStrides;
  int64_t shapeIndex = int64_t(resultShape.size()) - 1;
  for (size_t g = reassociation.size(); g-- > 0;) {
    int64_t current = srcStrides[g];
    for (size_t i = 0; i < reassociation[g].size(); ++i) {
      reverseStrides.push_back(current);
      int64_t size = shapeIndex >= 0 ? resultShape[size_t(shapeIndex)] : 1;
      --shapeIndex;
      current = (memref::SaturatedInteger::wrap(current) * memref::SaturatedInteger::wrap(size)).asInteger();
    }
  }
  std::vector<int64_t> strides(reverseStrides.rbegin(), reverseStrides.rend());
  strides.resize(resultShape.size(), 1);
  return MemRefType::get(resultShape, srcType.getElementType(),
                         StridedLayoutAttr::get(srcType.getContext(), srcOffset, strides), srcType.getMemorySpace());
}

} // namespace

Type ops::collapseShapeBufferType(Value v, BufferizeRewriter &rw) {
  Operation *op = v.getDefiningOp();
  FailureOr<Type> src = rw.getBufferType(op->getOperand(0));
  if (failed(src) || !isa<MemRefType>(*src))
    return Type();
  auto srcType = cast<MemRefType>(*src);
  mutils::Reassociation reassociation = mutils::getReassociationIndices(op);
  if (!isGuaranteedCollapsible(srcType, reassociation))
    return getMemRefTypeWithStaticIdentityLayout(cast<TensorType>(v.getType()), srcType.getMemorySpace());
  return mutils::computeCollapsedType(srcType, reassociation);
}

LogicalResult ops::bufferizeCollapseShape(Operation *op, BufferizeRewriter &rw) {
  auto resultTensorType = cast<RankedTensorType>(op->getResult(0).getType());
  FailureOr<Value> maybeBuffer = rw.getBuffer(op->getOperand(0));
  if (failed(maybeBuffer) || !isa<MemRefType>(maybeBuffer->getType()))
    return failure();
  Value buffer = *maybeBuffer;
  auto bufferType = cast<MemRefType>(buffer.getType());
  mutils::Reassociation reassociation = mutils::getReassociationIndices(op);
  if (resultTensorType.getRank() == 0) {
    MemRefType resultType;
    if (memref::impl::hasIdentityLayout(bufferType)) {
      resultType = MemRefType::get({}, resultTensorType.getElementType(), Attribute(), bufferType.getMemorySpace());
    } else {
      std::vector<int64_t> strides;
      int64_t offset;
      if (failed(memref::getStridesAndOffset(bufferType, strides, offset)))
        return failure();
      resultType = MemRefType::get({}, resultTensorType.getElementType(),
                                   StridedLayoutAttr::get(op->getContext(), offset, {}), bufferType.getMemorySpace());
    }
    rw.replaceOp(op, mutils::buildCollapseShape(rw.b, op->getLoc(), resultType, buffer, reassociation));
    return success();
  }
  if (!isGuaranteedCollapsible(bufferType, reassociation)) {
    FailureOr<Value> alloc = rw.allocateTensorFor(op->getLoc(), op->getOperand(0), /*copy=*/true);
    if (failed(alloc))
      return failure();
    auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
    auto memrefType = MemRefType::get(srcType.getShape(), srcType.getElementType(), Attribute(),
                                      bufferType.getMemorySpace());
    buffer = createOp(rw, op, "bufferization.to_buffer", *alloc, memrefType);
    bufferType = memrefType;
  }
  MemRefType resultType = mutils::computeCollapsedType(bufferType, reassociation);
  if (!resultType)
    return failure();
  rw.replaceOp(op, mutils::buildCollapseShape(rw.b, op->getLoc(), resultType, buffer, reassociation));
  return success();
}

Type ops::expandShapeBufferType(Value v, BufferizeRewriter &rw) {
  Operation *op = v.getDefiningOp();
  FailureOr<Type> src = rw.getBufferType(op->getOperand(0));
  if (failed(src) || !isa<MemRefType>(*src))
    return Type();
  return computeExpandedType(cast<MemRefType>(*src), cast<RankedTensorType>(v.getType()).getShape(),
                             mutils::getReassociationIndices(op));
}

LogicalResult ops::bufferizeExpandShape(Operation *op, BufferizeRewriter &rw) {
  FailureOr<Value> buffer = rw.getBuffer(op->getOperand(0));
  if (failed(buffer) || !isa<MemRefType>(buffer->getType()))
    return failure();
  mutils::Reassociation reassociation = mutils::getReassociationIndices(op);
  MemRefType resultType = computeExpandedType(
      cast<MemRefType>(buffer->getType()), cast<RankedTensorType>(op->getResult(0).getType()).getShape(), reassociation);
  if (!resultType)
    return failure();
  std::vector<OpFoldResult> outputShape = mutils::getMixedValues(
      memref::impl::staticList(op, "static_output_shape"), op->getOperands().drop_front(), op->getContext());
  rw.replaceOp(op, mutils::buildExpandShape(rw.b, op->getLoc(), resultType, *buffer, reassociation, outputShape));
  return success();
}

//===----------------------------------------------------------------------===//
// tensor.splat / tensor.reshape
//===----------------------------------------------------------------------===//

LogicalResult ops::bufferizeSplat(Operation *op, BufferizeRewriter &rw) {
  Location loc = op->getLoc();
  FailureOr<Value> alloc = rw.allocateTensorFor(loc, op->getResult(0), /*copy=*/false);
  if (failed(alloc))
    return failure();
  auto type = cast<RankedTensorType>(alloc->getType());
  OperationState st(loc, "linalg.map");
  st.addOperands(*alloc);
  st.addTypes(ArrayRef<Type>{type});
  st.addRegion();
  Operation *map = rw.b.create(st);
  Block *body = map->getRegion(0).emplaceBlock();
  body->addArgument(type.getElementType(), loc);
  OpBuilder::InsertionGuard guard(rw.b);
  rw.b.setInsertionPointToStart(body);
  rw.b.create(loc, "linalg.yield", op->getOperand(0));
  op->getResult(0).replaceAllUsesWith(map->getResult(0));
  rw.erase(op);
  return success();
}

Type ops::reshapeBufferType(Value v, BufferizeRewriter &rw) {
  Operation *op = v.getDefiningOp();
  FailureOr<Type> src = rw.getBufferType(op->getOperand(0));
  if (failed(src))
    return Type();
  return getMemRefTypeWithStaticIdentityLayout(cast<TensorType>(v.getType()), getMemorySpace(*src));
}

LogicalResult ops::bufferizeReshape(Operation *op, BufferizeRewriter &rw) {
  FailureOr<Value> src = rw.getBuffer(op->getOperand(0));
  if (failed(src))
    return failure();
  FailureOr<Value> shape = rw.getBuffer(op->getOperand(1));
  if (failed(shape))
    return failure();
  FailureOr<Type> resultType = rw.getBufferType(op->getResult(0));
  if (failed(resultType))
    return failure();
  Value source = *src;
  if (auto srcType = dyn_cast<MemRefType>(source.getType()); srcType && !memref::impl::hasIdentityLayout(srcType)) {
    FailureOr<Value> alloc = rw.allocateTensorFor(op->getLoc(), op->getOperand(0), /*copy=*/true);
    if (failed(alloc))
      return failure();
    auto memrefType =
        MemRefType::get(srcType.getShape(), srcType.getElementType(), Attribute(), srcType.getMemorySpace());
    source = createOp(rw, op, "bufferization.to_buffer", *alloc, memrefType);
  }
  rw.replaceOp(op, createOp(rw, op, "memref.reshape", ValueRange(std::vector<Value>{source, *shape}), *resultType));
  return success();
}

//===----------------------------------------------------------------------===//
// ml_program
//===----------------------------------------------------------------------===//

LogicalResult ops::bufferizeMLProgramGlobal(Operation *op, BufferizeRewriter &rw) {
  Attribute value = op->getAttr("value");
  if (!value)
    return op->emitError("global op must have a value");
  auto type = cast<TensorType>(op->getAttrOfType<TypeAttr>("type").getValue());
  OperationState st(op->getLoc(), "memref.global");
  st.addAttribute("sym_name", op->getAttr("sym_name"));
  if (Attribute visibility = op->getAttr("sym_visibility"))
    st.addAttribute("sym_visibility", visibility);
  st.addAttribute("type", TypeAttr::get(getMemRefTypeWithStaticIdentityLayout(type, Attribute())));
  st.addAttribute("initial_value", value);
  if (!op->hasAttr("is_mutable"))
    st.addAttribute("constant", rw.b.getUnitAttr());
  rw.b.setInsertionPoint(op);
  rw.b.create(st);
  rw.erase(op);
  return success();
}

static Value getGlobal(BufferizeRewriter &rw, Operation *op, Type type, Attribute symbol) {
  auto ref = dyn_cast<SymbolRefAttr>(symbol);
  if (!ref)
    return Value();
  return createOp(rw, op, "memref.get_global", ValueRange(), type,
                  {NamedAttribute(rw.b.getStringAttr("name"), FlatSymbolRefAttr::get(ref.getLeafReference()))});
}

LogicalResult ops::bufferizeMLProgramGlobalLoad(Operation *op, BufferizeRewriter &rw) {
  Type type = getMemRefTypeWithStaticIdentityLayout(cast<TensorType>(op->getResult(0).getType()), Attribute());
  Value global = getGlobal(rw, op, type, op->getAttr("global"));
  if (!global)
    return failure();
  rw.replaceOp(op, global);
  return success();
}

LogicalResult ops::bufferizeMLProgramGlobalStore(Operation *op, BufferizeRewriter &rw) {
  Value value = op->getOperand(0);
  Type type = getMemRefTypeWithStaticIdentityLayout(cast<TensorType>(value.getType()), Attribute());
  Value target = getGlobal(rw, op, type, op->getAttr("global"));
  if (!target)
    return failure();
  FailureOr<Value> source = rw.getBuffer(value);
  if (failed(source))
    return failure();
  rw.b.setInsertionPoint(op);
  rw.createCopy(op->getLoc(), *source, target);
  rw.erase(op);
  return success();
}

//===----------------------------------------------------------------------===//
// vector.mask / vector.yield
//===----------------------------------------------------------------------===//

LogicalResult ops::resolveMaskConflicts(Operation *op, BufferizeRewriter &rw) {
  if (failed(rw.resolveOperandConflicts(op)))
    return failure();
  for (Operation &nested : op->getRegion(0).front())
    if (nested.getName().getStringRef() == "bufferization.alloc_tensor")
      return op->emitOpError("body must bufferize in-place");
  return success();
}

LogicalResult ops::bufferizeMask(Operation *op, BufferizeRewriter &rw) {
  Block &body = op->getRegion(0).front();
  Operation *masked = &body.front();
  if (!rw.state.getModel(masked))
    return success();
  Operation *yield = &body.back();
  std::vector<Value> newReturnValues(op->getNumResults());
  std::vector<Value> newYielded;
  for (unsigned i = 0; i < yield->getNumOperands(); ++i) {
    Value v = yield->getOperand(i);
    bool fromMasked = false;
    for (Value r : masked->getResults())
      fromMasked |= r == v;
    if (fromMasked)
      newYielded.push_back(v);
    else if (i < newReturnValues.size())
      newReturnValues[i] = v;
  }
  yield->setOperands(ValueRange(newYielded));
  rw.b.setInsertionPoint(op);
  OperationState st(op->getLoc(), "vector.mask");
  st.addOperands(op->getOperands());
  std::vector<Type> types;
  for (Value v : newYielded)
    types.push_back(v.getType());
  st.addTypes(ArrayRef<Type>(types));
  for (const NamedAttribute &a : op->getAttrs())
    st.addAttribute(a.getName(), a.getValue());
  st.addRegion();
  Operation *newOp = rw.b.create(st);
  newOp->getRegion(0).takeBody(op->getRegion(0));
  unsigned next = 0;
  for (Value &v : newReturnValues)
    if (!v)
      v = newOp->getResult(next++);
  rw.replaceOp(op, newReturnValues);
  return success();
}

LogicalResult ops::bufferizeVectorYield(Operation *op, BufferizeRewriter &rw) {
  Operation *parent = op->getParentOp();
  if (parent->getName().getStringRef() != "vector.mask")
    return op->emitError("unsupported vector::YieldOp parent");
  if (!rw.state.getModel(&parent->getRegion(0).front().front()))
    return success();
  std::vector<Value> values;
  for (Value v : op->getOperands()) {
    if (!isTensor(v.getType())) {
      values.push_back(v);
      continue;
    }
    FailureOr<Value> buffer = rw.getBuffer(v);
    if (failed(buffer))
      return failure();
    values.push_back(*buffer);
  }
  rw.b.setInsertionPoint(op);
  rw.b.create(op->getLoc(), "vector.yield", ValueRange(values));
  rw.erase(op);
  return success();
}
