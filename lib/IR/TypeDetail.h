//===- TypeDetail.h - Storage classes of builtin types (private) ----------===//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"

namespace lamina {
namespace detail {

struct IntegerTypeStorage : public TypeStorage {
  using KeyTy = std::pair<unsigned, IntegerType::SignednessSemantics>;
  IntegerTypeStorage(unsigned width, IntegerType::SignednessSemantics s) : width(width), signedness(s) {}
  bool operator==(const KeyTy &key) const { return key == KeyTy(width, signedness); }
  static uint64_t hashKey(const KeyTy &key) { return hashMix((uint64_t(key.first) << 2) | key.second); }
  static IntegerTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<IntegerTypeStorage>()) IntegerTypeStorage(key.first, key.second);
  }
  unsigned width : 30;
  IntegerType::SignednessSemantics signedness : 2;
};

struct ComplexTypeStorage : public TypeStorage {
  using KeyTy = Type;
  explicit ComplexTypeStorage(Type t) : elementType(t) {}
  bool operator==(const KeyTy &key) const { return key == elementType; }
  static ComplexTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<ComplexTypeStorage>()) ComplexTypeStorage(key);
  }
  Type elementType;
};

/// Types stored as one array; function types split it at numInputs.
struct FunctionTypeStorage : public TypeStorage {
  using KeyTy = std::pair<ArrayRef<Type>, ArrayRef<Type>>;
  FunctionTypeStorage(unsigned numInputs, unsigned numResults, const Type *types)
      : numInputs(numInputs), numResults(numResults), types(types) {}
  bool operator==(const KeyTy &key) const {
    return key.first == getInputs() && key.second == getResults();
  }
  static uint64_t hashKey(const KeyTy &key) {
    return hash_combine(hashValue(std::span<const Type>(key.first.data(), key.first.size())),
                        hashValue(std::span<const Type>(key.second.data(), key.second.size())));
  }
  static FunctionTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    size_t n = key.first.size() + key.second.size();
    Type *types = n ? static_cast<Type *>(a.allocate(sizeof(Type) * n, alignof(Type))) : nullptr;
    for (size_t i = 0; i < key.first.size(); ++i)
      new (types + i) Type(key.first[i]);
    for (size_t i = 0; i < key.second.size(); ++i)
      new (types + key.first.size() + i) Type(key.second[i]);
    return new (a.allocate<FunctionTypeStorage>())
        FunctionTypeStorage(key.first.size(), key.second.size(), types);
  }
  ArrayRef<Type> getInputs() const { return ArrayRef<Type>(types, numInputs); }
  ArrayRef<Type> getResults() const { return ArrayRef<Type>(types + numInputs, numResults); }
  unsigned numInputs, numResults;
  const Type *types;
};

struct TupleTypeStorage : public TypeStorage {
  using KeyTy = ArrayRef<Type>;
  explicit TupleTypeStorage(ArrayRef<Type> types) : types(types) {}
  bool operator==(const KeyTy &key) const { return key == types; }
  static uint64_t hashKey(const KeyTy &key) { return hashValue(std::span<const Type>(key.data(), key.size())); }
  static TupleTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<TupleTypeStorage>()) TupleTypeStorage(a.copyInto(key));
  }
  ArrayRef<Type> types;
};

struct VectorTypeStorage : public TypeStorage {
  using KeyTy = std::tuple<ArrayRef<int64_t>, Type, ArrayRef<bool>>;
  VectorTypeStorage(ArrayRef<int64_t> shape, Type elementType, ArrayRef<bool> scalableDims)
      : shape(shape), elementType(elementType), scalableDims(scalableDims) {}
  bool operator==(const KeyTy &key) const {
    return std::get<0>(key) == shape && std::get<1>(key) == elementType && std::get<2>(key) == scalableDims;
  }
  static uint64_t hashKey(const KeyTy &key) {
    auto s = std::get<0>(key);
    auto sc = std::get<2>(key);
    return hash_combine(hashValue(std::span<const int64_t>(s.data(), s.size())), std::get<1>(key),
                        hashValue(std::span<const bool>(sc.data(), sc.size())));
  }
  static VectorTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<VectorTypeStorage>())
        VectorTypeStorage(a.copyInto(std::get<0>(key)), std::get<1>(key), a.copyInto(std::get<2>(key)));
  }
  ArrayRef<int64_t> shape;
  Type elementType;
  ArrayRef<bool> scalableDims;
};

