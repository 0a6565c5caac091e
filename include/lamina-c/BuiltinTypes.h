/*===- lamina-c/BuiltinTypes.h - The C API of the builtin types -----------===*\
|*                                                                            *|
|* Building and querying the builtin types (MLIR's mlir-c/BuiltinTypes.h).    *|
|* laminaTypeIsA<Kind>(t) tests the kind of a type; the other functions of a  *|
|* kind require a type of that kind.                                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef LAMINA_C_BUILTINTYPES_H
#define LAMINA_C_BUILTINTYPES_H

#include "lamina-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Integer types. */
LAMINA_CAPI_EXPORTED bool laminaTypeIsAInteger(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaIntegerTypeGet(LaminaContext ctx, unsigned bitwidth);
LAMINA_CAPI_EXPORTED LaminaType laminaIntegerTypeSignedGet(LaminaContext ctx, unsigned bitwidth);
LAMINA_CAPI_EXPORTED LaminaType laminaIntegerTypeUnsignedGet(LaminaContext ctx, unsigned bitwidth);
LAMINA_CAPI_EXPORTED unsigned laminaIntegerTypeGetWidth(LaminaType type);
LAMINA_CAPI_EXPORTED bool laminaIntegerTypeIsSignless(LaminaType type);
LAMINA_CAPI_EXPORTED bool laminaIntegerTypeIsSigned(LaminaType type);
LAMINA_CAPI_EXPORTED bool laminaIntegerTypeIsUnsigned(LaminaType type);

/* Index and none. */
LAMINA_CAPI_EXPORTED bool laminaTypeIsAIndex(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaIndexTypeGet(LaminaContext ctx);
LAMINA_CAPI_EXPORTED bool laminaTypeIsANone(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaNoneTypeGet(LaminaContext ctx);

/* Floating-point types (every builtin float type is a float; the getters
 * below are the common ones, laminaTypeParseGet gives the others). */
LAMINA_CAPI_EXPORTED bool laminaTypeIsAFloat(LaminaType type);
LAMINA_CAPI_EXPORTED unsigned laminaFloatTypeGetWidth(LaminaType type);
LAMINA_CAPI_EXPORTED bool laminaTypeIsABF16(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaBF16TypeGet(LaminaContext ctx);
LAMINA_CAPI_EXPORTED bool laminaTypeIsAF16(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaF16TypeGet(LaminaContext ctx);
LAMINA_CAPI_EXPORTED bool laminaTypeIsAF32(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaF32TypeGet(LaminaContext ctx);
LAMINA_CAPI_EXPORTED bool laminaTypeIsAF64(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaF64TypeGet(LaminaContext ctx);

/* Complex. */
LAMINA_CAPI_EXPORTED bool laminaTypeIsAComplex(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaComplexTypeGet(LaminaType elementType);
LAMINA_CAPI_EXPORTED LaminaType laminaComplexTypeGetElementType(LaminaType type);

/* Shaped types: vectors, tensors and memrefs. */
LAMINA_CAPI_EXPORTED bool laminaTypeIsAShaped(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaShapedTypeGetElementType(LaminaType type);
LAMINA_CAPI_EXPORTED bool laminaShapedTypeHasRank(LaminaType type);
LAMINA_CAPI_EXPORTED int64_t laminaShapedTypeGetRank(LaminaType type);
LAMINA_CAPI_EXPORTED bool laminaShapedTypeHasStaticShape(LaminaType type);
LAMINA_CAPI_EXPORTED bool laminaShapedTypeIsDynamicDim(LaminaType type, intptr_t dim);
LAMINA_CAPI_EXPORTED int64_t laminaShapedTypeGetDimSize(LaminaType type, intptr_t dim);
/** The value of a dynamic dimension (`?`) in shapes given to the getters. */
LAMINA_CAPI_EXPORTED int64_t laminaShapedTypeGetDynamicSize(void);
LAMINA_CAPI_EXPORTED bool laminaShapedTypeIsDynamicSize(int64_t size);

LAMINA_CAPI_EXPORTED bool laminaTypeIsAVector(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaVectorTypeGet(intptr_t rank, const int64_t *shape, LaminaType elementType);

LAMINA_CAPI_EXPORTED bool laminaTypeIsATensor(LaminaType type);
LAMINA_CAPI_EXPORTED bool laminaTypeIsARankedTensor(LaminaType type);
LAMINA_CAPI_EXPORTED bool laminaTypeIsAUnrankedTensor(LaminaType type);
/** tensor<shape x elementType, encoding> (encoding may be null). */
LAMINA_CAPI_EXPORTED LaminaType laminaRankedTensorTypeGet(intptr_t rank, const int64_t *shape, LaminaType elementType,
                                                          LaminaAttribute encoding);
LAMINA_CAPI_EXPORTED LaminaType laminaUnrankedTensorTypeGet(LaminaType elementType);

LAMINA_CAPI_EXPORTED bool laminaTypeIsAMemRef(LaminaType type);
LAMINA_CAPI_EXPORTED bool laminaTypeIsAUnrankedMemRef(LaminaType type);
/** memref<shape x elementType, layout, memorySpace> (layout and memory space may be null). */
LAMINA_CAPI_EXPORTED LaminaType laminaMemRefTypeGet(LaminaType elementType, intptr_t rank, const int64_t *shape,
                                                    LaminaAttribute layout, LaminaAttribute memorySpace);
LAMINA_CAPI_EXPORTED LaminaAttribute laminaMemRefTypeGetLayout(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaAttribute laminaMemRefTypeGetMemorySpace(LaminaType type);

/* Tuples. */
LAMINA_CAPI_EXPORTED bool laminaTypeIsATuple(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaTupleTypeGet(LaminaContext ctx, intptr_t numElements,
                                                   LaminaType const *elements);
LAMINA_CAPI_EXPORTED intptr_t laminaTupleTypeGetNumTypes(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaTupleTypeGetType(LaminaType type, intptr_t pos);

/* Functions. */
LAMINA_CAPI_EXPORTED bool laminaTypeIsAFunction(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaFunctionTypeGet(LaminaContext ctx, intptr_t numInputs,
                                                      LaminaType const *inputs, intptr_t numResults,
                                                      LaminaType const *results);
LAMINA_CAPI_EXPORTED intptr_t laminaFunctionTypeGetNumInputs(LaminaType type);
LAMINA_CAPI_EXPORTED intptr_t laminaFunctionTypeGetNumResults(LaminaType type);
LAMINA_CAPI_EXPORTED LaminaType laminaFunctionTypeGetInput(LaminaType type, intptr_t pos);
LAMINA_CAPI_EXPORTED LaminaType laminaFunctionTypeGetResult(LaminaType type, intptr_t pos);

#ifdef __cplusplus
}
#endif

#endif /* LAMINA_C_BUILTINTYPES_H */
