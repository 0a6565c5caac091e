// RUN: lamina-opt --version | FileCheck %s --check-prefix=VERSION
// VERSION: Lamina version
// RUN: not lamina-opt --no-such-flag %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: lamina-opt: Unknown command line argument '--no-such-flag'.
// An unknown flag that starts with a one-letter option taking a value is not
// that option with a value (mlir-opt's wording; no file `ptimize-everything`).
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && not lamina-opt -optimize-everything %s 2>&1 | FileCheck %s --check-prefix=GROUP
// RUN: not ls %t.dir/ptimize-everything
// GROUP: lamina-opt: for the -o option: may not occur within a group!
// GROUP-NEXT: lamina-opt: Unknown command line argument '-optimize-everything'.
// RUN: lamina-opt -allow-unregistered-dialect -split-input-file %s | FileCheck %s --check-prefix=SPLIT
// SPLIT: "t.first"
// SPLIT: // -----
// SPLIT: "t.second"

"t.first"() : () -> ()

// -----

"t.second"() : () -> ()
