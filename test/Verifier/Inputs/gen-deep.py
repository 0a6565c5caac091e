"""Writes DEPTH nested unregistered region ops; the innermost block uses a
value defined at the top and, with --error, holds an op the verifier
rejects (with its expected-error annotation)."""
import sys

depth = int(sys.argv[1])
out = ['%0 = "t.def"() : () -> i32\n']
out.append('"t.region"() ({\n' * depth)
out.append('"t.use"(%0) : (i32) -> ()\n')
if "--error" in sys.argv:
    out.append("// expected-error@+1 {{unregistered operation 'builtin.foo' found in dialect ('builtin')}}\n")
    out.append('"builtin.foo"() : () -> ()\n')
out.append('}) : () -> ()\n' * depth)
sys.stdout.write("".join(out))
