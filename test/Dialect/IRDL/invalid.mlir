// Verifier and parser diagnostics of the irdl ops (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

irdl.dialect @testd {
  irdl.type @type {
    %0 = irdl.any
    // expected-error@+1 {{expected valid keyword}}
    irdl.parameters(%0)
  }
}

// -----

irdl.dialect @testd {
  irdl.type @type {
    %0 = irdl.any
    // expected-error@+1 {{name of parameter #0 must contain only lowercase letters, digits and underscores}}
    irdl.parameters(test$test: %0)
  }
}

// -----

irdl.dialect @testd {
  irdl.operation @op {
    %0 = irdl.any
    // expected-error@+1 {{name of result #0 should not contain uppercase letters}}
    irdl.results(Res: %0)
  }
}

// -----

irdl.dialect @testd {
  irdl.operation @op {
    %0 = irdl.any
    // expected-error@+1 {{name of operand #1 should not contain leading or double underscores}}
    irdl.operands(a: %0, b__c: %0)
  }
}

// -----

irdl.dialect @testd {
  irdl.type @type {
    %0 = irdl.any
    // expected-error@+1 {{name of parameter #2 is a duplicate of the name of parameter #0}}
    irdl.parameters(foo: %0, bar: %0, foo: %0)
  }
}

// -----

irdl.dialect @testd {
  irdl.operation @op {
    %0 = irdl.region
    // expected-error@+1 {{name of region #1 is a duplicate of the name of region #0}}
    irdl.regions(foo: %0, foo: %0)
  }
}

// -----

irdl.dialect @testd {
  // expected-error@+1 {{contains a value named 'foo' for both its operands and results}}
  irdl.operation @op {
    %0 = irdl.any
    irdl.operands(foo: %0)
    irdl.results(foo: %0)
  }
}

// -----

irdl.dialect @testd {
  // expected-error@+1 {{contains a value named 'baz' for both its regions and results}}
  irdl.operation @op {
    %0 = irdl.any
    %1 = irdl.region
    irdl.regions(baz: %1)
    irdl.operands(qux: %0)
    irdl.results(baz: %0)
  }
}

// -----

irdl.dialect @testd {
  irdl.type @type {
    // expected-error@+1 {{symbol '@foo' not found}}
    %0 = irdl.base @foo
    irdl.parameters(foo: %0)
  }
}

// -----

irdl.dialect @testd {
  irdl.type @type {
    // expected-error@+1 {{the base type or attribute name should start with '!' or '#'}}
    %0 = irdl.base "builtin.integer"
    irdl.parameters(foo: %0)
  }
}

// -----

irdl.dialect @testd {
  irdl.type @type {
    // expected-error@+1 {{the base type or attribute should be specified by either a name or a reference}}
    %0 = irdl.base
    irdl.parameters(foo: %0)
  }
}

// -----

func.func private @not_a_type_or_attr()

irdl.dialect @invalid_parametric {
  irdl.operation @foo {
    // expected-error@+1 {{symbol '@not_a_type_or_attr' does not refer to a type or attribute definition (refers to 'func.func')}}
    %param = irdl.parametric @not_a_type_or_attr<>
    irdl.results(foo: %param)
  }
}

// -----

// expected-error@+1 {{name of dialect should not contain leading or double underscores}}
irdl.dialect @_no_leading_underscore {
}

// -----

// expected-error@+1 {{name of dialect should not contain uppercase letters}}
irdl.dialect @NoUpperCase {
}

// -----

// expected-error@+1 {{'irdl.dialect' op invalid dialect name}}
irdl.dialect @"with.dot" {
}

// -----

irdl.dialect @test_dialect {
  // expected-error@+1 {{name of operation must contain only lowercase letters, digits and underscores}}
  irdl.operation @"a-b" {
  }
}

// -----

irdl.dialect @errors {
  irdl.operation @attrs1 {
    %0 = irdl.is i32
    %1 = irdl.is i64
    // expected-error@+1 {{'irdl.attributes' op the number of attribute names and their constraints must be the same but got 1 and 2 respectively}}
    "irdl.attributes"(%0, %1) <{attributeValueNames = ["attr1"]}> : (!irdl.attribute, !irdl.attribute) -> ()
  }
}

// -----

irdl.dialect @errors {
  irdl.operation @op {
    %0 = irdl.is i32
    // expected-error@+1 {{'irdl.operands' op the number of operands and their variadicities must be the same, but got 1 and 2 respectively}}
    "irdl.operands"(%0) <{names = ["a"], variadicity = #irdl<variadicity_array[single, single]>}> : (!irdl.attribute) -> ()
  }
}

// -----

irdl.dialect @errors {
  irdl.operation @op {
    %0 = irdl.is i32
    // expected-error@+1 {{'irdl.results' op the number of results and their names must be the same, but got 1 and 0 respectively}}
    "irdl.results"(%0) <{names = [], variadicity = #irdl<variadicity_array[variadic]>}> : (!irdl.attribute) -> ()
  }
}

// -----

irdl.dialect @errors {
  irdl.operation @op {
    // expected-error@+1 {{'irdl.region' op the number of blocks is expected to be >= 1 but got 0}}
    %0 = irdl.region with size 0
  }
}

// -----

irdl.dialect @errors {
  // expected-error@+1 {{failed to verify AtMostOneChildOf trait: the operation contains at least two operations of type irdl.operands}}
  irdl.operation @op {
    %0 = irdl.is i32
    irdl.operands(a: %0)
    irdl.operands(b: %0)
  }
}

// -----

irdl.dialect @errors {
  // expected-error@+1 {{failed to verify AtMostOneChildOf trait: the operation contains at least two operations of type irdl.parameters}}
  irdl.type @ty {
    %0 = irdl.is i32
    irdl.parameters(a: %0)
    irdl.parameters(b: %0)
  }
}

// -----

// expected-error@+1 {{'irdl.operation' op expects parent op 'irdl.dialect'}}
irdl.operation @op {
}

// -----

irdl.dialect @errors {
  irdl.operation @op {
    // expected-error@+1 {{expected '['}}
    "irdl.results"() <{names = [], variadicity = #irdl<variadicity_array single>}> : () -> ()
  }
}
