//===- TestOps.cpp - The few operations of the test dialect Lamina registers ===//
//
// Definitions follow mlir/test/lib/Dialect/Test/TestOps.td. An operation is
// registered only when its registered behaviour (verification, printing,
// bytecode properties) is reproduced exactly; every other test.* operation
// stays unregistered, which the dialect allows.
//
//   test.finish                          Terminator
//   test.SingleBlockImplicitTerminator   one region ending in test.finish
//   test.symbol_scope                    symbol table ending in test.finish
//   test.symbol_scope_isolated           the same, isolated from above
//   test.symbol_table_region             symbol table, any terminator
//
#include "lamina/Dialect/Test/TestDialect.h"

#include "lamina/ODS/OpDef.h"

using namespace lamina;

void MLIRTestDialect::registerOps() {
  ods::OpDef("test.finish").traits({ods::IsTerminator()}).registerIn(*this);
  ods::OpDef("test.SingleBlockImplicitTerminator")
      .region("region", ods::SizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("test.finish")})
      .registerIn(*this);
  ods::OpDef("test.symbol_scope")
      .region("region", ods::SizedRegion(1))
      .traits({ods::SymbolTableTrait(), ods::SingleBlockImplicitTerminator("test.finish")})
      .registerIn(*this);
  ods::OpDef("test.symbol_scope_isolated")
      .region("region", ods::SizedRegion(1))
      .traits({ods::IsolatedFromAbove(), ods::SymbolTableTrait(), ods::SingleBlockImplicitTerminator("test.finish")})
      .registerIn(*this);
  ods::OpDef("test.symbol_table_region")
      .region("region", ods::SizedRegion(1))
      .traits({ods::SymbolTableTrait()})
      .registerIn(*this);
}
