// A reader that fails discards the IR it has built so far: nested regions,
// values used before their definition (graph regions, forward references
// replaced by placeholders), successors and block arguments. Every
// truncation and many corruptions of this file must fail cleanly; in the
// ASan build (scripts/test.sh) that also means without touching freed
// memory, whatever point the reader stopped at.
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %s -o %t.bc
// RUN: %python %S/Inputs/corrupt.py lamina-opt %t.bc 5

func.func @f(%arg0: i32, %c: i1) -> i32 {
  test.graph_region {
    "foo.use"(%1, %2) : (i32, i32) -> ()
    %1 = "foo.def"(%2) : (i32) -> i32
    "foo.region"() ({
    ^bb0(%a: i32):
      %3 = "foo.def"(%a, %1) : (i32, i32) -> i32
      "foo.br"(%3)[^bb1] : (i32) -> ()
    ^bb1(%b: i32):
      "foo.br"(%b)[^bb1] : (i32) -> ()
    }) : () -> ()
    %2 = "foo.def"(%1) : (i32) -> i32
  }
  %4 = scf.if %c -> i32 {
    scf.yield %arg0 : i32
  } else {
    %5 = "foo.def"(%arg0) : (i32) -> i32
    scf.yield %5 : i32
  }
  cf.br ^bb1(%4 : i32)
^bb1(%6: i32):
  return %6 : i32
}
