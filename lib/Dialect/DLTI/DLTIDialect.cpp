//===- DLTIDialect.cpp - The dlti dialect ---------------------------------===//
//
// The syntax and verifiers of the dlti attributes (MLIR's DLTI.cpp) and the
// dialect's checks of `dlti.*` attributes on operations.
//
#include "lamina/Dialect/DLTI/DLTIDialect.h"

#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/RawOstream.h"

#include <string>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Common syntax
//===----------------------------------------------------------------------===//

/// The key as MLIR's keyToStr writes it: a type, or a quoted string.
static std::string keyToStr(DataLayoutEntryAttr entry) {
  std::string buf;
  raw_string_ostream os(buf);
  if (Type type = entry.getTypeKey())
    os << type;
  else
    os << Attribute(entry.getStringKey());
  os.flush();
  return buf;
}

/// entry ::= ((type | quoted-string) `=` attr) | dl-entry-attr
static ParseResult parseKeyValuePair(AsmParser &parser, DataLayoutEntryAttr &entry, bool tryType) {
  Attribute value;
  if (tryType) {
    Type type;
    std::optional<ParseResult> parsedType = parser.parseOptionalType(type);
    if (parsedType.has_value()) {
      if (failed(*parsedType))
        return parser.emitError(parser.getCurrentLocation()) << "error while parsing type DLTI key";
      if (parser.parseEqual() || parser.parseAttribute(value))
        return failure();
      entry = DataLayoutEntryAttr::get(type, value);
      return success();
    }
  }
  std::string ident;
  if (succeeded(parser.parseOptionalString(&ident))) {
    if (parser.parseEqual() || parser.parseAttribute(value))
      return failure();
    entry = DataLayoutEntryAttr::get(StringAttr::get(parser.getContext(), ident), value);
    return success();
  }
  return parser.parseAttribute(entry);
}

/// `<` entry-list `>` for the spec attributes.
template <typename AttrT>
static Attribute parseAngleBracketedEntries(AsmParser &parser, bool tryType, bool allowEmpty) {
  SmallVector<DataLayoutEntryAttr, 4> entries;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater, [&]() -> ParseResult {
        entries.emplace_back();
        return parseKeyValuePair(parser, entries.back(), tryType);
      }))
    return Attribute();
  if (entries.empty() && !allowEmpty) {
    parser.emitError(parser.getNameLoc()) << "no DLTI entries provided";
    return Attribute();
  }
  SMLoc nameLoc = parser.getNameLoc();
  return AttrT::getChecked([&] { return parser.emitError(nameLoc); }, parser.getContext(),
                           DataLayoutEntryList(entries.data(), entries.size()));
}

/// `<key = value, ...>`.
static void printAngleBracketedEntries(AsmPrinter &printer, DataLayoutEntryList entries) {
  raw_ostream &os = printer.getStream();
  os << "<";
  bool first = true;
  for (DataLayoutEntryAttr entry : entries) {
    if (!first)
      os << ", ";
    first = false;
    if (Type type = entry.getTypeKey())
      printer.printType(type);
    else
      printer.printAttribute(entry.getStringKey());
    os << " = ";
    printer.printAttribute(entry.getValue());
  }
  os << ">";
}

/// The checks all entry lists share (MLIR's verifyEntries).
static LogicalResult verifyEntries(function_ref<InFlightDiagnostic()> emitError, DataLayoutEntryList entries,
                                   bool allowTypes = true) {
  for (size_t i = 0, e = entries.size(); i < e; ++i) {
    DataLayoutEntryAttr entry = entries[i];
    if (!entry)
      return emitError() << "contained invalid DLTI entry";
    if (!allowTypes && entry.isTypeEntry())
      return emitError() << "type as DLTI key is not allowed";
    if (!entry.isTypeEntry() && entry.getStringKey().getValue().empty())
      return emitError() << "empty string as DLTI key is not allowed";
    for (size_t j = 0; j < i; ++j)
      if (entries[j].getTypeKey() == entry.getTypeKey() && entries[j].getStringKey() == entry.getStringKey())
        return emitError() << "repeated DLTI key: " << keyToStr(entry);
    if (!entry.getValue())
      return emitError() << "value associated to DLTI key " << keyToStr(entry) << " is invalid";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// dl-entry-attr ::= `#dlti.dl_entry` `<` (type | quoted-string) `,` attr `>`
Attribute DataLayoutEntryAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return Attribute();
  Type typeKey;
  std::string identifier;
  SMLoc idLoc = parser.getCurrentLocation();
  std::optional<ParseResult> parsedType = parser.parseOptionalType(typeKey);
  if (parsedType.has_value() && failed(*parsedType))
    return Attribute();
  if (!parsedType.has_value() && failed(parser.parseOptionalString(&identifier))) {
    parser.emitError(idLoc) << "expected a type or a quoted string";
    return Attribute();
  }
  Attribute value;
  if (parser.parseComma() || parser.parseAttribute(value) || parser.parseGreater())
    return Attribute();
  if (typeKey)
    return get(typeKey, value);
  return get(StringAttr::get(parser.getContext(), identifier), value);
}

void DataLayoutEntryAttr::print(AsmPrinter &printer) const {
  printer.getStream() << "<";
  if (Type type = getTypeKey())
    printer.printType(type);
  else
    printer.printAttribute(getStringKey());
  printer.getStream() << ", ";
  printer.printAttribute(getValue());
  printer.getStream() << ">";
}

Attribute DataLayoutSpecAttr::parse(AsmParser &parser, Type) {
  return parseAngleBracketedEntries<DataLayoutSpecAttr>(parser, /*tryType=*/true, /*allowEmpty=*/true);
}
void DataLayoutSpecAttr::print(AsmPrinter &printer) const { printAngleBracketedEntries(printer, getEntries()); }
LogicalResult DataLayoutSpecAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                         DataLayoutEntryList entries) {
  return verifyEntries(emitError, entries);
}

