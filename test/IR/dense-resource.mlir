// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --strict-whitespace
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-elide-resource-strings-if-larger=9 %s | FileCheck %s --strict-whitespace --check-prefix=ELIDE9
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-elide-resource-strings-if-larger=0 %s | FileCheck %s --strict-whitespace --check-prefix=ELIDE0
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.ref && lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %t.ref - %}
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-elide-resource-strings-if-larger=9 %s > %t.ref9 && lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-elide-resource-strings-if-larger=9 %s | diff %t.ref9 - %}
//
// dense_resource<key> and the {-# dialect_resources / external_resources #-}
// file metadata: blobs are "0x" + 4-byte little-endian alignment + data;
// external resources nobody claims are kept and printed back. The CHECK
// lines are mlir-opt 22.1.8's output, written by a script from the reference
// (the last RUN lines compare the whole output with mlir-opt where installed).

// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.o"() {a = dense_resource<"a b"> : tensor<4xi8>} : () -> ()
// CHECK-NEXT:   "t.o"() {a = dense_resource<blob2> : tensor<2xi8>, b = dense_resource<blob1> : tensor<3xi64>} : () -> ()
// CHECK-NEXT:   "t.o"() {a = dense_resource<unknown> : tensor<2xf32>} : () -> ()
// CHECK-NEXT:   "t.o"() {a = dense_resource<empty> : tensor<0xi8>, b = dense_resource<blob1> : tensor<3xi64>} : () -> ()
// CHECK-NEXT:   "t.o"() {a = dense_resource<dyn> : tensor<?xi8>, b = dense_resource<dyn> : memref<2xi8>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       "a b": "0x0400000001020304",
// CHECK-NEXT:       blob2: "0x020000000102",
// CHECK-NEXT:       blob1: "0x08000000010000000000000002000000000000000300000000000000",
// CHECK-NEXT:       empty: "0x00000000",
// CHECK-NEXT:       dyn: "0x0100000033"
// CHECK-NEXT:     }
// CHECK-NEXT:   },
// CHECK-NEXT:   external_resources: {
// CHECK-NEXT:     ext: {
// CHECK-NEXT:       flag: true,
// CHECK-NEXT:       text: "str\22x\0A",
// CHECK-NEXT:       data: "0x0100000011",
// CHECK-NEXT:       flag: false,
// CHECK-NEXT:       more: true
// CHECK-NEXT:     },
// CHECK-NEXT:     other: {
// CHECK-NEXT:       "quoted key": false
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}

// ELIDE9: "builtin.module"() ({
// ELIDE9-NEXT:   "t.o"() {a = dense_resource<"a b"> : tensor<4xi8>} : () -> ()
// ELIDE9-NEXT:   "t.o"() {a = dense_resource<blob2> : tensor<2xi8>, b = dense_resource<blob1> : tensor<3xi64>} : () -> ()
// ELIDE9-NEXT:   "t.o"() {a = dense_resource<unknown> : tensor<2xf32>} : () -> ()
// ELIDE9-NEXT:   "t.o"() {a = dense_resource<empty> : tensor<0xi8>, b = dense_resource<blob1> : tensor<3xi64>} : () -> ()
// ELIDE9-NEXT:   "t.o"() {a = dense_resource<dyn> : tensor<?xi8>, b = dense_resource<dyn> : memref<2xi8>} : () -> ()
// ELIDE9-NEXT: }) : () -> ()
// ELIDE9-EMPTY:
// ELIDE9-NEXT: {-#
// ELIDE9-NEXT:   external_resources: {
// ELIDE9-NEXT:     ext: {
// ELIDE9-NEXT:       flag: true,
// ELIDE9-NEXT:       flag: false,
// ELIDE9-NEXT:       more: true
// ELIDE9-NEXT:     },
// ELIDE9-NEXT:     other: {
// ELIDE9-NEXT:       "quoted key": false
// ELIDE9-NEXT:     }
// ELIDE9-NEXT:   }
// ELIDE9-NEXT: #-}

// Entries longer than the limit are dropped (0 drops all of them).
// ELIDE0: "builtin.module"() ({
// ELIDE0-NEXT:   "t.o"() {a = dense_resource<"a b"> : tensor<4xi8>} : () -> ()
// ELIDE0-NEXT:   "t.o"() {a = dense_resource<blob2> : tensor<2xi8>, b = dense_resource<blob1> : tensor<3xi64>} : () -> ()
// ELIDE0-NEXT:   "t.o"() {a = dense_resource<unknown> : tensor<2xf32>} : () -> ()
// ELIDE0-NEXT:   "t.o"() {a = dense_resource<empty> : tensor<0xi8>, b = dense_resource<blob1> : tensor<3xi64>} : () -> ()
// ELIDE0-NEXT:   "t.o"() {a = dense_resource<dyn> : tensor<?xi8>, b = dense_resource<dyn> : memref<2xi8>} : () -> ()
// ELIDE0-NEXT: }) : () -> ()
// ELIDE0-EMPTY:
// ELIDE0-NEXT: {-#
// ELIDE0-EMPTY:
// ELIDE0-NEXT: #-}

// Keys are keywords or strings; a key may be used before its blob is
// defined, and one without a blob prints as a bare reference.
"t.o"() {a = dense_resource<"a b"> : tensor<4xi8>} : () -> ()
"t.o"() {a = dense_resource<blob2> : tensor<2xi8>, b = dense_resource<blob1> : tensor<3xi64>} : () -> ()
"t.o"() {a = dense_resource<unknown> : tensor<2xf32>} : () -> ()
"t.o"() {a = dense_resource<empty> : tensor<0xi8>, b = dense_resource<blob1> : tensor<3xi64>} : () -> ()
"t.o"() {a = dense_resource<dyn> : tensor<?xi8>, b = dense_resource<dyn> : memref<2xi8>} : () -> ()

// Blobs print in order of first use; unused blobs are dropped; a key given
// twice keeps its last blob; a blob without data prints alignment 0.
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x08000000010000000000000002000000000000000300000000000000",
      "a b": "0x0400000001020304",
      blob2: "0x01000000AAAA",
      blob2: "0x020000000102",
      empty: "0x01000000",
      unused: "0x0100000011",
      dyn: "0x0100000033"
    }
  },
  external_resources: {
    ext: {
      flag: true,
      text: "str\"x\n",
      data: "0x0100000011",
      flag: false
    },
    nothing: {}
  }
#-}

// External groups of the same name accumulate across sections.
{-#
  external_resources: { ext: { more: true }, other: { "quoted key": false } }
#-}
