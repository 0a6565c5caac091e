//===- LLVMTypes.cpp - The llvm dialect's types ----------------------------===//
//
// What MLIR writes by hand for the llvm dialect's types (LLVMTypes.cpp and
// LLVMTypeSyntax.cpp): the structure type (storage, identified bodies, its
// syntax), the type predicates, the verifiers the TypeDefs declare
// (genVerifyDecl), the `custom<...>` directives of the type formats, and the
// dialect's type syntax: inside an llvm type, an llvm type is written
// without its `!llvm.` prefix (`!llvm.array<4 x ptr>`), any other type in
// full; builtin integers, floats and vectors always in full.
//
#include "lamina/Dialect/LLVMIR/LLVMDialect.h"

#include "lamina/IR/Diagnostics.h"
#include <unordered_set>

#include <vector>

using namespace lamina;
using namespace lamina::LLVM;

//===----------------------------------------------------------------------===//
// Structure type
//===----------------------------------------------------------------------===//

LLVM::detail::LLVMStructTypeStorage *LLVM::detail::LLVMStructTypeStorage::construct(StorageAllocator &allocator,
                                                                                  const KeyTy &k) {
  KeyTy copy = k;
  copy.name = allocator.copyInto(k.name);
  copy.types = allocator.copyInto(k.types);
  auto *storage = new (allocator.allocate<LLVMStructTypeStorage>()) LLVMStructTypeStorage(copy);
  if (k.identified && k.opaque) {
    auto *b = new (allocator.allocate<Body>()) Body();
    b->opaque = true;
    storage->body.store(b, std::memory_order_release);
  }
  return storage;
}

LogicalResult LLVM::detail::LLVMStructTypeStorage::mutate(StorageAllocator &allocator, ArrayRef<Type> types,
                                                          bool packed) {
  if (!key.identified)
    return failure();
  if (const Body *existing = getBody())
    return success(!existing->opaque && existing->types == types && existing->packed == packed);
  auto *b = new (allocator.allocate<Body>()) Body();
  b->types = allocator.copyInto(types);
  b->packed = packed;
  body.store(b, std::memory_order_release);
  return success();
}

bool LLVMStructType::isValidElementType(Type type) {
  return !isa<LLVMVoidType, LLVMLabelType, LLVMMetadataType, LLVMFunctionType, LLVMTokenType>(type);
}

LLVMStructType LLVMStructType::getIdentified(MLIRContext *ctx, std::string_view name) {
  detail::LLVMStructTypeStorage::KeyTy key;
  key.identified = true;
  key.name = name;
  return Base::get(ctx, key);
}

LLVMStructType LLVMStructType::getIdentifiedChecked(function_ref<InFlightDiagnostic()>, MLIRContext *ctx,
                                                    std::string_view name) {
  return getIdentified(ctx, name);
}

LLVMStructType LLVMStructType::getOpaque(std::string_view name, MLIRContext *ctx) {
  detail::LLVMStructTypeStorage::KeyTy key;
  key.identified = true;
  key.name = name;
  key.opaque = true;
  return Base::get(ctx, key);
}

LLVMStructType LLVMStructType::getLiteral(MLIRContext *ctx, ArrayRef<Type> types, bool isPacked) {
  detail::LLVMStructTypeStorage::KeyTy key;
  key.types = types;
  key.packed = isPacked;
  return Base::get(ctx, key);
}

LLVMStructType LLVMStructType::getLiteralChecked(function_ref<InFlightDiagnostic()> emitError, MLIRContext *ctx,
                                                 ArrayRef<Type> types, bool isPacked) {
  for (Type t : types)
    if (!isValidElementType(t))
      return (void)(emitError() << "invalid LLVM structure element type: " << t), LLVMStructType();
  return getLiteral(ctx, types, isPacked);
}

LogicalResult LLVMStructType::setBody(ArrayRef<Type> types, bool isPacked) { return Base::mutate(types, isPacked); }

bool LLVMStructType::isPacked() const {
  if (!isIdentified())
    return getImpl()->key.packed;
  const auto *b = getImpl()->getBody();
  return b && b->packed;
}

bool LLVMStructType::isOpaque() const {
  if (!isIdentified())
    return false;
  const auto *b = getImpl()->getBody();
  return !b || b->opaque;
}

