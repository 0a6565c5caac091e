#!/usr/bin/env python3
"""Generates a module large enough for the bytecode writer to number and
write it in parallel: many functions (each with nested loops, blocks,
branches, attribute dictionaries, properties and repeated locations), plus
graph regions whose forward references leave use lists out of order."""
import random
import sys

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
# Optional second argument: how many functions (400 by default).
num_funcs = int(sys.argv[2]) if len(sys.argv) > 2 else 400
out = []
emit = out.append
emit('"builtin.module"() ({')
for f in range(num_funcs):
    emit(f'  "func.func"() <{{function_type = (i32, f32, index) -> i32, sym_name = "f{f}"}}> ({{')
    emit('  ^bb0(%a: i32, %b: f32, %n: index):')
    emit('    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index')
    emit(f'    %k = "arith.constant"() <{{value = {rng.randint(-50, 50)} : i32}}> : () -> i32')
    vals = ['%a', '%k']
    for i in range(rng.randint(5, 25)):
        x, y = rng.choice(vals), rng.choice(vals)
        if rng.random() < 0.3:
            emit(f'    %v{i} = "arith.addi"({x}, {y}) <{{overflowFlags = #arith.overflow<none>}}> : (i32, i32) -> i32 loc("w.mlir":{f}:{i % 3})')
        elif rng.random() < 0.5:
            emit(f'    %v{i} = "arith.muli"({x}, {y}) <{{overflowFlags = #arith.overflow<nsw>}}> {{tag = "t{rng.randint(0, 40)}"}} : (i32, i32) -> i32')
        else:
            emit(f'    %v{i} = "xt.op"({x}, {y}, %b) {{n = {rng.randint(0, 3)}}} : (i32, i32, f32) -> i32')
        vals.append(f'%v{i}')
    emit(f'    %s = "scf.for"(%c0, %n, %n, %b) ({{')
    emit('    ^bb0(%i: index, %acc: f32):')
    emit('      %r = "arith.addf"(%acc, %b) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32')
    emit('      "xt.graph"() ({')
    names = [f'%g{j}' for j in range(rng.randint(2, 6))]
    for j, name in enumerate(names):
        ops = ', '.join(rng.choice(names) for _ in range(rng.randint(0, 3)))
        types = ', '.join('i32' for _ in ops.split(', ') if ops)
        emit(f'        {name} = "xt.node"({ops}) : ({types}) -> i32')
    emit('      }) : () -> ()')
    emit('      "scf.yield"(%r) : (f32) -> ()')
    emit('    }) : (index, index, index, f32) -> f32')
    emit(f'    %cond = "arith.cmpi"(%a, {rng.choice(vals)}) <{{predicate = {rng.randint(0, 9)} : i64}}> : (i32, i32) -> i1')
    emit(f'    "cf.cond_br"(%cond, {rng.choice(vals)})[^bb2, ^bb1] <{{operandSegmentSizes = array<i32: 1, 1, 0>}}> : (i1, i32) -> ()')
    emit('  ^bb1:')
    emit(f'    "func.return"({rng.choice(vals)}) : (i32) -> ()')
    emit('  ^bb2(%z: i32):')
    emit('    "cf.br"()[^bb1] : () -> ()')
    emit('  }) : () -> ()')
emit('}) : () -> ()')
print('\n'.join(out))
