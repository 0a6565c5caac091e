//===- SparseTensorOps.cpp - The sparse_tensor ops' hand-written hooks ----===//
//
// What MLIR writes by hand in SparseTensorDialect.cpp: the ops' verifiers
// (with its messages), the result types of the buffer ops and of
// extract_iteration_space, the custom syntax of sparse_tensor.iterate and
// sparse_tensor.coiterate and their loop and region-branch methods.
//
#include "lamina/Dialect/SparseTensor/SparseTensorDialect.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/IR/OpTraitVerifiers.h"

#include <bit>

using namespace lamina;
using namespace lamina::sparse_tensor;

//===----------------------------------------------------------------------===//
// Helpers: a ranked tensor seen as a sparse tensor type (MLIR's
// SparseTensorType: a tensor without encoding has all-dense identity levels)
//===----------------------------------------------------------------------===//

namespace {
struct SparseType {
  explicit SparseType(Type type) : rtp(cast<RankedTensorType>(type)), enc(getSparseTensorEncoding(type)) {}
  RankedTensorType rtp;
  SparseTensorEncodingAttr enc;

  uint64_t getDimRank() const { return uint64_t(rtp.getRank()); }
  uint64_t getLvlRank() const { return enc ? enc.getLvlRank() : getDimRank(); }
  Type getElementType() const { return rtp.getElementType(); }
  ArrayRef<int64_t> getDimShape() const { return rtp.getShape(); }
  bool hasStaticDimShape() const { return rtp.hasStaticShape(); }
  unsigned getPosWidth() const { return enc ? enc.getPosWidth() : 0; }
  unsigned getCrdWidth() const { return enc ? enc.getCrdWidth() : 0; }
  Type getPosType() const { return enc ? enc.getPosElemType() : IndexType::get(rtp.getContext()); }
  Type getCrdType() const { return enc ? enc.getCrdElemType() : IndexType::get(rtp.getContext()); }
  LevelType getLvlType(uint64_t l) const { return enc ? enc.getLvlType(l) : LevelType(LevelFormat::Dense); }
  uint64_t getAoSCOOStart() const { return enc ? enc.getAoSCOOStart() : getLvlRank(); }
  bool isIdentity() const { return !enc || enc.isIdentity(); }
  AffineMap getDimToLvl() const { return enc ? enc.getDimToLvl() : AffineMap(); }
  bool hasSameDimToLvl(const SparseType &other) const {
    return (isIdentity() && other.isIdentity()) || getDimToLvl() == other.getDimToLvl();
  }
  std::vector<int64_t> getLvlShape() const {
    return enc ? enc.translateShapeToLvl(getDimShape()) : std::vector<int64_t>(getDimShape().begin(), getDimShape().end());
  }
  bool isCOOType() const {
    if (!enc)
      return false;
    uint64_t lvlRank = getLvlRank();
    if (!getLvlType(0).isa(LevelFormat::Compressed) && !getLvlType(0).isa(LevelFormat::LooseCompressed))
      return false;
    for (uint64_t l = 1; l < lvlRank; ++l)
      if (!getLvlType(l).isa(LevelFormat::Singleton))
        return false;
    return getLvlType(lvlRank - 1).isUnique();
  }
};

/// The fields of a sparse tensor's storage, in order (MLIR's
/// StorageLayout::foreachField without the trailing storage specifier).
enum class FieldKind { Pos, Crd, Val };

std::vector<FieldKind> dataFields(SparseTensorEncodingAttr enc) {
  std::vector<FieldKind> fields;
  ArrayRef<uint64_t> lts = enc.getLvlTypes();
  uint64_t lvlRank = lts.size();
  // The COO segments: a (loose) compressed level and the singletons after it.
  struct Segment {
    uint64_t start, end;
    bool soa;
  };
  std::vector<Segment> segments;
  if (lvlRank > 1) {
    for (uint64_t l = 0; l < lvlRank;) {
      LevelType lt(lts[l]);
      if (lt.isa(LevelFormat::Compressed) || lt.isa(LevelFormat::LooseCompressed)) {
        uint64_t end = l + 1;
        while (end < lvlRank && LevelType(lts[end]).isa(LevelFormat::Singleton))
          ++end;
        if (end - l > 1)
          segments.push_back({l, end, LevelType(lts[l + 1]).isa(LevelPropNonDefault::SoA)});
        l = end;
      } else {
        ++l;
      }
    }
  }
  size_t seg = 0;
  for (uint64_t l = 0; l < lvlRank;) {
    LevelType lt(lts[l]);
    if (lt.isa(LevelFormat::Compressed) || lt.isa(LevelFormat::LooseCompressed))
      fields.push_back(FieldKind::Pos);
    if (lt.isa(LevelFormat::Compressed) || lt.isa(LevelFormat::LooseCompressed) || lt.isa(LevelFormat::Singleton) ||
        lt.isa(LevelFormat::NOutOfM))
      fields.push_back(FieldKind::Crd);
    if (seg < segments.size() && segments[seg].start == l) {
      l = segments[seg].soa ? l + 1 : segments[seg].end;
      ++seg;
    } else {
      ++l;
    }
  }
  fields.push_back(FieldKind::Val);
  return fields;
}

/// The element type of a memref or tensor.
Type elementTypeOf(Type t) { return cast<ShapedType>(t).getElementType(); }

uint64_t intAttrValue(Attribute a) {
  auto i = dyn_cast_or_null<IntegerAttr>(a);
  return i ? i.getValue().getZExtValue() : 0;
}

std::optional<int64_t> constantIntValue(Value v) {
  APInt value;
  if (!v || !matchConstantInt(v, &value))
    return std::nullopt;
  return value.getSExtValue();
}

std::string formatInt(uint64_t v) { return std::to_string(v); }
} // namespace

//===----------------------------------------------------------------------===//
// assemble / disassemble
//===----------------------------------------------------------------------===//

