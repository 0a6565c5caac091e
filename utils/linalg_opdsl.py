"""The linalg named ops' OpDSL definitions, for utils/import-ods.py.

MLIR defines the bodies, indexing maps and iterator types of linalg's named
structured ops (linalg.matmul's siblings: linalg.conv_2d_nhwc_hwcf,
linalg.pooling_nhwc_max, linalg.fill, ...) in OpDSL; mlir-linalg-ods-yaml-gen
turns those definitions into the op records (LinalgNamedStructuredOps.yamlgen.td,
which the importer reads like every .td file) and into C++
(LinalgNamedStructuredOps.yamlgen.cpp.inc, shipped by Debian's libmlir-22-dev
next to the .td files). That C++ is written by a generator from a fixed
template, so it reads as data: for each op, its iterator types, its indexing
maps (with the symbols bound to the `strides`/`dilations` attributes), the
attributes whose presence and shape the op checks, and the region builder as
a list of steps (type conversions, unary/binary/ternary functions, constants,
`linalg.index`) whose results are yielded.

`parse()` turns the file into that data and `emit()` writes it as a table of
`linalg::opdsl::NamedOpSpec` (lamina/Dialect/Linalg/LinalgOpDSL.h), which
Lamina's region builder and LinalgOp interface interpret. Anything the
template does not account for is an error naming the op and the line.
"""
import collections
import re


class OpDSLError(Exception):
    pass


ITERATOR_RE = re.compile(r'utils::IteratorType::(parallel|reduction|window)')
STEP_RE = re.compile(r'Value (value\d+) = helper\.(\w+)\((.*)\);$')
ATTR_VAR_RE = re.compile(r'(\w+) (\w+) = \1::(\w+);')
ATTR_NAME_RE = re.compile(r'return attr\.getName\(\) == "(\w+)"; \}\);')
ATTR_CAST_RE = re.compile(r'llvm::dyn_cast<(\w+)Attr>\((\w+)Iter->getValue\(\)\)')
INDEX_ATTR_RE = re.compile(r'getAttrOfType<DenseElementsAttr>\("(\w+)"\)')
INDEX_SHAPE_RE = re.compile(r'attr\.getType\(\)\.getShape\(\) != ArrayRef<int64_t>\{ ([\d, ]*) \}')
BINDING_SYM_RE = re.compile(r'exprs\.push_back\(getAffineSymbolExpr\((\d+), context\)\);')
BINDING_CST_RE = re.compile(r'int64_t cst(\d+) = self\.get(\w+)\(\)\.getValues<int64_t>\(\)\[(\d+)\];')
MAP_RE = re.compile(r'mlir::parseAttribute\("(affine_map<[^"]*>)", context\)')
REPLACE_RE = re.compile(r'replaceDimsAndSymbols\(\{\}, symbolBindings, (\d+), 0\)')


def split_sections(text):
    """{op class: text of its section} in file order."""
    parts = re.split(r'// Implementation of (\w+)\n', text)
    sections = collections.OrderedDict()
    for i in range(1, len(parts), 2):
        sections[parts[i]] = parts[i + 1]
    return sections


def function_body(section, signature):
    """The text of the function whose definition starts with `signature`
    (up to its matching closing brace), or None."""
    start = section.find(signature)
    if start < 0:
        return None
    open_at = section.find("{", section.find(")", start))
    depth = 0
    quoted = False
    for i in range(open_at, len(section)):
        ch = section[i]
        if ch == '"' and section[i - 1] != "\\":
            quoted = not quoted
        elif not quoted and ch == "{":
            depth += 1
        elif not quoted and ch == "}":
            depth -= 1
            if depth == 0:
                return section[start:i]
    raise OpDSLError("unterminated function %s" % signature)


def operand_ref(text, cls):
    """('arg', i) / ('value', i) for `block.getArgument(i)` / `valueI`."""
    text = text.strip()
    m = re.fullmatch(r'block\.getArgument\((\d+)\)', text)
    if m:
        return ('arg', int(m.group(1)))
    m = re.fullmatch(r'value(\d+)', text)
    if m:
        return ('value', int(m.group(1)))
    raise OpDSLError("%s: unknown operand `%s`" % (cls, text))


def type_ref(text, cls):
    text = text.strip()
    m = re.fullmatch(r'block\.getArgument\((\d+)\)\.getType\(\)', text)
    if m:
        return ('arg', int(m.group(1)))
    m = re.fullmatch(r'helper\.getIntegerType\((\d+)\)', text)
    if m:
        return ('int', int(m.group(1)))
    if text == 'helper.getFloat32Type()':
        return ('float', 32)
    if text == 'helper.getFloat64Type()':
        return ('float', 64)
    raise OpDSLError("%s: unknown type `%s`" % (cls, text))


