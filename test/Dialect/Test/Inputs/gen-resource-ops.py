#!/usr/bin/env python3
"""Writes a large input (over 1 MB: parsed in parallel chunks, its bytecode
read in parallel) whose functions reference test dialect resources, with the
blobs in the file metadata at the end."""
print('func.func @first() {\n  %c = arith.constant #test.e1di64_elements<blob0> : tensor<2xi64>\n  return\n}')
for i in range(6000):
    print(f'func.func @f{i}(%arg0: i64) -> i64 {{')
    print(f'  %0 = arith.addi %arg0, %arg0 : i64')
    print(f'  %1 = arith.constant #test.i64_elements<[{i}, {i + 1}]> : tensor<2xi64>')
    if i % 1000 == 0:
        print(f'  %2 = arith.constant #test.e1di64_elements<blob{i // 1000}> : tensor<2xi64>')
    print(f'  "test.use"(%0) {{tag = "{"x" * 100}"}} : (i64) -> ()')
    print(f'  return %0 : i64')
    print('}')
print('{-#\n  dialect_resources: {\n    test: {')
print(',\n'.join(f'      blob{i}: "0x08000000{i:02x}00000000000000{i + 1:02x}00000000000000"' for i in range(7)))
print('    }\n  }\n#-}')