static LogicalResult verifyPackUnPack(Operation *op, bool requiresStaticShape, SparseType stt, Type valTp,
                                      TypeRange lvlTps) {
  if (requiresStaticShape && !stt.hasStaticDimShape())
    return op->emitError("the sparse-tensor must have static shape");
  if (!stt.enc)
    return op->emitError("the sparse-tensor must have an encoding attribute");
  uint64_t cooStart = stt.getAoSCOOStart();
  if (cooStart < stt.getLvlRank()) {
    auto cooTp = lvlTps.empty() ? ShapedType() : dyn_cast<ShapedType>(lvlTps[lvlTps.size() - 1]);
    uint64_t expCOORank = stt.getLvlRank() - cooStart;
    if (!cooTp || !cooTp.hasRank() || cooTp.getRank() != 2 || int64_t(expCOORank) != cooTp.getShape().back())
      return op->emitError("input/output trailing COO level-ranks don't match");
  }
  std::vector<FieldKind> fields = dataFields(stt.enc);
  if (fields.size() != lvlTps.size() + 1)
    return op->emitError("inconsistent number of fields between input/output");
  size_t idx = 0;
  for (FieldKind kind : fields) {
    Type input = kind == FieldKind::Val ? valTp : lvlTps[idx++];
    Type expected = kind == FieldKind::Pos   ? stt.getPosType()
                    : kind == FieldKind::Crd ? stt.getCrdType()
                                             : stt.getElementType();
    if (elementTypeOf(input) != expected)
      return op->emitError("input/output element-types don't match");
  }
  return success();
}

LogicalResult AssembleOp::verify() {
  return verifyPackUnPack(getOperation(), true, SparseType(getResult().getType()), getValues().getType(),
                          getLevels().getTypes());
}

LogicalResult DisassembleOp::verify() {
  if (getOutValues().getType() != getRetValues().getType())
    return emitError("output values and return value type mismatch");
  OperandRange outLevels = getOutLevels();
  ResultRange retLevels = getRetLevels();
  for (size_t i = 0; i < outLevels.size() && i < retLevels.size(); ++i)
    if (outLevels[i].getType() != retLevels[i].getType())
      return emitError("output levels and return levels type mismatch");
  return verifyPackUnPack(getOperation(), false, SparseType(getTensor().getType()), getRetValues().getType(),
                          retLevels.getTypes());
}

//===----------------------------------------------------------------------===//
// convert, crd_translate, lvl, reinterpret_map
//===----------------------------------------------------------------------===//

LogicalResult ConvertOp::verify() {
  auto tp1 = cast<RankedTensorType>(getSource().getType());
  auto tp2 = cast<RankedTensorType>(getDest().getType());
  if (tp1.getRank() != tp2.getRank())
    return emitError("unexpected conversion mismatch in rank");
  auto dstEnc = dyn_cast_or_null<SparseTensorEncodingAttr>(tp2.getEncoding());
  if (dstEnc && dstEnc.isSlice())
    return emitError("cannot convert to a sparse tensor slice");
  ArrayRef<int64_t> shape1 = tp1.getShape(), shape2 = tp2.getShape();
  for (size_t d = 0; d < shape1.size(); d++)
    if (shape1[d] != shape2[d] && shape2[d] != ShapedType::kDynamic)
      return emitError("unexpected conversion mismatch in dimension ") << d;
  return success();
}

LogicalResult CrdTranslateOp::verify() {
  auto encoder = cast<SparseTensorEncodingAttr>(getEncoderAttr());
  uint64_t inRank = encoder.getLvlRank();
  uint64_t outRank = encoder.getDimRank();
  auto dir = dyn_cast_or_null<CrdTransDirectionKindAttr>(getDirectionAttr());
  if (dir && dir.getValue() == CrdTransDirectionKind::dim2lvl)
    std::swap(inRank, outRank);
  if (inRank != getInCrds().size() || outRank != getOutCrds().size())
    return emitError("Coordinate rank mismatch with encoding");
  return success();
}

LogicalResult LvlOp::verify() {
  if (std::optional<int64_t> lvl = constantIntValue(getIndex())) {
    SparseType stt(getSource().getType());
    if (uint64_t(*lvl) >= stt.getLvlRank())
      return emitError("Level index exceeds the rank of the input sparse tensor");
  }
  return success();
}

Speculation::Speculatability LvlOp::getSpeculatability() {
  return constantIntValue(getIndex()) ? Speculation::Speculatable : Speculation::NotSpeculatable;
}

LogicalResult ReinterpretMapOp::verify() {
  SparseType src(getSource().getType()), dst(getDest().getType());
  if (src.getLvlRank() != dst.getLvlRank())
    return emitError("Level rank mismatch between source/dest tensors");
  for (uint64_t l = 0; l < src.getLvlRank(); ++l)
    if (uint64_t(src.getLvlType(l)) != uint64_t(dst.getLvlType(l)))
      return emitError("Level type mismatch between source/dest tensors");
  if (src.getPosWidth() != dst.getPosWidth() || src.getCrdWidth() != dst.getCrdWidth())
    return emitError("Crd/Pos width mismatch between source/dest tensors");
  if (src.getElementType() != dst.getElementType())
    return emitError("Element type mismatch between source/dest tensors");
  std::vector<int64_t> srcShape = src.getLvlShape(), dstShape = dst.getLvlShape();
  for (size_t i = 0; i < srcShape.size() && i < dstShape.size(); ++i)
    if (srcShape[i] != dstShape[i])
      return emitError("Level size mismatch between source/dest tensors");
  return success();
}

//===----------------------------------------------------------------------===//
// The buffer ops (positions, coordinates, values)
//===----------------------------------------------------------------------===//

namespace {
enum class BufferKind { Positions, Coordinates, CoordinatesBuffer, Values };
} // namespace

