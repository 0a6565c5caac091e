//===- TypeAttrInterfaces.h - Interfaces on types and attributes ----------===//
//
// Defining an interface:
//
//   struct MemorySizeConcept { uint64_t (*getSizeInBytes)(Type); };
//   class MemorySize : public TypeInterface<MemorySize, MemorySizeConcept> {
//   public:
//     using TypeInterface::TypeInterface;
//     uint64_t getSizeInBytes() const { return getImpl()->getSizeInBytes(*this); }
//     /// How a concrete type implements it (the type provides the method).
//     template <typename ConcreteT> static constexpr MemorySizeConcept model = {
//         [](Type t) { return cast<ConcreteT>(t).getSizeInBytes(); }};
//   };
//
// Implementing it: list `MemorySize::Trait` among the traits of
// `Type::TypeBase<...>`; the model is registered with the type. Using it:
// `if (auto m = dyn_cast<MemorySize>(type)) m.getSizeInBytes();`.
// AttrInterface works the same way over Attribute.
//
#pragma once

#include "lamina/IR/Attributes.h"

namespace lamina {

namespace detail {
/// Shared implementation of TypeInterface and AttrInterface.
template <typename ConcreteInterface, typename BaseT, typename ConceptT> class HandleInterface : public BaseT {
public:
  using Concept = ConceptT;
  using InterfaceBase = HandleInterface;

  HandleInterface() = default;
  HandleInterface(std::nullptr_t) {}
  /// Converts a handle; null if it does not implement the interface.
  HandleInterface(BaseT value) : BaseT(value), conceptImpl(value ? lookup(value) : nullptr) {
    if (!conceptImpl)
      BaseT::impl = nullptr;
  }
  HandleInterface(const typename BaseT::ImplType *impl) : HandleInterface(BaseT(impl)) {}

  static TypeID getInterfaceID() { return TypeID::get<ConcreteInterface>(); }
  static bool classof(BaseT value) { return lookup(value) != nullptr; }
  const Concept *getImpl() const { return conceptImpl; }

  /// Lists this interface among a concrete class's traits to implement it.
  template <typename ConcreteT> class Trait {
  public:
    static void attachInterface(InterfaceMap &map) {
      map.insert(getInterfaceID(), &ConcreteInterface::template model<ConcreteT>);
    }
  };

private:
  static const Concept *lookup(BaseT value) {
    if constexpr (std::is_same_v<BaseT, Type>)
      return static_cast<const Concept *>(value.getAbstractType().getInterface(getInterfaceID()));
    else
      return static_cast<const Concept *>(value.getAbstractAttribute().getInterface(getInterfaceID()));
  }
  const Concept *conceptImpl = nullptr;
};
} // namespace detail

/// Base of interfaces on types.
template <typename ConcreteInterface, typename ConceptT>
using TypeInterface = detail::HandleInterface<ConcreteInterface, Type, ConceptT>;
/// Base of interfaces on attributes.
template <typename ConcreteInterface, typename ConceptT>
using AttrInterface = detail::HandleInterface<ConcreteInterface, Attribute, ConceptT>;

} // namespace lamina
