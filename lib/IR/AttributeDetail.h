//===- AttributeDetail.h - Storage classes of builtin attributes (private) ===//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinLocations.h"

#include <cstring>

namespace lamina {
namespace detail {

inline uint64_t hashArray(ArrayRef<char> a) { return hashBytes(a.data(), a.size()); }
template <typename T> inline uint64_t hashArray(ArrayRef<T> a) {
  return hashValue(std::span<const T>(a.data(), a.size()));
}

struct StringAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<std::string_view, Type>;
  StringAttrStorage(std::string_view value, Type type) : value(value), type(type) {}
  bool operator==(const KeyTy &key) const { return key.first == value && key.second == type; }
  static uint64_t hashKey(const KeyTy &key) { return hashCombineRaw(hashValue(key.first), hashValue(key.second)); }
  static StringAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<StringAttrStorage>()) StringAttrStorage(a.copyInto(key.first), key.second);
  }
  std::string_view value;
  Type type;
  /// The dialect referenced by a `ns.name` string, resolved lazily.
  mutable Dialect *referencedDialect = nullptr;
};

struct IntegerAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<Type, APInt>;
  IntegerAttrStorage(Type type, APInt value) : type(type), value(std::move(value)) {}
  bool operator==(const KeyTy &key) const { return key.first == type && key.second == value; }
  static uint64_t hashKey(const KeyTy &key) { return hashCombineRaw(hashValue(key.first), key.second.hash()); }
  static IntegerAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<IntegerAttrStorage>()) IntegerAttrStorage(key.first, key.second);
  }
  /// Wide values own heap memory, freed with the context.
  bool needsDestruction() const { return value.getNumWords() > 1; }
  Type type;
  APInt value;
};

struct FloatAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<Type, APFloat>;
  FloatAttrStorage(Type type, APFloat value) : type(type), value(std::move(value)) {}
  bool operator==(const KeyTy &key) const { return key.first == type && key.second.bitwiseIsEqual(value); }
  static uint64_t hashKey(const KeyTy &key) { return hashCombineRaw(hashValue(key.first), key.second.hash()); }
  static FloatAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<FloatAttrStorage>()) FloatAttrStorage(key.first, key.second);
  }
  Type type;
  APFloat value;
};

struct ArrayAttrStorage : public AttributeStorage {
  using KeyTy = ArrayRef<Attribute>;
  explicit ArrayAttrStorage(ArrayRef<Attribute> value) : value(value) {}
  bool operator==(const KeyTy &key) const { return key == value; }
  static uint64_t hashKey(const KeyTy &key) { return hashArray(key); }
  static ArrayAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<ArrayAttrStorage>()) ArrayAttrStorage(a.copyInto(key));
  }
  ArrayRef<Attribute> value;
};

struct DictionaryAttrStorage : public AttributeStorage {
  using KeyTy = ArrayRef<NamedAttribute>;
  explicit DictionaryAttrStorage(ArrayRef<NamedAttribute> value) : value(value) {}
  bool operator==(const KeyTy &key) const { return key == value; }
  static uint64_t hashKey(const KeyTy &key) { return hashArray(key); }
  static DictionaryAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<DictionaryAttrStorage>()) DictionaryAttrStorage(a.copyInto(key));
  }
  ArrayRef<NamedAttribute> value;
};

struct TypeAttrStorage : public AttributeStorage {
  using KeyTy = Type;
  explicit TypeAttrStorage(Type value) : value(value) {}
  bool operator==(const KeyTy &key) const { return key == value; }
  static TypeAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<TypeAttrStorage>()) TypeAttrStorage(key);
  }
  Type value;
};

struct SymbolRefAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<StringAttr, ArrayRef<FlatSymbolRefAttr>>;
  SymbolRefAttrStorage(StringAttr root, ArrayRef<FlatSymbolRefAttr> nested) : root(root), nested(nested) {}
  bool operator==(const KeyTy &key) const { return key.first == root && key.second == nested; }
  static uint64_t hashKey(const KeyTy &key) {
    uint64_t h = hashValue(Attribute(key.first));
    for (auto n : key.second)
      h = hashCombineRaw(h, hashValue(Attribute(n)));
    return h;
  }
  static SymbolRefAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<SymbolRefAttrStorage>()) SymbolRefAttrStorage(key.first, a.copyInto(key.second));
  }
  StringAttr root;
  ArrayRef<FlatSymbolRefAttr> nested;
};

struct AffineMapAttrStorage : public AttributeStorage {
  using KeyTy = AffineMap;
  explicit AffineMapAttrStorage(AffineMap value) : value(value) {}
  bool operator==(const KeyTy &key) const { return key == value; }
  static AffineMapAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<AffineMapAttrStorage>()) AffineMapAttrStorage(key);
  }
  AffineMap value;
};

