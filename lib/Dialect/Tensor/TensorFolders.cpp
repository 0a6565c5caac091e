//===- TensorFolders.cpp - The folders of the tensor ops ------------------===//
//
// Every `hasFolder` op of TensorOps.td as MLIR 22 folds it
// (mlir/lib/Dialect/Tensor/IR/TensorOps.cpp): dim of static or generated
// sizes, extract from constants, from_elements and inserts, constant
// from_elements and splats, rank, reshapes of constants and of their
// inverses, identity slices and slices of inserted slices, gathers of
// splats. Also the dialect's constant materialization (arith.constant,
// complex.constant).
//
#include "TensorFoldUtils.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/Matchers.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::tensor;
using namespace lamina::tensor::utils;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

std::optional<int64_t> utils::constantIndexOf(Value v) {
  Attribute attr;
  if (!v || !matchConstant(v, &attr))
    return std::nullopt;
  return memref::utils::getConstantIntValue(attr);
}

bool utils::canFoldIntoConsumerOp(Operation *castOp) {
  if (!castOp || !isa<CastOp>(castOp))
    return false;
  return preservesStaticInformation(castOp->getResult(0).getType(), castOp->getOperand(0).getType());
}

bool utils::canFoldIntoProducerOp(Operation *castOp) {
  if (!castOp || !isa<CastOp>(castOp))
    return false;
  return preservesStaticInformation(castOp->getOperand(0).getType(), castOp->getResult(0).getType());
}

bool utils::preservesStaticInformation(Type source, Type target) {
  auto sourceType = dyn_cast<RankedTensorType>(source);
  auto targetType = dyn_cast<RankedTensorType>(target);
  if (!sourceType || !targetType || sourceType.getElementType() != targetType.getElementType() ||
      sourceType.getRank() != targetType.getRank())
    return false;
  if (sourceType.getEncoding() != targetType.getEncoding())
    return false;
  for (size_t i = 0, e = sourceType.getShape().size(); i < e; ++i)
    if (ShapedType::isStatic(sourceType.getShape()[i]) && ShapedType::isDynamic(targetType.getShape()[i]))
      return false;
  return true;
}

LogicalResult utils::foldTensorCast(Operation *op) {
  bool folded = false;
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
    Operation *castOp = op->getOperand(i).getDefiningOp();
    if (castOp && isa<CastOp>(castOp) && canFoldIntoConsumerOp(castOp)) {
      op->setOperand(i, castOp->getOperand(0));
      folded = true;
    }
  }
  return success(folded);
}

std::vector<OpFoldResult> utils::mixedList(Operation *op, std::string_view name, unsigned group) {
  return memref::utils::getMixedValues(memref::impl::staticList(op, name), ods::getODSOperands(op, group),
                                       op->getContext());
}

SliceParts utils::getSliceParts(Operation *op) {
  // extract_slice: source, offsets, sizes, strides; (parallel_)insert_slice:
  // source, dest, offsets, sizes, strides.
  unsigned first = isa<ExtractSliceOp>(op) ? 1 : 2;
  SliceParts parts;
  parts.offsets = mixedList(op, "static_offsets", first);
  parts.sizes = mixedList(op, "static_sizes", first + 1);
  parts.strides = mixedList(op, "static_strides", first + 2);
  return parts;
}

bool utils::sameSliceParts(Operation *a, Operation *b) {
  SliceParts x = getSliceParts(a), y = getSliceParts(b);
  auto same = [](ArrayRef<OpFoldResult> l, ArrayRef<OpFoldResult> r) {
    if (l.size() != r.size())
      return false;
    for (size_t i = 0; i < l.size(); ++i) {
      if (l[i] == r[i])
        continue;
      std::optional<int64_t> lc = memref::utils::getConstantIntValue(l[i]);
      std::optional<int64_t> rc = memref::utils::getConstantIntValue(r[i]);
      if (!lc || !rc || *lc != *rc)
        return false;
    }
    return true;
  };
  return same(x.offsets, y.offsets) && same(x.sizes, y.sizes) && same(x.strides, y.strides);
}

