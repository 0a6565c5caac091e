//===- SideEffectInterfaces.h - Memory effects and speculatability --------===//
//
// MLIR's side-effect modeling: the effects an operation has on memory
// (MemoryEffectOpInterface, each effect an EffectInstance: the effect kind,
// the value or symbol it applies to, the resource, the stage), the
// HasRecursiveMemoryEffects trait (an op whose effects are those of the ops
// in its regions), speculatability (ConditionallySpeculatable), and the
// queries transforms ask: isMemoryEffectFree, isPure, isSpeculatable,
// wouldOpBeTriviallyDead, ...
//
// Op definitions declare effects as ODS does (lamina/ODS/OpDef.h): on the op
// (`ods::MemoryEffects({ods::MemWrite()})`, `ods::NoMemoryEffect()`,
// `ods::Pure()`) and on operands and results (`.operand("memref",
// ods::AnyMemRef(), {ods::MemRead()})`); the engine derives getEffects from
// them in ODS's order. Ops whose effects depend on their operands implement
// MemoryEffectOpInterface by hand (`ods::Implements<MemoryEffectOpInterface>`).
//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/OpInterface.h"

#include <optional>
#include <string_view>

namespace lamina {

namespace SideEffects {

//===----------------------------------------------------------------------===//
// Effects and resources
//===----------------------------------------------------------------------===//

/// The base of effect kinds. Each kind is a singleton (`Read::get()`),
/// compared by TypeID.
class Effect {
public:
  /// Base of non-parametric effect kinds.
  template <typename DerivedEffect, typename BaseEffect = Effect> class Base : public BaseEffect {
  public:
    using BaseT = Base<DerivedEffect>;
    static TypeID getEffectID() { return TypeID::get<DerivedEffect>(); }
    static bool classof(const Effect *effect) { return effect->getEffectID() == BaseT::getEffectID(); }
    /// The unique instance of the kind.
    static DerivedEffect *get() { return BaseEffect::template get<DerivedEffect>(); }
    using BaseEffect::get;

  protected:
    Base() : BaseEffect(BaseT::getEffectID()) {}
  };

  TypeID getEffectID() const { return id; }

  /// The unique instance of `DerivedEffect`.
  template <typename DerivedEffect> static DerivedEffect *get() {
    static DerivedEffect instance;
    return &instance;
  }

protected:
  Effect(TypeID id) : id(id) {}

private:
  TypeID id;
};

/// What an effect applies to (a kind of memory). Singletons compared by ID.
class Resource {
public:
  virtual ~Resource() = default;

  template <typename DerivedResource, typename BaseResource = Resource> class Base : public BaseResource {
  public:
    using BaseT = Base<DerivedResource>;
    static DerivedResource *get() {
      static DerivedResource instance;
      return &instance;
    }
    static TypeID getResourceID() { return TypeID::get<DerivedResource>(); }
    static bool classof(const Resource *resource) { return resource->getResourceID() == BaseT::getResourceID(); }

  protected:
    Base() : BaseResource(BaseT::getResourceID()) {}
  };

