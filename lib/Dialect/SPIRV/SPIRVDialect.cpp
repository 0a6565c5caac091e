//===- SPIRVDialect.cpp - The spirv dialect's types and attributes ---------===//
//
// As mlir/lib/Dialect/SPIRV/IR/SPIRVDialect.cpp, SPIRVTypes.cpp and
// SPIRVAttributes.cpp: the types' storage and syntax (array, rtarray, ptr,
// image, sampled_image, struct literal and identified, matrix, coopmatrix),
// the hand-written attributes (vce, target_env, interface_var_abi), the
// verification of the dialect's op, argument and result attributes, and the
// helpers the op constraints name.
//
#include "lamina/Dialect/SPIRV/SPIRVDialect.h"

#include "lamina/Dialect/GPU/GPUDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Interfaces/FunctionInterfaces.h"

#include <vector>

using namespace lamina;
using namespace lamina::spirv;

SPIRVDialect::SPIRVDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<SPIRVDialect>()) {
  addTypes<ArrayType, RuntimeArrayType, PointerType, ImageType, SampledImageType, MatrixType, CooperativeMatrixType,
           TensorArmType, StructType>();
  addAttributes<VerCapExtAttr, TargetEnvAttr, InterfaceVarABIAttr>();
  registerGenerated();
  // The gpu::TargetAttrInterface external model mlir-opt attaches to
  // #spirv.target_env (MLIR's registerSPIRVTargetInterfaceExternalModels).
  auto &target = const_cast<AbstractAttribute &>(AbstractAttribute::lookup(TypeID::get<TargetEnvAttr>(), ctx));
  gpu::TargetAttrInterface::Trait<TargetEnvAttr>::attachInterface(target.interfaces);
}

SPIRVDialect::~SPIRVDialect() = default;

//===----------------------------------------------------------------------===//
// Struct type storage
//===----------------------------------------------------------------------===//

uint64_t spirv::detail::StructTypeStorage::hashKey(const KeyTy &k) {
  if (k.identified)
    return hash_combine(true, k.name);
  uint64_t h = hash_combine(false, std::span<const Type>(k.body.types.data(), k.body.types.size()),
                            std::span<const uint32_t>(k.body.offsets.data(), k.body.offsets.size()));
  for (const MemberDecorationInfo &d : k.body.decorations)
    h = hash_combine(h, d.memberIndex, d.hasValue, d.decoration, d.decorationValue);
  return h;
}

spirv::detail::StructTypeStorage *spirv::detail::StructTypeStorage::construct(StorageAllocator &allocator,
                                                                              const KeyTy &k) {
  KeyTy copy = k;
  copy.name = allocator.copyInto(k.name);
  copy.body.types = allocator.copyInto(k.body.types);
  copy.body.offsets = allocator.copyInto(k.body.offsets);
  copy.body.decorations = allocator.copyInto(k.body.decorations);
  return new (allocator.allocate<StructTypeStorage>()) StructTypeStorage(copy);
}

LogicalResult spirv::detail::StructTypeStorage::mutate(StorageAllocator &allocator, const Body &newBody) {
  if (!key.identified)
    return failure();
  if (const Body *existing = getBody())
    return success(*existing == newBody);
  auto *b = new (allocator.allocate<Body>()) Body();
  b->types = allocator.copyInto(newBody.types);
  b->offsets = allocator.copyInto(newBody.offsets);
  b->decorations = allocator.copyInto(newBody.decorations);
  body.store(b, std::memory_order_release);
  return success();
}

StructType StructType::get(MLIRContext *ctx, ArrayRef<Type> memberTypes, ArrayRef<OffsetInfo> offsets,
                           ArrayRef<MemberDecorationInfo> decorations) {
  detail::StructTypeStorage::KeyTy key;
  key.body.types = memberTypes;
  key.body.offsets = offsets;
  std::vector<MemberDecorationInfo> sorted(decorations.begin(), decorations.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const MemberDecorationInfo &a, const MemberDecorationInfo &b) {
    if (a.memberIndex != b.memberIndex)
      return a.memberIndex < b.memberIndex;
    return a.decoration < b.decoration;
  });
  key.body.decorations = ArrayRef<MemberDecorationInfo>(sorted.data(), sorted.size());
  return Base::get(ctx, key);
}

StructType StructType::getIdentified(MLIRContext *ctx, std::string_view name) {
  detail::StructTypeStorage::KeyTy key;
  key.identified = true;
  key.name = name;
  return Base::get(ctx, key);
}

LogicalResult StructType::trySetBody(ArrayRef<Type> memberTypes, ArrayRef<OffsetInfo> offsets,
                                     ArrayRef<MemberDecorationInfo> decorations) {
  std::vector<MemberDecorationInfo> sorted(decorations.begin(), decorations.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const MemberDecorationInfo &a, const MemberDecorationInfo &b) {
    if (a.memberIndex != b.memberIndex)
      return a.memberIndex < b.memberIndex;
    return a.decoration < b.decoration;
  });
  detail::StructTypeStorage::Body body;
  body.types = memberTypes;
  body.offsets = offsets;
  body.decorations = ArrayRef<MemberDecorationInfo>(sorted.data(), sorted.size());
  return Base::mutate(body);
}

