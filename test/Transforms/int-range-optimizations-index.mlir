// int-range-optimizations on index ops: ranges inferred at both widths of
// `index` (64 and 32 bits) and joined; comparisons fold only when both widths
// agree; casts to index join the 64- and 32-bit casts; index.sizeof is 32..64.
// Known values become index.constant / index.bool.constant.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt -int-range-optimizations < %s | FileCheck %s
// GEN: -int-range-optimizations
// CHECK: module {
// CHECK-NEXT:   func.func @arith(%arg0: index, %arg1: i1) -> (index, index, index, i1, i1) {
// CHECK-NEXT:     %idx64 = index.constant 64
// CHECK-NEXT:     %true = index.bool.constant true
// CHECK-NEXT:     %idx4 = index.constant 4
// CHECK-NEXT:     %idx16 = index.constant 16
// CHECK-NEXT:     %0 = index.minu %arg0, %idx16
// CHECK-NEXT:     %1 = index.add %0, %idx4
// CHECK-NEXT:     %2 = index.mul %1, %idx4
// CHECK-NEXT:     %3 = index.divu %2, %idx4
// CHECK-NEXT:     %4 = index.remu %arg0, %idx4
// CHECK-NEXT:     %5 = index.or %4, %idx16
// CHECK-NEXT:     %6 = index.xor %5, %idx16
// CHECK-NEXT:     return %3, %idx64, %6, %true, %true : index, index, index, i1, i1
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @casts(%arg0: i8, %arg1: i64) -> (index, index, i32, i1) {
// CHECK-NEXT:     %idx200 = index.constant 200
// CHECK-NEXT:     %idx-56 = index.constant -56
// CHECK-NEXT:     %c100000_i32 = arith.constant 100000 : i32
// CHECK-NEXT:     %true = index.bool.constant true
// CHECK-NEXT:     return %idx200, %idx-56, %c100000_i32, %true : index, index, i32, i1
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @loop(%arg0: index) -> index {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     return %c0 : index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @w(%arg0: index) -> (i1, index, index, i1) {
// CHECK-NEXT:     %true = index.bool.constant true
// CHECK-NEXT:     %idx1 = index.constant 1
// CHECK-NEXT:     %idx4294967295 = index.constant 4294967295
// CHECK-NEXT:     %idx4294967296 = index.constant 4294967296
// CHECK-NEXT:     %idx100000 = index.constant 100000
// CHECK-NEXT:     %0 = index.cmp sgt(%idx4294967296, %idx100000)
// CHECK-NEXT:     %1 = index.minu %arg0, %idx1
// CHECK-NEXT:     %2 = index.mul %1, %idx4294967295
// CHECK-NEXT:     return %0, %idx4294967296, %2, %true : i1, index, index, i1
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @arith(%a: index, %b: i1) -> (index, index, index, i1, i1) {
  %c0 = index.constant 0
  %c4 = index.constant 4
  %c16 = index.constant 16
  %x = index.minu %a, %c16
  %y = index.add %x, %c4
  %z = index.mul %y, %c4
  %cmp = index.cmp ult(%z, %c16)
  %cmp2 = index.cmp ule(%y, %c16)
  %q = index.divu %z, %c4
  %r = index.remu %a, %c4
  %cmp3 = index.cmp slt(%r, %c4)
  %s = index.shl %c4, %c4
  %sz = index.sizeof
  %cmp4 = index.cmp uge(%sz, %c16)
  %o = index.or %r, %c16
  %xo = index.xor %o, %c16
  %tr = index.bool.constant true
  return %q, %s, %xo, %cmp3, %cmp4 : index, index, index, i1, i1
}
func.func @casts(%a: i8, %b: i64) -> (index, index, i32, i1) {
  %0 = arith.constant 200 : i8
  %1 = index.castu %0 : i8 to index
  %2 = index.casts %0 : i8 to index
  %c = index.constant 100000
  %3 = index.castu %c : index to i32
  %big = index.constant 5000000000
  %4 = index.cmp sgt(%big, %c)
  return %1, %2, %3, %4 : index, index, i32, i1
}
func.func @loop(%n: index) -> index {
  %c0 = index.constant 0
  %c1 = index.constant 1
  %c10 = index.constant 10
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %c0) -> index {
    %m = index.maxs %i, %c0
    %d = index.floordivs %m, %c10
    %e = index.ceildivu %m, %c10
    %f = index.add %d, %e
    %g = index.mins %f, %c1
    %h = index.shrs %g, %c1
    %k = index.shru %g, %c1
    %l = index.and %h, %k
    %s = index.sub %acc, %l
    scf.yield %s : index
  }
  return %r : index
}
func.func @w(%a: index) -> (i1, index, index, i1) {
  %big = index.constant 4294967296
  %c = index.constant 100000
  %0 = index.cmp sgt(%big, %c)
  %m = index.constant 4294967295
  %one = index.constant 1
  %1 = index.add %m, %one
  %x = index.minu %a, %one
  %2 = index.mul %x, %m
  %3 = index.cmp eq(%1, %big)
  return %0, %1, %2, %3 : i1, index, index, i1
}
