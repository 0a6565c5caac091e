/*===- lamina-c/BuiltinAttributes.h - The C API of the builtin attributes -===*\
|*                                                                            *|
|* Building and querying the builtin attributes (MLIR's                      *|
|* mlir-c/BuiltinAttributes.h). laminaAttributeIsA<Kind>(a) tests the kind    *|
|* of an attribute; the other functions of a kind require that kind.         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef LAMINA_C_BUILTINATTRIBUTES_H
#define LAMINA_C_BUILTINATTRIBUTES_H

#include "lamina-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The null attribute (e.g. "no layout"). */
LAMINA_CAPI_EXPORTED LaminaAttribute laminaAttributeGetNull(void);

/* Integers and booleans. */
LAMINA_CAPI_EXPORTED bool laminaAttributeIsAInteger(LaminaAttribute attr);
/** An integer of an integer or index type; null (after a diagnostic) if
 *  `value` does not fit the type. */
LAMINA_CAPI_EXPORTED LaminaAttribute laminaIntegerAttrGet(LaminaType type, int64_t value);
/** The value of a signless or index integer of at most 64 bits, sign-extended. */
LAMINA_CAPI_EXPORTED int64_t laminaIntegerAttrGetValueInt(LaminaAttribute attr);
/** The value of a signed integer, sign-extended. */
LAMINA_CAPI_EXPORTED int64_t laminaIntegerAttrGetValueSInt(LaminaAttribute attr);
/** The value of an unsigned integer, zero-extended. */
LAMINA_CAPI_EXPORTED uint64_t laminaIntegerAttrGetValueUInt(LaminaAttribute attr);
LAMINA_CAPI_EXPORTED bool laminaAttributeIsABool(LaminaAttribute attr);
LAMINA_CAPI_EXPORTED LaminaAttribute laminaBoolAttrGet(LaminaContext ctx, int value);
LAMINA_CAPI_EXPORTED bool laminaBoolAttrGetValue(LaminaAttribute attr);

/* Floats. */
LAMINA_CAPI_EXPORTED bool laminaAttributeIsAFloat(LaminaAttribute attr);
/** `value` converted (rounded to nearest even) to the float type `type`. */
LAMINA_CAPI_EXPORTED LaminaAttribute laminaFloatAttrDoubleGet(LaminaContext ctx, LaminaType type, double value);
LAMINA_CAPI_EXPORTED double laminaFloatAttrGetValueDouble(LaminaAttribute attr);

/* Strings. */
LAMINA_CAPI_EXPORTED bool laminaAttributeIsAString(LaminaAttribute attr);
LAMINA_CAPI_EXPORTED LaminaAttribute laminaStringAttrGet(LaminaContext ctx, LaminaStringRef str);
/** A string with a type: `"str" : type`. */
LAMINA_CAPI_EXPORTED LaminaAttribute laminaStringAttrTypedGet(LaminaType type, LaminaStringRef str);
LAMINA_CAPI_EXPORTED LaminaStringRef laminaStringAttrGetValue(LaminaAttribute attr);

/* Unit. */
LAMINA_CAPI_EXPORTED bool laminaAttributeIsAUnit(LaminaAttribute attr);
LAMINA_CAPI_EXPORTED LaminaAttribute laminaUnitAttrGet(LaminaContext ctx);

/* Arrays. */
LAMINA_CAPI_EXPORTED bool laminaAttributeIsAArray(LaminaAttribute attr);
LAMINA_CAPI_EXPORTED LaminaAttribute laminaArrayAttrGet(LaminaContext ctx, intptr_t numElements,
                                                        LaminaAttribute const *elements);
LAMINA_CAPI_EXPORTED intptr_t laminaArrayAttrGetNumElements(LaminaAttribute attr);
LAMINA_CAPI_EXPORTED LaminaAttribute laminaArrayAttrGetElement(LaminaAttribute attr, intptr_t pos);

/* Dictionaries (entries sorted by name; names must be unique). */
LAMINA_CAPI_EXPORTED bool laminaAttributeIsADictionary(LaminaAttribute attr);
LAMINA_CAPI_EXPORTED LaminaAttribute laminaDictionaryAttrGet(LaminaContext ctx, intptr_t numElements,
                                                             LaminaNamedAttribute const *elements);
LAMINA_CAPI_EXPORTED intptr_t laminaDictionaryAttrGetNumElements(LaminaAttribute attr);
LAMINA_CAPI_EXPORTED LaminaNamedAttribute laminaDictionaryAttrGetElement(LaminaAttribute attr, intptr_t pos);
/** The entry called `name`, or null. */
LAMINA_CAPI_EXPORTED LaminaAttribute laminaDictionaryAttrGetElementByName(LaminaAttribute attr,
                                                                          LaminaStringRef name);

/* Types as attributes. */
LAMINA_CAPI_EXPORTED bool laminaAttributeIsAType(LaminaAttribute attr);
LAMINA_CAPI_EXPORTED LaminaAttribute laminaTypeAttrGet(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaTypeAttrGetValue(LaminaAttribute attr);

/* Symbol references. */
LAMINA_CAPI_EXPORTED bool laminaAttributeIsAFlatSymbolRef(LaminaAttribute attr);
LAMINA_CAPI_EXPORTED LaminaAttribute laminaFlatSymbolRefAttrGet(LaminaContext ctx, LaminaStringRef symbol);
LAMINA_CAPI_EXPORTED LaminaStringRef laminaFlatSymbolRefAttrGetValue(LaminaAttribute attr);

/* Dense elements (int and float element types). */
LAMINA_CAPI_EXPORTED bool laminaAttributeIsADenseElements(LaminaAttribute attr);
/** dense<...> of a shaped type with `numElements` attributes (one per
 *  element, or one for a splat); null after a diagnostic if they do not fit. */
LAMINA_CAPI_EXPORTED LaminaAttribute laminaDenseElementsAttrGet(LaminaType shapedType, intptr_t numElements,
                                                                LaminaAttribute const *elements);
LAMINA_CAPI_EXPORTED bool laminaDenseElementsAttrIsSplat(LaminaAttribute attr);
LAMINA_CAPI_EXPORTED intptr_t laminaElementsAttrGetNumElements(LaminaAttribute attr);
/** Element `pos` (in row-major order) as an attribute. */
LAMINA_CAPI_EXPORTED LaminaAttribute laminaDenseElementsAttrGetElement(LaminaAttribute attr, intptr_t pos);

#ifdef __cplusplus
}
#endif

#endif /* LAMINA_C_BUILTINATTRIBUTES_H */