struct RankedTensorTypeStorage : public TypeStorage {
  using KeyTy = std::tuple<ArrayRef<int64_t>, Type, Attribute>;
  RankedTensorTypeStorage(ArrayRef<int64_t> shape, Type elementType, Attribute encoding)
      : shape(shape), elementType(elementType), encoding(encoding) {}
  bool operator==(const KeyTy &key) const {
    return std::get<0>(key) == shape && std::get<1>(key) == elementType && std::get<2>(key) == encoding;
  }
  static uint64_t hashKey(const KeyTy &key) {
    auto s = std::get<0>(key);
    return hash_combine(hashValue(std::span<const int64_t>(s.data(), s.size())), std::get<1>(key),
                        std::get<2>(key));
  }
  static RankedTensorTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<RankedTensorTypeStorage>())
        RankedTensorTypeStorage(a.copyInto(std::get<0>(key)), std::get<1>(key), std::get<2>(key));
  }
  ArrayRef<int64_t> shape;
  Type elementType;
  Attribute encoding;
};

struct UnrankedTensorTypeStorage : public TypeStorage {
  using KeyTy = Type;
  explicit UnrankedTensorTypeStorage(Type t) : elementType(t) {}
  bool operator==(const KeyTy &key) const { return key == elementType; }
  static UnrankedTensorTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<UnrankedTensorTypeStorage>()) UnrankedTensorTypeStorage(key);
  }
  Type elementType;
};

struct MemRefTypeStorage : public TypeStorage {
  using KeyTy = std::tuple<ArrayRef<int64_t>, Type, Attribute, Attribute>;
  MemRefTypeStorage(ArrayRef<int64_t> shape, Type elementType, Attribute layout, Attribute memorySpace)
      : shape(shape), elementType(elementType), layout(layout), memorySpace(memorySpace) {}
  bool operator==(const KeyTy &key) const {
    return std::get<0>(key) == shape && std::get<1>(key) == elementType && std::get<2>(key) == layout &&
           std::get<3>(key) == memorySpace;
  }
  static uint64_t hashKey(const KeyTy &key) {
    auto s = std::get<0>(key);
    return hash_combine(hashValue(std::span<const int64_t>(s.data(), s.size())), std::get<1>(key),
                        std::get<2>(key), std::get<3>(key));
  }
  static MemRefTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<MemRefTypeStorage>())
        MemRefTypeStorage(a.copyInto(std::get<0>(key)), std::get<1>(key), std::get<2>(key), std::get<3>(key));
  }
  ArrayRef<int64_t> shape;
  Type elementType;
  Attribute layout;
  Attribute memorySpace;
};

struct UnrankedMemRefTypeStorage : public TypeStorage {
  using KeyTy = std::pair<Type, Attribute>;
  UnrankedMemRefTypeStorage(Type t, Attribute ms) : elementType(t), memorySpace(ms) {}
  bool operator==(const KeyTy &key) const { return key.first == elementType && key.second == memorySpace; }
  static UnrankedMemRefTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<UnrankedMemRefTypeStorage>()) UnrankedMemRefTypeStorage(key.first, key.second);
  }
  Type elementType;
  Attribute memorySpace;
};

struct OpaqueTypeStorage : public TypeStorage {
  using KeyTy = std::pair<StringAttr, std::string_view>;
  OpaqueTypeStorage(StringAttr ns, std::string_view data) : dialectNamespace(ns), typeData(data) {}
  bool operator==(const KeyTy &key) const { return key.first == dialectNamespace && key.second == typeData; }
  static uint64_t hashKey(const KeyTy &key) { return hash_combine(Attribute(key.first), key.second); }
  static OpaqueTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<OpaqueTypeStorage>()) OpaqueTypeStorage(key.first, a.copyInto(key.second));
  }
  StringAttr dialectNamespace;
  std::string_view typeData;
};

} // namespace detail
} // namespace lamina