ArrayRef<Type> StructType::getElementTypes() const {
  if (!isIdentified())
    return getImpl()->key.body.types;
  const auto *b = getImpl()->getBody();
  return b ? b->types : ArrayRef<Type>();
}

ArrayRef<StructType::OffsetInfo> StructType::getOffsets() const {
  if (!isIdentified())
    return getImpl()->key.body.offsets;
  const auto *b = getImpl()->getBody();
  return b ? b->offsets : ArrayRef<OffsetInfo>();
}

ArrayRef<StructType::MemberDecorationInfo> StructType::getMemberDecorations() const {
  if (!isIdentified())
    return getImpl()->key.body.decorations;
  const auto *b = getImpl()->getBody();
  return b ? b->decorations : ArrayRef<MemberDecorationInfo>();
}

void StructType::walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
  for (Type t : getElementTypes())
    walkTypes(t);
}

//===----------------------------------------------------------------------===//
// Type parsing
//===----------------------------------------------------------------------===//

/// An element type of a SPIR-V composite: a spirv type, a float, a
/// 1/8/16/32/64-bit integer or a 1-D vector of at most 4 elements.
static Type parseAndVerifyType(const SPIRVDialect &dialect, AsmParser &parser) {
  Type type;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return Type();
  if (&type.getDialect() == &dialect)
    return type;
  if (isa<FloatType>(type))
    return type;
  if (auto intType = dyn_cast<IntegerType>(type)) {
    unsigned w = intType.getWidth();
    if (w != 1 && w != 8 && w != 16 && w != 32 && w != 64)
      return (void)(parser.emitError(typeLoc, "only 1/8/16/32/64-bit integer type allowed but found ") << type),
             Type();
    return type;
  }
  if (auto vecType = dyn_cast<VectorType>(type)) {
    if (vecType.getRank() != 1)
      return (void)(parser.emitError(typeLoc, "only 1-D vector allowed but found ") << type), Type();
    if (vecType.getNumElements() > 4)
      return (void)(parser.emitError(typeLoc, "vector length has to be less than or equal to 4 but found ")
                    << vecType.getNumElements()),
             Type();
    return type;
  }
  (void)(parser.emitError(typeLoc, "cannot use ") << type << " to compose SPIR-V types");
  return Type();
}

/// `, stride = N` or nothing (0).
static LogicalResult parseOptionalArrayStride(AsmParser &parser, unsigned &stride) {
  stride = 0;
  if (failed(parser.parseOptionalComma()))
    return success();
  if (parser.parseKeyword("stride") || parser.parseEqual())
    return failure();
  SMLoc strideLoc = parser.getCurrentLocation();
  if (parser.parseInteger(stride))
    return failure();
  if (!stride)
    return (void)parser.emitError(strideLoc, "ArrayStride must be greater than zero"), failure();
  return success();
}

static Type parseArrayType(const SPIRVDialect &dialect, AsmParser &parser) {
  if (parser.parseLess())
    return Type();
  std::vector<int64_t> countDims;
  SMLoc countLoc = parser.getCurrentLocation();
  if (parser.parseDimensionList(countDims, /*allowDynamic=*/false))
    return Type();
  if (countDims.size() != 1)
    return (void)parser.emitError(countLoc, "expected single integer for array element count"), Type();
  int64_t count = countDims[0];
  if (count == 0)
    return (void)parser.emitError(countLoc, "expected array length greater than 0"), Type();
  Type elementType = parseAndVerifyType(dialect, parser);
  if (!elementType)
    return Type();
  unsigned stride = 0;
  if (failed(parseOptionalArrayStride(parser, stride)) || parser.parseGreater())
    return Type();
  return ArrayType::get(elementType, unsigned(count), stride);
}

/// A keyword naming a case of `info`; `what` names it in the error.
static std::optional<uint64_t> parseEnumKeyword(AsmParser &parser, const ods::EnumInfo &info,
                                                std::string_view what) {
  SMLoc loc = parser.getCurrentLocation();
  std::string_view keyword;
  if (parser.parseKeyword(&keyword))
    return std::nullopt;
  std::optional<uint64_t> value = info.symbolize(keyword);
  if (!value)
    (void)(parser.emitError(loc, "invalid ") << what << " attribute specification: " << keyword);
  return value;
}

