//===- PtrBaseClasses.h - Hand-written helpers of the ptr dialect ---------===//
//
// What MLIR declares by hand and the ptr dialect's generated code
// (PtrOps.gen.h/.gen.cpp) uses: the pointer-like type interface and the
// memory-space attribute interface.
//
#pragma once

#include "lamina/IR/Attributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Types.h"
#include "lamina/Support/STLExtras.h"

#include <cstdint>

namespace lamina {
namespace ptr {

/// MLIR's builtin PtrLikeTypeInterface (mlir/IR/BuiltinTypeInterfaces.td):
/// a type holding a pointer to memory in a memory space, possibly with
/// metadata. In mlir-opt 22 exactly three types implement it: `memref`,
/// unranked `memref` and `!ptr.ptr`, so the class tests for them rather
/// than carrying an interface map on the builtin types. Only the ptr
/// dialect asks for it.
class PtrLikeTypeInterface : public Type {
public:
  using Type::Type;
  PtrLikeTypeInterface(Type t) : Type(t) {}
  static bool classof(Type type);
  /// The memory space (the `memref`'s, or the `!ptr.ptr`'s parameter).
  Attribute getMemorySpace() const;
  /// The element type (a `memref`'s; none for the opaque `!ptr.ptr`).
  Type getElementType() const;
  /// Whether a pointer of this type carries metadata (`memref`s do,
  /// `!ptr.ptr` does not).
  bool hasPtrMetadata() const;
};

enum class AtomicOrdering : uint32_t;

/// The ptr dialect's MemorySpaceAttrInterface (MemorySpaceInterfaces.td): a
/// memory space and its rules for loads and stores. mlir-opt 22's
/// implementers are `#ptr.generic_space`, `#llvm.address_space` and
/// `#nvvm.memory_space`; the class tests for them (the llvm and nvvm
/// attributes are imported without the interface).
class MemorySpaceAttrInterface : public Attribute {
public:
  using Attribute::Attribute;
  MemorySpaceAttrInterface(Attribute a) : Attribute(a) {}
  static bool classof(Attribute attr);
  /// Whether a load (`isStore` false) or store of `type` with `ordering` is
  /// valid in this memory space (MLIR's isValidLoad/isValidStore); reports
  /// why not through `emitError` (the generic space allows every access,
  /// the llvm ones need an LLVM type with size, and an atomic access an
  /// integer, float or pointer of a power-of-two size of at least a byte).
  bool isValidAccess(bool isStore, Type type, AtomicOrdering ordering,
                     function_ref<InFlightDiagnostic()> emitError) const;
};

} // namespace ptr
} // namespace lamina