struct IntegerSetAttrStorage : public AttributeStorage {
  using KeyTy = IntegerSet;
  explicit IntegerSetAttrStorage(IntegerSet value) : value(value) {}
  bool operator==(const KeyTy &key) const { return key == value; }
  static IntegerSetAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<IntegerSetAttrStorage>()) IntegerSetAttrStorage(key);
  }
  IntegerSet value;
};

struct OpaqueAttrStorage : public AttributeStorage {
  using KeyTy = std::tuple<StringAttr, std::string_view, Type>;
  OpaqueAttrStorage(StringAttr ns, std::string_view data, Type type) : dialectNamespace(ns), attrData(data), type(type) {}
  bool operator==(const KeyTy &key) const {
    return std::get<0>(key) == dialectNamespace && std::get<1>(key) == attrData && std::get<2>(key) == type;
  }
  static uint64_t hashKey(const KeyTy &key) {
    return hash_combine(Attribute(std::get<0>(key)), std::get<1>(key), std::get<2>(key));
  }
  static OpaqueAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<OpaqueAttrStorage>())
        OpaqueAttrStorage(std::get<0>(key), a.copyInto(std::get<1>(key)), std::get<2>(key));
  }
  StringAttr dialectNamespace;
  std::string_view attrData;
  Type type;
};

struct StridedLayoutAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<int64_t, ArrayRef<int64_t>>;
  StridedLayoutAttrStorage(int64_t offset, ArrayRef<int64_t> strides) : offset(offset), strides(strides) {}
  bool operator==(const KeyTy &key) const { return key.first == offset && key.second == strides; }
  static uint64_t hashKey(const KeyTy &key) { return hashCombineRaw(hashValue(key.first), hashArray(key.second)); }
  static StridedLayoutAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<StridedLayoutAttrStorage>()) StridedLayoutAttrStorage(key.first, a.copyInto(key.second));
  }
  int64_t offset;
  ArrayRef<int64_t> strides;
};

struct DistinctAttrStorage : public AttributeStorage {
  using KeyTy = Attribute;
  explicit DistinctAttrStorage(Attribute referenced) : referenced(referenced) {}
  bool operator==(const KeyTy &) const { return false; }
  static DistinctAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<DistinctAttrStorage>()) DistinctAttrStorage(key);
  }
  Attribute referenced;
};

struct DenseArrayAttrStorage : public AttributeStorage {
  using KeyTy = std::tuple<Type, int64_t, ArrayRef<char>>;
  DenseArrayAttrStorage(Type elementType, int64_t size, ArrayRef<char> rawData)
      : elementType(elementType), size(size), rawData(rawData) {}
  bool operator==(const KeyTy &key) const {
    return std::get<0>(key) == elementType && std::get<1>(key) == size && std::get<2>(key) == rawData;
  }
  static uint64_t hashKey(const KeyTy &key) {
    return hash_combine(std::get<0>(key), std::get<1>(key), hashArray(std::get<2>(key)));
  }
  static DenseArrayAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    // Keep the data 8-byte aligned so typed views can read it directly.
    ArrayRef<char> data = std::get<2>(key);
    char *mem = data.empty() ? nullptr : static_cast<char *>(a.allocate(data.size(), 8));
    if (mem)
      std::memcpy(mem, data.data(), data.size());
    return new (a.allocate<DenseArrayAttrStorage>())
        DenseArrayAttrStorage(std::get<0>(key), std::get<1>(key), ArrayRef<char>(mem, data.size()));
  }
  Type elementType;
  int64_t size;
  ArrayRef<char> rawData;
};

//===----------------------------------------------------------------------===//
// Dense elements: MLIR's raw storage layout
//===----------------------------------------------------------------------===//
//
// An element of type T takes getDenseElementBitWidth(T) bits: the integer or
// float width, 64 for index, and for complex<E> twice E's width rounded up to
// whole bytes. It is stored in getDenseElementStorageWidth(width) bits: i1 is
// bit-packed (8 per byte, little-endian bit order), every other width rounds
// up to whole bytes. A splat stores one element; a splat of i1 is the single
// byte 0xFF or 0x00. The hex form of the printer and the bytecode expose this
// layout byte for byte.

