//===- BuiltinTypes.cpp - The C API of the builtin types ------------------===//
#include "lamina-c/BuiltinTypes.h"

#include "Wrap.h"

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"

#include <vector>

using namespace lamina;

namespace {
/// The emitError callback of the checked getters: unknown location.
struct UnknownLocEmitter {
  MLIRContext *ctx;
  InFlightDiagnostic operator()() const { return emitError(UnknownLoc::get(ctx)); }
};
} // namespace

static std::vector<Type> unwrapTypes(intptr_t n, LaminaType const *types) {
  std::vector<Type> result;
  result.reserve(n);
  for (intptr_t i = 0; i < n; ++i)
    result.push_back(unwrap(types[i]));
  return result;
}

// Integer types.
bool laminaTypeIsAInteger(LaminaType type) { return isa<IntegerType>(unwrap(type)); }
LaminaType laminaIntegerTypeGet(LaminaContext ctx, unsigned bitwidth) {
  return wrap(Type(IntegerType::get(unwrap(ctx), bitwidth)));
}
LaminaType laminaIntegerTypeSignedGet(LaminaContext ctx, unsigned bitwidth) {
  return wrap(Type(IntegerType::get(unwrap(ctx), bitwidth, IntegerType::Signed)));
}
LaminaType laminaIntegerTypeUnsignedGet(LaminaContext ctx, unsigned bitwidth) {
  return wrap(Type(IntegerType::get(unwrap(ctx), bitwidth, IntegerType::Unsigned)));
}
unsigned laminaIntegerTypeGetWidth(LaminaType type) { return cast<IntegerType>(unwrap(type)).getWidth(); }
bool laminaIntegerTypeIsSignless(LaminaType type) { return cast<IntegerType>(unwrap(type)).isSignless(); }
bool laminaIntegerTypeIsSigned(LaminaType type) { return cast<IntegerType>(unwrap(type)).isSigned(); }
bool laminaIntegerTypeIsUnsigned(LaminaType type) { return cast<IntegerType>(unwrap(type)).isUnsigned(); }

// Index and none.
bool laminaTypeIsAIndex(LaminaType type) { return isa<IndexType>(unwrap(type)); }
LaminaType laminaIndexTypeGet(LaminaContext ctx) { return wrap(Type(IndexType::get(unwrap(ctx)))); }
bool laminaTypeIsANone(LaminaType type) { return isa<NoneType>(unwrap(type)); }
LaminaType laminaNoneTypeGet(LaminaContext ctx) { return wrap(Type(NoneType::get(unwrap(ctx)))); }

// Floats.
bool laminaTypeIsAFloat(LaminaType type) { return isa<FloatType>(unwrap(type)); }
unsigned laminaFloatTypeGetWidth(LaminaType type) { return cast<FloatType>(unwrap(type)).getWidth(); }
bool laminaTypeIsABF16(LaminaType type) { return isa<BFloat16Type>(unwrap(type)); }
LaminaType laminaBF16TypeGet(LaminaContext ctx) { return wrap(Type(FloatType::getBF16(unwrap(ctx)))); }
bool laminaTypeIsAF16(LaminaType type) { return isa<Float16Type>(unwrap(type)); }
LaminaType laminaF16TypeGet(LaminaContext ctx) { return wrap(Type(FloatType::getF16(unwrap(ctx)))); }
bool laminaTypeIsAF32(LaminaType type) { return isa<Float32Type>(unwrap(type)); }
LaminaType laminaF32TypeGet(LaminaContext ctx) { return wrap(Type(FloatType::getF32(unwrap(ctx)))); }
bool laminaTypeIsAF64(LaminaType type) { return isa<Float64Type>(unwrap(type)); }
LaminaType laminaF64TypeGet(LaminaContext ctx) { return wrap(Type(FloatType::getF64(unwrap(ctx)))); }

// Complex.
bool laminaTypeIsAComplex(LaminaType type) { return isa<ComplexType>(unwrap(type)); }
LaminaType laminaComplexTypeGet(LaminaType elementType) {
  Type element = unwrap(elementType);
  return wrap(Type(ComplexType::getChecked(UnknownLocEmitter{element.getContext()}, element)));
}
LaminaType laminaComplexTypeGetElementType(LaminaType type) {
  return wrap(cast<ComplexType>(unwrap(type)).getElementType());
}

// Shaped types.
bool laminaTypeIsAShaped(LaminaType type) { return isa<ShapedType>(unwrap(type)); }
LaminaType laminaShapedTypeGetElementType(LaminaType type) {
  return wrap(cast<ShapedType>(unwrap(type)).getElementType());
}
bool laminaShapedTypeHasRank(LaminaType type) { return cast<ShapedType>(unwrap(type)).hasRank(); }
int64_t laminaShapedTypeGetRank(LaminaType type) { return cast<ShapedType>(unwrap(type)).getRank(); }
bool laminaShapedTypeHasStaticShape(LaminaType type) { return cast<ShapedType>(unwrap(type)).hasStaticShape(); }
bool laminaShapedTypeIsDynamicDim(LaminaType type, intptr_t dim) {
  return cast<ShapedType>(unwrap(type)).isDynamicDim(unsigned(dim));
}
int64_t laminaShapedTypeGetDimSize(LaminaType type, intptr_t dim) {
  return cast<ShapedType>(unwrap(type)).getDimSize(unsigned(dim));
}
int64_t laminaShapedTypeGetDynamicSize(void) { return ShapedType::kDynamic; }
bool laminaShapedTypeIsDynamicSize(int64_t size) { return ShapedType::isDynamic(size); }

