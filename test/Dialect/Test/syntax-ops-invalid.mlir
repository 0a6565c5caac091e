// RUN: lamina-opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s

func.func @dup(%arg0: i32) {
  // expected-error@+1 {{`keyword` clause can appear at most once in the expansion of the oilist directive}}
  test.oilist_with_keywords_only keyword keyword
  return
}

// -----

func.func @above(%arg0: index, %arg1: index) {
  test.isolated_region %arg0 {
    // expected-error@+1 {{use of undeclared SSA value name}}
    "test.consumer"(%arg1) : (index) -> ()
  }
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @wrong_type(%arg0: i64) {
  // expected-error@+1 {{use of value '%arg0' expects different type than prior uses: 'i32' vs 'i64'}}
  test.oilist_custom reduction (%arg0)
  return
}
