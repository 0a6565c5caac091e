//===- BuiltinDialectBytecode.cpp - Builtin attribute/type encodings -------===//
//
// Each custom encoding starts with the code of BuiltinBytecodeCodes.def and
// then lists its members in the order of MLIR's BuiltinDialectBytecode.td.
// The reader validates everything it decodes (getChecked, shape and size
// checks) so malformed input yields a diagnostic, never an invalid object.
//
#include "BuiltinDialectBytecode.h"

#include "Encoding.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/MLIRContext.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::bytecode;

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace {
/// Reads the members of one builtin attribute or type.
class BuiltinDecoder {
public:
  explicit BuiltinDecoder(BuiltinBytecodeReader &reader) : reader(reader), ctx(reader.getContext()) {}

  Attribute readAttribute();
  Type readType();

private:
  /// An error callback for getChecked.
  auto errorFn() {
    return [this]() { return reader.emitError(); };
  }

  LogicalResult readShape(std::vector<int64_t> &shape) {
    if (failed(reader.readSignedVarInts(shape)))
      return failure();
    for (int64_t d : shape)
      if (d < 0 && d != ShapedType::kDynamic)
        return reader.emitError("invalid dimension size ") << d;
    return success();
  }
  /// Reads a list of location attributes.
  LogicalResult readLocations(std::vector<LocationAttr> &locs) { return reader.readAttributes(locs); }
  /// Bit width an IntegerAttr of `type` is encoded with, or 0 on error.
  unsigned getIntegerBitWidth(Type type) {
    if (auto intType = dyn_cast<IntegerType>(type))
      return intType.getWidth();
    if (isa<IndexType>(type))
      return IndexType::kInternalStorageBitWidth;
    reader.emitError("expected integer or index type for IntegerAttr, but got: ") << type;
    return 0;
  }
  /// Checks that `type` can hold dense elements (emits a diagnostic if
  /// not). A type whose element count does not fit in int64_t can hold a
  /// splat (as in mlir-opt), but not `numElements` elements of their own.
  LogicalResult checkDenseElementsType(ShapedType type, std::optional<int64_t> &numElements) {
    if (!isa<RankedTensorType, VectorType>(type) || !type.hasStaticShape()) {
      reader.emitError("expected a statically shaped tensor or vector type for dense elements, but got: ") << type;
      return failure();
    }
    numElements = ShapedType::getNumElementsChecked(type.getShape());
    return success();
  }

  Attribute readDenseIntOrFPElements();
  Attribute readDenseStringElements();
  Attribute readFileLineColRange();

  BuiltinBytecodeReader &reader;
  MLIRContext *ctx;
};
} // namespace

