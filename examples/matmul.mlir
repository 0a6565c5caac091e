// The Language Reference's matrix multiplication example, written with
// today's dialects (func, affine, memref, arith). The tensor and TensorFlow
// parts of the original are replaced by memrefs: @mul copies its inputs into
// fresh buffers, multiplies them with @multiply and returns the product.

// Compute A*B. The dimensions of A and B are partially known; the shapes are
// assumed to match.
func.func @mul(%A: memref<100x?xf32>, %B: memref<?x50xf32>) -> memref<100x50xf32> {
  // Compute the inner dimension of %A using the dim operation.
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c1 : memref<100x?xf32>

  // Allocate buffers and copy %A and %B into them.
  %A_m = memref.alloc(%n) : memref<100x?xf32>
  memref.copy %A, %A_m : memref<100x?xf32> to memref<100x?xf32>
  %B_m = memref.alloc(%n) : memref<?x50xf32>
  memref.copy %B, %B_m : memref<?x50xf32> to memref<?x50xf32>

  // Call @multiply on the buffers; it returns the result of the multiplication.
  %C_m = call @multiply(%A_m, %B_m) : (memref<100x?xf32>, memref<?x50xf32>) -> memref<100x50xf32>

  memref.dealloc %A_m : memref<100x?xf32>
  memref.dealloc %B_m : memref<?x50xf32>
  return %C_m : memref<100x50xf32>
}

// A function that multiplies two memrefs and returns the result.
func.func @multiply(%A: memref<100x?xf32>, %B: memref<?x50xf32>) -> memref<100x50xf32> {
  // Compute the inner dimension of %A.
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c1 : memref<100x?xf32>

  // Allocate memory for the multiplication result.
  %C = memref.alloc() : memref<100x50xf32>
  %zero = arith.constant 0.0 : f32

  // Multiplication loop nest.
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 50 {
      affine.store %zero, %C[%i, %j] : memref<100x50xf32>
      affine.for %k = 0 to %n {
        %a_v = affine.load %A[%i, %k] : memref<100x?xf32>
        %b_v = affine.load %B[%k, %j] : memref<?x50xf32>
        %prod = arith.mulf %a_v, %b_v : f32
        %c_v = affine.load %C[%i, %j] : memref<100x50xf32>
        %sum = arith.addf %c_v, %prod : f32
        affine.store %sum, %C[%i, %j] : memref<100x50xf32>
      }
    }
  }
  return %C : memref<100x50xf32>
}
