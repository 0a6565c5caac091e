//===- TestDialect.cpp - mlir-opt's `test` dialect: registration, fallback ===//
//
// Everything of the test dialect that Lamina does not implement stays as
// written: a type or attribute whose mnemonic is not implemented becomes an
// OpaqueType/OpaqueAttr of the `test` namespace holding its text, which the
// printer writes back verbatim and the bytecode writer writes as text, just
// as when the dialect was not loaded at all. Unknown operations are allowed.
//
#include "lamina/Dialect/Test/TestDialect.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/OpImplementation.h"

using namespace lamina;

MLIRTestDialect::MLIRTestDialect(MLIRContext *ctx) : Dialect("test", ctx, TypeID::get<MLIRTestDialect>()) {
  allowUnknownOperations();
  allowUnknownTypes();
  registerOps();
}

MLIRTestDialect::~MLIRTestDialect() = default;

//===----------------------------------------------------------------------===//
// Types and attributes
//===----------------------------------------------------------------------===//

Type MLIRTestDialect::parseType(DialectAsmParser &parser) const {
  return OpaqueType::get(StringAttr::get(getContext(), getNamespace()), parser.getFullSymbolSpec());
}

void MLIRTestDialect::printType(Type type, DialectAsmPrinter &printer) const {
  // Only opaque types exist in this namespace; the printer prints those itself.
}

Attribute MLIRTestDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return OpaqueAttr::get(StringAttr::get(getContext(), getNamespace()), parser.getFullSymbolSpec(),
                         type ? type : Type(NoneType::get(getContext())));
}

void MLIRTestDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {}