Attribute BuiltinDecoder::readAttribute() {
  uint64_t code;
  if (failed(reader.readVarInt(code)))
    return Attribute();
  switch (BuiltinAttrCode(code)) {
  case BuiltinAttrCode::ArrayAttr: {
    std::vector<Attribute> elements;
    if (failed(reader.readAttributes(elements)))
      return Attribute();
    return ArrayAttr::get(ctx, elements);
  }
  case BuiltinAttrCode::DictionaryAttr: {
    std::vector<NamedAttribute> entries;
    if (failed(reader.readList(entries, [&](NamedAttribute &entry) -> LogicalResult {
          StringAttr name;
          Attribute value;
          if (failed(reader.readAttribute(name)) || failed(reader.readAttribute(value)))
            return failure();
          entry = NamedAttribute(name, value);
          return success();
        })))
      return Attribute();
    // Written sorted; tolerate any order but never duplicate names.
    bool sorted = std::is_sorted(entries.begin(), entries.end());
    if (!sorted)
      std::stable_sort(entries.begin(), entries.end());
    for (size_t i = 1; i < entries.size(); ++i)
      if (entries[i - 1].getName() == entries[i].getName())
        return reader.emitError("duplicate key '") << entries[i].getNameStr() << "' in dictionary attribute",
               Attribute();
    return DictionaryAttr::getWithSorted(ctx, entries);
  }
  case BuiltinAttrCode::StringAttr: {
    std::string_view value;
    if (failed(reader.readString(value)))
      return Attribute();
    return StringAttr::get(ctx, value);
  }
  case BuiltinAttrCode::StringAttrWithType: {
    std::string_view value;
    Type type;
    if (failed(reader.readString(value)) || failed(reader.readType(type)))
      return Attribute();
    return StringAttr::get(value, type);
  }
  case BuiltinAttrCode::FlatSymbolRefAttr: {
    StringAttr root;
    if (failed(reader.readAttribute(root)))
      return Attribute();
    return SymbolRefAttr::get(root);
  }
  case BuiltinAttrCode::SymbolRefAttr: {
    StringAttr root;
    std::vector<FlatSymbolRefAttr> nested;
    if (failed(reader.readAttribute(root)) || failed(reader.readAttributes(nested)))
      return Attribute();
    return SymbolRefAttr::get(root, nested);
  }
  case BuiltinAttrCode::TypeAttr: {
    Type type;
    if (failed(reader.readType(type)))
      return Attribute();
    return TypeAttr::get(type);
  }
  case BuiltinAttrCode::UnitAttr:
    return UnitAttr::get(ctx);
  case BuiltinAttrCode::IntegerAttr: {
    Type type;
    if (failed(reader.readType(type)))
      return Attribute();
    unsigned width = getIntegerBitWidth(type);
    if (!width && !type.isInteger(0))
      return Attribute();
    FailureOr<APInt> value = reader.readAPIntWithKnownWidth(width);
    if (failed(value))
      return Attribute();
    return IntegerAttr::getChecked(errorFn(), type, *value);
  }
  case BuiltinAttrCode::FloatAttr: {
    Type type;
    if (failed(reader.readType(type)))
      return Attribute();
    auto floatType = dyn_cast<FloatType>(type);
    if (!floatType)
      return reader.emitError("expected float type for FloatAttr, but got: ") << type, Attribute();
    FailureOr<APFloat> value = reader.readAPFloatWithKnownSemantics(floatType.getFloatSemantics());
    if (failed(value))
      return Attribute();
    return FloatAttr::getChecked(errorFn(), type, *value);
  }
  case BuiltinAttrCode::CallSiteLoc: {
    LocationAttr callee, caller;
    if (failed(reader.readAttribute(callee)) || failed(reader.readAttribute(caller)))
      return Attribute();
    return CallSiteLoc::get(callee, caller);
  }
  case BuiltinAttrCode::FileLineColLoc: {
    StringAttr filename;
    uint64_t line, column;
    if (failed(reader.readAttribute(filename)) || failed(reader.readVarInt(line)) || failed(reader.readVarInt(column)))
      return Attribute();
    return FileLineColLoc::get(filename, unsigned(line), unsigned(column));
  }
  case BuiltinAttrCode::FusedLoc: {
    std::vector<LocationAttr> locs;
    if (failed(readLocations(locs)))
      return Attribute();
    return FusedLoc::getRaw(ctx, locs, Attribute());
  }
  case BuiltinAttrCode::FusedLocWithMetadata: {
    std::vector<LocationAttr> locs;
    Attribute metadata;
    if (failed(readLocations(locs)) || failed(reader.readAttribute(metadata)))
      return Attribute();
    return FusedLoc::getRaw(ctx, locs, metadata);
  }
  case BuiltinAttrCode::NameLoc: {
    StringAttr name;
    LocationAttr child;
    if (failed(reader.readAttribute(name)) || failed(reader.readAttribute(child)))
      return Attribute();
    return NameLoc::get(name, child);
  }
  case BuiltinAttrCode::UnknownLoc:
    return UnknownLoc::get(ctx);
  case BuiltinAttrCode::DenseResourceElementsAttr: {
    ShapedType type;
    DenseResourceElementsHandle handle;
    if (failed(reader.readType(type)) || failed(reader.readResourceHandle(handle)))
      return Attribute();
    return DenseResourceElementsAttr::get(type, handle);
  }
  case BuiltinAttrCode::DenseArrayAttr: {
    Type elementType;
    uint64_t size;
    ArrayRef<char> rawData;
    if (failed(reader.readType(elementType)) || failed(reader.readVarInt(size)) || failed(reader.readBlob(rawData)))
      return Attribute();
    // Every element takes at least one byte, except zero-width integers
    // (`array<i0: 0, 0>`), whose count is only bounded to keep printing
    // finite.
    bool zeroWidth = isa<IntegerType>(elementType) && cast<IntegerType>(elementType).getWidth() == 0;
    if (zeroWidth ? size > (uint64_t(1) << 24) : size > rawData.size())
      return reader.emitError("dense array of ") << size << " elements has only " << rawData.size() << " bytes",
             Attribute();
    return DenseArrayAttr::getChecked(errorFn(), elementType, int64_t(size), rawData);
  }
  case BuiltinAttrCode::DenseIntOrFPElementsAttr:
    return readDenseIntOrFPElements();
  case BuiltinAttrCode::DenseStringElementsAttr:
    return readDenseStringElements();
  case BuiltinAttrCode::SparseElementsAttr: {
    ShapedType type;
    DenseIntElementsAttr indices;
    DenseElementsAttr values;
    if (failed(reader.readType(type)) || failed(reader.readAttribute(indices)) || failed(reader.readAttribute(values)))
      return Attribute();
    std::optional<int64_t> numElements;
    if (failed(checkDenseElementsType(type, numElements)))
      return Attribute();
    return SparseElementsAttr::getChecked(errorFn(), type, indices, values);
  }
  case BuiltinAttrCode::DistinctAttr: {
    Attribute referenced;
    if (failed(reader.readAttribute(referenced)))
      return Attribute();
    return DistinctAttr::create(referenced);
  }
  case BuiltinAttrCode::FileLineColRange:
    return readFileLineColRange();
  }
  return reader.emitError("unknown attribute code: ") << code, Attribute();
}

