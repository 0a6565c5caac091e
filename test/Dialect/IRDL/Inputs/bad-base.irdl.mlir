// A base naming a type kind that is not registered.
irdl.dialect @bad {
  irdl.type @ty {
    %0 = irdl.base "!builtin.nonexistent"
    irdl.parameters(a: %0)
  }
}
