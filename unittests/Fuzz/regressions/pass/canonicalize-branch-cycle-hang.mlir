func.func @f() {
  cf.br ^bb0
^bb0:
  cf.br ^bb1
^bb1:
  cf.br ^bb0
}
