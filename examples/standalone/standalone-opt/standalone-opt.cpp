//===- standalone-opt.cpp - lamina-opt with the standalone dialect --------===//
//
// Lamina's dialects and passes, plus the standalone dialect and its pass,
// behind lamina-opt's driver (optMain): the same options, pipelines and
// diagnostics.
//
#include "Standalone/StandaloneDialect.h"
#include "Standalone/StandalonePasses.h"

#include "lamina/IR/MLIRContext.h"
#include "lamina/InitAllDialects.h"
#include "lamina/Tools/OptMain.h"
#include "lamina/Transforms/Passes.h"

int main(int argc, char **argv) {
  lamina::DialectRegistry registry;
  lamina::registerAllDialects(registry);
  registry.insert<standalone::StandaloneDialect>();
  lamina::registerTransformsPasses();
  standalone::registerStandalonePasses();
  return lamina::optMain(argc, argv, "standalone-opt", registry);
}