static LogicalResult inferSparseBufferType(const ods::InferContext &context, BufferKind kind,
                                           SmallVectorImpl<Type> &inferred) {
  if (context.operands.empty() || !isa<RankedTensorType>(context.operands[0].getType()))
    return failure();
  SparseType stt(context.operands[0].getType());
  Type elemTp;
  bool withStride = false;
  switch (kind) {
  case BufferKind::Positions:
    elemTp = stt.getPosType();
    break;
  case BufferKind::Coordinates:
    elemTp = stt.getCrdType();
    withStride = stt.getAoSCOOStart() <= intAttrValue(context.getAttr("level"));
    break;
  case BufferKind::CoordinatesBuffer:
    elemTp = stt.getCrdType();
    break;
  case BufferKind::Values:
    elemTp = stt.getElementType();
    break;
  }
  std::vector<int64_t> lvlShape = stt.getLvlShape();
  uint64_t batch = stt.enc ? stt.enc.getBatchLvlRank() : 0;
  std::vector<int64_t> bufShape(lvlShape.begin(), lvlShape.begin() + std::min<uint64_t>(batch, lvlShape.size()));
  bufShape.push_back(ShapedType::kDynamic);
  MLIRContext *ctx = context.context;
  Attribute layout;
  if (withStride)
    layout = StridedLayoutAttr::get(ctx, ShapedType::kDynamic, {ShapedType::kDynamic});
  inferred.push_back(MemRefType::get(bufShape, elemTp, layout));
  return success();
}

static LogicalResult isMatchingWidth(Value mem, unsigned width) {
  Type etp = elementTypeOf(mem.getType());
  return success(width == 0 ? etp.isIndex() : etp.isInteger(width));
}

LogicalResult ToPositionsOp::verify() {
  SparseType stt(getTensor().getType());
  if (intAttrValue(getLevelAttr()) >= stt.getLvlRank())
    return emitError("requested level is out of bounds");
  if (failed(isMatchingWidth(getResult(), stt.getPosWidth())))
    return emitError("unexpected type for positions");
  return success();
}

LogicalResult ToPositionsOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  return inferSparseBufferType(context, BufferKind::Positions, inferred);
}

LogicalResult ToCoordinatesOp::verify() {
  SparseType stt(getTensor().getType());
  if (intAttrValue(getLevelAttr()) >= stt.getLvlRank())
    return emitError("requested level is out of bounds");
  if (failed(isMatchingWidth(getResult(), stt.getCrdWidth())))
    return emitError("unexpected type for coordinates");
  return success();
}

LogicalResult ToCoordinatesOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  return inferSparseBufferType(context, BufferKind::Coordinates, inferred);
}

LogicalResult ToCoordinatesBufferOp::verify() {
  SparseType stt(getTensor().getType());
  if (stt.getAoSCOOStart() >= stt.getLvlRank())
    return emitError("expected sparse tensor with a COO region");
  return success();
}

LogicalResult ToCoordinatesBufferOp::inferReturnTypes(const ods::InferContext &context,
                                                      SmallVectorImpl<Type> &inferred) {
  return inferSparseBufferType(context, BufferKind::CoordinatesBuffer, inferred);
}

LogicalResult ToValuesOp::verify() {
  SparseType stt(getTensor().getType());
  if (stt.getElementType() != elementTypeOf(getResult().getType()))
    return emitError("unexpected mismatch in element types");
  return success();
}

LogicalResult ToValuesOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  return inferSparseBufferType(context, BufferKind::Values, inferred);
}

static LogicalResult verifySliceDim(Operation *op, Value slice, Attribute dimAttr) {
  int64_t rank = cast<RankedTensorType>(slice.getType()).getRank();
  auto dim = dyn_cast_or_null<IntegerAttr>(dimAttr);
  int64_t d = dim ? dim.getValue().getSExtValue() : 0;
  if (rank <= d || d < 0)
    return op->emitError("requested dimension out of bound");
  return success();
}

LogicalResult ToSliceOffsetOp::verify() { return verifySliceDim(getOperation(), getSlice(), getDimAttr()); }
LogicalResult ToSliceStrideOp::verify() { return verifySliceDim(getOperation(), getSlice(), getDimAttr()); }

//===----------------------------------------------------------------------===//
// Storage specifiers
//===----------------------------------------------------------------------===//

static LogicalResult verifySpecifierGetterSetter(Operation *op, Attribute kindAttr, Attribute levelAttr,
                                                 Value specifier) {
  auto kind = cast<StorageSpecifierKindAttr>(kindAttr).getValue();
  if (kind == StorageSpecifierKind::ValMemSize && levelAttr)
    return op->emitError("redundant level argument for querying value memory size");
  SparseTensorEncodingAttr enc = cast<StorageSpecifierType>(specifier.getType()).getEncoding();
  if ((kind == StorageSpecifierKind::DimOffset || kind == StorageSpecifierKind::DimStride) && !enc.isSlice())
    return op->emitError("requested slice data on non-slice tensor");
  if (kind != StorageSpecifierKind::ValMemSize) {
    if (!levelAttr)
      return op->emitError("missing level argument");
    uint64_t l = intAttrValue(levelAttr);
    if (l >= enc.getLvlRank())
      return op->emitError("requested level is out of bounds");
    if (kind == StorageSpecifierKind::PosMemSize && enc.getLvlType(l).isa(LevelFormat::Singleton))
      return op->emitError("requested position memory size on a singleton level");
  }
  return success();
}

LogicalResult GetStorageSpecifierOp::verify() {
  return verifySpecifierGetterSetter(getOperation(), getSpecifierKindAttr(), getLevelAttr(), getSpecifier());
}

LogicalResult SetStorageSpecifierOp::verify() {
  return verifySpecifierGetterSetter(getOperation(), getSpecifierKindAttr(), getLevelAttr(), getSpecifier());
}

//===----------------------------------------------------------------------===//
// The semiring ops (binary, unary, reduce, select)
//===----------------------------------------------------------------------===//

