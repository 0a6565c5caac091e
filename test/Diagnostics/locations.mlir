// How each kind of location is printed (mlir-opt's SourceMgrDiagnosticHandler):
// the first file location found (through names, call sites, fused and opaque
// locations) with its source line when it is in the input, `called from`
// notes for call sites, and `loc(...)` / `<unknown>:0` otherwise.
// RUN: not lamina-opt --allow-unregistered-dialect --split-input-file - < %s 2>&1 | FileCheck %s

"builtin.foo"() : () -> () loc("<stdin>":7:3)
// CHECK: <stdin>:7:3: error: unregistered operation 'builtin.foo' found in dialect ('builtin') that does not allow unknown operations
// CHECK-NEXT: {{^}}"builtin.foo"() : () -> () loc("<stdin>":7:3)
// CHECK-NEXT: {{^}}  ^
// CHECK-NEXT: <stdin>:7:3: note: see current operation: "builtin.foo"() : () -> ()
// CHECK-NOT: "builtin.foo"

// -----

"builtin.foo"() : () -> () loc(unknown)
// CHECK: {{^}}<unknown>:0: error: unregistered operation 'builtin.foo'
// CHECK-NEXT: {{^}}<unknown>:0: note: see current operation: "builtin.foo"() : () -> ()

// -----

"builtin.foo"() : () -> () loc("only a name")
// CHECK: {{^}}<unknown>:0: error: loc("only a name"): unregistered operation
// CHECK-NEXT: {{^}}<unknown>:0: note: loc("only a name"): see current operation

// -----

"builtin.foo"() : () -> () loc("name"("<stdin>":28:1))
// CHECK: <stdin>:28:1: error: unregistered operation
// CHECK-NEXT: {{^}}"builtin.foo"() : () -> () loc("name"("<stdin>":28:1))
// CHECK-NEXT: {{^}}^

// -----

"builtin.foo"() : () -> () loc(callsite("callee"("<stdin>":35:16) at callsite("<stdin>":35:1 at "other.c":3:4)))
// CHECK: <stdin>:35:16: error: unregistered operation
// CHECK-NEXT: {{^}}"builtin.foo"() : () -> () loc(callsite(
// CHECK-NEXT: {{^}}               ^
// CHECK-NEXT: <stdin>:35:1: note: called from
// CHECK-NEXT: {{^}}"builtin.foo"() : () -> () loc(callsite(
// CHECK-NEXT: {{^}}^
// CHECK-NEXT: other.c:3:4: note: called from
// CHECK-NEXT: <stdin>:35:16: note: see current operation: "builtin.foo"() : () -> ()
// CHECK-NEXT: {{^}}"builtin.foo"() : () -> () loc(callsite(
// CHECK-NEXT: {{^}}               ^

// -----

"builtin.foo"() : () -> () loc(fused<"meta">["only a name", "other.c":1:2, "<stdin>":49:1])
// CHECK: other.c:1:2: error: unregistered operation
// CHECK-NEXT: other.c:1:2: note: see current operation

// -----

// A range prints its start; line or column 0 and positions past the end of
// a line or of the input print no source line.
"builtin.foo"() : () -> () loc("<stdin>":57:3 to 58:1)
// CHECK: <stdin>:57:3: error: unregistered operation
// CHECK-NEXT: {{^}}"builtin.foo"() : () -> () loc("<stdin>":57:3 to 58:1)
// CHECK-NEXT: {{^}}  ^

// -----

"builtin.foo"() : () -> () loc("<stdin>":64:0)
// CHECK: <stdin>:64:0: error: unregistered operation
// CHECK-NEXT: <stdin>:64:0: note: see current operation

// -----

"builtin.foo"() : () -> () loc("<stdin>":70:500)
// CHECK: <stdin>:70:500: error: unregistered operation
// CHECK-NEXT: <stdin>:70:500: note: see current operation

// -----

"builtin.foo"() : () -> () loc("<stdin>":100000:1)
// CHECK: <stdin>:100000:1: error: unregistered operation
// CHECK-NEXT: <stdin>:100000:1: note: see current operation

// -----

// Tabs expand to 8 columns in the source line and the caret line; a line
// with non-ASCII bytes is shown without a caret.
	"builtin.foo"()	: () -> () loc("<stdin>":84:17)
// CHECK: <stdin>:84:17: error: unregistered operation
// CHECK-NEXT: {{^}}        "builtin.foo"() : () -> () loc("<stdin>":84:17)
// CHECK-NEXT: {{^}}                       ^

// -----

"builtin.foo"() : () -> () loc("<stdin>":91:1) // é
// CHECK: <stdin>:91:1: error: unregistered operation
// CHECK-NEXT: {{^}}"builtin.foo"() : () -> () loc("<stdin>":91:1) // é
// CHECK-NEXT: <stdin>:91:1: note: see current operation

// -----

// An error's multi-line op starts on a new line, in generic form.
"builtin.module"() ({^bb0:}) {foo} : () -> ()
// CHECK: <stdin>:99:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'
// CHECK: <stdin>:99:1: note: see current operation: {{$}}
// CHECK-NEXT: {{^}}"builtin.module"() ({
// CHECK-NEXT: {{^}}^bb0:
// CHECK-NEXT: {{^}}}) {foo} : () -> ()

// -----

// A fused location's metadata is searched after its locations when it is a
// location itself.
"builtin.foo"() : () -> () loc(fused<loc("meta.c":7:8)>["only a name"])
// CHECK: meta.c:7:8: error: unregistered operation
