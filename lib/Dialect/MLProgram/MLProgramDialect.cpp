//===- MLProgramDialect.cpp - mlir-opt's `ml_program` namespace -----------===//
#include "lamina/Dialect/MLProgram/MLProgramDialect.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/OpImplementation.h"

using namespace lamina;

MLProgramDialect::MLProgramDialect(MLIRContext *ctx)
    : Dialect("ml_program", ctx, TypeID::get<MLProgramDialect>()) {
  allowUnknownOperations();
  allowUnknownTypes();
}

Type MLProgramDialect::parseType(DialectAsmParser &parser) const {
  return OpaqueType::get(StringAttr::get(getContext(), getNamespace()), parser.getFullSymbolSpec());
}

Attribute MLProgramDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return OpaqueAttr::get(StringAttr::get(getContext(), getNamespace()), parser.getFullSymbolSpec(),
                         type ? type : Type(NoneType::get(getContext())));
}
