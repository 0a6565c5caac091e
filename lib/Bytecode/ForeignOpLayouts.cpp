//===- ForeignOpLayouts.cpp - Property layouts of operations Lamina lacks --===//
//
// The registry of foreign operation layouts (parsed once from the tables in
// ForeignOpLayouts.def and ForeignOpLayoutsTest.def) and the native property
// encoding driven by a layout. See ForeignOpLayouts.h for the table format.
// The property codecs nest only as deep as the tables write them (never as
// the input says), so reading and writing them recursively is bounded.
//
#include "ForeignOpLayouts.h"

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/MLIRContext.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

using namespace lamina;
using namespace lamina::bytecode;

//===----------------------------------------------------------------------===//
// Registry
//===----------------------------------------------------------------------===//

namespace {
struct RawLayout {
  std::string_view name;
  std::string_view layout;
};

constexpr RawLayout kRawLayouts[] = {
#define FOREIGN_OP(NAME, LAYOUT) {NAME, LAYOUT},
#include "ForeignOpLayouts.def"
#include "ForeignOpLayoutsTest.def"
#undef FOREIGN_OP
};

struct Registry {
  std::unordered_map<std::string_view, ForeignOpLayout> layouts;
  /// Owns the property codecs (stable addresses).
  std::deque<PropertyCodec> codecs;

  /// Parses a property kind (`opt<arr<int64>>`); null if malformed.
  const PropertyCodec *parseCodec(std::string_view kind) {
    static constexpr std::pair<std::string_view, PropertyCodec::Kind> kLeaves[] = {
        {"bool", PropertyCodec::Kind::Unit},        {"boolp", PropertyCodec::Kind::Bool},
        {"int64", PropertyCodec::Kind::Int64},      {"int32", PropertyCodec::Kind::Int32},
        {"int8", PropertyCodec::Kind::Int8},        {"uint8", PropertyCodec::Kind::UInt8},
        {"enum", PropertyCodec::Kind::Enum},        {"str", PropertyCodec::Kind::String},
        {"i64s", PropertyCodec::Kind::I64Array},    {"i32s", PropertyCodec::Kind::I32Array},
        {"attr", PropertyCodec::Kind::Attribute},
    };
    if (kind == "optvarint")
      kind = "opt<int64>";
    for (auto [wrapper, wrapperKind] : {std::pair{std::string_view("opt<"), PropertyCodec::Kind::Optional},
                                        std::pair{std::string_view("arr<"), PropertyCodec::Kind::Array}}) {
      if (kind.substr(0, 4) != wrapper || kind.back() != '>')
        continue;
      const PropertyCodec *element = parseCodec(kind.substr(4, kind.size() - 5));
      if (!element)
        return nullptr;
      return &codecs.emplace_back(PropertyCodec{wrapperKind, element});
    }
    for (auto [name, leafKind] : kLeaves)
      if (kind == name)
        return &codecs.emplace_back(PropertyCodec{leafKind, nullptr});
    return nullptr;
  }

