//===- LLVMDialect.cpp - The llvm dialect ----------------------------------===//
#include "lamina/Dialect/LLVMIR/LLVMDialect.h"

using namespace lamina;
using namespace lamina::LLVM;

LLVMDialect::LLVMDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<LLVMDialect>()) {
  // The types MLIR defines without a TypeDef.
  addTypes<LLVMVoidType, LLVMTokenType, LLVMLabelType, LLVMMetadataType, LLVMStructType>();
  registerGenerated();
}

LLVMDialect::~LLVMDialect() = default;

Attribute LLVMDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void LLVMDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
