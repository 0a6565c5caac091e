//===- BuiltinAttributes.h - The attributes of the builtin dialect ---------===//
#pragma once

#include "lamina/IR/AffineMap.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/IntegerSet.h"
#include "lamina/Support/APFloat.h"
#include "lamina/Support/APInt.h"

#include <complex>
#include <optional>
#include <string>
#include <vector>

namespace lamina {

class FlatSymbolRefAttr;
class DenseIntElementsAttr;
class DenseElementsAttr;

namespace detail {
struct StringAttrStorage;
struct IntegerAttrStorage;
struct FloatAttrStorage;
struct ArrayAttrStorage;
struct DictionaryAttrStorage;
struct TypeAttrStorage;
struct SymbolRefAttrStorage;
struct AffineMapAttrStorage;
struct IntegerSetAttrStorage;
struct OpaqueAttrStorage;
struct DenseArrayAttrStorage;
struct DenseIntOrFPElementsAttrStorage;
struct DenseStringElementsAttrStorage;
struct DenseResourceElementsAttrStorage;
struct SparseElementsAttrStorage;
struct StridedLayoutAttrStorage;
struct DistinctAttrStorage;
} // namespace detail

//===----------------------------------------------------------------------===//
// Interfaces implemented by builtin attributes
//===----------------------------------------------------------------------===//

/// Attributes that carry a type (integers, floats, elements, ...).
class TypedAttr : public Attribute {
public:
  using Attribute::Attribute;
  TypedAttr(Attribute a) : Attribute(a) {}
  static bool classof(Attribute attr);
  Type getType() const;

  /// How a dialect attribute class is a TypedAttr (MLIR's TypedAttrInterface)
  /// and, with `isElements`, an ElementsAttr (ElementsAttrInterface): a class
  /// registers a static instance in its interface map under
  /// TypeID::get<TypedAttr>() (see `attachTo`).
  struct Concept {
    Type (*getType)(Attribute attr);
    bool isElements;
  };
  /// Registers `model` (which must outlive the context) for a class; call
  /// from the class's `static void populateInterfaces(InterfaceMap &)`.
  static void attachTo(InterfaceMap &map, const Concept &model) { map.insert(TypeID::get<TypedAttr>(), &model); }
  /// The concept of a dialect attribute that registered one, or null.
  static const Concept *getConcept(Attribute attr);
};

/// Attributes that describe a memref layout (affine maps, strided layouts).
class MemRefLayoutAttrInterface : public Attribute {
public:
  using Attribute::Attribute;
  MemRefLayoutAttrInterface(Attribute a) : Attribute(a) {}
  static bool classof(Attribute attr);
  AffineMap getAffineMap() const;
  bool isIdentity() const;
};

/// Attributes that hold a shaped collection of elements.
class ElementsAttr : public TypedAttr {
public:
  using TypedAttr::TypedAttr;
  ElementsAttr(Attribute a) : TypedAttr(a) {}
  static bool classof(Attribute attr);
  ShapedType getShapedType() const { return ShapedType(getType()); }
  Type getElementType() const { return getShapedType().getElementType(); }
  int64_t getNumElements() const { return getShapedType().getNumElements(); }
  bool isSplat() const;
};

//===----------------------------------------------------------------------===//
// Scalars and containers
//===----------------------------------------------------------------------===//

/// `"string"` optionally typed (`"x" : i32`). Also the interned name of
/// attributes, symbols and operations.
class StringAttr : public Attribute::AttrBase<StringAttr, TypedAttr, detail::StringAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.string";
  static StringAttr get(MLIRContext *ctx, std::string_view str);
  static StringAttr get(std::string_view str, Type type);
  static StringAttr get(MLIRContext *ctx);
  std::string_view getValue() const;
  std::string_view strref() const { return getValue(); }
  std::string str() const { return std::string(getValue()); }
  size_t size() const { return getValue().size(); }
  bool empty() const { return getValue().empty(); }
  Type getType() const;
  /// The dialect namespace if the string is `ns.name` and `ns` is loaded.
  Dialect *getReferencedDialect() const;
  bool operator<(StringAttr other) const { return getValue() < other.getValue(); }
  operator std::string_view() const { return getValue(); }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

inline bool operator==(StringAttr a, std::string_view b) { return a && a.getValue() == b; }
inline bool operator!=(StringAttr a, std::string_view b) { return !(a == b); }
/// Identity, as for any attribute. (Spelled out: with the string_view
/// comparison above, clang finds `StringAttr == StringAttr` ambiguous.)
inline bool operator==(StringAttr a, StringAttr b) { return Attribute(a) == Attribute(b); }
inline bool operator!=(StringAttr a, StringAttr b) { return !(a == b); }

/// `42 : i32`, `true`. Any integer or index type.
class IntegerAttr : public Attribute::AttrBase<IntegerAttr, TypedAttr, detail::IntegerAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.integer";
  static IntegerAttr get(Type type, const APInt &value);
  static IntegerAttr get(Type type, int64_t value);
  static IntegerAttr getChecked(function_ref<InFlightDiagnostic()> emitError, Type type, const APInt &value);
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, Type type, const APInt &value);
  Type getType() const;
  const APInt &getValue() const;
  int64_t getInt() const;
  int64_t getSInt() const;
  uint64_t getUInt() const;
  APInt getAPSInt() const { return getValue(); }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// An IntegerAttr of type i1, printed `true`/`false`.