def split_args(text):
    """Splits a call's argument list at top-level commas."""
    args, depth, cur, quoted = [], 0, "", False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        if not quoted:
            if ch in "([{<":
                depth += 1
            elif ch in ")]}>":
                depth -= 1
            elif ch == "," and depth == 0:
                args.append(cur.strip())
                cur = ""
                continue
        cur += ch
    if cur.strip():
        args.append(cur.strip())
    return args


FN_KINDS = {"buildUnaryFn": ("unary", "UnaryFn", 1), "buildBinaryFn": ("binary", "BinaryFn", 2),
            "buildTernaryFn": ("ternary", "TernaryFn", 3), "buildTypeFn": ("type", "TypeFn", 1)}


def parse_region_builder(cls, body, attr_vars):
    steps = []
    yields = []
    for raw in body.split("\n"):
        line = raw.strip()
        if not line or line.startswith("assert(") or line.startswith('"') or line in (
                "RegionBuilderHelper helper(b, block);", "SmallVector<Value> yields;", "if (!%s)" % "x",
                "return;", "helper.yieldOutputs(yields);", "}") or line.startswith("void ") \
                or line.startswith("Block &block") or line.startswith("function_ref<"):
            continue
        if re.fullmatch(r'if \(!value\d+\)', line):
            continue
        if ATTR_VAR_RE.fullmatch(line) or line.startswith("auto ") and "Iter = llvm::find_if" in line \
                or ATTR_NAME_RE.fullmatch(line) or line.startswith("if (") and "Iter != attrs.end()" in line \
                or ATTR_CAST_RE.search(line) or re.fullmatch(r'\w+ = attr\.getValue\(\);', line):
            continue
        m = re.fullmatch(r'yields\.push_back\((.*)\);', line)
        if m:
            yields.append(operand_ref(m.group(1), cls))
            continue
        m = STEP_RE.fullmatch(line)
        if not m:
            raise OpDSLError("%s: unknown line in regionBuilder: `%s`" % (cls, line))
        result, fn, args = m.group(1), m.group(2), split_args(m.group(3))
        index = int(result[len("value"):])
        if index != len(steps) + 1:
            raise OpDSLError("%s: steps out of order at %s" % (cls, result))
        if fn == "constant":
            steps.append(dict(kind="constant", text=args[0].strip('"')))
            continue
        if fn == "index":
            steps.append(dict(kind="index", dim=int(args[0])))
            continue
        if fn not in FN_KINDS:
            raise OpDSLError("%s: unknown helper %s" % (cls, fn))
        kind, enum, arity = FN_KINDS[fn]
        if args and args[-1] == "emitError":
            args = args[:-1]
        fn_arg = args[0]
        step = dict(kind=kind)
        m = re.fullmatch(r'%s::(\w+)' % enum, fn_arg)
        if m:
            step["fn"] = m.group(1)
            step["attr"] = None
        elif fn_arg in attr_vars:
            var_enum, default, attr = attr_vars[fn_arg]
            if var_enum != enum:
                raise OpDSLError("%s: %s is a %s, not a %s" % (cls, fn_arg, var_enum, enum))
            step["fn"] = default
            step["attr"] = attr
        else:
            raise OpDSLError("%s: unknown function `%s`" % (cls, fn_arg))
        rest = args[1:]
        if kind == "type":
            step["type"] = type_ref(rest[0], cls)
            rest = rest[1:]
        if len(rest) != arity:
            raise OpDSLError("%s: %s expects %d operands, got `%s`" % (cls, fn, arity, ", ".join(rest)))
        step["operands"] = [operand_ref(r, cls) for r in rest]
        steps.append(step)
    return steps, yields


def parse_attr_vars(cls, body):
    """{variable: (enum, default case, attribute name)} of the attribute
    functions a region builder reads (`TypeFn castVal = TypeFn::cast_signed;`
    then a lookup of attribute "cast")."""
    result = {}
    lines = [l.strip() for l in body.split("\n")]
    for i, line in enumerate(lines):
        m = ATTR_VAR_RE.fullmatch(line)
        if not m:
            continue
        enum, var, default = m.groups()
        name = None
        for follow in lines[i + 1:i + 4]:
            n = ATTR_NAME_RE.search(follow)
            if n:
                name = n.group(1)
                break
        if not name:
            raise OpDSLError("%s: attribute of %s not found" % (cls, var))
        result[var] = (enum, default, name)
    return result


