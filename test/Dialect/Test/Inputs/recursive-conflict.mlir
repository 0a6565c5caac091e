"test.op"() : () -> !test.test_rec<a, test_type>
"test.op"() : () -> !test.test_rec<a, test_rec<a>>
