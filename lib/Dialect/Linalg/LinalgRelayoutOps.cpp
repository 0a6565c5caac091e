//===- LinalgRelayoutOps.cpp - linalg's softmax, winograd and pack ops ----===//
//
// As mlir/lib/Dialect/Linalg/IR/LinalgOps.cpp for softmax and the winograd
// ops, and as its relayout part for pack and unpack: custom syntax and
// verifiers with MLIR's messages.
//
#include "LinalgOpsImpl.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Linalg/LinalgNamedOps.gen.h"
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/IR/AffineExpr.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Support/RawOstream.h"

#include <algorithm>
#include <mutex>
#include <set>
#include <string>

using namespace lamina;
using namespace lamina::linalg;

//===----------------------------------------------------------------------===//
// SoftmaxOp, Winograd ops
//===----------------------------------------------------------------------===//

/// verifyCompatibleShape on shapes.
static bool compatibleShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!ShapedType::isDynamic(a[i]) && !ShapedType::isDynamic(b[i]) && a[i] != b[i])
      return false;
  return true;
}

static ArrayRef<int64_t> shapeOf(Value v) {
  if (auto shaped = dyn_cast<ShapedType>(v.getType()))
    if (shaped.hasRank())
      return shaped.getShape();
  return {};
}

OperandRange SoftmaxOp::getDpsInits() { return getOperation()->getOperands().drop_front(1); }

LogicalResult SoftmaxOp::verify() {
  ArrayRef<int64_t> inputShape = shapeOf(getInput()), outputShape = shapeOf(getOutput());
  if (!compatibleShapes(inputShape, outputShape))
    return emitOpError("incompatible output shape");
  int64_t inputRank = int64_t(inputShape.size());
  int64_t dimension = getDimensionAttr() ? getDimensionAttr().getInt() : 0;
  if (dimension < 0 || dimension >= inputRank)
    return emitOpError("incorrect dimension specified");
  return success();
}

static WinogradConv2DFmr fmrValue(Attribute attr) {
  auto i = dyn_cast_or_null<IntegerAttr>(attr);
  return WinogradConv2DFmr(i ? uint32_t(i.getInt()) : 0);
}

static std::pair<int64_t, int64_t> fmrOf(WinogradConv2DFmr fmr) {
  switch (fmr) {
  case WinogradConv2DFmr::F_2_3:
    return {2, 3};
  case WinogradConv2DFmr::F_4_3:
    return {4, 3};
  case WinogradConv2DFmr::F_2_5:
    return {2, 5};
  }
  return {2, 3};
}

OperandRange WinogradFilterTransformOp::getDpsInits() { return getOperation()->getOperands().drop_front(1); }

LogicalResult WinogradFilterTransformOp::verify() {
  ArrayRef<int64_t> filterShape = shapeOf(getFilter());
  if (filterShape.size() != 4)
    return success();
  // Filter (F, KH, KW, C).
  int64_t filterH = filterShape[1], filterW = filterShape[2];
  auto [m, r] = fmrOf(fmrValue(getFmrAttr()));
  if (filterH != r && filterH != 1)
    return emitOpError("expect filter height either equals to r or 1");
  if (filterW != r && filterW != 1)
    return emitOpError("expect filter width either equals to r or 1");
  if (filterH == 1 && filterW == 1)
    return emitOpError("expect either filter height or width equals to r");
  SmallVector<int64_t, 4> expected = {filterH == r ? m + r - 1 : 1, filterW == r ? m + r - 1 : 1, filterShape[3],
                                      filterShape[0]};
  if (!compatibleShapes(expected, shapeOf(getOutput())))
    return emitOpError("the output shape is not expected");
  return success();
}

OperandRange WinogradInputTransformOp::getDpsInits() { return getOperation()->getOperands().drop_front(1); }

