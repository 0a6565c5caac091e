//===- BuiltinAttributes.cpp - The C API of the builtin attributes --------===//
#include "lamina-c/BuiltinAttributes.h"

#include "Wrap.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"

#include <vector>

using namespace lamina;

LaminaAttribute laminaAttributeGetNull(void) { return LaminaAttribute{nullptr}; }

// Integers and booleans.
bool laminaAttributeIsAInteger(LaminaAttribute attr) { return isa<IntegerAttr>(unwrap(attr)); }
LaminaAttribute laminaIntegerAttrGet(LaminaType type, int64_t value) {
  Type t = unwrap(type);
  if (!isa<IntegerType, IndexType>(t)) {
    emitError(UnknownLoc::get(t.getContext())) << "integer attribute of non-integer type " << t;
    return LaminaAttribute{nullptr};
  }
  return wrap(Attribute(IntegerAttr::get(t, value)));
}
int64_t laminaIntegerAttrGetValueInt(LaminaAttribute attr) { return cast<IntegerAttr>(unwrap(attr)).getInt(); }
int64_t laminaIntegerAttrGetValueSInt(LaminaAttribute attr) { return cast<IntegerAttr>(unwrap(attr)).getSInt(); }
uint64_t laminaIntegerAttrGetValueUInt(LaminaAttribute attr) { return cast<IntegerAttr>(unwrap(attr)).getUInt(); }
bool laminaAttributeIsABool(LaminaAttribute attr) { return isa<BoolAttr>(unwrap(attr)); }
LaminaAttribute laminaBoolAttrGet(LaminaContext ctx, int value) {
  return wrap(Attribute(BoolAttr::get(unwrap(ctx), value != 0)));
}
bool laminaBoolAttrGetValue(LaminaAttribute attr) { return cast<BoolAttr>(unwrap(attr)).getValue(); }

// Floats.
bool laminaAttributeIsAFloat(LaminaAttribute attr) { return isa<FloatAttr>(unwrap(attr)); }
LaminaAttribute laminaFloatAttrDoubleGet(LaminaContext ctx, LaminaType type, double value) {
  Type t = unwrap(type);
  if (!isa<FloatType>(t)) {
    emitError(UnknownLoc::get(unwrap(ctx))) << "float attribute of non-float type " << t;
    return LaminaAttribute{nullptr};
  }
  return wrap(Attribute(FloatAttr::get(t, value)));
}
double laminaFloatAttrGetValueDouble(LaminaAttribute attr) {
  return cast<FloatAttr>(unwrap(attr)).getValueAsDouble();
}

// Strings.
bool laminaAttributeIsAString(LaminaAttribute attr) { return isa<StringAttr>(unwrap(attr)); }
LaminaAttribute laminaStringAttrGet(LaminaContext ctx, LaminaStringRef str) {
  return wrap(Attribute(StringAttr::get(unwrap(ctx), unwrap(str))));
}
LaminaAttribute laminaStringAttrTypedGet(LaminaType type, LaminaStringRef str) {
  return wrap(Attribute(StringAttr::get(unwrap(str), unwrap(type))));
}
LaminaStringRef laminaStringAttrGetValue(LaminaAttribute attr) {
  return wrap(cast<StringAttr>(unwrap(attr)).getValue());
}

// Unit.
bool laminaAttributeIsAUnit(LaminaAttribute attr) { return isa<UnitAttr>(unwrap(attr)); }
LaminaAttribute laminaUnitAttrGet(LaminaContext ctx) { return wrap(Attribute(UnitAttr::get(unwrap(ctx)))); }

// Arrays.
bool laminaAttributeIsAArray(LaminaAttribute attr) { return isa<ArrayAttr>(unwrap(attr)); }
LaminaAttribute laminaArrayAttrGet(LaminaContext ctx, intptr_t numElements, LaminaAttribute const *elements) {
  std::vector<Attribute> attrs;
  attrs.reserve(numElements);
  for (intptr_t i = 0; i < numElements; ++i)
    attrs.push_back(unwrap(elements[i]));
  return wrap(Attribute(ArrayAttr::get(unwrap(ctx), attrs)));
}
intptr_t laminaArrayAttrGetNumElements(LaminaAttribute attr) { return intptr_t(cast<ArrayAttr>(unwrap(attr)).size()); }
LaminaAttribute laminaArrayAttrGetElement(LaminaAttribute attr, intptr_t pos) {
  return wrap(cast<ArrayAttr>(unwrap(attr))[unsigned(pos)]);
}

