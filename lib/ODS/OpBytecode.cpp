//===- OpBytecode.cpp - Native bytecode encoding of ODS op properties -----===//
//
// MLIR's generated readProperties/writeProperties: the inherent attributes
// in name order (required ones with readAttribute, the others with
// readOptionalAttribute), then the Property<>s in declaration order (an
// EnumProp is a varint), then the segment sizes — as a lamina::DenseI32ArrayAttr
// at the position the legacy `operand_segment_sizes` name sorts to before
// bytecode version 6, as a sparse array after the attributes from version 6.
//
#include "InterpretedOpDef.h"
#include "PropertyKind.h"

#include "lamina/Bytecode/BytecodeImplementation.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/EnumDef.h"

using namespace lamina;
using namespace lamina::ods;

namespace {
/// Bytecode version from which segment sizes are native sparse arrays.
constexpr uint64_t kNativePropertiesODSSegmentSize = 6;

/// Number of attributes sorting before `legacyName` (the legacy segment
/// size position).
unsigned legacyIndex(const InterpretedOpDef &def, std::string_view legacyName) {
  unsigned n = 0;
  for (unsigned i : def.sortedAttrs)
    if (!def.attributes[i].constraint.property && def.attributes[i].name < legacyName)
      ++n;
  return n;
}

LogicalResult readLegacySegments(DialectBytecodeReader &reader, Operation *op, int slot, size_t expected) {
  Attribute attr;
  if (failed(reader.readAttribute(attr)))
    return failure();
  auto arr = dyn_cast<lamina::DenseI32ArrayAttr>(attr);
  if (!arr)
    return reader.emitError("expected attribute of a different kind");
  if (size_t(arr.size()) > expected)
    return reader.emitError("size mismatch for operand/result_segment_size");
  std::vector<int32_t> sizes(expected, 0);
  for (size_t i = 0; i < size_t(arr.size()); ++i)
    sizes[i] = arr[i];
  op->getPropertySlots()[slot] = lamina::DenseI32ArrayAttr::get(op->getContext(), sizes);
  return success();
}

std::vector<int32_t> segmentsOf(Operation *op, int slot, size_t count) {
  std::vector<int32_t> sizes(count, 0);
  if (auto arr = dyn_cast_or_null<lamina::DenseI32ArrayAttr>(op->getPropertySlots()[slot]))
    for (size_t i = 0; i < count && i < size_t(arr.size()); ++i)
      sizes[i] = arr[i];
  return sizes;
}
} // namespace

