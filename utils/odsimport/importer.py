"""The importer: ops, their operands, results, attributes, traits and interfaces, from the records.

Part of utils/import-ods.py (see its docstring); each module of the package builds on the
ones before it."""

from .records import *  # noqa: F401,F403


#===------------------------------------------------------------------------===#
# The importer
#===------------------------------------------------------------------------===#

def camel(name, upper=True):
    parts = name.split("_")
    s = "".join(p[:1].upper() + p[1:] for p in parts)
    return s if upper else s[:1].lower() + s[1:]


def cpp_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def ident(name):
    return re.sub(r'\W', '_', name)


class Importer:
    def __init__(self, cfg, R):
        self.cfg = cfg
        self.R = R
        self.dialect = R[cfg.record]
        self.cppns = self.dialect["cppNamespace"].strip(":")   # "mlir::tensor"
        self.errors = []            # (what, why)
        self.notes = []             # what is imported partially
        self.unimplemented = collections.Counter()   # interfaces declared but not implemented
        self.constraint_fns = collections.OrderedDict()   # name -> C++ text
        self.pred_fns = collections.OrderedDict()
        self.enum_defs = collections.OrderedDict()   # record -> info
        self.attr_defs = []
        self.type_defs = []
        self.ops = []
        self.hooks = []             # hand-written functions the generated code calls
        self.extra_includes = set() # headers of the interfaces the definitions implement
        self.directives = collections.OrderedDict()
        self.includes = set(cfg.includes)
        self.used_external = set()
        self.names = {}             # (kind, record) -> C++ function name
        self._own_names = None
        self._op_classes = None
        self.static_calls = set()  # (op class, static member) the definitions call
        self.op_methods = set()    # (op class, method) the predicates call
        self.enum_attr_classes = {}
        self.source_includes = set()   # headers the generated source needs
        self.attr_interfaces = collections.OrderedDict()   # attribute/type interfaces to declare
        self.def_directives = set()  # custom<...> directives of attribute/type formats

    def error(self, what, why):
        self.errors.append((what, why))

    def tr(self, expr, subst, op_class=None, self_expr=None):
        """translate_cpp with the dialect's own names known."""
        for pat, rep in self.cfg.rewrites:
            expr = re.sub(pat, rep, expr)
        out = translate_cpp(expr, subst, own_names=self.own_names(), op_class=op_class, own_ns=self.cfg.ns,
                            op_classes=self.op_classes(), static_calls=self.static_calls,
                            op_methods=self.op_methods, self_expr=self_expr)
        # The specialized attribute classes of integer enums it uses are
        # emitted with their enum.
        for cls, rec in self.enum_attr_classes.items():
            if re.search(r'\b%s\b' % cls, out):
                self.enum_info(rec, "predicate")
        # The dialect's attribute interfaces it names are declared (the type
        # interfaces that predicates use are hand-written classes).
        for k in self.R.defs_of("AttrInterface"):
            name = self.R[k].get("cppInterfaceName")
            if name and name not in self.cfg.handwritten and self.is_own_interface(k) and \
                    re.search(r'\b%s\b' % name, out):
                self.interface_class(k)
        return out

    def op_classes(self):
        """The C++ classes of the dialect's ops."""
        if self._op_classes is None:
            self._op_classes = {op_class_name(k, self.dialect) for k in self.R.defs_of("Op")
                                if ref(self.R[k]["opDialect"]) == self.cfg.record}
        return self._op_classes

    def own_names(self):
        """The C++ names the dialect's records define (enums, attribute,
        type and op classes, interfaces)."""
        if self._own_names is None:
            names = set()
            ns = self.dialect["cppNamespace"].strip(":")
            for cls in ("EnumAttrInfo", "EnumInfo"):
                for k in self.R.defs_of(cls):
                    r = self.R[k]
                    ens = (r.get("cppNamespace") or "").strip(":")
                    if ens == ns or ens.startswith(ns + "::"):   # also LLVM's nested linkage::Linkage
                        names.add(r["className"])
            for cls in ("AttrDef", "TypeDef"):
                for k in self.R.defs_of(cls):
                    r = self.R[k]
                    if ref(r.get("dialect")) == self.cfg.record:
                        names.add(r["cppClassName"])
            for k in self.R.defs_of("Op"):
                if ref(self.R[k]["opDialect"]) == self.cfg.record:
                    names.add(op_class_name(k, self.dialect))
            for cls in ("AttrInterface", "TypeInterface", "OpInterface"):
                for k in self.R.defs_of(cls):
                    r = self.R[k]
                    if (r.get("cppNamespace") or "").strip(":") == ns and r.get("cppInterfaceName"):
                        names.add(r["cppInterfaceName"])
            # ODS's specialized attribute classes of integer enums.
            self.enum_attr_classes = {}
            for k in self.R.defs_of("EnumAttrInfo"):
                r = self.R[k]
                ens = (r.get("cppNamespace") or "").strip(":")
                sc = r["!superclasses"]
                if (ens == ns or ens.startswith(ns + "::")) and r.get("genSpecializedAttr") and \
                        ("IntEnumAttr" in sc or "IntEnumAttrBase" in sc) and r.get("specializedAttrClassName"):
                    self.enum_attr_classes[r["specializedAttrClassName"]] = k
                    names.add(r["specializedAttrClassName"])
            names |= self.cfg.handwritten
            self._own_names = names
        return self._own_names

    #===--------------------------------------------------------------------===#
    # Type constraints
    #===--------------------------------------------------------------------===#

    def type_constraint(self, name, where):
        """A C++ expression building the ods::TypeConstraint of record `name`."""
        if name in NAMED_TYPES:
            return NAMED_TYPES[name]
        r = self.R[name]
        fn = self.constraint_name("type", name, where)
        if fn in self.constraint_fns:
            return fn + "()"
        summary = r.get("summary") or ""
        pred = ref(r.get("predicate"))
        body = []
        if pred:
            cond = pred_condition(self.R, pred)
            try:
                cpp = self.tr(cond, {"$_self": "self"})
            except Untranslatable as e:
                self.error(where, "type constraint %s (%s): unknown %s in `%s`" % (name, summary, e, norm(cond)))
                cpp = "true"
            pfn = "is" + fn[:1].upper() + fn[1:]
            self.pred_fns[pfn] = "/// %s: %s\nstatic bool %s(Type self) { return %s; }\n" % (
                name, summary, pfn, cpp)
            body.append("  ods::TypeConstraint c(%s, %s);" % (cpp_string(summary), pfn))
        else:
            body.append("  ods::TypeConstraint c;")
            body.append("  c.summary = %s;" % cpp_string(summary))
        build = (r.get("builderCall") or "").strip()
        # `X::get()` without a context never compiles in MLIR either: ODS
        # emits such a builder only where a format needs it.
        if re.search(r'::get\(\)$', build):
            build = ""
        if build:
            try:
                b = self.tr(build, {"$_builder": "b"})
                body.append("  c.build = [](MLIRContext *ctx) -> Type {\n    Builder b(ctx);\n    return %s;\n  };" % b)
            except Untranslatable as e:
                self.error(where, "type constraint %s: builder `%s`: unknown %s" % (name, build, e))
        cls = self.type_class(r.get("cppType") or "::mlir::Type")
        if cls:
            body.append("  c.cppClass = %s;" % cls)
        self.constraint_fns[fn] = "static ods::TypeConstraint %s() {\n%s\n  return c;\n}\n" % (fn, "\n".join(body))
        return fn + "()"

    def constraint_name(self, kind, rec, where):
        """The C++ function of a constraint record: `type<Record>` /
        `attr<Record>`, or for anonymous records (whose names tblgen numbers)
        a name from their first use (`typeExtractSliceOpOffsets`)."""
        key = (kind, rec)
        if key not in self.names:
            if self.R[rec].get("!anonymous"):
                base = kind + "".join(camel(w) for w in re.split(r'[\s.]+', where) if w)
            else:
                base = kind + camel(ident(rec))
            name = base
            i = 2
            while name in self.names.values():
                name = "%s%d" % (base, i)
                i += 1
            self.names[key] = name
        return self.names[key]

    def type_class(self, cpp):
        cpp = cpp.strip()
        short = re.sub(r'^(::)?mlir::', '', cpp)
        if short in ("Type", ""):
            return None
        if short in BUILTIN_TYPE_CLASSES:
            return "&" + BUILTIN_TYPE_CLASSES[short]
        m = re.match(r'(\w+)::(\w+)$', short)
        if m and m.group(1) == self.cfg.ns and m.group(2) in self.cfg.handwritten:
            return "ods::isaTypeClass<%s>()" % short
        if m and any(c.ns == m.group(1) and m.group(2) in c.handwritten for c in DIALECTS.values()):
            return "ods::isaTypeClass<%s>()" % short   # another dialect's hand-written class
        if m and (m.group(1) in DIALECT_NAMESPACES or m.group(1) == self.cfg.ns):
            for k in self.R.defs_of("TypeInterface"):
                if self.R[k].get("cppInterfaceName") == m.group(2):
                    return "ods::isaTypeClass<%s>()" % short
            return "ods::typeClassOf<%s>()" % short
        return None

    #===--------------------------------------------------------------------===#
    # Attribute constraints
    #===--------------------------------------------------------------------===#

    def attr_constraint(self, name, where):
        """(C++ expression, kind, default) for an attribute record: kind is
        'required', 'optional', 'default', 'defaultOptional'."""
        r = self.R[name]
        sc = r["!superclasses"]
        kind = "required"
        default = None
        base = name
        if "OptionalAttr" in sc and "DefaultValuedOptionalAttr" not in sc:
            kind = "optional"
            base = ref(r["baseAttr"])
        elif "DefaultValuedOptionalAttr" in sc:
            kind = "defaultOptional"
            default = r["defaultValue"]
            base = ref(r["baseAttr"])
        elif "DefaultValuedAttr" in sc:
            kind = "default"
            default = r["defaultValue"]
            base = ref(r["baseAttr"])
        elif (r.get("defaultValue") or "").strip() and name != "UnitAttr" and "UnitAttr" not in sc:
            # An attribute class with its own default (`let defaultValue`
            # on gpu's TransposeModeAttr): default-valued as DefaultValuedAttr;
            # ConfinedAttr<DefaultValuedOptionalAttr<...>, [...]> (omp's
            # collapse_num_loops) stays optional.
            kind = "defaultOptional" if r.get("isOptional") else "default"
            default = r["defaultValue"]
        elif "ConfinedAttr" in sc and r.get("isOptional"):
            # ConfinedAttr<OptionalAttr<...>, [...]>: optional, with the
            # whole record's predicate.
            kind = "optional"
        expr = self.attr_constraint_of(base, where)
        if default is not None:
            # An op's name as a default value (`::mlir::linalg::CopyOp::
            # getOperationName()`): the string literal.
            m = re.match(r'\s*(?:::)?(?:mlir::)?((?:\w+::)?\w+)::getOperationName\(\)\s*$', default)
            if m:
                default = '"%s"' % self.op_name_of_default(m.group(1), where)
            # `static_cast<uint64_t>(-1)`: the integer (the attribute keeps
            # its bits, printed signed as MLIR prints them).
            m = re.match(r'\s*static_cast<\s*(?:::)?(?:std::)?u?int\d+_t\s*>\(\s*(-?\d+)\s*\)\s*$', default)
            if m:
                default = m.group(1)
        if default is not None and expr is not None:
            expr = self.with_default(base, expr, default, where)
        return expr, kind, default

    def op_name_of_default(self, cls, where):
        """The name of op class `cls` (`bufferization::MaterializeInDestinationOp`):
        from the records when they hold it, else by MLIR's naming convention
        (namespace, then the class in snake case without `Op`)."""
        errors = len(self.errors)
        name = self.op_name_of_class(cls, where)
        if len(self.errors) == errors:
            return name
        del self.errors[errors:]
        ns, _, short = cls.rpartition("::")
        short = re.sub(r'Op$', '', short)
        return "%s.%s" % (ns, re.sub(r'(?<!^)(?=[A-Z])', '_', short).lower())

    def with_default(self, base, expr, default, where):
        """The constraint with a constBuilder for `default` when the base
        constraint cannot build it from its spelling."""
        if base in NAMED_ATTRS or base in self.enum_attr_names():
            return expr
        r = self.R[base]
        bsc = r["!superclasses"]
        if "EnumAttrInfo" in bsc and ("IntEnumAttrBase" in bsc or "IntEnumAttr" in bsc):
            return expr   # ods::IntEnumAttr builds defaults from the case's spelling
        call = (r.get("constBuilderCall") or "").strip()
        if not call:
            self.error(where, "default value %s of %s: no constBuilderCall" % (default, base))
            return expr
        try:
            b = self.tr(call.replace("$0", default), {"$_builder": "b"})
        except Untranslatable as e:
            self.error(where, "default value `%s` of %s: unknown %s" % (default, base, e))
            return expr
        fn = "attr" + "".join(camel(w) for w in where.split()) + "Default"
        self.constraint_fns[fn] = (
            "static ods::AttrConstraint %s() {\n  ods::AttrConstraint c = %s;\n"
            "  c.constBuilder = [](MLIRContext *ctx, std::string_view) -> Attribute {\n    Builder b(ctx);\n"
            "    return %s;\n  };\n  return c;\n}\n" % (fn, expr, b))
        return fn + "()"

    def enum_attr_names(self):
        return set(EXTERNAL_ENUM_ATTRS)

    def attr_constraint_of(self, name, where):
        if name in NAMED_ATTRS:
            return NAMED_ATTRS[name]
        if name in EXTERNAL_ENUM_ATTRS:
            cls, info, hdr = EXTERNAL_ENUM_ATTRS[name]
            self.includes.add(hdr)
            return "ods::EnumAttrConstraint<%s>(%s)" % (cls, info)
        r = self.R[name]
        sc = r["!superclasses"]
        fn = self.constraint_name("attr", name, where)
        if fn in self.constraint_fns:
            return fn + "()"
        summary = r.get("summary") or ""
        # Enum attributes.
        if "EnumAttr" in sc and "AttrDef" in sc:
            cls = self.attr_class_name(name)
            info = self.enum_info(ref(r["enum"]), where)
            self.constraint_fns[fn] = "static ods::AttrConstraint %s() {\n  return ods::EnumAttrConstraint<%s>(%s, %s);\n}\n" % (
                fn, cls, info, cpp_string(summary))
            return fn + "()"
        if "EnumAttrInfo" in sc and ("IntEnumAttrBase" in sc or "IntEnumAttr" in sc):
            info = self.enum_info(name, where)
            self.constraint_fns[fn] = "static ods::AttrConstraint %s() {\n  ods::AttrConstraint c = ods::IntEnumAttr(%s);\n  c.summary = %s;\n  return c;\n}\n" % (
                fn, info, cpp_string(summary))
            return fn + "()"
        if "AttrDef" in sc:
            cls = self.attr_class_name(name)
            # Builtin attributes (Builtin_StringAttr...) have no ODS definition:
            # their storage class is the builtin one.
            klass = ("ods::builtinAttrClass<%s>()" % cls if cls in BUILTIN_ATTR_CLASSES and
                     ref(r.get("dialect")) == "Builtin_Dialect" else "ods::attrClassOf<%s>()" % cls)
            self.constraint_fns[fn] = (
                "static ods::AttrConstraint %s() {\n  return ods::AttrOf(%s, [](Attribute a) { return isa<%s>(a); }, "
                "%s);\n}\n" % (fn, cpp_string(summary), cls, klass))
            return fn + "()"
        storage = (r.get("storageType") or "::mlir::Attribute").strip()
        body = []
        start = STORAGE_BASES.get(storage)
        if start:
            body.append("  ods::AttrConstraint c = %s;" % start)
            body.append("  c.summary = %s;" % cpp_string(summary))
        else:
            cls = self.attr_storage_class(storage, where, name)
            body.append("  ods::AttrConstraint c(%s, nullptr, %s);" % (cpp_string(summary), cls))
        pred = ref(r.get("predicate"))
        if pred:
            cond = pred_condition(self.R, pred)
            try:
                cpp = self.tr(cond, {"$_self": "self"})
                pfn = "is" + fn[:1].upper() + fn[1:]
                self.pred_fns[pfn] = "/// %s: %s\nstatic bool %s(Attribute self) { return %s; }\n" % (
                    name, summary, pfn, cpp)
                body.append("  c.pred = %s;" % pfn)
            except Untranslatable as e:
                self.error(where, "attribute constraint %s (%s): unknown %s in `%s`" % (name, summary, e, norm(cond)))
        vt = ref(r.get("valueType"))
        if vt and not start:
            vr = self.R[vt]
            build = (vr.get("builderCall") or "").strip()
            if build:
                try:
                    b = self.tr(build, {"$_builder": "b"})
                    body.append("  c.valueType = [](MLIRContext *ctx) -> Type {\n    Builder b(ctx);\n    return %s;\n  };" % b)
                except Untranslatable as e:
                    self.error(where, "attribute constraint %s: value type builder `%s`: unknown %s" % (name, build, e))
        self.constraint_fns[fn] = "static ods::AttrConstraint %s() {\n%s\n  return c;\n}\n" % (fn, "\n".join(body))
        return fn + "()"

    def attr_storage_class(self, storage, where, name):
        short = re.sub(r'^(::)?mlir::', '', storage)
        if short in BUILTIN_ATTR_CLASSES:
            return "ods::builtinAttrClass<%s>()" % short if short != "Attribute" else "nullptr"
        m = re.match(r'(\w+)::(\w+)$', short)
        if m and (m.group(1) in DIALECT_NAMESPACES or m.group(1) == self.cfg.ns):
            for k in self.R.defs_of("AttrInterface"):
                if self.R[k].get("cppInterfaceName") == m.group(2):
                    return "ods::builtinAttrClass<%s>()" % short
            return "ods::attrClassOf<%s>()" % short
        self.error(where, "attribute constraint %s: unknown storage class %s" % (name, storage))
        return "nullptr"

    def attr_class_name(self, rec):
        r = self.R[rec]
        cls = r.get("cppClassName") or rec
        ns = (r.get("cppNamespace") or self.dialect["cppNamespace"]).strip(":")
        ns = re.sub(r'^mlir::', '', ns)
        if ns in DIALECT_NAMESPACES and ns != self.cfg.ns:
            return ns + "::" + cls
        return cls

    #===--------------------------------------------------------------------===#
    # Enums
    #===--------------------------------------------------------------------===#

    def enum_info(self, name, where):
        """The C++ expression of the ods::EnumInfo of enum record `name`."""
        if name in EXTERNAL_ENUMS:
            return EXTERNAL_ENUMS[name][1]
        if name not in self.enum_defs:
            r = self.R[name]
            cases = []
            for c in r["enumerants"]:
                cr = self.R[ref(c)]
                cases.append((cr["symbol"], cr["value"], cr["str"]))
            sc = r["!superclasses"]
            is_bit = "BitEnumBase" in sc or "BitEnumAttr" in sc or "BitEnum" in sc or "I32BitEnumAttr" in sc
            self.enum_defs[name] = dict(
                cls=r["className"], ns=r["cppNamespace"], cases=cases, width=r.get("bitwidth", 32),
                is_bit=is_bit, summary=r.get("summary") or "", sep=r.get("separator", "|"),
                groups=bool(r.get("printBitEnumPrimaryGroups", 0)), rec=name,
                quoted=bool(r.get("printBitEnumQuoted", 0)),
                # ODS's specialized attribute class of an integer enum stored
                # as IntegerAttr (genSpecializedAttr: `ICmpPredicateAttr`).
                attr_cls=(r.get("specializedAttrClassName")
                          if r.get("genSpecializedAttr") and ("IntEnumAttr" in sc or "IntEnumAttrBase" in sc)
                          else None))
        e = self.enum_defs[name]
        return "get%sInfo()" % e["cls"]

    #===--------------------------------------------------------------------===#
    # Ops
    #===--------------------------------------------------------------------===#

    def import_op(self, name):
        r = self.R[name]
        opname = self.cfg.name + "." + r["opName"]
        cls = re.sub(r'^[A-Za-z]+_', '', name) if "_" in name else name
        cls = op_class_name(name, self.dialect)
        op = dict(name=opname, cls=cls, rec=name, operands=[], results=[], attrs=[], regions=[], successors=[],
                  traits=[], format=None, custom=bool(r["hasCustomAssemblyFormat"]), verifier=bool(r["hasVerifier"]),
                  region_verifier=bool(r["hasRegionVerifier"]), hooks=[], comments=[], summary=norm(r.get("summary") or ""))
        where = opname
        self.cur_cls = cls
        for arg, argname in r["arguments"]["args"]:
            a = ref(arg)
            a = self.unwrap_opvar(a, op, argname)
            ar = self.R[a]
            if "TypeConstraint" in ar["!superclasses"]:
                op["operands"].append(self.value(a, argname, where))
            elif "Attr" in ar["!superclasses"]:
                expr, kind, default = self.attr_constraint(a, cls + " " + argname)
                op["attrs"].append(dict(name=argname, expr=expr, kind=kind, default=default, rec=a))
            elif "Property" in ar["!superclasses"] and self.property_base(ar) is not None:
                # A Property<> stored as its attribute form: an EnumProp
                # (`N : iW`), a UnitProp (`unit`/`false`), an
                # OptionalProp<I64Prop> (`[]`/`[N]`); DefaultValuedProp
                # wraps one with its default.
                base = self.property_base(ar)
                default = (ar.get("defaultValue") or "").strip()
                if "EnumProp" in base["!superclasses"]:
                    info = self.enum_info(ref(base["enum"]), where)
                    mnemonic = base.get("mnemonic") if "NamedEnumPropWithAttrForm" in base["!superclasses"] else ""
                    expr = "ods::EnumProp(%s%s)" % (info, ", %s" % cpp_string(mnemonic) if mnemonic else "")
                elif "_cls_UnitProp" in base["!superclasses"]:
                    expr = "ods::UnitProp()"
                else:
                    expr = "ods::OptionalI64Prop()"
                op["attrs"].append(dict(name=argname, expr=expr, kind="default" if default else "required",
                                        default=default or None, rec=a))
            elif "Property" in ar["!superclasses"]:
                self.error(where, "property %s (%s) is not supported" % (argname, a))
            else:
                self.error(where, "argument %s: unknown kind %s" % (argname, a))
        for res, resname in r["results"]["args"]:
            a = self.unwrap_opvar(ref(res), op, resname)
            op["results"].append(self.value(a, resname, where))
        for reg, regname in r["regions"]["args"]:
            op["regions"].append(self.region(ref(reg), regname or "", where))
        for succ, succname in r["successors"]["args"]:
            sr = self.R[ref(succ)]
            op["successors"].append(dict(name=succname, variadic="VariadicSuccessor" in sr["!superclasses"]))
        # Traits: flattened, deduplicated, in order.
        # Lamina folds the TraitLists it has a factory for (Pure) back into
        # one trait, at the place of their first member.
        seen = set()
        flat = []
        def insert(lst, origin):
            for t in lst:
                tr = self.R[t]
                if "TraitList" in tr["!superclasses"]:
                    insert([ref(x) for x in tr["traits"]], origin or (t if t in FOLDED_TRAIT_LISTS else None))
                    continue
                if t in seen:
                    continue
                seen.add(t)
                flat.append((t, origin))
        insert([ref(t) for t in r["traits"]], None)
        op["flat"] = [self.R[t].get("trait", t) for t, _ in flat]
        emitted_lists = set()
        for t, origin in flat:
            if origin:
                if origin not in emitted_lists:
                    emitted_lists.add(origin)
                    op["traits"].append(FOLDED_TRAIT_LISTS[origin])
                continue
            self.trait(t, op)
        fmt = r.get("assemblyFormat")
        if isinstance(fmt, str) and fmt.strip():
            op["format"] = fmt
            for d in re.findall(r'custom<(\w+)>', fmt):
                self.directives.setdefault(d, set()).add(opname)
        # A declarative format wins over hasCustomAssemblyFormat (mlir-tblgen
        # generates the format's parser: acc.loop sets both).
        if op["format"]:
            op["custom"] = False
        if op["custom"]:
            op["hooks"].append("parse")
        if op["verifier"]:
            op["hooks"].append("verify")
        if op["region_verifier"]:
            op["hooks"].append("verifyRegions")
        # An interface listed twice (`I` and `DeclareOpInterfaceMethods<I>`)
        # is one implementation.
        seen_traits = set()
        deduped = []
        for t in op["traits"]:
            if t is not None and t.startswith("ods::Implements<") and t in seen_traits:
                continue
            seen_traits.add(t)
            deduped.append(t)
        op["traits"] = deduped
        self.ops.append(op)

    def property_base(self, r):
        """The Property<> record `r` is or wraps (DefaultValuedProp) when the
        engine stores it (ods::PropertyInfo's kinds), else None."""
        if "DefaultValuedProp" in r["!superclasses"] and ref(r.get("baseProperty")):
            r = self.R[ref(r["baseProperty"])]
        sc = r["!superclasses"]
        if "EnumProp" in sc or "_cls_UnitProp" in sc:
            return r
        if "OptionalProp" in sc and (r.get("storageType") or "").replace(" ", "") == "std::optional<int64_t>":
            return r
        return None

    def declares_trait_list(self, op, name):
        """Whether the op's traits include the TraitList record `name`."""
        stack = [ref(t) for t in self.R[op["rec"]]["traits"]]
        while stack:
            t = stack.pop()
            if t == name:
                return True
            tr = self.R[t]
            if "TraitList" in tr["!superclasses"]:
                stack.extend(ref(x) for x in tr["traits"])
        return False

    def op_declares(self, op, name):
        """Whether the op's record lists a trait or interface `name`
        (flattened)."""
        found = False
        stack = [ref(t) for t in self.R[op["rec"]]["traits"]]
        while stack:
            t = stack.pop()
            tr = self.R[t]
            if "TraitList" in tr["!superclasses"]:
                stack.extend(ref(x) for x in tr["traits"])
                continue
            if name in (t, tr.get("cppInterfaceName"), tr.get("trait")):
                found = True
        return found

    def unwrap_opvar(self, a, op, name):
        ar = self.R[a]
        if "OpVariable" in ar["!superclasses"]:
            for dec in ar.get("decorators") or []:
                d = ref(dec)
                dr = self.R[d]
                if "MemoryEffect" in dr["!superclasses"] or "SideEffect" in dr["!superclasses"]:
                    op.setdefault("effects", []).append((name, dr.get("baseEffectName") or d))
                    op.setdefault("value_effects", {}).setdefault(name, []).append(self.effect_expr(dr, op["name"]))
            return ref(ar["constraint"])
        return a

    def value(self, a, name, where):
        ar = self.R[a]
        sc = ar["!superclasses"]
        kind = "single"
        seg = None
        base = a
        if "VariadicOfVariadic" in sc:
            kind = "vov"
            seg = ar["segmentAttrName"]
            base = ref(ar["baseType"])
        elif "Variadic" in sc:
            kind = "variadic"
            base = ref(ar["baseType"])
        elif "Optional" in sc:
            kind = "optional"
            base = ref(ar["baseType"])
        name = name or ""
        return dict(name=name, kind=kind, seg=seg,
                    expr=self.type_constraint(base, self.cur_cls + " " + (name or "result")))

    def region(self, reg, name, where):
        rr = self.R[reg]
        sc = rr["!superclasses"]
        variadic = "VariadicRegion" in sc
        if variadic and "region" in rr:
            reg = ref(rr["region"])
            rr = self.R[reg]
            sc = rr["!superclasses"]
        elif variadic:
            # VariadicRegion<SizedRegion<1>> keeps only the element's summary
            # and predicate.
            summ = rr.get("summary") or ""
            sc = ["MaxSizedRegion"] if summ.startswith("region with at most") else \
                ["MinSizedRegion"] if summ.startswith("region with at least") else \
                ["SizedRegion"] if re.match(r'region with \d+ blocks$', summ) else ["Region"]
            reg = "AnyRegion" if summ == "any region" else reg
        if reg == "AnyRegion":
            expr = "ods::AnyRegion()"
        elif "SizedRegion" in sc and "MinSizedRegion" not in sc and "MaxSizedRegion" not in sc:
            m = re.search(r'region with (\d+) blocks', rr["summary"])
            expr = "ods::SizedRegion(%s)" % m.group(1)
        elif "MinSizedRegion" in sc:
            m = re.search(r'(\d+)', rr["summary"])
            expr = "ods::MinSizedRegion(%s)" % m.group(1)
        elif "MaxSizedRegion" in sc:
            m = re.search(r'(\d+)', rr["summary"])
            expr = "ods::MaxSizedRegion(%s)" % m.group(1)
        else:
            self.error(where, "region %s: unknown constraint %s" % (name, reg))
            expr = "ods::AnyRegion()"
        return dict(name=name, variadic=variadic, expr=expr)

    #===--------------------------------------------------------------------===#
    # Traits
    #===--------------------------------------------------------------------===#

    def trait(self, t, op):
        tr = self.R[t]
        sc = tr["!superclasses"]
        where = op["name"]
        if "OpInterface" in sc or "OpInterfaceTrait" in sc and "SideEffectsTraitBase" not in sc:
            iface = tr.get("cppInterfaceName") or tr.get("trait", "").replace("::Trait", "")
            if "SideEffectsTraitBase" in sc:
                self.side_effect_trait(t, tr, op)
                return
            self.interface(iface, tr, op)
            return
        if "SideEffectsTraitBase" in sc:
            self.side_effect_trait(t, tr, op)
            return
        if "PredOpTrait" in sc:
            self.pred_trait(t, tr, op)
            return
        if "GenInternalOpTrait" in sc:
            # Traits ODS itself interprets (SameVariadicOperandSize, ...).
            name = (tr.get("trait") or t).replace("::mlir::OpTrait::", "")
            self.native_trait(t, name, tr, op)
            return
        if "NativeOpTrait" in sc or "NativeTrait" in sc or "ParamNativeOpTrait" in sc:
            name = tr.get("trait", t)
            self.native_trait(t, name, tr, op)
            return
        self.error(where, "unknown trait %s" % t)

    def native_trait(self, t, name, tr, op):
        where = op["name"]
        simple = {
            "IsTerminator": "ods::IsTerminator()", "NoTerminator": "ods::NoTerminator()",
            "SingleBlock": "ods::SingleBlock()", "IsIsolatedFromAbove": "ods::IsolatedFromAbove()",
            "SymbolTable": "ods::SymbolTableTrait()", "AffineScope": "ods::AffineScope()",
            "AutomaticAllocationScope": "ods::AutomaticAllocationScope()", "ReturnLike": "ods::ReturnLike()",
            "ConstantLike": "ods::ConstantLike()", "IsCommutative": "ods::Commutative()",
            "IsIdempotent": "ods::Idempotent()", "IsInvolution": "ods::Involution()",
            "MemRefsNormalizable": "ods::MemRefsNormalizable()", "Elementwise": "ods::Elementwise()",
            "Scalarizable": "ods::Scalarizable()", "Vectorizable": "ods::Vectorizable()",
            "Tensorizable": "ods::Tensorizable()", "SameOperandsAndResultType": "ods::SameOperandsAndResultType()",
            "SameTypeOperands": "ods::SameTypeOperands()", "SameOperandsShape": "ods::SameOperandsShape()",
            "SameOperandsAndResultShape": "ods::SameOperandsAndResultShape()",
            "SameOperandsElementType": "ods::SameOperandsElementType()",
            "SameOperandsAndResultElementType": "ods::SameOperandsAndResultElementType()",
            "ResultsBroadcastableShape": "ods::ResultsBroadcastableShape()",
            "AttrSizedOperandSegments": "ods::AttrSizedOperandSegments()",
            "AttrSizedResultSegments": "ods::AttrSizedResultSegments()",
            "SameVariadicOperandSize": "ods::SameVariadicOperandSize()",
            "SameVariadicResultSize": "ods::SameVariadicResultSize()",
            "NoRegionArguments": "ods::NoRegionArguments()", "HasOnlyGraphRegion": "ods::HasOnlyGraphRegion()",
            "HasRecursiveMemoryEffects": "ods::RecursiveMemoryEffects()",
        }
        if name in simple:
            op["traits"].append(simple[name])
            return
        m = re.match(r'SingleBlockImplicitTerminator<(.*)>::Impl$', name)
        if m:
            term = self.op_name_of_class(m.group(1), where)
            op["traits"].append("ods::SingleBlockImplicitTerminator(%s)" % cpp_string(term))
            return
        m = re.match(r'HasParent<(.*)>::Impl$', name)
        if m:
            parents = [self.op_name_of_class(c.strip(), where) for c in m.group(1).split(",")]
            op["traits"].append("ods::HasParent({%s})" % ", ".join(cpp_string(p) for p in parents))
            return
        m = re.match(r'ParentOneOf<(.*)>::Impl$', name)
        if m:
            parents = [self.op_name_of_class(c.strip(), where) for c in m.group(1).split(",")]
            op["traits"].append("ods::HasParent({%s})" % ", ".join(cpp_string(p) for p in parents))
            return
        m = re.match(r'(?:(?:::)?\w+::)*(\w+)(?:<(.*)>)?(?:::Impl)?$', name)
        if m and m.group(1) in self.cfg.native_traits:
            args = [c.strip() for c in (m.group(2) or "").split(",") if c.strip()]
            if args and all(re.match(r'\d+$', a) for a in args):
                # Integer parameters (NVVM's `NVVMRequiresSM<90>`).
                op["traits"].append("%s({%s})" % (self.cfg.native_traits[m.group(1)], ", ".join(args)))
                return
            ops = [self.op_name_of_class(c, where) for c in args]
            op["traits"].append("%s({%s})" % (self.cfg.native_traits[m.group(1)],
                                              ", ".join(cpp_string(o) for o in ops)))
            return
        if name in ("OpAsmOpInterface::Trait",):
            self.interface("OpAsmOpInterface", tr, op)
            return
        if name == "AlwaysSpeculatableImplTrait":
            op["traits"].append("ods::AlwaysSpeculatable()")
            return
        if name == "RecursivelySpeculatableImplTrait":
            op["traits"].append("ods::RecursivelySpeculatable()")
            return
        # Traits without verification that Lamina does not model.
        if name in ("BytecodeOpInterface::Trait", "InferTypeOpAdaptor", "HasDefaultDLTIDataLayout",
                    "FirstAttrDerivedResultType"):
            op["traits"].append("/* %s */" % name)
            return
        self.error(where, "unknown native trait %s (%s)" % (name, t))

    def op_name_of_class(self, cls, where):
        cls = re.sub(r'^(::)?mlir::', '', cls.strip())
        ns = None
        m = re.match(r'(\w+)::(\w+)$', cls)
        if m:
            ns, cls = m.group(1), m.group(2)
        for k in self.R.defs_of("Op"):
            r = self.R[k]
            if op_class_name(k, self.R[ref(r["opDialect"])]) == cls:
                dr = self.R[ref(r["opDialect"])]
                if ns and dr["cppNamespace"].strip(":").split("::")[-1] != ns:
                    continue
                return dr["name"] + "." + r["opName"]
        known = {"transform::YieldOp": "transform.yield", "smt::YieldOp": "smt.yield", "func::FuncOp": "func.func", "ModuleOp": "builtin.module", "scf::YieldOp": "scf.yield"}
        if (ns + "::" + cls if ns else cls) in known:
            return known[ns + "::" + cls if ns else cls]
        self.error(where, "op class %s not found" % cls)
        return cls

    def effect_expr(self, dr, where):
        """An ods::MemRead/MemWrite/MemAlloc/MemFree for a MemoryEffect record."""
        kinds = {"::mlir::MemoryEffects::Read": "MemRead", "::mlir::MemoryEffects::Write": "MemWrite",
                 "::mlir::MemoryEffects::Allocate": "MemAlloc", "::mlir::MemoryEffects::Free": "MemFree"}
        kind = kinds.get((dr.get("effect") or "").strip())
        if not kind:
            self.error(where, "unknown memory effect %s" % dr.get("effect"))
            return "ods::MemRead()"
        res = (dr.get("resource") or "").strip()
        resource = "nullptr" if res.endswith("DefaultResource") else "%s::get()" % re.sub(r'^(::)?mlir::', '', res)
        stage = int(dr.get("stage") or 0)
        full = bool(dr.get("effectOnFullRegion") or 0)
        if resource == "nullptr" and stage == 0 and not full:
            return "ods::%s()" % kind
        return "ods::%s(%s, %d, %s)" % (kind, resource, stage, "true" if full else "false")

    def side_effect_trait(self, t, tr, op):
        name = t
        if name in ("NoMemoryEffect",):
            op["traits"].append("ods::NoMemoryEffect()")
        elif name == "AlwaysSpeculatable" or name == "AlwaysSpeculatableImplTrait":
            op["traits"].append("/* AlwaysSpeculatable */")
        else:
            effects = [self.effect_expr(self.R[ref(e)], op["name"]) for e in tr.get("effects") or []]
            op["traits"].append("ods::MemoryEffects({%s})" % ", ".join(effects))

    def interface(self, iface, tr, op):
        """Appends the Lamina trait of interface `iface` (record `tr`). An
        interface declared with `verifyWithRegions` verifies with the
        region verifiers."""
        # DeclareOpInterfaceMethods<I> records do not carry I's verification:
        # take it from the interface's own record.
        base = self.interface_record(iface) or tr
        if base is not tr:
            tr = dict(tr, verify=base.get("verify"), verifyWithRegions=base.get("verifyWithRegions"))
        count = len(op["traits"])
        self.interface_trait(iface, tr, op)
        if tr.get("verifyWithRegions") and (tr.get("verify") or "").strip():
            for i in range(count, len(op["traits"])):
                if not op["traits"][i].startswith("/*"):
                    op["traits"][i] = "ods::verifiedWithRegions(%s)" % op["traits"][i]

    def interface_record(self, iface):
        """The record defining op interface `iface` (not a
        DeclareOpInterfaceMethods use of it)."""
        for k in self.R.defs_of("OpInterface"):
            r = self.R[k]
            if r.get("cppInterfaceName") == iface and "DeclareOpInterfaceMethods" not in r["!superclasses"] \
                    and not r.get("!anonymous"):
                return r
        return None

    def interface_trait(self, iface, tr, op):
        where = op["name"]
        overridden = tr.get("alwaysOverriddenMethods") or []
        verify = (tr.get("verify") or "").strip()
        cls = op["cls"]
        if iface == "OpAsmOpInterface":
            # An op may declare it more than once (one method each time):
            # one implementation with every method, at the first place.
            if "opasm" not in op:
                op["opasm"] = (len(op["traits"]), [])
                op["traits"].append(None)
            index, names = op["opasm"]
            for m in overridden:
                if m in ("getAsmResultNames", "getAsmBlockArgumentNames", "getDefaultDialect") and m not in names:
                    names.append(m)
                    op["hooks"].append(m)
            methods = []
            if "getAsmResultNames" in names:
                methods.append(".getAsmResultNames = [](Operation *op, OpAsmSetValueNameFn fn) { "
                               "%s(op).getAsmResultNames(fn); }" % cls)
            if "getAsmBlockArgumentNames" in names:
                methods.append(".getAsmBlockArgumentNames = [](Operation *op, Region &r, OpAsmSetValueNameFn fn) { "
                               "%s(op).getAsmBlockArgumentNames(r, fn); }" % cls)
            if "getDefaultDialect" in names:
                methods.append(".getDefaultDialect = &%s::getDefaultDialect" % cls)
            else:
                # A constant default dialect written in the op's
                # extraClassDeclaration (async.func: `return "async";`).
                decl = strip_comments(self.R[op["rec"]].get("extraClassDeclaration") or "")
                m = re.search(r'static\s+(?:::)?(?:llvm::)?StringRef\s+getDefaultDialect\s*\(\s*\)\s*\{\s*'
                              r'return\s+"(\w*)"\s*;\s*\}', decl)
                if m:
                    methods.append('.getDefaultDialect = []() -> std::string_view { return "%s"; }' % m.group(1))
            op["traits"][index] = "ods::Implements<OpAsmOpInterface>({%s})" % ", ".join(methods)
            return
        if iface == "InferTypeOpInterface":
            # InferTypeOpAdaptorWithIsCompatible: the op also compares the
            # inferred types with the actual ones by hand.
            # (or declares isCompatibleReturnTypes among its extra members).
            extra = self.R[op["rec"]].get("extraClassDeclaration") or ""
            if self.declares_trait_list(op, "InferTypeOpAdaptorWithIsCompatible") or \
                    re.search(r'static bool isCompatibleReturnTypes\(', extra):
                op["traits"].append("ods::Implements<InferTypeOpInterface>({&%s::inferReturnTypes, "
                                    "&%s::isCompatibleReturnTypes})" % (cls, cls))
                op["hooks"].append("isCompatibleReturnTypes")
            else:
                op["traits"].append("ods::Implements<InferTypeOpInterface>({&%s::inferReturnTypes})" % cls)
            op["hooks"].append("inferReturnTypes")
            return
        if iface == "CastOpInterface":
            op["traits"].append("ods::CastOpInterface(&%s::areCastCompatible)" % op["cls"])
            op["hooks"].append("areCastCompatible")
            return
        if iface == "SymbolOpInterface":
            # FunctionOpInterface makes an external function a declaration.
            if any(t.startswith("function_interface_impl::") or "FunctionOpInterface" in t for t in op["traits"]) \
                    or self.op_declares(op, "FunctionOpInterface"):
                op["traits"].append("ods::Symbol({.isDeclaration = ods::isExternalFunction})")
            else:
                decl = strip_comments(self.R[op["rec"]].get("extraClassDeclaration") or "")
                if re.search(r'bool\s+isOptionalSymbol\s*\(\s*\)\s*\{\s*return\s+true\s*;\s*\}', decl):
                    op["traits"].append("ods::Symbol({.isOptionalSymbol = [](Operation *) { return true; }})")
                else:
                    op["traits"].append("ods::Symbol()")
            return
        if iface == "ConditionallySpeculatable":
            # AlwaysSpeculatable / RecursivelySpeculatable: the impl trait
            # that follows implements it; otherwise the op does.
            if any(t in ("AlwaysSpeculatableImplTrait", "RecursivelySpeculatableImplTrait") for t in op["flat"]):
                op["traits"].append("/* ConditionallySpeculatable */")
            else:
                op["traits"].append("ods::Implements<ConditionallySpeculatable>({[](Operation *op) { "
                                    "return %s(op).getSpeculatability(); }})" % cls)
                op["hooks"].append("getSpeculatability")
            return
        if iface == "MemoryEffectOpInterface" and "DeclareOpInterfaceMethods" not in tr["!superclasses"] and any(
                re.sub(r'^.*::', '', t) in self.cfg.effect_traits for t in op["flat"]):
            # A native trait of the dialect implements getEffects (an op's
            # own getEffects, declared with DeclareOpInterfaceMethods,
            # replaces the trait's).
            op["traits"].append("/* MemoryEffectOpInterface */")
            return
        if iface == "MemoryEffectOpInterface" and "DeclareOpInterfaceMethods" not in tr["!superclasses"]:
            # Listed plainly: getEffects is generated from the declared
            # effects (the operands' and results' decorators).
            op["traits"].append("ods::MemoryEffects({})")
            return
        if iface == "MemoryEffectOpInterface":
            op["traits"].append("ods::Implements<MemoryEffectOpInterface>({[](Operation *op, "
                                "SmallVectorImpl<MemoryEffects::EffectInstance> &effects) { "
                                "%s(op).getEffects(effects); }})" % cls)
            op["hooks"].append("getEffects")
            return
        if iface == "RegionBranchTerminatorOpInterface" and "ReturnLike" in op["flat"]:
            # The ReturnLike trait implements it (forwarding every operand).
            op["traits"].append("/* RegionBranchTerminatorOpInterface */")
            return
        if iface == "RegionKindInterface" and "HasOnlyGraphRegion" in op["flat"]:
            # HasOnlyGraphRegion implements it.
            op["traits"].append("/* RegionKindInterface */")
            return
        if iface in TRAIT_INTERFACES:
            op["traits"].append(TRAIT_INTERFACES[iface].replace("$Op", op["cls"]))
            for h in TRAIT_INTERFACE_HOOKS.get(iface, []):
                op["hooks"].append(h)
            return
        # Verification made of compile-time checks only (static_assert).
        if verify and re.sub(r'static_assert\([^;]*\);', '', norm(verify)).strip() == "return success();":
            verify = ""
        if iface == "SubsetOpInterface" and verify:
            # verifySubsetOpInterface: exactly one of the extraction and
            # insertion interfaces; decided by the op's declarations.
            ext = self.op_declares(op, "SubsetExtractionOpInterface")
            ins = self.op_declares(op, "SubsetInsertionOpInterface")
            if ext != ins:
                self.unimplemented[iface] += 1
                return
        if iface == "FunctionOpInterface" and not self.has_builtin_function_type(op):
            # A function type of the dialect's own (LLVM's !llvm.func): the
            # op's hand-written members give the argument and result types.
            op["traits"].append(
                "ods::Implements<FunctionOpInterface>({.getFunctionType = [](Operation *op) -> Type { "
                "auto t = dyn_cast_or_null<TypeAttr>(op->getInherentAttr(\"function_type\")); "
                "return t ? t.getValue() : Type(); }, "
                ".getArgumentTypes = [](Operation *op) { return %s(op).getArgumentTypes(); }, "
                ".getResultTypes = [](Operation *op) { return %s(op).getResultTypes(); }})" % (cls, cls))
            self.source_includes.add("lamina/Interfaces/FunctionInterfaces.h")
            op["hooks"] += ["getArgumentTypes", "getResultTypes"]
            return
        if iface == "FunctionOpInterface":
            # verifyType/verifyBody: interface methods with defaults that an
            # op may redefine in its extraClassDeclaration (gpu.func).
            decl = strip_comments(self.R[op["rec"]].get("extraClassDeclaration") or "")
            args = []
            for m in ("verifyType", "verifyBody"):
                if re.search(r'\bLogicalResult\s+%s\s*\(\s*\)' % m, decl):
                    args.append("[](Operation *op) { return %s(op).%s(); }" % (cls, m))
                    op["hooks"].append(m)
                else:
                    args.append("nullptr")
            op["traits"].append("ods::FunctionOpInterface(%s)" % (", ".join(args) if args != ["nullptr"] * 2 else ""))
            self.source_includes.add("lamina/ODS/InterfaceTraits.h")
            return
        if verify:
            if iface in VERIFYING_INTERFACES:
                expr, header, hooks = VERIFYING_INTERFACES[iface]
                hooks = list(hooks)
                more = ""
                before = ""
                if iface in ORDERED_OPTIONAL_METHODS:
                    order = list(INTERFACE_OPTIONAL_METHODS[iface])
                    overridden = sorted(overridden, key=lambda m: order.index(m) if m in order else len(order))
                for m in overridden:
                    opt = INTERFACE_OPTIONAL_METHODS.get(iface, {}).get(m)
                    if opt and not opt[1]:
                        continue   # a method of no consequence in Lamina
                    if opt:
                        # Designated initializers follow the Concept's
                        # declaration order.
                        if m in METHODS_BEFORE_MAIN:
                            before += opt[0] + ", "
                        else:
                            more += ", " + opt[0]
                        hooks.append(opt[1])
                    elif m in IGNORED_INTERFACE_METHODS.get(iface, ()):
                        pass
                    elif m not in hooks:
                        self.error(where, "interface %s: overridden method %s not mapped" % (iface, m))
                op["traits"].append(expr.replace("$More", more).replace("$Before", before).replace("$Op", op["cls"]))
                self.source_includes.add(header)
                if hooks and not header.startswith("lamina/Dialect/%s/" % self.cfg.dir):
                    # The hand-written members' types (a header of the
                    # dialect's own includes the generated one instead).
                    self.includes.add(header)
                for h in hooks:
                    op["hooks"].append(h)
                return
            if iface in UNVERIFIABLE_INTERFACES:
                self.unimplemented[iface] += 1
                return
            self.error(where, "interface %s verifies (`%s`) and has no Lamina implementation" % (iface, norm(verify)))
            return
        if iface in MARKER_INTERFACES:
            expr, header = MARKER_INTERFACES[iface]
            op["traits"].append(expr)
            self.extra_includes.add(header)
            return
        if iface in DEFAULT_INTERFACES and not overridden:
            expr, header = DEFAULT_INTERFACES[iface]
            op["traits"].append(expr)
            self.extra_includes.add(header)
            return
        self.unimplemented[iface] += 1

    def has_builtin_function_type(self, op):
        """Whether the op's `function_type` attribute holds a builtin
        FunctionType (or it has none)."""
        for a in op["attrs"]:
            if a["name"] == "function_type":
                r = self.R[a["rec"]]
                if "OptionalAttr" in r["!superclasses"] or "DefaultValuedAttr" in r["!superclasses"]:
                    r = self.R[ref(r["baseAttr"])]
                ret = re.sub(r'^(::)?mlir::', '', (r.get("returnType") or "").strip())
                return ret in ("", "FunctionType", "Type")
        return True

    def pred_trait(self, t, tr, op):
        where = op["name"]
        summary = tr.get("summary") or ""
        pred = ref(tr["predicate"])
        pr = self.R[pred]
        sc = tr["!superclasses"]
        if "ShapedTypeMatchesElementCountAndTypes" in sc:
            # As mlir-tblgen's format generator: the element types follow
            # from the shaped type (one per element), which the format may
            # then omit; verified as the same list.
            shaped, elements = tr["shaped"], tr["elements"]
            fn = "transform_%s_%s_%s" % (op["cls"], ident(shaped), ident(elements))
            self.pred_fns[fn] = (
                "/// %s\nstatic void %s(Type self, SmallVectorImpl<Type> &out) {\n"
                "  auto shaped = dyn_cast<ShapedType>(self);\n  if (!shaped || !shaped.hasRank())\n    return;\n"
                "  int64_t n = 1;\n  for (int64_t d : shaped.getShape())\n    n *= d;\n"
                "  for (int64_t i = 0; i < n; ++i)\n    out.push_back(shaped.getElementType());\n}\n" % (summary, fn))
            op["traits"].append("ods::TypesMatchWith(%s, %s, %s, %s, true)" % (
                cpp_string(summary), cpp_string(shaped), cpp_string(elements), fn))
            return
        # AllTypesMatch & co.
        m_all = None
        if "AllMatchSameOperatorTrait" in sc:
            names = tr["values"]
            kinds = {"AllTypesMatch": "ods::AllTypesMatch", "AllElementTypesMatch": "ods::AllElementTypesMatch",
                     "AllShapesMatch": "ods::AllShapesMatch", "AllRanksMatch": "ods::AllRanksMatch"}
            for k, v in kinds.items():
                if k in sc:
                    op["traits"].append("%s({%s})" % (v, ", ".join(cpp_string(n) for n in names)))
                    return
        if "TypesMatchWith" in sc:
            lhs, rhs = tr["lhs"], tr["rhs"]
            transform = tr["transformer"]
            comparator = (tr.get("comparator") or "std::equal_to<>()").strip()
            # OptionalTypesMatchWith: "!getLhs() || !getRhs() || std::equal_to<>()".
            optional = "OptionalTypesMatchWith" in sc
            if optional:
                comparator = re.sub(r'^(!get\w+\(\)\s*\|\|\s*)+', '', comparator).strip()
            if comparator != "std::equal_to<>()":
                self.error(where, "TypesMatchWith comparator %s" % comparator)
            # A list of types: RangedTypesMatchWith, or a transform building one.
            is_range = ("RangedTypesMatchWith" in sc or transform.lstrip().startswith("SmallVector<")
                        or re.search(r'\.get(Inputs|Results|Types)\(\)\s*$', transform) is not None)
            try:
                cpp = self.tr(transform, {"$_self": "self", "$_ctxt": "self.getContext()"})
            except Untranslatable as e:
                self.error(where, "TypesMatchWith transform `%s`: unknown %s" % (transform, e))
                cpp = "self"
            fn = "transform_%s_%s_%s" % (op["cls"], ident(lhs), ident(rhs))
            if is_range:
                body = "  for (Type t : %s)\n    out.push_back(t);" % cpp
            else:
                body = "  out.assign(1, Type(%s));" % cpp
            self.pred_fns[fn] = "/// %s\nstatic void %s(Type self, SmallVectorImpl<Type> &out) {\n%s\n}\n" % (
                summary, fn, body)
            if optional and is_range:
                self.error(where, "OptionalTypesMatchWith over a range")
            op["traits"].append("ods::%sTypesMatchWith(%s, %s, %s, %s%s)" % (
                "Optional" if optional else "",
                cpp_string(summary), cpp_string(lhs), cpp_string(rhs), fn, ", true" if is_range else ""))
            return
        # A generic predicate over the op.
        cond = pred_condition(self.R, pred)
        subst = {"$_op": "(*op)"}
        for v in op["operands"]:
            subst["$" + v["name"]] = "%s(op).get%s()" % (op["cls"], camel(v["name"]))
        for v in op["results"]:
            subst["$" + v["name"]] = "%s(op).get%s()" % (op["cls"], camel(v["name"]))
        for a in op["attrs"]:
            subst["$" + a["name"]] = "%s(op).get%sAttr()" % (op["cls"], camel(a["name"]))
        try:
            cpp = self.tr(cond, subst, op_class=op["cls"])
        except Untranslatable as e:
            self.error(where, "predicate trait '%s': unknown %s in `%s`" % (summary, e, norm(cond)))
            return
        fn = "pred_%s_%d" % (op["cls"], len(self.pred_fns))
        self.pred_fns[fn] = "/// %s\nstatic bool %s(Operation *op) { return %s; }\n" % (summary, fn, cpp)
        op["traits"].append("ods::PredOpTrait(%s, %s)" % (cpp_string(summary), fn))


