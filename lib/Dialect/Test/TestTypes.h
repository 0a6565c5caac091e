//===- TestTypes.h - The types and attributes of the test dialect Lamina has ===//
//
// Private to the test dialect library. Each class mirrors one definition of
// mlir/test/lib/Dialect/Test (TestTypeDefs.td, TestAttrDefs.td, the dynamic
// types and attributes of TestTypes.cpp/TestAttributes.cpp); everything else
// of the namespace is kept opaque (see TestDialect.cpp).
//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/Support/Hashing.h"

#include <atomic>
#include <string_view>
#include <tuple>

namespace lamina::testdialect {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// `!test.smpla`: a parameterless type (SimpleAType).
class SimpleAType : public Type::TypeBase<SimpleAType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.smpla";
  static SimpleAType get(MLIRContext *ctx) { return Base::get(ctx); }
};

/// Storage of TestIntegerType: width and signedness.
struct TestIntegerTypeStorage : public TypeStorage {
  using KeyTy = std::pair<unsigned, unsigned>;
  explicit TestIntegerTypeStorage(const KeyTy &key) : width(key.first), signedness(key.second) {}
  bool operator==(const KeyTy &key) const { return key == KeyTy(width, signedness); }
  static uint64_t hashKey(const KeyTy &key) { return hash_combine(key.first, key.second); }
  static TestIntegerTypeStorage *construct(StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<TestIntegerTypeStorage>()) TestIntegerTypeStorage(key);
  }
  unsigned width;
  unsigned signedness;
};

/// `!test.int<signed, 8>`: an integer type of at most 8 bits (TestIntegerType).
class TestIntegerType : public Type::TypeBase<TestIntegerType, Type, TestIntegerTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.int";
  enum Signedness : unsigned { Signless, Signed, Unsigned };
  static TestIntegerType get(MLIRContext *ctx, unsigned width, Signedness signedness) {
    return Base::get(ctx, std::pair<unsigned, unsigned>(width, signedness));
  }
  unsigned getWidth() const { return getImpl()->width; }
  Signedness getSignedness() const { return Signedness(getImpl()->signedness); }
};

/// `!test.test_type` (TestType): a parameterless type.
class TestType : public Type::TypeBase<TestType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.test_type";
  static TestType get(MLIRContext *ctx) { return Base::get(ctx); }
};

/// `!test.i32` (TestI32Type): a parameterless type (with a custom bytecode
/// encoding in mlir-opt; Lamina writes it as text).
class TestI32Type : public Type::TypeBase<TestI32Type, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.i32";
  static TestI32Type get(MLIRContext *ctx) { return Base::get(ctx); }
};

//===----------------------------------------------------------------------===//
// Recursive types
//===----------------------------------------------------------------------===//

/// Storage of the recursive types: uniqued by name, with a body set once
/// after creation (the mutable part), which may contain the type itself.
struct TestRecursiveTypeStorage : public TypeStorage {
  using KeyTy = std::string_view;
  explicit TestRecursiveTypeStorage(std::string_view name) : name(name) {}
  bool operator==(const KeyTy &key) const { return key == name; }
  static uint64_t hashKey(const KeyTy &key) { return hashValue(key); }
  static TestRecursiveTypeStorage *construct(StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<TestRecursiveTypeStorage>()) TestRecursiveTypeStorage(allocator.copyInto(key));
  }
  /// Sets the body; fails if a different one is set already.
  LogicalResult mutate(StorageAllocator &, Type newBody) {
    const void *old = body.load(std::memory_order_acquire);
    if (old && old != newBody.getAsOpaquePointer())
      return failure();
    body.store(newBody.getAsOpaquePointer(), std::memory_order_release);
    return success();
  }
  Type getBody() const { return Type::getFromOpaquePointer(body.load(std::memory_order_acquire)); }

  std::string_view name;
  /// The body type's opaque pointer (null until set); atomic because
  /// threads parsing or printing in parallel may read it while another sets it.
  std::atomic<const void *> body{nullptr};
};

/// `!test.test_rec<name, body>` (TestRecursiveType): a named type whose body
/// is a test type written without its `!test.` prefix; inside its own body
/// it is written `test_rec<name>`.
class TestRecursiveType : public Type::TypeBase<TestRecursiveType, Type, TestRecursiveTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.test_rec";
  static TestRecursiveType get(MLIRContext *ctx, std::string_view name) { return Base::get(ctx, name); }
  /// Fails if a different body was set before.
  LogicalResult setBody(Type body) { return Base::mutate(body); }
  Type getBody() const { return getImpl()->getBody(); }
  std::string_view getName() const { return getImpl()->name; }
};