Value utils::buildSliceOp(OpBuilder &b, Location loc, std::string_view name, Type resultType, ValueRange leading,
                          const SliceParts &parts, ArrayRef<NamedAttribute> extraAttrs) {
  OperationState state(loc, name);
  std::vector<Value> dynOffsets, dynSizes, dynStrides;
  std::vector<int64_t> staticOffsets, staticSizes, staticStrides;
  memref::utils::dispatchIndexOpFoldResults(parts.offsets, dynOffsets, staticOffsets);
  memref::utils::dispatchIndexOpFoldResults(parts.sizes, dynSizes, staticSizes);
  memref::utils::dispatchIndexOpFoldResults(parts.strides, dynStrides, staticStrides);
  state.addOperands(leading);
  state.addOperands(ValueRange(dynOffsets));
  state.addOperands(ValueRange(dynSizes));
  state.addOperands(ValueRange(dynStrides));
  for (const NamedAttribute &attr : extraAttrs)
    state.addAttribute(attr.getName(), attr.getValue());
  state.addAttribute("static_offsets", b.getDenseI64ArrayAttr(staticOffsets));
  state.addAttribute("static_sizes", b.getDenseI64ArrayAttr(staticSizes));
  state.addAttribute("static_strides", b.getDenseI64ArrayAttr(staticStrides));
  std::vector<int32_t> segments(leading.size(), 1);
  segments.push_back(int32_t(dynOffsets.size()));
  segments.push_back(int32_t(dynSizes.size()));
  segments.push_back(int32_t(dynStrides.size()));
  state.addAttribute("operandSegmentSizes", b.getDenseI32ArrayAttr(segments));
  if (resultType)
    state.addType(resultType);
  Operation *op = b.create(state);
  return op->getNumResults() ? op->getResult(0) : Value();
}

Value utils::buildTensorCast(OpBuilder &b, Location loc, Type type, Value source) {
  OperationState state(loc, CastOp::getOperationName());
  state.addOperand(source);
  state.addType(type);
  return b.create(state)->getResult(0);
}

/// reshapeConstantSource: a splat constant of the static result type.
static Attribute reshapeSplat(Attribute source, Type resultType) {
  auto elements = dyn_cast_or_null<DenseElementsAttr>(source);
  auto result = dyn_cast<RankedTensorType>(resultType);
  if (!elements || !elements.isSplat() || !result || !result.hasStaticShape())
    return {};
  Attribute value = elements.getSplatValueAttr();
  return DenseElementsAttr::get(result, ArrayRef<Attribute>(&value, 1));
}

