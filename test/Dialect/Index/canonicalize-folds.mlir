// RUN: lamina-opt %s -canonicalize | FileCheck %s
// Folders of the index arithmetic ops (64-bit results kept only where the
// 32-bit computation agrees, for the ops that need it); expectations printed
// by mlir-opt.

func.func @folds(%x: index) -> (index, index, index, index, index, index, index, index, index, index) {
  %0 = index.constant 1
  %1 = index.constant 2100
  %2 = index.constant 8000000000000000000
  %3 = index.constant -2
  %4 = index.constant 0x200000000
  %5 = index.constant 0x100000000
  %6 = index.constant 0
  %a = index.add %0, %1
  %b = index.add %2, %2
  %c = index.sub %0, %1
  %d = index.divs %4, %3
  %e = index.divs %5, %1
  %f = index.maxs %5, %0
  %g = index.mul %x, %0
  %h = index.add %x, %6
  %i = index.xor %1, %0
  %j = index.remu %1, %6
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j : index, index, index, index, index, index, index, index, index, index
}

// CHECK-LABEL: func.func @folds(
// CHECK-SAME: %arg0: index) -> (index, index, index, index, index, index, index, index, index, index) {
// CHECK-NEXT: %idx1 = index.constant 1
// CHECK-NEXT: %idx2100 = index.constant 2100
// CHECK-NEXT: %idx4294967296 = index.constant 4294967296
// CHECK-NEXT: %idx0 = index.constant 0
// CHECK-NEXT: %idx2101 = index.constant 2101
// CHECK-NEXT: %idx-2446744073709551616 = index.constant -2446744073709551616
// CHECK-NEXT: %idx-2099 = index.constant -2099
// CHECK-NEXT: %idx-4294967296 = index.constant -4294967296
// CHECK-NEXT: %0 = index.divs %idx4294967296, %idx2100
// CHECK-NEXT: %1 = index.maxs %idx4294967296, %idx1
// CHECK-NEXT: %2 = index.remu %idx2100, %idx0
// CHECK-NEXT: return %idx2101, %idx-2446744073709551616, %idx-2099, %idx-4294967296, %0, %1, %arg0, %arg0, %idx2101, %2 : index, index, index, index, index, index, index, index, index, index
// CHECK-NEXT: }