LogicalResult WinogradInputTransformOp::verify() {
  ArrayRef<int64_t> inputShape = shapeOf(getInput()), outputShape = shapeOf(getOutput());
  if (inputShape.size() != 4 || outputShape.size() != 6)
    return success();
  // Input (N, H, W, C); output (alphaH, alphaW, tileH, tileW, N, C).
  int64_t inputH = inputShape[1], inputW = inputShape[2];
  auto [m, r] = fmrOf(fmrValue(getFmrAttr()));
  int64_t tileSize = m + r - 1;
  bool leftTransform = outputShape[0] != 1;
  bool rightTransform = outputShape[1] != 1;
  SmallVector<int64_t, 6> expected(6, inputH);
  if (ShapedType::isDynamic(inputH)) {
    expected[0] = tileSize;
    expected[2] = ShapedType::kDynamic;
  } else {
    expected[0] = leftTransform ? tileSize : 1;
    expected[2] = leftTransform ? (inputH - (r - 1)) / m : inputH;
  }
  if (ShapedType::isDynamic(inputW)) {
    expected[1] = tileSize;
    expected[3] = ShapedType::kDynamic;
  } else {
    expected[1] = rightTransform ? tileSize : 1;
    expected[3] = rightTransform ? (inputW - (r - 1)) / m : inputW;
  }
  expected[4] = inputShape[0];
  expected[5] = inputShape[3];
  if (!compatibleShapes(expected, outputShape))
    return emitOpError("the output shape is not expected");
  return success();
}

OperandRange WinogradOutputTransformOp::getDpsInits() { return getOperation()->getOperands().drop_front(1); }

LogicalResult WinogradOutputTransformOp::verify() {
  ArrayRef<int64_t> valueShape = shapeOf(getValue()), outputShape = shapeOf(getOutput());
  if (valueShape.size() != 6 || outputShape.size() != 4)
    return success();
  // Value (alphaH, alphaW, tileH, tileW, N, F); output (N, H, W, F).
  int64_t valueH = valueShape[0], valueW = valueShape[1];
  int64_t valueTileH = valueShape[2], valueTileW = valueShape[3];
  auto [m, r] = fmrOf(fmrValue(getFmrAttr()));
  bool leftTransform = valueH != 1;
  bool rightTransform = valueW != 1;
  int64_t outputRank = int64_t(outputShape.size());
  SmallVector<int64_t, 4> expected(size_t(outputRank), valueH);
  if (ShapedType::isDynamic(valueH) || ShapedType::isDynamic(valueTileH)) {
    expected[1] = ShapedType::kDynamic;
  } else {
    if (valueH != (leftTransform ? m + r - 1 : 1))
      return emitOpError("expect input height equals to input tile size");
    expected[1] = (leftTransform ? m : 1) * valueTileH;
  }
  if (ShapedType::isDynamic(valueW) || ShapedType::isDynamic(valueTileW)) {
    expected[2] = ShapedType::kDynamic;
  } else {
    if (valueW != (rightTransform ? m + r - 1 : 1))
      return emitOpError("expect input width equals to input tile size");
    expected[2] = (rightTransform ? m : 1) * valueTileW;
  }
  expected[0] = valueShape[4];
  expected[3] = valueShape[5];
  if (!compatibleShapes(expected, outputShape))
    return emitOpError("the output shape is not expected");
  return success();
}

//===----------------------------------------------------------------------===//
// PackOp, UnPackOp
//===----------------------------------------------------------------------===//

