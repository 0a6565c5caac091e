//===- lamina-opt.cpp - The Lamina optimizer driver -----------------------===//
//
// Registers the dialects Lamina implements, then hands over to optMain.
//
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/Tools/OptMain.h"

int main(int argc, char **argv) {
  lamina::DialectRegistry registry;
  registry.insert<lamina::BuiltinDialect>();
  return lamina::optMain(argc, argv, "lamina-opt", registry);
}
