// Diagnostics of the dlti attributes and of data layout specs on modules
// (mlir-opt's wording).
// RUN: lamina-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s

// expected-error@below {{attribute 'dlti.unknown' not supported by dialect}}
"test.unknown_op"() { dlti.unknown } : () -> ()

// -----

// expected-error@below {{'dlti.map' is expected to be a #dlti.map attribute}}
"test.unknown_op"() { dlti.map = 42 } : () -> ()

// -----

// expected-error@below {{'dlti.dl_spec' is expected to be a #dlti.dl_spec attribute}}
"test.unknown_op"() { dlti.dl_spec = 42 } : () -> ()

// -----

// expected-error@below {{invalid kind of attribute specified}}
"test.unknown_op"() { dlti.dl_spec = #dlti.dl_spec<[]> } : () -> ()

// -----

// expected-error@below {{expected a type or a quoted string}}
"test.unknown_op"() { test.unknown_attr = #dlti.dl_entry<42, 42> } : () -> ()

// -----

// expected-error@below {{empty string as DLTI key is not allowed}}
"test.unknown_op"() { test.unknown_attr = #dlti.map<"" = 42> } : () -> ()

// -----

// expected-error@below {{repeated DLTI key: i32}}
"test.unknown_op"() { test.unknown_attr = #dlti.dl_spec<#dlti.dl_entry<i32, 42>, #dlti.dl_entry<i32, 42>>} : () -> ()

// -----

// expected-error@below {{no DLTI entries provided}}
"test.unknown_op"() { test.unknown_attr = #dlti.target_device_spec<>} : () -> ()

// -----

// expected-error@below {{value associated with key "a" is not a DLTI device spec}}
"test.unknown_op"() { test.unknown_attr = #dlti.target_system_spec<"a" = 1>} : () -> ()

// -----

// expected-error@below {{unknown attribute `unknown` in dialect `dlti`}}
"test.unknown_op"() { test.unknown_attr = #dlti.unknown } : () -> ()

// -----

// expected-error@below {{unknown data layout entry name: dlti.unknown_id}}
module attributes { dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<"dlti.unknown_id", 42>> } {}

// -----

// expected-error@below {{'dlti.endianness' data layout entry is expected to be either 'big' or 'little'}}
module attributes { dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "some"> } {}

// -----

// expected-error@below {{unexpected data layout for a built-in type}}
module attributes { dlti.dl_spec = #dlti.dl_spec<tensor<f32> = 32> } {}

// -----

// expected-error@below {{expected a dense i64 elements attribute in the data layout entry #dlti.dl_entry<i32, 32 : i64>}}
module attributes { dlti.dl_spec = #dlti.dl_spec<i32 = 32> } {}

// -----

// expected-error@below {{preferred alignment is expected to be greater than or equal to the abi alignment in data layout entry #dlti.dl_entry<i32, dense<[64, 32]> : vector<2xi64>>}}
module attributes { dlti.dl_spec = #dlti.dl_spec<i32 = dense<[64, 32]> : vector<2xi64>> } {}

// -----

// expected-error@below {{expected integer attribute in the data layout entry for 'index'}}
module attributes { dlti.dl_spec = #dlti.dl_spec<index = dense<[64, 32]> : vector<2xi64>> } {}

// -----

module attributes { dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<"unknown.unknown", 33>>} {
  // expected-error@below {{data layout does not combine with layouts of enclosing ops}}
  // expected-note@above {{enclosing op with data layout}}
  module attributes { dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<"unknown.unknown", 32>>} {
  }
}

// -----

// expected-error@below {{'builtin.module' op expects at most one data layout attribute}}
// expected-note@below {{'dlti.dl_spec' is a data layout attribute}}
// expected-note@below {{'test.x' is a data layout attribute}}
module attributes {dlti.dl_spec = #dlti.dl_spec<"unk.foo" = 5>, test.x = #dlti.dl_spec<>} {}

// -----

// expected-error@below {{expected layout attribute for '!llvm.ptr' to be a dense integer elements attribute with 3 or 4 elements}}
module attributes { dlti.dl_spec = #dlti.dl_spec<!llvm.ptr = dense<[64.0, 64.0, 64.0]> : vector<3xf32>>} {}

// -----

// expected-error@below {{unexpected layout attribute for struct '!llvm.struct<(i8)>'}}
module attributes { dlti.dl_spec = #dlti.dl_spec<!llvm.struct<(i8)> = dense<[64, 64]> : vector<2xi64>>} {}