Attribute BuiltinDecoder::readDenseIntOrFPElements() {
  ShapedType type;
  ArrayRef<char> rawData;
  std::optional<int64_t> numElements;
  if (failed(reader.readType(type)) || failed(reader.readBlob(rawData)) ||
      failed(checkDenseElementsType(type, numElements)))
    return Attribute();
  Type elementType = type.getElementType();
  bool validElement = elementType.isIntOrIndexOrFloat();
  if (auto complex = dyn_cast<ComplexType>(elementType))
    validElement = complex.getElementType().isIntOrFloat();
  if (!validElement)
    return reader.emitError("invalid element type for dense elements: ") << elementType, Attribute();
  bool detectedSplat = false;
  if (!DenseElementsAttr::isValidRawBuffer(type, rawData, detectedSplat))
    return reader.emitError("dense elements data of ") << rawData.size() << " bytes does not match " << type,
           Attribute();
  return DenseElementsAttr::getFromRawBuffer(type, rawData);
}

Attribute BuiltinDecoder::readDenseStringElements() {
  ShapedType type;
  uint64_t isSplat;
  if (failed(reader.readType(type)) || failed(reader.readVarInt(isSplat)))
    return Attribute();
  std::optional<int64_t> numElements;
  if (failed(checkDenseElementsType(type, numElements)))
    return Attribute();
  if (!isSplat && !numElements)
    return reader.emitError("too many elements in ") << type, Attribute();
  uint64_t count = isSplat ? 1 : uint64_t(*numElements);
  // Every string reference takes at least one byte.
  if (count > reader.getRemainingBytes())
    return reader.emitError("dense string elements of ") << count << " elements exceed the remaining data",
           Attribute();
  std::vector<std::string_view> values(count);
  for (std::string_view &value : values)
    if (failed(reader.readString(value)))
      return Attribute();
  return DenseStringElementsAttr::get(type, values);
}

