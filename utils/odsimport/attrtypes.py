"""Attribute and type definitions (AttrDef/TypeDef records) and the dialect's own classes.

Part of utils/import-ods.py (see its docstring); each module of the package builds on the
ones before it."""

from .importer import *  # noqa: F401,F403


#===------------------------------------------------------------------------===#
# Attribute and type definitions
#===------------------------------------------------------------------------===#

# Parameter C++ types (ODS cppType, without ::mlir::) -> the Lamina storage type.
PARAM_TYPES = {
    "Type": "Type", "Attribute": "Attribute", "TypedAttr": "TypedAttr", "StringAttr": "StringAttr",
    "::llvm::StringRef": "std::string_view", "llvm::StringRef": "std::string_view", "StringRef": "std::string_view",
    "int64_t": "int64_t", "uint64_t": "uint64_t", "int32_t": "int32_t", "uint32_t": "uint32_t",
    "unsigned": "unsigned", "int": "int", "bool": "bool",
    "::llvm::ArrayRef<int64_t>": "ArrayRef<int64_t>",
    "IntegerAttr": "IntegerAttr", "FloatAttr": "FloatAttr", "ArrayAttr": "ArrayAttr",
    "DictionaryAttr": "DictionaryAttr", "FlatSymbolRefAttr": "FlatSymbolRefAttr", "SymbolRefAttr": "SymbolRefAttr",
    "AffineMap": None, "::llvm::APFloat": "APFloat", "llvm::APFloat": "APFloat", "APFloat": "APFloat",
    "::llvm::APInt": "APInt", "llvm::APInt": "APInt", "APInt": "APInt",
    # sparse_tensor's level and dimension numbers.
    "Level": "uint64_t", "Dimension": "uint64_t",
}


