// RUN: lamina-opt --allow-unregistered-dialect -split-input-file -gpu-launch-sink-index-computations -gpu-kernel-outlining %s | FileCheck %s

// Index computations are sunk (not the op they would need as a new argument),
// the body is outlined with a CFG, and a second launch gets a renamed module.
func.func @sink_and_outline(%m: memref<?xf32>, %n: index) {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?xf32>
  %cmp = arith.cmpi slt, %d, %n : index
  %sel = arith.select %cmp, %d, %c4 : index
  %opaque = "opaque"() : () -> index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c4, %gz = %c4)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c4, %sz = %c4) {
    "use"(%sel, %opaque, %tx) : (index, index, index) -> ()
    cf.br ^bb1
  ^bb1:
    "use"(%bx, %sz) : (index, index) -> ()
    gpu.terminator
  }
  %t = gpu.wait async
  %u = gpu.launch async [%t] blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c4, %gz = %c4)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c4, %sz = %c4) {
    gpu.terminator
  }
  return
}

func.func @callee() {
  return
}

// -----

// Clusters, memory attributions and referenced symbols.
func.func @cluster_attributions(%v: f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  gpu.launch clusters(%cx, %cy, %cz) in (%ux = %c1, %uy = %c2, %uz = %c1)
             blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c2)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c2, %sz = %c2)
             workgroup(%w: memref<4xf32, 3>) private(%p: memref<2xf32, 5>) {
    memref.store %v, %w[%cx] : memref<4xf32, 3>
    memref.store %v, %p[%tx] : memref<2xf32, 5>
    func.call @helper() : () -> ()
    gpu.terminator
  }
  return
}

func.func @helper() {
  call @helper() : () -> ()
  return
}

