// A base naming a type of the file itself by its name: the file's types are
// registered only once it is loaded, so the name is unknown.
irdl.dialect @td {
  irdl.type @p {
    %0 = irdl.any
    irdl.parameters(a: %0)
  }
  irdl.operation @op {
    %0 = irdl.base "!td.p"
    irdl.results(r: %0)
  }
}
