//===- Predicates.cpp - Helpers of the constraints imported from ODS ------===//
#include "lamina/ODS/Predicates.h"

#include <vector>

using namespace lamina;

Type ods::getI1SameShape(Type t) {
  Type i1 = IntegerType::get(t.getContext(), 1);
  if (auto shaped = dyn_cast<ShapedType>(t))
    return shaped.clone(i1);
  return i1;
}

VectorType ods::scaleElementBitwidth(Type vectorType, unsigned scale) {
  auto vector = dyn_cast<VectorType>(vectorType);
  if (!vector || !scale)
    return VectorType();
  Type elementType = vector.getElementType();
  MLIRContext *ctx = elementType.getContext();
  Type scaled;
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    scaled = IntegerType::get(ctx, scale * intType.getWidth(), intType.getSignedness());
  } else if (elementType.isF16() || elementType.isBF16()) {
    if (scale == 2)
      scaled = FloatType::getF32(ctx);
    else if (scale == 4)
      scaled = FloatType::getF64(ctx);
  } else if (elementType.isF32() && scale == 2) {
    scaled = FloatType::getF64(ctx);
  }
  if (!scaled)
    return VectorType();
  return VectorType::get(vector.getShape(), scaled, vector.getScalableDims());
}

DenseIntElementsAttr ods::getDenseIntElementsAttr(ShapedType type, ArrayRef<int64_t> values) {
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  std::vector<APInt> ints;
  for (int64_t v : values)
    ints.push_back(APInt(width, uint64_t(v), /*isSigned=*/true));
  return cast<DenseIntElementsAttr>(DenseElementsAttr::get(type, ArrayRef<APInt>(ints)));
}

lamina::ArrayAttr ods::getBoolArrayAttr(Builder &b, ArrayRef<bool> values) {
  SmallVector<Attribute> attrs;
  for (bool v : values)
    attrs.push_back(b.getBoolAttr(v));
  return b.getArrayAttr(attrs);
}