def import_attr_type_defs(imp):
    R = imp.R
    for cls_name, is_type in (("AttrDef", False), ("TypeDef", True)):
        for k in R.defs_of(cls_name):
            r = R[k]
            if ref(r.get("dialect")) != imp.cfg.record or not imp.cfg.owns(r):
                continue
            if r["cppClassName"] in imp.cfg.handwritten:
                continue   # the dialect defines and registers the class itself
            where = ("type " if is_type else "attribute ") + k
            d = dict(rec=k, is_type=is_type, cls=r["cppClassName"], mnemonic=r.get("mnemonic"),
                     summary=norm(r.get("summary") or ""), params=[], format=None,
                     custom=bool(r.get("hasCustomAssemblyFormat")), verify=bool(r.get("genVerifyDecl")),
                     typed=False, enum=None, alias=bool(r.get("genMnemonicAlias")))
            d["interfaces"] = []
            # A builder with inferred context (`get(elementType)`, the
            # context taken from its first parameter).
            d["inferred_ctx"] = False
            # skipDefaultBuilders with a body-less builder of the same
            # parameters: MLIR's `get` is hand-written (it normalizes, as
            # sparse_tensor's storage_specifier does); so is getChecked.
            d["hand_get"] = False
            for b in r.get("builders") or []:
                br = R[ref(b)] if ref(b) else None
                if br and r.get("skipDefaultBuilders") and not (br.get("body") or "").strip() and \
                        not br.get("hasInferredContextParam"):
                    d["hand_get"] = [a[1] for a in ((br.get("dagParams") or {}).get("args") or [])]
                if br and br.get("hasInferredContextParam"):
                    args = (br.get("dagParams") or {}).get("args") or []
                    own = lambda c: re.sub(r'^(::)?mlir::(%s::)?' % imp.cfg.ns, '', c)
                    # The context comes from the first parameter: a Type or
                    # Attribute, or a hand-written interface class of the
                    # dialect (ptr's PtrLikeTypeInterface).
                    if args and all(isinstance(a[0], str) for a in args) and \
                            (args[0][0] in ("Type", "Attribute", "::mlir::Type", "::mlir::Attribute") or
                             own(args[0][0]) in imp.cfg.hand_interfaces):
                        d["inferred_ctx"] = [own(a[0]) if own(a[0]) in imp.cfg.hand_interfaces else
                                             a[0].replace("::mlir::", "") for a in args]
            for t in r.get("traits") or []:
                if ref(t) == "TypedAttrInterface":
                    d["typed"] = True
                elif R[ref(t)].get("cppInterfaceName") == "TypedAttr" and not d["is_type"]:
                    d["typed"] = "declared"   # getType written by hand
                elif imp.is_own_interface(ref(t)):
                    # A hand-written interface class answers for its
                    # implementers itself.
                    if R[ref(t)]["cppInterfaceName"] not in imp.cfg.hand_interfaces:
                        d["interfaces"].append(imp.interface_class(ref(t)))
                elif R[ref(t)].get("cppInterfaceName") in EXTERNAL_ATTR_INTERFACES:
                    cls, hdr = EXTERNAL_ATTR_INTERFACES[R[ref(t)]["cppInterfaceName"]]
                    d["interfaces"].append(cls)
                    imp.includes.add(hdr)
                else:
                    imp.unimplemented[R[ref(t)].get("cppInterfaceName") or ref(t)] += 1
            if "EnumAttr" in r["!superclasses"]:
                d["enum"] = imp.enum_info(ref(r["enum"]), where)
            fmt = r.get("assemblyFormat")
            if isinstance(fmt, str):
                d["format"] = fmt
                for name in re.findall(r'custom<(\w+)>', fmt):
                    imp.def_directives.add(name)
            ok = True
            for p, pname in r["parameters"]["args"]:
                pd = ref(p)
                ptype, spec = None, {}
                if pd is None:  # a plain string parameter: the C++ type
                    cpp = p if isinstance(p, str) else ""
                else:
                    pr = R[pd]
                    cpp = pr.get("cppType") or ""
                    # A dialect's C++ aliases (shard's GridAxesAttr) by its rewrites.
                    for pat, rep in imp.cfg.rewrites:
                        cpp = re.sub(pat, rep, cpp)
                    psc = pr["!superclasses"]
                    if "EnumParameter" in psc:
                        ptype = imp.enum_cpp_type(cpp)
                        spec["enum"] = imp.enum_info_by_cpp(cpp, where)
                    if "AttributeSelfTypeParameter" in psc:
                        spec["selfType"] = True
                    if "OptionalParameter" in psc or (pr.get("defaultValue") or "").strip():
                        spec["optional"] = True
                        # A non-zero literal default of an integer, bool or
                        # string parameter (NVVM's `O = 2`, `chip = "sm_50"`).
                        dv = (pr.get("defaultValue") or "").strip()
                        # A constant of the class (`kOptionalSpecValue`,
                        # ptr's `std::numeric_limits<uint32_t>::max()`).
                        dv = class_constant(r.get("extraClassDeclaration") or "", dv) or dv
                        if re.match(r'-?\d+$', dv) and int(dv) != 0:
                            spec["default"] = "defaultInt(%s)" % dv
                        elif dv == "true":
                            spec["default"] = "defaultBool(true)"
                        elif re.match(r'"(?:[^"\\]|\\.)+"$', dv):
                            spec["default"] = "defaultString(%s)" % dv
                        elif dv:
                            # Any other default (an attribute class's, built
                            # with the context: emit.default_param_attr).
                            spec["defaultAttr"] = dv
                    if pd in imp.cfg.param_specs:
                        spec["handParam"] = imp.cfg.param_specs[pd]
                    elif pr.get("parser") and "EnumParameter" not in psc:
                        spec["customParser"] = True
                if ptype is None and not spec.get("customParser") and imp.own_enum_record(cpp):
                    ptype = imp.enum_cpp_type(cpp)
                    spec["enum"] = imp.enum_info_by_cpp(cpp, where)
                    spec["enumField"] = True   # FieldParser and operator<<
                if ptype is None:
                    short = re.sub(r'^(::)?mlir::', '', cpp.strip())
                    own = imp.own_param_class(short)
                    if short == "AffineMap":
                        ptype = "AffineMap"
                        spec["affineMap"] = True
                    elif own:
                        # An attribute/type class or interface of the dialect.
                        ptype, spec["classParam"] = own
                    elif imp.array_param(short, spec):
                        ptype = spec.pop("arrayType")
                    elif re.match(r'std::optional<\s*(unsigned|unsigned int|uint64_t|uint32_t|int|int32_t|int64_t)\s*>$', short):
                        ptype = "std::optional<%s>" % re.match(r'std::optional<\s*(.*?)\s*>$', short).group(1)
                    elif short in BUILTIN_ATTR_CLASSES and short != "Attribute" or short == "FusedLoc":
                        # A builtin attribute class: "invalid kind of attribute specified" otherwise.
                        ptype, spec["classParam"] = short, "isa"
                    elif short in PARAM_TYPES:
                        ptype = PARAM_TYPES[short]
                    elif re.match(r'(\w+)::(\w+)$', short) and short.split("::")[0] in DIALECT_NAMESPACES:
                        ptype = short
                    elif short in KNOWN_CLASSES:
                        ptype = short
                    else:
                        # ArrayRefParameter<"SomeAttr"> (ArrayOfAttr): an array of attributes.
                        m = re.match(r'(::)?(llvm::)?ArrayRef<\s*(::)?(mlir::)?(\w+)\s*>$', cpp.strip())
                        if m and (m.group(5) in imp.own_attr_classes() or
                                  PARAM_TYPES.get(m.group(5), "").endswith("Attr") or m.group(5) == "Attribute"):
                            ptype = "ArrayRef<%s>" % m.group(5)
                if ptype is None:
                    if d["custom"]:
                        d["params"].append(dict(name=pname, type=None, cpp=cpp, **spec))
                        continue
                    imp.error(where, "parameter %s: unsupported C++ type %s" % (pname, cpp))
                    ok = False
                    continue
                d["params"].append(dict(name=pname, type=ptype, cpp=cpp, **spec))
            if any(p.get("customParser") for p in d["params"]) and not d["custom"]:
                imp.error(where, "parameters with custom parsers")
            if ok:
                (imp.type_defs if is_type else imp.attr_defs).append(d)
    # A class whose parameters name another of the dialect's classes
    # (ArrayRef<VariadicityAttr>) is declared after it.
    for defs in (imp.attr_defs, imp.type_defs):
        ordered, placed = [], set()
        pending = list(defs)
        while pending:
            for d in pending:
                uses = {c for p in d["params"] if p.get("type") for c in re.findall(r'\w+', p["type"])}
                if not (uses & ({x["cls"] for x in pending} - {d["cls"]})):
                    break
            else:
                d = pending[0]
            pending.remove(d)
            ordered.append(d)
        defs[:] = ordered


