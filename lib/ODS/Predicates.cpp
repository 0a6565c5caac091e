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

DenseIntElementsAttr ods::getDenseIntElementsAttr(ShapedType type, ArrayRef<int64_t> values) {
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  std::vector<APInt> ints;
  for (int64_t v : values)
    ints.push_back(APInt(width, uint64_t(v), /*isSigned=*/true));
  return cast<DenseIntElementsAttr>(DenseElementsAttr::get(type, ArrayRef<APInt>(ints)));
}