/// "<name> region must have exactly N arguments", ... (MLIR's
/// verifyNumBlockArgs).
static LogicalResult verifyNumBlockArgs(Operation *op, Region &region, const char *regionName, TypeRange inputTypes,
                                        Type outputType) {
  Block &block = region.front();
  unsigned numArgs = block.getNumArguments();
  if (numArgs != inputTypes.size())
    return op->emitError() << regionName << " region must have exactly " << inputTypes.size() << " arguments";
  for (unsigned i = 0; i < numArgs; i++)
    if (block.getArgument(i).getType() != inputTypes[i])
      return op->emitError() << regionName << " region argument " << (i + 1) << " type mismatch";
  if (!block.mightHaveTerminator())
    return op->emitError() << regionName << " region must end with a terminator";
  Operation *term = block.getTerminator();
  if (!isa<YieldOp>(term))
    return op->emitError() << regionName << " region must end with sparse_tensor.yield";
  if (term->getNumOperands() != 1 || term->getOperand(0).getType() != outputType)
    return op->emitError() << regionName << " region yield type mismatch";
  return success();
}

LogicalResult BinaryOp::verify() {
  Type leftType = getX().getType(), rightType = getY().getType(), outputType = getOutput().getType();
  Operation *op = getOperation();
  Region &overlap = getOverlapRegion(), &left = getLeftRegion(), &right = getRightRegion();
  if (!overlap.empty() && failed(verifyNumBlockArgs(op, overlap, "overlap", ArrayRef<Type>({leftType, rightType}), outputType)))
    return failure();
  if (!left.empty()) {
    if (failed(verifyNumBlockArgs(op, left, "left", ArrayRef<Type>(leftType), outputType)))
      return failure();
  } else if (getLeftIdentity() && leftType != outputType) {
    return emitError("left=identity requires first argument to have the same type as the output");
  }
  if (!right.empty()) {
    if (failed(verifyNumBlockArgs(op, right, "right", ArrayRef<Type>(rightType), outputType)))
      return failure();
  } else if (getRightIdentity() && rightType != outputType) {
    return emitError("right=identity requires second argument to have the same type as the output");
  }
  return success();
}

LogicalResult UnaryOp::verify() {
  Type inputType = getX().getType(), outputType = getOutput().getType();
  Operation *op = getOperation();
  Region &present = getPresentRegion();
  if (!present.empty() && failed(verifyNumBlockArgs(op, present, "present", ArrayRef<Type>(inputType), outputType)))
    return failure();
  Region &absent = getAbsentRegion();
  if (!absent.empty()) {
    if (failed(verifyNumBlockArgs(op, absent, "absent", TypeRange(), outputType)))
      return failure();
    // The absent branch yields only invariant values.
    Block *absentBlock = &absent.front();
    Block *parent = op->getBlock();
    Value absentVal = absentBlock->getTerminator()->getOperand(0);
    if (auto arg = dyn_cast<BlockArgument>(absentVal)) {
      if (arg.getOwner() == parent)
        return emitError("absent region cannot yield linalg argument");
    } else if (Operation *def = absentVal.getDefiningOp()) {
      if (def->getName().getStringRef() != "arith.constant" &&
          (def->getBlock() == absentBlock || def->getBlock() == parent))
        return emitError("absent region cannot yield locally computed value");
    }
  }
  return success();
}

LogicalResult ReduceOp::verify() {
  Type inputType = getX().getType();
  return verifyNumBlockArgs(getOperation(), getRegion(), "reduce", ArrayRef<Type>({inputType, inputType}), inputType);
}

LogicalResult SelectOp::verify() {
  Type inputType = getX().getType();
  return verifyNumBlockArgs(getOperation(), getRegion(), "select", ArrayRef<Type>(inputType),
                            IntegerType::get(getOperation()->getContext(), 1));
}

//===----------------------------------------------------------------------===//
// concatenate, push_back, compress, foreach, reorder_coo, sort
//===----------------------------------------------------------------------===//

LogicalResult ConcatenateOp::verify() {
  SparseType dstTp(getResult().getType());
  uint64_t concatDim = intAttrValue(getDimensionAttr());
  uint64_t dimRank = dstTp.getDimRank();
  OperandRange inputs = getInputs();
  if (inputs.size() <= 1)
    return emitError("Need at least two tensors to concatenate.");
  if (concatDim >= dimRank)
    return emitError("Concat-dimension is out of bounds for dimension-rank (" + formatInt(concatDim) +
                     " >= " + formatInt(dimRank) + ")");
  for (size_t i = 0; i < inputs.size(); ++i) {
    SparseType srcTp(inputs[i].getType());
    if (!srcTp.hasStaticDimShape())
      return emitError("Input tensor $" + formatInt(i) + " has dynamic shape");
    if (srcTp.getDimRank() != dimRank)
      return emitError("Input tensor $" + formatInt(i) + " has a different rank (rank=" +
                       formatInt(srcTp.getDimRank()) + ") from the output tensor (rank=" + formatInt(dimRank) + ").");
  }
  for (uint64_t d = 0; d < dimRank; d++) {
    int64_t dstSh = dstTp.getDimShape()[d];
    if (d == concatDim) {
      if (!ShapedType::isDynamic(dstSh)) {
        int64_t sum = 0;
        for (Value src : inputs)
          sum += cast<RankedTensorType>(src.getType()).getShape()[d];
        if (sum != dstSh)
          return emitError("The concatenation dimension of the output tensor should be the sum of all the "
                           "concatenation dimensions of the input tensors.");
      }
    } else {
      int64_t prev = dstSh;
      for (Value src : inputs) {
        int64_t sh = cast<RankedTensorType>(src.getType()).getShape()[d];
        if (!ShapedType::isDynamic(prev) && sh != prev)
          return emitError("All dimensions (expect for the concatenating one) should be equal.");
        prev = sh;
      }
    }
  }
  return success();
}

LogicalResult PushBackOp::verify() {
  if (Value n = getN())
    if (std::optional<int64_t> v = constantIntValue(n); v && *v < 1)
      return emitOpError("n must be not less than 1");
  return success();
}