class BoolAttr : public IntegerAttr {
public:
  using IntegerAttr::IntegerAttr;
  BoolAttr(Attribute a) : IntegerAttr(a.getImpl()) {}
  static BoolAttr get(MLIRContext *ctx, bool value);
  bool getValue() const;
  static bool classof(Attribute attr);
};

/// `1.5 : f32`.
class FloatAttr : public Attribute::AttrBase<FloatAttr, TypedAttr, detail::FloatAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.float";
  static FloatAttr get(Type type, const APFloat &value);
  static FloatAttr get(Type type, double value);
  static FloatAttr getChecked(function_ref<InFlightDiagnostic()> emitError, Type type, const APFloat &value);
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, Type type, const APFloat &value);
  Type getType() const;
  const APFloat &getValue() const;
  double getValueAsDouble() const;
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// `unit`: presence-only.
class UnitAttr : public Attribute::AttrBase<UnitAttr, Attribute, AttributeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.unit";
};

/// `[a, b, c]`.
class ArrayAttr : public Attribute::AttrBase<ArrayAttr, Attribute, detail::ArrayAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.array";
  static ArrayAttr get(MLIRContext *ctx, ArrayRef<Attribute> value);
  ArrayRef<Attribute> getValue() const;
  Attribute operator[](unsigned i) const { return getValue()[i]; }
  size_t size() const { return getValue().size(); }
  bool empty() const { return getValue().empty(); }
  const Attribute *begin() const { return getValue().begin(); }
  const Attribute *end() const { return getValue().end(); }
  template <typename T> std::vector<T> getAsRange() const {
    std::vector<T> r;
    for (Attribute a : getValue())
      r.push_back(lamina::cast<T>(a));
    return r;
  }
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const;
};

/// `{a = 1, b}`: entries sorted by name, unique names.
class DictionaryAttr : public Attribute::AttrBase<DictionaryAttr, Attribute, detail::DictionaryAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.dictionary";
  /// Sorts `value` by name. Names must be unique.
  static DictionaryAttr get(MLIRContext *ctx, ArrayRef<NamedAttribute> value = {});
  /// `value` must already be sorted with unique names.
  static DictionaryAttr getWithSorted(MLIRContext *ctx, ArrayRef<NamedAttribute> value);
  ArrayRef<NamedAttribute> getValue() const;
  Attribute get(std::string_view name) const;
  Attribute get(StringAttr name) const;
  std::optional<NamedAttribute> getNamed(std::string_view name) const;
  bool contains(std::string_view name) const { return bool(get(name)); }
  size_t size() const { return getValue().size(); }
  bool empty() const { return getValue().empty(); }
  const NamedAttribute *begin() const { return getValue().begin(); }
  const NamedAttribute *end() const { return getValue().end(); }
  /// Sorts in place; returns true if it was already sorted.
  static bool sort(ArrayRef<NamedAttribute> values, std::vector<NamedAttribute> &storage);
  /// Returns a name that appears twice in sorted `array`, if any.
  static std::optional<NamedAttribute> findDuplicate(std::vector<NamedAttribute> &array, bool isSorted);
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const;
};