static Type parseCooperativeMatrixType(const SPIRVDialect &dialect, AsmParser &parser) {
  if (parser.parseLess())
    return Type();
  std::vector<int64_t> dims;
  SMLoc countLoc = parser.getCurrentLocation();
  if (parser.parseDimensionList(dims, /*allowDynamic=*/false))
    return Type();
  if (dims.size() != 2)
    return (void)parser.emitError(countLoc, "expected row and column count"), Type();
  Type elementType = parseAndVerifyType(dialect, parser);
  if (!elementType || parser.parseComma())
    return Type();
  std::optional<uint64_t> scope = parseEnumKeyword(parser, getScopeInfo(), "scope <id>");
  if (!scope || parser.parseComma())
    return Type();
  std::optional<uint64_t> use = parseEnumKeyword(parser, getCooperativeMatrixUseKHRInfo(), "use <id>");
  if (!use || parser.parseGreater())
    return Type();
  return CooperativeMatrixType::get(elementType, uint32_t(dims[0]), uint32_t(dims[1]), Scope(*scope),
                                    CooperativeMatrixUseKHR(*use));
}

static Type parsePointerType(const SPIRVDialect &dialect, AsmParser &parser) {
  if (parser.parseLess())
    return Type();
  Type pointeeType = parseAndVerifyType(dialect, parser);
  if (!pointeeType)
    return Type();
  std::string_view spec;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseComma() || parser.parseKeyword(&spec))
    return Type();
  std::optional<uint64_t> storageClass = getStorageClassInfo().symbolize(spec);
  if (!storageClass)
    return (void)(parser.emitError(loc, "unknown storage class: ") << spec), Type();
  if (parser.parseGreater())
    return Type();
  return PointerType::get(pointeeType, StorageClass(*storageClass));
}

static Type parseRuntimeArrayType(const SPIRVDialect &dialect, AsmParser &parser) {
  if (parser.parseLess())
    return Type();
  Type elementType = parseAndVerifyType(dialect, parser);
  if (!elementType)
    return Type();
  unsigned stride = 0;
  if (failed(parseOptionalArrayStride(parser, stride)) || parser.parseGreater())
    return Type();
  return RuntimeArrayType::get(elementType, stride);
}

static Type parseMatrixType(AsmParser &parser) {
  if (parser.parseLess())
    return Type();
  std::vector<int64_t> countDims;
  SMLoc countLoc = parser.getCurrentLocation();
  if (parser.parseDimensionList(countDims, /*allowDynamic=*/false))
    return Type();
  if (countDims.size() != 1)
    return (void)parser.emitError(countLoc, "expected single unsigned integer for number of columns"), Type();
  int64_t columnCount = countDims[0];
  if (columnCount < 2 || columnCount > 4)
    return (void)parser.emitError(countLoc, "matrix is expected to have 2, 3, or 4 columns"), Type();
  Type type;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return Type();
  auto vecType = dyn_cast<VectorType>(type);
  if (!vecType)
    return (void)(parser.emitError(typeLoc, "matrix must be composed using vector type, got ") << type), Type();
  if (vecType.getRank() != 1)
    return (void)(parser.emitError(typeLoc, "only 1-D vector allowed but found ") << type), Type();
  if (vecType.getNumElements() > 4 || vecType.getNumElements() < 2)
    return (void)(parser.emitError(typeLoc, "matrix columns size has to be less than or equal to 4 and greater than "
                                            "or equal 2, but found ")
                  << vecType.getNumElements()),
           Type();
  if (!isa<FloatType>(vecType.getElementType()))
    return (void)(parser.emitError(typeLoc, "matrix columns' elements must be of Float type, got ")
                  << vecType.getElementType()),
           Type();
  if (parser.parseGreater())
    return Type();
  return MatrixType::get(type, unsigned(columnCount));
}

/// A keyword naming a case of `info`: "unknown attribute: 'X'" otherwise.
static std::optional<uint32_t> parseImageParam(AsmParser &parser, const ods::EnumInfo &info) {
  SMLoc loc = parser.getCurrentLocation();
  std::string_view keyword;
  if (parser.parseKeyword(&keyword))
    return std::nullopt;
  std::optional<uint64_t> value = info.symbolize(keyword);
  if (!value)
    return (void)(parser.emitError(loc, "unknown attribute: '") << keyword << "'"), std::nullopt;
  return uint32_t(*value);
}

static Type parseImageType(const SPIRVDialect &dialect, AsmParser &parser) {
  if (parser.parseLess())
    return Type();
  Type elementType = parseAndVerifyType(dialect, parser);
  if (!elementType)
    return Type();
  const ods::EnumInfo *infos[] = {&getDimInfo(),          &getImageDepthInfoInfo(),      &getImageArrayedInfoInfo(),
                                  &getImageSamplingInfoInfo(), &getImageSamplerUseInfoInfo(), &getImageFormatInfo()};
  uint32_t values[6] = {};
  for (unsigned i = 0; i < 6; ++i) {
    if (parser.parseComma())
      return Type();
    std::optional<uint32_t> v = parseImageParam(parser, *infos[i]);
    if (!v)
      return Type();
    values[i] = *v;
  }
  if (parser.parseGreater())
    return Type();
  return ImageType::get(elementType, Dim(values[0]), ImageDepthInfo(values[1]), ImageArrayedInfo(values[2]),
                        ImageSamplingInfo(values[3]), ImageSamplerUseInfo(values[4]), ImageFormat(values[5]));
}