  /// Parses one table line (the tables are part of the build: a malformed
  /// token is a bug, caught by the unit tests, which look every op up).
  ForeignOpLayout parseLayout(const RawLayout &raw) {
    ForeignOpLayout layout;
    layout.name = raw.name;
    std::vector<ForeignProperty> segments;
    std::string_view rest = raw.layout;
    while (!rest.empty()) {
      size_t space = rest.find(' ');
      std::string_view token = rest.substr(0, space);
      rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
      if (token.empty() || token == "-")
        continue;
      ForeignProperty prop{ForeignProperty::Kind::Attribute, token};
      if (token[0] == '?') {
        prop.kind = ForeignProperty::Kind::OptionalAttribute;
        prop.name = token.substr(1);
      } else if (size_t colon = token.rfind(':'); colon != std::string_view::npos) {
        std::string_view prefix = token.substr(0, colon), suffix = token.substr(colon + 1);
        if (prefix == "operandSegmentSizes" || prefix == "resultSegmentSizes") {
          prop.kind = prefix == "resultSegmentSizes" ? ForeignProperty::Kind::ResultSegments
                                                     : ForeignProperty::Kind::OperandSegments;
          prop.name = prefix;
          for (char c : suffix)
            prop.count = prop.count * 10 + unsigned(c - '0');
          segments.push_back(prop);
          continue;
        }
        prop.codec = parseCodec(prefix);
        if (!prop.codec) {
          layout.malformed = true;
          continue;
        }
        prop.kind = prop.codec->kind == PropertyCodec::Kind::Attribute ? ForeignProperty::Kind::Attribute
                                                                        : ForeignProperty::Kind::Property;
        prop.name = suffix;
      }
      layout.properties.push_back(prop);
    }
    layout.numNonSegment = unsigned(layout.properties.size());
    // The legacy segment sizes sit where their legacy names sort among the
    // attributes (which come first, in name order).
    for (const ForeignProperty &p : layout.properties) {
      if (p.kind != ForeignProperty::Kind::OptionalAttribute &&
          (p.kind != ForeignProperty::Kind::Attribute || p.codec))
        break;
      layout.operandLegacyIndex += p.name < "operand_segment_sizes";
      layout.resultLegacyIndex += p.name < "result_segment_sizes";
    }
    // Operand segments before result segments.
    for (ForeignProperty::Kind kind : {ForeignProperty::Kind::OperandSegments, ForeignProperty::Kind::ResultSegments})
      for (const ForeignProperty &s : segments)
        if (s.kind == kind)
          layout.properties.push_back(s);
    return layout;
  }

  Registry() {
    layouts.reserve(std::size(kRawLayouts));
    for (const RawLayout &raw : kRawLayouts)
      layouts.emplace(raw.name, parseLayout(raw));
    // Point at the segment entries once the vectors no longer move.
    for (auto &[name, layout] : layouts)
      for (const ForeignProperty &p : layout.properties) {
        if (p.kind == ForeignProperty::Kind::OperandSegments)
          layout.operandSegments = &p;
        else if (p.kind == ForeignProperty::Kind::ResultSegments)
          layout.resultSegments = &p;
      }
  }
};

const Registry &getRegistry() {
  static const Registry registry;
  return registry;
}
} // namespace

bool ForeignOpLayout::isInherentAttribute(std::string_view propName) const {
  for (const ForeignProperty &p : properties)
    if (p.name == propName)
      return !p.codec && (p.isAttribute() || p.isSegments());
  return false;
}

const ForeignOpLayout *bytecode::lookupForeignOpLayout(std::string_view name) {
  const auto &layouts = getRegistry().layouts;
  auto it = layouts.find(name);
  return it == layouts.end() || it->second.malformed ? nullptr : &it->second;
}

