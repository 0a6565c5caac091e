//===- Types.h - Value-typed handles to uniqued types ----------------------===//
#pragma once

#include "lamina/IR/InterfaceSupport.h"
#include "lamina/IR/StorageUniquer.h"
#include "lamina/Support/Casting.h"

#include <string_view>

namespace lamina {

class Attribute;
class Dialect;
class MLIRContext;
class Type;
class raw_ostream;
class AsmState;

namespace detail {
/// The context a dialect belongs to (out of line: Dialect is incomplete here).
MLIRContext *getDialectContext(Dialect &dialect);
} // namespace detail

/// The TypeID standing for a trait template (`TypeID::get<TraitTag<T>>()`).
template <template <typename> class Trait> struct TraitTag {};

/// What the context knows about one kind of type: its dialect, identity,
/// traits, interfaces and how to visit the attributes and types it contains.
class AbstractType {
public:
  using WalkSubElementsFn = void (*)(Type, function_ref<void(Attribute)>, function_ref<void(Type)>);
  using HasTraitFn = bool (*)(TypeID);

  AbstractType(Dialect &dialect, TypeID typeID, std::string_view name, WalkSubElementsFn walkFn)
      : dialect(&dialect), context(detail::getDialectContext(dialect)), typeID(typeID), name(name),
        walkFn(walkFn) {}

  /// Builds the description of concrete type class T in `dialect`.
  template <typename T> static AbstractType get(Dialect &dialect);
  /// The registered description of the type with `typeID`.
  static const AbstractType &lookup(TypeID typeID, MLIRContext *ctx);

  Dialect &getDialect() const { return *dialect; }
  MLIRContext *getContext() const { return context; }
  TypeID getTypeID() const { return typeID; }
  /// The type's name, e.g. "builtin.integer" (may be empty).
  std::string_view getName() const { return name; }
  bool hasTrait(TypeID traitID) const { return traits.contains(traitID); }
  template <template <typename> class Trait> bool hasTrait() const {
    return hasTrait(TypeID::get<TraitTag<Trait>>());
  }
  const void *getInterface(TypeID interfaceID) const { return interfaces.lookup(interfaceID); }
  bool hasInterface(TypeID interfaceID) const { return getInterface(interfaceID) != nullptr; }
  void walkImmediateSubElements(Type type, function_ref<void(Attribute)> walkAttrs,
                                function_ref<void(Type)> walkTypes) const;

  InterfaceMap interfaces;
  TraitSet traits;
  /// For builtin float types: 1 + the position in BuiltinFloatTypes.def
  /// (set when the builtin dialect registers them); 0 for every other type.
  /// Makes FloatType::classof and getKeyword one load.
  uint8_t builtinFloatIndex = 0;

private:
  Dialect *dialect;
  MLIRContext *context;
  TypeID typeID;
  std::string_view name;
  WalkSubElementsFn walkFn;
};

/// Base class of every type storage.
class TypeStorage : public BaseStorage {
public:
  const AbstractType &getAbstractType() const { return *abstractType; }
  /// Called once by the uniquer when the storage is created.
  void initialize(const AbstractType &type) { abstractType = &type; }

private:
  const AbstractType *abstractType = nullptr;
};

using TypeStorageAllocator = StorageAllocator;

namespace detail {
struct TypeUniquer;
template <typename ConcreteT, typename BaseT, typename StorageT, typename UniquerT,
          template <typename> class... Traits>
class StorageUserBase;
} // namespace detail

/// A handle to a uniqued type. Null when default-constructed. Cheap to copy.
class Type {
public:
  using ImplType = TypeStorage;

  /// The CRTP base every concrete type derives from (see the seed "Defining
  /// Dialect Attributes and Types").
  template <typename ConcreteT, typename BaseT, typename StorageT, template <typename> class... Traits>
  using TypeBase = detail::StorageUserBase<ConcreteT, BaseT, StorageT, detail::TypeUniquer, Traits...>;

  constexpr Type() = default;
  /* implicit */ Type(const ImplType *impl) : impl(const_cast<ImplType *>(impl)) {}

  bool operator==(Type other) const { return impl == other.impl; }
  bool operator!=(Type other) const { return impl != other.impl; }
  explicit operator bool() const { return impl; }
  bool operator!() const { return !impl; }

  TypeID getTypeID() const { return impl->getAbstractType().getTypeID(); }
  MLIRContext *getContext() const { return impl->getAbstractType().getContext(); }
  Dialect &getDialect() const { return impl->getAbstractType().getDialect(); }
  const AbstractType &getAbstractType() const { return impl->getAbstractType(); }
  ImplType *getImpl() const { return impl; }

  template <template <typename> class Trait> bool hasTrait() const {
    return getAbstractType().hasTrait<Trait>();
  }


  // Convenience predicates for builtin types.
  bool isIndex() const;
  bool isBF16() const;
  bool isF16() const;
  bool isTF32() const;
  bool isF32() const;
  bool isF64() const;
  bool isF80() const;
  bool isF128() const;
  /// Any integer type of the given width (`isInteger()` for any width).
  bool isInteger() const;
  bool isInteger(unsigned width) const;
  bool isSignlessInteger() const;
  bool isSignlessInteger(unsigned width) const;
  bool isSignedInteger() const;
  bool isSignedInteger(unsigned width) const;
  bool isUnsignedInteger() const;
  bool isUnsignedInteger(unsigned width) const;
  bool isIntOrIndex() const;
  bool isIntOrFloat() const;
  bool isIntOrIndexOrFloat() const;
  bool isSignlessIntOrIndex() const;
  bool isSignlessIntOrIndexOrFloat() const;
  bool isSignlessIntOrFloat() const;
  /// Bit width of an integer or float type.
  unsigned getIntOrFloatBitWidth() const;

  /// Prints the type as the textual form would.
  void print(raw_ostream &os) const;
  void print(raw_ostream &os, AsmState &state) const;
  void dump() const;

  const void *getAsOpaquePointer() const { return impl; }
  static Type getFromOpaquePointer(const void *ptr) { return Type(static_cast<const ImplType *>(ptr)); }

  /// Visits the attributes and types directly inside this type.
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs,
                                function_ref<void(Type)> walkTypes) const {
    getAbstractType().walkImmediateSubElements(*this, walkAttrs, walkTypes);
  }

protected:
  ImplType *impl = nullptr;
};

inline uint64_t hashValue(Type t) { return hashValue(t.getAsOpaquePointer()); }
raw_ostream &operator<<(raw_ostream &os, Type type);

/// Base of type traits: `template <typename ConcreteType> class MyTrait :
/// public TypeTrait::TraitBase<ConcreteType, MyTrait> {};`
namespace TypeTrait {
template <typename ConcreteType, template <typename> class TraitType> class TraitBase {
protected:
  ConcreteType getInstance() const { return *static_cast<const ConcreteType *>(this); }
};
} // namespace TypeTrait

} // namespace lamina

template <> struct std::hash<lamina::Type> {
  size_t operator()(lamina::Type t) const { return lamina::hashValue(t); }
};
