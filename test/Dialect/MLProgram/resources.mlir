// The ml_program namespace takes a `dialect_resources` group but no resource
// (in mlir-opt its asm interface declares none); other dialects take no
// group at all. The namespace's types and attributes are kept as written.
// RUN: lamina-opt --verify-diagnostics --split-input-file %s
// RUN: %if mlir-opt %{ mlir-opt --verify-diagnostics --split-input-file %s %}
// RUN: lamina-opt --split-input-file --mlir-print-op-generic %s 2>/dev/null > %t.lamina || true
// RUN: %if mlir-opt %{ mlir-opt --split-input-file --mlir-print-op-generic %s 2>/dev/null > %t.mlir || true %}
// RUN: %if mlir-opt %{ diff %t.lamina %t.mlir %}

// expected-error@+4 {{unknown 'resource' key 'unknown_entry' for dialect 'ml_program'}}
{-#
  dialect_resources: {
    ml_program: {
      unknown_entry: "foo"
    }
  }
#-}

// -----

// expected-error@+4 {{unknown 'resource' key 'key with spaces' for dialect 'ml_program'}}
{-#
  dialect_resources: {
    ml_program: {
      "key with spaces": true
    }
  }
#-}

// -----

// An empty group is accepted.
"test.op"() {a = !ml_program.token} : () -> ()
{-#
  dialect_resources: {
    ml_program: {}
  }
#-}

// -----

// expected-error@+4 {{unexpected 'resource' section for dialect 'arith'}}
{-#
  dialect_resources: {
    arith: {
      key: "0x01000000"
    }
  }
#-}
