//===- PassRegistration.cpp - Registering the memref passes ---------------===//
#include "lamina/Dialect/MemRef/Passes.h"

namespace lamina::memref {
#define LAMINA_PASS_TABLE "lamina/Dialect/MemRef/Passes.def"
#define LAMINA_PASS_REGISTRATION_FN registerMemRefPasses
#include "lamina/Pass/PassTableRegistration.inc"
} // namespace lamina::memref
