//===- OpenACCDialect.h - The acc dialect -----------------------------------===//
//
// OpenACC's compute and data constructs (acc.parallel/kernels/serial,
// acc.loop, data clause ops, recipes, declare, routine, atomics, ...),
// imported from MLIR's OpenACCOps.td (OpenACCOps.gen.h, by
// utils/import-ods.py). What MLIR writes by hand lives next to it: the clause
// syntax (OpenACCSyntax.cpp) and the verifiers (OpenACCOps.cpp).
//
#pragma once

#include "lamina/Dialect/LLVMIR/LLVMDialect.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Dialect.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/ODS/OpDef.h"

namespace lamina {
namespace acc {

/// PointerLikeType: the types OpenACC data clauses take variables by (MLIR
/// attaches the interface to memrefs and `!llvm.ptr`).
class PointerLikeType : public Type {
public:
  using Type::Type;
  PointerLikeType(Type t) : Type(t) {}
  static bool classof(Type t) { return isa<MemRefType>(t) || isa<LLVM::LLVMPointerType>(t); }
  /// The pointee type: a memref's element type, none for `!llvm.ptr`.
  Type getElementType() const;
};

/// MappableType: variables mapped by value. No type mlir-opt registers
/// implements it.
class MappableType : public Type {
public:
  using Type::Type;
  MappableType(Type t) : Type(t) {}
  static bool classof(Type) { return false; }
};

/// The runtime's reference counters (the data clause ops read and write them).
struct RuntimeCounters : public SideEffects::Resource::Base<RuntimeCounters> {
  std::string_view getName() final { return "AccRuntimeCounters"; }
};

/// The resource of the constructs' effects (`acc.parallel` writes it).
struct ConstructResource : public SideEffects::Resource::Base<ConstructResource> {
  std::string_view getName() final { return "AccConstructResource"; }
};

/// The current device number (read by the constructs, written by acc.set).
struct CurrentDeviceIdResource : public SideEffects::Resource::Base<CurrentDeviceIdResource> {
  std::string_view getName() final { return "AccCurrentDeviceIdResource"; }
};

/// OutlineRematerializationOpInterface's verifier: the op has no memory
/// effect.
ods::Trait OutlineRematerializationOpInterfaceTrait();

} // namespace acc
} // namespace lamina

#include "lamina/Dialect/OpenACC/OpenACCOps.gen.h"

namespace lamina {

/// `acc`: the OpenACC dialect.
class OpenACCDialect : public Dialect {
public:
  explicit OpenACCDialect(MLIRContext *ctx);
  ~OpenACCDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "acc"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;

private:
  /// Registers what is imported from MLIR's records (OpenACCOps.gen.cpp).
  void registerGenerated();
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