Attribute BuiltinDecoder::readFileLineColRange() {
  StringAttr filename;
  std::vector<uint64_t> lineCols;
  if (failed(reader.readAttribute(filename)) ||
      failed(reader.readList(lineCols, [&](uint64_t &v) { return reader.readVarInt(v); })))
    return Attribute();
  auto u = [&](size_t i) { return unsigned(lineCols[i]); };
  switch (lineCols.size()) {
  case 0:
    return FileLineColRange::get(filename);
  case 1:
    return FileLineColRange::get(filename, u(0));
  case 2:
    return FileLineColRange::get(filename, u(0), u(1));
  case 3:
    return FileLineColRange::get(filename, u(0), u(1), u(2));
  case 4:
    return FileLineColRange::get(filename, u(0), u(1), u(2), u(3));
  default:
    return reader.emitError("invalid file location range with ") << lineCols.size() << " components",
           Attribute();
  }
}

Type BuiltinDecoder::readType() {
  uint64_t code;
  if (failed(reader.readVarInt(code)))
    return Type();
  switch (BuiltinTypeCode(code)) {
  case BuiltinTypeCode::IntegerType: {
    uint64_t widthAndSignedness;
    if (failed(reader.readVarInt(widthAndSignedness)))
      return Type();
    uint64_t width = widthAndSignedness >> 2;
    uint64_t signedness = widthAndSignedness & 0x3;
    if (signedness > IntegerType::Unsigned || width > IntegerType::kMaxWidth)
      return reader.emitError("invalid integer type encoding ") << widthAndSignedness, Type();
    return IntegerType::getChecked(errorFn(), ctx, unsigned(width), IntegerType::SignednessSemantics(signedness));
  }
  case BuiltinTypeCode::IndexType:
    return IndexType::get(ctx);
  case BuiltinTypeCode::FunctionType: {
    std::vector<Type> inputs, results;
    if (failed(reader.readTypes(inputs)) || failed(reader.readTypes(results)))
      return Type();
    return FunctionType::get(ctx, inputs, results);
  }
#define FLOAT_CASE(Name)                                                                                               \
  case BuiltinTypeCode::Name:                                                                                          \
    return Name::get(ctx);
    FLOAT_CASE(BFloat16Type)
    FLOAT_CASE(Float16Type)
    FLOAT_CASE(Float32Type)
    FLOAT_CASE(Float64Type)
    FLOAT_CASE(Float80Type)
    FLOAT_CASE(Float128Type)
    FLOAT_CASE(FloatTF32Type)
    FLOAT_CASE(Float8E5M2Type)
    FLOAT_CASE(Float8E4M3Type)
    FLOAT_CASE(Float8E4M3FNType)
    FLOAT_CASE(Float8E5M2FNUZType)
    FLOAT_CASE(Float8E4M3FNUZType)
    FLOAT_CASE(Float8E4M3B11FNUZType)
    FLOAT_CASE(Float8E3M4Type)
    FLOAT_CASE(Float4E2M1FNType)
    FLOAT_CASE(Float6E2M3FNType)
    FLOAT_CASE(Float6E3M2FNType)
    FLOAT_CASE(Float8E8M0FNUType)
#undef FLOAT_CASE
  case BuiltinTypeCode::ComplexType: {
    Type elementType;
    if (failed(reader.readType(elementType)))
      return Type();
    return ComplexType::getChecked(errorFn(), elementType);
  }
  case BuiltinTypeCode::MemRefType:
  case BuiltinTypeCode::MemRefTypeWithMemSpace: {
    Attribute memorySpace, layout;
    std::vector<int64_t> shape;
    Type elementType;
    if (BuiltinTypeCode(code) == BuiltinTypeCode::MemRefTypeWithMemSpace && failed(reader.readAttribute(memorySpace)))
      return Type();
    if (failed(readShape(shape)) || failed(reader.readType(elementType)) || failed(reader.readAttribute(layout)))
      return Type();
    if (!isa<MemRefLayoutAttrInterface>(layout))
      return reader.emitError("expected a memref layout attribute, but got: ") << layout, Type();
    return MemRefType::getChecked(errorFn(), shape, elementType, layout, memorySpace);
  }
  case BuiltinTypeCode::NoneType:
    return NoneType::get(ctx);
  case BuiltinTypeCode::RankedTensorType:
  case BuiltinTypeCode::RankedTensorTypeWithEncoding: {
    Attribute encoding;
    std::vector<int64_t> shape;
    Type elementType;
    if (BuiltinTypeCode(code) == BuiltinTypeCode::RankedTensorTypeWithEncoding &&
        failed(reader.readAttribute(encoding)))
      return Type();
    if (failed(readShape(shape)) || failed(reader.readType(elementType)))
      return Type();
    return RankedTensorType::getChecked(errorFn(), shape, elementType, encoding);
  }
  case BuiltinTypeCode::TupleType: {
    std::vector<Type> types;
    if (failed(reader.readTypes(types)))
      return Type();
    return TupleType::get(ctx, types);
  }
  case BuiltinTypeCode::UnrankedMemRefType:
  case BuiltinTypeCode::UnrankedMemRefTypeWithMemSpace: {
    Attribute memorySpace;
    Type elementType;
    if (BuiltinTypeCode(code) == BuiltinTypeCode::UnrankedMemRefTypeWithMemSpace &&
        failed(reader.readAttribute(memorySpace)))
      return Type();
    if (failed(reader.readType(elementType)))
      return Type();
    return UnrankedMemRefType::getChecked(errorFn(), elementType, memorySpace);
  }
  case BuiltinTypeCode::UnrankedTensorType: {
    Type elementType;
    if (failed(reader.readType(elementType)))
      return Type();
    return UnrankedTensorType::getChecked(errorFn(), elementType);
  }
  case BuiltinTypeCode::VectorType:
  case BuiltinTypeCode::VectorTypeWithScalableDims: {
    // One byte per flag (0 or 1), viewed as bools.
    std::vector<char> scalable;
    std::vector<int64_t> shape;
    Type elementType;
    if (BuiltinTypeCode(code) == BuiltinTypeCode::VectorTypeWithScalableDims &&
        failed(reader.readList(scalable, [&](char &flag) {
          bool b;
          if (failed(reader.readBool(b)))
            return failure();
          flag = b;
          return success();
        })))
      return Type();
    if (failed(readShape(shape)) || failed(reader.readType(elementType)))
      return Type();
    if (!scalable.empty() && scalable.size() != shape.size())
      return reader.emitError("expected ") << shape.size() << " scalable flags, but got " << scalable.size(), Type();
    ArrayRef<bool> scalableDims(reinterpret_cast<const bool *>(scalable.data()), scalable.size());
    return VectorType::getChecked(errorFn(), shape, elementType, scalableDims);
  }
  }
  return reader.emitError("unknown type code: ") << code, Type();
}

