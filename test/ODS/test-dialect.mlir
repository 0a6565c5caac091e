// Ops, attributes and types of the test dialect, defined declaratively in
// test/lib/TestDialect.cpp (a few lines each), round-tripped through text.
// RUN: lamina-test-opt %s | FileCheck %s
// RUN: lamina-test-opt %s | lamina-test-opt | FileCheck %s
// RUN: lamina-test-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @ops(
func.func @ops(%a: i32, %b: i32, %i: index, %fl: f32) -> i32 {
  // An enum attribute as a keyword; operand types inferred from the result.
  // CHECK-NEXT: %0 = test.format_op add %arg0, %arg1 : i32
  // GENERIC: "test.format_op"(%arg0, %arg1) <{kind = 0 : i64}> : (i32, i32) -> i32
  %0 = test.format_op add %a, %b : i32
  // A unit attribute anchoring an optional group (`flag`), with attr-dict.
  // CHECK-NEXT: %1 = test.format_op mul %0, %arg1 flag {x.y = 1 : i64} : i32
  // GENERIC: "test.format_op"(%0, %arg1) <{flag, kind = 2 : i64}> {x.y = 1 : i64}
  %1 = test.format_op mul %0, %b flag {x.y = 1} : i32
  // A default-valued dialect attribute: populated when absent, elided when
  // equal to the default, printed stripped (`<fast>`) otherwise.
  // CHECK-NEXT: test.mode_op{{$}}
  // GENERIC: "test.mode_op"() <{mode = #test.mode<slow>}> : () -> ()
  test.mode_op
  // CHECK-NEXT: test.mode_op %arg2 mode <fast>
  test.mode_op %i mode <fast>
  // CHECK-NEXT: test.mode_op{{$}}
  test.mode_op mode <slow>
  // CHECK-NEXT: test.mode_op mode <turbo>
  test.mode_op mode #test.mode<turbo>
  // Two variadic operand groups with operandSegmentSizes.
  // CHECK-NEXT: test.segments a(%arg0, %arg1 : i32, i32) b(%arg3 : f32)
  // GENERIC: "test.segments"(%arg0, %arg1, %arg3) <{operandSegmentSizes = array<i32: 2, 1>}>
  test.segments a(%a, %b : i32, i32) b(%fl : f32)
  // CHECK-NEXT: test.segments b(%arg3 : f32)
  test.segments b(%fl : f32)
  // CHECK-NEXT: test.segments{{$}}
  test.segments
  // An implicit terminator: inserted when parsing, elided when printing.
  // CHECK-NEXT: test.region_op %arg0 : i32 {
  // CHECK-NEXT: }
  // GENERIC: "test.yield"() : () -> ()
  test.region_op %a : i32 {
  ^bb0:
  }
  // CHECK-NEXT: test.region_op %arg0 : i32 {
  // CHECK-NEXT:   test.yield %arg0 : i32
  // CHECK-NEXT: }
  test.region_op %a : i32 {
    test.yield %a : i32
  }
  // A custom directive.
  // CHECK-NEXT: test.pair_op [%arg2 | %arg2]
  test.pair_op [%i | %i]
  // A result type taken from an attribute (AllTypesMatch).
  // CHECK-NEXT: %2 = test.typed_op 5 : i32
  %2 = test.typed_op 5 : i32
  return %1 : i32
}

// The seed's types and declarative attributes.
// CHECK-LABEL: func.func private @types() -> (!test.simple, !test.complex<5, i32>, !test.recursive<"a", tuple<!test.recursive<"a">>>) attributes {x.m = #test.mode<turbo>, x.p = #test.pair<count = 3, label = "lbl">}
func.func private @types() -> (!test.simple, !test.complex<5, i32>, !test.recursive<"a", tuple<!test.recursive<"a">>>) attributes {x.m = #test.mode<turbo>, x.p = #test.pair<label = "lbl", count = 3>}
