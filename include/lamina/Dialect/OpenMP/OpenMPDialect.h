//===- OpenMPDialect.h - The omp dialect ------------------------------------===//
//
// OpenMP's constructs (parallel regions, worksharing loops, tasks, target
// offloading, atomics, ...), imported from MLIR's OpenMPOps.td
// (OpenMPOps.gen.h, by utils/import-ods.py). What MLIR writes by hand lives
// next to it: the clause syntax (OpenMPSyntax.cpp) and the verifiers
// (OpenMPOps.cpp).
//
#pragma once

#include "lamina/Dialect/LLVMIR/LLVMDialect.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Dialect.h"
#include "lamina/ODS/OpDef.h"

namespace lamina {
namespace omp {

/// PointerLikeType: the types OpenMP clauses take variables by (MLIR
/// attaches the interface to memrefs and `!llvm.ptr`).
class PointerLikeType : public Type {
public:
  using Type::Type;
  PointerLikeType(Type t) : Type(t) {}
  static bool classof(Type t) { return isa<MemRefType>(t) || isa<LLVM::LLVMPointerType>(t); }
  /// The pointee type: a memref's element type, none for `!llvm.ptr`.
  Type getElementType() const;
};

/// BlockArgOpenMPOpInterface's verifier: the entry block has at least one
/// argument per clause variable that defines one.
ods::Trait BlockArgOpenMPOpInterfaceTrait();
/// LoopWrapperInterface: a single-block region holding exactly one op, a
/// nested loop wrapper or an `omp.loop_nest` (verified with the regions).
ods::Trait LoopWrapperInterfaceTrait();
/// Whether `op` is a loop wrapper (implements LoopWrapperInterface).
bool isLoopWrapper(Operation *op);
/// The loop wrapper directly nested in wrapper `op`, or null.
Operation *getNestedWrapper(Operation *op);
/// Whether `op` carries the `omp.composite` attribute (ComposableOpInterface).
bool isComposite(Operation *op);

} // namespace omp
} // namespace lamina

#include "lamina/Dialect/OpenMP/OpenMPOps.gen.h"

namespace lamina {

/// `omp`: the OpenMP dialect.
class OpenMPDialect : public Dialect {
public:
  explicit OpenMPDialect(MLIRContext *ctx);
  ~OpenMPDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "omp"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;

private:
  /// Registers what is imported from MLIR's records (OpenMPOps.gen.cpp).
  void registerGenerated();
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
