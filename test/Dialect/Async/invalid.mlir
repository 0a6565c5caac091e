// Verifier diagnostics of the async dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @await_type(%arg0: !async.value<f32>) {
  // expected-error @+1 {{'async.await' op result type 'f64' does not match async value type 'f32'}}
  %0 = "async.await"(%arg0): (!async.value<f32>) -> f64
}

// -----

// expected-error @+1 {{'async.func' op  results' (optional) async token type is expected to appear as the 1st return value, but got 2}}
async.func @token_placement(%arg0: f32) -> (!async.value<f32>, !async.token) {
  return %arg0 : f32
}

// -----

async.func @return_type(%arg0: f32) -> (!async.token, !async.value<i32>) {
  // expected-error @+1 {{'async.return' op operand types do not match the types returned from the parent FuncOp}}
  return %arg0 : f32
}

// -----

func.func @execute_args(%arg0: !async.value<f32>) {
  // expected-error @+2 {{'async.execute' op along control flow edge from parent to Region #0: successor operand type #0 '!async.value<f32>' should match successor input type #0 'i32'}}
  // expected-note @+1 {{region branch point}}
  %t = "async.execute"(%arg0) <{operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%x: i32):
    async.yield
  }) : (!async.value<f32>) -> !async.token
  return
}
