// gpu.launch with one id where three are expected: the region's other
// arguments had no name and no location, and the parser computed a line and
// column from a null pointer (undefined behaviour; mlir-opt prints a made-up
// column). Now an error at the list.
func.func @f(%one: index) {
  gpu.launch blocks(%a0, %a1, %a2) in (%s0 = %one, %s1 = %one, %s2 = %one) threads(%t0) in (%u0 = %one, %u1 = %one, %u2 = %one) {
    gpu.terminator
  }
  return
}