namespace {

//===----------------------------------------------------------------------===//
// dim / rank
//===----------------------------------------------------------------------===//

OpFoldResult foldDim(Operation *op, ArrayRef<Attribute> operands) {
  auto index = dyn_cast_or_null<IntegerAttr>(operands[1]);
  if (!index)
    return {};
  auto tensorType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  if (!tensorType)
    return {};
  int64_t indexVal = index.getInt();
  if (indexVal < 0 || indexVal >= tensorType.getRank())
    return {};
  if (!tensorType.isDynamicDim(indexVal))
    return IntegerAttr::get(IndexType::get(op->getContext()), tensorType.getShape()[indexVal]);
  Operation *definingOp = op->getOperand(0).getDefiningOp();
  // dim of tensor.generate: its dynamic extent.
  if (definingOp && isa<GenerateOp>(definingOp)) {
    unsigned dynIndex = 0;
    for (int64_t i = 0; i < indexVal; ++i)
      dynIndex += tensorType.isDynamicDim(i);
    return Value(definingOp->getOperand(dynIndex));
  }
  // dim of a slice that keeps its rank: the dynamic size.
  if (definingOp && isa<ExtractSliceOp>(definingOp)) {
    auto sliceType = cast<RankedTensorType>(definingOp->getResult(0).getType());
    auto sourceType = cast<RankedTensorType>(definingOp->getOperand(0).getType());
    if (sliceType.getRank() == sourceType.getRank()) {
      std::vector<OpFoldResult> sizes = getSliceParts(definingOp).sizes;
      if (size_t(indexVal) < sizes.size() && sizes[indexVal].isValue())
        return sizes[indexVal].getValue();
    }
  }
  // dim(cast) -> dim.
  if (succeeded(foldTensorCast(op)))
    return op->getResult(0);
  return {};
}

OpFoldResult foldRank(Operation *op, ArrayRef<Attribute>) {
  auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  if (!type)
    return {};
  return IntegerAttr::get(IndexType::get(op->getContext()), type.getRank());
}

//===----------------------------------------------------------------------===//
// extract / insert / from_elements / splat
//===----------------------------------------------------------------------===//

/// The zero of a sparse constant's element type.
Attribute zeroOf(Type type) {
  if (isa<FloatType>(type))
    return FloatAttr::get(type, 0.0);
  if (type.isIntOrIndex())
    return IntegerAttr::get(type, 0);
  return {};
}

/// ElementsAttr::getValues<Attribute>()[indices] for dense and sparse
/// constants; null when out of bounds or not representable.
Attribute elementAt(Attribute attr, ArrayRef<uint64_t> indices) {
  auto type = dyn_cast<RankedTensorType>(cast<TypedAttr>(attr).getType());
  if (!type || uint64_t(type.getRank()) != indices.size())
    return {};
  uint64_t flat = 0;
  for (size_t i = 0; i < indices.size(); ++i) {
    if (indices[i] >= uint64_t(type.getShape()[i]))
      return {};
    flat = flat * uint64_t(type.getShape()[i]) + indices[i];
  }
  if (auto dense = dyn_cast<DenseElementsAttr>(attr))
    return dense.getValue(dense.isSplat() ? 0 : int64_t(flat));
  if (auto sparse = dyn_cast<SparseElementsAttr>(attr)) {
    DenseIntElementsAttr sparseIndices = sparse.getIndices();
    DenseElementsAttr values = sparse.getValues();
    std::vector<APInt> all = DenseElementsAttr(sparseIndices).getIntValues();
    size_t rank = indices.size();
    int64_t numValues = values.getNumElements();
    for (int64_t n = 0; rank && size_t(n + 1) * rank <= all.size(); ++n) {
      bool match = true;
      for (size_t d = 0; d < rank && match; ++d)
        match = all[n * rank + d].getZExtValue() == indices[d];
      if (match)
        return values.getValue(values.isSplat() || n >= numValues ? 0 : n);
    }
    if (rank == 0 && numValues)
      return values.getValue(0);
    return zeroOf(type.getElementType());
  }
  return {};
}

OpFoldResult foldExtract(Operation *op, ArrayRef<Attribute> operands) {
  if (Attribute tensor = operands[0]) {
    if (auto dense = dyn_cast<DenseElementsAttr>(tensor))
      if (dense.isSplat())
        return dense.getSplatValueAttr();
  }
  std::vector<uint64_t> indices;
  for (Attribute index : operands.drop_front()) {
    auto i = dyn_cast_or_null<IntegerAttr>(index);
    if (!i)
      return {};
    indices.push_back(uint64_t(i.getInt()));
  }
  Value tensor = op->getOperand(0);
  if (Operation *fromElements = tensor.getDefiningOp(); fromElements && isa<FromElementsOp>(fromElements)) {
    auto type = cast<RankedTensorType>(fromElements->getResult(0).getType());
    int64_t rank = type.getRank();
    if (int64_t(indices.size()) != rank)
      return {};
    int flatIndex = 0, stride = 1;
    for (int64_t i = rank - 1; i >= 0; --i) {
      flatIndex += int(indices[i]) * stride;
      stride *= int(type.getShape()[i]);
    }
    if (int(fromElements->getNumOperands()) <= flatIndex || flatIndex < 0)
      return {};
    return fromElements->getOperand(flatIndex);
  }
  if (Attribute tensorAttr = operands[0])
    if (isa<DenseElementsAttr, SparseElementsAttr>(tensorAttr))
      if (Attribute value = elementAt(tensorAttr, indices))
        return value;
  // extract(insert(v, t, i), i) -> v.
  if (Operation *insert = tensor.getDefiningOp(); insert && isa<InsertOp>(insert)) {
    OperandRange insertIndices = ods::getODSOperands(insert, 2);
    OperandRange extractIndices = ods::getODSOperands(op, 1);
    bool same = insertIndices.size() == extractIndices.size();
    for (size_t i = 0; same && i < insertIndices.size(); ++i)
      same = insertIndices[i] == extractIndices[i];
    if (same)
      return insert->getOperand(0);
  }
  return {};
}

OpFoldResult foldInsert(Operation *op, ArrayRef<Attribute> operands) {
  Attribute scalar = operands[0];
  if (auto dest = dyn_cast_or_null<DenseElementsAttr>(operands[1]))
    if (scalar && dest.isSplat() && dest.getSplatValueAttr() == scalar)
      return dest;
  // insert(extract(t, i), t, i) -> t.
  if (Operation *extract = op->getOperand(0).getDefiningOp(); extract && isa<ExtractOp>(extract)) {
    OperandRange extractIndices = ods::getODSOperands(extract, 1);
    OperandRange insertIndices = ods::getODSOperands(op, 2);
    bool same = extract->getOperand(0) == op->getOperand(1) && insertIndices.size() == extractIndices.size();
    for (size_t i = 0; same && i < insertIndices.size(); ++i)
      same = insertIndices[i] == extractIndices[i];
    if (same)
      return op->getOperand(1);
  }
  return {};
}

OpFoldResult foldFromElements(Operation *op, ArrayRef<Attribute> operands) {
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type)
    return {};
  bool complex = isa<ComplexType>(type.getElementType());
  for (Attribute element : operands)
    if (!element || !(complex ? isa<ArrayAttr>(element) : isa<IntegerAttr, FloatAttr>(element)))
      return {};
  return DenseElementsAttr::get(type, operands);
}

