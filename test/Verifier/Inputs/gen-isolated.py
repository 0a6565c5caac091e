"""Writes a module holding COUNT isolated-from-above modules, each with a
multi-block region; every 97th has a use that its definition does not
dominate, so the verifier reports errors from many parallel tasks."""
import sys

count = int(sys.argv[1])
out = ['"builtin.module"() ({\n']
for m in range(count):
    out.append(' "builtin.module"() ({\n  "t.f"() ({\n  ^bb0:\n')
    for i in range(60):
        out.append('  %%v%d = "t.op"() : () -> i32\n  "t.use"(%%v%d) : (i32) -> ()\n' % (i, i))
    if m % 97 == 5:
        out.append('  "t.use"(%%late) : (i32) -> () loc("module%d")\n  %%late = "t.op"() : () -> i32\n' % m)
    out.append('  "t.br"()[^bb1] : () -> ()\n  ^bb1:\n  "t.term"() : () -> ()\n  }) : () -> ()\n }) : () -> ()\n')
out.append('}) : () -> ()\n')
sys.stdout.write("".join(out))