// Expected output, printed by mlir-opt 22:
// CHECK: module attributes {gpu.container_module} {
// CHECK-NEXT: func.func @sink_and_outline(%arg0: memref<?xf32>, %arg1: index) {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?xf32>
// CHECK-NEXT: %0 = arith.cmpi slt, %dim, %arg1 : index
// CHECK-NEXT: %1 = arith.select %0, %dim, %c4 : index
// CHECK-NEXT: %2 = "opaque"() : () -> index
// CHECK-NEXT: gpu.launch_func  @sink_and_outline_kernel::@sink_and_outline_kernel blocks in (%c4, %c4, %c4) threads in (%arg1, %c4, %c4)  args(%1 : index, %2 : index)
// CHECK-NEXT: %3 = gpu.wait async
// CHECK-NEXT: %4 = gpu.launch_func async [%3] @sink_and_outline_kernel_0::@sink_and_outline_kernel blocks in (%c4, %c4, %c4) threads in (%c4, %c4, %c4)
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @sink_and_outline_kernel {
// CHECK-NEXT: gpu.func @sink_and_outline_kernel(%arg0: index, %arg1: index) kernel attributes {known_grid_size = array<i32: 4, 4, 4>} {
// CHECK-NEXT: %block_id_x = gpu.block_id  x
// CHECK-NEXT: %block_id_y = gpu.block_id  y
// CHECK-NEXT: %block_id_z = gpu.block_id  z
// CHECK-NEXT: %thread_id_x = gpu.thread_id  x
// CHECK-NEXT: %thread_id_y = gpu.thread_id  y
// CHECK-NEXT: %thread_id_z = gpu.thread_id  z
// CHECK-NEXT: %grid_dim_x = gpu.grid_dim  x
// CHECK-NEXT: %grid_dim_y = gpu.grid_dim  y
// CHECK-NEXT: %grid_dim_z = gpu.grid_dim  z
// CHECK-NEXT: %block_dim_x = gpu.block_dim  x
// CHECK-NEXT: %block_dim_y = gpu.block_dim  y
// CHECK-NEXT: %block_dim_z = gpu.block_dim  z
// CHECK-NEXT: "use"(%arg0, %arg1, %thread_id_x) : (index, index, index) -> ()
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "use"(%block_id_x, %block_dim_z) : (index, index) -> ()
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @sink_and_outline_kernel_0 {
// CHECK-NEXT: gpu.func @sink_and_outline_kernel() kernel attributes {known_block_size = array<i32: 4, 4, 4>, known_grid_size = array<i32: 4, 4, 4>} {
// CHECK-NEXT: %block_id_x = gpu.block_id  x
// CHECK-NEXT: %block_id_y = gpu.block_id  y
// CHECK-NEXT: %block_id_z = gpu.block_id  z
// CHECK-NEXT: %thread_id_x = gpu.thread_id  x
// CHECK-NEXT: %thread_id_y = gpu.thread_id  y
// CHECK-NEXT: %thread_id_z = gpu.thread_id  z
// CHECK-NEXT: %grid_dim_x = gpu.grid_dim  x
// CHECK-NEXT: %grid_dim_y = gpu.grid_dim  y
// CHECK-NEXT: %grid_dim_z = gpu.grid_dim  z
// CHECK-NEXT: %block_dim_x = gpu.block_dim  x
// CHECK-NEXT: %block_dim_y = gpu.block_dim  y
// CHECK-NEXT: %block_dim_z = gpu.block_dim  z
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: func.func @callee() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: module attributes {gpu.container_module} {
// CHECK-NEXT: func.func @cluster_attributions(%arg0: f32) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: gpu.launch_func  @cluster_attributions_kernel::@cluster_attributions_kernel clusters in (%c1, %c2, %c1) blocks in (%c2, %c2, %c2) threads in (%c2, %c2, %c2)  args(%arg0 : f32)
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @cluster_attributions_kernel {
// CHECK-NEXT: gpu.func @cluster_attributions_kernel(%arg0: f32) workgroup(%arg1 : memref<4xf32, 3>) private(%arg2 : memref<2xf32, 5>) kernel attributes {known_block_size = array<i32: 2, 2, 2>, known_grid_size = array<i32: 2, 2, 2>} {
// CHECK-NEXT: %block_id_x = gpu.block_id  x
// CHECK-NEXT: %block_id_y = gpu.block_id  y
// CHECK-NEXT: %block_id_z = gpu.block_id  z
// CHECK-NEXT: %thread_id_x = gpu.thread_id  x
// CHECK-NEXT: %thread_id_y = gpu.thread_id  y
// CHECK-NEXT: %thread_id_z = gpu.thread_id  z
// CHECK-NEXT: %grid_dim_x = gpu.grid_dim  x
// CHECK-NEXT: %grid_dim_y = gpu.grid_dim  y
// CHECK-NEXT: %grid_dim_z = gpu.grid_dim  z
// CHECK-NEXT: %block_dim_x = gpu.block_dim  x
// CHECK-NEXT: %block_dim_y = gpu.block_dim  y
// CHECK-NEXT: %block_dim_z = gpu.block_dim  z
// CHECK-NEXT: %cluster_id_x = gpu.cluster_id  x
// CHECK-NEXT: %cluster_id_y = gpu.cluster_id  y
// CHECK-NEXT: %cluster_id_z = gpu.cluster_id  z
// CHECK-NEXT: %cluster_dim_x = gpu.cluster_dim  x
// CHECK-NEXT: %cluster_dim_y = gpu.cluster_dim  y
// CHECK-NEXT: %cluster_dim_z = gpu.cluster_dim  z
// CHECK-NEXT: memref.store %arg0, %arg1[%cluster_id_x] : memref<4xf32, 3>
// CHECK-NEXT: memref.store %arg0, %arg2[%thread_id_x] : memref<2xf32, 5>
// CHECK-NEXT: func.call @helper() : () -> ()
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @helper() {
// CHECK-NEXT: call @helper() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: func.func @helper() {
// CHECK-NEXT: call @helper() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