inline size_t getDenseElementBitWidth(Type eltType) {
  if (auto complexType = dyn_cast<ComplexType>(eltType))
    return ((getDenseElementBitWidth(complexType.getElementType()) + 7) / 8 * 8) * 2;
  if (eltType.isIndex())
    return IndexType::kInternalStorageBitWidth;
  return eltType.getIntOrFloatBitWidth();
}
inline size_t getDenseElementStorageWidth(size_t bitWidth) { return bitWidth == 1 ? 1 : (bitWidth + 7) / 8 * 8; }
inline size_t getDenseElementStorageWidth(Type eltType) {
  return getDenseElementStorageWidth(getDenseElementBitWidth(eltType));
}
inline bool getDenseBit(const char *data, size_t bitPos) { return (data[bitPos / 8] >> (bitPos % 8)) & 1; }
inline void setDenseBit(char *data, size_t bitPos, bool value) {
  if (value)
    data[bitPos / 8] = char(data[bitPos / 8] | (1 << (bitPos % 8)));
  else
    data[bitPos / 8] = char(data[bitPos / 8] & ~(1 << (bitPos % 8)));
}

/// Raw data of dense int/fp/complex elements in MLIR's layout (see above).
struct DenseIntOrFPElementsAttrStorage : public AttributeStorage {
  struct KeyTy {
    ShapedType type;
    ArrayRef<char> data;
    bool isSplat;
    uint64_t hash;
  };
  DenseIntOrFPElementsAttrStorage(ShapedType type, ArrayRef<char> data, bool isSplat)
      : type(type), data(data), isSplat(isSplat) {}
  bool operator==(const KeyTy &key) const {
    return key.type == type && key.isSplat == isSplat && key.data.size() == data.size() &&
           (data.empty() || std::memcmp(key.data.data(), data.data(), data.size()) == 0);
  }
  static uint64_t hashKey(const KeyTy &key) { return key.hash; }
  /// Detects splats (storing only the first element) unless `isKnownSplat`.
  static KeyTy getKey(ShapedType type, ArrayRef<char> data, bool isKnownSplat);
  static DenseIntOrFPElementsAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    char *mem = key.data.empty() ? nullptr : static_cast<char *>(a.allocate(key.data.size(), 16));
    if (mem)
      std::memcpy(mem, key.data.data(), key.data.size());
    return new (a.allocate<DenseIntOrFPElementsAttrStorage>())
        DenseIntOrFPElementsAttrStorage(key.type, ArrayRef<char>(mem, key.data.size()), key.isSplat);
  }
  ShapedType type;
  ArrayRef<char> data;
  bool isSplat;
};

/// The strings of dense string elements; a splat stores one string.
struct DenseStringElementsAttrStorage : public AttributeStorage {
  struct KeyTy {
    ShapedType type;
    ArrayRef<std::string_view> data;
    bool isSplat;
    uint64_t hash;
  };
  DenseStringElementsAttrStorage(ShapedType type, ArrayRef<std::string_view> data, bool isSplat)
      : type(type), data(data), isSplat(isSplat) {}
  bool operator==(const KeyTy &key) const {
    return key.type == type && key.isSplat == isSplat && key.data == data;
  }
  static uint64_t hashKey(const KeyTy &key) { return key.hash; }
  /// Detects splats (storing only the first string) unless `isKnownSplat`.
  static KeyTy getKey(ShapedType type, ArrayRef<std::string_view> data, bool isKnownSplat);
  static DenseStringElementsAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    auto *strs = key.data.empty() ? nullptr
                                  : static_cast<std::string_view *>(a.allocate(
                                        sizeof(std::string_view) * key.data.size(), alignof(std::string_view)));
    for (size_t i = 0; i < key.data.size(); ++i)
      new (strs + i) std::string_view(a.copyInto(key.data[i]));
    return new (a.allocate<DenseStringElementsAttrStorage>())
        DenseStringElementsAttrStorage(key.type, ArrayRef<std::string_view>(strs, key.data.size()), key.isSplat);
  }
  ShapedType type;
  ArrayRef<std::string_view> data;
  bool isSplat;
};

struct DenseResourceElementsAttrStorage : public AttributeStorage {
  using KeyTy = std::pair<ShapedType, DenseResourceElementsHandle::Entry *>;
  DenseResourceElementsAttrStorage(ShapedType type, DenseResourceElementsHandle::Entry *entry)
      : type(type), entry(entry) {}
  bool operator==(const KeyTy &key) const { return key.first == type && key.second == entry; }
  static uint64_t hashKey(const KeyTy &key) {
    return hashCombineRaw(hashValue(Type(key.first)), hashValue(static_cast<const void *>(key.second)));
  }
  static DenseResourceElementsAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<DenseResourceElementsAttrStorage>()) DenseResourceElementsAttrStorage(key.first, key.second);
  }
  ShapedType type;
  DenseResourceElementsHandle::Entry *entry;
};

