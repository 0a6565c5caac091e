#!/usr/bin/env python3
"""Writes lib/Bytecode/ForeignOpLayouts.def: the bytecode property layouts of
the operations the reference mlir-opt registers.

mlir-opt stores the properties of a registered operation in the native ODS
encoding (a sequence of attribute references without names), so reading or
writing those operations' bytecode needs, per operation, the ordered list of
its properties. This script reads the *facts* (operation name, property
names, optional or required, segment counts, Property<> kinds) out of the
TableGen-generated headers that ship in Debian's libmlir-22-dev package, and
writes them in Lamina's own table format (see ForeignOpLayouts.h):

    FOREIGN_OP("gpu.alloc", "?hostShared operandSegmentSizes:3")

Usage (the package is only downloaded and unpacked, never installed):
    cd /tmp && apt-get download libmlir-22-dev && dpkg-deb -x libmlir-22-dev_*.deb mlirdev
    utils/extract-foreign-op-layouts.py /tmp/mlirdev/usr/lib/llvm-22/include/mlir \
        > lib/Bytecode/ForeignOpLayouts.def

The test dialect is not part of the package: its layouts are written by hand
in lib/Bytecode/ForeignOpLayoutsTest.def.
"""
import glob
import os
import re
import sys

# Statements of a generated writeProperties body, as regexes.
ATTR = re.compile(r"writer\.writeAttribute\(prop\.(\w+)\);")
OPT_ATTR = re.compile(r"writer\.writeOptionalAttribute\(prop\.(\w+)\);")
STORAGE = re.compile(r"auto &propStorage = prop\.(\w+);")
LEGACY = re.compile(r"if \(writer\.getBytecodeVersion\(\) < /\*kNativePropertiesODSSegmentSize=\*/6\) \{\s*"
                    r"auto &propStorage = prop\.(\w+);\s*writer\.writeAttribute\(::mlir::DenseI32ArrayAttr::get\("
                    r"this->getContext\(\), propStorage\)\);\s*\}")
NATIVE = re.compile(r"\{\s*auto &propStorage = prop\.(\w+);\s*if \(writer\.getBytecodeVersion\(\) >= "
                    r"/\*kNativePropertiesODSSegmentSize=\*/6\)\s*writer\.writeSparseArray\(::llvm::ArrayRef\("
                    r"propStorage\)\);\s*;\s*\}")
BOOL_PROP = re.compile(r"\{\s*auto &propStorage = prop\.(\w+);\s*writer\.writeOwnedBool\(propStorage\);;\s*\}")
OPT_VARINT_PROP = re.compile(r"\{\s*auto &propStorage = prop\.(\w+);\s*writer\.writeOwnedBool\(propStorage\.has_value\(\)\);"
                             r"\s*if \(propStorage\.has_value\(\)\) \{\s*writer\.writeVarInt\(\(\*\(propStorage\)\)\);\s*\};\s*\}")
ENUM_PROP = re.compile(r"\{\s*auto &propStorage = prop\.(\w+);\s*writer\.writeVarInt\(static_cast<uint64_t>\(propStorage\)\);;\s*\}")


def parse_body(body):
    """The layout tokens of one writeProperties body, in encoding order."""
    tokens = []
    pos = 0
    patterns = [(LEGACY, "legacy"), (NATIVE, "native"), (BOOL_PROP, "bool"), (OPT_VARINT_PROP, "optvarint"),
                (ENUM_PROP, "enum"), (ATTR, "attr"), (OPT_ATTR, "optattr")]
    body = body.replace("auto &prop = getProperties(); (void)prop;", "")
    while True:
        while pos < len(body) and body[pos].isspace():
            pos += 1
        if pos == len(body):
            return tokens
        for pattern, kind in patterns:
            m = pattern.match(body, pos)
            if m:
                tokens.append((kind, m.group(1)))
                pos = m.end()
                break
        else:
            raise ValueError("unrecognized statement: " + repr(body[pos:pos + 400]))


