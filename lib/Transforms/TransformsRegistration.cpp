//===- TransformsRegistration.cpp - Registering the generic transforms ----===//
#include "lamina/Transforms/Passes.h"

namespace lamina {
#define LAMINA_PASS_TABLE "lamina/Transforms/Passes.def"
#define LAMINA_PASS_REGISTRATION_FN registerTransformsPasses
#include "lamina/Pass/PassTableRegistration.inc"
} // namespace lamina