static Type parseSampledImageType(AsmParser &parser) {
  if (parser.parseLess())
    return Type();
  Type type;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return Type();
  if (!isa<ImageType>(type))
    return (void)(parser.emitError(typeLoc, "sampled image must be composed using image type, got ") << type), Type();
  if (parser.parseGreater())
    return Type();
  return SampledImageType::get(type);
}

/// `[offset?, Decoration(=value)?, ...]` after the member's type (the `[` is
/// parsed).
static ParseResult parseStructMemberDecorations(AsmParser &parser, size_t numMembers,
                                                std::vector<uint32_t> &offsets,
                                                std::vector<StructType::MemberDecorationInfo> &decorations) {
  SMLoc offsetLoc = parser.getCurrentLocation();
  uint32_t offset = 0;
  std::optional<ParseResult> offsetResult = parser.parseOptionalInteger(offset);
  if (offsetResult.has_value()) {
    if (failed(*offsetResult))
      return failure();
    if (offsets.size() != numMembers - 1)
      return parser.emitError(offsetLoc, "offset specification must be given for all members");
    offsets.push_back(offset);
  }
  if (succeeded(parser.parseOptionalRSquare()))
    return success();
  if (offsetResult.has_value() && parser.parseComma())
    return failure();
  auto parseDecoration = [&]() -> ParseResult {
    std::optional<uint32_t> decoration = parseImageParam(parser, getDecorationInfo());
    if (!decoration)
      return failure();
    StructType::MemberDecorationInfo info;
    info.memberIndex = uint32_t(numMembers - 1);
    info.decoration = *decoration;
    if (succeeded(parser.parseOptionalEqual())) {
      uint32_t value = 0;
      if (parser.parseInteger(value))
        return failure();
      info.hasValue = true;
      info.decorationValue = value;
    }
    decorations.push_back(info);
    return success();
  };
  if (parser.parseCommaSeparatedList(parseDecoration) || parser.parseRSquare())
    return failure();
  return success();
}

static Type parseStructType(const SPIRVDialect &dialect, AsmParser &parser) {
  if (parser.parseLess())
    return Type();
  MLIRContext *ctx = dialect.getContext();
  std::string_view identifier;
  std::optional<AsmParser::CyclicParseReset> cyclicParse;
  if (succeeded(parser.parseOptionalKeyword(&identifier))) {
    StructType structType = StructType::getIdentified(ctx, identifier);
    FailureOr<AsmParser::CyclicParseReset> started = parser.tryStartCyclicParse(structType);
    if (succeeded(parser.parseOptionalGreater())) {
      if (succeeded(started))
        return (void)parser.emitError(parser.getNameLoc(),
                                      "recursive struct reference not nested in struct definition"),
               Type();
      return structType;
    }
    if (failed(parser.parseComma()))
      return Type();
    if (failed(started))
      return (void)parser.emitError(parser.getNameLoc(), "identifier already used for an enclosing struct"), Type();
    cyclicParse.emplace(std::move(*started));
  }
  if (failed(parser.parseLParen()))
    return Type();
  std::vector<Type> memberTypes;
  std::vector<uint32_t> offsets;
  std::vector<StructType::MemberDecorationInfo> decorations;
  if (succeeded(parser.parseOptionalRParen())) {
    if (failed(parser.parseGreater()))
      return Type();
  } else {
    do {
      Type memberType;
      if (parser.parseType(memberType))
        return Type();
      memberTypes.push_back(memberType);
      if (succeeded(parser.parseOptionalLSquare()) &&
          parseStructMemberDecorations(parser, memberTypes.size(), offsets, decorations))
        return Type();
    } while (succeeded(parser.parseOptionalComma()));
    if (!offsets.empty() && memberTypes.size() != offsets.size())
      return (void)parser.emitError(parser.getNameLoc(), "offset specification must be given for all members"),
             Type();
    if (failed(parser.parseRParen()) || failed(parser.parseGreater()))
      return Type();
  }
  ArrayRef<Type> typesRef(memberTypes.data(), memberTypes.size());
  ArrayRef<uint32_t> offsetsRef(offsets.data(), offsets.size());
  ArrayRef<StructType::MemberDecorationInfo> decosRef(decorations.data(), decorations.size());
  if (!identifier.empty()) {
    StructType type = StructType::getIdentified(ctx, identifier);
    if (failed(type.trySetBody(typesRef, offsetsRef, decosRef)))
      return Type();
    return type;
  }
  return StructType::get(ctx, typesRef, offsetsRef, decosRef);
}

