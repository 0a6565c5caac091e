//===- lamina-opt.cpp - The Lamina optimizer driver -----------------------===//
//
// Registers the dialects and passes Lamina implements, then hands over to
// optMain.
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
#include "lamina/Dialect/Test/TestDialect.h"
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
  registry.insert<lamina::MLIRTestDialect>();
  registry.insert<lamina::MathDialect, lamina::IndexDialect, lamina::ComplexDialect, lamina::UBDialect,
                  lamina::TensorDialect, lamina::BufferizationDialect, lamina::MLProgramDialect>();
  lamina::registerTransformsPasses();
  lamina::registerPassManagerTestPasses();
  return lamina::optMain(argc, argv, "lamina-opt", registry);
}
