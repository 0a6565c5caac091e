//===- EmitCTypes.cpp - The emitc dialect's types -------------------------===//
//
// As mlir/lib/Dialect/EmitC/IR/EmitC.cpp: the tests of supported types,
// `!emitc.array<...>`'s syntax and the types' verifiers.
//
#include "lamina/Dialect/EmitC/EmitCDialect.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::emitc;

EmitCDialect::EmitCDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<EmitCDialect>()) {
  registerGenerated();
}

EmitCDialect::~EmitCDialect() = default;

//===----------------------------------------------------------------------===//
// Supported types
//===----------------------------------------------------------------------===//

bool emitc::isSupportedEmitCType(Type type) {
  // Pointers and arrays nest: walk down to the element (no recursion).
  while (true) {
    if (isa<emitc::OpaqueType>(type))
      return true;
    if (auto ptrType = dyn_cast<PointerType>(type)) {
      type = ptrType.getPointee();
      continue;
    }
    if (auto arrayType = dyn_cast<ArrayType>(type)) {
      Type elemType = arrayType.getElementType();
      if (isa<ArrayType>(elemType))
        return false;
      type = elemType;
      continue;
    }
    if (type.isIndex() || isPointerWideType(type))
      return true;
    if (isa<IntegerType>(type))
      return isSupportedIntegerType(type);
    if (isa<FloatType>(type))
      return isSupportedFloatType(type);
    if (auto tensorType = dyn_cast<TensorType>(type)) {
      if (!tensorType.hasStaticShape())
        return false;
      Type elemType = tensorType.getElementType();
      if (isa<ArrayType>(elemType))
        return false;
      type = elemType;
      continue;
    }
    if (auto tupleType = dyn_cast<TupleType>(type)) {
      for (Type t : tupleType.getTypes())
        if (isa<ArrayType>(t) || !isSupportedEmitCType(t))
          return false;
      return true;
    }
    return false;
  }
}

bool emitc::isSupportedIntegerType(Type type) {
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType)
    return false;
  switch (intType.getWidth()) {
  case 1:
  case 8:
  case 16:
  case 32:
  case 64:
    return true;
  default:
    return false;
  }
}

bool emitc::isIntegerIndexOrOpaqueType(Type type) {
  return isa<IndexType>(type) || isa<emitc::OpaqueType>(type) || isSupportedIntegerType(type) || isPointerWideType(type);
}

bool emitc::isSupportedFloatType(Type type) {
  auto floatType = dyn_cast<FloatType>(type);
  if (!floatType)
    return false;
  switch (floatType.getWidth()) {
  case 16:
    return type.isF16() || type.isBF16();
  case 32:
  case 64:
    return true;
  default:
    return false;
  }
}

bool emitc::isPointerWideType(Type type) {
  return isa<SignedSizeTType>(type) || isa<SizeTType>(type) || isa<PtrDiffTType>(type);
}

bool emitc::isFundamentalType(Type type) {
  return isa<IndexType>(type) || isPointerWideType(type) || isSupportedIntegerType(type) ||
         isSupportedFloatType(type) || isa<PointerType>(type);
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// MLIR's ArrayType::isValidElementType: a float, integer, index, size or
/// opaque type, or a pointer.
static bool isValidArrayElementType(Type type) {
  return isSupportedFloatType(type) || isIntegerIndexOrOpaqueType(type) || isa<PointerType>(type);
}

/// `<2x3xi32>`.
Type ArrayType::parse(AsmParser &parser) {
  if (failed(parser.parseLess()))
    return Type();
  std::vector<int64_t> dimensions;
  if (failed(parser.parseDimensionList(dimensions, /*allowDynamic=*/false, /*withTrailingX=*/true)))
    return Type();
  SMLoc typeLoc = parser.getCurrentLocation();
  Type elementType;
  if (failed(parser.parseType(elementType)))
    return Type();
  if (!isValidArrayElementType(elementType)) {
    (void)(parser.emitError(typeLoc, "invalid array element type '") << elementType << "'");
    return Type();
  }
  if (failed(parser.parseGreater()))
    return Type();
  ArrayRef<int64_t> shape(dimensions.data(), dimensions.size());
  if (failed(verify([&] { return parser.emitError(typeLoc); }, shape, elementType)))
    return Type();
  return ArrayType::get(parser.getContext(), shape, elementType);
}

void ArrayType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << 'x';
  printer.printType(getElementType());
  printer << ">";
}

LogicalResult ArrayType::verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                Type elementType) {
  if (shape.empty())
    return emitError() << "shape must not be empty";
  for (int64_t dim : shape)
    if (dim < 0)
      return emitError() << "dimensions must have non-negative size";
  if (!elementType)
    return emitError() << "element type must not be none";
  if (!isValidArrayElementType(elementType))
    return emitError() << "invalid array element type";
  return success();
}

LogicalResult LValueType::verify(function_ref<InFlightDiagnostic()> emitError, Type value) {
  if (!isSupportedEmitCType(value))
    return emitError() << "!emitc.lvalue must wrap supported emitc type, but got " << value;
  if (isa<ArrayType>(value))
    return emitError() << "!emitc.lvalue cannot wrap !emitc.array type";
  return success();
}

LogicalResult emitc::OpaqueType::verify(function_ref<InFlightDiagnostic()> emitError, std::string_view value) {
  if (value.empty())
    return emitError() << "expected non empty string in !emitc.opaque type";
  if (value.back() == '*')
    return emitError() << "pointer not allowed as outer type with !emitc.opaque, use !emitc.ptr instead";
  return success();
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError, Type value) {
  if (isa<LValueType>(value))
    return emitError() << "pointers to lvalues are not allowed";
  return success();
}