def class_constant(decls, name):
    """The value of `static constexpr T name = V;` in an extraClassDeclaration,
    as a decimal literal, when V is one or std::numeric_limits<T>::max()/min()
    of a fixed-width integer type; else None."""
    if not re.match(r'\w+$', name):
        return None
    m = re.search(r'static\s+constexpr\s+[\w:]+\s+%s\s*=\s*([^;]+);' % name, decls)
    if not m:
        return None
    v = m.group(1).strip()
    if re.match(r'-?\d+$', v):
        return v
    m = re.match(r'(?:::)?std::numeric_limits<\s*(u?)int(8|16|32|64)_t\s*>::(max|min)\(\)$', v)
    if not m:
        return None
    bits, unsigned = int(m.group(2)), m.group(1) == "u"
    if m.group(3) == "max":
        return str((1 << bits) - 1 if unsigned else (1 << (bits - 1)) - 1)
    return "0" if unsigned else str(-(1 << (bits - 1)))


def array_param(self, cpp, spec):
    """For an `ArrayRef<T>` parameter: sets spec["arrayType"] (the storage
    type) and, for arrays of attributes or types, spec["arrayOf"] (how each
    element parses: 'class', 'isa' or 'plain'); False for other types."""
    m = re.match(r'(?:(?:::)?llvm::)?ArrayRef<\s*(.+?)\s*>$', cpp)
    if not m:
        return False
    elem = re.sub(r'^(::)?mlir::', '', m.group(1))
    if elem in ("unsigned", "unsigned int", "uint64_t", "uint32_t"):
        spec["arrayType"] = "ArrayRef<%s>" % ("unsigned" if elem.startswith("unsigned") else elem)
        return True
    own = self.own_param_class(elem)
    if own:
        spec["arrayType"], spec["arrayOf"] = "ArrayRef<%s>" % own[0], own[1]
    elif elem in ("Type", "Attribute"):
        spec["arrayType"], spec["arrayOf"] = "ArrayRef<%s>" % elem, "plain"
    elif elem in BUILTIN_ATTR_CLASSES or re.match(r'Dense(Bool|I8|I16|I32|I64|F32|F64)ArrayAttr$', elem):
        spec["arrayType"], spec["arrayOf"] = "ArrayRef<%s>" % elem, "isa"
    else:
        return False
    spec["element"] = spec["arrayType"][len("ArrayRef<"):-1]
    return True


Importer.array_param = array_param


