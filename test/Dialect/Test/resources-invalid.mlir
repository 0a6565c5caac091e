// Errors of the test dialect's resources and elements attributes, with
// mlir-opt's wording and locations.
// RUN: lamina-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s %}

// expected-error@+4 {{expected hex string blob for key 'invalid_blob'}}
{-#
  dialect_resources: {
    test: {
      invalid_blob: 10
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'invalid_blob' to encode alignment in first 4 bytes}}
{-#
  dialect_resources: {
    test: {
      invalid_blob: "0x010203"
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'invalid_blob' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3}}
{-#
  dialect_resources: {
    test: {
      invalid_blob: "0x03000000"
    }
  }
#-}

// -----

// expected-error@+4 {{expected identifier key for 'resource' entry}}
{-#
  dialect_resources: {
    test: {
      10: "0x01000000"
    }
  }
#-}

// -----

// expected-error@+4 {{unexpected 'resource' section for dialect 'func'}}
{-#
  dialect_resources: {
    func: {
      key: "0x01000000"
    }
  }
#-}

// -----

// expected-error@+1 {{expected a trailing type}}
"test.op"() {a = #test.e1di64_elements<blob1>} : () -> ()

// -----

// expected-error@+1 {{invalid kind of type specified}}
"test.op"() {a = #test.e1di64_elements<blob1> : i64} : () -> ()

// -----

// expected-error@+2 {{expected identifier key for 'resource' entry}}
// expected-error@+1 {{failed to parse TestExtern1DI64ElementsAttr parameter 'handle' which is to be a `TestDialectResourceBlobHandle`}}
"test.op"() {a = #test.e1di64_elements<10> : tensor<3xi64>} : () -> ()

// -----

// expected-error@+1 {{number of elements does not match the provided shape type, got: 2, but expected: 3}}
"test.op"() {a = #test.i64_elements<[1, 2]> : tensor<3xi64>} : () -> ()

// -----

// expected-error@+1 {{number of elements does not match the provided shape type, got: 1, but expected: -9223372036854775808}}
"test.op"() {a = #test.i64_elements<[1]> : tensor<?xi64>} : () -> ()

// -----

// expected-error@+1 {{expected single rank 64-bit shape type, but got: 'tensor<1x1xi64>'}}
"test.op"() {a = #test.i64_elements<[1]> : tensor<1x1xi64>} : () -> ()

// -----

// expected-error@+1 {{expected single rank 64-bit shape type, but got: 'tensor<1xi32>'}}
"test.op"() {a = #test.i64_elements<[1]> : tensor<1xi32>} : () -> ()

// -----

// An integer that does not fit ends the list; the count is then checked.
// expected-error@+2 {{integer value too large}}
// expected-error@+1 {{number of elements does not match the provided shape type, got: 0, but expected: 1}}
"test.op"() {a = #test.i64_elements<[18446744073709551616]> : tensor<1xi64>} : () -> ()

// -----

// As in mlir-opt, a negative value wraps unless its digits need more than
// 64 bits (4 bits a digit).
// expected-error@+2 {{integer value too large}}
// expected-error@+1 {{number of elements does not match}}
"test.op"() {a = #test.i64_elements<[-9223372036854775807]> : tensor<1xi64>} : () -> ()

// -----

// expected-error@+1 {{expected ']'}}
"test.op"() {a = #test.i64_elements<[1 2]> : tensor<2xi64>} : () -> ()
