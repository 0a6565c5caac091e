func.func @f() {
  %0 = arith.constant dense<[[1, 2], [3