struct SparseElementsAttrStorage : public AttributeStorage {
  using KeyTy = std::tuple<ShapedType, DenseElementsAttr, DenseElementsAttr>;
  SparseElementsAttrStorage(ShapedType type, DenseElementsAttr indices, DenseElementsAttr values)
      : type(type), indices(indices), values(values) {}
  bool operator==(const KeyTy &key) const {
    return std::get<0>(key) == type && std::get<1>(key) == indices && std::get<2>(key) == values;
  }
  static uint64_t hashKey(const KeyTy &key) {
    return hash_combine(Type(std::get<0>(key)), Attribute(std::get<1>(key)), Attribute(std::get<2>(key)));
  }
  static SparseElementsAttrStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<SparseElementsAttrStorage>())
        SparseElementsAttrStorage(std::get<0>(key), std::get<1>(key), std::get<2>(key));
  }
  ShapedType type;
  DenseElementsAttr indices;
  DenseElementsAttr values;
};

//===----------------------------------------------------------------------===//
// Locations
//===----------------------------------------------------------------------===//

struct FileLineColRangeStorage : public AttributeStorage {
  /// filename, number of given components (0..4), startLine, startCol, endLine, endCol
  using KeyTy = std::tuple<StringAttr, unsigned, unsigned, unsigned, unsigned, unsigned>;
  FileLineColRangeStorage(const KeyTy &k)
      : filename(std::get<0>(k)), numComponents(std::get<1>(k)), startLine(std::get<2>(k)),
        startCol(std::get<3>(k)), endLine(std::get<4>(k)), endCol(std::get<5>(k)) {}
  bool operator==(const KeyTy &key) const {
    return key == KeyTy(filename, numComponents, startLine, startCol, endLine, endCol);
  }
  static uint64_t hashKey(const KeyTy &key) {
    return hash_combine(Attribute(std::get<0>(key)), std::get<1>(key), std::get<2>(key), std::get<3>(key),
                        std::get<4>(key), std::get<5>(key));
  }
  static FileLineColRangeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<FileLineColRangeStorage>()) FileLineColRangeStorage(key);
  }
  StringAttr filename;
  unsigned numComponents, startLine, startCol, endLine, endCol;
};

struct NameLocStorage : public AttributeStorage {
  using KeyTy = std::pair<StringAttr, LocationAttr>;
  NameLocStorage(StringAttr name, LocationAttr child) : name(name), child(child) {}
  bool operator==(const KeyTy &key) const { return key.first == name && key.second == child; }
  static uint64_t hashKey(const KeyTy &key) { return hash_combine(Attribute(key.first), Attribute(key.second)); }
  static NameLocStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<NameLocStorage>()) NameLocStorage(key.first, key.second);
  }
  StringAttr name;
  LocationAttr child;
};

struct CallSiteLocStorage : public AttributeStorage {
  using KeyTy = std::pair<LocationAttr, LocationAttr>;
  CallSiteLocStorage(LocationAttr callee, LocationAttr caller) : callee(callee), caller(caller) {}
  bool operator==(const KeyTy &key) const { return key.first == callee && key.second == caller; }
  static uint64_t hashKey(const KeyTy &key) { return hash_combine(Attribute(key.first), Attribute(key.second)); }
  static CallSiteLocStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<CallSiteLocStorage>()) CallSiteLocStorage(key.first, key.second);
  }
  LocationAttr callee, caller;
};

struct FusedLocStorage : public AttributeStorage {
  using KeyTy = std::pair<ArrayRef<LocationAttr>, Attribute>;
  FusedLocStorage(ArrayRef<LocationAttr> locs, Attribute metadata) : locs(locs), metadata(metadata) {}
  bool operator==(const KeyTy &key) const { return key.first == locs && key.second == metadata; }
  static uint64_t hashKey(const KeyTy &key) {
    uint64_t h = hashValue(key.second);
    for (auto l : key.first)
      h = hashCombineRaw(h, hashValue(Attribute(l)));
    return h;
  }
  static FusedLocStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<FusedLocStorage>()) FusedLocStorage(a.copyInto(key.first), key.second);
  }
  ArrayRef<LocationAttr> locs;
  Attribute metadata;
};

struct OpaqueLocStorage : public AttributeStorage {
  using KeyTy = std::tuple<uintptr_t, TypeID, LocationAttr>;
  OpaqueLocStorage(uintptr_t loc, TypeID id, LocationAttr fallback) : loc(loc), id(id), fallback(fallback) {}
  bool operator==(const KeyTy &key) const { return key == KeyTy(loc, id, fallback); }
  static uint64_t hashKey(const KeyTy &key) {
    return hash_combine(uint64_t(std::get<0>(key)), std::get<1>(key).getAsOpaquePointer(),
                        Attribute(std::get<2>(key)));
  }
  static OpaqueLocStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<OpaqueLocStorage>()) OpaqueLocStorage(std::get<0>(key), std::get<1>(key), std::get<2>(key));
  }
  uintptr_t loc;
  TypeID id;
  LocationAttr fallback;
};

} // namespace detail
} // namespace lamina
