func.func @f(%a: i32, %b: i32, %c: i1) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %x = arith.addi %a, %c0 : i32
  %y = arith.muli %x, %c1 : i32
  %p = arith.addi %a, %b : i32
  %q = arith.addi %a, %b : i32
  %r = scf.if %c -> (i32) {
    %s = arith.subi %p, %q : i32
    scf.yield %s : i32
  } else {
    scf.yield %y : i32
  }
  %t = arith.select %c, %r, %r : i32
  cf.br ^bb1(%t : i32)
^bb1(%u: i32):
  return %u, %q : i32, i32
}
func.func private @g(memref<4xf32>) -> ()
func.func @h(%m: memref<4xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  affine.for %k = 0 to 4 {
    %v = memref.load %m[%c0] : memref<4xf32>
    %w = memref.load %m[%c0] : memref<4xf32>
    %z = arith.addf %v, %w : f32
    memref.store %z, %m[%k] : memref<4xf32>
  }
  call @g(%m) : (memref<4xf32>) -> ()
  return
}
