#!/usr/bin/env python3
"""Differential fuzzing of lamina-opt against mlir-opt.

Takes valid inputs (the conformance corpus, or files), applies a few random
byte-level mutations (delete, insert a syntax character, copy a character) or,
with --mode tokens, replaces numbers and builtin types by edge values,
runs both tools with the same flags and reports every input where the exit
status, the output or the first line of the diagnostics differ. Mismatches are
written to --out for inspection (`--show` prints the two first error lines).

    utils/diff-fuzz.py --tool build/bin/lamina-opt --runs 300 --seed 1
    utils/diff-fuzz.py --tool build/bin/lamina-opt --file big.mlir --flags=--mlir-print-op-generic
    utils/diff-fuzz.py --tool build/bin/lamina-opt --passes canonicalize --runs 500

With --passes, the inputs are the corpus's pass cases that run only those
passes (each with its own flags, e.g. a -pass-pipeline with options), and the
default mutation (--mode ir) keeps the IR valid more often than byte edits:
constants get edge values, arithmetic ops and comparison predicates are
swapped within their family, so folders and patterns meet new operands.

Not a pass/fail test: both tools may legitimately differ where Lamina lacks a
dialect; use it to find wording, location and acceptance differences.
"""
import argparse, concurrent.futures as cf, glob, json, os, random, re, subprocess, sys

CHARS = '(){}<>[]:,%"\n -0x#!@^.=?'
# Token mode: numbers and builtin types replaced by edge values.
NUMBERS = ['0', '-1', '1', '2147483647', '2147483648', '-9223372036854775808', '9223372036854775807',
           '18446744073709551616', '0x7F', '0xFFFFFFFF', '1.5', '-0.0', '1e400', '0x7FC00000']
TYPES = ['i0', 'i1', 'i64', 'si8', 'ui16', 'index', 'f16', 'bf16', 'f32', 'f64', 'f80', 'f128', 'tf32',
         'f8E4M3FN', 'f4E2M1FN', 'complex<f32>', 'none', 'tensor<?xf32>', 'memref<2xi8>', 'vector<[4]xi1>',
         'tuple<>']
TOKEN = re.compile(r'(?<![\w.%#@^!$])(-?\d+(\.\d+)?(e[+-]?\d+)?|0x[0-9a-fA-F]+)(?![\w.])'
                   r'|\b(i\d+|si\d+|ui\d+|index|f16|bf16|f32|f64|f80|f128)\b')


# IR mode: values for integer constants, and families of interchangeable ops
# and predicates (same operand and result types).
CONST_INT = re.compile(r'(arith\.constant\s+)(-?\d+)(\s*:\s*(i\d+|index))')
INT_VALUES = ['0', '1', '-1', '2', '3', '7', '8', '31', '32', '63', '64', '127', '128', '255', '-128', '65535',
              '2147483647', '-2147483648', '4294967295', '9223372036854775807', '-9223372036854775808']
CONST_FLOAT = re.compile(r'(arith\.constant\s+)(-?\d+\.\d*(e[+-]?\d+)?|0x[0-9A-Fa-f]+)(\s*:\s*(f16|bf16|f32|f64))')
FLOAT_VALUES = ['0.0', '-0.0', '1.0', '-1.0', '2.0', '0.5', '3.0e+38', '1.0e-45', '65504.0', '0x7F800000',
                '0xFF800000', '0x7FC00000', '0x7F7FFFFF', '1.0e+300']
FAMILIES = [
    ['arith.addi', 'arith.subi', 'arith.muli', 'arith.divsi', 'arith.divui', 'arith.remsi', 'arith.remui',
     'arith.andi', 'arith.ori', 'arith.xori', 'arith.shli', 'arith.shrsi', 'arith.shrui', 'arith.maxsi',
     'arith.minsi', 'arith.maxui', 'arith.minui', 'arith.ceildivsi', 'arith.floordivsi', 'arith.ceildivui'],
    ['arith.addf', 'arith.subf', 'arith.mulf', 'arith.divf', 'arith.remf', 'arith.maximumf', 'arith.minimumf',
     'arith.maxnumf', 'arith.minnumf'],
    ['affine.min', 'affine.max'],
]
CMPI_PREDICATES = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge']
CMPF_PREDICATES = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule',
                   'une', 'uno', 'true']
