// Verifier diagnostics of the ml_program dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

// expected-error@+1 {{immutable global must have an initial value}}
ml_program.global private @g : tensor<4xi32>

// -----

ml_program.global private mutable @var(dense<1> : tensor<4xi64>) : tensor<4xi64>

ml_program.func @f() -> tensor<4xi32> {
  // expected-error@+1 {{'ml_program.global_load' op cannot load from global typed 'tensor<4xi64>' as 'tensor<4xi32>'}}
  %0 = ml_program.global_load @var : tensor<4xi32>
  ml_program.return %0 : tensor<4xi32>
}

// -----

ml_program.global private @const(dense<1> : tensor<4xi64>) : tensor<4xi64>

ml_program.func @f(%arg0: tensor<4xi64>) {
  // expected-error@+1 {{'ml_program.global_store' op cannot store to an immutable global @const}}
  ml_program.global_store @const = %arg0 : tensor<4xi64>
  ml_program.return
}

// -----

ml_program.func @f(%arg0: i32) -> i32 {
  // expected-error@+1 {{'ml_program.return' op has 0 operands, but enclosing function (@f) returns 1}}
  ml_program.return
}

// -----

ml_program.func @f() {
  // expected-error@+1 {{'ml_program.global_load_const' op undefined global: @nothere}}
  %0 = ml_program.global_load_const @nothere : tensor<4xi32>
  ml_program.return
}
