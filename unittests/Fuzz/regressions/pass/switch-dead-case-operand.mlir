func.func @f(%arg0: i32, %arg1: i32, %arg2: i1) {
  cf.cond_br %arg2, ^bb1(%arg1 : i32), ^bb2
^bb1(%0: i32):
  cf.switch %arg0 : i32, [
    default: ^bb2,
    7: ^bb1(%0 : i32)
  ]
^bb2:
  return
}