Attribute bytecode::readBuiltinAttribute(BuiltinBytecodeReader &reader) { return BuiltinDecoder(reader).readAttribute(); }
Type bytecode::readBuiltinType(BuiltinBytecodeReader &reader) { return BuiltinDecoder(reader).readType(); }

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

/// The number of components MLIR writes for a location range (by value).
static void writeFileLineColRangeLocs(BuiltinBytecodeWriter &writer, FileLineColRange range) {
  unsigned sl = range.getStartLine(), sc = range.getStartColumn(), el = range.getEndLine(), ec = range.getEndColumn();
  if (sl == 0 && sc == 0 && el == 0 && ec == 0) {
    writer.writeVarInt(0);
    return;
  }
  if (sc == 0 && sl == el) {
    writer.writeVarInt(1);
    writer.writeVarInt(sl);
    return;
  }
  if (ec == sc && sl == el) {
    writer.writeVarInt(2);
    writer.writeVarInt(sl);
    writer.writeVarInt(sc);
    return;
  }
  if (sl == el) {
    writer.writeVarInt(3);
    writer.writeVarInt(sl);
    writer.writeVarInt(sc);
    writer.writeVarInt(ec);
    return;
  }
  writer.writeVarInt(4);
  writer.writeVarInt(sl);
  writer.writeVarInt(sc);
  writer.writeVarInt(el);
  writer.writeVarInt(ec);
}

