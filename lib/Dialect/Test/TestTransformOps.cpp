//===- TestTransformOps.cpp - test ops the transform tests use ------------===//
//
// Operations of mlir/test/lib/Dialect/Test/TestOps.td that the tests of the
// generic transforms (cse, inline) exercise:
//
//   test.op_with_memread                 MemoryEffects<[MemRead]>, an integer
//   test.op_with_memwrite                MemoryEffects<[MemWrite]>
//   test.cse_of_single_block_op          Pure, one block ending in
//                                        test.region_yield
//
#include "lamina/Dialect/Test/TestDialect.h"

#include "lamina/ODS/OpDef.h"

using namespace lamina;

void lamina::registerTestTransformOps(Dialect &dialect) {
  ods::OpDef("test.op_with_memread")
      .result("", ods::AnyInteger())
      .traits({ods::MemoryEffects({ods::MemRead()})})
      .registerIn(dialect);
  ods::OpDef("test.op_with_memwrite").traits({ods::MemoryEffects({ods::MemWrite()})}).registerIn(dialect);
  ods::OpDef("test.cse_of_single_block_op")
      .variadicOperand("inputs", ods::AnyType())
      .variadicResult("outputs", ods::AnyType())
      .region("region", ods::SizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("test.region_yield"), ods::Pure()})
      .format("attr-dict `inputs` `(` $inputs `)` $region `:` type($inputs) `->` type($outputs)")
      .registerIn(dialect);
}
