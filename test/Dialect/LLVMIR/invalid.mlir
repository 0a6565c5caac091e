// Verifier and parser diagnostics of the llvm dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

llvm.func @f(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.load' op result #0 must be LLVM type with size, but got '!llvm.void'}}
  %0 = llvm.load %p : !llvm.ptr -> !llvm.void
  llvm.return
}

// -----

// expected-error@+1 {{'llvm.mlir.global' op expects type to be a valid element type for an LLVM global}}
llvm.mlir.global internal @g() : !llvm.void

// -----

// expected-note@+1 {{when returning from function}}
llvm.func @f(%a: i32) -> i64 {
  // expected-error@+1 {{'llvm.return' op mismatching result types}}
  llvm.return %a : i32
}

// -----

// expected-error@+1 {{identified type already used with a different body}}
"test.t"() {a = !llvm.struct<"s", (i32)>, b = !llvm.struct<"s", (i64)>} : () -> ()

// -----

llvm.func @f(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.getelementptr' op type 'i32' cannot be indexed (index #1)}}
  %0 = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @f(%a: i32) {
  %0 = llvm.extractvalue %a[0] : i32
  // expected-error@+1 {{custom op 'llvm.extractvalue' expected LLVM IR structure/array type, got: 'i32'}}
  llvm.return
}

// -----

llvm.func @callee(i32)
llvm.func @f(%a: i64) {
  // expected-error@+1 {{'llvm.call' op operand type mismatch for operand 0: 'i64' != 'i32'}}
  llvm.call @callee(%a) : (i64) -> ()
  llvm.return
}

// -----

// llvm.func checks that its landing pads agree on their type before its
// nested ops are verified: one without its result is left to its own
// verifier (mlir-opt gives the same error, having read past the op).
llvm.func @landingpad_without_result() {
  "test.one_region_op"() ({
    // expected-error@+1 {{'llvm.landingpad' op requires one result}}
    "llvm.landingpad"() : () -> ()
  }) : () -> ()
  llvm.return
}
