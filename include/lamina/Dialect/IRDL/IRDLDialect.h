//===- IRDLDialect.h - The irdl dialect (dialects defined as IR) ----------===//
//
// The ops, `!irdl.attribute`, `!irdl.region`, `#irdl<variadicity ...>` and
// `#irdl<variadicity_array[...]>` are imported from MLIR's ODS records
// (IRDLOps.gen.h, by utils/import-ods.py); IRDLOps.cpp holds what MLIR writes
// by hand: the custom directives, the verifiers, the symbol-use checks and the
// AtMostOneChildOf trait. IRDLLoading.h turns a module of `irdl.dialect` ops
// into dialects registered at run time (lamina-opt's --irdl-file).
//
#pragma once

#include "lamina/Dialect/IRDL/IRDLOps.gen.h"
#include "lamina/IR/Dialect.h"

#include <initializer_list>

namespace lamina {

/// `irdl`: definitions of dialects, their operations, types and attributes.
class IRDLDialect : public Dialect {
public:
  explicit IRDLDialect(MLIRContext *ctx);
  ~IRDLDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "irdl"; }

  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

namespace irdl {

/// MLIR's OpTrait::AtMostOneChildOf<ChildOps...>: the op's single region holds
/// at most one op of each of the named kinds (immediate children only).
ods::Trait AtMostOneChildOf(std::initializer_list<std::string_view> childOps);

/// The first op named `name` in the single region of `op`, if any (MLIR's
/// AtMostOneChildOf::getOp<T>).
Operation *getChildOp(Operation *op, std::string_view name);

/// irdl::lookupSymbolNearDialect: resolves `symbol` from the parent of the
/// `irdl.dialect` enclosing `source` (null if none).
Operation *lookupSymbolNearDialect(Operation *source, SymbolRefAttr symbol);

} // namespace irdl
} // namespace lamina
