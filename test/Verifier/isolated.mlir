// Isolated-from-above regions may only use values defined inside them.
// RUN: lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

%0 = "t.def"() : () -> i32
// expected-note@+1 {{required by region isolation constraints}}
"builtin.module"() ({
  "t.wrap"() ({
    "t.use"(%0) : (i32) -> () // expected-error {{'t.use' op using value defined outside the region}}
  }) : () -> ()
}) : () -> ()

// -----

// Every isolated op is verified even after one fails; errors come out in
// IR order.
"builtin.module"() ({
  %0 = "t.def"() : () -> i32
  // expected-note@+1 {{required by region isolation constraints}}
  "builtin.module"() ({
    "t.use"(%0) : (i32) -> () // expected-error {{using value defined outside the region}}
  }) : () -> ()
  // expected-note@+1 {{required by region isolation constraints}}
  "builtin.module"() ({
    "t.use"(%0) : (i32) -> () // expected-error {{using value defined outside the region}}
  }) : () -> ()
}) : () -> ()