# TraitLists Lamina has one factory for.
FOLDED_TRAIT_LISTS = {"Pure": "ods::Pure()"}

# Interfaces with a Lamina trait, by MLIR name; `$Op` is the op class.
TRAIT_INTERFACES = {
    "SymbolUserOpInterface": "ods::Implements<SymbolUserOpInterface>({&$Op::verifySymbolUses})",
    "RegionKindInterface": "ods::Implements<RegionKindInterface>({&$Op::getRegionKind})",
}
TRAIT_INTERFACE_HOOKS = {
    "SymbolUserOpInterface": ["verifySymbolUses"],
    "RegionKindInterface": ["getRegionKind"],
}
# Interfaces whose methods all have defaults Lamina implements: (trait, header).
DEFAULT_INTERFACES = {
    "ArithFastMathInterface": ("ods::Implements<arith::ArithFastMathInterface>({})",
                               "lamina/Dialect/Arith/ArithInterfaces.h"),
    "ArithIntegerOverflowFlagsInterface": ("ods::Implements<arith::ArithIntegerOverflowFlagsInterface>({})",
                                           "lamina/Dialect/Arith/ArithInterfaces.h"),
    "ArithRoundingModeInterface": ("ods::Implements<arith::ArithRoundingModeInterface>({})",
                                   "lamina/Dialect/Arith/ArithInterfaces.h"),
    "VectorUnrollOpInterface": ("ods::Implements<VectorUnrollOpInterface>({})", "lamina/Interfaces/VectorInterfaces.h"),
}
# Interfaces implemented as markers (`isa<I>(op)` holds) whatever methods
# the op overrides: their methods are behaviour Lamina does not run (the
# transform dialect's pattern descriptors and matchers, which verifiers
# test for): (trait, header).
MARKER_INTERFACES = {
    "PatternDescriptorOpInterface": ("ods::Implements<transform::PatternDescriptorOpInterface>({})",
                                     "lamina/Dialect/Transform/TransformInterfaces.h"),
    "ConversionPatternDescriptorOpInterface": (
        "ods::Implements<transform::ConversionPatternDescriptorOpInterface>({})",
        "lamina/Dialect/Transform/TransformInterfaces.h"),
    "TypeConverterBuilderOpInterface": ("ods::Implements<transform::TypeConverterBuilderOpInterface>({})",
                                        "lamina/Dialect/Transform/TransformInterfaces.h"),
    "MatchOpInterface": ("ods::Implements<transform::MatchOpInterface>({})",
                         "lamina/Dialect/Transform/TransformInterfaces.h"),
}
# Interfaces whose verification Lamina implements: MLIR name -> (trait
# expression, header, hand-written members it calls). `$Op` is the op class.
VERIFYING_INTERFACES = {
    # linalg's structured op interfaces (lamina/Dialect/Linalg/LinalgInterfaces.h).
    "LinalgOp": ("ods::Implements<linalg::LinalgOp>(linalg::LinalgOp::modelOf<$Op>())",
                 "lamina/Dialect/Linalg/LinalgInterfaces.h",
                 ["getIndexingMaps", "getIteratorTypesArray", "hasDynamicIndexingMaps",
                  "verifyIndexingMapRequiredAttributes"]),
    "ContractionOpInterface": ("ods::Implements<linalg::ContractionOpInterface>({})",
                               "lamina/Dialect/Linalg/LinalgInterfaces.h", []),
    "ConvolutionOpInterface": ("ods::Implements<linalg::ConvolutionOpInterface>({})",
                               "lamina/Dialect/Linalg/LinalgInterfaces.h", []),
    "FillOpInterface": ("ods::Implements<linalg::FillOpInterface>({})", "lamina/Dialect/Linalg/LinalgInterfaces.h", []),
    "BranchOpInterface": (
        "ods::Implements<BranchOpInterface>({.getSuccessorOperands = [](Operation *op, unsigned i) { "
        "return $Op(op).getSuccessorOperands(i); }})",
        "lamina/Interfaces/ControlFlowInterfaces.h", ["getSuccessorOperands"]),
    "WeightedBranchOpInterface": ("ods::Implements<WeightedBranchOpInterface>({})",
                                  "lamina/Interfaces/ControlFlowInterfaces.h", []),
    # The llvm dialect's own (lamina/Dialect/LLVMIR/LLVMInterfaces.h).
    "AccessGroupOpInterface": ("ods::Implements<LLVM::AccessGroupOpInterface>({})",
                               "lamina/Dialect/LLVMIR/LLVMInterfaces.h", []),
    "AliasAnalysisOpInterface": ("ods::Implements<LLVM::AliasAnalysisOpInterface>({})",
                                 "lamina/Dialect/LLVMIR/LLVMInterfaces.h", []),
    "DereferenceableOpInterface": ("ods::Implements<LLVM::DereferenceableOpInterface>({})",
                                   "lamina/Dialect/LLVMIR/LLVMInterfaces.h", []),
    # arm_sme's tile ops: a `tile_id`, when set, is an i32 (lamina/Dialect/ArmSME/ArmSMEDialect.h).
    "ArmSMETileOpInterface": ("arm_sme::ArmSMETileOpInterfaceTrait()", "lamina/Dialect/ArmSME/ArmSMEDialect.h", []),
    # omp's clause block arguments and loop wrappers (lamina/Dialect/OpenMP/OpenMPDialect.h).
    "BlockArgOpenMPOpInterface": ("omp::BlockArgOpenMPOpInterfaceTrait()", "lamina/Dialect/OpenMP/OpenMPDialect.h", []),
    "LoopWrapperInterface": ("omp::LoopWrapperInterfaceTrait()", "lamina/Dialect/OpenMP/OpenMPDialect.h", []),
    # acc's ops that outlining may rematerialize: memory effect free (lamina/Dialect/OpenACC/OpenACCDialect.h).
    "OutlineRematerializationOpInterface": ("acc::OutlineRematerializationOpInterfaceTrait()",
                                            "lamina/Dialect/OpenACC/OpenACCDialect.h", []),
    "OffsetSizeAndStrideOpInterface": (
        "ods::OffsetSizeAndStrideOpInterface([](Operation *op) { return $Op(op).getArrayAttrMaxRanks(); })",
        "lamina/ODS/InterfaceTraits.h", ["getArrayAttrMaxRanks"]),
    "DestinationStyleOpInterface": (
        "ods::DestinationStyleOpInterface([](Operation *op) { return $Op(op).getDpsInits(); })",
        "lamina/ODS/InterfaceTraits.h", ["getDpsInits"]),
    "ShapedDimOpInterface": ("ods::ShapedDimOpInterface()", "lamina/ODS/InterfaceTraits.h", []),
    "LoopLikeOpInterface": (
        "ods::Implements<LoopLikeOpInterface>({.getLoopRegions = [](Operation *op) { return $Op(op).getLoopRegions(); }$More})",
        "lamina/Interfaces/LoopLikeInterface.h", ["getLoopRegions"]),
    "FunctionOpInterface": ("ods::FunctionOpInterface()", "lamina/ODS/InterfaceTraits.h", []),
    # The transform dialect's (lamina/Dialect/Transform/TransformInterfaces.h).
    "TransformOpInterface": ("ods::Implements<transform::TransformOpInterface>({})",
                             "lamina/Dialect/Transform/TransformInterfaces.h", []),
    # The methods the op overrides besides getSuccessorRegions are added
    # by interface_trait (`.areTypesCompatible = ...`).
    "RegionBranchOpInterface": (
        "ods::Implements<RegionBranchOpInterface>({$Before.getSuccessorRegions = [](Operation *op, RegionBranchPoint point, "
        "SmallVectorImpl<RegionSuccessor> &regions) { $Op(op).getSuccessorRegions(point, regions); }$More})",
        "lamina/Interfaces/ControlFlowInterfaces.h", ["getSuccessorRegions"]),
}
# Optional methods of verifying interfaces that an op may override:
# interface -> {method: (designated initializer, hook)}.
INTERFACE_OPTIONAL_METHODS = {
    # Methods used by the interpreter only (Lamina does not execute transforms).
    "TransformOpInterface": {"allowsRepeatedHandleOperands": ("", None)},
    "RegionBranchOpInterface": {
        "areTypesCompatible": (".areTypesCompatible = [](Operation *op, Type lhs, Type rhs) { "
                               "return $Op(op).areTypesCompatible(lhs, rhs); }", "areTypesCompatible"),
        "getEntrySuccessorOperands": (".getEntrySuccessorOperands = [](Operation *op, RegionSuccessor s) { "
                                      "return $Op(op).getEntrySuccessorOperands(s); }", "getEntrySuccessorOperands"),
        "getEntrySuccessorRegions": (".getEntrySuccessorRegions = [](Operation *op, ArrayRef<Attribute> operands, "
                                     "SmallVectorImpl<RegionSuccessor> &regions) { "
                                     "$Op(op).getEntrySuccessorRegions(operands, regions); }",
                                     "getEntrySuccessorRegions"),
        "getRegionInvocationBounds": (".getRegionInvocationBounds = [](Operation *op, ArrayRef<Attribute> operands, "
                                      "SmallVectorImpl<InvocationBounds> &bounds) { "
                                      "$Op(op).getRegionInvocationBounds(operands, bounds); }",
                                      "getRegionInvocationBounds"),
    },
}
# LoopLikeOpInterface's loop-carried values (in the Concept's order).
INTERFACE_OPTIONAL_METHODS["LoopLikeOpInterface"] = {
    "getInitsMutable": (".getInitsMutable = [](Operation *op) { return $Op(op).getInitsMutable(); }",
                        "getInitsMutable"),
    "getRegionIterArgs": (".getRegionIterArgs = [](Operation *op) -> ValueRange { return $Op(op).getRegionIterArgs(); }",
                          "getRegionIterArgs"),
    "getYieldedValuesMutable": (".getYieldedValuesMutable = [](Operation *op) { "
                                "return $Op(op).getYieldedValuesMutable(); }", "getYieldedValuesMutable"),
    "getLoopResults": (".getLoopResults = [](Operation *op) { return $Op(op).getLoopResults(); }", "getLoopResults"),
}
# Interfaces whose optional methods must be initialized in the Concept's
# order (the order of INTERFACE_OPTIONAL_METHODS), not the record's.
ORDERED_OPTIONAL_METHODS = {"LoopLikeOpInterface"}
# Methods MLIR's interface has and Lamina's does not (nothing uses them):
# an op's override is left out.
IGNORED_INTERFACE_METHODS = {"RegionBranchOpInterface": {"getNumRegionInvocations"},
                             # Folding only (Lamina folds no branch through it yet).
                             "BranchOpInterface": {"getSuccessorForOperands"}}
# Optional methods declared before the interface's main method in its
# Concept (emitted first).
METHODS_BEFORE_MAIN = {"getEntrySuccessorOperands", "getEntrySuccessorRegions"}
# Interfaces whose verification needs what Lamina does not have (a dialect
# it does not register): listed as not implemented, not an error.
UNVERIFIABLE_INTERFACES = {
    "DataLayoutOpInterface",   # verifies `dlti.dl_spec` attributes (no dlti dialect)
}


def norm(s):
    return re.sub(r'\s+', ' ', s).strip()


def op_class_name(rec, dialect_rec):
    """The C++ class of an op record: the record name without the dialect prefix."""
    # ODS: the class name is the def name with everything up to the first '_' removed.
    i = rec.find("_")
    return rec[i + 1:] if i >= 0 else rec