/// `i32` used as an attribute.
class TypeAttr : public Attribute::AttrBase<TypeAttr, Attribute, detail::TypeAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.type";
  static TypeAttr get(Type type);
  Type getValue() const;
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// `@root::@nested::@leaf`.
class SymbolRefAttr : public Attribute::AttrBase<SymbolRefAttr, Attribute, detail::SymbolRefAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.symbol_ref";
  static SymbolRefAttr get(StringAttr rootReference, ArrayRef<FlatSymbolRefAttr> nestedReferences);
  static SymbolRefAttr get(MLIRContext *ctx, std::string_view value,
                           ArrayRef<FlatSymbolRefAttr> nestedReferences);
  static FlatSymbolRefAttr get(StringAttr value);
  static FlatSymbolRefAttr get(MLIRContext *ctx, std::string_view value);
  StringAttr getRootReference() const;
  StringAttr getLeafReference() const;
  ArrayRef<FlatSymbolRefAttr> getNestedReferences() const;
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const;
};

/// `@name`: a SymbolRefAttr without nested references.
class FlatSymbolRefAttr : public SymbolRefAttr {
public:
  using SymbolRefAttr::SymbolRefAttr;
  FlatSymbolRefAttr(Attribute a) : SymbolRefAttr(a.getImpl()) {}
  static FlatSymbolRefAttr get(StringAttr value) { return SymbolRefAttr::get(value); }
  static FlatSymbolRefAttr get(MLIRContext *ctx, std::string_view value) { return SymbolRefAttr::get(ctx, value); }
  StringAttr getAttr() const { return getRootReference(); }
  std::string_view getValue() const { return getRootReference().getValue(); }
  static bool classof(Attribute attr);
};

/// `affine_map<...>`.
class AffineMapAttr : public Attribute::AttrBase<AffineMapAttr, Attribute, detail::AffineMapAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.affine_map";
  static AffineMapAttr get(AffineMap map);
  AffineMap getValue() const;
  AffineMap getAffineMap() const { return getValue(); }
};

/// `affine_set<...>`.
class IntegerSetAttr : public Attribute::AttrBase<IntegerSetAttr, Attribute, detail::IntegerSetAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.integer_set";
  static IntegerSetAttr get(IntegerSet set);
  IntegerSet getValue() const;
};

/// `opaque<"dialect", "data"> : type`, and the form unknown dialect
/// attributes take: `#dialect.data` kept verbatim.
class OpaqueAttr : public Attribute::AttrBase<OpaqueAttr, TypedAttr, detail::OpaqueAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.opaque";
  static OpaqueAttr get(StringAttr dialect, std::string_view attrData, Type type);
  static OpaqueAttr getChecked(function_ref<InFlightDiagnostic()> emitError, StringAttr dialect,
                               std::string_view attrData, Type type);
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, StringAttr dialect,
                              std::string_view attrData, Type type);
  StringAttr getDialectNamespace() const;
  std::string_view getAttrData() const;
  Type getType() const;
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)> walkTypes) const;
};