ArrayRef<Type> LLVMStructType::getBody() const {
  if (!isIdentified())
    return getImpl()->key.types;
  const auto *b = getImpl()->getBody();
  return b ? b->types : ArrayRef<Type>();
}

void LLVMStructType::walkImmediateSubElements(function_ref<void(Attribute)>,
                                              function_ref<void(Type)> walkTypes) const {
  for (Type t : getBody())
    walkTypes(t);
}

//===----------------------------------------------------------------------===//
// Type syntax
//===----------------------------------------------------------------------===//

static Type dispatchParse(AsmParser &parser, bool allowAny = true);

/// The keyword of an llvm type.
static std::string_view getTypeKeyword(Type type) {
  if (isa<LLVMVoidType>(type))
    return "void";
  if (isa<LLVMPPCFP128Type>(type))
    return "ppc_fp128";
  if (isa<LLVMTokenType>(type))
    return "token";
  if (isa<LLVMLabelType>(type))
    return "label";
  if (isa<LLVMMetadataType>(type))
    return "metadata";
  if (isa<LLVMFunctionType>(type))
    return "func";
  if (isa<LLVMPointerType>(type))
    return "ptr";
  if (isa<LLVMArrayType>(type))
    return "array";
  if (isa<LLVMStructType>(type))
    return "struct";
  if (isa<LLVMTargetExtType>(type))
    return "target";
  if (isa<LLVMX86AMXType>(type))
    return "x86_amx";
  return "";
}

/// Prints an llvm type without its prefix: its keyword and parameters.
static void printLLVMType(Type type, AsmPrinter &printer) {
  if (!type) {
    printer << "<<NULL-TYPE>>";
    return;
  }
  printer << getTypeKeyword(type);
  if (auto s = dyn_cast<LLVMStructType>(type))
    s.print(printer);
  else if (isa<LLVMPointerType, LLVMArrayType, LLVMFunctionType, LLVMTargetExtType>(type))
    ods::printTypeParams(type, printer);
}

/// A type inside an llvm type: llvm types without their prefix, others in
/// full.
static void dispatchPrint(AsmPrinter &printer, Type type) {
  if (type && isCompatibleType(type) && !isa<IntegerType, FloatType, VectorType>(type))
    return printLLVMType(type, printer);
  printer.printType(type);
}

/// Sets the body of an identified struct, or reports why it cannot.
static LLVMStructType trySetStructBody(LLVMStructType type, ArrayRef<Type> subtypes, bool isPacked,
                                       AsmParser &parser, SMLoc subtypesLoc) {
  for (Type t : subtypes)
    if (!LLVMStructType::isValidElementType(t))
      return (void)(parser.emitError(subtypesLoc) << "invalid LLVM structure element type: " << t), LLVMStructType();
  if (succeeded(type.setBody(subtypes, isPacked)))
    return type;
  (void)parser.emitError(subtypesLoc, "identified type already used with a different body");
  return LLVMStructType();
}

Type LLVMStructType::parse(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  Location loc = parser.getEncodedSourceLoc(parser.getCurrentLocation());
  if (failed(parser.parseLess()))
    return Type();
  std::string name;
  bool isIdentified = succeeded(parser.parseOptionalString(&name));
  if (isIdentified) {
    SMLoc greaterLoc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalGreater())) {
      // A reference to an enclosing struct.
      LLVMStructType type = getIdentified(ctx, name);
      if (succeeded(parser.tryStartCyclicParse(type)))
        return (void)parser.emitError(greaterLoc, "struct without a body only allowed in a recursive struct"), Type();
      return type;
    }
    if (failed(parser.parseComma()))
      return Type();
  }

  SMLoc kwLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("opaque"))) {
    if (!isIdentified)
      return (void)parser.emitError(kwLoc, "only identified structs can be opaque"), Type();
    if (failed(parser.parseGreater()))
      return Type();
    LLVMStructType type = getOpaque(name, ctx);
    if (!type.isOpaque())
      return (void)parser.emitError(kwLoc, "redeclaring defined struct as opaque"), Type();
    return type;
  }

  std::optional<AsmParser::CyclicParseReset> cyclicParse;
  if (isIdentified) {
    FailureOr<AsmParser::CyclicParseReset> started = parser.tryStartCyclicParse(getIdentified(ctx, name));
    if (failed(started))
      return (void)parser.emitError(kwLoc, "identifier already used for an enclosing struct"), Type();
    cyclicParse.emplace(std::move(*started));
  }

  bool isPacked = succeeded(parser.parseOptionalKeyword("packed"));
  if (failed(parser.parseLParen()))
    return Type();
  auto emitErrorFn = [&] { return emitError(loc); };
  if (succeeded(parser.parseOptionalRParen())) {
    if (failed(parser.parseGreater()))
      return Type();
    if (!isIdentified)
      return getLiteralChecked(emitErrorFn, ctx, {}, isPacked);
    return trySetStructBody(getIdentified(ctx, name), {}, isPacked, parser, kwLoc);
  }

  std::vector<Type> subtypes;
  SMLoc subtypesLoc = parser.getCurrentLocation();
  do {
    Type type = dispatchParse(parser);
    if (!type)
      return Type();
    subtypes.push_back(type);
  } while (succeeded(parser.parseOptionalComma()));
  if (parser.parseRParen() || parser.parseGreater())
    return Type();
  if (!isIdentified)
    return getLiteralChecked(emitErrorFn, ctx, subtypes, isPacked);
  return trySetStructBody(getIdentified(ctx, name), subtypes, isPacked, parser, subtypesLoc);
}