namespace lamina {
namespace ods {

LogicalResult readOpProperties(DialectBytecodeReader &reader, Operation *op) {
  const InterpretedOpDef &def = *lookupDefinition(op->getName());
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  bool legacy = reader.getBytecodeVersion() < kNativePropertiesODSSegmentSize;
  unsigned operandLegacy = legacyIndex(def, "operand_segment_sizes");
  unsigned resultLegacy = legacyIndex(def, "result_segment_sizes");
  size_t n = def.sortedAttrs.size();
  for (size_t k = 0; k <= n; ++k) {
    if (legacy && def.attrSizedOperands && k == operandLegacy &&
        failed(readLegacySegments(reader, op, def.operandSegmentsSlot, def.operands.size())))
      return failure();
    if (legacy && def.attrSizedResults && k == resultLegacy &&
        failed(readLegacySegments(reader, op, def.resultSegmentsSlot, def.results.size())))
      return failure();
    if (k == n)
      break;
    const AttributeDef &a = def.attributes[def.sortedAttrs[k]];
    if (a.constraint.property)
      continue;
    Attribute value;
    if (failed(a.isRequired() ? reader.readAttribute(value) : reader.readOptionalAttribute(value)))
      return failure();
    // An absent attribute leaves the slot as Operation::create populated it:
    // a default-valued attribute keeps its default, as MLIR's generated
    // readProperties reads into properties that already hold it.
    if (value)
      slots[a.slot] = value;
  }
  // Property<>s, in declaration order: an EnumProp is a varint, a UnitProp
  // a bool, an OptionalProp<I64Prop> a bool then a varint if set.
  MLIRContext *ctx = op->getContext();
  for (const AttributeDef &a : def.attributes) {
    if (!a.constraint.property)
      continue;
    const PropertyInfo &prop = *a.constraint.property;
    if (getPropertyKind(prop) == PropertyKind::Unit) {
      bool set;
      if (failed(reader.readBool(set)))
        return failure();
      slots[a.slot] = set ? Attribute(lamina::UnitAttr::get(ctx)) : Attribute(lamina::BoolAttr::get(ctx, false));
      continue;
    }
    if (getPropertyKind(prop) == PropertyKind::OptionalI64) {
      bool present;
      uint64_t raw = 0;
      if (failed(reader.readBool(present)) || (present && failed(reader.readVarInt(raw))))
        return failure();
      slots[a.slot] = present ? lamina::ArrayAttr::get(ctx, {IntegerAttr::get(IntegerType::get(ctx, 64), int64_t(raw))})
                              : lamina::ArrayAttr::get(ctx, {});
      continue;
    }
    uint64_t raw;
    if (failed(reader.readVarInt(raw)))
      return failure();
    const EnumInfo &info = *prop.enumInfo;
    if (info.bitWidth < 64 && (raw >> info.bitWidth) != 0)
      return failure();
    slots[a.slot] = info.buildAttr(ctx, raw);
  }
  if (!legacy) {
    auto readNative = [&](int slot, size_t count) -> LogicalResult {
      std::vector<int32_t> sizes;
      if (failed(reader.readSparseArray(sizes)))
        return failure();
      sizes.resize(count, 0);
      slots[slot] = lamina::DenseI32ArrayAttr::get(op->getContext(), sizes);
      return success();
    };
    if (def.attrSizedOperands && failed(readNative(def.operandSegmentsSlot, def.operands.size())))
      return failure();
    if (def.attrSizedResults && failed(readNative(def.resultSegmentsSlot, def.results.size())))
      return failure();
  }
  return success();
}

void writeOpProperties(Operation *op, DialectBytecodeWriter &writer) {
  const InterpretedOpDef &def = *lookupDefinition(op->getName());
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  bool legacy = writer.getBytecodeVersion() < int64_t(kNativePropertiesODSSegmentSize);
  unsigned operandLegacy = legacyIndex(def, "operand_segment_sizes");
  unsigned resultLegacy = legacyIndex(def, "result_segment_sizes");
  size_t n = def.sortedAttrs.size();
  for (size_t k = 0; k <= n; ++k) {
    if (legacy && def.attrSizedOperands && k == operandLegacy)
      writer.writeAttribute(lamina::DenseI32ArrayAttr::get(
          op->getContext(), segmentsOf(op, def.operandSegmentsSlot, def.operands.size())));
    if (legacy && def.attrSizedResults && k == resultLegacy)
      writer.writeAttribute(lamina::DenseI32ArrayAttr::get(
          op->getContext(), segmentsOf(op, def.resultSegmentsSlot, def.results.size())));
    if (k == n)
      break;
    const AttributeDef &a = def.attributes[def.sortedAttrs[k]];
    if (a.constraint.property)
      continue;
    if (a.isRequired())
      writer.writeAttribute(slots[a.slot]);
    else
      writer.writeOptionalAttribute(slots[a.slot]);
  }
  for (const AttributeDef &a : def.attributes) {
    if (!a.constraint.property)
      continue;
    Attribute v = slots[a.slot];
    switch (getPropertyKind(*a.constraint.property)) {
    case PropertyKind::Enum:
      writer.writeVarInt(a.constraint.property->enumInfo->getValue(v));
      break;
    case PropertyKind::Unit:
      writer.writeOwnedBool(isa_and_present<lamina::UnitAttr>(v));
      break;
    case PropertyKind::OptionalI64: {
      auto arr = dyn_cast_or_null<lamina::ArrayAttr>(v);
      auto i = arr && arr.size() == 1 ? dyn_cast<IntegerAttr>(arr[0]) : IntegerAttr();
      writer.writeOwnedBool(bool(i));
      if (i)
        writer.writeVarInt(uint64_t(i.getValue().getSExtValue()));
      break;
    }
    }
  }
  if (!legacy) {
    auto writeNative = [&](int slot, size_t count) {
      std::vector<int32_t> sizes = segmentsOf(op, slot, count);
      writer.writeSparseArray(ArrayRef<int32_t>(sizes));
    };
    if (def.attrSizedOperands)
      writeNative(def.operandSegmentsSlot, def.operands.size());
    if (def.attrSizedResults)
      writeNative(def.resultSegmentsSlot, def.results.size());
  }
}

} // namespace ods
} // namespace lamina