def parse_section(cls, section):
    spec = dict(cls=cls)
    m = re.search(r'unsigned %s::getNumRegionArgs\(\) \{ return (\d+); \}' % cls, section)
    if not m:
        raise OpDSLError("%s: no getNumRegionArgs" % cls)
    spec["num_region_args"] = int(m.group(1))
    iters = function_body(section, "SmallVector<utils::IteratorType> %s::getIteratorTypesArray()" % cls)
    if iters is None:
        raise OpDSLError("%s: no getIteratorTypesArray" % cls)
    if "getRank(getDpsInitOperand(0))" in iters:
        spec["rank_polymorphic"] = True
        spec["iterators"] = ""
    else:
        spec["rank_polymorphic"] = False
        spec["iterators"] = "".join(t[0] for t in ITERATOR_RE.findall(iters))
    maps = function_body(section, "ArrayAttr %s::getIndexingMaps()" % cls)
    if maps is None:
        raise OpDSLError("%s: no getIndexingMaps" % cls)
    if spec["rank_polymorphic"]:
        if "scalarMap" not in maps or "tensorMap" not in maps:
            raise OpDSLError("%s: rank-polymorphic op with explicit maps" % cls)
        spec["maps"] = []
        spec["num_dims"] = 0
        spec["memoize"] = False
    else:
        spec["maps"] = MAP_RE.findall(maps)
        dims = set(REPLACE_RE.findall(maps))
        if len(dims) != 1 or not spec["maps"]:
            raise OpDSLError("%s: unexpected indexing maps" % cls)
        spec["num_dims"] = int(dims.pop())
        spec["memoize"] = "linalg.memoized_indexing_maps" in maps
    bindings = []
    sym = function_body(section, "static SmallVector<AffineExpr> getSymbolBindings(%s self)" % cls)
    if sym is not None:
        for line in sym.split("\n"):
            line = line.strip()
            m = BINDING_SYM_RE.fullmatch(line)
            if m:
                if int(m.group(1)) != len(bindings):
                    raise OpDSLError("%s: symbol binding out of order" % cls)
                bindings.append(None)
                continue
            m = BINDING_CST_RE.fullmatch(line)
            if m:
                if int(m.group(1)) != len(bindings):
                    raise OpDSLError("%s: constant binding out of order" % cls)
                attr = re.sub(r'(?<!^)([A-Z])', r'_\1', m.group(2)).lower()
                bindings.append((attr, int(m.group(3))))
    spec["bindings"] = bindings
    spec["dynamic_maps"] = bool(re.search(r'bool %s::hasDynamicIndexingMaps\(\) \{ return true; \}' % cls, section))
    index_attrs = []
    req = function_body(section, "LogicalResult %s::verifyIndexingMapRequiredAttributes()" % cls)
    if req is not None:
        names = INDEX_ATTR_RE.findall(req)
        shapes = INDEX_SHAPE_RE.findall(req)
        if len(names) != len(shapes):
            raise OpDSLError("%s: unexpected index attribute checks" % cls)
        for n, s in zip(names, shapes):
            dims = [int(x) for x in s.split(",") if x.strip()]
            if len(dims) != 1:
                raise OpDSLError("%s: index attribute %s of rank %d" % (cls, n, len(dims)))
            index_attrs.append((n, dims[0]))
    spec["index_attrs"] = index_attrs
    rb = function_body(section, "void %s::regionBuilder(" % cls)
    if rb is None:
        raise OpDSLError("%s: no regionBuilder" % cls)
    attr_vars = parse_attr_vars(cls, rb)
    spec["attr_vars"] = attr_vars
    spec["steps"], spec["yields"] = parse_region_builder(cls, rb, attr_vars)
    if not spec["yields"]:
        raise OpDSLError("%s: nothing yielded" % cls)
    return spec


def parse(text):
    """{op class: spec} for every named op of the file."""
    specs = collections.OrderedDict()
    for cls, section in split_sections(text).items():
        specs[cls] = parse_section(cls, section)
    return specs


def cpp_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def ref_expr(ref):
    kind, i = ref
    return "{opdsl::Ref::%s, %d}" % ("Arg" if kind == "arg" else "Value", i)


def type_expr(t):
    kind, v = t
    return "{opdsl::TypeRef::%s, %d}" % ({"arg": "ArgType", "int": "Integer", "float": "Float"}[kind], v)


