// IRDL definitions used by the tests of this directory (--irdl-file).
irdl.dialect @testd {
  irdl.type @parametric {
    %0 = irdl.any
    irdl.parameters(param: %0)
  }
  irdl.attribute @parametric_attr {
    %0 = irdl.any
    irdl.parameters(param: %0)
  }
  irdl.type @pair {
    %0 = irdl.is i32
    %1 = irdl.is i64
    %2 = irdl.any_of(%0, %1)
    irdl.parameters(first: %2, second: %2)
  }
  irdl.type @attr_in_type_out {
    %0 = irdl.any
    irdl.parameters(param: %0)
  }
  irdl.operation @eq {
    %0 = irdl.is i32
    irdl.results(res: %0)
  }
  irdl.operation @anyof {
    %0 = irdl.is i32
    %1 = irdl.is i64
    %2 = irdl.any_of(%0, %1)
    irdl.results(res: %2)
  }
  irdl.operation @all_of {
    %0 = irdl.is i32
    %1 = irdl.is i64
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.all_of(%2, %1)
    irdl.results(res: %3)
  }
  irdl.operation @any {
    %0 = irdl.any
    irdl.results(res: %0)
  }
  irdl.operation @dyn_type_base {
    %0 = irdl.base @testd::@parametric
    irdl.results(res: %0)
  }
  irdl.operation @dyn_attr_base {
    %0 = irdl.base @testd::@parametric_attr
    irdl.attributes {"attr1" = %0}
  }
  irdl.operation @named_type_base {
    %0 = irdl.base "!builtin.integer"
    irdl.results(res: %0)
  }
  irdl.operation @named_attr_base {
    %0 = irdl.base "#builtin.integer"
    irdl.attributes {"attr1" = %0}
  }
  irdl.operation @dynparams {
    %0 = irdl.is i32
    %1 = irdl.is i64
    %2 = irdl.any_of(%0, %1)
    %3 = irdl.parametric @testd::@parametric<%2>
    irdl.results(res: %3)
  }
  irdl.operation @dynattrparams {
    %0 = irdl.is i32
    %1 = irdl.parametric @testd::@parametric_attr<%0>
    irdl.attributes {"attr1" = %1}
  }
  irdl.operation @constraint_vars {
    %0 = irdl.is i32
    %1 = irdl.is i64
    %2 = irdl.any_of(%0, %1)
    irdl.results(res1: %2, res2: %2)
  }
  irdl.operation @attrs {
    %0 = irdl.is i32
    %1 = irdl.is i64
    irdl.attributes {
      "attr1" = %0,
      "attr2" = %1
    }
  }
  irdl.operation @regions {
    %r0 = irdl.region
    %v0 = irdl.is i32
    %v1 = irdl.is i64
    %r1 = irdl.region(%v0, %v1)
    %r2 = irdl.region with size 3
    %r3 = irdl.region()
    irdl.regions(foo: %r0, bar: %r1, baz: %r2, qux: %r3)
  }
  irdl.operation @region_and_operand {
    %v0 = irdl.any
    %r0 = irdl.region(%v0)
    irdl.operands(value: %v0)
    irdl.regions(body: %r0)
  }
  irdl.operation @single_operand {
    %0 = irdl.is i32
    irdl.operands(value: single %0)
  }
  irdl.operation @var_operand {
    %0 = irdl.is i16
    %1 = irdl.is i32
    %2 = irdl.is i64
    irdl.operands(first: %0, second: variadic %1, third: %2)
  }
  irdl.operation @opt_operand {
    %0 = irdl.is i16
    %1 = irdl.is i32
    %2 = irdl.is i64
    irdl.operands(first: %0, second: optional %1, third: %2)
  }
  irdl.operation @var_and_opt_operand {
    %0 = irdl.is i16
    %1 = irdl.is i32
    %2 = irdl.is i64
    irdl.operands(first: variadic %0, second: optional %1, third: %2)
  }
  irdl.operation @var_result {
    %0 = irdl.is i16
    %1 = irdl.is i32
    %2 = irdl.is i64
    irdl.results(first: %0, second: variadic %1, third: %2)
  }
  irdl.operation @var_and_opt_result {
    %0 = irdl.is i16
    %1 = irdl.is i32
    %2 = irdl.is i64
    irdl.results(first: variadic %0, second: optional %1, third: %2)
  }
  irdl.operation @cpred {
    %0 = irdl.c_pred "::llvm::isa<::mlir::IntegerAttr>($_self)"
    %1 = irdl.is i32
    irdl.attributes {"attr1" = %0}
    irdl.results(res: %1)
  }
}
