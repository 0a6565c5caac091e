// Verifier diagnostics of the smt dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @too_few_operands(%a: !smt.bool) {
  // expected-error @below {{'inputs' must have at least size 2, but got 1}}
  smt.distinct %a : !smt.bool
  return
}

// -----

func.func @forall_names() {
  // expected-error @below {{number of bound variable names must match number of block arguments}}
  %1 = smt.forall ["a"] {
  ^bb0(%arg2: !smt.int, %arg3: !smt.int):
    %2 = smt.eq %arg2, %arg3 : !smt.int
    smt.yield %2 : !smt.bool
  }
  return
}

// -----

func.func @extract(%x: !smt.bv<8>) {
  // expected-error @below {{range to be extracted is too big, expected range starting at index 4 of length 8 requires input width of at least 12, but the input width is only 8}}
  %0 = smt.bv.extract %x from 4 : (!smt.bv<8>) -> !smt.bv<8>
  return
}

// -----

func.func @bv_range() {
  // expected-error @below {{integer value out of range for given bit-vector type '!smt.bv<2>'}}
  %c = smt.bv.constant #smt.bv<5> : !smt.bv<2>
  return
}

// -----

// expected-error @below {{sort parameter types must be any non-function SMT type}}
func.func @sort_type_no_smt_type(%arg0: !smt.sort<"sortname"[i32]>) {
  return
}

// -----

func.func @repeat(%x: !smt.bv<8>) {
  // expected-error @below {{integer must be positive}}
  %0 = smt.bv.repeat 0 times %x : !smt.bv<8>
  return
}
