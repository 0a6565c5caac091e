//===- Attributes.h - Value-typed handles to uniqued attributes -----------===//
#pragma once

#include "lamina/IR/Types.h"

namespace lamina {

class Attribute;
class StringAttr;

/// What the context knows about one kind of attribute (see AbstractType).
class AbstractAttribute {
public:
  using WalkSubElementsFn = void (*)(Attribute, function_ref<void(Attribute)>,
                                     function_ref<void(Type)>);

  AbstractAttribute(Dialect &dialect, TypeID typeID, std::string_view name, WalkSubElementsFn walkFn)
      : dialect(&dialect), context(detail::getDialectContext(dialect)), typeID(typeID), name(name),
        walkFn(walkFn) {}

  template <typename T> static AbstractAttribute get(Dialect &dialect);
  static const AbstractAttribute &lookup(TypeID typeID, MLIRContext *ctx);

  Dialect &getDialect() const { return *dialect; }
  MLIRContext *getContext() const { return context; }
  TypeID getTypeID() const { return typeID; }
  std::string_view getName() const { return name; }
  bool hasTrait(TypeID traitID) const { return traits.contains(traitID); }
  template <template <typename> class Trait> bool hasTrait() const {
    return hasTrait(TypeID::get<TraitTag<Trait>>());
  }
  const void *getInterface(TypeID interfaceID) const { return interfaces.lookup(interfaceID); }
  bool hasInterface(TypeID interfaceID) const { return getInterface(interfaceID) != nullptr; }
  void walkImmediateSubElements(Attribute attr, function_ref<void(Attribute)> walkAttrs,
                                function_ref<void(Type)> walkTypes) const;

  InterfaceMap interfaces;
  TraitSet traits;

private:
  Dialect *dialect;
  MLIRContext *context;
  TypeID typeID;
  std::string_view name;
  WalkSubElementsFn walkFn;
};

/// Base class of every attribute storage.
class AttributeStorage : public BaseStorage {
public:
  const AbstractAttribute &getAbstractAttribute() const { return *abstractAttribute; }
  void initialize(const AbstractAttribute &attr) { abstractAttribute = &attr; }

private:
  const AbstractAttribute *abstractAttribute = nullptr;
};

using AttributeStorageAllocator = StorageAllocator;

namespace detail {
struct AttributeUniquer;
}

/// A handle to a uniqued attribute. Null when default-constructed.
class Attribute {
public:
  using ImplType = AttributeStorage;

  template <typename ConcreteT, typename BaseT, typename StorageT, template <typename> class... Traits>
  using AttrBase =
      detail::StorageUserBase<ConcreteT, BaseT, StorageT, detail::AttributeUniquer, Traits...>;

  constexpr Attribute() = default;
  /* implicit */ Attribute(const ImplType *impl) : impl(const_cast<ImplType *>(impl)) {}

  bool operator==(Attribute other) const { return impl == other.impl; }
  bool operator!=(Attribute other) const { return impl != other.impl; }
  explicit operator bool() const { return impl; }
  bool operator!() const { return !impl; }

  TypeID getTypeID() const { return impl->getAbstractAttribute().getTypeID(); }
  MLIRContext *getContext() const { return impl->getAbstractAttribute().getContext(); }
  Dialect &getDialect() const { return impl->getAbstractAttribute().getDialect(); }
  const AbstractAttribute &getAbstractAttribute() const { return impl->getAbstractAttribute(); }
  ImplType *getImpl() const { return impl; }

  template <template <typename> class Trait> bool hasTrait() const {
    return getAbstractAttribute().hasTrait<Trait>();
  }


  void print(raw_ostream &os, bool elideType = false) const;
  void print(raw_ostream &os, AsmState &state, bool elideType = false) const;
  void dump() const;

  const void *getAsOpaquePointer() const { return impl; }
  static Attribute getFromOpaquePointer(const void *ptr) {
    return Attribute(static_cast<const ImplType *>(ptr));
  }

  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs,
                                function_ref<void(Type)> walkTypes) const {
    getAbstractAttribute().walkImmediateSubElements(*this, walkAttrs, walkTypes);
  }

protected:
  ImplType *impl = nullptr;
};

inline uint64_t hashValue(Attribute a) { return hashValue(a.getAsOpaquePointer()); }
raw_ostream &operator<<(raw_ostream &os, Attribute attr);

namespace AttributeTrait {
template <typename ConcreteType, template <typename> class TraitType> class TraitBase {
protected:
  ConcreteType getInstance() const { return *static_cast<const ConcreteType *>(this); }
};
} // namespace AttributeTrait

/// A name paired with an attribute value (an entry of an attribute dictionary).
class NamedAttribute {
public:
  NamedAttribute() = default;
  NamedAttribute(StringAttr name, Attribute value);

  StringAttr getName() const;
  /// The name as a plain Attribute handle.
  Attribute getNameAttr() const { return name; }
  std::string_view getNameStr() const;
  Attribute getValue() const { return value; }
  void setValue(Attribute v) { value = v; }
  bool operator==(const NamedAttribute &o) const { return name == o.name && value == o.value; }
  bool operator!=(const NamedAttribute &o) const { return !(*this == o); }
  /// Orders by name (string comparison).
  bool operator<(const NamedAttribute &o) const;

private:
  Attribute name; // a StringAttr
  Attribute value;
};

inline uint64_t hashValue(const NamedAttribute &a) {
  return hash_combine(a.getNameAttr(), a.getValue());
}

} // namespace lamina

template <> struct std::hash<lamina::Attribute> {
  size_t operator()(lamina::Attribute a) const { return lamina::hashValue(a); }
};
