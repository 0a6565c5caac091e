// RUN: lamina-opt -split-input-file -gpu-map-parallel-loops %s | FileCheck %s
// RUN: lamina-opt -split-input-file -gpu-map-parallel-loops=mapping-policy=innermost-first %s | FileCheck %s --check-prefix=INNER

// Blocks, threads, then sequential loops; a loop under scf.for maps from the grid.
func.func @p(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    scf.parallel (%k) = (%c0) to (%n) step (%c1) {
      scf.parallel (%l) = (%c0) to (%n) step (%c1) {
        scf.parallel (%m) = (%c0) to (%n) step (%c1) {
        }
      }
    }
    scf.parallel (%k2, %k3, %k4, %k5) = (%c0, %c0, %c0, %c0) to (%n, %n, %n, %n) step (%c1, %c1, %c1, %c1) {
    }
  }
  scf.for %x = %c0 to %n step %c1 {
    scf.parallel (%k) = (%c0) to (%n) step (%c1) {
    }
  }
  return
}

// Expected output, printed by mlir-opt 22:
// CHECK: module {
// CHECK-NEXT: func.func @p(%arg0: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.parallel (%arg1, %arg2) = (%c0, %c0) to (%arg0, %arg0) step (%c1, %c1) {
// CHECK-NEXT: scf.parallel (%arg3) = (%c0) to (%arg0) step (%c1) {
// CHECK-NEXT: scf.parallel (%arg4) = (%c0) to (%arg0) step (%c1) {
// CHECK-NEXT: scf.parallel (%arg5) = (%c0) to (%arg0) step (%c1) {
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: } {mapping = [#gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: } {mapping = [#gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK-NEXT: scf.parallel (%arg3, %arg4, %arg5, %arg6) = (%c0, %c0, %c0, %c0) to (%arg0, %arg0, %arg0, %arg0) step (%c1, %c1, %c1, %c1) {
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_y, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_z, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = block_y, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK-NEXT: scf.for %arg1 = %c0 to %arg0 step %c1 {
// CHECK-NEXT: scf.parallel (%arg2) = (%c0) to (%arg0) step (%c1) {
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// INNER: module {
// INNER-NEXT: func.func @p(%arg0: index) {
// INNER-NEXT: %c0 = arith.constant 0 : index
// INNER-NEXT: %c1 = arith.constant 1 : index
// INNER-NEXT: scf.parallel (%arg1, %arg2) = (%c0, %c0) to (%arg0, %arg0) step (%c1, %c1) {
// INNER-NEXT: scf.parallel (%arg3) = (%c0) to (%arg0) step (%c1) {
// INNER-NEXT: scf.parallel (%arg4) = (%c0) to (%arg0) step (%c1) {
// INNER-NEXT: scf.parallel (%arg5) = (%c0) to (%arg0) step (%c1) {
// INNER-NEXT: scf.reduce
// INNER-NEXT: } {mapping = [#gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// INNER-NEXT: scf.reduce
// INNER-NEXT: } {mapping = [#gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// INNER-NEXT: scf.reduce
// INNER-NEXT: } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// INNER-NEXT: scf.parallel (%arg3, %arg4, %arg5, %arg6) = (%c0, %c0, %c0, %c0) to (%arg0, %arg0, %arg0, %arg0) step (%c1, %c1, %c1, %c1) {
// INNER-NEXT: scf.reduce
// INNER-NEXT: } {mapping = [#gpu.loop_dim_map<processor = thread_z, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_y, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// INNER-NEXT: scf.reduce
// INNER-NEXT: } {mapping = [#gpu.loop_dim_map<processor = block_y, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// INNER-NEXT: scf.for %arg1 = %c0 to %arg0 step %c1 {
// INNER-NEXT: scf.parallel (%arg2) = (%c0) to (%arg0) step (%c1) {
// INNER-NEXT: scf.reduce
// INNER-NEXT: } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// INNER-NEXT: }
// INNER-NEXT: return
// INNER-NEXT: }
// INNER-NEXT: }