LogicalResult CompressOp::verify() {
  SparseType stt(getTensor().getType());
  if (stt.getLvlRank() != 1 + getLvlCoords().size())
    return emitOpError("incorrect number of coordinates");
  return success();
}

LogicalResult ForeachOp::verify() {
  SparseType t(getTensor().getType());
  uint64_t dimRank = t.getDimRank();
  Block &body = getRegion().front();
  ValueRange args = body.getArguments();
  if (auto order = dyn_cast_or_null<AffineMapAttr>(getOrderAttr()))
    if (order.getValue().getNumDims() != t.getLvlRank())
      return emitError("Level traverse order does not match tensor's level rank");
  OperandRange initArgs = getInitArgs();
  if (dimRank + 1 + initArgs.size() != args.size())
    return emitError("Unmatched number of arguments in the block");
  Operation *op = getOperation();
  if (op->getNumResults() != initArgs.size())
    return emitError("Mismatch in number of init arguments and results");
  if (TypeRange(op->getResultTypes()) != TypeRange(initArgs.getTypes()))
    return emitError("Mismatch in types of init arguments and results");
  Operation *yield = body.mightHaveTerminator() ? body.getTerminator() : nullptr;
  if (!yield || yield->getNumOperands() != op->getNumResults() ||
      TypeRange(yield->getOperandTypes()) != TypeRange(op->getResultTypes()))
    return emitError("Mismatch in types of yield values and results");
  for (uint64_t d = 0; d < dimRank; d++)
    if (!args[d].getType().isIndex())
      return emitError("Expecting Index type for argument at index " + formatInt(d));
  Type elemTp = t.getElementType(), valueTp = args[dimRank].getType();
  if (elemTp != valueTp) {
    std::string msg;
    raw_string_ostream os(msg);
    os << "Unmatched element type between input tensor and block argument, expected:" << elemTp
       << ", got: " << valueTp;
    os.flush();
    return emitError(msg);
  }
  return success();
}

LogicalResult ReorderCOOOp::verify() {
  SparseType src(getInputCoo().getType()), dst(getResultCoo().getType());
  if (!src.isCOOType() || !dst.isCOOType())
    return emitError("Expected COO sparse tensors only");
  if (!src.hasSameDimToLvl(dst))
    return emitError("Unmatched dim2lvl map between input and result COO");
  if (src.getPosType() != dst.getPosType() || src.getCrdType() != dst.getCrdType() ||
      src.getElementType() != dst.getElementType())
    return emitError("Unmatched storage format between input and result COO");
  return success();
}

