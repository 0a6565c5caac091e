%0 = "test.b"() : () -> i32
"test.c"(%0) : (i32) -> ()
// expected-error@+1 {{expected 2 operand types but had 1}}
"test.c"(%0, %0) : (i32) -> ()

// -----

// expected-note@+1 {{prior use here}}
%0 = "test.b"() : () -> i32
"test.c"(%0) : (i32) -> ()
// expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
"test.c"(%0) : (i64) -> ()

// -----

"test.c"() <{p = 1}> : () -> ()
"test.r"() ({
// expected-error@+1 {{expected ':' followed by operation type}}
}) <{p = 1}> : () -> ()

// -----

"test.a"() <{p = 1}> : () -> ()
// expected-error@+1 {{expected ':' followed by operation type}}
"test.a"() {p = 1} <{p = 1}> : () -> ()

// -----

"test.a"() : () -> ()
// expected-error@+1 {{expected function type}}
"test.a"() : i32
