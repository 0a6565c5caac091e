//===- TestDialect.cpp - mlir-opt's `test` dialect: registration, fallback ===//
//
// Everything of the test dialect that Lamina does not implement stays as
// written: a type or attribute whose mnemonic is not implemented becomes an
// OpaqueType/OpaqueAttr of the `test` namespace holding its text, which the
// printer writes back verbatim and the bytecode writer writes as text, just
// as when the dialect was not loaded at all. Unknown operations are allowed.
// When such text contains alias references, dialect types and attributes,
// affine maps/sets or tuples, it becomes a TestVerbatimType/Attr instead,
// which keeps those elements (parsed on their own) and prints them as the
// printer prints them (aliases included), the rest of the text as written.
//
#include "lamina/Dialect/Test/TestDialect.h"

#include "TestEnumAttrs.h"
#include "TestTypes.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Operation.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/ODS/OpDef.h"

#include <deque>
#include <mutex>
#include <unordered_map>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Resources
//===----------------------------------------------------------------------===//

/// The dialect's resources (MLIR's DialectResourceBlobManager): entries in
/// declaration order, found by key. Handles are entry addresses.
class MLIRTestDialect::BlobManager {
public:
  struct Entry {
    std::string key;
    std::optional<AsmResourceBlob> blob;
  };

  /// A new entry named `key`, or `key_N` for the first free N if taken.
  Entry *insert(std::string_view key) {
    std::lock_guard<std::mutex> lock(mutex);
    if (Entry *entry = tryInsert(std::string(key)))
      return entry;
    for (uint64_t n = 1;; ++n)
      if (Entry *entry = tryInsert(std::string(key) + "_" + std::to_string(n)))
        return entry;
  }
  /// The entry named `key`, or null.
  Entry *lookup(std::string_view key) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = byKey.find(key);
    return it == byKey.end() ? nullptr : it->second;
  }

private:
  Entry *tryInsert(std::string key) {
    if (byKey.count(key))
      return nullptr;
    Entry &entry = entries.emplace_back(Entry{std::move(key), std::nullopt});
    byKey.emplace(entry.key, &entry);
    return &entry;
  }

  std::mutex mutex;
  std::deque<Entry> entries;
  std::unordered_map<std::string_view, Entry *> byKey;
};

const void *MLIRTestDialect::declareResource(std::string_view key) const { return blobs->insert(key); }

std::string_view MLIRTestDialect::getResourceKey(const void *handle) const {
  return static_cast<const BlobManager::Entry *>(handle)->key;
}

LogicalResult MLIRTestDialect::parseResource(DialectResourceEntry &entry) const {
  FailureOr<AsmResourceBlob> blob = entry.parseAsBlob();
  if (failed(blob))
    return failure();
  if (BlobManager::Entry *resource = blobs->lookup(entry.getKey()))
    resource->blob = std::move(*blob);
  return success();
}

void MLIRTestDialect::buildResources(ArrayRef<const void *> referenced, DialectResourceBuilder &builder) const {
  for (const void *handle : referenced) {
    auto *entry = static_cast<const BlobManager::Entry *>(handle);
    if (entry->blob)
      builder.buildBlob(entry->key, *entry->blob);
  }
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

MLIRTestDialect::MLIRTestDialect(MLIRContext *ctx)
    : Dialect("test", ctx, TypeID::get<MLIRTestDialect>()), blobs(std::make_unique<BlobManager>()) {
  allowUnknownOperations();
  allowUnknownTypes();
  addTypes<testdialect::SimpleAType, testdialect::TestIntegerType, testdialect::TestDynamicType,
           testdialect::TestType, testdialect::TestI32Type, testdialect::TestRecursiveType,
           testdialect::TestRecursiveAliasType, testdialect::TestVerbatimType>();
  addAttributes<testdialect::ConditionalAliasAttr, testdialect::TestDynamicAttr, testdialect::TestI64ElementsAttr,
                testdialect::TestExternElementsAttr, testdialect::CustomFloatAttr,
                testdialect::SubElementsAccessAttr, testdialect::AttrParamsAttr, testdialect::TestVerbatimAttr,
                testdialect::TestEnumAttr, testdialect::TestBitEnumAttr, testdialect::TestBitEnumVerticalBarAttr>();
  ods::registerOpsOnce(*this, [](Dialect &d) { static_cast<MLIRTestDialect &>(d).registerOps(); });
}

MLIRTestDialect::~MLIRTestDialect() = default;

//===----------------------------------------------------------------------===//
// Types and attributes
//===----------------------------------------------------------------------===//

/// The mnemonic the dialect parser sees first: the leading identifier of the
/// symbol (`int` in `int<signed, 8>`).
static std::string_view leadingMnemonic(std::string_view spec) {
  size_t n = 0;
  auto isIdChar = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
           c == '.';
  };
  while (n < spec.size() && isIdChar(spec[n]))
    ++n;
  return spec.substr(0, n);
}

/// Consumes the keyword `mnemonic` the parser is positioned on.
static bool consumeMnemonic(DialectAsmParser &parser, std::string_view mnemonic) {
  std::string_view keyword;
  return succeeded(parser.parseOptionalKeyword(&keyword)) && keyword == mnemonic;
}