LogicalResult SortOp::verify() {
  AffineMap xPerm = cast<AffineMapAttr>(getPermMapAttr()).getValue();
  uint64_t nx = xPerm.getNumDims();
  if (nx < 1)
    return emitError("Expected rank(perm_map) > 1, got " + formatInt(nx));
  if (!xPerm.isPermutation()) {
    std::string msg;
    raw_string_ostream os(msg);
    os << "Expected a permutation map, got " << xPerm;
    os.flush();
    return emitError(msg);
  }
  std::optional<int64_t> cn = constantIntValue(getN());
  if (!cn)
    return success();
  auto checkDim = [&](Value v, int64_t minSize, const char *message) -> LogicalResult {
    int64_t sh = cast<MemRefType>(v.getType()).getShape()[0];
    if (!ShapedType::isDynamic(sh) && sh < minSize)
      return emitError(std::string(message) + " got " + std::to_string(sh) + " < " + std::to_string(minSize));
    return success();
  };
  uint64_t n = uint64_t(*cn);
  uint64_t ny = intAttrValue(getNyAttr());
  if (failed(checkDim(getXy(), int64_t(n * (nx + ny)), "Expected dimension(xy) >= n * (rank(perm_map) + ny)")))
    return failure();
  for (Value y : getYs())
    if (failed(checkDim(y, int64_t(n), "Expected dimension(y) >= n")))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Iteration: extract_iteration_space, extract_value
//===----------------------------------------------------------------------===//

LogicalResult ExtractIterSpaceOp::inferReturnTypes(const ods::InferContext &context,
                                                   SmallVectorImpl<Type> &inferred) {
  if (context.operands.empty())
    return failure();
  SparseTensorEncodingAttr enc = getSparseTensorEncoding(context.operands[0].getType());
  inferred.push_back(IterSpaceType::get(context.context, enc, intAttrValue(context.getAttr("loLvl")),
                                        intAttrValue(context.getAttr("hiLvl"))));
  return success();
}

LogicalResult ExtractIterSpaceOp::verify() {
  uint64_t lo = intAttrValue(getLoLvlAttr()), hi = intAttrValue(getHiLvlAttr());
  if (lo >= hi)
    return emitOpError("expected smaller level low than level high");
  Value pIter = getParentIter();
  if ((pIter && lo == 0) || (!pIter && lo != 0))
    return emitOpError("parent iterator should be specified iff level lower bound equals 0");
  if (pIter) {
    auto spaceTp = cast<IterSpaceType>(getExtractedSpace().getType());
    auto iterTp = cast<IteratorType>(pIter.getType());
    if (iterTp.getEncoding() != spaceTp.getEncoding())
      return emitOpError("mismatch in parent iterator encoding and iteration space encoding.");
    if (spaceTp.getLoLvl() != iterTp.getHiLvl())
      return emitOpError("parent iterator should be used to extract an iteration space from a consecutive level.");
  }
  return success();
}

LogicalResult ExtractValOp::verify() {
  SparseType stt(getTensor().getType());
  auto itTp = cast<IteratorType>(getIterator().getType());
  if (stt.enc != itTp.getEncoding())
    return emitOpError("mismatch in tensor encoding and iterator encoding.");
  if (stt.getLvlRank() != itTp.getHiLvl())
    return emitOpError("must use last-level iterator to extract values. ");
  return success();
}

//===----------------------------------------------------------------------===//
// Iteration: iterate and coiterate
//===----------------------------------------------------------------------===//

using Argument = OpAsmParser::Argument;
using UnresolvedOperand = OpAsmParser::UnresolvedOperand;

static IteratorType iteratorTypeOf(IterSpaceType space) {
  return IteratorType::get(space.getContext(), space.getEncoding(), space.getLoLvl(), space.getHiLvl());
}

/// `(%a, _, %b)`: the defined values and the set of their positions.
static ParseResult parseOptionalDefinedList(OpAsmParser &parser, uint64_t &definedSet, std::vector<Argument> &args,
                                            unsigned maxCnt, AsmParser::Delimiter delimiter) {
  unsigned cnt = 0;
  ParseResult list = parser.parseCommaSeparatedList(delimiter, [&]() -> ParseResult {
    if (failed(parser.parseOptionalKeyword("_"))) {
      args.emplace_back();
      if (parser.parseArgument(args.back()))
        return failure();
      if (cnt < 64)
        definedSet |= uint64_t(1) << cnt;
    }
    cnt += 1;
    return success();
  });
  if (cnt > maxCnt)
    return parser.emitError(parser.getNameLoc(), "parsed more value than expected.");
  if (failed(list))
    return parser.emitError(parser.getNameLoc(), "expecting SSA value or \"_\" for level coordinates");
  return success();
}

static void printOptionalDefinedList(OpAsmPrinter &p, unsigned size, ValueRange blockArgs, uint64_t definedSet) {
  if (!definedSet)
    return;
  size_t next = 0;
  for (unsigned i = 0; i < size; i++) {
    if (i < 64 && (definedSet >> i) & 1) {
      if (next < blockArgs.size())
        p.printOperand(blockArgs[next++]);
    } else {
      p.getStream() << "_";
    }
    if (i != size - 1)
      p.getStream() << ", ";
  }
}

/// `at(%crd0, _, ...)`: the used coordinates (index arguments) and the
/// `crdUsedLvls` set.
static ParseResult parseUsedCoordList(OpAsmParser &parser, OperationState &state, std::vector<Argument> &coords) {
  uint64_t used = 0;
  if (succeeded(parser.parseOptionalKeyword("at")) &&
      failed(parseOptionalDefinedList(parser, used, coords, ~0u, AsmParser::Delimiter::Paren)))
    return failure();
  Type index = IndexType::get(parser.getContext());
  for (Argument &coord : coords)
    coord.type = index;
  state.addAttribute("crdUsedLvls", IntegerAttr::get(IntegerType::get(parser.getContext(), 64), int64_t(used)));
  return success();
}

/// `iter_args(%a = %init, ...)`: prints nothing without initializers.
static void printInitializationList(OpAsmPrinter &p, ValueRange blockArgs, ValueRange initializers) {
  if (initializers.empty())
    return;
  raw_ostream &os = p.getStream();
  os << " iter_args(";
  for (size_t i = 0; i < initializers.size(); ++i) {
    if (i)
      os << ", ";
    p.printOperand(blockArgs[i]);
    os << " = ";
    p.printOperand(initializers[i]);
  }
  os << ")";
}

ParseResult IterateOp::parse(OpAsmParser &parser, OperationState &result) {
  std::vector<Argument> iterators, blockArgs, coords;
  SmallVector<UnresolvedOperand, 2> spaces, initArgs;
  if (parser.parseArgumentList(iterators) || parser.parseKeyword("in") || parser.parseOperandList(spaces))
    return failure();
  if (iterators.size() != spaces.size())
    return parser.emitError(parser.getNameLoc(), "mismatch in number of sparse iterators and sparse spaces");
  if (failed(parseUsedCoordList(parser, result, coords)))
    return failure();
  size_t numCrds = coords.size();
  bool hasIterArgs = succeeded(parser.parseOptionalKeyword("iter_args"));
  if (hasIterArgs && parser.parseAssignmentList(blockArgs, initArgs))
    return failure();
  blockArgs.insert(blockArgs.end(), coords.begin(), coords.end());
  SmallVector<Type, 2> spaceTypes;
  if (parser.parseColon() || parser.parseTypeList(spaceTypes))
    return failure();
  if (spaceTypes.size() != spaces.size())
    return parser.emitError(parser.getNameLoc(),
                            "mismatch in number of iteration space operands and iteration space types");
  for (size_t i = 0; i < iterators.size(); ++i) {
    auto spaceTp = dyn_cast<IterSpaceType>(spaceTypes[i]);
    if (!spaceTp)
      return parser.emitError(parser.getNameLoc(),
                              "expected sparse_tensor.iter_space type for iteration space operands");
    iterators[i].type = iteratorTypeOf(spaceTp);
  }
  if (hasIterArgs && parser.parseArrowTypeList(result.types))
    return failure();
  for (size_t i = 0; i < spaces.size(); ++i)
    if (parser.resolveOperand(spaces[i], spaceTypes[i], result.operands))
      return failure();
  if (hasIterArgs) {
    size_t numArgs = blockArgs.size() - numCrds;
    if (numArgs != initArgs.size() || numArgs != result.types.size())
      return parser.emitError(parser.getNameLoc(), "mismatch in number of iteration arguments and return values");
    for (size_t i = 0; i < numArgs; ++i) {
      blockArgs[i].type = result.types[i];
      if (parser.resolveOperand(initArgs[i], result.types[i], result.operands))
        return failure();
    }
  }
  if (iterators.size() != 1)
    return parser.emitError(parser.getNameLoc(), "expected only one iterator/iteration space");
  blockArgs.insert(blockArgs.end(), iterators.begin(), iterators.end());
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, blockArgs))
    return failure();
  OpTrait::impl::ensureImplicitTerminator(*body, result.location, "sparse_tensor.yield");
  return parser.parseOptionalAttrDict(result.attributes);
}