/// `arm.tensor<2x3xT>`, `<?x?xT>`, `<*xT>`.
static Type parseTensorArmType(const SPIRVDialect &dialect, AsmParser &parser) {
  if (parser.parseLess())
    return Type();
  std::vector<int64_t> dims;
  SMLoc countLoc = parser.getCurrentLocation();
  bool unranked = false;
  if (succeeded(parser.parseOptionalStar())) {
    unranked = true;
    if (parser.parseXInDimensionList())
      return Type();
  } else if (parser.parseDimensionList(dims, /*allowDynamic=*/true)) {
    return Type();
  }
  if (!unranked && dims.empty())
    return (void)parser.emitError(countLoc, "arm.tensors do not support rank zero"), Type();
  bool anyDynamic = false, anyStatic = false;
  for (int64_t d : dims) {
    if (d == 0)
      return (void)parser.emitError(countLoc, "arm.tensors do not support zero dimensions"), Type();
    (ShapedType::isDynamic(d) ? anyDynamic : anyStatic) = true;
  }
  if (anyDynamic && anyStatic)
    return (void)parser.emitError(countLoc,
                                  "arm.tensor shape dimensions must be either fully dynamic or completed shaped"),
           Type();
  Type elementType = parseAndVerifyType(dialect, parser);
  if (!elementType || parser.parseGreater())
    return Type();
  return TensorArmType::get(ArrayRef<int64_t>(dims.data(), dims.size()), elementType);
}

Type SPIRVDialect::parseType(DialectAsmParser &parser) const {
  std::string_view keyword;
  if (parser.parseKeyword(&keyword))
    return Type();
  if (keyword == "array")
    return parseArrayType(*this, parser);
  if (keyword == "coopmatrix")
    return parseCooperativeMatrixType(*this, parser);
  if (keyword == "image")
    return parseImageType(*this, parser);
  if (keyword == "ptr")
    return parsePointerType(*this, parser);
  if (keyword == "rtarray")
    return parseRuntimeArrayType(*this, parser);
  if (keyword == "sampled_image")
    return parseSampledImageType(parser);
  if (keyword == "struct")
    return parseStructType(*this, parser);
  if (keyword == "matrix")
    return parseMatrixType(parser);
  if (keyword == "arm.tensor")
    return parseTensorArmType(*this, parser);
  (void)(parser.emitError(parser.getNameLoc(), "unknown SPIR-V type: ") << keyword);
  return Type();
}

//===----------------------------------------------------------------------===//
// Type printing
//===----------------------------------------------------------------------===//

static void printStructType(StructType type, DialectAsmPrinter &os) {
  std::optional<AsmPrinter::CyclicPrintReset> cyclicPrint;
  os << "struct<";
  if (type.isIdentified()) {
    os << type.getIdentifier();
    FailureOr<AsmPrinter::CyclicPrintReset> started = os.tryStartCyclicPrint(type);
    if (failed(started)) {
      os << ">";
      return;
    }
    cyclicPrint.emplace(std::move(*started));
    os << ", ";
  }
  os << "(";
  ArrayRef<StructType::MemberDecorationInfo> decorations = type.getMemberDecorations();
  const ods::EnumInfo &decorationInfo = getDecorationInfo();
  for (unsigned i = 0, e = type.getNumElements(); i < e; ++i) {
    if (i)
      os << ", ";
    os << type.getElementType(i);
    bool hasDecorations = false;
    for (const auto &d : decorations)
      hasDecorations |= d.memberIndex == i;
    if (!type.hasOffset() && !hasDecorations)
      continue;
    os << " [";
    bool first = true;
    if (type.hasOffset()) {
      os << type.getMemberOffset(i);
      first = false;
    }
    for (const auto &d : decorations) {
      if (d.memberIndex != i)
        continue;
      if (!first)
        os << ", ";
      first = false;
      os << decorationInfo.stringify(d.decoration);
      if (d.hasValue)
        os << "=" << d.decorationValue;
    }
    os << "]";
  }
  os << ")>";
}

