"""Writes a module big enough (> 1 MB) for the parser to split it into chunks
parsed in parallel. Usage: gen-many-ops.py KIND, KIND one of:
  custom     top-level func.func ops in custom form, with aliases first
  module     the same inside `module {`
  generic    the same in generic form inside "builtin.module"
  error      custom, with a parse error near the end
  ssa-top    top-level generic ops, one using a value defined by an earlier one
  nested     a module whose first and last functions are each larger than
             the pieces the planning scan splits the input into (pieces start
             deep inside them), with brackets, quotes and `//` in strings
             and comments between small functions
  dialects   functions using ops and types of many dialects, each dialect first
             met in every chunk (chunks load the dialects they name)
"""
import sys

kind = sys.argv[1]
n = 5000
out = []
w = out.append
if kind in ("custom", "module", "error"):
    w("#map = affine_map<(d0) -> (d0 + 1)>")
    w("!t = memref<?xf32>")
    if kind == "module":
        w("module {")
    for i in range(n):
        w(f"func.func @f{i}(%arg0: i32, %arg1: !t, %arg2: index) -> i32 {{")
        w(f"  %c{i} = arith.constant {i} : i32")
        w(f"  %0 = arith.addi %arg0, %c{i} : i32")
        w("  %1 = affine.apply #map(%arg2)")
        w("  %2 = memref.load %arg1[%1] : !t")
        w(f"  %3 = \"test.op\"(%2) {{tag = \"s{i}\"}} : (f32) -> f32")
        if kind == "error" and i == n - 10:
            w("  %4 = arith.addi %0, %undefined : i32")
        w("  return %0 : i32")
        w("}")
    if kind == "module":
        w("}")
elif kind == "generic":
    w('"builtin.module"() ({')
    for i in range(n):
        w(f'  "func.func"() <{{function_type = (i32) -> i32, sym_name = "f{i}"}}> ({{')
        w("  ^bb0(%arg0: i32):")
        w(f'    %0 = "arith.constant"() <{{value = {i} : i32}}> : () -> i32')
        w('    %1 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32')
        w(f'    %2 = "test.op"(%1) {{tag = "a long attribute string to make the file bigger {i}"}} : (i32) -> i32')
        w('    "func.return"(%2) : (i32) -> ()')
        w("  }) : () -> ()")
    w("}) : () -> ()")
elif kind == "dialects":
    ops = ["math.sqrt %arg1 : f32", "index.add %arg2, %arg2", "ub.poison : i32",
           "tensor.empty() : tensor<4xf32>", "vector.broadcast %arg1 : f32 to vector<4xf32>",
           "llvm.mlir.zero : !llvm.ptr", "complex.create %arg1, %arg1 : complex<f32>", "gpu.thread_id x",
           "memref.alloca() : memref<4xf32>", "bufferization.alloc_tensor() : tensor<4xf32>",
           "ml_program.token", "affine.apply affine_map<(d0) -> (d0 + 1)>(%arg2)"]
    for i in range(2 * n):
        w(f"func.func @f{i}(%arg1: f32, %arg2: index) {{")
        w(f"  %0 = {ops[i * 7 % len(ops)]}")
        w(f'  "test.op"() {{tag = "a long attribute string to make the file bigger {i}"}} : () -> ()')
        w("  return")
        w("}")
elif kind == "ssa-top":
    w('%top = "test.def"() : () -> i32')
    for i in range(n * 4):
        w(f'"test.op"() {{tag = "a long attribute string to make the file bigger {i}"}} : () -> ()')
    w('"test.use"(%top) : (i32) -> ()')
elif kind == "nested":
    def big(name):
        w(f"func.func @{name}(%arg0: i32) -> i32 {{")
        for i in range(n * 2):
            w(f"  %v{i} = scf.execute_region -> i32 {{  // }} ) ] in a comment")
            w(f'    %s{i} = "test.op"(%arg0) {{tag = "{{[( in a string {i}"}} : (i32) -> i32')
            w(f"    scf.yield %s{i} : i32")
            w("  }")
        w("  return %arg0 : i32")
        w("}")
    w("module {")
    big("first")
    for i in range(n):
        w(f'func.func @f{i}(%arg0: i32) -> i32 {{ // a comment with "a quote')
        w(f'  %0 = "test.op"(%arg0) {{tag = "}} // not a comment {i}"}} : (i32) -> i32')
        w("  return %0 : i32")
        w("}")
    big("last")
    w("}")
print("\n".join(out))