/// The number of set bits, and one past the highest (MLIR's I64BitSet
/// count and max).
static unsigned bitCount(uint64_t bits) { return unsigned(std::popcount(bits)); }
static unsigned bitMax(uint64_t bits) { return 64 - unsigned(std::countl_zero(bits)); }

static unsigned spaceDim(Type spaceType) {
  auto t = dyn_cast<IterSpaceType>(spaceType);
  return t ? unsigned(t.getHiLvl() - t.getLoLvl()) : 0;
}

void IterateOp::print(OpAsmPrinter &p) {
  Block &body = getRegion().front();
  unsigned numIterArgs = getInitArgs().size();
  uint64_t used = intAttrValue(getCrdUsedLvlsAttr());
  ValueRange args = body.getArguments();
  raw_ostream &os = p.getStream();
  os << " ";
  p.printOperand(args[args.size() - 1]);
  os << " in ";
  p.printOperand(getIterSpace());
  if (used) {
    os << " at(";
    printOptionalDefinedList(p, spaceDim(getIterSpace().getType()), args.slice(numIterArgs, bitCount(used)), used);
    os << ")";
  }
  printInitializationList(p, args.take_front(numIterArgs), getInitArgs());
  os << " : ";
  p.printType(getIterSpace().getType());
  os << " ";
  if (numIterArgs)
    p.printArrowTypeList(getInitArgs().getTypes());
  os << " ";
  p.printRegion(getRegion(), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/numIterArgs != 0);
}

LogicalResult IterateOp::verify() {
  if (getInitArgs().size() != getOperation()->getNumResults())
    return emitOpError("mismatch in number of loop-carried values and defined values");
  if (bitMax(intAttrValue(getCrdUsedLvlsAttr())) > spaceDim(getIterSpace().getType()))
    return emitOpError("required out-of-bound coordinates");
  return success();
}

/// The region iter_args, the yielded values and results of a loop region
/// checked pairwise (`suffix` names the region of coiterate).
static LogicalResult verifyLoopCarried(Operation *op, OperandRange initArgs, ValueRange iterArgs, ValueRange yieldVals,
                                       const std::string &suffix) {
  ResultRange results = op->getResults();
  if (initArgs.size() != iterArgs.size() || initArgs.size() != yieldVals.size() || initArgs.size() != results.size())
    return op->emitOpError() << "number mismatch between iter args and results" << (suffix.empty() ? "." : suffix);
  for (size_t i = 0; i < results.size(); ++i) {
    Type ret = results[i].getType();
    if (initArgs[i].getType() != ret)
      return op->emitOpError() << "types mismatch between " << i << "th iter operand and defined value" << suffix;
    if (iterArgs[i].getType() != ret)
      return op->emitOpError() << "types mismatch between " << i << "th iter region arg and defined value" << suffix;
    if (yieldVals[i].getType() != ret)
      return op->emitOpError() << "types mismatch between " << i << "th yield value and defined value" << suffix;
  }
  return success();
}

static ValueRange yieldedValues(Region &region) {
  Block &block = region.front();
  if (!block.mightHaveTerminator())
    return ValueRange();
  return block.getTerminator()->getOperands();
}

LogicalResult IterateOp::verifyRegions() {
  Block &body = getRegion().front();
  ValueRange args = body.getArguments();
  auto spaceTp = cast<IterSpaceType>(getIterSpace().getType());
  if (args.empty() || args[args.size() - 1].getType() != Type(iteratorTypeOf(spaceTp)))
    return emitOpError("mismatch in iterator and iteration space type");
  unsigned numIterArgs = getInitArgs().size();
  if (numIterArgs != getOperation()->getNumResults())
    return emitOpError("mismatch in number of basic block args and defined values");
  return verifyLoopCarried(getOperation(), getInitArgs(), args.take_front(std::min<size_t>(numIterArgs, args.size())),
                           yieldedValues(getRegion()), "");
}

SmallVector<Region *, 1> IterateOp::getLoopRegions() { return {&getRegion()}; }

MutableArrayRef<OpOperand> IterateOp::getInitsMutable() { return getOperation()->getOpOperands().drop_front(1); }

ValueRange IterateOp::getRegionIterArgs() {
  return getRegion().front().getArguments().take_front(getInitArgs().size());
}

std::optional<MutableArrayRef<OpOperand>> IterateOp::getYieldedValuesMutable() {
  return getRegion().front().getTerminator()->getOpOperands();
}

std::optional<ResultRange> IterateOp::getLoopResults() { return getOperation()->getResults(); }

OperandRange IterateOp::getEntrySuccessorOperands(RegionSuccessor) { return getInitArgs(); }

void IterateOp::getSuccessorRegions(RegionBranchPoint, SmallVectorImpl<RegionSuccessor> &regions) {
  regions.push_back(RegionSuccessor(&getRegion(), getRegionIterArgs()));
  regions.push_back(RegionSuccessor::parent(getOperation()));
}

