//===- RegisterEverything.cpp - Every dialect and pass of the library -----===//
#include "lamina-c/RegisterEverything.h"

#include "Wrap.h"

#include "lamina/InitAllDialects.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/Transforms/Passes.h"

#include <mutex>

using namespace lamina;

void laminaRegisterAllDialects(LaminaDialectRegistry registry) { registerAllDialects(*unwrap(registry)); }

void laminaRegisterAllPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] { registerTransformsPasses(); });
}