void LLVMStructType::print(AsmPrinter &printer) const {
  std::optional<AsmPrinter::CyclicPrintReset> cyclicPrint;
  printer << "<";
  if (isIdentified()) {
    FailureOr<AsmPrinter::CyclicPrintReset> started = printer.tryStartCyclicPrint(*this);
    printer.printString(getName());
    // A reference to an enclosing struct: only its name.
    if (failed(started)) {
      printer << '>';
      return;
    }
    cyclicPrint.emplace(std::move(*started));
    printer << ", ";
  }
  if (isIdentified() && isOpaque()) {
    printer << "opaque>";
    return;
  }
  if (isPacked())
    printer << "packed ";
  printer << '(';
  bool first = true;
  for (Type t : getBody()) {
    if (!first)
      printer << ", ";
    first = false;
    dispatchPrint(printer, t);
  }
  printer << ")>";
}

/// Parses an llvm type written with or without its prefix, or (`allowAny`)
/// any type.
static Type dispatchParse(AsmParser &parser, bool allowAny) {
  SMLoc keyLoc = parser.getCurrentLocation();
  Type type;
  std::optional<ParseResult> result = parser.parseOptionalTypeImpl(type);
  if (result.has_value()) {
    if (failed(*result))
      return Type();
    if (!allowAny)
      return (void)parser.emitError(keyLoc, "unexpected type, expected keyword"), Type();
    return type;
  }

  std::string_view key;
  if (failed(parser.parseKeyword(&key)))
    return Type();
  MLIRContext *ctx = parser.getContext();
  if (key == "void")
    return LLVMVoidType::get(ctx);
  if (key == "ppc_fp128")
    return LLVMPPCFP128Type::get(ctx);
  if (key == "token")
    return LLVMTokenType::get(ctx);
  if (key == "label")
    return LLVMLabelType::get(ctx);
  if (key == "metadata")
    return LLVMMetadataType::get(ctx);
  if (key == "func")
    return ods::parseTypeParams(TypeID::get<LLVMFunctionType>(), parser);
  if (key == "ptr")
    return ods::parseTypeParams(TypeID::get<LLVMPointerType>(), parser);
  if (key == "array")
    return ods::parseTypeParams(TypeID::get<LLVMArrayType>(), parser);
  if (key == "struct")
    return LLVMStructType::parse(parser);
  if (key == "target")
    return ods::parseTypeParams(TypeID::get<LLVMTargetExtType>(), parser);
  if (key == "x86_amx")
    return LLVMX86AMXType::get(ctx);
  (void)(parser.emitError(keyLoc) << "unknown LLVM type: " << key);
  return Type();
}

Type LLVMDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  Type type = dispatchParse(parser, /*allowAny=*/false);
  if (!type)
    return type;
  if (!isCompatibleOuterType(type))
    return (void)parser.emitError(loc, "unexpected type, expected keyword"), Type();
  return type;
}

void LLVMDialect::printType(Type type, DialectAsmPrinter &printer) const { printLLVMType(type, printer); }

ParseResult LLVM::parsePrettyLLVMType(AsmParser &parser, ArrayRef<ods::ParamValue *> args) {
  args[0]->type = dispatchParse(parser);
  return success(bool(args[0]->type));
}

