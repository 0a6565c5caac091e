// The implicit module of each -split-input-file chunk is located where the
// chunk starts (file:0:0 for the first), and ops keep their absolute lines.
// RUN: lamina-opt --allow-unregistered-dialect -split-input-file --mlir-print-debuginfo %s | FileCheck %s

// CHECK: #loc = loc("{{.*}}split-locations.mlir":0:0)
// CHECK: #loc1 = loc("{{.*}}split-locations.mlir":[[@LINE+1]]:1)
"t.a"() : () -> ()
// -----
// CHECK: #loc = loc("{{.*}}split-locations.mlir":[[@LINE-1]]:9)
// CHECK: #loc1 = loc("{{.*}}split-locations.mlir":[[@LINE+1]]:1)
"t.b"() : () -> ()
