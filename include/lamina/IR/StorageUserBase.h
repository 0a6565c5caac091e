//===- StorageUserBase.h - CRTP base of concrete types and attributes ------===//
//
// `Type::TypeBase<Concrete, Base, Storage, Traits...>` and
// `Attribute::AttrBase<...>` resolve to StorageUserBase. It provides
// `get(ctx, args...)`, `getChecked(emitError/loc, args...)` (running the
// concrete class's `verify` or `verifyConstructionInvariants`), `mutate`,
// `classof`, and registration glue used by `Dialect::addTypes/addAttributes`.
//
#pragma once

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/MLIRContext.h"

namespace lamina {
namespace detail {

/// Uniques types in the context's type uniquer.
struct TypeUniquer {
  template <typename T, typename... Args> static T get(MLIRContext *ctx, Args &&...args) {
    using Storage = typename T::ImplType;
    StorageUniquer &u = ctx->getTypeUniquer();
    if constexpr (std::is_same_v<Storage, TypeStorage>) {
      static_assert(sizeof...(Args) == 0, "singleton types take no parameters");
      return T(u.getSingleton<Storage>(T::getTypeID()));
    } else {
      return T(u.get<Storage>(
          [ctx](Storage *s) { s->initialize(AbstractType::lookup(T::getTypeID(), ctx)); }, T::getTypeID(),
          std::forward<Args>(args)...));
    }
  }
  template <typename T> static void registerType(MLIRContext *ctx) {
    using Storage = typename T::ImplType;
    if constexpr (std::is_same_v<Storage, TypeStorage>)
      ctx->getTypeUniquer().template registerSingletonStorageType<Storage>(
          T::getTypeID(), [ctx](Storage *s) { s->initialize(AbstractType::lookup(T::getTypeID(), ctx)); });
    else
      ctx->getTypeUniquer().registerParametricStorageType(T::getTypeID());
  }
  template <typename ImplT, typename... Args>
  static LogicalResult mutate(MLIRContext *ctx, TypeID id, ImplT *impl, Args &&...args) {
    return ctx->getTypeUniquer().mutate(id, impl, std::forward<Args>(args)...);
  }
};

/// Uniques attributes in the context's attribute uniquer.
struct AttributeUniquer {
  template <typename T, typename... Args> static T get(MLIRContext *ctx, Args &&...args) {
    using Storage = typename T::ImplType;
    StorageUniquer &u = ctx->getAttributeUniquer();
    if constexpr (std::is_same_v<Storage, AttributeStorage>) {
      static_assert(sizeof...(Args) == 0, "singleton attributes take no parameters");
      return T(u.getSingleton<Storage>(T::getTypeID()));
    } else {
      return T(u.get<Storage>(
          [ctx](Storage *s) { s->initialize(AbstractAttribute::lookup(T::getTypeID(), ctx)); },
          T::getTypeID(), std::forward<Args>(args)...));
    }
  }
  template <typename T> static void registerAttribute(MLIRContext *ctx) {
    using Storage = typename T::ImplType;
    if constexpr (std::is_same_v<Storage, AttributeStorage>)
      ctx->getAttributeUniquer().template registerSingletonStorageType<Storage>(
          T::getTypeID(),
          [ctx](Storage *s) { s->initialize(AbstractAttribute::lookup(T::getTypeID(), ctx)); });
    else
      ctx->getAttributeUniquer().registerParametricStorageType(T::getTypeID());
  }
  template <typename ImplT, typename... Args>
  static LogicalResult mutate(MLIRContext *ctx, TypeID id, ImplT *impl, Args &&...args) {
    return ctx->getAttributeUniquer().mutate(id, impl, std::forward<Args>(args)...);
  }
};

template <typename ConcreteT, typename BaseT, typename StorageT, typename UniquerT,
          template <typename> class... Traits>
class StorageUserBase : public BaseT, public Traits<ConcreteT>... {
public:
  using BaseT::BaseT;
  using Base = StorageUserBase;
  using ImplType = StorageT;
  using HasTraitFn = bool (*)(TypeID);

  /// The TypeID of the concrete class.
  static TypeID getTypeID() { return TypeID::get<ConcreteT>(); }

  /// True if `val` is an instance of the concrete class.
  template <typename T> static bool classof(T val) {
    static_assert(std::is_convertible_v<ConcreteT, T>, "casting from a type that is not a base");
    return val.getTypeID() == getTypeID();
  }

  /// The trait IDs of this class (registered with the abstract description).
  static void populateTraits(TraitSet &traits) { (traits.insert(TypeID::get<TraitTag<Traits>>()), ...); }