void LLVM::printPrettyLLVMType(AsmPrinter &printer, ArrayRef<const ods::ParamValue *> args) {
  dispatchPrint(printer, args[0]->type);
}

/// `(` `)`, `(` `...` `)`, `(` type (`,` type)* (`,` `...`)? `)` after the
/// opening parenthesis: the parameters and whether the function is variadic.
ParseResult LLVM::parseFunctionTypes(AsmParser &parser, ArrayRef<ods::ParamValue *> args) {
  std::vector<Type> &params = args[0]->types;
  bool &isVarArg = args[1]->b;
  isVarArg = false;
  if (succeeded(parser.parseOptionalRParen()))
    return success();
  if (succeeded(parser.parseOptionalEllipsis())) {
    isVarArg = true;
    return parser.parseRParen();
  }
  Type type = dispatchParse(parser);
  if (!type)
    return failure();
  params.push_back(type);
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalEllipsis())) {
      isVarArg = true;
      return parser.parseRParen();
    }
    type = dispatchParse(parser);
    if (!type)
      return failure();
    params.push_back(type);
  }
  return parser.parseRParen();
}

void LLVM::printFunctionTypes(AsmPrinter &printer, ArrayRef<const ods::ParamValue *> args) {
  const std::vector<Type> &params = args[0]->types;
  for (size_t i = 0; i < params.size(); ++i) {
    if (i)
      printer << ", ";
    dispatchPrint(printer, params[i]);
  }
  if (args[1]->b) {
    if (!params.empty())
      printer << ", ";
    printer << "...";
  }
  printer << ')';
}

/// The parameters of a target extension type: types, then integers.
ParseResult LLVM::parseExtTypeParams(AsmParser &parser, ArrayRef<ods::ParamValue *> args) {
  std::vector<Type> &typeParams = args[0]->types;
  std::vector<uint64_t> &intParams = args[1]->uints;
  bool parseTypes = true;
  auto parseOne = [&]() -> ParseResult {
    unsigned value = 0;
    std::optional<ParseResult> intResult = parser.parseOptionalInteger(value);
    if (intResult.has_value() && succeeded(*intResult)) {
      intParams.push_back(value);
      parseTypes = false;
      return success();
    }
    if (parseTypes) {
      if (Type t = dispatchParse(parser)) {
        typeParams.push_back(t);
        return success();
      }
    }
    return failure();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::None, parseOne)) {
    (void)parser.emitError(parser.getCurrentLocation(), "failed to parse parameter list for target extension type");
    return failure();
  }
  return success();
}

void LLVM::printExtTypeParams(AsmPrinter &printer, ArrayRef<const ods::ParamValue *> args) {
  const std::vector<Type> &typeParams = args[0]->types;
  const std::vector<uint64_t> &intParams = args[1]->uints;
  for (size_t i = 0; i < typeParams.size(); ++i) {
    if (i)
      printer << ", ";
    printer.printType(typeParams[i]);
  }
  if (!typeParams.empty() && !intParams.empty())
    printer << ", ";
  for (size_t i = 0; i < intParams.size(); ++i) {
    if (i)
      printer << ", ";
    printer << (unsigned long long)intParams[i];
  }
}

//===----------------------------------------------------------------------===//
// Verifiers of the TypeDefs
//===----------------------------------------------------------------------===//

LogicalResult LLVMArrayType::verify(function_ref<InFlightDiagnostic()> emitError, Type elementType, uint64_t) {
  if (isa<LLVMVoidType, LLVMLabelType, LLVMMetadataType, LLVMFunctionType, LLVMTokenType>(elementType))
    return emitError() << "invalid array element type: " << elementType;
  return success();
}

static bool isValidArgumentType(Type type) {
  if (auto s = dyn_cast<LLVMStructType>(type))
    return !s.isOpaque();
  return !isa<LLVMVoidType, LLVMFunctionType>(type);
}

LogicalResult LLVMFunctionType::verify(function_ref<InFlightDiagnostic()> emitError, Type result,
                                       ArrayRef<Type> arguments, bool) {
  if (isa<LLVMFunctionType, LLVMMetadataType, LLVMLabelType>(result))
    return emitError() << "invalid function result type: " << result;
  for (Type arg : arguments)
    if (!isValidArgumentType(arg))
      return emitError() << "invalid function argument type: " << arg;
  return success();
}