Attribute DLTIMapAttr::parse(AsmParser &parser, Type) {
  return parseAngleBracketedEntries<DLTIMapAttr>(parser, /*tryType=*/true, /*allowEmpty=*/true);
}
void DLTIMapAttr::print(AsmPrinter &printer) const { printAngleBracketedEntries(printer, getEntries()); }
LogicalResult DLTIMapAttr::verify(function_ref<InFlightDiagnostic()> emitError, DataLayoutEntryList entries) {
  return verifyEntries(emitError, entries);
}

Attribute TargetDeviceSpecAttr::parse(AsmParser &parser, Type) {
  return parseAngleBracketedEntries<TargetDeviceSpecAttr>(parser, /*tryType=*/false, /*allowEmpty=*/false);
}
void TargetDeviceSpecAttr::print(AsmPrinter &printer) const { printAngleBracketedEntries(printer, getEntries()); }
LogicalResult TargetDeviceSpecAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                           DataLayoutEntryList entries) {
  return verifyEntries(emitError, entries, /*allowTypes=*/false);
}

Attribute TargetSystemSpecAttr::parse(AsmParser &parser, Type) {
  return parseAngleBracketedEntries<TargetSystemSpecAttr>(parser, /*tryType=*/false, /*allowEmpty=*/false);
}
void TargetSystemSpecAttr::print(AsmPrinter &printer) const { printAngleBracketedEntries(printer, getEntries()); }
LogicalResult TargetSystemSpecAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                           DataLayoutEntryList entries) {
  for (size_t i = 0, e = entries.size(); i < e; ++i) {
    DataLayoutEntryAttr entry = entries[i];
    if (entry.isTypeEntry())
      return emitError() << "non-string key of DLTI system spec";
    auto device = dyn_cast<TargetDeviceSpecAttr>(entry.getValue());
    if (!device)
      return emitError() << "value associated with key " << Attribute(entry.getStringKey())
                         << " is not a DLTI device spec";
    if (failed(TargetDeviceSpecAttr::verify(emitError, device.getEntries())))
      return failure();
    for (size_t j = 0; j < i; ++j)
      if (entries[j].getStringKey() == entry.getStringKey())
        return emitError() << "repeated device ID in dlti.target_system_spec: " << Attribute(entry.getStringKey());
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Data layout verification
//===----------------------------------------------------------------------===//

LogicalResult DataLayoutDialectInterface::verifyEntry(DataLayoutEntryAttr, Location) const { return success(); }

namespace {
/// The dlti dialect's own keys (MLIR's TargetDataLayoutInterface).
class DLTIDataLayoutInterface : public DataLayoutDialectInterface {
public:
  LogicalResult verifyEntry(DataLayoutEntryAttr entry, Location loc) const override {
    std::string_view name = entry.getStringKey().getValue();
    if (name == "dlti.endianness") {
      auto value = dyn_cast<StringAttr>(entry.getValue());
      if (value && (value.getValue() == "big" || value.getValue() == "little"))
        return success();
      return emitError(loc) << "'" << name << "' data layout entry is expected to be either 'big' or 'little'";
    }
    static constexpr std::string_view known[] = {
        "dlti.default_memory_space", "dlti.alloca_memory_space",        "dlti.program_memory_space",
        "dlti.global_memory_space",  "dlti.stack_alignment",            "dlti.mangling_mode",
        "dlti.legal_int_widths",     "dlti.function_pointer_alignment",
    };
    for (std::string_view k : known)
      if (name == k)
        return success();
    return emitError(loc) << "unknown data layout entry name: " << name;
  }
};
} // namespace

/// The dialect whose namespace prefixes a string key (`dlti.endianness`).
static Dialect *referencedDialect(MLIRContext *ctx, StringAttr key) {
  std::string_view name = key.getValue();
  size_t dot = name.find('.');
  if (dot == std::string_view::npos)
    return nullptr;
  return ctx->getLoadedDialect(name.substr(0, dot));
}

/// MLIR's verifyDataLayoutSpec: builtin types by their rules, other types
/// and string keys by their dialect's interface.
static LogicalResult verifyDataLayoutSpec(DataLayoutSpecAttr spec, Location loc) {
  DataLayoutEntryList entries = spec.getEntries();
  // Type entries, bucketed by type class in order of first appearance.
  std::vector<bool> done(entries.size(), false);
  for (size_t i = 0, e = entries.size(); i < e; ++i) {
    if (done[i] || !entries[i].isTypeEntry())
      continue;
    Type sample = entries[i].getTypeKey();
    SmallVector<DataLayoutEntryAttr, 4> bucket;
    for (size_t j = i; j < e; ++j)
      if (!done[j] && entries[j].isTypeEntry() && entries[j].getTypeKey().getTypeID() == sample.getTypeID()) {
        done[j] = true;
        bucket.push_back(entries[j]);
      }
    if (isa<IndexType>(sample)) {
      if (!isa<IntegerAttr>(bucket.front().getValue()))
        return emitError(loc) << "expected integer attribute in the data layout entry for " << sample;
      continue;
    }
    if (sample.isIntOrFloat()) {
      for (DataLayoutEntryAttr entry : bucket) {
        auto value = dyn_cast<DenseIntElementsAttr>(entry.getValue());
        if (!value || !value.getElementType().isSignlessInteger(64))
          return emitError(loc) << "expected a dense i64 elements attribute in the data layout entry "
                                << Attribute(entry);
        size_t n = value.size();
        if (n < 1 || n > 2)
          return emitError(loc) << "expected 1 or 2 elements in the data layout entry " << Attribute(entry);
        uint64_t abi = value.getIntValue(0).getZExtValue();
        uint64_t preferred = n == 2 ? value.getIntValue(1).getZExtValue() : abi;
        if (preferred < abi)
          return emitError(loc) << "preferred alignment is expected to be greater than or equal to the abi "
                                   "alignment in data layout entry "
                                << Attribute(entry);
      }
      continue;
    }
    Dialect &dialect = sample.getDialect();
    if (dialect.getNamespace() == "builtin")
      return emitError(loc) << "unexpected data layout for a built-in type";
    const auto *iface = dialect.getRegisteredInterface<DataLayoutDialectInterface>();
    std::optional<LogicalResult> result;
    if (iface)
      result = iface->verifyTypeEntries(sample, DataLayoutEntryList(bucket.data(), bucket.size()), loc);
    if (!result.has_value())
      return emitError(loc) << "data layout specified for a type that does not support it";
    if (failed(*result))
      return failure();
  }
  for (DataLayoutEntryAttr entry : entries) {
    if (entry.isTypeEntry())
      continue;
    Dialect *dialect = referencedDialect(spec.getContext(), entry.getStringKey());
    if (!dialect)
      continue;
    if (const auto *iface = dialect->getRegisteredInterface<DataLayoutDialectInterface>())
      if (failed(iface->verifyEntry(entry, loc)))
        return failure();
  }
  return success();
}

/// Whether `inner` combines with `outer` (string keys: the dialect's
/// combine; type keys: the dialect's compatibility check).
static bool combines(DataLayoutSpecAttr outer, DataLayoutSpecAttr inner) {
  MLIRContext *ctx = inner.getContext();
  for (DataLayoutEntryAttr entry : inner.getEntries()) {
    if (entry.isTypeEntry())
      continue;
    for (DataLayoutEntryAttr old : outer.getEntries()) {
      if (old.isTypeEntry() || old.getStringKey() != entry.getStringKey())
        continue;
      Dialect *dialect = referencedDialect(ctx, entry.getStringKey());
      const DataLayoutDialectInterface *iface =
          dialect ? dialect->getRegisteredInterface<DataLayoutDialectInterface>() : nullptr;
      DataLayoutEntryAttr combined = iface ? iface->combine(old, entry) : (old == entry ? old : DataLayoutEntryAttr());
      if (!combined)
        return false;
    }
  }
  return true;
}

LogicalResult lamina::verifyDataLayoutOp(Operation *op) {
  auto spec = dyn_cast_or_null<DataLayoutSpecAttr>(op->getAttr(DLTIDialect::kDataLayoutAttrName));
  if (!spec)
    return success();
  if (failed(verifyDataLayoutSpec(spec, op->getLoc())))
    return failure();
  // The specs of enclosing ops (innermost first) must combine with this one.
  SmallVector<Operation *, 4> enclosing;
  for (Operation *parent = op->getParentOp(); parent; parent = parent->getParentOp())
    if (isa_and_nonnull<DataLayoutSpecAttr>(parent->getAttr(DLTIDialect::kDataLayoutAttrName)))
      enclosing.push_back(parent);
  // Outermost first, each combining into the accumulated layout.
  bool ok = true;
  for (size_t i = enclosing.size(); i-- > 0 && ok;) {
    auto outer = cast<DataLayoutSpecAttr>(enclosing[i]->getAttr(DLTIDialect::kDataLayoutAttrName));
    ok = combines(outer, spec);
  }
  if (ok)
    return success();
  InFlightDiagnostic diag = op->emitError() << "data layout does not combine with layouts of enclosing ops";
  for (Operation *parent : enclosing)
    diag.attachNote(parent->getLoc()) << "enclosing op with data layout";
  return diag;
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

DLTIDialect::DLTIDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<DLTIDialect>()) {
  addAttributes<DataLayoutEntryAttr, DataLayoutSpecAttr, DLTIMapAttr, TargetSystemSpecAttr, TargetDeviceSpecAttr,
                FunctionPointerAlignmentAttr>();
  ods::AttrDef<DataLayoutEntryAttr>("dl_entry", "DLTI_DataLayoutEntryAttr")
      .custom(&DataLayoutEntryAttr::parse, [](Attribute a, AsmPrinter &p) { cast<DataLayoutEntryAttr>(a).print(p); })
      .registerIn(attrTypes);
  ods::AttrDef<DataLayoutSpecAttr>("dl_spec", "DLTI_DataLayoutSpecAttr")
      .custom(&DataLayoutSpecAttr::parse, [](Attribute a, AsmPrinter &p) { cast<DataLayoutSpecAttr>(a).print(p); })
      .registerIn(attrTypes);
  ods::AttrDef<DLTIMapAttr>("map", "DLTI_MapAttr")
      .custom(&DLTIMapAttr::parse, [](Attribute a, AsmPrinter &p) { cast<DLTIMapAttr>(a).print(p); })
      .registerIn(attrTypes);
  ods::AttrDef<TargetSystemSpecAttr>("target_system_spec", "DLTI_TargetSystemSpecAttr")
      .custom(&TargetSystemSpecAttr::parse,
              [](Attribute a, AsmPrinter &p) { cast<TargetSystemSpecAttr>(a).print(p); })
      .registerIn(attrTypes);
  ods::AttrDef<TargetDeviceSpecAttr>("target_device_spec", "DLTI_TargetDeviceSpecAttr")
      .custom(&TargetDeviceSpecAttr::parse,
              [](Attribute a, AsmPrinter &p) { cast<TargetDeviceSpecAttr>(a).print(p); })
      .registerIn(attrTypes);
  ods::AttrDef<FunctionPointerAlignmentAttr>("function_pointer_alignment", "DLTI_FunctionPointerAlignmentAttr")
      .param("alignment", "uint64_t")
      .param("function_dependent", "bool")
      .format("`<` $alignment `,` `function_dependent` `=` $function_dependent `>`")
      .registerIn(attrTypes);
  addInterfaceAs<DataLayoutDialectInterface, DLTIDataLayoutInterface>();
}

DLTIDialect::~DLTIDialect() = default;

Attribute DLTIDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void DLTIDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

LogicalResult DLTIDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  std::string_view name = attr.getName().getValue();
  if (name == kDataLayoutAttrName) {
    if (!isa<DataLayoutSpecAttr>(attr.getValue()))
      return op->emitError() << "'" << kDataLayoutAttrName << "' is expected to be a #dlti.dl_spec attribute";
    if (isa<ModuleOp>(op))
      return verifyDataLayoutOp(op);
    return success();
  }
  if (name == kTargetSystemDescAttrName) {
    if (!isa<TargetSystemSpecAttr>(attr.getValue()))
      return op->emitError() << "'" << kTargetSystemDescAttrName
                             << "' is expected to be a #dlti.target_system_spec attribute";
    return success();
  }
  if (name == kMapAttrName) {
    if (!isa<DLTIMapAttr>(attr.getValue()))
      return op->emitError() << "'" << kMapAttrName << "' is expected to be a #dlti.map attribute";
    return success();
  }
  return op->emitError() << "attribute '" << name << "' not supported by dialect";
}
