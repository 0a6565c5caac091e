//===- PtrDialect.h - The ptr dialect: opaque pointers --------------------===//
//
// The ops, `!ptr.ptr<memory-space>`, `!ptr.ptr_metadata<T>`, `#ptr.address`,
// `#ptr.null`, `#ptr.generic_space` and `#ptr.spec` are imported from MLIR's
// ODS records (PtrOps.gen.h, by utils/import-ods.py); PtrOps.cpp holds what
// MLIR writes by hand: the verifiers (memory spaces of casts, alignment,
// atomic orderings, the memory space's load/store rules), the memory effects
// of loads and stores, ptr_add's result type, the folders (constant,
// from_ptr/to_ptr round trips, ptr_add of a zero offset) and the checks of
// `#ptr.spec` and `!ptr.ptr_metadata`. Not implemented: data layout queries
// (`ptr.type_offset` has no folder in MLIR either) and the memory-space
// interface's other methods.
//
#pragma once

#include "lamina/Dialect/Ptr/PtrOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `ptr`: opaque pointers parameterized by a memory space.
class PtrDialect : public Dialect {
public:
  explicit PtrDialect(MLIRContext *ctx);
  ~PtrDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "ptr"; }

  Type parseType(DialectAsmParser &parser) const override { return attrTypes.parseType(parser, *this); }
  void printType(Type type, DialectAsmPrinter &printer) const override { (void)attrTypes.printType(type, printer); }
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override {
    return attrTypes.parseAttribute(parser, type, *this);
  }
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override {
    (void)attrTypes.printAttribute(attr, printer);
  }

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// Attaches the folders (PtrOps.cpp).
  void registerFolders();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
