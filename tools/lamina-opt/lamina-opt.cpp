//===- lamina-opt.cpp - The Lamina optimizer driver -----------------------===//
//
// Registers the dialects and passes Lamina implements, then hands over to
// optMain. Built twice: bin/lamina-opt also registers mlir-opt's `test`
// dialect and test passes, as mlir-opt does (the conformance suite needs
// them); the installed lamina-opt (LAMINA_OPT_NO_TEST_CODE) does not, since
// test-only code is not installed.
//
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
#ifndef LAMINA_OPT_NO_TEST_CODE
#include "lamina/Dialect/Test/TestDialect.h"
#endif
#include "lamina/Dialect/UB/UBDialect.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/Tools/OptMain.h"
#include "lamina/Transforms/Passes.h"

int main(int argc, char **argv) {
  lamina::installBuiltinOpDefinitions();
  lamina::DialectRegistry registry;
  registry.insert<lamina::AffineDialect>();
  registry.insert<lamina::MemRefDialect>();
  registry.insert<lamina::BuiltinDialect, lamina::ControlFlowDialect, lamina::FuncDialect,
                  lamina::ArithDialect, lamina::SCFDialect>();
#ifndef LAMINA_OPT_NO_TEST_CODE
  registry.insert<lamina::MLIRTestDialect>();
#endif
  registry.insert<lamina::MathDialect, lamina::IndexDialect, lamina::ComplexDialect, lamina::UBDialect,
                  lamina::TensorDialect, lamina::BufferizationDialect, lamina::MLProgramDialect>();
  lamina::registerTransformsPasses();
#ifndef LAMINA_OPT_NO_TEST_CODE
  lamina::registerPassManagerTestPasses();
#endif
  return lamina::optMain(argc, argv, "lamina-opt", registry);
}