def own_param_class(self, cpp):
    """For a parameter's C++ type naming an attribute/type class of the
    dialect (`KernelTableAttr`) or one of its attribute/type interfaces
    (`DIScopeAttr`): (class name, 'class' or 'isa'); else None."""
    name = cpp[len(self.cfg.ns) + 2:] if cpp.startswith(self.cfg.ns + "::") else cpp
    if not re.match(r'\w+$', name):
        return None
    if name in self.cfg.handwritten:
        return name, "isa"   # a hand-written class (LLVM's DIScopeAttr base class)
    for cls in ("AttrDef", "TypeDef"):
        for k in self.R.defs_of(cls):
            r = self.R[k]
            if ref(r.get("dialect")) == self.cfg.record and r.get("cppClassName") == name:
                return name, ("class" if (r.get("mnemonic") or r.get("hasCustomAssemblyFormat")) else "isa")
    for cls in ("AttrInterface", "TypeInterface"):
        for k in self.R.defs_of(cls):
            if self.R[k].get("cppInterfaceName") == name and self.is_own_interface(k):
                return self.interface_class(k), "isa"
    return None


def is_own_interface(self, rec):
    """An attribute/type interface of this dialect's namespace."""
    r = self.R[rec]
    sc = r["!superclasses"]
    if "AttrInterface" not in sc and "TypeInterface" not in sc:
        return False
    ns = re.sub(r'^(::)?mlir::', '', (r.get("cppNamespace") or "").strip()).strip(":")
    return ns == self.cfg.ns


def interface_class(self, rec):
    """Records an attribute/type interface to generate; its class name."""
    r = self.R[rec]
    name = r["cppInterfaceName"]
    self.attr_interfaces[name] = dict(rec=rec, name=name, is_type="TypeInterface" in r["!superclasses"],
                                      description=norm(r.get("description") or ""),
                                      methods=len(r.get("methods") or []))
    return name


def own_attr_classes(self):
    """The C++ class names of this dialect's AttrDefs."""
    return {self.R[k]["cppClassName"] for k in self.R.defs_of("AttrDef")
            if ref(self.R[k].get("dialect")) == self.cfg.record}


Importer.is_own_interface = is_own_interface
Importer.own_attr_classes = own_attr_classes
Importer.interface_class = interface_class


def enum_cpp_type(self, cpp):
    short = re.sub(r'^(::)?mlir::', '', cpp.strip())
    if short.startswith(self.cfg.ns + "::"):
        return short[len(self.cfg.ns) + 2:]
    # An enum of a namespace that is not a dialect's (MLIR's utils::
    # IteratorType) is emitted in the dialect's namespace.
    m = re.match(r'(\w+)::(\w+)$', short)
    if m and m.group(1) not in DIALECT_NAMESPACES:
        for k in self.R.defs_of("EnumAttrInfo") + self.R.defs_of("EnumInfo"):
            r = self.R[k]
            ns = re.sub(r'^(::)?mlir::', '', (r.get("cppNamespace") or "").strip()).strip(":")
            if r.get("className") == m.group(2) and ns == m.group(1):
                return m.group(2)
    return short


def own_enum_record(self, cpp):
    """The enum record of C++ type `cpp` (qualified, or unqualified in the
    dialect's namespace), or None."""
    short = re.sub(r'^(::)?mlir::', '', cpp.strip())
    for k in self.R.defs_of("EnumAttrInfo") + self.R.defs_of("EnumInfo"):
        r = self.R[k]
        ns = re.sub(r'^(::)?mlir::', '', (r.get("cppNamespace") or "").strip()).strip(":")
        if (ns + "::" + r["className"]) == short:
            return k
        # An enum of the dialect's namespace or of one nested in it, named
        # from the dialect's namespace (LLVM's `linkage::Linkage`) or
        # unqualified (`TailCallKind`, brought in by `using`).
        if (ns + "::").startswith(self.cfg.ns + "::") and (
                ns + "::" + r["className"]).endswith("::" + short) and short.split("::")[-1] == r["className"]:
            return k
    return None


def enum_info_by_cpp(self, cpp, where):
    short = re.sub(r'^(::)?mlir::', '', cpp.strip())
    k = self.own_enum_record(cpp)
    if k:
        return self.enum_info(k, where)
    for k, (cls, info) in EXTERNAL_ENUMS.items():
        if cls == short:
            return info
    self.error(where, "enum %s not found" % cpp)
    return "/* unknown enum */"


Importer.enum_cpp_type = enum_cpp_type
Importer.own_param_class = own_param_class
Importer.own_enum_record = own_enum_record
Importer.enum_info_by_cpp = enum_info_by_cpp
