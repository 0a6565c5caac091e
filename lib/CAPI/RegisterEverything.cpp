//===- RegisterEverything.cpp - Every dialect and pass of the library -----===//
#include "lamina-c/RegisterEverything.h"

#include "Wrap.h"

#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Bufferization/BufferizationDialect.h"
#include "lamina/Dialect/Builtin/BuiltinOpDefs.h"
#include "lamina/Dialect/Complex/ComplexDialect.h"
#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/Dialect/Func/FuncDialect.h"
#include "lamina/Dialect/Index/IndexDialect.h"
#include "lamina/Dialect/MLProgram/MLProgramDialect.h"
#include "lamina/Dialect/Math/MathDialect.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/Dialect/Tensor/TensorDialect.h"
#include "lamina/Dialect/UB/UBDialect.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/Transforms/Passes.h"

#include <mutex>

using namespace lamina;

void laminaRegisterAllDialects(LaminaDialectRegistry registry) {
  static std::once_flag once;
  std::call_once(once, [] { installBuiltinOpDefinitions(); });
  unwrap(registry)->insert<AffineDialect, ArithDialect, BuiltinDialect, ComplexDialect, ControlFlowDialect,
                           FuncDialect, IndexDialect, MLProgramDialect, MathDialect, MemRefDialect, SCFDialect,
                           TensorDialect, UBDialect, BufferizationDialect>();
}

void laminaRegisterAllPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] { registerTransformsPasses(); });
}