OpFoldResult foldSplat(Operation *op, ArrayRef<Attribute> operands) {
  Attribute value = operands.empty() ? Attribute() : operands[0];
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!value || !isa<IntegerAttr, FloatAttr>(value) || !type || !type.hasStaticShape())
    return {};
  return DenseElementsAttr::get(type, ArrayRef<Attribute>(&value, 1));
}

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

/// foldReshapeOp (ReshapeOpsUtils.h): identity reshapes, constants, and a
/// reshape undoing its producer.
template <bool Expand> OpFoldResult foldReshape(Operation *op, ArrayRef<Attribute> operands) {
  Value src = op->getOperand(0);
  Type resultType = op->getResult(0).getType();
  if (src.getType() == resultType)
    return src;
  if (auto elements = dyn_cast_or_null<DenseElementsAttr>(operands[0]))
    if (auto shaped = dyn_cast<RankedTensorType>(resultType); shaped && shaped.hasStaticShape())
      return elements.reshape(shaped);
  Operation *producer = src.getDefiningOp();
  if (!producer || !(Expand ? isa<CollapseShapeOp>(producer) : isa<ExpandShapeOp>(producer)))
    return {};
  Value producerSrc = producer->getOperand(0);
  if (producerSrc.getType() != resultType)
    return {};
  auto type = cast<RankedTensorType>(resultType);
  int64_t numDynamic = 0;
  for (int64_t d : type.getShape())
    numDynamic += ShapedType::isDynamic(d);
  if (numDynamic < 2)
    return producerSrc;
  // Inverse reshapes with the same groups: a collapse undoes any expansion,
  // an expansion undoes a collapse if no group has two dynamic sizes.
  memref::utils::Reassociation groups = memref::utils::getReassociationIndices(op);
  if (groups != memref::utils::getReassociationIndices(producer))
    return {};
  if (Expand) {
    for (const std::vector<int64_t> &group : groups) {
      int64_t dynamicInGroup = 0;
      for (int64_t d : group)
        dynamicInGroup += d >= 0 && d < type.getRank() && type.isDynamicDim(d);
      if (dynamicInGroup > 1)
        return {};
    }
  }
  return producerSrc;
}

