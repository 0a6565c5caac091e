//===- lamina-test-opt.cpp - lamina-opt plus the test dialect -------------===//
//
// The driver used by the ODS and seed-type lit tests: the dialects of
// lamina-opt and the `test` dialect (test/lib/TestDialect.h).
//
#include "TestDialect.h"

#include "lamina/Dialect/Builtin/BuiltinOpDefs.h"
#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/Dialect/Func/FuncDialect.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/Tools/OptMain.h"

int main(int argc, char **argv) {
  lamina::installBuiltinOpDefinitions();
  lamina::DialectRegistry registry;
  registry.insert<lamina::BuiltinDialect, lamina::ControlFlowDialect, lamina::FuncDialect, lamina::TestDialect>();
  return lamina::optMain(argc, argv, "lamina-test-opt", registry);
}