//===----------------------------------------------------------------------===//
// Type predicates
//===----------------------------------------------------------------------===//

static bool isBuiltinLLVMFloat(Type type) {
  return isa<BFloat16Type, Float16Type, Float32Type, Float64Type, Float80Type, Float128Type>(type);
}

bool LLVM::isCompatibleOuterType(Type type) {
  if (isBuiltinLLVMFloat(type) ||
      isa<LLVMArrayType, LLVMFunctionType, LLVMLabelType, LLVMMetadataType, LLVMPPCFP128Type, LLVMPointerType,
          LLVMStructType, LLVMTokenType, LLVMTargetExtType, LLVMVoidType, LLVMX86AMXType>(type))
    return true;
  if (auto i = dyn_cast<IntegerType>(type))
    return i.isSignless();
  if (auto v = dyn_cast<VectorType>(type))
    return v.getRank() == 1;
  return false;
}

bool LLVM::isCompatibleType(Type type) {
  // Scalars first: most queries.
  if (auto i = dyn_cast<IntegerType>(type))
    return i.isSignless();
  if (isBuiltinLLVMFloat(type) || isa<LLVMPointerType>(type))
    return true;
  // Aggregates: every type reachable must be compatible; a type reached
  // again (a recursive struct) counts as compatible.
  std::vector<Type> worklist{type};
  std::unordered_set<const void *> seen;
  while (!worklist.empty()) {
    Type t = worklist.back();
    worklist.pop_back();
    if (!seen.insert(t.getAsOpaquePointer()).second)
      continue;
    if (auto s = dyn_cast<LLVMStructType>(t)) {
      for (Type e : s.getBody())
        worklist.push_back(e);
    } else if (auto f = dyn_cast<LLVMFunctionType>(t)) {
      worklist.push_back(f.getReturnType());
      for (Type p : f.getParams())
        worklist.push_back(p);
    } else if (auto i = dyn_cast<IntegerType>(t)) {
      if (!i.isSignless())
        return false;
    } else if (auto v = dyn_cast<VectorType>(t)) {
      if (v.getRank() != 1)
        return false;
      worklist.push_back(v.getElementType());
    } else if (auto e = dyn_cast<LLVMTargetExtType>(t)) {
      for (Type p : e.getTypeParams())
        worklist.push_back(p);
    } else if (auto a = dyn_cast<LLVMArrayType>(t)) {
      worklist.push_back(a.getElementType());
    } else if (!isBuiltinLLVMFloat(t) &&
               !isa<LLVMPointerType, LLVMLabelType, LLVMMetadataType, LLVMPPCFP128Type, LLVMTokenType,
                    LLVMVoidType, LLVMX86AMXType>(t)) {
      return false;
    }
  }
  return true;
}

bool LLVM::isCompatibleFloatingPointType(Type type) {
  return isBuiltinLLVMFloat(type) || isa<LLVMPPCFP128Type>(type);
}

bool LLVM::isCompatibleVectorType(Type type) {
  auto v = dyn_cast<VectorType>(type);
  if (!v || v.getRank() != 1)
    return false;
  Type e = v.getElementType();
  if (auto i = dyn_cast<IntegerType>(e))
    return i.isSignless();
  return isBuiltinLLVMFloat(e) || isa<LLVMPointerType>(e);
}

static bool supportsMemOps(LLVMTargetExtType type) {
  std::string_view name = type.getExtTypeName();
  return name.substr(0, 6) == "spirv." || name == "aarch64.svcount";
}

bool LLVM::isLoadableType(Type type) {
  if (!isCompatibleOuterType(type) || isa<LLVMVoidType, LLVMFunctionType>(type))
    return false;
  if (auto s = dyn_cast<LLVMStructType>(type); s && s.isOpaque())
    return false;
  if (auto e = dyn_cast<LLVMTargetExtType>(type); e && !supportsMemOps(e))
    return false;
  return true;
}

bool LLVM::isScalableVectorType(Type vectorType) { return cast<VectorType>(vectorType).isScalable(); }

ElementCount LLVM::getVectorNumElements(Type type) {
  auto vec = cast<VectorType>(type);
  return {vec.getNumElements(), vec.isScalable()};
}

Type LLVM::getValAndBoolStructType(Type valType) {
  MLIRContext *ctx = valType.getContext();
  return LLVMStructType::getLiteral(ctx, {valType, IntegerType::get(ctx, 1)});
}
