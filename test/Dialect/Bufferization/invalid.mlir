// Verifier diagnostics of the bufferization dialect (mlir-opt's wording).
// RUN: lamina-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s

func.func @f(%t: tensor<?xf32>, %n: index) {
// expected-error@+1 {{dynamic sizes not needed when copying a tensor}}
  %0 = bufferization.alloc_tensor(%n) copy(%t) : tensor<?xf32>
  return
}

// -----

func.func @f(%n: index) {
// expected-error@+1 {{'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = bufferization.alloc_tensor(%n) : tensor<?x?xf32>
  return
}

// -----

func.func @f(%m: memref<?xf32>) {
  // expected-error@+2 {{shapes do not match}}
  // expected-error@+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %0 = bufferization.to_tensor %m : memref<?xf32> to tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %m: memref<4xf32>) {
// expected-error@+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  bufferization.materialize_in_destination %t in %m : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @f(%m: memref<4xf32>, %c: i1) {
// expected-error@+1 {{'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate}}
  "bufferization.dealloc"(%m, %c, %c) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<4xf32>, i1, i1) -> ()
  return
}

// -----

// expected-error@+1 {{'bufferization.writable' is invalid on external functions}}
func.func private @f(%arg0: tensor<4xf32> {bufferization.writable = true})

// -----

func.func @f() {
  // expected-error@+1 {{attribute '"bufferization.writable"' not supported as an op attribute by the bufferization dialect}}
  "test.op"() {bufferization.writable = true} : () -> ()
  return
}
