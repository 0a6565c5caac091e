//===- TypeInterfaceTest.cpp - Types with storage, traits and interfaces --===//
//
// Exercises the seed document's contract on a small dialect defined here:
// parametric storage with KeyTy/operator==/hashKey/construct, getChecked
// with construction verification, a mutable (recursive) type, a type
// trait and a type interface.
//
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/StorageUserBase.h"
#include "lamina/IR/TypeAttrInterfaces.h"

#include <gtest/gtest.h>

#include <thread>

using namespace lamina;

namespace {

/// A trait types can carry.
template <typename ConcreteType> class IsSpecialTrait : public TypeTrait::TraitBase<ConcreteType, IsSpecialTrait> {};

/// An interface: the size of a value of the type, in bytes.
struct ByteSizeConcept {
  unsigned (*getByteSize)(Type);
};
class ByteSizeInterface : public TypeInterface<ByteSizeInterface, ByteSizeConcept> {
public:
  using InterfaceBase::InterfaceBase;
  unsigned getByteSize() const { return getImpl()->getByteSize(*this); }
  template <typename ConcreteT>
  static constexpr ByteSizeConcept model = {[](Type t) { return cast<ConcreteT>(t).getByteSize(); }};
};

class SimpleType : public Type::TypeBase<SimpleType, Type, TypeStorage, IsSpecialTrait> {
public:
  using Base::Base;
};

struct ComplexTypeStorage : public TypeStorage {
  ComplexTypeStorage(unsigned nonZeroParam, Type integerType) : nonZeroParam(nonZeroParam), integerType(integerType) {}
  using KeyTy = std::pair<unsigned, Type>;
  bool operator==(const KeyTy &key) const { return key == KeyTy(nonZeroParam, integerType); }
  static uint64_t hashKey(const KeyTy &key) { return hash_combine(key.first, key.second); }
  static KeyTy getKey(unsigned nonZeroParam, Type integerType) { return KeyTy(nonZeroParam, integerType); }
  static ComplexTypeStorage *construct(TypeStorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<ComplexTypeStorage>()) ComplexTypeStorage(key.first, key.second);
  }
  unsigned nonZeroParam;
  Type integerType;
};

class ComplexParamType
    : public Type::TypeBase<ComplexParamType, Type, ComplexTypeStorage, ByteSizeInterface::Trait> {
public:
  using Base::Base;
  static ComplexParamType get(unsigned param, Type type) { return Base::get(type.getContext(), param, type); }
  static ComplexParamType getChecked(unsigned param, Type type, Location location) {
    return Base::getChecked(location, param, type);
  }
  static LogicalResult verifyConstructionInvariants(Location loc, unsigned param, Type) {
    if (param == 0)
      return emitError(loc) << "non-zero parameter passed to 'ComplexType'";
    return success();
  }
  unsigned getParameter() const { return getImpl()->nonZeroParam; }
  unsigned getByteSize() const { return getParameter() * 4; }
};

struct RecursiveTypeStorage : public TypeStorage {
  using KeyTy = std::string_view;
  explicit RecursiveTypeStorage(std::string_view name) : name(name) {}
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

class RecursiveType : public Type::TypeBase<RecursiveType, Type, RecursiveTypeStorage> {
public:
  using Base::Base;
  static RecursiveType get(MLIRContext *ctx, std::string_view name) { return Base::get(ctx, name); }
  LogicalResult setBody(Type body) { return Base::mutate(body); }
  Type getBody() const { return getImpl()->containedType; }
  std::string_view getName() const { return getImpl()->name; }
};

class SeedDialect : public Dialect {
public:
  explicit SeedDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<SeedDialect>()) {
    addTypes<SimpleType, ComplexParamType, RecursiveType>();
  }
  static constexpr std::string_view getDialectNamespace() { return "seed"; }
};

TEST(TypeInterfaceTest, Uniquing) {
  MLIRContext ctx;
  ctx.getOrLoadDialect<SeedDialect>();
  Type i32 = IntegerType::get(&ctx, 32);
  EXPECT_EQ(SimpleType::get(&ctx), SimpleType::get(&ctx));
  EXPECT_EQ(ComplexParamType::get(2, i32), ComplexParamType::get(2, i32));
  EXPECT_NE(ComplexParamType::get(2, i32), ComplexParamType::get(3, i32));
  EXPECT_EQ(ComplexParamType::get(3, i32).getParameter(), 3u);
  EXPECT_TRUE(isa<ComplexParamType>(Type(ComplexParamType::get(3, i32))));
  EXPECT_FALSE(isa<ComplexParamType>(i32));
}

TEST(TypeInterfaceTest, TraitsAndInterfaces) {
  MLIRContext ctx;
  ctx.getOrLoadDialect<SeedDialect>();
  Type simple = SimpleType::get(&ctx);
  Type cplx = ComplexParamType::get(5, IntegerType::get(&ctx, 8));
  EXPECT_TRUE(simple.hasTrait<IsSpecialTrait>());
  EXPECT_FALSE(cplx.hasTrait<IsSpecialTrait>());
  EXPECT_FALSE(isa<ByteSizeInterface>(simple));
  auto sized = dyn_cast<ByteSizeInterface>(cplx);
  ASSERT_TRUE(bool(sized));
  EXPECT_EQ(sized.getByteSize(), 20u);
}

TEST(TypeInterfaceTest, GetCheckedReportsInvariants) {
  MLIRContext ctx;
  ctx.getOrLoadDialect<SeedDialect>();
  std::string message;
  ctx.getDiagEngine().registerHandler([&](Diagnostic &d) {
    message = d.str();
    return success();
  });
  Location loc = UnknownLoc::get(&ctx);
  EXPECT_FALSE(bool(ComplexParamType::getChecked(0, IntegerType::get(&ctx, 32), loc)));
  EXPECT_EQ(message, "non-zero parameter passed to 'ComplexType'");
  EXPECT_TRUE(bool(ComplexParamType::getChecked(1, IntegerType::get(&ctx, 32), loc)));
}

TEST(TypeInterfaceTest, MutableRecursiveType) {
  MLIRContext ctx;
  ctx.getOrLoadDialect<SeedDialect>();
  RecursiveType rec = RecursiveType::get(&ctx, "list");
  EXPECT_FALSE(bool(rec.getBody()));
  EXPECT_TRUE(succeeded(rec.setBody(rec))); // contains itself
  EXPECT_EQ(RecursiveType::get(&ctx, "list").getBody(), Type(rec));
  EXPECT_TRUE(succeeded(rec.setBody(rec)));
  EXPECT_TRUE(failed(rec.setBody(IndexType::get(&ctx))));
}

TEST(TypeInterfaceTest, ConcurrentUniquing) {
  MLIRContext ctx;
  ctx.getOrLoadDialect<SeedDialect>();
  Type i32 = IntegerType::get(&ctx, 32);
  std::vector<std::thread> threads;
  std::vector<std::vector<const void *>> seen(4);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (unsigned p = 1; p <= 2000; ++p)
        seen[t].push_back(ComplexParamType::get(p, i32).getAsOpaquePointer());
    });
  for (auto &th : threads)
    th.join();
  for (int t = 1; t < 4; ++t)
    EXPECT_EQ(seen[t], seen[0]);
}

} // namespace
