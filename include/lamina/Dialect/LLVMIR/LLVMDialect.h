//===- LLVMDialect.h - The llvm dialect ------------------------------------===//
//
// The llvm dialect: LLVM IR in MLIR. Its attributes, types and enums are
// imported from MLIR's ODS records (LLVMOps.gen.h, by utils/import-ods.py);
// LLVMBaseClasses.h and LLVMTypes.cpp/LLVMAttrs.cpp hold what MLIR writes by
// hand (the structure type, the type syntax, the debug-info parameters).
//
#pragma once

#include "lamina/Dialect/LLVMIR/LLVMBaseClasses.h"
#include "lamina/Dialect/LLVMIR/LLVMOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

class LLVMDialect;
namespace LLVM::detail {
/// Registers the custom bytecode encodings of the debug-info attributes and
/// #llvm.loop_annotation (LLVMDialectBytecode.cpp).
void addBytecodeInterface(LLVMDialect *dialect);
/// Registers the data layout checks of the llvm types (LLVMDataLayout.cpp).
void addDataLayoutInterface(LLVMDialect *dialect);
/// mem2reg's interfaces on alloca, load, store and the ops that only use
/// a slot's address (LLVMMemorySlot.cpp).
void addMemorySlotInterfaces(LLVMDialect *dialect);
/// The folders written so far (LLVMFolders.cpp).
void addFolders(LLVMDialect *dialect);
} // namespace LLVM::detail

/// `llvm`: the LLVM IR dialect.
class LLVMDialect : public Dialect {
public:
  explicit LLVMDialect(MLIRContext *ctx);
  ~LLVMDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "llvm"; }

  /// `!llvm.ptr`, `!llvm.struct<...>`...: llvm types nested in llvm types
  /// are written without the prefix (LLVMTypes.cpp).
  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

  /// `llvm.data_layout` on an op (a valid data layout string).
  /// MLIR's LLVMDialect::materializeConstant: a symbol reference as
  /// llvm.mlir.addressof, #llvm.undef/poison/zero as their ops, integer,
  /// float and elements attributes of an LLVM-compatible type as
  /// llvm.mlir.constant (LLVMFolders.cpp).
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;
  LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attr) override;
  /// LLVM parameter attributes on function arguments and results
  /// (`llvm.noalias` on pointers, `llvm.signext` on integers, ...).
  LogicalResult verifyRegionArgAttribute(Operation *op, unsigned regionIndex, unsigned argIndex,
                                         NamedAttribute attr) override;
  LogicalResult verifyRegionResultAttribute(Operation *op, unsigned regionIndex, unsigned resultIndex,
                                            NamedAttribute attr) override;

  /// `#di_file`, `#tbaa_root`, `#loop_annotation`... (genMnemonicAlias).
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override { return attrTypes.getAlias(attr, os); }
  AliasResult getAlias(Type type, raw_ostream &os) const override { return attrTypes.getAlias(type, os); }
  bool hasAliasHooks() const override { return true; }

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
