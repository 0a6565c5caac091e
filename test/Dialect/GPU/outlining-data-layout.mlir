// RUN: lamina-opt -gpu-kernel-outlining='data-layout-str=#dlti.dl_spec<#dlti.dl_entry<index,32:i32>>' %s | FileCheck %s

func.func @with_layout(%v: f32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    "test.use"(%v) : (f32) -> ()
    gpu.terminator
  }
  return
}

// Expected output, printed by mlir-opt 22:
// CHECK: module attributes {gpu.container_module} {
// CHECK-NEXT: func.func @with_layout(%arg0: f32) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: gpu.launch_func  @with_layout_kernel::@with_layout_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)  args(%arg0 : f32)
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @with_layout_kernel attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i32>} {
// CHECK-NEXT: gpu.func @with_layout_kernel(%arg0: f32) kernel attributes {known_block_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
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
// CHECK-NEXT: "test.use"(%arg0) : (f32) -> ()
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