/// `strided<[s0, s1], offset: o>`.
class StridedLayoutAttr
    : public Attribute::AttrBase<StridedLayoutAttr, Attribute, detail::StridedLayoutAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.strided_layout";
  static StridedLayoutAttr get(MLIRContext *ctx, int64_t offset, ArrayRef<int64_t> strides);
  static StridedLayoutAttr getChecked(function_ref<InFlightDiagnostic()> emitError, MLIRContext *ctx,
                                      int64_t offset, ArrayRef<int64_t> strides);
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, int64_t offset,
                              ArrayRef<int64_t> strides);
  int64_t getOffset() const;
  ArrayRef<int64_t> getStrides() const;
  /// The equivalent affine map (d0 * s0 + d1 * s1 + offset, with symbols for `?`).
  AffineMap toAffineMap() const;
  bool hasStaticLayout() const;
};

/// `distinct[N]<attr>`: an attribute that is never uniqued with another.
class DistinctAttr : public Attribute::AttrBase<DistinctAttr, Attribute, detail::DistinctAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.distinct";
  /// Creates a new distinct attribute referencing `referencedAttr`.
  static DistinctAttr create(Attribute referencedAttr);
  Attribute getReferencedAttr() const;
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const;
};

//===----------------------------------------------------------------------===//
// Dense arrays: array<i32: 1, 2, 3>
//===----------------------------------------------------------------------===//

/// `array<i32: 1, 2>`: a flat array of integers or floats stored as raw bytes.
class DenseArrayAttr : public Attribute::AttrBase<DenseArrayAttr, Attribute, detail::DenseArrayAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.dense_array";
  /// `rawData` holds `size` elements of `elementType`'s storage width
  /// (i1 as one byte per element).
  static DenseArrayAttr get(Type elementType, int64_t size, ArrayRef<char> rawData);
  static DenseArrayAttr get(MLIRContext *ctx, Type elementType, int64_t size, ArrayRef<char> rawData) {
    return get(elementType, size, rawData);
  }
  static DenseArrayAttr getChecked(function_ref<InFlightDiagnostic()> emitError, Type elementType,
                                   int64_t size, ArrayRef<char> rawData);
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, Type elementType, int64_t size,
                              ArrayRef<char> rawData);
  Type getElementType() const;
  int64_t getSize() const;
  int64_t size() const { return getSize(); }
  bool empty() const { return getSize() == 0; }
  ArrayRef<char> getRawData() const;
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

namespace detail {
/// A typed view of a DenseArrayAttr with elements of C++ type T.
template <typename T> class DenseArrayAttrImpl : public DenseArrayAttr {
public:
  using DenseArrayAttr::DenseArrayAttr;
  DenseArrayAttrImpl(Attribute a) : DenseArrayAttr(a.getImpl()) {}
  static DenseArrayAttrImpl get(MLIRContext *ctx, ArrayRef<T> content);
  ArrayRef<T> asArrayRef() const {
    ArrayRef<char> raw = getRawData();
    return ArrayRef<T>(reinterpret_cast<const T *>(raw.data()), raw.size() / sizeof(T));
  }
  operator ArrayRef<T>() const { return asArrayRef(); }
  T operator[](size_t i) const { return asArrayRef()[i]; }
  static bool classof(Attribute attr);
};
extern template class DenseArrayAttrImpl<bool>;
extern template class DenseArrayAttrImpl<int8_t>;
extern template class DenseArrayAttrImpl<int16_t>;
extern template class DenseArrayAttrImpl<int32_t>;
extern template class DenseArrayAttrImpl<int64_t>;
extern template class DenseArrayAttrImpl<float>;
extern template class DenseArrayAttrImpl<double>;
} // namespace detail

using DenseBoolArrayAttr = detail::DenseArrayAttrImpl<bool>;
using DenseI8ArrayAttr = detail::DenseArrayAttrImpl<int8_t>;
using DenseI16ArrayAttr = detail::DenseArrayAttrImpl<int16_t>;
using DenseI32ArrayAttr = detail::DenseArrayAttrImpl<int32_t>;
using DenseI64ArrayAttr = detail::DenseArrayAttrImpl<int64_t>;
using DenseF32ArrayAttr = detail::DenseArrayAttrImpl<float>;
using DenseF64ArrayAttr = detail::DenseArrayAttrImpl<double>;

