//===- OpAsmInterface.cpp - OpAsmOpInterface defaults ---------------------===//
#include "lamina/IR/OpAsmInterface.h"

using namespace lamina;

void detail::noAsmResultNames(Operation *, OpAsmSetValueNameFn) {}
void detail::noAsmBlockArgumentNames(Operation *, Region &, OpAsmSetValueNameFn) {}
std::string_view detail::noDefaultDialect() { return {}; }