ParseResult CoIterateOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<UnresolvedOperand, 2> spaces, initArgs;
  if (parser.parseOperandList(spaces, AsmParser::Delimiter::Paren))
    return failure();
  std::vector<Argument> coords, blockArgs;
  if (failed(parseUsedCoordList(parser, result, coords)))
    return failure();
  size_t numCrds = coords.size();
  bool hasIterArgs = succeeded(parser.parseOptionalKeyword("iter_args"));
  if (hasIterArgs && parser.parseAssignmentList(blockArgs, initArgs))
    return failure();
  blockArgs.insert(blockArgs.end(), coords.begin(), coords.end());
  SmallVector<Type, 2> spaceTypes;
  if (parser.parseColon() || parser.parseLParen() || parser.parseTypeList(spaceTypes) || parser.parseRParen())
    return failure();
  if (spaceTypes.size() != spaces.size())
    return parser.emitError(parser.getNameLoc(),
                            "mismatch in number of iteration space operands and iteration space types");
  if (hasIterArgs && parser.parseArrowTypeList(result.types))
    return failure();
  SmallVector<Value, 2> spaceVals;
  for (size_t i = 0; i < spaces.size(); ++i)
    if (parser.resolveOperand(spaces[i], spaceTypes[i], spaceVals))
      return failure();
  result.operands.append(spaceVals.begin(), spaceVals.end());
  if (hasIterArgs) {
    size_t numArgs = blockArgs.size() - numCrds;
    if (numArgs != initArgs.size() || numArgs != result.types.size())
      return parser.emitError(parser.getNameLoc(), "mismatch in number of iteration arguments and return values");
    for (size_t i = 0; i < numArgs; ++i) {
      blockArgs[i].type = result.types[i];
      if (parser.resolveOperand(initArgs[i], result.types[i], result.operands))
        return failure();
    }
  }
  MLIRContext *ctx = parser.getContext();
  result.addAttribute("operandSegmentSizes",
                      DenseI32ArrayAttr::get(ctx, {int32_t(spaces.size()), int32_t(result.types.size())}));
  SmallVector<Attribute, 4> cases;
  Type i64 = IntegerType::get(ctx, 64);
  while (succeeded(parser.parseOptionalKeyword("case"))) {
    uint64_t defined = 0;
    std::vector<Argument> definedIts;
    if (parseOptionalDefinedList(parser, defined, definedIts, unsigned(spaces.size()), AsmParser::Delimiter::None))
      return failure();
    cases.push_back(IntegerAttr::get(i64, int64_t(defined)));
    size_t next = 0;
    for (unsigned bit = 0; bit < 64 && next < definedIts.size(); ++bit) {
      if (!((defined >> bit) & 1))
        continue;
      auto spaceTp = bit < spaceVals.size() ? dyn_cast<IterSpaceType>(spaceVals[bit].getType()) : IterSpaceType();
      if (!spaceTp)
        return parser.emitError(parser.getNameLoc(),
                                "expected sparse_tensor.iter_space type for iteration space operands");
      definedIts[next++].type = iteratorTypeOf(spaceTp);
    }
    definedIts.insert(definedIts.begin(), blockArgs.begin(), blockArgs.end());
    Region *body = result.addRegion();
    if (parser.parseRegion(*body, definedIts))
      return failure();
    OpTrait::impl::ensureImplicitTerminator(*body, result.location, "sparse_tensor.yield");
  }
  result.addAttribute("cases", ArrayAttr::get(ctx, cases));
  return parser.parseOptionalAttrDict(result.attributes);
}

void CoIterateOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  OperandRange spaces = getIterSpaces();
  raw_ostream &os = p.getStream();
  os << " (";
  for (size_t i = 0; i < spaces.size(); ++i) {
    os << (i ? ", " : "");
    p.printOperand(spaces[i]);
  }
  os << ")";
  unsigned numIterArgs = getInitArgs().size();
  uint64_t used = intAttrValue(getCrdUsedLvlsAttr());
  unsigned numCrds = bitCount(used);
  unsigned dim = spaces.empty() ? 0 : spaceDim(spaces[0].getType());
  if (used && op->getNumRegions()) {
    os << " at(";
    printOptionalDefinedList(p, dim, op->getRegion(0).front().getArguments().slice(numIterArgs, numCrds), used);
    os << ")";
  }
  if (op->getNumRegions())
    printInitializationList(p, op->getRegion(0).front().getArguments().take_front(numIterArgs), getInitArgs());
  os << " : (";
  for (size_t i = 0; i < spaces.size(); ++i) {
    os << (i ? ", " : "");
    p.printType(spaces[i].getType());
  }
  os << ")";
  if (numIterArgs)
    p.printArrowTypeList(getInitArgs().getTypes());
  auto cases = dyn_cast_or_null<ArrayAttr>(getCasesAttr());
  for (unsigned idx = 0, e = op->getNumRegions(); idx < e; idx++) {
    p.printNewline();
    os << "case ";
    uint64_t defined = cases && idx < cases.size() ? intAttrValue(cases[idx]) : 0;
    ValueRange args = op->getRegion(idx).front().getArguments();
    printOptionalDefinedList(p, unsigned(spaces.size()), args.drop_front(std::min<size_t>(numIterArgs + numCrds, args.size())),
                             defined);
    os << " ";
    p.printRegion(op->getRegion(idx), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/numIterArgs != 0);
  }
}

LogicalResult CoIterateOp::verify() {
  Operation *op = getOperation();
  if (getInitArgs().size() != op->getNumResults())
    return emitOpError("mismatch in number of loop-carried values and defined values");
  OperandRange spaces = getIterSpaces();
  unsigned dim = spaces.empty() ? 0 : spaceDim(spaces[0].getType());
  if (bitMax(intAttrValue(getCrdUsedLvlsAttr())) > dim)
    return emitOpError("required out-of-bound coordinates");
  return success();
}

LogicalResult CoIterateOp::verifyRegions() {
  Operation *op = getOperation();
  unsigned numIterArgs = getInitArgs().size();
  for (unsigned r = 0, e = op->getNumRegions(); r < e; r++) {
    if (numIterArgs != op->getNumResults())
      return emitOpError("mismatch in number of basic block args and defined values");
    ValueRange args = op->getRegion(r).front().getArguments();
    std::string suffix = " on " + std::to_string(r) + "th region";
    if (failed(verifyLoopCarried(op, getInitArgs(), args.take_front(std::min<size_t>(numIterArgs, args.size())),
                                 yieldedValues(op->getRegion(r)), suffix)))
      return failure();
  }
  auto cases = dyn_cast_or_null<ArrayAttr>(getCasesAttr());
  std::vector<uint64_t> seen;
  if (cases)
    for (Attribute c : cases) {
      uint64_t v = intAttrValue(c);
      if (std::find(seen.begin(), seen.end(), v) == seen.end())
        seen.push_back(v);
    }
  if (seen.size() != op->getNumRegions())
    return emitOpError("contains duplicated cases.");
  return success();
}