//===----------------------------------------------------------------------===//
// Dense elements: dense<...> : tensor<...>
//===----------------------------------------------------------------------===//

/// Base of dense int/float/complex and dense string elements.
class DenseElementsAttr : public ElementsAttr {
public:
  using ElementsAttr::ElementsAttr;
  DenseElementsAttr(Attribute a) : ElementsAttr(a) {}
  static bool classof(Attribute attr);

  /// Builds from attributes (IntegerAttr/FloatAttr/StringAttr) per element.
  static DenseElementsAttr get(ShapedType type, ArrayRef<Attribute> values);
  static DenseElementsAttr get(ShapedType type, ArrayRef<APInt> values);
  static DenseElementsAttr get(ShapedType type, ArrayRef<APFloat> values);
  static DenseElementsAttr get(ShapedType type, ArrayRef<bool> values);
  static DenseElementsAttr get(ShapedType type, ArrayRef<std::string_view> values);
  /// Builds from the raw storage buffer (as in the hex form); the layout
  /// must be valid for `type` (checked with isValidRawBuffer).
  static DenseElementsAttr getFromRawBuffer(ShapedType type, ArrayRef<char> rawBuffer);
  /// Checks a raw buffer's size against `type`; sets `detectedSplat`.
  static bool isValidRawBuffer(ShapedType type, ArrayRef<char> rawBuffer, bool &detectedSplat);

  bool isSplat() const;
  ShapedType getType() const { return ShapedType(TypedAttr::getType()); }
  int64_t getNumElements() const { return getType().getNumElements(); }
  size_t size() const { return getNumElements(); }
  Type getElementType() const { return getType().getElementType(); }
  /// Raw storage (int/float/complex only).
  ArrayRef<char> getRawData() const;
  /// Element values (int/index/bool element types).
  APInt getIntValue(int64_t index) const;
  std::vector<APInt> getIntValues() const;
  /// Element values (float element types).
  APFloat getFloatValue(int64_t index) const;
  std::vector<APFloat> getFloatValues() const;
  /// Element values (string elements).
  ArrayRef<std::string_view> getRawStringData() const;
  /// The value at a flat index as an attribute.
  Attribute getValue(int64_t index) const;
  template <typename T> T getSplatValue() const;
  Attribute getSplatValueAttr() const { return getValue(0); }
  /// Same data, new type of the same element count/width.
  DenseElementsAttr reshape(ShapedType newType) const;
};

/// Integer, index, float or complex dense elements stored as packed bytes.
class DenseIntOrFPElementsAttr
    : public Attribute::AttrBase<DenseIntOrFPElementsAttr, DenseElementsAttr,
                                 detail::DenseIntOrFPElementsAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.dense_int_or_fp_elements";
  static DenseIntOrFPElementsAttr getRaw(ShapedType type, ArrayRef<char> data);
  ShapedType getType() const;
  ArrayRef<char> getRawData() const;
  bool isSplat() const;
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// `dense<"a", "b">`-style string elements.
class DenseStringElementsAttr
    : public Attribute::AttrBase<DenseStringElementsAttr, DenseElementsAttr,
                                 detail::DenseStringElementsAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.dense_string_elements";
  static DenseStringElementsAttr get(ShapedType type, ArrayRef<std::string_view> values);
  ShapedType getType() const;
  ArrayRef<std::string_view> getRawStringData() const;
  bool isSplat() const;
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// Dense elements whose element type is an integer or index.
class DenseIntElementsAttr : public DenseIntOrFPElementsAttr {
public:
  using DenseIntOrFPElementsAttr::DenseIntOrFPElementsAttr;
  DenseIntElementsAttr(Attribute a) : DenseIntOrFPElementsAttr(a.getImpl()) {}
  static bool classof(Attribute attr);
};