static void writeCode(BuiltinBytecodeWriter &writer, BuiltinAttrCode code) { writer.writeVarInt(uint64_t(code)); }
static void writeCode(BuiltinBytecodeWriter &writer, BuiltinTypeCode code) { writer.writeVarInt(uint64_t(code)); }

void bytecode::writeBuiltinFileLineColLoc(StringAttr file, unsigned line, unsigned col,
                                          BuiltinBytecodeWriter &writer) {
  writeCode(writer, BuiltinAttrCode::FileLineColLoc);
  writer.writeAttribute(file);
  writer.writeVarInt(line);
  writer.writeVarInt(col);
}

bool bytecode::writeBuiltinAttribute(Attribute attr, BuiltinBytecodeWriter &writer) {
  if (auto a = dyn_cast<ArrayAttr>(attr)) {
    writeCode(writer, BuiltinAttrCode::ArrayAttr);
    writer.writeAttributes(a.getValue());
    return true;
  }
  if (auto a = dyn_cast<DictionaryAttr>(attr)) {
    writeCode(writer, BuiltinAttrCode::DictionaryAttr);
    writer.writeList(a.getValue(), [&](const NamedAttribute &entry) {
      writer.writeAttribute(entry.getNameAttr());
      writer.writeAttribute(entry.getValue());
    });
    return true;
  }
  if (auto a = dyn_cast<StringAttr>(attr)) {
    if (isa<NoneType>(a.getType())) {
      writeCode(writer, BuiltinAttrCode::StringAttr);
      writer.writeOwnedString(a.getValue());
    } else {
      writeCode(writer, BuiltinAttrCode::StringAttrWithType);
      writer.writeOwnedString(a.getValue());
      writer.writeType(a.getType());
    }
    return true;
  }
  if (auto a = dyn_cast<SymbolRefAttr>(attr)) {
    if (a.getNestedReferences().empty()) {
      writeCode(writer, BuiltinAttrCode::FlatSymbolRefAttr);
      writer.writeAttribute(a.getRootReference());
    } else {
      writeCode(writer, BuiltinAttrCode::SymbolRefAttr);
      writer.writeAttribute(a.getRootReference());
      writer.writeAttributes(a.getNestedReferences());
    }
    return true;
  }
  if (auto a = dyn_cast<TypeAttr>(attr)) {
    writeCode(writer, BuiltinAttrCode::TypeAttr);
    writer.writeType(a.getValue());
    return true;
  }
  if (isa<UnitAttr>(attr)) {
    writeCode(writer, BuiltinAttrCode::UnitAttr);
    return true;
  }
  if (auto a = dyn_cast<IntegerAttr>(attr)) {
    writeCode(writer, BuiltinAttrCode::IntegerAttr);
    writer.writeType(a.getType());
    writer.writeAPIntWithKnownWidth(a.getValue());
    return true;
  }
  if (auto a = dyn_cast<FloatAttr>(attr)) {
    writeCode(writer, BuiltinAttrCode::FloatAttr);
    writer.writeType(a.getType());
    writer.writeAPFloatWithKnownSemantics(a.getValue());
    return true;
  }
  if (auto a = dyn_cast<CallSiteLoc>(attr)) {
    writeCode(writer, BuiltinAttrCode::CallSiteLoc);
    writer.writeAttribute(a.getCallee());
    writer.writeAttribute(a.getCaller());
    return true;
  }
  if (auto a = dyn_cast<FileLineColRange>(attr)) {
    if (a.isFileLineColLoc()) {
      writeBuiltinFileLineColLoc(a.getFilename(), a.getStartLine(), a.getStartColumn(), writer);
    } else {
      writeCode(writer, BuiltinAttrCode::FileLineColRange);
      writer.writeAttribute(a.getFilename());
      writeFileLineColRangeLocs(writer, a);
    }
    return true;
  }
  if (auto a = dyn_cast<FusedLoc>(attr)) {
    writeCode(writer, a.getMetadata() ? BuiltinAttrCode::FusedLocWithMetadata : BuiltinAttrCode::FusedLoc);
    writer.writeAttributes(a.getLocations());
    if (a.getMetadata())
      writer.writeAttribute(a.getMetadata());
    return true;
  }
  if (auto a = dyn_cast<NameLoc>(attr)) {
    writeCode(writer, BuiltinAttrCode::NameLoc);
    writer.writeAttribute(a.getName());
    writer.writeAttribute(a.getChildLoc());
    return true;
  }
  if (isa<UnknownLoc>(attr)) {
    writeCode(writer, BuiltinAttrCode::UnknownLoc);
    return true;
  }
  if (auto a = dyn_cast<DenseResourceElementsAttr>(attr)) {
    writeCode(writer, BuiltinAttrCode::DenseResourceElementsAttr);
    writer.writeType(a.getType());
    writer.writeResourceHandle(a.getRawHandle());
    return true;
  }
  if (auto a = dyn_cast<DenseArrayAttr>(attr)) {
    writeCode(writer, BuiltinAttrCode::DenseArrayAttr);
    writer.writeType(a.getElementType());
    writer.writeVarInt(uint64_t(a.getSize()));
    writer.writeOwnedBlob(a.getRawData());
    return true;
  }
  if (auto a = dyn_cast<DenseIntOrFPElementsAttr>(attr)) {
    writeCode(writer, BuiltinAttrCode::DenseIntOrFPElementsAttr);
    writer.writeType(a.getType());
    writer.writeOwnedBlob(a.getRawData());
    return true;
  }
  if (auto a = dyn_cast<DenseStringElementsAttr>(attr)) {
    writeCode(writer, BuiltinAttrCode::DenseStringElementsAttr);
    writer.writeType(a.getType());
    bool isSplat = a.isSplat();
    writer.writeVarInt(isSplat);
    ArrayRef<std::string_view> data = a.getRawStringData();
    if (isSplat)
      writer.writeOwnedString(data.front());
    else
      for (std::string_view s : data)
        writer.writeOwnedString(s);
    return true;
  }
  if (auto a = dyn_cast<SparseElementsAttr>(attr)) {
    writeCode(writer, BuiltinAttrCode::SparseElementsAttr);
    writer.writeType(a.getType());
    writer.writeAttribute(a.getIndices());
    writer.writeAttribute(a.getValues());
    return true;
  }
  if (auto a = dyn_cast<DistinctAttr>(attr)) {
    writeCode(writer, BuiltinAttrCode::DistinctAttr);
    writer.writeAttribute(a.getReferencedAttr());
    return true;
  }
  // AffineMapAttr, IntegerSetAttr, StridedLayoutAttr, OpaqueLoc: textual.
  return false;
}

