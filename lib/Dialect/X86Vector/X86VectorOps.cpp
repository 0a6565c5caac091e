//===- X86VectorOps.cpp - What the x86vector dialect writes by hand -------===//
//
// As mlir/lib/Dialect/X86Vector/IR/X86VectorDialect.cpp: the verifier of
// x86vector.avx512.mask.compress, with mlir-opt's messages.
//
#include "lamina/Dialect/X86Vector/X86VectorDialect.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::x86vector;

LogicalResult MaskCompressOp::verify() {
  ElementsAttr constantSrc = getConstantSrcAttr();
  if (getSrc() && constantSrc)
    return emitError("cannot use both src and constant_src");
  if (getSrc() && getSrc().getType() != getDst().getType())
    return emitError("failed to verify that src and dst have same type");
  if (constantSrc && cast<TypedAttr>(Attribute(constantSrc)).getType() != getDst().getType())
    return emitError("failed to verify that constant_src and dst have same type");
  return success();
}
