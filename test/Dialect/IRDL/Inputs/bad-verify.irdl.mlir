// An IRDL file that does not verify.
irdl.dialect @bad {
  irdl.operation @Op {
  }
}