OP_NAME = re.compile(r'\b(' + '|'.join(re.escape(n) for f in FAMILIES for n in f) + r')\b')
PREDICATE = re.compile(r'\b(arith\.cmp[if])\s+(\w+)')


def mutate_ir(text, rng):
    for _ in range(rng.randint(1, 3)):
        kinds = [k for k, rx in (('const', CONST_INT), ('float', CONST_FLOAT), ('op', OP_NAME), ('pred', PREDICATE))
                 if rx.search(text)]
        if not kinds:
            return mutate_tokens(text, rng)
        kind = rng.choice(kinds)
        if kind == 'const':
            m = rng.choice(list(CONST_INT.finditer(text)))
            text = text[:m.start(2)] + rng.choice(INT_VALUES) + text[m.end(2):]
        elif kind == 'float':
            m = rng.choice(list(CONST_FLOAT.finditer(text)))
            text = text[:m.start(2)] + rng.choice(FLOAT_VALUES) + text[m.end(2):]
        elif kind == 'op':
            m = rng.choice(list(OP_NAME.finditer(text)))
            family = next(f for f in FAMILIES if m.group(1) in f)
            text = text[:m.start(1)] + rng.choice(family) + text[m.end(1):]
        else:
            m = rng.choice(list(PREDICATE.finditer(text)))
            preds = CMPI_PREDICATES if m.group(1) == 'arith.cmpi' else CMPF_PREDICATES
            text = text[:m.start(2)] + rng.choice(preds) + text[m.end(2):]
    return text


def mlir_dialects(mlir_opt):
    """The dialects mlir-opt registers (others in a case are unregistered ops)."""
    p = subprocess.run([mlir_opt, '--show-dialects'], capture_output=True, text=True)
    listed = p.stdout.split(':', 1)[1] if ':' in p.stdout else ''
    return {d.strip() for d in listed.replace('\n', ',').split(',') if d.strip()}


def pass_cases(pattern, passes, dialects, registered):
    """(id, input, flags) of the pass cases that run only `passes` on ops of
    `dialects` (or unregistered ones)."""
    out = []
    for f in sorted(glob.glob(pattern)):
        with open(f) as fh:
            for line in fh:
                case = json.loads(line)
                if case.get('kind') != 'pass' or case.get('mode') != 'output':
                    continue
                if not set(case['passes']) <= passes:
                    continue
                used = set(case.get('op_dialects', [])) | set(case.get('attr_dialects', []))
                if any(d in registered and d not in dialects for d in used):
                    continue
                out.append((case['id'], case['input'], case['flags']))
    return out


def corpus_inputs(pattern):
    out = []
    for f in sorted(glob.glob(pattern)):
        with open(f) as fh:
            for line in fh:
                case = json.loads(line)
                # Only inputs in the dialects both tools implement.
                used = set(case.get('op_dialects', [])) | set(case.get('attr_dialects', []))
                if used <= {'builtin', 'func', 'arith', 'cf', 'scf', 'memref', 'affine'}:
                    out.append((case['id'], case['input']))
    return out


def mutate(text, rng):
    s = list(text)
    for _ in range(rng.randint(1, 3)):
        if not s:
            break
        p = rng.randrange(len(s))
        r = rng.random()
        if r < 0.3:
            del s[p]
        elif r < 0.6:
            s.insert(p, rng.choice(CHARS))
        else:
            s[p] = s[rng.randrange(len(s))]
    return ''.join(s)


def mutate_tokens(text, rng):
    for _ in range(rng.randint(1, 2)):
        matches = list(TOKEN.finditer(text))
        if not matches:
            break
        m = rng.choice(matches)
        text = text[:m.start()] + rng.choice(NUMBERS if m.group(1) else TYPES) + text[m.end():]
    return text


