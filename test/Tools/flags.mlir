// RUN: lamina-opt --version | FileCheck %s --check-prefix=VERSION
// VERSION: Lamina version
// RUN: not lamina-opt --no-such-flag %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: lamina-opt: Unknown command line argument '--no-such-flag'.
// RUN: lamina-opt -allow-unregistered-dialect -split-input-file %s | FileCheck %s --check-prefix=SPLIT
// SPLIT: "t.first"
// SPLIT: // -----
// SPLIT: "t.second"

"t.first"() : () -> ()

// -----

"t.second"() : () -> ()
