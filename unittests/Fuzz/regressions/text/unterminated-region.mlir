"test.a"() ({
^bb0(%x: i32):
  "test.b"(%x, %y) : (i32, i32) -> ()