void SPIRVDialect::printType(Type type, DialectAsmPrinter &os) const {
  if (auto t = dyn_cast<ArrayType>(type)) {
    os << "array<" << t.getNumElements() << " x " << t.getElementType();
    if (unsigned stride = t.getArrayStride())
      os << ", stride=" << stride;
    os << ">";
  } else if (auto t = dyn_cast<RuntimeArrayType>(type)) {
    os << "rtarray<" << t.getElementType();
    if (unsigned stride = t.getArrayStride())
      os << ", stride=" << stride;
    os << ">";
  } else if (auto t = dyn_cast<PointerType>(type)) {
    os << "ptr<" << t.getPointeeType() << ", " << getStorageClassInfo().stringify(uint64_t(t.getStorageClass()))
       << ">";
  } else if (auto t = dyn_cast<ImageType>(type)) {
    os << "image<" << t.getElementType() << ", " << getDimInfo().stringify(uint64_t(t.getDim())) << ", "
       << getImageDepthInfoInfo().stringify(uint64_t(t.getDepthInfo())) << ", "
       << getImageArrayedInfoInfo().stringify(uint64_t(t.getArrayedInfo())) << ", "
       << getImageSamplingInfoInfo().stringify(uint64_t(t.getSamplingInfo())) << ", "
       << getImageSamplerUseInfoInfo().stringify(uint64_t(t.getSamplerUseInfo())) << ", "
       << getImageFormatInfo().stringify(uint64_t(t.getImageFormat())) << ">";
  } else if (auto t = dyn_cast<SampledImageType>(type)) {
    os << "sampled_image<" << t.getImageType() << ">";
  } else if (auto t = dyn_cast<StructType>(type)) {
    printStructType(t, os);
  } else if (auto t = dyn_cast<CooperativeMatrixType>(type)) {
    os << "coopmatrix<" << t.getRows() << "x" << t.getColumns() << "x" << t.getElementType() << ", "
       << getScopeInfo().stringify(uint64_t(t.getScope())) << ", "
       << getCooperativeMatrixUseKHRInfo().stringify(uint64_t(t.getUse())) << ">";
  } else if (auto t = dyn_cast<MatrixType>(type)) {
    os << "matrix<" << t.getNumColumns() << " x " << t.getColumnType() << ">";
  } else if (auto t = dyn_cast<TensorArmType>(type)) {
    os << "arm.tensor<";
    if (!t.hasRank())
      os << "*";
    bool first = true;
    for (int64_t d : t.getShape()) {
      if (!first)
        os << "x";
      first = false;
      if (ShapedType::isDynamic(d))
        os << "?";
      else
        os << d;
    }
    os << "x" << t.getElementType() << ">";
  }
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// `[kw, kw, ...]`, each keyword given to `process`.
static ParseResult parseKeywordList(AsmParser &parser, function_ref<LogicalResult(SMLoc, std::string_view)> process) {
  if (parser.parseLSquare())
    return failure();
  if (succeeded(parser.parseOptionalRSquare()))
    return success();
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        std::string_view keyword;
        if (parser.parseKeyword(&keyword) || failed(process(loc, keyword)))
          return failure();
        return success();
      }))
    return failure();
  return parser.parseRSquare();
}

static Attribute parseInterfaceVarABIAttr(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  if (parser.parseLess() || parser.parseLParen())
    return Attribute();
  uint32_t set = 0, binding = 0;
  SMLoc loc = parser.getCurrentLocation();
  std::optional<ParseResult> r = parser.parseOptionalInteger(set);
  if (!r.has_value() || failed(*r))
    return (void)parser.emitError(loc, "missing descriptor set"), Attribute();
  if (parser.parseComma())
    return Attribute();
  loc = parser.getCurrentLocation();
  r = parser.parseOptionalInteger(binding);
  if (!r.has_value() || failed(*r))
    return (void)parser.emitError(loc, "missing binding"), Attribute();
  if (parser.parseRParen())
    return Attribute();
  uint32_t storageClass = InterfaceVarABIAttr::kNoStorageClass;
  if (succeeded(parser.parseOptionalComma())) {
    loc = parser.getCurrentLocation();
    std::string_view spec;
    if (parser.parseKeyword(&spec))
      return Attribute();
    std::optional<uint64_t> sc = getStorageClassInfo().symbolize(spec);
    if (!sc)
      return (void)(parser.emitError(loc, "unknown storage class: ") << spec), Attribute();
    storageClass = uint32_t(*sc);
  }
  if (parser.parseGreater())
    return Attribute();
  return InterfaceVarABIAttr::get(ctx, set, binding, storageClass);
}

static Attribute parseVerCapExtAttr(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  Builder b(ctx);
  if (parser.parseLess())
    return Attribute();
  SMLoc loc = parser.getCurrentLocation();
  std::string_view version;
  if (parser.parseKeyword(&version) || parser.parseComma())
    return Attribute();
  std::optional<uint64_t> v = getVersionInfo().symbolize(version);
  if (!v)
    return (void)(parser.emitError(loc, "unknown version: ") << version), Attribute();
  std::vector<Attribute> caps;
  SMLoc errorLoc;
  std::string_view errorKeyword;
  auto processCap = [&](SMLoc kwLoc, std::string_view kw) -> LogicalResult {
    if (std::optional<uint64_t> c = getCapabilityInfo().symbolize(kw)) {
      caps.push_back(b.getI32IntegerAttr(int32_t(*c)));
      return success();
    }
    errorLoc = kwLoc;
    errorKeyword = kw;
    return failure();
  };
  if (parseKeywordList(parser, processCap) || parser.parseComma()) {
    if (!errorKeyword.empty())
      (void)(parser.emitError(errorLoc, "unknown capability: ") << errorKeyword);
    return Attribute();
  }
  std::vector<Attribute> exts;
  auto processExt = [&](SMLoc kwLoc, std::string_view kw) -> LogicalResult {
    if (getExtensionInfo().symbolize(kw)) {
      exts.push_back(b.getStringAttr(kw));
      return success();
    }
    errorLoc = kwLoc;
    errorKeyword = kw;
    return failure();
  };
  if (parseKeywordList(parser, processExt)) {
    if (!errorKeyword.empty())
      (void)(parser.emitError(errorLoc, "unknown extension: ") << errorKeyword);
    return Attribute();
  }
  if (parser.parseGreater())
    return Attribute();
  return VerCapExtAttr::get(ctx, b.getI32IntegerAttr(int32_t(*v)), b.getArrayAttr(caps), b.getArrayAttr(exts));
}