OpFoldResult foldReshapeOp(Operation *op, ArrayRef<Attribute> operands) {
  Type resultType = op->getResult(0).getType();
  if (Attribute splat = reshapeSplat(operands[0], resultType))
    return splat;
  Value source = op->getOperand(0);
  // reshape(reshape(x)) -> reshape(x).
  if (Operation *producer = source.getDefiningOp(); producer && isa<ReshapeOp>(producer)) {
    op->setOperand(0, producer->getOperand(0));
    return op->getResult(0);
  }
  auto sourceType = dyn_cast<RankedTensorType>(source.getType());
  auto type = dyn_cast<RankedTensorType>(resultType);
  if (!sourceType || !type || sourceType != type)
    return {};
  if (sourceType.getRank() <= 1)
    return source;
  Operation *fromElements = op->getOperand(1).getDefiningOp();
  if (!fromElements || !isa<FromElementsOp>(fromElements))
    return {};
  bool dynamicNoop = sourceType.getRank() == int64_t(fromElements->getNumOperands());
  for (unsigned id = 0, e = fromElements->getNumOperands(); id < e && dynamicNoop; ++id) {
    Value element = fromElements->getOperand(id);
    if (std::optional<int64_t> cst = constantIndexOf(element)) {
      dynamicNoop &= *cst == sourceType.getShape()[id];
      continue;
    }
    if (Operation *dim = element.getDefiningOp(); dim && isa<DimOp>(dim)) {
      dynamicNoop &= dim->getOperand(0) == source;
      std::optional<int64_t> cst = constantIndexOf(dim->getOperand(1));
      dynamicNoop &= cst.has_value() && *cst == int64_t(id);
      continue;
    }
    dynamicNoop = false;
  }
  return dynamicNoop ? OpFoldResult(source) : OpFoldResult();
}

//===----------------------------------------------------------------------===//
// Slices
//===----------------------------------------------------------------------===//

/// foldIdentityOffsetSizeAndStrideOpInterface: zero offsets, unit strides
/// and sizes equal to `shape`.
bool isIdentitySlice(const SliceParts &parts, ArrayRef<int64_t> shape) {
  if (parts.sizes.size() != shape.size())
    return false;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (memref::utils::getConstantIntValue(parts.offsets[i]) != 0 ||
        memref::utils::getConstantIntValue(parts.strides[i]) != 1)
      return false;
    std::optional<int64_t> size = memref::utils::getConstantIntValue(parts.sizes[i]);
    if (!size || *size != shape[i])
      return false;
  }
  return true;
}

OpFoldResult foldExtractSlice(Operation *op, ArrayRef<Attribute> operands) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  if (auto splat = dyn_cast_or_null<DenseElementsAttr>(operands[0]); splat && splat.isSplat())
    if (Attribute reshaped = reshapeSplat(splat, type))
      return reshaped;
  Value source = op->getOperand(0);
  if (source.getType() == type && isIdentitySlice(getSliceParts(op), type.getShape()))
    return source;
  // extract_slice(insert_slice(x)) at the same place -> x.
  if (Operation *insert = source.getDefiningOp(); insert && isa<InsertSliceOp>(insert))
    if (insert->getOperand(0).getType() == type && sameSliceParts(insert, op))
      return insert->getOperand(0);
  return {};
}