  /// Registers the models of interfaces listed among the traits.
  static void populateInterfaces(InterfaceMap &map) { (attachIfInterface<Traits<ConcreteT>>(map), ...); }

private:
  template <typename TraitT> static void attachIfInterface(InterfaceMap &map) {
    if constexpr (requires { TraitT::attachInterface(map); })
      TraitT::attachInterface(map);
  }

public:

  /// Visits sub-elements if the concrete class defines
  /// `walkImmediateSubElements(walkAttrs, walkTypes)`.
  template <typename HandleT>
  static void walkImmediateSubElementsImpl(HandleT h, function_ref<void(Attribute)> walkAttrs,
                                           function_ref<void(Type)> walkTypes) {
    // Only a method declared by the concrete class itself counts (the base
    // handle's method of the same name dispatches back here).
    if constexpr (!std::is_same_v<decltype(&ConcreteT::walkImmediateSubElements),
                                  decltype(&HandleT::walkImmediateSubElements)>)
      lamina::cast<ConcreteT>(h).walkImmediateSubElements(walkAttrs, walkTypes);
  }

  /// Returns the unique instance for `args` (asserting its invariants hold).
  template <typename... Args> static ConcreteT get(MLIRContext *ctx, Args &&...args) {
    return UniquerT::template get<ConcreteT>(ctx, std::forward<Args>(args)...);
  }

  /// Verifies the invariants first; on failure emits through `emitError` and
  /// returns a null handle.
  template <typename... Args>
  static ConcreteT getChecked(function_ref<InFlightDiagnostic()> emitErrorFn, MLIRContext *ctx,
                              Args... args) {
    if constexpr (requires { ConcreteT::verify(emitErrorFn, args...); }) {
      if (failed(ConcreteT::verify(emitErrorFn, args...)))
        return ConcreteT();
    }
    return UniquerT::template get<ConcreteT>(ctx, args...);
  }
  /// Location flavour, as in the seed document.
  template <typename... Args> static ConcreteT getChecked(Location loc, Args... args) {
    if constexpr (requires { ConcreteT::verifyConstructionInvariants(loc, args...); }) {
      if (failed(ConcreteT::verifyConstructionInvariants(loc, args...)))
        return ConcreteT();
    } else if constexpr (requires(function_ref<InFlightDiagnostic()> fn) { ConcreteT::verify(fn, args...); }) {
      auto emitFn = [loc]() { return emitError(loc); };
      if (failed(ConcreteT::verify(emitFn, args...)))
        return ConcreteT();
    }
    return UniquerT::template get<ConcreteT>(loc.getContext(), args...);
  }

protected:
  /// Changes the mutable part of the storage under the uniquer's lock.
  template <typename... Args> LogicalResult mutate(Args &&...args) {
    return UniquerT::mutate(this->getContext(), getTypeID(), getImpl(), std::forward<Args>(args)...);
  }

  ImplType *getImpl() const { return static_cast<ImplType *>(this->impl); }
};

} // namespace detail

namespace detail {
/// The `static constexpr name` of a concrete type/attribute class, if any.
template <typename T> constexpr std::string_view getStorageUserName() {
  if constexpr (requires { std::string_view(T::name); })
    return std::string_view(T::name);
  else
    return std::string_view();
}
} // namespace detail

template <typename T> AbstractType AbstractType::get(Dialect &dialect) {
  AbstractType t(dialect, T::getTypeID(), detail::getStorageUserName<T>(),
                 [](Type ty, function_ref<void(Attribute)> wa, function_ref<void(Type)> wt) {
                   T::walkImmediateSubElementsImpl(ty, wa, wt);
                 });
  T::populateTraits(t.traits);
  T::populateInterfaces(t.interfaces);
  return t;
}

template <typename T> AbstractAttribute AbstractAttribute::get(Dialect &dialect) {
  AbstractAttribute a(dialect, T::getTypeID(), detail::getStorageUserName<T>(),
                      [](Attribute at, function_ref<void(Attribute)> wa, function_ref<void(Type)> wt) {
                        T::walkImmediateSubElementsImpl(at, wa, wt);
                      });
  T::populateTraits(a.traits);
  T::populateInterfaces(a.interfaces);
  return a;
}

template <typename T> void Dialect::addType() {
  context->registerType(std::make_unique<AbstractType>(AbstractType::get<T>(*this)));
  detail::TypeUniquer::registerType<T>(context);
}

template <typename T> void Dialect::addAttribute() {
  context->registerAttribute(std::make_unique<AbstractAttribute>(AbstractAttribute::get<T>(*this)));
  detail::AttributeUniquer::registerAttribute<T>(context);
}

} // namespace lamina
