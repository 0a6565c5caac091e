//===- BuiltinAttributesDense.cpp - Dense and sparse elements attributes --===//
// TEMPORARY STUB: being implemented.
#include "AttributeDetail.h"
#include "lamina/IR/BuiltinAttributes.h"

using namespace lamina;
using namespace lamina::detail;

bool DenseElementsAttr::classof(Attribute attr) { return isa<DenseIntOrFPElementsAttr, DenseStringElementsAttr>(attr); }
bool DenseElementsAttr::isSplat() const {
  if (auto a = dyn_cast<DenseIntOrFPElementsAttr>(*this))
    return a.isSplat();
  return cast<DenseStringElementsAttr>(*this).isSplat();
}
DenseElementsAttr DenseElementsAttr::get(ShapedType, ArrayRef<Attribute>) { return DenseElementsAttr(); }
ShapedType DenseIntOrFPElementsAttr::getType() const { return getImpl()->type; }
ArrayRef<char> DenseIntOrFPElementsAttr::getRawData() const { return getImpl()->data; }
bool DenseIntOrFPElementsAttr::isSplat() const { return getImpl()->isSplat; }
void DenseIntOrFPElementsAttr::walkImmediateSubElements(function_ref<void(Attribute)>,
                                                        function_ref<void(Type)> walkTypes) const {
  walkTypes(getType());
}
ShapedType DenseStringElementsAttr::getType() const { return getImpl()->type; }
bool DenseStringElementsAttr::isSplat() const { return getImpl()->isSplat; }
void DenseStringElementsAttr::walkImmediateSubElements(function_ref<void(Attribute)>,
                                                       function_ref<void(Type)> walkTypes) const {
  walkTypes(getType());
}
LogicalResult SparseElementsAttr::verify(function_ref<InFlightDiagnostic()>, ShapedType, DenseElementsAttr,
                                         DenseElementsAttr) {
  return success();
}
bool DenseIntElementsAttr::classof(Attribute attr) {
  auto d = dyn_cast<DenseIntOrFPElementsAttr>(attr);
  return d && d.getType().getElementType().isIntOrIndex();
}
bool DenseFPElementsAttr::classof(Attribute attr) {
  auto d = dyn_cast<DenseIntOrFPElementsAttr>(attr);
  return d && isa<FloatType>(d.getType().getElementType());
}