std::vector<const ForeignOpLayout *> bytecode::getAllForeignOpLayouts() {
  std::vector<const ForeignOpLayout *> all;
  for (const auto &[name, layout] : getRegistry().layouts)
    all.push_back(&layout);
  return all;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

/// Whether `value` is an attribute form of a property of `codec` (what
/// mlir-opt's conversion from an attribute accepts).
static bool matchesCodec(const PropertyCodec &codec, Attribute value) {
  if (!value)
    return false;
  switch (codec.kind) {
  case PropertyCodec::Kind::Unit:
  case PropertyCodec::Kind::Bool:
    return isa<UnitAttr>(value) || isa<BoolAttr>(value);
  case PropertyCodec::Kind::Int64:
  case PropertyCodec::Kind::Int32:
  case PropertyCodec::Kind::Int8:
  case PropertyCodec::Kind::UInt8:
  case PropertyCodec::Kind::Enum:
    return isa<IntegerAttr>(value);
  case PropertyCodec::Kind::String:
    return isa<StringAttr>(value);
  case PropertyCodec::Kind::I64Array:
    return isa<DenseI64ArrayAttr>(value);
  case PropertyCodec::Kind::I32Array:
    return isa<DenseI32ArrayAttr>(value);
  case PropertyCodec::Kind::Attribute:
    return true;
  case PropertyCodec::Kind::Optional:
  case PropertyCodec::Kind::Array: {
    auto arr = dyn_cast<ArrayAttr>(value);
    if (!arr || (codec.kind == PropertyCodec::Kind::Optional && arr.size() > 1))
      return false;
    for (Attribute element : arr)
      if (!matchesCodec(*codec.element, element))
        return false;
    return true;
  }
  }
  return false;
}

bool bytecode::canWriteForeignProperties(const ForeignOpLayout &layout, Attribute properties) {
  if (!properties)
    return std::all_of(layout.properties.begin(), layout.properties.end(),
                       [](const ForeignProperty &p) { return p.kind == ForeignProperty::Kind::OptionalAttribute; });
  auto dict = dyn_cast<DictionaryAttr>(properties);
  if (!dict)
    return false;
  if (!layout.hasProperties())
    return dict.empty();
  // Required attributes must be there; Property<>s and segment sizes too
  // (mlir-opt prints every one), in a form their encoding can hold.
  for (const ForeignProperty &p : layout.properties) {
    Attribute value = dict.get(p.name);
    switch (p.kind) {
    case ForeignProperty::Kind::Attribute:
      if (!value)
        return false;
      break;
    case ForeignProperty::Kind::OptionalAttribute:
      break;
    case ForeignProperty::Kind::Property:
      if (!matchesCodec(*p.codec, value))
        return false;
      break;
    case ForeignProperty::Kind::OperandSegments:
    case ForeignProperty::Kind::ResultSegments: {
      auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(value);
      if (!sizes || size_t(sizes.size()) != p.count)
        return false;
      break;
    }
    }
  }
  return true;
}

/// The segment sizes stored in `value`, padded or cut to `count` entries.
static std::vector<int32_t> segmentSizes(Attribute value, unsigned count) {
  std::vector<int32_t> sizes(count, 0);
  if (auto arr = dyn_cast_or_null<DenseI32ArrayAttr>(value))
    for (size_t i = 0; i < count && i < size_t(arr.size()); ++i)
      sizes[i] = arr[i];
  return sizes;
}

/// Writes `value` (the attribute form mlir-opt prints, possibly null or of an
/// unexpected kind: then the property's default) with `codec`.
static void writeProperty(const PropertyCodec &codec, Attribute value, DialectBytecodeWriter &writer) {
  auto integerBits = [&](bool zeroExtend) -> uint64_t {
    auto i = dyn_cast_or_null<IntegerAttr>(value);
    if (!i)
      return 0;
    return zeroExtend ? i.getValue().getZExtValue() : uint64_t(i.getValue().getSExtValue());
  };
  switch (codec.kind) {
  case PropertyCodec::Kind::Unit:
  case PropertyCodec::Kind::Bool: {
    auto b = dyn_cast_or_null<BoolAttr>(value);
    writer.writeOwnedBool(isa_and_present<UnitAttr>(value) || (b && b.getValue()));
    return;
  }
  case PropertyCodec::Kind::Int64:
  case PropertyCodec::Kind::Int32:
  case PropertyCodec::Kind::Int8:
    // The C++ storage, widened to 64 bits (sign-extended).
    writer.writeVarInt(integerBits(false));
    return;
  case PropertyCodec::Kind::UInt8:
    writer.writeVarInt(integerBits(false) & 0xff);
    return;
  case PropertyCodec::Kind::Enum:
    writer.writeVarInt(integerBits(true));
    return;
  case PropertyCodec::Kind::String: {
    auto str = dyn_cast_or_null<StringAttr>(value);
    writer.writeOwnedString(str ? str.getValue() : std::string_view());
    return;
  }
  case PropertyCodec::Kind::I64Array: {
    auto arr = dyn_cast_or_null<DenseI64ArrayAttr>(value);
    ArrayRef<int64_t> values = arr ? arr.asArrayRef() : ArrayRef<int64_t>();
    writer.writeVarInt(values.size());
    for (int64_t v : values)
      writer.writeVarInt(uint64_t(v));
    return;
  }
  case PropertyCodec::Kind::I32Array: {
    auto arr = dyn_cast_or_null<DenseI32ArrayAttr>(value);
    ArrayRef<int32_t> values = arr ? arr.asArrayRef() : ArrayRef<int32_t>();
    writer.writeVarInt(values.size());
    for (int32_t v : values)
      writer.writeVarInt(uint64_t(int64_t(v)));
    return;
  }
  case PropertyCodec::Kind::Attribute:
    writer.writeAttribute(value);
    return;
  case PropertyCodec::Kind::Optional: {
    auto arr = dyn_cast_or_null<ArrayAttr>(value);
    bool present = arr && arr.size() == 1;
    writer.writeOwnedBool(present);
    if (present)
      writeProperty(*codec.element, arr[0], writer);
    return;
  }
  case PropertyCodec::Kind::Array: {
    auto arr = dyn_cast_or_null<ArrayAttr>(value);
    writer.writeVarInt(arr ? arr.size() : 0);
    if (arr)
      for (Attribute element : arr)
        writeProperty(*codec.element, element, writer);
    return;
  }
  }
}

void bytecode::writeForeignProperties(MLIRContext *ctx, const ForeignOpLayout &layout, Attribute properties,
                                      DialectBytecodeWriter &writer) {
  auto dict = dyn_cast_or_null<DictionaryAttr>(properties);
  auto lookup = [&](std::string_view name) { return dict ? dict.get(name) : Attribute(); };
  bool legacy = writer.getBytecodeVersion() < 6;
  auto writeLegacySegments = [&](const ForeignProperty &segments) {
    writer.writeAttribute(DenseI32ArrayAttr::get(ctx, segmentSizes(lookup(segments.name), segments.count)));
  };
  for (unsigned k = 0; k <= layout.numNonSegment; ++k) {
    if (legacy && layout.operandSegments && k == layout.operandLegacyIndex)
      writeLegacySegments(*layout.operandSegments);
    if (legacy && layout.resultSegments && k == layout.resultLegacyIndex)
      writeLegacySegments(*layout.resultSegments);
    if (k == layout.numNonSegment)
      break;
    const ForeignProperty &p = layout.properties[k];
    Attribute value = lookup(p.name);
    switch (p.kind) {
    case ForeignProperty::Kind::Attribute:
      writer.writeAttribute(value);
      break;
    case ForeignProperty::Kind::OptionalAttribute:
      writer.writeOptionalAttribute(value);
      break;
    case ForeignProperty::Kind::Property:
      writeProperty(*p.codec, value, writer);
      break;
    case ForeignProperty::Kind::OperandSegments:
    case ForeignProperty::Kind::ResultSegments:
      break;
    }
  }
  if (!legacy) {
    for (const ForeignProperty *segments : {layout.operandSegments, layout.resultSegments})
      if (segments)
        writer.writeSparseArray(segmentSizes(lookup(segments->name), segments->count));
  }
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// Reads a property with `codec` into the attribute form mlir-opt prints.
static LogicalResult readProperty(const PropertyCodec &codec, DialectBytecodeReader &reader, Attribute &result) {
  MLIRContext *ctx = reader.getContext();
  auto readInteger = [&](unsigned width) -> LogicalResult {
    uint64_t value;
    if (failed(reader.readVarInt(value)))
      return failure();
    // The storage keeps the low bits (an int32_t truncates).
    int64_t stored = width == 64 ? int64_t(value)
                     : width == 32 ? int64_t(int32_t(uint32_t(value)))
                                   : int64_t(int8_t(uint8_t(value)));
    result = IntegerAttr::get(IntegerType::get(ctx, width), stored);
    return success();
  };
  switch (codec.kind) {
  case PropertyCodec::Kind::Unit:
  case PropertyCodec::Kind::Bool: {
    bool value;
    if (failed(reader.readBool(value)))
      return failure();
    if (value && codec.kind == PropertyCodec::Kind::Unit)
      result = UnitAttr::get(ctx);
    else
      result = BoolAttr::get(ctx, value);
    return success();
  }
  case PropertyCodec::Kind::Int64:
    return readInteger(64);
  case PropertyCodec::Kind::Int32:
  case PropertyCodec::Kind::Enum:
    return readInteger(32);
  case PropertyCodec::Kind::Int8:
  case PropertyCodec::Kind::UInt8:
    // Both convert to an i8 attribute.
    return readInteger(8);
  case PropertyCodec::Kind::String: {
    std::string_view value;
    if (failed(reader.readString(value)))
      return failure();
    result = StringAttr::get(ctx, value);
    return success();
  }
  case PropertyCodec::Kind::I64Array:
  case PropertyCodec::Kind::I32Array: {
    std::vector<uint64_t> values;
    if (failed(reader.readList(values, [&](uint64_t &v) { return reader.readVarInt(v); })))
      return failure();
    if (codec.kind == PropertyCodec::Kind::I64Array) {
      std::vector<int64_t> elements(values.begin(), values.end());
      result = DenseI64ArrayAttr::get(ctx, elements);
    } else {
      std::vector<int32_t> elements;
      elements.reserve(values.size());
      for (uint64_t v : values)
        elements.push_back(int32_t(uint32_t(v)));
      result = DenseI32ArrayAttr::get(ctx, elements);
    }
    return success();
  }
  case PropertyCodec::Kind::Attribute:
    return reader.readAttribute(result);
  case PropertyCodec::Kind::Optional: {
    bool present;
    if (failed(reader.readBool(present)))
      return failure();
    Attribute element;
    if (present && failed(readProperty(*codec.element, reader, element)))
      return failure();
    result = present ? ArrayAttr::get(ctx, {element}) : ArrayAttr::get(ctx, {});
    return success();
  }
  case PropertyCodec::Kind::Array: {
    std::vector<Attribute> elements;
    if (failed(reader.readList(elements, [&](Attribute &a) { return readProperty(*codec.element, reader, a); })))
      return failure();
    result = ArrayAttr::get(ctx, elements);
    return success();
  }
  }
  return failure();
}

LogicalResult bytecode::readForeignProperties(const ForeignOpLayout &layout, DialectBytecodeReader &reader,
                                              Attribute &properties) {
  MLIRContext *ctx = reader.getContext();
  std::vector<NamedAttribute> entries;
  auto add = [&](std::string_view name, Attribute value) { entries.emplace_back(StringAttr::get(ctx, name), value); };
  bool legacy = reader.getBytecodeVersion() < 6;
  auto readLegacySegments = [&](const ForeignProperty &segments) -> LogicalResult {
    Attribute attr;
    if (failed(reader.readAttribute(attr)))
      return failure();
    auto arr = dyn_cast<DenseI32ArrayAttr>(attr);
    if (!arr)
      return reader.emitError("expected attribute of a different kind, but got: ") << attr;
    if (size_t(arr.size()) > segments.count)
      return reader.emitError("size mismatch for operand/result_segment_size");
    add(segments.name, DenseI32ArrayAttr::get(ctx, segmentSizes(arr, segments.count)));
    return success();
  };
  for (unsigned k = 0; k <= layout.numNonSegment; ++k) {
    if (legacy && layout.operandSegments && k == layout.operandLegacyIndex &&
        failed(readLegacySegments(*layout.operandSegments)))
      return failure();
    if (legacy && layout.resultSegments && k == layout.resultLegacyIndex &&
        failed(readLegacySegments(*layout.resultSegments)))
      return failure();
    if (k == layout.numNonSegment)
      break;
    const ForeignProperty &p = layout.properties[k];
    Attribute value;
    switch (p.kind) {
    case ForeignProperty::Kind::Attribute:
      if (failed(reader.readAttribute(value)))
        return failure();
      break;
    case ForeignProperty::Kind::OptionalAttribute:
      if (failed(reader.readOptionalAttribute(value)))
        return failure();
      break;
    case ForeignProperty::Kind::Property:
      if (failed(readProperty(*p.codec, reader, value)))
        return failure();
      break;
    case ForeignProperty::Kind::OperandSegments:
    case ForeignProperty::Kind::ResultSegments:
      break;
    }
    if (value)
      add(p.name, value);
  }
  if (!legacy) {
    for (const ForeignProperty *segments : {layout.operandSegments, layout.resultSegments}) {
      if (!segments)
        continue;
      std::vector<int32_t> sizes(segments->count, 0);
      if (failed(reader.readSparseArray(sizes)))
        return failure();
      add(segments->name, DenseI32ArrayAttr::get(ctx, sizes));
    }
  }
  properties = entries.empty() ? Attribute() : Attribute(DictionaryAttr::get(ctx, entries));
  return success();
}