def parse_header(text):
    """Maps class name -> (operation name, {segment storage name: count})."""
    ops = {}
    # Segment storage sizes, per adaptor base class.
    segments = {}
    for m in re.finditer(r"class (\w+)GenericAdaptorBase \{(.*?)\n\} // namespace detail", text, re.S):
        sizes = {}
        for s in re.finditer(r"using (\w+)Ty = std::array<int32_t, (\d+)>;", m.group(2)):
            sizes[s.group(1)] = int(s.group(2))
        segments[m.group(1)] = sizes
    for m in re.finditer(r"class (\w+) : public ::mlir::Op<\1\b(.*?)getOperationName\(\) \{\s*return "
                         r"::llvm::StringLiteral\(\"([^\"]+)\"\);", text, re.S):
        ops[m.group(1)] = (m.group(3), segments.get(m.group(1), {}))
    return ops


def layout_string(op_name, tokens, segments):
    attrs = [(k, n) for k, n in tokens if k in ("attr", "optattr")]
    names = [n for _, n in attrs]
    if names != sorted(names):
        raise ValueError(f"{op_name}: attributes not in name order: {names}")
    # The legacy segment sizes must sit where their legacy name sorts.
    index = 0
    for kind, name in tokens:
        if kind in ("attr", "optattr"):
            index += 1
        elif kind == "legacy":
            legacy = {"operandSegmentSizes": "operand_segment_sizes",
                      "resultSegmentSizes": "result_segment_sizes"}[name]
            expected = sum(1 for n in names if n < legacy)
            if index != expected:
                raise ValueError(f"{op_name}: legacy {name} at {index}, expected {expected}")
    natives = [n for k, n in tokens if k == "native"]
    if natives != sorted(natives, key=lambda n: n != "operandSegmentSizes"):
        raise ValueError(f"{op_name}: unexpected segment order {natives}")
    # Segments must come after every attribute and property.
    seen_native = False
    for kind, _ in tokens:
        if kind == "native":
            seen_native = True
        elif kind != "legacy" and seen_native:
            raise ValueError(f"{op_name}: property after the segment sizes")
    out = []
    for kind, name in tokens:
        if kind == "attr":
            out.append(name)
        elif kind == "optattr":
            out.append("?" + name)
        elif kind in ("bool", "boolp", "optvarint", "enum"):
            out.append(f"{kind}:{name}")
        elif kind == "native":
            out.append(f"{name}:{segments[name]}")
    return " ".join(out)


def main():
    root = sys.argv[1]
    entries = {}
    for cpp in sorted(glob.glob(os.path.join(root, "**", "*.cpp.inc"), recursive=True)):
        header = cpp[:-len(".cpp.inc")] + ".h.inc"
        if not os.path.exists(header):
            continue
        ops = parse_header(open(header).read())
        if not ops:
            continue
        text = open(cpp).read()
        with_props = {}
        for m in re.finditer(r"\nvoid (\w+)::writeProperties\(::mlir::DialectBytecodeWriter &writer\) \{\n(.*?)\n\}\n(?=\n*[^\s{}])",
                             text, re.S):
            with_props[m.group(1)] = m.group(2)
        for cls, (op_name, segments) in ops.items():
            if cls in with_props:
                tokens = parse_body(with_props[cls])
                # A bool Property<> prints as `unit` (UnitProp) or `true`
                # (BoolProp): its getPropertiesAsAttr tells which.
                as_attr = re.search(r"::mlir::Attribute " + cls + r"::getPropertiesAsAttr\(.*?\n\}\n", text, re.S)
                for i, (kind, name) in enumerate(tokens):
                    if kind != "bool":
                        continue
                    block = re.search(r"const auto &propStorage = prop\." + name + r";(.*?)getNamedAttr",
                                      as_attr.group(0) if as_attr else "", re.S)
                    if not block or "UnitAttr::get" not in block.group(1):
                        tokens[i] = ("boolp", name)
                layout = layout_string(op_name, tokens, segments)
            else:
                layout = "-"  # registered, but without properties
            if op_name in entries and entries[op_name] != layout:
                raise ValueError(f"{op_name}: conflicting layouts")
            entries[op_name] = layout
    print("//===- ForeignOpLayouts.def - Property layouts of mlir-opt's operations ---===//")
    print("//")
    print("// GENERATED by utils/extract-foreign-op-layouts.py from the TableGen output of")
    print("// MLIR 22.1.8 (Debian libmlir-22-dev); do not edit by hand. Format: see")
    print("// ForeignOpLayouts.h. \"-\" marks a registered operation without properties.")
    print("//")
    for name in sorted(entries):
        print(f'FOREIGN_OP("{name}", "{entries[name]}")')


if __name__ == "__main__":
    main()
