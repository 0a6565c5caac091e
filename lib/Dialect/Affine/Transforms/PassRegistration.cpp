//===- PassRegistration.cpp - Registering the affine passes ---------------===//
#include "lamina/Dialect/Affine/Passes.h"

namespace lamina::affine {
#define LAMINA_PASS_TABLE "lamina/Dialect/Affine/Passes.def"
#define LAMINA_PASS_REGISTRATION_FN registerAffinePasses
#include "lamina/Pass/PassTableRegistration.inc"
} // namespace lamina::affine
