//===- TestDialect.h - A dialect for testing the ODS engine and the seed ---===//
//
// The seed document's types (SimpleType, ComplexType, RecursiveType) with a
// textual form, a declaratively defined attribute and a few ops defined with
// assembly formats. Registered only by lamina-test-opt.
//
#pragma once

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Dialect.h"
#include "lamina/ODS/AttrTypeDef.h"

namespace lamina {
namespace test {

/// `!test.simple`: a parameterless singleton type.
class SimpleType : public Type::TypeBase<SimpleType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.simple";
};

/// Storage of ComplexType: a non-zero integer and an integer type.
struct ComplexTypeStorage : public TypeStorage {
  ComplexTypeStorage(unsigned nonZeroParam, Type integerType) : nonZeroParam(nonZeroParam), integerType(integerType) {}
  using KeyTy = std::pair<unsigned, Type>;
  bool operator==(const KeyTy &key) const { return key == KeyTy(nonZeroParam, integerType); }
  static uint64_t hashKey(const KeyTy &key) { return hash_combine(key.first, key.second); }
  static KeyTy getKey(unsigned nonZeroParam, Type integerType) { return KeyTy(nonZeroParam, integerType); }
  static ComplexTypeStorage *construct(StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<ComplexTypeStorage>()) ComplexTypeStorage(key.first, key.second);
  }
  unsigned nonZeroParam;
  Type integerType;
};

/// `!test.complex<5, i32>`: rejects a zero parameter and non-integer types.
class ComplexType : public Type::TypeBase<ComplexType, Type, ComplexTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.complex";
  static ComplexType get(unsigned param, Type type) { return Base::get(type.getContext(), param, type); }
  static ComplexType getChecked(unsigned param, Type type, Location location) {
    return Base::getChecked(location, param, type);
  }
  static LogicalResult verifyConstructionInvariants(Location loc, unsigned param, Type type);
  unsigned getParameter() const { return getImpl()->nonZeroParam; }
  IntegerType getParameterType() const { return cast<IntegerType>(getImpl()->integerType); }
};

/// Storage of RecursiveType: identified by name; the body is mutable.
struct RecursiveTypeStorage : public TypeStorage {
  using KeyTy = std::string_view;
  RecursiveTypeStorage(std::string_view name) : name(name) {}
  bool operator==(const KeyTy &key) const { return key == name; }
  static RecursiveTypeStorage *construct(StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<RecursiveTypeStorage>()) RecursiveTypeStorage(allocator.copyInto(key));
  }
  LogicalResult mutate(StorageAllocator &, Type body) {
    if (containedType && containedType != body)
      return failure();
    containedType = body;
    return success();
  }
  std::string_view name;
  Type containedType;
};

/// `!test.recursive<"name", body>`: may contain itself.
class RecursiveType : public Type::TypeBase<RecursiveType, Type, RecursiveTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.recursive";
  static RecursiveType get(MLIRContext *ctx, std::string_view name) { return Base::get(ctx, name); }
  /// Sets the body; fails if it was set to another type.
  LogicalResult setBody(Type body) { return Base::mutate(body); }
  Type getBody() const { return getImpl()->containedType; }
  std::string_view getName() const { return getImpl()->name; }
};

/// `#test.mode<fast>`: an enum attribute defined declaratively.
class ModeAttr : public Attribute::AttrBase<ModeAttr, Attribute, ods::AttrParamStorage<uint32_t>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.mode";
  static ModeAttr get(MLIRContext *ctx, uint32_t mode) { return Base::get(ctx, mode); }
  uint32_t getValue() const { return std::get<0>(getImpl()->params); }
};

/// `#test.overflow<nsw, nuw>`: a bit enum attribute (mirrors arith's).
class OverflowAttr : public Attribute::AttrBase<OverflowAttr, Attribute, ods::AttrParamStorage<uint32_t>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.overflow";
  static OverflowAttr get(MLIRContext *ctx, uint32_t flags) { return Base::get(ctx, flags); }
  uint32_t getValue() const { return std::get<0>(getImpl()->params); }
};

/// `#test.pair<3, "x">`: a declaratively defined attribute with a struct
/// format.
class PairAttr : public Attribute::AttrBase<PairAttr, Attribute, ods::AttrParamStorage<int64_t, std::string_view>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.pair";
  static PairAttr get(MLIRContext *ctx, int64_t n, std::string_view s) { return Base::get(ctx, n, s); }
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, int64_t n, std::string_view s);
};

} // namespace test

class TestDialect;
/// Mirrors of MLIR's test-dialect format ops (TestFormatOps.cpp).
void registerTestFormatOps(TestDialect &dialect);

/// The `test` dialect.
class TestDialect : public Dialect {
public:
  explicit TestDialect(MLIRContext *ctx);
  ~TestDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "test"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;

private:
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