OpFoldResult foldInsertSlice(Operation *op, ArrayRef<Attribute>) {
  auto sourceType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  SliceParts parts = getSliceParts(op);
  if (sourceType.hasStaticShape() && type.hasStaticShape() && sourceType == type &&
      isIdentitySlice(parts, type.getShape()))
    return op->getOperand(0);
  // insert_slice(x, insert_slice(y, d)) at the same place -> insert_slice(x, d).
  if (Operation *prev = op->getOperand(1).getDefiningOp(); prev && isa<InsertSliceOp>(prev))
    if (prev->getOperand(0).getType() == sourceType && sameSliceParts(prev, op)) {
      op->setOperand(1, prev->getOperand(1));
      return op->getResult(0);
    }
  // insert_slice(extract_slice(d), d) at the same place -> d.
  if (Operation *extract = op->getOperand(0).getDefiningOp(); extract && isa<ExtractSliceOp>(extract))
    if (extract->getOperand(0) == op->getOperand(1) && sameSliceParts(extract, op) &&
        extract->getResult(0).getType() == sourceType)
      return op->getOperand(1);
  for (const OpFoldResult &size : parts.sizes)
    if (memref::utils::getConstantIntValue(size) == 0)
      return op->getOperand(1);
  return {};
}

/// A pad of a static type equal to its source's (and not nofold) -> source.
OpFoldResult foldPad(Operation *op, ArrayRef<Attribute>) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  if (type.hasStaticShape() && type == op->getOperand(0).getType() && !ods::getInherentAttr(op, "nofold"))
    return op->getOperand(0);
  return {};
}

/// concat of one input of the result type -> the input.
OpFoldResult foldConcat(Operation *op, ArrayRef<Attribute>) {
  if (op->getNumOperands() == 1 && op->getOperand(0).getType() == op->getResult(0).getType())
    return op->getOperand(0);
  return {};
}

OpFoldResult foldGather(Operation *op, ArrayRef<Attribute> operands) {
  return reshapeSplat(operands[0], op->getResult(0).getType());
}

} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void tensor::registerTensorFolders(TensorDialect &dialect) {
  using ods::attachFolder;
  attachFolder(dialect, DimOp::getOperationName(), foldDim);
  attachFolder(dialect, RankOp::getOperationName(), foldRank);
  attachFolder(dialect, ExtractOp::getOperationName(), foldExtract);
  attachFolder(dialect, InsertOp::getOperationName(), foldInsert);
  attachFolder(dialect, FromElementsOp::getOperationName(), foldFromElements);
  attachFolder(dialect, SplatOp::getOperationName(), foldSplat);
  attachFolder(dialect, ExpandShapeOp::getOperationName(), foldReshape<true>);
  attachFolder(dialect, CollapseShapeOp::getOperationName(), foldReshape<false>);
  attachFolder(dialect, ReshapeOp::getOperationName(), foldReshapeOp);
  attachFolder(dialect, ExtractSliceOp::getOperationName(), foldExtractSlice);
  attachFolder(dialect, InsertSliceOp::getOperationName(), foldInsertSlice);
  attachFolder(dialect, GatherOp::getOperationName(), foldGather);
  attachFolder(dialect, ConcatOp::getOperationName(), foldConcat);
  attachFolder(dialect, PadOp::getOperationName(), foldPad);
}

Operation *TensorDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  if (Dialect *arith = getContext()->getOrLoadDialect<ArithDialect>())
    if (Operation *op = arith->materializeConstant(builder, value, type, loc))
      return op;
  // complex::ConstantOp::isBuildableWith: a pair of numbers for a complex type.
  auto pair = dyn_cast<ArrayAttr>(value);
  auto complexType = dyn_cast<ComplexType>(type);
  if (!pair || !complexType || pair.size() != 2)
    return nullptr;
  OperationState state(loc, "complex.constant");
  state.addAttribute("value", pair);
  state.addType(type);
  return builder.create(state);
}
