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

Not a pass/fail test: both tools may legitimately differ where Lamina lacks a
dialect; use it to find wording, location and acceptance differences.
"""
import argparse, glob, json, os, random, re, subprocess, sys

CHARS = '(){}<>[]:,%"\n -0x#!@^.=?'
# Token mode: numbers and builtin types replaced by edge values.
NUMBERS = ['0', '-1', '1', '2147483647', '2147483648', '-9223372036854775808', '9223372036854775807',
           '18446744073709551616', '0x7F', '0xFFFFFFFF', '1.5', '-0.0', '1e400', '0x7FC00000']
TYPES = ['i0', 'i1', 'i64', 'si8', 'ui16', 'index', 'f16', 'bf16', 'f32', 'f64', 'f80', 'f128', 'tf32',
         'f8E4M3FN', 'f4E2M1FN', 'complex<f32>', 'none', 'tensor<?xf32>', 'memref<2xi8>', 'vector<[4]xi1>',
         'tuple<>']
TOKEN = re.compile(r'(?<![\w.%#@^!$])(-?\d+(\.\d+)?(e[+-]?\d+)?|0x[0-9a-fA-F]+)(?![\w.])'
                   r'|\b(i\d+|si\d+|ui\d+|index|f16|bf16|f32|f64|f80|f128)\b')


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
    ap.add_argument('--out', default='/tmp/diff-fuzz')
    ap.add_argument('--mode', choices=['bytes', 'tokens'], default='bytes',
                    help='bytes: delete/insert/copy characters; tokens: replace numbers and types')
    args = ap.parse_args()

    inputs = [(f, open(f).read()) for f in args.file] if args.file else corpus_inputs(args.corpus)
    # Split-file inputs: fuzz one chunk at a time.
    pieces = []
    for name, text in inputs:
        for i, chunk in enumerate(text.split('// -----')):
            # mlir-opt's test dialect is only partly implemented in Lamina.
            if args.file or 'test.' not in chunk:
                pieces.append((f'{name}#{i}', chunk))
    rng = random.Random(args.seed)
    flags = ['--allow-unregistered-dialect'] + args.flags.split()
    os.makedirs(args.out, exist_ok=True)
    diffs = crashes = 0
    for n in range(args.runs):
        name, text = rng.choice(pieces)
        text = mutate(text, rng) if args.mode == 'bytes' else mutate_tokens(text, rng)
        a = run([args.tool] + flags + ['-'], text, args.timeout)
        b = run([args.mlir_opt] + flags + ['-'], text, args.timeout)
        if a[0] not in (0, 1):
            crashes += 1
        if a != b:
            diffs += 1
            path = os.path.join(args.out, f'{n}.mlir')
            with open(path, 'w') as fh:
                fh.write(text)
            print(f'{path} ({name}): lamina {a[0]} {a[2][:160]!r}\n    mlir-opt {b[0]} {b[2][:160]!r}')
    print(f'{args.runs} runs, {diffs} differences, {crashes} lamina crashes or timeouts')
    return 1 if crashes else 0


if __name__ == '__main__':
    sys.exit(main())
