//===- ForeignOpLayouts.h - Property layouts of operations Lamina lacks ----===//
//
// Private to the Bytecode library. mlir-opt writes the properties of the
// operations it registers in their native ODS encoding: a sequence of
// attribute references (and a few Property<> encodings) with no names. To
// read and write such operations when Lamina does not implement their
// dialect (they are unregistered here, their properties one DictionaryAttr),
// the reader and writer need each operation's layout: the ordered list of its
// properties. The layouts are tables of one line per operation:
//
//   FOREIGN_OP("gpu.alloc", "?hostShared operandSegmentSizes:3")
//
// The second string lists the properties in encoding order, separated by
// spaces:
//   name                   a required attribute (readAttribute)
//   ?name                  an optional or default-valued attribute
//                          (readOptionalAttribute; absent when null)
//   KIND:name              a Property<> of KIND (below)
//   operandSegmentSizes:N  the N operand segment sizes
//   resultSegmentSizes:N   the N result segment sizes
//   -                      registered, but without properties
// Property<> kinds, with their encoding and the attribute mlir-opt prints:
//   bool          UnitProp: one byte; `unit` / `false`
//   boolp         BoolProp: one byte; `true` / `false`
//   int64, int32  IntProp: a varint (sign-extended); `N : i64` / `N : i32`
//   int8, uint8   IntProp<int8_t/uint8_t>: a varint (sign/zero-extended);
//                 `N : i8`
//   enum          EnumProp: a varint; `N : i32`
//   str           StringProp: a string reference; `"..."`
//   i64s, i32s    IntArrayProp: a varint count, then varints;
//                 `array<i64: ...>` / `array<i32: ...>`
//   attr          a Property<> written through its attribute form: an
//                 attribute reference
//   opt<K>        OptionalProp: a flag byte, then K if set; `[]` / `[k]`
//   arr<K>        ArrayProp: a varint count, then each K; `[k, ...]`
//   optvarint     opt<int64>
// Attributes come in name order, Property<>s after them (in declaration
// order) and the segment sizes last; before bytecode version 6 the segment
// sizes are instead a DenseI32ArrayAttr at the position of their legacy name
// (`operand_segment_sizes`) among the attributes, from version 6 a sparse
// array after everything else (lib/ODS/OpBytecode.cpp has the same rules for
// Lamina's own operations).
//
#pragma once

#include "lamina/Bytecode/BytecodeImplementation.h"
#include "lamina/IR/BuiltinAttributes.h"

#include <string_view>
#include <vector>

namespace lamina::bytecode {

/// The encoding of a Property<> (a node of the kind grammar above).
struct PropertyCodec {
  enum class Kind : uint8_t { Unit, Bool, Int64, Int32, Int8, UInt8, Enum, String, I64Array, I32Array, Attribute, Optional, Array };
  Kind kind;
  /// The element codec (Optional and Array).
  const PropertyCodec *element = nullptr;
};

/// One property of a foreign operation.
struct ForeignProperty {
  enum class Kind : uint8_t {
    Attribute,
    OptionalAttribute,
    Property,
    OperandSegments,
    ResultSegments,
  };
  Kind kind;
  std::string_view name;
  /// Number of segments (segment sizes only).
  unsigned count = 0;
  /// The encoding (Property only).
  const PropertyCodec *codec = nullptr;

  bool isAttribute() const { return kind == Kind::Attribute || kind == Kind::OptionalAttribute; }
  bool isSegments() const { return kind == Kind::OperandSegments || kind == Kind::ResultSegments; }
};

/// The property layout of one operation registered in mlir-opt.
struct ForeignOpLayout {
  std::string_view name;
  /// In encoding order; the segment sizes (if any) last.
  std::vector<ForeignProperty> properties;
  /// Number of entries before the segment sizes.
  unsigned numNonSegment = 0;
  /// Position (among the first numNonSegment entries) of the legacy segment
  /// sizes before version 6.
  unsigned operandLegacyIndex = 0, resultLegacyIndex = 0;
  const ForeignProperty *operandSegments = nullptr, *resultSegments = nullptr;
  /// The table line has a token of an unknown kind (never looked up).
  bool malformed = false;

  bool hasProperties() const { return !properties.empty(); }
  /// Whether `name` is an inherent attribute (an attribute or the segment
  /// sizes, not a Property<>): what mlir-opt writes among the attributes
  /// before properties had their own section (version 5).
  bool isInherentAttribute(std::string_view name) const;
};

/// The layout of operation `name`, or null if mlir-opt does not register it
/// (as far as the tables know).
const ForeignOpLayout *lookupForeignOpLayout(std::string_view name);

/// Every layout of the tables, malformed ones included (for tests).
std::vector<const ForeignOpLayout *> getAllForeignOpLayouts();

/// Whether `properties` (an unregistered operation's properties attribute,
/// possibly null) can be written in `layout`'s native encoding: a dictionary
/// (or null) with every required attribute and every Property<> in a form
/// its encoding holds. Entries the layout does not know are dropped, as
/// mlir-opt drops them.
bool canWriteForeignProperties(const ForeignOpLayout &layout, Attribute properties);

/// Writes `properties` in `layout`'s native encoding (attributes it creates,
/// the legacy segment sizes, live in `ctx`).
void writeForeignProperties(MLIRContext *ctx, const ForeignOpLayout &layout, Attribute properties,
                            DialectBytecodeWriter &writer);

/// Reads properties in `layout`'s native encoding into a dictionary of the
/// present entries (null if none), as mlir-opt prints them.
LogicalResult readForeignProperties(const ForeignOpLayout &layout, DialectBytecodeReader &reader,
                                    Attribute &properties);

} // namespace lamina::bytecode
