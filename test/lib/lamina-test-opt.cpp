//===- lamina-test-opt.cpp - lamina-opt plus the test dialect -------------===//
//
// The driver used by the ODS and seed-type lit tests: the dialects of
// lamina-opt and the `test` dialect (test/lib/TestDialect.h).
//
#include "TestDialect.h"

#include "lamina/InitAllDialects.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/Tools/OptMain.h"

int main(int argc, char **argv) {
  lamina::DialectRegistry registry;
  lamina::registerAllDialects(registry);
  registry.insert<lamina::TestDialect>();
  return lamina::optMain(argc, argv, "lamina-test-opt", registry);
}