namespace {

/// isInvalidPackingPosSpecification: duplicates, out of range, or more than
/// `rank` positions.
bool isInvalidPackingPosSpecification(ArrayRef<int64_t> dimsPos, size_t rank) {
  if (dimsPos.size() > rank)
    return true;
  std::set<int64_t> uniqued(dimsPos.begin(), dimsPos.end());
  if (uniqued.size() != dimsPos.size())
    return true;
  return std::any_of(dimsPos.begin(), dimsPos.end(),
                     [rank](int64_t d) { return d < 0 || d >= static_cast<int64_t>(rank); });
}

int64_t divideCeilSigned(int64_t a, int64_t b) {
  if (b == 0)
    return a;
  int64_t q = a / b, rem = a % b;
  return (rem != 0 && ((rem > 0) == (b > 0))) ? q + 1 : q;
}

/// The packed shape of `sourceShape` (PackOp::inferPackedType).
SmallVector<int64_t, 8> packedShapeOf(ArrayRef<int64_t> sourceShape, ArrayRef<int64_t> innerTileSizes,
                                      ArrayRef<int64_t> innerDimsPos, ArrayRef<int64_t> outerDimsPerm) {
  SmallVector<int64_t, 8> resultShape(sourceShape.begin(), sourceShape.end());
  for (size_t i = 0; i < innerDimsPos.size(); ++i) {
    int64_t pos = innerDimsPos[i];
    if (ShapedType::isDynamic(resultShape[pos]))
      continue;
    if (ShapedType::isDynamic(innerTileSizes[i])) {
      resultShape[pos] = ShapedType::kDynamic;
      continue;
    }
    resultShape[pos] = divideCeilSigned(resultShape[pos], innerTileSizes[i]);
  }
  if (!outerDimsPerm.empty()) {
    SmallVector<int64_t, 8> permuted;
    for (int64_t p : outerDimsPerm)
      permuted.push_back(resultShape[p]);
    resultShape = permuted;
  }
  resultShape.append(innerTileSizes.begin(), innerTileSizes.end());
  return resultShape;
}

/// commonVerifierPackAndUnPackOp.
LogicalResult verifyPackOrUnPack(Operation *op, ShapedType unpackedType, ShapedType packedType,
                                 ArrayRef<int64_t> innerDimsPos, ArrayRef<int64_t> outerDimPerm,
                                 ArrayRef<int64_t> staticTiles, OperandRange dynamicTiles) {
  (void)dynamicTiles;
  for (int64_t t : staticTiles)
    if (t == 0)
      return op->emitError("invalid zero tile factor");
  size_t unpackedRank = size_t(unpackedType.getRank());
  if (isInvalidPackingPosSpecification(innerDimsPos, unpackedRank))
    return op->emitError("invalid inner_dims_pos vector");
  if (isInvalidPackingPosSpecification(outerDimPerm, unpackedRank))
    return op->emitError("invalid outer_dims_perm vector");
  if (!outerDimPerm.empty() && outerDimPerm.size() != unpackedRank)
    return op->emitError("outer_dims_perm must be a permutation or empty");
  if (staticTiles.size() > unpackedRank)
    return op->emitError("tiling factors must be less than or equal to the input rank for pack or output rank for "
                         "unpack");
  if (staticTiles.size() != innerDimsPos.size())
    return op->emitError("tiling factors must equal the number of dimensions to tile");
  size_t packedRank = size_t(packedType.getRank());
  size_t expectedPackedRank = unpackedRank + staticTiles.size();
  if (expectedPackedRank != packedRank)
    return op->emitError("packed rank != (unpacked rank + num tiling factors), got ")
           << (unsigned)packedRank << " != " << (unsigned)expectedPackedRank;
  ArrayRef<int64_t> packedShape = packedType.getShape();
  ArrayRef<int64_t> tiledPart = packedShape.drop_front(packedShape.size() - staticTiles.size());
  for (size_t i = 0; i < staticTiles.size(); ++i) {
    bool ok = ShapedType::isDynamic(staticTiles[i]) ? ShapedType::isDynamic(tiledPart[i])
                                                    : tiledPart[i] == staticTiles[i];
    if (!ok)
      return op->emitError("mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type");
  }
  SmallVector<int64_t, 8> expectedShape =
      packedShapeOf(unpackedType.getShape(), staticTiles, innerDimsPos, outerDimPerm);
  if (!compatibleShapes(expectedShape, packedShape)) {
    RankedTensorType expectedType = RankedTensorType::get(expectedShape, unpackedType.getElementType());
    return op->emitError("expected ") << expectedType << " for the packed domain value, got " << Type(packedType);
  }
  return success();
}

/// areTilesAndTiledDimsAllConstant: static tiles and static tiled dims.
bool packTilesAllConstant(Operation *op, ShapedType packedType, ArrayRef<int64_t> staticTiles) {
  (void)op;
  ArrayRef<int64_t> shape = packedType.getShape();
  if (shape.size() < staticTiles.size())
    return false;
  ArrayRef<int64_t> tiled = shape.drop_front(shape.size() - staticTiles.size());
  for (size_t i = 0; i < staticTiles.size(); ++i)
    if (ShapedType::isDynamic(staticTiles[i]) || ShapedType::isDynamic(tiled[i]))
      return false;
  return true;
}

} // namespace

OperandRange PackOp::getDpsInits() { return getOperation()->getOperands().slice(1, 1); }

void PackOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (getOperation()->getNumResults())
    setNameFn(getOperation()->getResult(0), "pack");
}