def run(cmd, text, timeout):
    try:
        p = subprocess.run(cmd, input=text.encode(), capture_output=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr.decode(errors='replace').split('\n')[0]
    except subprocess.TimeoutExpired:
        return 'timeout', b'', ''


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--tool', required=True)
    ap.add_argument('--mlir-opt', default='/usr/lib/llvm-22/bin/mlir-opt')
    ap.add_argument('--corpus', default=os.path.join(os.path.dirname(__file__), '../../shared/conformance/cases/*.jsonl'))
    ap.add_argument('--file', action='append', help='mutate this file instead of corpus inputs')
    ap.add_argument('--flags', default='', help='extra flags for both tools (space separated)')
    ap.add_argument('--runs', type=int, default=200)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--timeout', type=float, default=20)
    ap.add_argument('--jobs', type=int, default=1, help='cases run at once (the mutations do not depend on it)')
    ap.add_argument('--out', default='/tmp/diff-fuzz')
    ap.add_argument('--mode', choices=['bytes', 'tokens', 'ir'],
                    help='bytes: delete/insert/copy characters; tokens: replace numbers and types; ir: edge '
                         'constants, swapped ops and predicates (default: ir with --passes, else bytes)')
    ap.add_argument('--passes', help='fuzz the pass cases that run only these passes (comma separated)')
    ap.add_argument('--dialects', default='builtin,func,arith,cf,scf,memref,affine,ub',
                    help='with --passes: registered dialects a case may use (unregistered ops are always fine)')
    args = ap.parse_args()
    mode = args.mode or ('ir' if args.passes else 'bytes')
    mutators = {'bytes': mutate, 'tokens': mutate_tokens, 'ir': mutate_ir}

    # (name, text, flags of the case) to mutate.
    pieces = []
    if args.passes:
        corpus = args.corpus.replace('*.jsonl', '*.passes.jsonl')
        for name, text, case_flags in pass_cases(corpus, set(args.passes.split(',')), set(args.dialects.split(',')),
                                                 mlir_dialects(args.mlir_opt)):
            pieces.append((name, text, case_flags))
    else:
        inputs = [(f, open(f).read()) for f in args.file] if args.file else corpus_inputs(args.corpus)
        # Split-file inputs: fuzz one chunk at a time.
        for name, text in inputs:
            for i, chunk in enumerate(text.split('// -----')):
                # mlir-opt's test dialect is only partly implemented in Lamina.
                if args.file or 'test.' not in chunk:
                    pieces.append((f'{name}#{i}', chunk, []))
    if not pieces:
        print('no inputs')
        return 1
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    diffs = crashes = succeeded = refFailures = 0
    # Mutate first (the seed alone decides the inputs), then run the cases.
    cases = []
    for n in range(args.runs):
        name, text, case_flags = rng.choice(pieces)
        text = mutators[mode](text, rng)
        cases.append((n, name, text, ['--allow-unregistered-dialect'] + case_flags + args.flags.split()))

    def compare(case):
        n, name, text, flags = case
        a = run([args.tool] + flags + ['-'], text, args.timeout)
        b = run([args.mlir_opt] + flags + ['-'], text, args.timeout)
        if b[0] == 'timeout' and a[0] != 'timeout':
            # A loaded machine: give the reference more time before blaming.
            b = run([args.mlir_opt] + flags + ['-'], text, args.timeout * 4)
        return a, b

    with cf.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for (n, name, text, flags), (a, b) in zip(cases, pool.map(compare, cases)):
            if a[0] not in (0, 1):
                crashes += 1
            if a == b and a[0] == 0:
                succeeded += 1
            if b[0] not in (0, 1):
                # mlir-opt crashed or hung: nothing to compare against.
                refFailures += 1
                print(f'({name}): mlir-opt {b[0]}, lamina {a[0]} (not counted)')
                continue
            if a != b:
                diffs += 1
                path = os.path.join(args.out, f'{n}.mlir')
                with open(path, 'w') as fh:
                    fh.write(text)
                with open(path + '.flags', 'w') as fh:
                    fh.write(' '.join(flags) + '\n')
                what = 'output differs' if a[0] == b[0] == 0 else ''
                print(f'{path} ({name}): lamina {a[0]} {a[2][:160]!r} {what}\n    mlir-opt {b[0]} {b[2][:160]!r}',
                      flush=True)
    print(f'{args.runs} runs, {diffs} differences ({succeeded} runs where both succeeded with the same output, '
          f'{refFailures} where mlir-opt crashed or hung), {crashes} lamina crashes or timeouts')
    return 1 if crashes else 0


if __name__ == '__main__':
    sys.exit(main())