static Attribute parseTargetEnvAttr(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  if (parser.parseLess())
    return Attribute();
  VerCapExtAttr triple;
  if (parser.parseAttribute(triple) || parser.parseComma())
    return Attribute();
  uint32_t clientAPI = uint32_t(ClientAPI::Unknown);
  if (succeeded(parser.parseOptionalKeyword("api"))) {
    if (parser.parseEqual())
      return Attribute();
    SMLoc loc = parser.getCurrentLocation();
    std::string_view api;
    if (parser.parseKeyword(&api))
      return Attribute();
    if (std::optional<uint64_t> a = getClientAPIInfo().symbolize(api))
      clientAPI = uint32_t(*a);
    else
      (void)(parser.emitError(loc, "unknown client API: ") << api);
    if (parser.parseComma())
      return Attribute();
  }
  uint32_t vendor = uint32_t(Vendor::Unknown);
  uint32_t deviceType = uint32_t(DeviceType::Unknown);
  uint32_t deviceID = TargetEnvAttr::kUnknownDeviceID;
  SMLoc loc = parser.getCurrentLocation();
  std::string_view vendorStr;
  if (succeeded(parser.parseOptionalKeyword(&vendorStr))) {
    if (std::optional<uint64_t> v = getVendorInfo().symbolize(vendorStr))
      vendor = uint32_t(*v);
    else
      (void)(parser.emitError(loc, "unknown vendor: ") << vendorStr);
    if (succeeded(parser.parseOptionalColon())) {
      loc = parser.getCurrentLocation();
      std::string_view deviceTypeStr;
      if (parser.parseKeyword(&deviceTypeStr))
        return Attribute();
      if (std::optional<uint64_t> d = getDeviceTypeInfo().symbolize(deviceTypeStr))
        deviceType = uint32_t(*d);
      else
        (void)(parser.emitError(loc, "unknown device type: ") << deviceTypeStr);
      if (succeeded(parser.parseOptionalColon()) && parser.parseInteger(deviceID))
        return Attribute();
    }
    if (parser.parseComma())
      return Attribute();
  }
  ResourceLimitsAttr limits;
  if (parser.parseAttribute(limits) || parser.parseGreater())
    return Attribute();
  return TargetEnvAttr::get(ctx, triple, clientAPI, vendor, deviceType, deviceID, limits);
}

Attribute SPIRVDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  if (type)
    return (void)parser.emitError(parser.getNameLoc(), "unexpected type"), Attribute();
  std::string_view kind = parser.getCurrentTokenSpelling();
  if (kind == "target_env" || kind == "vce" || kind == "interface_var_abi") {
    (void)parser.parseKeyword(&kind);
    if (kind == "target_env")
      return parseTargetEnvAttr(parser);
    if (kind == "vce")
      return parseVerCapExtAttr(parser);
    return parseInterfaceVarABIAttr(parser);
  }
  return attrTypes.parseAttribute(parser, type, *this);
}

static void printVerCapExt(VerCapExtAttr triple, DialectAsmPrinter &printer) {
  printer << "vce<" << getVersionInfo().stringify(uint64_t(cast<IntegerAttr>(triple.getVersionAttr()).getInt()))
          << ", [";
  bool first = true;
  for (Attribute cap : triple.getCapabilitiesAttr()) {
    if (!first)
      printer << ", ";
    first = false;
    printer << getCapabilityInfo().stringify(uint64_t(cast<IntegerAttr>(cap).getInt()));
  }
  printer << "], [";
  first = true;
  for (Attribute ext : triple.getExtensionsAttr()) {
    if (!first)
      printer << ", ";
    first = false;
    printer << cast<StringAttr>(ext).getValue();
  }
  printer << "]>";
}

void SPIRVDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  if (auto triple = dyn_cast<VerCapExtAttr>(attr))
    return printVerCapExt(triple, printer);
  if (auto env = dyn_cast<TargetEnvAttr>(attr)) {
    printer << "target_env<#spirv.";
    printVerCapExt(cast<VerCapExtAttr>(env.getTripleAttr()), printer);
    if (env.getClientAPI() != uint32_t(ClientAPI::Unknown))
      printer << ", api=" << getClientAPIInfo().stringify(env.getClientAPI());
    if (env.getVendorID() != uint32_t(Vendor::Unknown)) {
      printer << ", " << getVendorInfo().stringify(env.getVendorID());
      if (env.getDeviceType() != uint32_t(DeviceType::Unknown)) {
        printer << ":" << getDeviceTypeInfo().stringify(env.getDeviceType());
        if (env.getDeviceID() != TargetEnvAttr::kUnknownDeviceID)
          printer << ":" << env.getDeviceID();
      }
    }
    printer << ", ";
    printer.printAttribute(env.getResourceLimits());
    printer << ">";
    return;
  }
  if (auto abi = dyn_cast<InterfaceVarABIAttr>(attr)) {
    printer << "interface_var_abi<(" << abi.getDescriptorSet() << ", " << abi.getBinding() << ")";
    if (abi.hasStorageClass())
      printer << ", " << getStorageClassInfo().stringify(abi.getStorageClassValue());
    printer << ">";
    return;
  }
  (void)attrTypes.printAttribute(attr, printer);
}