/// `!test.test_rec_alias<name, body>` (TestRecursiveAliasType): as
/// test_rec, but the body is any type (written in full), and the dialect
/// gives it its name as alias. A second, different body is ignored.
class TestRecursiveAliasType : public Type::TypeBase<TestRecursiveAliasType, Type, TestRecursiveTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.test_rec_alias";
  static TestRecursiveAliasType get(MLIRContext *ctx, std::string_view name) { return Base::get(ctx, name); }
  void setBody(Type body) { (void)Base::mutate(body); }
  Type getBody() const { return getImpl()->getBody(); }
  std::string_view getName() const { return getImpl()->name; }
};

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// Storage of TestConditionalAliasAttr: a string attribute.
struct ConditionalAliasAttrStorage : public AttributeStorage {
  using KeyTy = Attribute;
  explicit ConditionalAliasAttrStorage(Attribute value) : value(value) {}
  bool operator==(const KeyTy &key) const { return key == value; }
  static uint64_t hashKey(const KeyTy &key) { return hash_combine(key.getAsOpaquePointer()); }
  static ConditionalAliasAttrStorage *construct(StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<ConditionalAliasAttrStorage>()) ConditionalAliasAttrStorage(key);
  }
  Attribute value;
};

/// `#test.conditional_alias<value>`: a string printed through its alias if
/// it has one, as a keyword or string otherwise (TestConditionalAliasAttr).
class ConditionalAliasAttr : public Attribute::AttrBase<ConditionalAliasAttr, Attribute, ConditionalAliasAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.conditional_alias";
  static ConditionalAliasAttr get(StringAttr value) { return Base::get(value.getContext(), Attribute(value)); }
  StringAttr getValue() const { return cast<StringAttr>(getImpl()->value); }
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const {
    walkAttrs(getImpl()->value);
  }
};

/// Storage of TestCustomFloatAttr: the type name string and the value.
struct CustomFloatAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<Attribute, APFloat>;
  CustomFloatAttrStorage(Attribute typeStr, APFloat value) : typeStr(typeStr), value(std::move(value)) {}
  bool operator==(const KeyTy &key) const { return key.first == typeStr && key.second.bitwiseIsEqual(value); }
  static uint64_t hashKey(const KeyTy &key) {
    return hashCombineRaw(hashValue(key.first.getAsOpaquePointer()), key.second.hash());
  }
  static CustomFloatAttrStorage *construct(StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<CustomFloatAttrStorage>()) CustomFloatAttrStorage(key.first, key.second);
  }
  Attribute typeStr;
  APFloat value;
};

/// `#test.custom_float<"float" : 2.0>` (TestCustomFloatAttr): a float of the
/// semantics the string names ("float", "double" or "fp80").
class CustomFloatAttr : public Attribute::AttrBase<CustomFloatAttr, Attribute, CustomFloatAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.custom_float";
  static CustomFloatAttr get(StringAttr typeStr, const APFloat &value) {
    return Base::get(typeStr.getContext(), CustomFloatAttrStorage::KeyTy(Attribute(typeStr), value));
  }
  StringAttr getTypeStr() const { return cast<StringAttr>(getImpl()->typeStr); }
  const APFloat &getValue() const { return getImpl()->value; }
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const {
    walkAttrs(getImpl()->typeStr);
  }
};

/// Storage of TestSubElementsAccessAttr: three attributes.
struct SubElementsAccessAttrStorage : public AttributeStorage {
  using KeyTy = std::tuple<Attribute, Attribute, Attribute>;
  explicit SubElementsAccessAttrStorage(const KeyTy &key) : elements(key) {}
  bool operator==(const KeyTy &key) const { return key == elements; }
  static uint64_t hashKey(const KeyTy &key) {
    return hash_combine(std::get<0>(key).getAsOpaquePointer(), std::get<1>(key).getAsOpaquePointer(),
                        std::get<2>(key).getAsOpaquePointer());
  }
  static SubElementsAccessAttrStorage *construct(StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<SubElementsAccessAttrStorage>()) SubElementsAccessAttrStorage(key);
  }
  KeyTy elements;
};