Type MLIRTestDialect::parseType(DialectAsmParser &parser) const {
  std::string_view spec = parser.getFullSymbolSpec();
  std::string_view mnemonic = leadingMnemonic(spec);
  if (testdialect::isKnownTypeSpec(mnemonic, spec) && consumeMnemonic(parser, mnemonic))
    return testdialect::parseTestType(mnemonic, parser);
  std::vector<testdialect::VerbatimRef> refs;
  testdialect::findVerbatimRefs(spec, parser, refs);
  if (!refs.empty())
    return testdialect::TestVerbatimType::get(getContext(), spec, refs);
  return OpaqueType::get(StringAttr::get(getContext(), getNamespace()), spec);
}

void MLIRTestDialect::printType(Type type, DialectAsmPrinter &printer) const {
  // Opaque types of this namespace are printed by the printer itself.
  testdialect::printTestType(type, printer);
}

Attribute MLIRTestDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  std::string_view spec = parser.getFullSymbolSpec();
  std::string_view mnemonic = leadingMnemonic(spec);
  if (testdialect::isEnumAttrMnemonic(mnemonic))
    return testdialect::parseEnumAttr(parser, type, *this);
  if (testdialect::isKnownAttrMnemonic(mnemonic) && consumeMnemonic(parser, mnemonic))
    return testdialect::parseTestAttribute(mnemonic, parser, type);
  if (!type) {
    std::vector<testdialect::VerbatimRef> refs;
    testdialect::findVerbatimRefs(spec, parser, refs);
    if (!refs.empty())
      return testdialect::TestVerbatimAttr::get(getContext(), spec, refs);
  }
  return OpaqueAttr::get(StringAttr::get(getContext(), getNamespace()), spec,
                         type ? type : Type(NoneType::get(getContext())));
}

void MLIRTestDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  if (testdialect::printEnumAttr(attr, printer))
    return;
  testdialect::printTestAttribute(attr, printer);
}

//===----------------------------------------------------------------------===//
// Aliases (TestOpAsmInterface)
//===----------------------------------------------------------------------===//

AliasResult MLIRTestDialect::getAlias(Attribute attr, raw_ostream &os) const {
  auto str = dyn_cast<StringAttr>(attr);
  if (!str)
    return AliasResult::NoAlias;
  std::string_view value = str.getValue();
  constexpr std::string_view prefix = "alias_test:";
  if (value.substr(0, prefix.size()) != prefix)
    return AliasResult::NoAlias;
  static constexpr std::pair<std::string_view, std::string_view> names[] = {
      {"dot_in_name", "test.alias"},         {"trailing_digit", "test_alias0"},
      {"prefixed_digit", "0_test_alias"},    {"prefixed_symbol", "%test"},
      {"tensor_encoding", "test_encoding"},
  };
  for (auto [key, alias] : names)
    if (value.substr(prefix.size()) == key) {
      os << alias;
      return AliasResult::FinalAlias;
    }
  return AliasResult::NoAlias;
}

AliasResult MLIRTestDialect::getAlias(Type type, raw_ostream &os) const {
  if (auto tuple = dyn_cast<TupleType>(type)) {
    ArrayRef<Type> types = tuple.getTypes();
    bool allSimpleA = !types.empty();
    for (Type t : types)
      allSimpleA &= isa<testdialect::SimpleAType>(t);
    if (allSimpleA) {
      os << "test_tuple";
      return AliasResult::FinalAlias;
    }
  }
  if (auto intType = dyn_cast<testdialect::TestIntegerType>(type))
    if (intType.getSignedness() == testdialect::TestIntegerType::Unsigned && intType.getWidth() == 8) {
      os << "test_ui8";
      return AliasResult::FinalAlias;
    }
  if (auto rec = dyn_cast<testdialect::TestRecursiveType>(type))
    if (rec.getName() == "type_to_alias") {
      os << "testrec";
      return AliasResult::FinalAlias;
    }
  if (auto rec = dyn_cast<testdialect::TestRecursiveAliasType>(type)) {
    os << rec.getName();
    return AliasResult::FinalAlias;
  }
  return AliasResult::NoAlias;
}

//===----------------------------------------------------------------------===//
// Attribute verification
//===----------------------------------------------------------------------===//

/// The test dialect accepts every attribute of its namespace but one.
static LogicalResult verifyTestAttribute(Operation *op, NamedAttribute attr) {
  if (attr.getNameStr() == "test.invalid_attr")
    return op->emitError() << "invalid to use 'test.invalid_attr'";
  return success();
}

LogicalResult MLIRTestDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  return verifyTestAttribute(op, attr);
}

LogicalResult MLIRTestDialect::verifyRegionArgAttribute(Operation *op, unsigned, unsigned, NamedAttribute attr) {
  return verifyTestAttribute(op, attr);
}

LogicalResult MLIRTestDialect::verifyRegionResultAttribute(Operation *op, unsigned, unsigned, NamedAttribute attr) {
  return verifyTestAttribute(op, attr);
}