//===----------------------------------------------------------------------===//
// Dialect attributes on ops and arguments
//===----------------------------------------------------------------------===//

LogicalResult SPIRVDialect::verifyOperationAttribute(Operation *op, NamedAttribute attribute) {
  std::string_view symbol = attribute.getNameStr();
  Attribute attr = attribute.getValue();
  if (symbol == "spirv.entry_point_abi") {
    if (!isa<EntryPointABIAttr>(attr))
      return op->emitError("'") << symbol << "' attribute must be an entry point ABI attribute";
  } else if (symbol == "spirv.target_env") {
    if (!isa<TargetEnvAttr>(attr))
      return op->emitError("'") << symbol << "' must be a spirv::TargetEnvAttr";
  } else {
    return op->emitError("found unsupported '") << symbol << "' attribute on operation";
  }
  return success();
}

static LogicalResult verifyRegionAttribute(Location loc, Type valueType, NamedAttribute attribute) {
  std::string_view symbol = attribute.getNameStr();
  Attribute attr = attribute.getValue();
  if (symbol == "spirv.decoration")
    return success();
  if (symbol != "spirv.interface_var_abi")
    return emitError(loc, "found unsupported '") << symbol << "' attribute on region argument";
  auto abi = dyn_cast<InterfaceVarABIAttr>(attr);
  if (!abi)
    return emitError(loc, "'") << symbol << "' must be a spirv::InterfaceVarABIAttr";
  if (abi.hasStorageClass() && !valueType.isIntOrIndexOrFloat())
    return emitError(loc, "'") << symbol
                               << "' attribute cannot specify storage class when attaching to a non-scalar value";
  return success();
}

LogicalResult SPIRVDialect::verifyRegionArgAttribute(Operation *op, unsigned regionIndex, unsigned argIndex,
                                                     NamedAttribute attribute) {
  return verifyRegionAttribute(op->getLoc(), op->getRegion(regionIndex).front().getArgument(argIndex).getType(), attribute);
}

LogicalResult SPIRVDialect::verifyRegionResultAttribute(Operation *op, unsigned, unsigned, NamedAttribute) {
  return op->emitError("cannot attach SPIR-V attributes to region result");
}

//===----------------------------------------------------------------------===//
// Helpers of the constraints
//===----------------------------------------------------------------------===//

Type spirv::getUnaryOpResultType(Type operandType) {
  Builder builder(operandType.getContext());
  Type resultType = builder.getIntegerType(1);
  if (auto vecType = dyn_cast<VectorType>(operandType))
    return VectorType::get(vecType.getShape(), resultType);
  return resultType;
}

bool spirv::isNestedInFunctionOpInterface(Operation *op) {
  for (; op; op = op->getParentOp()) {
    if (op->hasTrait<OpTrait::SymbolTable>())
      return false;
    if (isa<FunctionOpInterface>(op))
      return true;
  }
  return false;
}

bool spirv::isDirectInModuleLikeOp(Operation *op) {
  return op && op->hasTrait<OpTrait::SymbolTable>();
}

bool spirv::isNestedInGraphARMOpInterface(Operation *op) {
  for (; op; op = op->getParentOp()) {
    if (op->hasTrait<OpTrait::SymbolTable>())
      return false;
    if (op->getName().getStringRef() == "spirv.ARM.Graph")
      return true;
  }
  return false;
}

bool spirv::isGraphType(Type) { return false; }

bool spirv::bitEnumContainsAny(Attribute attr, ImageOperands bits) {
  auto a = dyn_cast_or_null<ImageOperandsAttr>(attr);
  return a && (uint32_t(a.getValue()) & uint32_t(bits)) != 0;
}

ods::Trait spirv::UsableInSpecConstantOpTrait(std::initializer_list<std::string_view>) {
  ods::Trait t = ods::CustomTrait("UsableInSpecConstantOp", [](Operation *) { return success(); });
  t.tag = TypeID::get<UsableInSpecConstantOpTag>();
  return t;
}

ods::Trait spirv::SignedOpTrait(std::initializer_list<std::string_view>) {
  return ods::CustomTrait("SignedOp", [](Operation *) { return success(); });
}

ods::Trait spirv::UnsignedOpTrait(std::initializer_list<std::string_view>) {
  return ods::CustomTrait("UnsignedOp", [](Operation *) { return success(); });
}