def emit_spec(spec, opname, ident):
    o = []
    steps = []
    for s in spec["steps"]:
        k = s["kind"]
        if k == "constant":
            steps.append("{opdsl::StepKind::Constant, 0, nullptr, {}, {}, 0, %s, 0}" % cpp_string(s["text"]))
            continue
        if k == "index":
            steps.append("{opdsl::StepKind::Index, 0, nullptr, {}, {}, 0, nullptr, %d}" % s["dim"])
            continue
        enum = {"unary": "UnaryFn", "binary": "BinaryFn", "ternary": "TernaryFn", "type": "TypeFn"}[k]
        ops = ", ".join(ref_expr(r) for r in s["operands"])
        steps.append("{opdsl::StepKind::%s, uint8_t(%s::%s), %s, %s, {%s}, %d, nullptr, 0}" % (
            k.capitalize(), enum, s["fn"], cpp_string(s["attr"]) if s["attr"] else "nullptr",
            type_expr(s["type"]) if k == "type" else "{}", ops, len(s["operands"])))
    if steps:
        o.append("const opdsl::Step %sSteps[] = {\n    %s};\n" % (ident, ",\n    ".join(steps)))
    o.append("const opdsl::Ref %sYields[] = {%s};\n" % (ident, ", ".join(ref_expr(r) for r in spec["yields"])))
    if spec["maps"]:
        o.append("const char *const %sMaps[] = {\n    %s};\n" % (
            ident, ",\n    ".join(cpp_string(m) for m in spec["maps"])))
    if spec["bindings"]:
        o.append("const opdsl::SymbolBinding %sSymbols[] = {%s};\n" % (ident, ", ".join(
            "{nullptr, 0}" if b is None else "{%s, %d}" % (cpp_string(b[0]), b[1]) for b in spec["bindings"])))
    if spec["index_attrs"]:
        o.append("const opdsl::IndexAttr %sIndexAttrs[] = {%s};\n" % (ident, ", ".join(
            "{%s, %d}" % (cpp_string(n), s) for n, s in spec["index_attrs"])))
    return "".join(o)


def emit_table(specs, opnames):
    """The C++ definitions of the specs (`opnames`: op class -> op name):
    per-op arrays, then `opdsl::namedOpSpecs`."""
    o = []
    entries = []
    for cls, spec in specs.items():
        ident = "k" + cls
        o.append("\n// %s\n" % opnames[cls])
        o.append(emit_spec(spec, opnames[cls], ident))
        fields = [
            cpp_string(opnames[cls]),
            str(spec["num_region_args"]),
            "true" if spec["rank_polymorphic"] else "false",
            cpp_string(spec["iterators"]),
            "%sMaps" % ident if spec["maps"] else "{}",
            str(spec["num_dims"]),
            "%sSymbols" % ident if spec["bindings"] else "{}",
            "true" if spec["memoize"] else "false",
            "true" if spec["dynamic_maps"] else "false",
            "%sIndexAttrs" % ident if spec["index_attrs"] else "{}",
            "%sSteps" % ident if spec["steps"] else "{}",
            "%sYields" % ident,
        ]
        entries.append("    {%s}" % ", ".join(fields))
    o.append("\n} // namespace\n\n")
    o.append("ArrayRef<opdsl::NamedOpSpec> opdsl::getNamedOpSpecs() {\n")
    o.append("  static const opdsl::NamedOpSpec specs[] = {\n%s};\n  return specs;\n}\n" % ",\n".join(entries))
    return "".join(o)


def emit_header_text(specs, banner_line, note):
    """LinalgNamedOps.gen.h: the X-macro listing the named op classes."""
    o = [banner_line, note, "#pragma once\n\n"]
    o.append("/// The named structured ops (OpDSL), by C++ class: X(CopyOp) ...\n")
    o.append("#define LINALG_NAMED_OPS(X) \\\n")
    o.append(" \\\n".join("  X(%s)" % cls for cls in specs))
    o.append("\n")
    return "".join(o)


def emit_source_text(specs, opnames, banner_line, note):
    """LinalgNamedOps.gen.cpp: the OpDSL definitions as data."""
    o = [banner_line, note]
    o.append('#include "lamina/Dialect/Linalg/LinalgDialect.h"\n')
    o.append('#include "lamina/Dialect/Linalg/LinalgOpDSL.h"\n\n')
    o.append("using namespace lamina;\nusing namespace lamina::linalg;\n\nnamespace {\n")
    o.append(emit_table(specs, opnames))
    return "".join(o)
