// Pass options: parsing (quotes, braces, lists, radixes, repeated options)
// and printing in pipelines, with mlir-opt's messages for bad values.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --dump-pass-pipeline -p "builtin.module(func.func(test-options-pass{list=1,0x10,010 string-list={a b},'c,d' string=\"x y\" enum=two}))" < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=VALUES
// RUN: lamina-opt --dump-pass-pipeline -test-options-pass="list=1 list=2 string={a {b} c} string-list=x" < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REPEAT
// RUN: lamina-opt --dump-pass-pipeline -test-options-pass < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DEFAULT
// RUN: not lamina-opt -p 'builtin.module(func.func(test-options-pass{list=a}))' < %s 2>&1 | FileCheck %s --check-prefix=BADINT
// RUN: not lamina-opt -p 'builtin.module(func.func(test-options-pass{list}))' < %s 2>&1 | FileCheck %s --check-prefix=NOVALUE
// RUN: not lamina-opt -p 'builtin.module(func.func(test-options-pass{enum=three}))' < %s 2>&1 | FileCheck %s --check-prefix=BADENUM

func.func @f() {
  return
}

// GENERR-VALUES: --dump-pass-pipeline -p "builtin.module(func.func(test-options-pass{list=1,0x10,010 string-list={a b},'c,d' string=\"x y\" enum=two}))"
// VALUES: Pass Manager with 1 passes:
// VALUES-NEXT: builtin.module(
// VALUES-NEXT:   func.func(
// VALUES-NEXT:     test-options-pass{enum=two list={1,16,8} string={x y} string-list={{\{\{}}a b},c,d}}
// VALUES-NEXT:   )
// VALUES-NEXT: )
// GENERR-REPEAT: --dump-pass-pipeline -test-options-pass="list=1 list=2 string={a {b} c} string-list=x"
// REPEAT: Pass Manager with 1 passes:
// REPEAT-NEXT: builtin.module(
// REPEAT-NEXT:   func.func(
// REPEAT-NEXT:     test-options-pass{enum=zero list={1,2} string={a {b} c} string-list={x}}
// REPEAT-NEXT:   )
// REPEAT-NEXT: )
// GENERR-DEFAULT: --dump-pass-pipeline -test-options-pass
// DEFAULT: Pass Manager with 1 passes:
// DEFAULT-NEXT: builtin.module(
// DEFAULT-NEXT:   func.func(
// DEFAULT-NEXT:     test-options-pass{enum=zero  string= }
// DEFAULT-NEXT:   )
// DEFAULT-NEXT: )
// GENERR-BADINT: -p builtin.module(func.func(test-options-pass{list=a}))
// BADINT: {{.+}}: for the --list option: 'a' value invalid for integer argument!
// BADINT-NEXT: <unknown>:0: error: 
// BADINT-NEXT: failed to add `test-options-pass` with options `list=a`
// BADINT-NEXT: failed to add `func.func` with options `` to inner pipeline
// GENERR-NOVALUE: -p builtin.module(func.func(test-options-pass{list}))
// NOVALUE: {{.+}}: for the --list option: requires a value!
// NOVALUE-NEXT: <unknown>:0: error: 
// NOVALUE-NEXT: failed to add `test-options-pass` with options `list`
// NOVALUE-NEXT: failed to add `func.func` with options `` to inner pipeline
// GENERR-BADENUM: -p builtin.module(func.func(test-options-pass{enum=three}))
// BADENUM: {{.+}}: for the --enum option: Cannot find option named 'three'!
// BADENUM-NEXT: <unknown>:0: error: 
// BADENUM-NEXT: failed to add `test-options-pass` with options `enum=three`
// BADENUM-NEXT: failed to add `func.func` with options `` to inner pipeline