// Dictionaries.
bool laminaAttributeIsADictionary(LaminaAttribute attr) { return isa<DictionaryAttr>(unwrap(attr)); }
LaminaAttribute laminaDictionaryAttrGet(LaminaContext ctx, intptr_t numElements,
                                        LaminaNamedAttribute const *elements) {
  NamedAttrList attrs;
  for (intptr_t i = 0; i < numElements; ++i)
    attrs.set(unwrap(elements[i].name), unwrap(elements[i].attribute));
  return wrap(Attribute(attrs.getDictionary(unwrap(ctx))));
}
intptr_t laminaDictionaryAttrGetNumElements(LaminaAttribute attr) {
  return intptr_t(cast<DictionaryAttr>(unwrap(attr)).size());
}
LaminaNamedAttribute laminaDictionaryAttrGetElement(LaminaAttribute attr, intptr_t pos) {
  const NamedAttribute &entry = cast<DictionaryAttr>(unwrap(attr)).getValue()[size_t(pos)];
  return LaminaNamedAttribute{wrap(entry.getName()), wrap(entry.getValue())};
}
LaminaAttribute laminaDictionaryAttrGetElementByName(LaminaAttribute attr, LaminaStringRef name) {
  return wrap(cast<DictionaryAttr>(unwrap(attr)).get(unwrap(name)));
}

// Types as attributes.
bool laminaAttributeIsAType(LaminaAttribute attr) { return isa<TypeAttr>(unwrap(attr)); }
LaminaAttribute laminaTypeAttrGet(LaminaType type) { return wrap(Attribute(TypeAttr::get(unwrap(type)))); }
LaminaType laminaTypeAttrGetValue(LaminaAttribute attr) { return wrap(cast<TypeAttr>(unwrap(attr)).getValue()); }

// Symbol references.
bool laminaAttributeIsAFlatSymbolRef(LaminaAttribute attr) { return isa<FlatSymbolRefAttr>(unwrap(attr)); }
LaminaAttribute laminaFlatSymbolRefAttrGet(LaminaContext ctx, LaminaStringRef symbol) {
  return wrap(Attribute(FlatSymbolRefAttr::get(unwrap(ctx), unwrap(symbol))));
}
LaminaStringRef laminaFlatSymbolRefAttrGetValue(LaminaAttribute attr) {
  return wrap(cast<FlatSymbolRefAttr>(unwrap(attr)).getValue());
}

// Dense elements.
bool laminaAttributeIsADenseElements(LaminaAttribute attr) { return isa<DenseElementsAttr>(unwrap(attr)); }
LaminaAttribute laminaDenseElementsAttrGet(LaminaType shapedType, intptr_t numElements,
                                           LaminaAttribute const *elements) {
  Type type = unwrap(shapedType);
  MLIRContext *ctx = type.getContext();
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape()) {
    emitError(UnknownLoc::get(ctx)) << "dense elements need a statically shaped type, not " << type;
    return LaminaAttribute{nullptr};
  }
  Type elementType = shaped.getElementType();
  int64_t count = shaped.getNumElements();
  if (numElements != count && numElements != 1) {
    emitError(UnknownLoc::get(ctx)) << "expected " << count << " elements (or one splat value), got "
                                    << int64_t(numElements);
    return LaminaAttribute{nullptr};
  }
  std::vector<Attribute> values;
  values.reserve(count);
  for (intptr_t i = 0; i < numElements; ++i) {
    Attribute value = unwrap(elements[i]);
    auto typed = dyn_cast<TypedAttr>(value);
    if (!isa<IntegerAttr, FloatAttr>(value) || typed.getType() != elementType) {
      emitError(UnknownLoc::get(ctx)) << "dense element " << int64_t(i) << " is not an integer or float of type "
                                      << elementType;
      return LaminaAttribute{nullptr};
    }
    values.push_back(value);
  }
  while (int64_t(values.size()) < count)
    values.push_back(values.front());
  return wrap(Attribute(DenseElementsAttr::get(shaped, values)));
}
bool laminaDenseElementsAttrIsSplat(LaminaAttribute attr) { return cast<DenseElementsAttr>(unwrap(attr)).isSplat(); }
intptr_t laminaElementsAttrGetNumElements(LaminaAttribute attr) {
  return intptr_t(cast<DenseElementsAttr>(unwrap(attr)).getNumElements());
}
LaminaAttribute laminaDenseElementsAttrGetElement(LaminaAttribute attr, intptr_t pos) {
  return wrap(cast<DenseElementsAttr>(unwrap(attr)).getValue(int64_t(pos)));
}