bool laminaTypeIsAVector(LaminaType type) { return isa<VectorType>(unwrap(type)); }
LaminaType laminaVectorTypeGet(intptr_t rank, const int64_t *shape, LaminaType elementType) {
  Type element = unwrap(elementType);
  return wrap(Type(VectorType::getChecked(UnknownLocEmitter{element.getContext()},
                                          ArrayRef<int64_t>(shape, size_t(rank)), element, ArrayRef<bool>())));
}

bool laminaTypeIsATensor(LaminaType type) { return isa<TensorType>(unwrap(type)); }
bool laminaTypeIsARankedTensor(LaminaType type) { return isa<RankedTensorType>(unwrap(type)); }
bool laminaTypeIsAUnrankedTensor(LaminaType type) { return isa<UnrankedTensorType>(unwrap(type)); }
LaminaType laminaRankedTensorTypeGet(intptr_t rank, const int64_t *shape, LaminaType elementType,
                                     LaminaAttribute encoding) {
  Type element = unwrap(elementType);
  return wrap(Type(RankedTensorType::getChecked(UnknownLocEmitter{element.getContext()},
                                                ArrayRef<int64_t>(shape, size_t(rank)), element, unwrap(encoding))));
}
LaminaType laminaUnrankedTensorTypeGet(LaminaType elementType) {
  Type element = unwrap(elementType);
  return wrap(Type(UnrankedTensorType::getChecked(UnknownLocEmitter{element.getContext()}, element)));
}

bool laminaTypeIsAMemRef(LaminaType type) { return isa<MemRefType>(unwrap(type)); }
bool laminaTypeIsAUnrankedMemRef(LaminaType type) { return isa<UnrankedMemRefType>(unwrap(type)); }
LaminaType laminaMemRefTypeGet(LaminaType elementType, intptr_t rank, const int64_t *shape, LaminaAttribute layout,
                               LaminaAttribute memorySpace) {
  Type element = unwrap(elementType);
  return wrap(Type(MemRefType::getChecked(UnknownLocEmitter{element.getContext()},
                                          ArrayRef<int64_t>(shape, size_t(rank)), element, unwrap(layout),
                                          unwrap(memorySpace))));
}
LaminaAttribute laminaMemRefTypeGetLayout(LaminaType type) { return wrap(cast<MemRefType>(unwrap(type)).getLayout()); }
LaminaAttribute laminaMemRefTypeGetMemorySpace(LaminaType type) {
  return wrap(cast<BaseMemRefType>(unwrap(type)).getMemorySpace());
}

// Tuples.
bool laminaTypeIsATuple(LaminaType type) { return isa<TupleType>(unwrap(type)); }
LaminaType laminaTupleTypeGet(LaminaContext ctx, intptr_t numElements, LaminaType const *elements) {
  std::vector<Type> types = unwrapTypes(numElements, elements);
  return wrap(Type(TupleType::get(unwrap(ctx), types)));
}
intptr_t laminaTupleTypeGetNumTypes(LaminaType type) { return intptr_t(cast<TupleType>(unwrap(type)).size()); }
LaminaType laminaTupleTypeGetType(LaminaType type, intptr_t pos) {
  return wrap(cast<TupleType>(unwrap(type)).getType(size_t(pos)));
}

// Functions.
bool laminaTypeIsAFunction(LaminaType type) { return isa<FunctionType>(unwrap(type)); }
LaminaType laminaFunctionTypeGet(LaminaContext ctx, intptr_t numInputs, LaminaType const *inputs,
                                 intptr_t numResults, LaminaType const *results) {
  std::vector<Type> in = unwrapTypes(numInputs, inputs), out = unwrapTypes(numResults, results);
  return wrap(Type(FunctionType::get(unwrap(ctx), in, out)));
}
intptr_t laminaFunctionTypeGetNumInputs(LaminaType type) { return cast<FunctionType>(unwrap(type)).getNumInputs(); }
intptr_t laminaFunctionTypeGetNumResults(LaminaType type) { return cast<FunctionType>(unwrap(type)).getNumResults(); }
LaminaType laminaFunctionTypeGetInput(LaminaType type, intptr_t pos) {
  return wrap(cast<FunctionType>(unwrap(type)).getInput(unsigned(pos)));
}
LaminaType laminaFunctionTypeGetResult(LaminaType type, intptr_t pos) {
  return wrap(cast<FunctionType>(unwrap(type)).getResult(unsigned(pos)));
}
