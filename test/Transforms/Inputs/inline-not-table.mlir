// expected-error@below {{'func.func' op  was scheduled to run under the inliner, but does not define a symbol table}}
func.func @f() {
  return
}
