"""Prints a dense<> attribute nested N levels deep (to check that parsing
does not recurse on the nesting): `list` nests `[...]`, `complex` nests
`(..., 2)` parentheses."""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
if kind == "list":
    body = "[" * n + "1" + "]" * n
    ty = "tensor<1x1x1xi32>"
else:
    body = "(" * n + "1" + ", 2)" * n
    ty = "tensor<2xcomplex<i32>>"
print('"t.o"() {a = dense<%s> : %s} : () -> ()' % (body, ty))
