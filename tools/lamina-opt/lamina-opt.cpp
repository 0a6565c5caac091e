//===- lamina-opt.cpp - The Lamina optimizer driver -----------------------===//
//
// Registers the dialects (registerAllDialects) and passes Lamina implements,
// then hands over to optMain. Built twice: bin/lamina-opt also registers
// mlir-opt's `test` dialect and test passes, as mlir-opt does (the
// conformance suite needs them); the installed lamina-opt
// (LAMINA_OPT_NO_TEST_CODE) does not, since test-only code is not installed.
//
#ifndef LAMINA_OPT_NO_TEST_CODE
#include "lamina/Dialect/Test/TestDialect.h"
#include "lamina/Dialect/Transform/TransformDialect.h"
#endif
#include "lamina/Dialect/Bufferization/Transforms/Passes.h"
#include "lamina/Dialect/Linalg/Passes.h"
#include "lamina/InitAllDialects.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/Tools/OptMain.h"
#include "lamina/Transforms/Passes.h"
// The dialects' passes.
#include "lamina/Dialect/Affine/Passes.h"
#include "lamina/Dialect/Arith/Passes.h"
#include "lamina/Dialect/GPU/Passes.h"
#include "lamina/Dialect/MemRef/Passes.h"
#include "lamina/Dialect/SCF/Passes.h"

/// Registers what lamina-opt registers: dialects into `registry`, passes
/// into the global pass registry. (The fuzz targets compile this file too,
/// with main renamed, and call this once per process.)
void registerLaminaOptDialectsAndPasses(lamina::DialectRegistry &registry) {
  lamina::registerAllDialects(registry);
#ifndef LAMINA_OPT_NO_TEST_CODE
  registry.insert<lamina::MLIRTestDialect>();
  lamina::transform::registerTestTransformDialectExtension();
#endif
  lamina::registerTransformsPasses();
  lamina::linalg::registerLinalgPasses();
  lamina::registerBufferizationPasses();
#ifndef LAMINA_OPT_NO_TEST_CODE
  lamina::registerPassManagerTestPasses();
  lamina::linalg::registerTestLinalgPasses();
  lamina::scf::registerTestSCFPasses();
#endif
  lamina::affine::registerAffinePasses();
  lamina::arith::registerArithPasses();
  lamina::gpu::registerGPUPasses();
  lamina::memref::registerMemRefPasses();
  lamina::scf::registerSCFPasses();
}

int main(int argc, char **argv) {
  lamina::DialectRegistry registry;
  registerLaminaOptDialectsAndPasses(registry);
  return lamina::optMain(argc, argv, "lamina-opt", registry);
}
