// RUN: lamina-opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s

func.func @enum_case() {
  // expected-error@+1 {{expected test::TestEnum to be one of: first, second, third}}
  test.op_with_enum fourth
  // expected-error@+1 {{failed to parse TestEnumAttr parameter 'value' which is to be a `test::TestEnum`}}
}

// -----

func.func @enum_not_keyword() {
  // expected-error@+2 {{expected valid keyword or string}}
  // expected-error@+1 {{failed to parse TestEnumAttr parameter 'value'}}
  test.op_with_enum 1 : index
}

// -----

func.func @bit_enum_case() {
  // expected-error@+2 {{expected one of [read, write, execute] for a test bit enum, got: bogus}}
  // expected-error@+1 {{failed to parse TestBitEnumAttr parameter 'value'}}
  test.op_with_bit_enum <bogus>
}

// -----

func.func @bit_enum_string() {
  // expected-error@+2 {{expected keyword for a test bit enum}}
  // expected-error@+1 {{failed to parse TestBitEnumAttr parameter 'value'}}
  test.op_with_bit_enum <"read">
}

// -----

func.func @bit_enum_vbar_case() {
  // expected-error@+2 {{expected one of [user, group, other] for another test bit enum, got: read}}
  // expected-error@+1 {{failed to parse TestBitEnumVerticalBarAttr parameter 'value'}}
  test.op_with_bit_enum_vbar <read | execute>
}

// -----

func.func @wrong_enum_kind() {
  // expected-error@+1 {{'test.op_with_bit_enum' op attribute 'value' failed to satisfy constraint: a test bit enum}}
  "test.op_with_bit_enum"() {value = #test<enum first>} : () -> ()
  return
}