  TypeID getResourceID() const { return id; }
  virtual std::string_view getName() = 0;

protected:
  Resource(TypeID id) : id(id) {}

private:
  TypeID id;
};

/// The conservative default resource.
struct DefaultResource : public Resource::Base<DefaultResource> {
  std::string_view getName() final { return "<Default>"; }
};

/// Memory of the nearest enclosing AutomaticAllocationScope (stack
/// allocations such as memref.alloca).
struct AutomaticAllocationScopeResource : public Resource::Base<AutomaticAllocationScopeResource> {
  std::string_view getName() final { return "AutomaticAllocationScope"; }
};

/// One effect of an operation: the effect kind, the resource, optionally the
/// value (an operand, result or block argument) or symbol it applies to,
/// optional parameters, the stage (lower stages happen first) and whether it
/// acts on every value of the resource.
template <typename EffectT> class EffectInstance {
public:
  EffectInstance(EffectT *effect, Resource *resource = DefaultResource::get())
      : effect(effect), resource(resource) {}
  EffectInstance(EffectT *effect, int stage, bool effectOnFullRegion, Resource *resource = DefaultResource::get())
      : effect(effect), resource(resource), stage(stage), effectOnFullRegion(effectOnFullRegion) {}
  EffectInstance(EffectT *effect, OpOperand *operand, Resource *resource = DefaultResource::get())
      : EffectInstance(effect, operand, 0, false, resource) {}
  EffectInstance(EffectT *effect, OpOperand *operand, int stage, bool effectOnFullRegion,
                 Resource *resource = DefaultResource::get())
      : effect(effect), resource(resource), value(operand), kind(Kind::Operand), stage(stage),
        effectOnFullRegion(effectOnFullRegion) {}
  EffectInstance(EffectT *effect, OpResult result, Resource *resource = DefaultResource::get())
      : EffectInstance(effect, result, 0, false, resource) {}
  EffectInstance(EffectT *effect, OpResult result, int stage, bool effectOnFullRegion,
                 Resource *resource = DefaultResource::get())
      : effect(effect), resource(resource), value(result.getAsOpaquePointer()), kind(Kind::Result), stage(stage),
        effectOnFullRegion(effectOnFullRegion) {}
  EffectInstance(EffectT *effect, BlockArgument arg, Resource *resource = DefaultResource::get())
      : EffectInstance(effect, arg, 0, false, resource) {}
  EffectInstance(EffectT *effect, BlockArgument arg, int stage, bool effectOnFullRegion,
                 Resource *resource = DefaultResource::get())
      : effect(effect), resource(resource), value(arg.getAsOpaquePointer()), kind(Kind::BlockArgument),
        stage(stage), effectOnFullRegion(effectOnFullRegion) {}
  EffectInstance(EffectT *effect, SymbolRefAttr symbol, Resource *resource = DefaultResource::get())
      : EffectInstance(effect, symbol, 0, false, resource) {}
  EffectInstance(EffectT *effect, SymbolRefAttr symbol, int stage, bool effectOnFullRegion,
                 Resource *resource = DefaultResource::get())
      : effect(effect), resource(resource), value(symbol.getAsOpaquePointer()), kind(Kind::Symbol), stage(stage),
        effectOnFullRegion(effectOnFullRegion) {}
  EffectInstance(EffectT *effect, Attribute parameters, Resource *resource = DefaultResource::get())
      : effect(effect), resource(resource), parameters(parameters) {}

  /// The effect kind.
  EffectT *getEffect() const { return effect; }
  /// The value the effect applies to, or null (none known, or a symbol).
  Value getValue() const {
    switch (kind) {
    case Kind::Operand:
      return static_cast<const OpOperand *>(value)->get();
    case Kind::Result:
    case Kind::BlockArgument:
      return Value::getFromOpaquePointer(value);
    default:
      return Value();
    }
  }
  /// The operand the effect applies to, or null.
  OpOperand *getOpOperand() const {
    return kind == Kind::Operand ? const_cast<OpOperand *>(static_cast<const OpOperand *>(value)) : nullptr;
  }
  /// The result the effect applies to, or null.
  OpResult getOpResult() const {
    return kind == Kind::Result ? OpResult(Value::getFromOpaquePointer(value)) : OpResult(Value());
  }
  /// The block argument the effect applies to, or null.
  BlockArgument getBlockArgument() const {
    return kind == Kind::BlockArgument ? BlockArgument(Value::getFromOpaquePointer(value)) : BlockArgument(Value());
  }
  /// The symbol the effect applies to, or null.
  SymbolRefAttr getSymbolRef() const {
    return kind == Kind::Symbol ? cast<SymbolRefAttr>(Attribute::getFromOpaquePointer(value)) : SymbolRefAttr();
  }
  Resource *getResource() const { return resource; }
  Attribute getParameters() const { return parameters; }
  int getStage() const { return stage; }
  bool getEffectOnFullRegion() const { return effectOnFullRegion; }

private:
  enum class Kind : uint8_t { None, Operand, Result, BlockArgument, Symbol };
  EffectT *effect;
  Resource *resource;
  const void *value = nullptr;
  Kind kind = Kind::None;
  Attribute parameters;
  int stage = 0;
  bool effectOnFullRegion = false;
};

} // namespace SideEffects

//===----------------------------------------------------------------------===//
// Speculatability
//===----------------------------------------------------------------------===//

namespace Speculation {
/// Whether an operation may be executed speculatively.
enum class Speculatability {
  /// No: it may have undefined behavior or side effects.
  NotSpeculatable,
  /// Yes.
  Speculatable,
  /// Yes if every op in its regions is.
  RecursivelySpeculatable,
};
constexpr auto NotSpeculatable = Speculatability::NotSpeculatable;
constexpr auto Speculatable = Speculatability::Speculatable;
constexpr auto RecursivelySpeculatable = Speculatability::RecursivelySpeculatable;
} // namespace Speculation

/// Tags of the speculatability traits (`ods::AlwaysSpeculatable()`,
/// `ods::RecursivelySpeculatable()`).
namespace OpTrait {
struct AlwaysSpeculatableImplTrait;
struct RecursivelySpeculatableImplTrait;
} // namespace OpTrait

//===----------------------------------------------------------------------===//
// Memory effects
//===----------------------------------------------------------------------===//

namespace MemoryEffects {
/// The base of memory effect kinds.
struct Effect : public SideEffects::Effect {
  using SideEffects::Effect::Effect;
  template <typename DerivedEffect> using Base = SideEffects::Effect::Base<DerivedEffect, Effect>;
  static bool classof(const SideEffects::Effect *effect);
};
using EffectInstance = SideEffects::EffectInstance<Effect>;

/// Allocates from a resource (no visible read or write).
struct Allocate : public Effect::Base<Allocate> {};
/// Frees an allocated resource.
struct Free : public Effect::Base<Free> {};
/// Reads a resource.
struct Read : public Effect::Base<Read> {};
/// Writes a resource.
struct Write : public Effect::Base<Write> {};
} // namespace MemoryEffects

struct MemoryEffectOpInterfaceConcept {
  void (*getEffects)(Operation *op, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) = nullptr;
};

/// The memory effects of an operation.
class MemoryEffectOpInterface : public OpInterface<MemoryEffectOpInterface, MemoryEffectOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "MemoryEffectOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) { return c.getEffects ? "" : "getEffects"; }

