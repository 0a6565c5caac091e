//===- Predicates.cpp - Helpers of the constraints imported from ODS ------===//
#include "lamina/ODS/Predicates.h"

using namespace lamina;

Type ods::getI1SameShape(Type t) {
  Type i1 = IntegerType::get(t.getContext(), 1);
  if (auto shaped = dyn_cast<ShapedType>(t))
    return shaped.clone(i1);
  return i1;
}
