// Combining kinds that do not fit the element type: the messages name the
// kind (its string used to point into a destroyed temporary: AddressSanitizer
// reported a stack-use-after-scope in the vector.scan verifier).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @scan_unsupported_kind(%arg0: vector<2x3xf32>, %arg1: vector<3xf32>) -> vector<2x3xf32> {
  // expected-error@+1 {{'vector.scan' op unsupported reduction type 'f32' for kind 'xor'}}
  %0:2 = vector.scan <xor>, %arg0, %arg1 {inclusive = true, reduction_dim = 0} :
    vector<2x3xf32>, vector<3xf32>
  return %0#0 : vector<2x3xf32>
}

// -----

func.func @scan_unsupported_kind_int(%arg0: vector<2x3xi32>, %arg1: vector<3xi32>) -> vector<2x3xi32> {
  // expected-error@+1 {{'vector.scan' op unsupported reduction type 'i32' for kind 'maxnumf'}}
  %0:2 = vector.scan <maxnumf>, %arg0, %arg1 {inclusive = true, reduction_dim = 0} :
    vector<2x3xi32>, vector<3xi32>
  return %0#0 : vector<2x3xi32>
}

// -----

func.func @reduce_unsupported_kind(%arg0: vector<16xf32>) -> f32 {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'minsi'}}
  %0 = vector.reduction <minsi>, %arg0 : vector<16xf32> into f32
  return %0 : f32
}