  /// Appends every effect of the op to `effects`.
  void getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) const {
    getImpl()->getEffects(getOperation(), effects);
  }
  /// Appends the effects of kind `EffectTy`.
  template <typename EffectTy> void getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) const {
    SmallVector<MemoryEffects::EffectInstance, 4> all;
    getEffects(all);
    for (const MemoryEffects::EffectInstance &e : all)
      if (isa<EffectTy>(e.getEffect()))
        effects.push_back(e);
  }
  /// Whether the op has an effect of kind `EffectTy`.
  template <typename EffectTy> bool hasEffect() const {
    SmallVector<MemoryEffects::EffectInstance, 4> effects;
    getEffects(effects);
    for (const MemoryEffects::EffectInstance &e : effects)
      if (isa<EffectTy>(e.getEffect()))
        return true;
    return false;
  }
  /// Whether the op has effects, all of kind `EffectTy`.
  template <typename EffectTy> bool onlyHasEffect() const {
    SmallVector<MemoryEffects::EffectInstance, 4> effects;
    getEffects(effects);
    if (effects.empty())
      return false;
    for (const MemoryEffects::EffectInstance &e : effects)
      if (!isa<EffectTy>(e.getEffect()))
        return false;
    return true;
  }
  /// Whether the op has no effect at all.
  bool hasNoEffect() const {
    SmallVector<MemoryEffects::EffectInstance, 4> effects;
    getEffects(effects);
    return effects.empty();
  }
  /// Appends the effects on `value`.
  void getEffectsOnValue(Value value, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) const;
  /// The effect of kind `EffectTy` on `value`, if any.
  template <typename EffectTy> std::optional<MemoryEffects::EffectInstance> getEffectOnValue(Value value) const {
    SmallVector<MemoryEffects::EffectInstance, 4> effects;
    getEffects(effects);
    for (const MemoryEffects::EffectInstance &e : effects)
      if (isa<EffectTy>(e.getEffect()) && e.getValue() == value)
        return e;
    return std::nullopt;
  }
  /// Appends the effects on the symbol `symbol`.
  void getEffectsOnSymbol(SymbolRefAttr symbol, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) const;
  /// Appends the effects on `resource`.
  void getEffectsOnResource(SideEffects::Resource *resource,
                            SmallVectorImpl<MemoryEffects::EffectInstance> &effects) const;
};

struct ConditionallySpeculatableConcept {
  Speculation::Speculatability (*getSpeculatability)(Operation *op) = nullptr;
};

