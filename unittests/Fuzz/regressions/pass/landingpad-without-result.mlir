// llvm.func's verifier walks its body before the nested ops are verified: a
// generic llvm.landingpad without its result was read past its results.
llvm.func @f() {
  "test.one_region_op"() ({
    "llvm.landingpad"() : () -> ()
  }) : () -> ()
  llvm.return
}

llvm.func @g() {
  "llvm.landingpad"() : () -> ()
  llvm.return
}
