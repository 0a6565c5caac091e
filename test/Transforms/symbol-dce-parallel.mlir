// symbol-dce on a module with many top-level ops: their symbol uses and the
// nested symbol tables are searched in parallel, and the result must be the
// sequential one (every dead private symbol erased, nested tables too).
// RUN: %python %S/Inputs/gen-symbol-dce.py 200 > %t.mlir
// RUN: lamina-opt --symbol-dce %t.mlir > %t.threaded
// RUN: lamina-opt --symbol-dce --mlir-disable-threading %t.mlir > %t.sequential
// RUN: diff %t.threaded %t.sequential
// RUN: FileCheck %s < %t.threaded
// RUN: lamina-opt --symbol-dce --mlir-pass-statistics %t.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// CHECK-NOT: @dead
// CHECK-NOT: @inner_dead
// CHECK: func.func @f0(
// CHECK: func.func private @h0(
// CHECK: module @m0 {
// CHECK-NEXT: func.func @inner_live0()
// CHECK: func.func private @inner_used0()
// CHECK: func.func @f199(
// CHECK: func.func private @h199(
// CHECK-NOT: @dead
// CHECK-NOT: @inner_dead

// 200 @dead and 50 @inner_dead.
// STATS: 250 num-dce