/// Whether an operation can be executed speculatively (hoisted out of a
/// condition or loop).
class ConditionallySpeculatable : public OpInterface<ConditionallySpeculatable, ConditionallySpeculatableConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "ConditionallySpeculatable"; }
  static std::string_view getMissingMethod(const Concept &c) {
    return c.getSpeculatability ? "" : "getSpeculatability";
  }
  Speculation::Speculatability getSpeculatability() const { return getImpl()->getSpeculatability(getOperation()); }
};

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

/// Whether the effects of `op` are unknown: it neither implements
/// MemoryEffectOpInterface nor has recursive memory effects.
bool hasUnknownEffects(Operation *op);

/// Whether `op` has effects, all of kind `EffectTy` (false for unknown
/// effects; nested ops are not considered).
template <typename EffectTy> bool hasSingleEffect(Operation *op) {
  auto memOp = dyn_cast<MemoryEffectOpInterface>(op);
  if (!memOp)
    return false;
  SmallVector<MemoryEffects::EffectInstance, 4> effects;
  memOp.getEffects(effects);
  bool found = false;
  for (const MemoryEffects::EffectInstance &e : effects) {
    found = isa<EffectTy>(e.getEffect());
    if (!found)
      return false;
  }
  return found;
}
/// The same, among the effects on `value`.
template <typename EffectTy> bool hasSingleEffect(Operation *op, Value value) {
  auto memOp = dyn_cast<MemoryEffectOpInterface>(op);
  if (!memOp)
    return false;
  SmallVector<MemoryEffects::EffectInstance, 4> effects;
  memOp.getEffects(effects);
  bool found = false;
  for (const MemoryEffects::EffectInstance &e : effects) {
    if (e.getValue() != value)
      continue;
    found = isa<EffectTy>(e.getEffect());
    if (!found)
      return false;
  }
  return found;
}
/// Whether `op` has an effect of one of the kinds `EffectTys` (false for
/// unknown effects; nested ops are not considered).
template <typename... EffectTys> bool hasEffect(Operation *op) {
  auto memOp = dyn_cast<MemoryEffectOpInterface>(op);
  if (!memOp)
    return false;
  SmallVector<MemoryEffects::EffectInstance, 4> effects;
  memOp.getEffects(effects);
  for (const MemoryEffects::EffectInstance &e : effects)
    if (isa<EffectTys...>(e.getEffect()))
      return true;
  return false;
}
/// The same, among the effects on `value`.
template <typename... EffectTys> bool hasEffect(Operation *op, Value value) {
  auto memOp = dyn_cast<MemoryEffectOpInterface>(op);
  if (!memOp)
    return false;
  SmallVector<MemoryEffects::EffectInstance, 4> effects;
  memOp.getEffects(effects);
  for (const MemoryEffects::EffectInstance &e : effects)
    if (e.getValue() == value && isa<EffectTys...>(e.getEffect()))
      return true;
  return false;
}
/// Whether `op` might have an effect of one of the kinds (true for unknown
/// effects; nested ops are not considered).
template <typename... EffectTys> bool mightHaveEffect(Operation *op) {
  return hasUnknownEffects(op) || hasEffect<EffectTys...>(op);
}
template <typename... EffectTys> bool mightHaveEffect(Operation *op, Value value) {
  return hasUnknownEffects(op) || hasEffect<EffectTys...>(op, value);
}

/// Whether `op` is unused and would be trivially dead.
bool isOpTriviallyDead(Operation *op);
/// Whether `op` could be erased if it had no uses: it is no terminator or
/// symbol, and it and the ops it recursively contains only read memory or
/// allocate their own results.
bool wouldOpBeTriviallyDead(Operation *op);
/// Whether `op` has no memory effect: its MemoryEffectOpInterface says none
/// and, with recursive memory effects, neither do the ops it contains.
bool isMemoryEffectFree(Operation *op);
/// The effects of `op` and, through recursive memory effects, of the ops it
/// contains (may hold duplicates); std::nullopt when some op's effects are
/// unknown.
std::optional<SmallVector<MemoryEffects::EffectInstance, 4>> getEffectsRecursively(Operation *op);
/// Whether `op` can be executed speculatively (ConditionallySpeculatable,
/// recursively for RecursivelySpeculatable ops).
bool isSpeculatable(Operation *op);
/// isSpeculatable and isMemoryEffectFree (the C++ side of `Pure`).
bool isPure(Operation *op);

} // namespace lamina
