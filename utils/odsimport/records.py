"""The TableGen records (llvm-tblgen --dump-json) and the predicate trees built from them.

Part of utils/import-ods.py (see its docstring); each module of the package builds on the
ones before it."""

from .cpp import *  # noqa: F401,F403


#===------------------------------------------------------------------------===#
# Records
#===------------------------------------------------------------------------===#

class Records:
    def __init__(self, data):
        self.d = data
        self.instanceof = data["!instanceof"]

    def __getitem__(self, name):
        return self.d[name]

    def get(self, name):
        return self.d.get(name)

    def isa(self, name, cls):
        r = self.d.get(name)
        return r is not None and cls in r["!superclasses"]

    def defs_of(self, cls):
        return self.instanceof.get(cls, [])


def load_records(cfg, td_dir, tblgen):
    """The records of the dialect's .td files, from one llvm-tblgen run (the
    names of anonymous records are only unique within a run)."""
    with tempfile.TemporaryDirectory() as tmp:
        inc = os.path.join(tmp, "inc")
        os.makedirs(inc)
        os.symlink(os.path.abspath(td_dir), os.path.join(inc, "mlir"))
        top = os.path.join(tmp, "records.td")
        with open(top, "w") as f:
            for td in cfg.tds:
                f.write('include "mlir/%s"\n' % td)
        out = os.path.join(tmp, "records.json")
        # A .td file may include its siblings by their bare names (ArmSME's `include "ArmSME.td"`).
        dirs = sorted({os.path.dirname(os.path.join(inc, "mlir", td)) for td in cfg.tds})
        args = [tblgen, "--dump-json", "-I", inc] + [a for d in dirs for a in ("-I", d)]
        subprocess.run(args + [top, "-o", out], check=True)
        with open(out) as f:
            return Records(json.load(f))


def ref(v):
    """The record name of a `def` value, or None."""
    if isinstance(v, dict) and v.get("kind") == "def":
        return v["def"]
    return None


#===------------------------------------------------------------------------===#
# Predicates
#===------------------------------------------------------------------------===#

def pred_condition(R, name):
    """The C++ condition of a Pred record, as mlir-tblgen's Pred::getCondition."""
    tree = build_pred_tree(R, name, [])
    tree = propagate_truth(tree)
    return combined_condition(tree)


def perform_substitutions(s, substs):
    for pat, rep in reversed(substs):
        pos = s.find(pat)
        while pos != -1:
            s = s[:pos] + rep + s[pos + len(pat):]
            pos = s.find(pat, pos + len(rep))
    return s


def build_pred_tree(R, name, substs):
    r = R[name]
    sc = r["!superclasses"]
    if "CombinedPred" not in sc:
        return {"kind": "leaf", "expr": perform_substitutions(r["predExpr"], substs), "name": name, "children": []}
    kind = {"PredCombinerAnd": "and", "PredCombinerOr": "or", "PredCombinerNot": "not",
            "PredCombinerSubstLeaves": "subst", "PredCombinerConcat": "concat"}[ref(r["kind"])]
    node = {"kind": kind, "name": name, "children": []}
    all_substs = list(substs)
    if kind == "subst":
        all_substs.append((r["pattern"], r["replacement"]))
    elif kind == "concat":
        node["prefix"] = perform_substitutions(r["prefix"], substs)
        node["suffix"] = perform_substitutions(r["suffix"], substs)
    for c in r["children"]:
        node["children"].append(build_pred_tree(R, ref(c), all_substs))
    return node


def propagate_truth(node):
    if node["kind"] == "subst":
        return node
    if node["kind"] == "and" and not node["children"]:
        node["kind"] = "true"
        return node
    if node["kind"] == "or" and not node["children"]:
        node["kind"] = "false"
        return node
    children = node["children"]
    node["children"] = []
    for c in children:
        c = propagate_truth(c)
        if node["kind"] not in ("and", "or"):
            node["children"].append(c)
            continue
        collapse = "false" if node["kind"] == "and" else "true"
        erase = "true" if node["kind"] == "and" else "false"
        if c["kind"] == collapse:
            node["kind"] = collapse
            node["children"] = []
            return node
        if c["kind"] == erase:
            continue
        node["children"].append(c)
    return node


def combined_condition(node):
    k = node["kind"]
    if k == "leaf":
        return node["expr"]
    if k == "true":
        return "true"
    if k == "false":
        return "false"
    ch = [combined_condition(c) for c in node["children"]]
    if k in ("and", "or"):
        if not ch:
            return "true" if k == "and" else "false"
        if len(ch) == 1:
            return ch[0]
        op = " && " if k == "and" else " || "
        return "(" + ch[0] + ")" + "".join(op + "(" + c + ")" for c in ch[1:])
    if k == "not":
        return "!(" + ch[0] + ")"
    if k == "concat":
        return node["prefix"] + ch[0] + node["suffix"]
    if k == "subst":
        return ch[0]
    raise ValueError(k)
