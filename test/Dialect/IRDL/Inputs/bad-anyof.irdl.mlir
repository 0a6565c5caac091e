// An any_of whose alternatives overlap: mlir-opt refuses to load it.
irdl.dialect @bad {
  irdl.operation @op {
    %0 = irdl.any
    %1 = irdl.is i32
    %2 = irdl.any_of(%0, %1)
    irdl.operands(a: %2)
  }
}
