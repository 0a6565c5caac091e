//===- Predicates.cpp - Helpers of the constraints imported from ODS ------===//
#include "lamina/ODS/Predicates.h"

#include "lamina/ODS/DialectShapedType.h"

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

ods::ShapedView ods::asShaped(Type type) {
  ShapedView view;
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    view.elementType = shaped.getElementType();
    view.ranked = shaped.hasRank();
    if (view.ranked)
      view.shape = shaped.getShape();
  } else if (auto dialect = dyn_cast<DialectShapedType>(type)) {
    view.elementType = dialect.getElementType();
    view.shape = dialect.getShape();
    view.ranked = true;
  }
  return view;
}

bool ods::ShapedView::hasStaticShape() const {
  if (!ranked)
    return false;
  for (int64_t d : shape)
    if (ShapedType::isDynamic(d))
      return false;
  return true;
}

int64_t ods::ShapedView::getNumElements() const { return ShapedType::getNumElements(shape); }

unsigned ods::ShapedView::getElementTypeBitWidth() const {
  return elementType && elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 0;
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
