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

#ifdef LAMINA_OPT_MIMALLOC
#include <cstdlib>
#include <mimalloc.h>
#endif

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

#ifdef LAMINA_OPT_MIMALLOC
/// mimalloc commits each segment whole (no delay for a thread's first
/// segments), and backs it with ordinary 4 KiB pages. Transparent huge pages
/// (mi_option_large_os_pages) take one fault per 2 MiB instead of one per
/// 4 KiB, which wins when the machine's free memory is warm, but a virtual
/// machine whose host reclaims free guest memory (free page reporting, as on
/// Firecracker) has to fault each huge page in from the host: right after
/// another large process exits, touching 128 MiB took ~210 ms with huge pages
/// against ~47 ms with 4 KiB pages, which the kernel takes from the pages the
/// other process just freed. With 4 KiB pages bench/compare.py measured
/// 5-30% less wall time on every workload and less peak memory. The user's
/// MIMALLOC_* environment variables still win (MIMALLOC_LARGE_OS_PAGES=1
/// turns huge pages back on).
static void configureAllocator() {
  if (!std::getenv("MIMALLOC_EAGER_COMMIT_DELAY"))
    mi_option_set(mi_option_eager_commit_delay, 0);
}
#endif

int main(int argc, char **argv) {
#ifdef LAMINA_OPT_MIMALLOC
  configureAllocator();
#endif
  lamina::DialectRegistry registry;
  registerLaminaOptDialectsAndPasses(registry);
  return lamina::optMain(argc, argv, "lamina-opt", registry);
}