/// Dense elements whose element type is a float.
class DenseFPElementsAttr : public DenseIntOrFPElementsAttr {
public:
  using DenseIntOrFPElementsAttr::DenseIntOrFPElementsAttr;
  DenseFPElementsAttr(Attribute a) : DenseIntOrFPElementsAttr(a.getImpl()) {}
  static bool classof(Attribute attr);
};

//===----------------------------------------------------------------------===//
// Resources: dense_resource<key> and the {-# dialect_resources #-} section
//===----------------------------------------------------------------------===//

/// A blob of bytes with an alignment, owned by the context's resource table.
struct AsmResourceBlob {
  std::vector<char> data; // owned bytes
  uint64_t alignment = 1;
  bool dataIsMutable = false;
  ArrayRef<char> getData() const { return ArrayRef<char>(data.data(), data.size()); }
};

/// A named entry of the builtin dialect's resource table. The blob may be
/// absent (a dangling reference printed as-is).
class DenseResourceElementsHandle {
public:
  struct Entry {
    std::string key;
    std::optional<AsmResourceBlob> blob;
  };
  DenseResourceElementsHandle() = default;
  explicit DenseResourceElementsHandle(Entry *entry) : entry(entry) {}
  std::string_view getKey() const { return entry->key; }
  AsmResourceBlob *getBlob() const { return entry->blob ? &*entry->blob : nullptr; }
  void setBlob(AsmResourceBlob blob) { entry->blob = std::move(blob); }
  Entry *getEntry() const { return entry; }
  bool operator==(const DenseResourceElementsHandle &o) const { return entry == o.entry; }
  /// Finds or creates the entry named `key` in the context's table; a new
  /// name that collides is renamed with a numeric suffix when `uniqueIfExists`.
  static DenseResourceElementsHandle getOrCreate(MLIRContext *ctx, std::string_view key);
  /// All entries, in creation order.
  static std::vector<Entry *> getAll(MLIRContext *ctx);

private:
  Entry *entry = nullptr;
};

/// An `external_resources` entry no handler claimed. mlir-opt keeps these
/// (its fallback resource map) and prints them back unchanged; lamina keeps
/// them in the context the file was parsed into.
struct ExternalResourceEntry {
  enum class Kind : uint8_t { Blob, Bool, String };
  std::string key;
  Kind kind = Kind::Bool;
  AsmResourceBlob blob;    // Kind::Blob
  bool boolValue = false;  // Kind::Bool
  std::string stringValue; // Kind::String
};

/// The entries of one `external_resources` group, in parse order.
struct ExternalResourceGroup {
  std::string name;
  std::vector<ExternalResourceEntry> entries;
};

/// The context's unclaimed external resources, groups in first-seen order.
std::vector<ExternalResourceGroup> &getExternalResources(MLIRContext *ctx);

/// `dense_resource<key> : tensor<...>`.
class DenseResourceElementsAttr
    : public Attribute::AttrBase<DenseResourceElementsAttr, ElementsAttr,
                                 detail::DenseResourceElementsAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.dense_resource_elements";
  static DenseResourceElementsAttr get(ShapedType type, DenseResourceElementsHandle handle);
  ShapedType getType() const;
  DenseResourceElementsHandle getRawHandle() const;
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// `sparse<indices, values> : tensor<...>`.
class SparseElementsAttr
    : public Attribute::AttrBase<SparseElementsAttr, ElementsAttr, detail::SparseElementsAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.sparse_elements";
  static SparseElementsAttr get(ShapedType type, DenseElementsAttr indices, DenseElementsAttr values);
  static SparseElementsAttr getChecked(function_ref<InFlightDiagnostic()> emitError, ShapedType type,
                                       DenseElementsAttr indices, DenseElementsAttr values);
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, ShapedType type,
                              DenseElementsAttr indices, DenseElementsAttr values);
  ShapedType getType() const;
  DenseIntElementsAttr getIndices() const;
  DenseElementsAttr getValues() const;
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)> walkTypes) const;
};

} // namespace lamina
