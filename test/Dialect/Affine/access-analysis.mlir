// RUN: lamina-opt --allow-unregistered-dialect %s -split-input-file -test-affine-access-analysis -verify-diagnostics -o /dev/null
//
// test-affine-access-analysis: contiguous and invariant accesses along each surrounding loop.
// The expected remarks are those mlir-opt 22 emits on these inputs.

func.func @accesses(%A: memref<?x?xf32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      // expected-remark@above {{contiguous along loop 1}}
      %b = affine.load %A[%j, %i + %i] : memref<?x?xf32>
      // expected-remark@above {{contiguous along loop 0}}
      %c = affine.load %A[%n, 3 * %j - %j - 2 * %j] : memref<?x?xf32>
      // expected-remark@above {{invariant along loop 0}}
      // expected-remark@above {{invariant along loop 1}}
      affine.store %a, %A[%i, %j floordiv 4] : memref<?x?xf32>
      // expected-remark@above {{contiguous along loop 1}}
    }
  }
  return
}