/// `#test.sub_elements_access<a, b, c>` (TestSubElementsAccessAttr): three
/// attributes.
class SubElementsAccessAttr
    : public Attribute::AttrBase<SubElementsAccessAttr, Attribute, SubElementsAccessAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.sub_elements_access";
  static SubElementsAccessAttr get(MLIRContext *ctx, Attribute first, Attribute second, Attribute third) {
    return Base::get(ctx, SubElementsAccessAttrStorage::KeyTy(first, second, third));
  }
  Attribute getFirst() const { return std::get<0>(getImpl()->elements); }
  Attribute getSecond() const { return std::get<1>(getImpl()->elements); }
  Attribute getThird() const { return std::get<2>(getImpl()->elements); }
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const {
    walkAttrs(getFirst());
    walkAttrs(getSecond());
    walkAttrs(getThird());
  }
};

/// Storage of TestAttrParamsAttr: two ints.
struct AttrParamsAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<int, int>;
  explicit AttrParamsAttrStorage(const KeyTy &key) : v0(key.first), v1(key.second) {}
  bool operator==(const KeyTy &key) const { return key == KeyTy(v0, v1); }
  static uint64_t hashKey(const KeyTy &key) { return hash_combine(key.first, key.second); }
  static AttrParamsAttrStorage *construct(StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<AttrParamsAttrStorage>()) AttrParamsAttrStorage(key);
  }
  int v0, v1;
};

/// `#test.attr_params<v0, v1>` (TestAttrParamsAttr): two C++ ints (with a
/// custom bytecode encoding in mlir-opt; Lamina writes it as text).
class AttrParamsAttr : public Attribute::AttrBase<AttrParamsAttr, Attribute, AttrParamsAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.attr_params";
  static AttrParamsAttr get(MLIRContext *ctx, int v0, int v1) { return Base::get(ctx, std::pair<int, int>(v0, v1)); }
  int getV0() const { return getImpl()->v0; }
  int getV1() const { return getImpl()->v1; }
};

//===----------------------------------------------------------------------===//
// Elements attributes
//===----------------------------------------------------------------------===//

/// Storage of TestI64ElementsAttr: a shaped type and the values.
struct TestI64ElementsAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<ShapedType, ArrayRef<uint64_t>>;
  TestI64ElementsAttrStorage(ShapedType type, ArrayRef<uint64_t> elements) : type(type), elements(elements) {}
  bool operator==(const KeyTy &key) const {
    if (key.first != type || key.second.size() != elements.size())
      return false;
    for (size_t i = 0; i < elements.size(); ++i)
      if (key.second[i] != elements[i])
        return false;
    return true;
  }
  static uint64_t hashKey(const KeyTy &key) {
    uint64_t h = hash_combine(key.first.getAsOpaquePointer());
    for (uint64_t e : key.second)
      h = hash_combine(h, e);
    return h;
  }
  static TestI64ElementsAttrStorage *construct(StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<TestI64ElementsAttrStorage>())
        TestI64ElementsAttrStorage(key.first, allocator.copyInto(key.second));
  }
  ShapedType type;
  ArrayRef<uint64_t> elements;
};

/// `#test.i64_elements<[1, 2]> : tensor<2xi64>`: 64-bit values of a rank-1
/// shaped type, an ElementsAttr (TestI64ElementsAttr).
class TestI64ElementsAttr : public Attribute::AttrBase<TestI64ElementsAttr, Attribute, TestI64ElementsAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.i64_elements";
  static TestI64ElementsAttr get(ShapedType type, ArrayRef<uint64_t> elements) {
    return Base::get(type.getContext(), TestI64ElementsAttrStorage::KeyTy(type, elements));
  }
  /// Its verifier: as many values as the type has elements, and the type
  /// is of rank 1 with element type i64.
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, ShapedType type,
                              ArrayRef<uint64_t> elements);
  ShapedType getType() const { return getImpl()->type; }
  ArrayRef<uint64_t> getElements() const { return getImpl()->elements; }
  static void populateInterfaces(InterfaceMap &map);
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
    walkTypes(getType());
  }
};

