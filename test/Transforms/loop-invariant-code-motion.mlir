// loop-invariant-code-motion: memory-effect free, speculatable ops using only
// values defined outside a loop move in front of it, innermost loops first.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -loop-invariant-code-motion < %s | FileCheck %s

func.func @nested(%m: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.addf %f, %f : f32
    scf.for %j = %c0 to %n step %c1 {
      %b = arith.mulf %a, %f : f32
      %c = arith.addi %i, %c1 : index
      %d = arith.addi %j, %c : index
      memref.store %b, %m[%c] : memref<8xf32>
      %e = memref.load %m[%c0] : memref<8xf32>
      "foo.use"(%d, %e) : (index, f32) -> ()
    }
  }
  return
}

func.func @while_and_div(%x: i32, %y: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c3 = arith.constant 3 : i32
    %q = arith.divsi %y, %c3 : i32
    %z = arith.divui %y, %x : i32
    %s = arith.addi %q, %z : i32
    %cmp = arith.cmpi slt, %a, %s : i32
    scf.condition(%cmp) %a : i32
  } do {
  ^bb0(%b: i32):
    %one = arith.constant 1 : i32
    %n = arith.addi %b, %one : i32
    scf.yield %n : i32
  }
  return %r : i32
}

func.func @affine_and_regions(%m: memref<10xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 5 {
      %t = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
      affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%i) {
        %s = arith.addf %v, %v : f32
      }
      %u = scf.execute_region -> f32 {
        %w = arith.mulf %v, %v : f32
        scf.yield %w : f32
      }
      affine.store %u, %m[%t] : memref<10xf32>
    }
  }
  return
}

func.func @parallel(%lb: index, %ub: index, %s: index, %k: i64) {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) {
    %a = arith.muli %k, %k : i64
    %b = arith.index_cast %a : i64 to index
    %c = arith.addi %b, %i : index
    "foo.use"(%c) : (index) -> ()
  }
  return
}

func.func @graph_loop() {
  test.graph_loop {
    %a = arith.addi %c, %b : i32
    %b = arith.muli %c, %c : i32
    %c = arith.constant 7 : i32
    %x = "foo.x"(%y) : (i32) -> i32
    %y = "foo.y"(%x) : (i32) -> i32
    test.region_yield %a : i32
  } : () -> ()
  return
}

// test.reify_bound is pure (hoisted), test.compare is not.
func.func @test_ops(%a: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = "test.reify_bound"(%a) {type = "UB"} : (index) -> index
    "test.compare"(%a, %a) : (index, index) -> ()
    "test.some_use"(%0) : (index) -> ()
  }
  return
}

// GEN: --allow-unregistered-dialect -loop-invariant-code-motion
// CHECK: #map = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: #set = affine_set<(d0) : (d0 - 3 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @nested(%arg0: memref<8xf32>, %arg1: index) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %0 = arith.addf %cst, %cst : f32
// CHECK-NEXT:     %1 = arith.mulf %0, %cst : f32
// CHECK-NEXT:     scf.for %arg2 = %c0 to %arg1 step %c1 {
// CHECK-NEXT:       %2 = arith.addi %arg2, %c1 : index
// CHECK-NEXT:       scf.for %arg3 = %c0 to %arg1 step %c1 {
// CHECK-NEXT:         %3 = arith.addi %arg3, %2 : index
// CHECK-NEXT:         memref.store %1, %arg0[%2] : memref<8xf32>
// CHECK-NEXT:         %4 = memref.load %arg0[%c0] : memref<8xf32>
// CHECK-NEXT:         "foo.use"(%3, %4) : (index, f32) -> ()
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @while_and_div(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %0 = arith.divsi %arg1, %c3_i32 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %1 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:       %2 = arith.divui %arg1, %arg0 : i32
// CHECK-NEXT:       %3 = arith.addi %0, %2 : i32
// CHECK-NEXT:       %4 = arith.cmpi slt, %arg2, %3 : i32
// CHECK-NEXT:       scf.condition(%4) %arg2 : i32
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg2: i32):
// CHECK-NEXT:       %2 = arith.addi %arg2, %c1_i32 : i32
// CHECK-NEXT:       scf.yield %2 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @affine_and_regions(%arg0: memref<10xf32>, %arg1: f32) {
// CHECK-NEXT:     affine.for %arg2 = 0 to 10 {
// CHECK-NEXT:       %0 = affine.apply #map(%arg2)
// CHECK-NEXT:       affine.if #set(%arg2) {
// CHECK-NEXT:         %1 = arith.addf %arg1, %arg1 : f32
// CHECK-NEXT:       }
// CHECK-NEXT:       affine.for %arg3 = 0 to 5 {
// CHECK-NEXT:         %1 = scf.execute_region -> f32 {
// CHECK-NEXT:           %2 = arith.mulf %arg1, %arg1 : f32
// CHECK-NEXT:           scf.yield %2 : f32
// CHECK-NEXT:         }
// CHECK-NEXT:         affine.store %1, %arg0[%0] : memref<10xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @parallel(%arg0: index, %arg1: index, %arg2: index, %arg3: i64) {
// CHECK-NEXT:     %0 = arith.muli %arg3, %arg3 : i64
// CHECK-NEXT:     %1 = arith.index_cast %0 : i64 to index
// CHECK-NEXT:     scf.parallel (%arg4, %arg5) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
// CHECK-NEXT:       %2 = arith.addi %1, %arg4 : index
// CHECK-NEXT:       "foo.use"(%2) : (index) -> ()
// CHECK-NEXT:       scf.reduce 
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @graph_loop() {
// CHECK-NEXT:     %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:     %0 = arith.muli %c7_i32, %c7_i32 : i32
// CHECK-NEXT:     %1 = arith.addi %c7_i32, %0 : i32
// CHECK-NEXT:     test.graph_loop  {
// CHECK-NEXT:       %2 = "foo.x"(%3) : (i32) -> i32
// CHECK-NEXT:       %3 = "foo.y"(%2) : (i32) -> i32
// CHECK-NEXT:       test.region_yield %1 : i32
// CHECK-NEXT:     } : () -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @test_ops(%arg0: index, %arg1: index) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = "test.reify_bound"(%arg0) <{type = "UB"}> : (index) -> index
// CHECK-NEXT:     scf.for %arg2 = %c0 to %arg1 step %c1 {
// CHECK-NEXT:       "test.compare"(%arg0, %arg0) <{cmp = "EQ"}> : (index, index) -> ()
// CHECK-NEXT:       "test.some_use"(%0) : (index) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
