//===- OpInterface.h - Op interfaces: one mechanism for every interface ---===//
//
// An op interface is a table of function pointers (its Concept) that an
// operation registers under the interface's TypeID, plus a handle class whose
// methods call through the table: one indirect call per method, and a lookup
// in the op's OperationName (a short scan of its interface map) per cast.
//
// Defining an interface (see include/lamina/Interfaces/ for real ones):
//
//   struct ShapedOpConcept {
//     /// Required: null until the op provides it.
//     int64_t (*getRank)(Operation *op) = nullptr;
//     /// Optional: a default member initializer is the default method.
//     bool (*isStatic)(Operation *op) = [](Operation *) { return false; };
//   };
//   class ShapedOp : public OpInterface<ShapedOp, ShapedOpConcept> {
//   public:
//     using OpInterface::OpInterface;
//     static constexpr std::string_view getInterfaceName() { return "ShapedOp"; }
//     /// The first required method `c` leaves unimplemented (registration
//     /// of an op whose model misses one fails).
//     static std::string_view getMissingMethod(const Concept &c) {
//       return c.getRank ? "" : "getRank";
//     }
//     /// Optional: the interface's verifier (MLIR's `verify`), run where the
//     /// op lists the interface among its traits; `verifyRegionTrait` for
//     /// `verifyWithRegions`.
//     static LogicalResult verifyTrait(Operation *op);
//     int64_t getRank() const { return getImpl()->getRank(getOperation()); }
//     /// Optional: base interfaces (MLIR's `OpInterface<"X", [Base]>`) an
//     /// op implementing this one implements too, by default.
//     static std::vector<OpInterfaceModel> getBaseInterfaceModels();
//   };
//
// An interface queried for most ops on a hot path may claim one of the few
// fixed slots of InterfaceMap (`static constexpr int fastSlot = N;`, N below
// InterfaceMap::kNumFastSlots, unique among interfaces) to skip the scan.
//
// Implementing it: an op definition lists `ods::Implements<ShapedOp>({...})`
// among its traits (lamina/ODS/OpDef.h), giving the methods as functions of
// the Operation*; the interface's "trait" side (verifier, tags) comes with it.
// Using it: `if (auto s = dyn_cast<ShapedOp>(op)) s.getRank();`,
// `isa<ShapedOp>(op)`, `cast<ShapedOp>(op)` (Support/Casting.h).
//
#pragma once

#include "lamina/IR/Op.h"

#include <string_view>
#include <type_traits>
#include <vector>

namespace lamina {

/// How an operation implements an op interface: the interface's identity,
/// the op's method table (the interface's Concept, defaults filled in, kept
/// for the process) and the interface's verifiers. Built by
/// `ConcreteInterface::getModel(methods)`; op definitions register it.
struct OpInterfaceModel {
  /// The interface's name, for definition errors.
  std::string_view name;
  TypeID id;
  /// The method table (a `const ConcreteInterface::Concept *`).
  const void *methods = nullptr;
  /// The first required method the table leaves unimplemented, or empty.
  std::string_view missingMethod;
  /// The interface's verifier (MLIR's `verify`), or null.
  LogicalResult (*verify)(Operation *) = nullptr;
  /// The interface's verifier run after the op's regions
  /// (`verifyWithRegions`), or null.
  LogicalResult (*verifyRegion)(Operation *) = nullptr;
  /// The interface's fixed slot in InterfaceMap, or -1.
  int fastSlot = -1;
  /// A base interface implemented by default along with a derived one
  /// (CallOpInterface's ArgAndResultAttrsOpInterface); an explicit
  /// implementation replaces it.
  bool implied = false;
};

namespace detail {
/// Copies a method table (a struct of function pointers and plain data) to
/// storage that lives as long as the process; equal tables share storage.
const void *internInterfaceMethods(const void *data, size_t size);
} // namespace detail

/// Base of op interface handles: the operation and the method table it
/// registered for ConcreteInterface. Null when the op does not implement it.
template <typename ConcreteInterface, typename ConceptT> class OpInterface : public OpState {
public:
  using Concept = ConceptT;
  using InterfaceBase = OpInterface;

  OpInterface() : OpState(nullptr) {}
  OpInterface(std::nullptr_t) : OpState(nullptr) {}
  /// The interface of `op`, or a null handle if `op` is null or does not
  /// implement it.
  OpInterface(Operation *op) : OpState(op), conceptImpl(op ? getInterfaceFor(op) : nullptr) {
    if (!conceptImpl)
      state = nullptr;
  }
  /// The interface of an op class or of another interface's op.
  template <typename OpT, std::enable_if_t<std::is_base_of_v<OpState, OpT> &&
                                               !std::is_base_of_v<OpInterface, OpT>,
                                           int> = 0>
  OpInterface(OpT op) : OpInterface(op.getOperation()) {}

  static TypeID getInterfaceID() { return TypeID::get<ConcreteInterface>(); }
  /// The method table `op` registered, or null.
  static const Concept *getInterfaceFor(Operation *op) { return getInterfaceFor(op->getName()); }
  static const Concept *getInterfaceFor(OperationName name) {
    if constexpr (requires { ConcreteInterface::fastSlot; })
      return static_cast<const Concept *>(name.getImpl()->interfaces.lookupFast(ConcreteInterface::fastSlot));
    else
      return static_cast<const Concept *>(name.getInterface(getInterfaceID()));
  }
  /// isa<ConcreteInterface>(op).
  static bool classof(Operation *op) { return getInterfaceFor(op) != nullptr; }
  /// dyn_cast<ConcreteInterface>(op): one lookup.
  static ConcreteInterface dynCastFrom(Operation *op) { return ConcreteInterface(op); }

  /// The method table of this op.
  const Concept *getImpl() const { return conceptImpl; }

  /// The registration of `methods` as an op's implementation of this
  /// interface (see OpInterfaceModel).
  static OpInterfaceModel getModel(const Concept &methods) {
    OpInterfaceModel model;
    model.name = ConcreteInterface::getInterfaceName();
    model.id = getInterfaceID();
    model.methods = detail::internInterfaceMethods(&methods, sizeof(Concept));
    if constexpr (requires { ConcreteInterface::getMissingMethod(methods); })
      model.missingMethod = ConcreteInterface::getMissingMethod(methods);
    if constexpr (requires { &ConcreteInterface::verifyTrait; })
      model.verify = &ConcreteInterface::verifyTrait;
    if constexpr (requires { &ConcreteInterface::verifyRegionTrait; })
      model.verifyRegion = &ConcreteInterface::verifyRegionTrait;
    if constexpr (requires { ConcreteInterface::fastSlot; })
      model.fastSlot = ConcreteInterface::fastSlot;
    return model;
  }

private:
  static_assert(std::is_trivially_copyable_v<ConceptT> && std::has_unique_object_representations_v<ConceptT>,
                "an interface's Concept is a plain table of function pointers (no padding)");
  const Concept *conceptImpl = nullptr;
};

} // namespace lamina