bool bytecode::writeBuiltinType(Type type, BuiltinBytecodeWriter &writer) {
  if (auto t = dyn_cast<IntegerType>(type)) {
    writeCode(writer, BuiltinTypeCode::IntegerType);
    writer.writeVarInt(uint64_t(t.getWidth()) << 2 | uint64_t(t.getSignedness()));
    return true;
  }
  if (isa<IndexType>(type)) {
    writeCode(writer, BuiltinTypeCode::IndexType);
    return true;
  }
  if (auto t = dyn_cast<FunctionType>(type)) {
    writeCode(writer, BuiltinTypeCode::FunctionType);
    writer.writeTypes(t.getInputs());
    writer.writeTypes(t.getResults());
    return true;
  }
  // mlir-opt 22.1.8 encodes only these float types; the others are textual.
#define FLOAT_CASE(Name)                                                                                               \
  if (isa<Name>(type)) {                                                                                               \
    writeCode(writer, BuiltinTypeCode::Name);                                                                          \
    return true;                                                                                                       \
  }
  FLOAT_CASE(BFloat16Type)
  FLOAT_CASE(Float16Type)
  FLOAT_CASE(Float32Type)
  FLOAT_CASE(Float64Type)
  FLOAT_CASE(Float80Type)
  FLOAT_CASE(Float128Type)
#undef FLOAT_CASE
  if (auto t = dyn_cast<ComplexType>(type)) {
    writeCode(writer, BuiltinTypeCode::ComplexType);
    writer.writeType(t.getElementType());
    return true;
  }
  if (auto t = dyn_cast<MemRefType>(type)) {
    if (Attribute memorySpace = t.getMemorySpace()) {
      writeCode(writer, BuiltinTypeCode::MemRefTypeWithMemSpace);
      writer.writeAttribute(memorySpace);
    } else {
      writeCode(writer, BuiltinTypeCode::MemRefType);
    }
    writer.writeSignedVarInts(t.getShape());
    writer.writeType(t.getElementType());
    writer.writeAttribute(t.getLayout());
    return true;
  }
  if (isa<NoneType>(type)) {
    writeCode(writer, BuiltinTypeCode::NoneType);
    return true;
  }
  if (auto t = dyn_cast<RankedTensorType>(type)) {
    if (Attribute encoding = t.getEncoding()) {
      writeCode(writer, BuiltinTypeCode::RankedTensorTypeWithEncoding);
      writer.writeAttribute(encoding);
    } else {
      writeCode(writer, BuiltinTypeCode::RankedTensorType);
    }
    writer.writeSignedVarInts(t.getShape());
    writer.writeType(t.getElementType());
    return true;
  }
  if (auto t = dyn_cast<TupleType>(type)) {
    writeCode(writer, BuiltinTypeCode::TupleType);
    writer.writeTypes(t.getTypes());
    return true;
  }
  if (auto t = dyn_cast<UnrankedMemRefType>(type)) {
    if (Attribute memorySpace = t.getMemorySpace()) {
      writeCode(writer, BuiltinTypeCode::UnrankedMemRefTypeWithMemSpace);
      writer.writeAttribute(memorySpace);
    } else {
      writeCode(writer, BuiltinTypeCode::UnrankedMemRefType);
    }
    writer.writeType(t.getElementType());
    return true;
  }
  if (auto t = dyn_cast<UnrankedTensorType>(type)) {
    writeCode(writer, BuiltinTypeCode::UnrankedTensorType);
    writer.writeType(t.getElementType());
    return true;
  }
  if (auto t = dyn_cast<VectorType>(type)) {
    if (t.isScalable()) {
      writeCode(writer, BuiltinTypeCode::VectorTypeWithScalableDims);
      writer.writeList(t.getScalableDims(), [&](bool b) { writer.writeOwnedBool(b); });
    } else {
      writeCode(writer, BuiltinTypeCode::VectorType);
    }
    writer.writeSignedVarInts(t.getShape());
    writer.writeType(t.getElementType());
    return true;
  }
  return false;
}