LogicalResult PackOp::verify() {
  auto sourceType = dyn_cast<ShapedType>(getSource().getType());
  auto destType = dyn_cast<ShapedType>(getDest().getType());
  if (!sourceType || !destType || !sourceType.hasRank() || !destType.hasRank())
    return success();
  ArrayRef<int64_t> innerDimsPos = getInnerDimsPos();
  ArrayRef<int64_t> outerDimsPerm = getOuterDimsPerm();
  ArrayRef<int64_t> staticTiles = getStaticInnerTiles();
  if (failed(verifyPackOrUnPack(getOperation(), sourceType, destType, innerDimsPos, outerDimsPerm, staticTiles,
                                getInnerTiles())))
    return failure();
  Value paddingValue = getPaddingValue();
  if (paddingValue && paddingValue.getType() != sourceType.getElementType())
    return emitOpError("expected padding_value has ")
           << sourceType.getElementType() << " but got: " << paddingValue.getType();
  if (!paddingValue) {
    // requirePaddingValue: a static dimension the static tile does not divide.
    SmallVector<int64_t, 8> outputTileSizes(destType.getShape().begin(),
                                            destType.getShape().begin() + sourceType.getRank());
    if (!outerDimsPerm.empty()) {
      SmallVector<int64_t, 8> inverse(outerDimsPerm.size());
      for (size_t i = 0; i < outerDimsPerm.size(); ++i)
        inverse[outerDimsPerm[i]] = outputTileSizes[i];
      outputTileSizes = inverse;
    }
    ArrayRef<int64_t> inputShape = sourceType.getShape();
    for (size_t i = 0; i < innerDimsPos.size(); ++i) {
      int64_t pos = innerDimsPos[i];
      if (ShapedType::isDynamic(inputShape[pos]))
        continue;
      int64_t tile = staticTiles[i];
      bool partial = ShapedType::isDynamic(tile)
                         ? !ShapedType::isDynamic(outputTileSizes[pos]) && outputTileSizes[pos] != 0 &&
                               inputShape[pos] % outputTileSizes[pos] != 0
                         : tile != 0 && inputShape[pos] % tile != 0;
      if (partial)
        return emitOpError("invalid tile factor or output size provided. Only full tiles are supported when "
                           "padding_value is not set");
    }
  }
  return success();
}

OperandRange UnPackOp::getDpsInits() { return getOperation()->getOperands().slice(1, 1); }

void UnPackOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (getOperation()->getNumResults())
    setNameFn(getOperation()->getResult(0), "unpack");
}

LogicalResult UnPackOp::verify() {
  auto sourceType = dyn_cast<ShapedType>(getSource().getType());
  auto destType = dyn_cast<ShapedType>(getDest().getType());
  if (!sourceType || !destType || !sourceType.hasRank() || !destType.hasRank())
    return success();
  return verifyPackOrUnPack(getOperation(), destType, sourceType, getInnerDimsPos(), getOuterDimsPerm(),
                            getStaticInnerTiles(), getInnerTiles());
}

Speculation::Speculatability PackOp::getSpeculatability() {
  if (getPaddingValue())
    return Speculation::Speculatable;
  return packTilesAllConstant(getOperation(), cast<ShapedType>(getDest().getType()), getStaticInnerTiles())
             ? Speculation::Speculatable
             : Speculation::NotSpeculatable;
}

Speculation::Speculatability UnPackOp::getSpeculatability() {
  return packTilesAllConstant(getOperation(), cast<ShapedType>(getSource().getType()), getStaticInnerTiles())
             ? Speculation::Speculatable
             : Speculation::NotSpeculatable;
}

void SoftmaxOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  Operation *op = getOperation();
  if (isa<MemRefType>(op->getOperand(0).getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &op->getOpOperand(0), 0, true,
                         SideEffects::DefaultResource::get());
  if (isa<MemRefType>(op->getOperand(1).getType())) {
    effects.emplace_back(MemoryEffects::Read::get(), &op->getOpOperand(1), 0, true,
                         SideEffects::DefaultResource::get());
    effects.emplace_back(MemoryEffects::Write::get(), &op->getOpOperand(1), 0, true,
                         SideEffects::DefaultResource::get());
  }
}