/// Storage of TestExtern1DI64ElementsAttr: a shaped type and a resource of
/// the test dialect (a handle of MLIRTestDialect::declareResource).
struct TestExternElementsAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<ShapedType, const void *>;
  explicit TestExternElementsAttrStorage(const KeyTy &key) : type(key.first), handle(key.second) {}
  bool operator==(const KeyTy &key) const { return key.first == type && key.second == handle; }
  static uint64_t hashKey(const KeyTy &key) { return hash_combine(key.first.getAsOpaquePointer(), key.second); }
  static TestExternElementsAttrStorage *construct(StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<TestExternElementsAttrStorage>()) TestExternElementsAttrStorage(key);
  }
  ShapedType type;
  const void *handle;
};

/// `#test.e1di64_elements<key> : tensor<3xi64>`: an ElementsAttr whose
/// values are the blob of a test dialect resource, from the file metadata's
/// `dialect_resources` (TestExtern1DI64ElementsAttr).
class TestExternElementsAttr
    : public Attribute::AttrBase<TestExternElementsAttr, Attribute, TestExternElementsAttrStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.e1di64_elements";
  static TestExternElementsAttr get(ShapedType type, const void *handle) {
    return Base::get(type.getContext(), TestExternElementsAttrStorage::KeyTy(type, handle));
  }
  ShapedType getType() const { return getImpl()->type; }
  const void *getHandle() const { return getImpl()->handle; }
  static void populateInterfaces(InterfaceMap &map);
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
    walkTypes(getType());
  }
};

//===----------------------------------------------------------------------===//
// Dynamic types and attributes
//===----------------------------------------------------------------------===//

/// The dynamic types and attributes the test dialect registers at run time
/// (ExtensibleDialect): a name and a list of attribute parameters, whose
/// count the definition verifies. Types and attributes use the same names.
/// As MLIR's DynamicType/DynamicAttr, they expose no sub-elements.
enum class DynamicKind : unsigned { Singleton, Pair, CustomAssemblyFormat };

/// Storage of a dynamic type or attribute: its kind and parameters.
template <typename BaseStorage> struct DynamicStorage : public BaseStorage {
  using KeyTy = std::pair<unsigned, ArrayRef<Attribute>>;
  DynamicStorage(unsigned kind, ArrayRef<Attribute> params) : kind(kind), params(params) {}
  bool operator==(const KeyTy &key) const {
    if (key.first != kind || key.second.size() != params.size())
      return false;
    for (size_t i = 0; i < params.size(); ++i)
      if (key.second[i] != params[i])
        return false;
    return true;
  }
  static uint64_t hashKey(const KeyTy &key) {
    uint64_t h = hash_combine(key.first);
    for (Attribute a : key.second)
      h = hash_combine(h, a.getAsOpaquePointer());
    return h;
  }
  static DynamicStorage *construct(StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<DynamicStorage>()) DynamicStorage(key.first, allocator.copyInto(key.second));
  }
  unsigned kind;
  ArrayRef<Attribute> params;
};

/// `!test.dynamic_pair<i32, f64>` and the other dynamic types.
class TestDynamicType : public Type::TypeBase<TestDynamicType, Type, DynamicStorage<TypeStorage>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.dynamic";
  static TestDynamicType get(MLIRContext *ctx, DynamicKind kind, ArrayRef<Attribute> params) {
    return Base::get(ctx, std::pair<unsigned, ArrayRef<Attribute>>(unsigned(kind), params));
  }
  DynamicKind getKind() const { return DynamicKind(getImpl()->kind); }
  ArrayRef<Attribute> getParams() const { return getImpl()->params; }
};

/// `#test.dynamic_pair<3 : i32, 5 : i32>` and the other dynamic attributes.
class TestDynamicAttr : public Attribute::AttrBase<TestDynamicAttr, Attribute, DynamicStorage<AttributeStorage>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.dynamic";
  static TestDynamicAttr get(MLIRContext *ctx, DynamicKind kind, ArrayRef<Attribute> params) {
    return Base::get(ctx, std::pair<unsigned, ArrayRef<Attribute>>(unsigned(kind), params));
  }
  DynamicKind getKind() const { return DynamicKind(getImpl()->kind); }
  ArrayRef<Attribute> getParams() const { return getImpl()->params; }
};

//===----------------------------------------------------------------------===//
// Verbatim types and attributes with alias references
//===----------------------------------------------------------------------===//

/// An alias reference (`!name`, `#name`) inside text kept verbatim: where it
/// is in the text and the type or attribute it stands for.
struct VerbatimRef {
  uint32_t offset;
  uint32_t length;
  const void *value;
  bool isType;
  bool operator==(const VerbatimRef &o) const {
    return offset == o.offset && length == o.length && value == o.value && isType == o.isType;
  }
};

/// Storage of the verbatim types and attributes: the text and its alias
/// references, in text order.
template <typename BaseStorage> struct VerbatimStorage : public BaseStorage {
  using KeyTy = std::pair<std::string_view, ArrayRef<VerbatimRef>>;
  VerbatimStorage(std::string_view spec, ArrayRef<VerbatimRef> refs) : spec(spec), refs(refs) {}
  bool operator==(const KeyTy &key) const {
    if (key.first != spec || key.second.size() != refs.size())
      return false;
    for (size_t i = 0; i < refs.size(); ++i)
      if (!(key.second[i] == refs[i]))
        return false;
    return true;
  }
  static uint64_t hashKey(const KeyTy &key) {
    uint64_t h = hashValue(key.first);
    for (const VerbatimRef &r : key.second)
      h = hash_combine(h, r.offset, r.value);
    return h;
  }
  static VerbatimStorage *construct(StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<VerbatimStorage>())
        VerbatimStorage(allocator.copyInto(key.first), allocator.copyInto(key.second));
  }
  std::string_view spec;
  ArrayRef<VerbatimRef> refs;
};

/// A `!test.` type Lamina does not implement whose text refers to aliases
/// (`!test.cmpnd_a<1, !test_ui8, [5]>`): kept verbatim like the other
/// unknown ones (OpaqueType), but printed with each reference printed as
/// the type or attribute it stands for, so alias definitions are kept and
/// text without aliases (bytecode) is complete.
class TestVerbatimType : public Type::TypeBase<TestVerbatimType, Type, VerbatimStorage<TypeStorage>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.verbatim";
  static TestVerbatimType get(MLIRContext *ctx, std::string_view spec, ArrayRef<VerbatimRef> refs) {
    return Base::get(ctx, VerbatimStorage<TypeStorage>::KeyTy(spec, refs));
  }
  std::string_view getSpec() const { return getImpl()->spec; }
  ArrayRef<VerbatimRef> getRefs() const { return getImpl()->refs; }
};

/// The same for `#test.` attributes (without a trailing type).
class TestVerbatimAttr : public Attribute::AttrBase<TestVerbatimAttr, Attribute, VerbatimStorage<AttributeStorage>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.verbatim";
  static TestVerbatimAttr get(MLIRContext *ctx, std::string_view spec, ArrayRef<VerbatimRef> refs) {
    return Base::get(ctx, VerbatimStorage<AttributeStorage>::KeyTy(spec, refs));
  }
  std::string_view getSpec() const { return getImpl()->spec; }
  ArrayRef<VerbatimRef> getRefs() const { return getImpl()->refs; }
};

/// The alias references in `spec` (outside string literals) that `parser`
/// knows, in text order.
void findVerbatimRefs(std::string_view spec, DialectAsmParser &parser, std::vector<VerbatimRef> &refs);
/// Prints `spec` with its references printed through `printer`.
void printVerbatim(std::string_view spec, ArrayRef<VerbatimRef> refs, DialectAsmPrinter &printer);

//===----------------------------------------------------------------------===//
// Parsing and printing (TestTypes.cpp)
//===----------------------------------------------------------------------===//

/// Parses the type named `mnemonic` (already consumed); null with a
/// diagnostic on error. Only for mnemonics `isKnownTypeMnemonic` accepts.
Type parseTestType(std::string_view mnemonic, DialectAsmParser &parser);
bool isKnownTypeMnemonic(std::string_view mnemonic);
/// Whether Lamina implements the type `spec` (the full symbol, without
/// `!test.`) whose leading mnemonic is `mnemonic`: a known mnemonic, and for
/// test_rec, a known innermost body (otherwise the type is kept verbatim).
bool isKnownTypeSpec(std::string_view mnemonic, std::string_view spec);
/// Prints a type of this file without the `!test.` prefix.
void printTestType(Type type, DialectAsmPrinter &printer);

Attribute parseTestAttribute(std::string_view mnemonic, DialectAsmParser &parser, Type type);
bool isKnownAttrMnemonic(std::string_view mnemonic);
void printTestAttribute(Attribute attr, DialectAsmPrinter &printer);

} // namespace lamina::testdialect
