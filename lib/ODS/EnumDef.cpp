//===- EnumDef.cpp - Declarative enums: strings, parsing, printing --------===//
//
// Follows MLIR's EnumsGen: stringify/symbolize, the FieldParser used by
// attribute parameters and the `operator<<` printer.
//
#include "lamina/ODS/EnumDef.h"

#include "OpFormat.h"

#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>

using namespace lamina;
using namespace lamina::ods;

EnumInfo EnumInfo::intEnum(std::string name, unsigned bitWidth, std::vector<EnumCase> cases, std::string summary) {
  EnumInfo info;
  info.name = std::move(name);
  info.bitWidth = bitWidth;
  info.cases = std::move(cases);
  if (summary.empty()) {
    summary = "allowed " + std::to_string(bitWidth) + "-bit signless integer cases: ";
    for (size_t i = 0; i < info.cases.size(); ++i) {
      if (i)
        summary += ", ";
      summary += std::to_string(info.cases[i].value);
    }
  }
  info.summary = std::move(summary);
  return info;
}

EnumInfo EnumInfo::bitEnum(std::string name, unsigned bitWidth, std::vector<EnumCase> cases, std::string separator,
                           std::string summary, bool printPrimaryGroups) {
  EnumInfo info;
  info.name = std::move(name);
  info.bitWidth = bitWidth;
  info.cases = std::move(cases);
  info.isBitEnum = true;
  info.separator = std::move(separator);
  info.printBitEnumPrimaryGroups = printPrimaryGroups;
  if (summary.empty()) {
    summary = "allowed " + std::to_string(bitWidth) + "-bit signless integer cases: ";
    for (size_t i = 0; i < info.cases.size(); ++i) {
      if (i)
        summary += ", ";
      summary += std::to_string(info.cases[i].value);
    }
  }
  info.summary = std::move(summary);
  return info;
}

static bool isPowerOf2(uint64_t v) { return v && !(v & (v - 1)); }

uint64_t EnumInfo::validBits() const {
  uint64_t bits = 0;
  for (const EnumCase &c : cases)
    bits |= uint64_t(c.value);
  return bits;
}

std::string EnumInfo::stringify(uint64_t value) const {
  if (!isBitEnum) {
    for (const EnumCase &c : cases)
      if (uint64_t(c.value) == value)
        return c.str;
    return "";
  }
  if (value == 0) {
    for (const EnumCase &c : cases)
      if (c.value == 0)
        return c.str;
  }
  std::vector<std::string_view> strs;
  uint64_t val = value;
  if (printBitEnumPrimaryGroups) {
    for (auto it = cases.rbegin(); it != cases.rend(); ++it) {
      uint64_t cv = uint64_t(it->value);
      if (cv && !isPowerOf2(cv) && (val & cv) == cv) {
        strs.push_back(it->str);
        val &= ~cv;
      }
    }
    for (const EnumCase &c : cases) {
      uint64_t cv = uint64_t(c.value);
      if (cv && isPowerOf2(cv) && (val & cv) == cv)
        strs.push_back(c.str);
    }
  } else {
    for (const EnumCase &c : cases) {
      uint64_t cv = uint64_t(c.value);
      if (cv && (val & cv) == cv)
        strs.push_back(c.str);
    }
  }
  std::string out;
  for (size_t i = 0; i < strs.size(); ++i) {
    if (i)
      out += separator;
    out += strs[i];
  }
  return out;
}

static std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

std::optional<uint64_t> EnumInfo::symbolize(std::string_view str) const {
  if (!isBitEnum) {
    for (const EnumCase &c : cases)
      if (c.str == str)
        return uint64_t(c.value);
    return std::nullopt;
  }
  for (const EnumCase &c : cases)
    if (c.value == 0 && c.str == str)
      return 0;
  std::string_view sep = trim(separator);
  uint64_t val = 0;
  while (true) {
    size_t pos = sep.empty() ? std::string_view::npos : str.find(sep);
    std::string_view symbol = trim(str.substr(0, pos));
    bool found = false;
    for (const EnumCase &c : cases)
      if (c.value && c.str == symbol) {
        val |= uint64_t(c.value);
        found = true;
        break;
      }
    if (!found)
      return std::nullopt;
    if (pos == std::string_view::npos)
      break;
    str = str.substr(pos + sep.size());
  }
  return val;
}

std::vector<std::string_view> EnumInfo::keywordCases() const {
  std::vector<std::string_view> r;
  for (const EnumCase &c : cases)
    if (canFormatStringAsKeyword(c.str))
      r.push_back(c.str);
  return r;
}

bool EnumInfo::isKeywordCase(std::string_view s) const { return canFormatStringAsKeyword(s); }

Attribute EnumInfo::buildAttr(MLIRContext *ctx, uint64_t value) const {
  return IntegerAttr::get(IntegerType::get(ctx, bitWidth), APInt(bitWidth, value));
}

bool EnumInfo::isCaseAttr(Attribute attr) const {
  auto i = dyn_cast_or_null<IntegerAttr>(attr);
  if (!i || !i.getType().isSignlessInteger(bitWidth))
    return false;
  uint64_t v = i.getValue().getZExtValue();
  if (isBitEnum)
    return (v & ~validBits()) == 0;
  for (const EnumCase &c : cases)
    if (uint64_t(c.value) == v)
      return true;
  return false;
}

uint64_t EnumInfo::getValue(Attribute attr) const {
  auto i = dyn_cast_or_null<IntegerAttr>(attr);
  return i ? i.getValue().getZExtValue() : 0;
}

/// "[a, b, \"c d\"]": the case list of the FieldParser's messages.
static std::string casesList(const EnumInfo &info) {
  std::string s = "[";
  for (size_t i = 0; i < info.cases.size(); ++i) {
    if (i)
      s += ", ";
    if (!canFormatStringAsKeyword(info.cases[i].str))
      s += "\\\"" + info.cases[i].str + "\\\"";
    s += info.cases[i].str;
  }
  return s + "]";
}

FailureOr<uint64_t> EnumInfo::parseField(AsmParser &parser) const {
  bool newStyleBitEnum = isBitEnum && !printBitEnumQuoted;
  if (!newStyleBitEnum) {
    std::string keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalKeywordOrString(&keyword)))
      { (void)(parser.emitError(loc, "expected keyword for ") << summary); return failure(); }
    if (std::optional<uint64_t> v = symbolize(keyword))
      return *v;
    (void)(parser.emitError(loc, "expected one of ") << casesList(*this) << " for " << summary << ", got: "
                                                     << keyword);
    return failure();
  }
  uint64_t flags = 0;
  std::string_view sep = trim(separator);
  do {
    std::string_view keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalKeyword(&keyword)))
      { (void)(parser.emitError(loc, "expected keyword for ") << summary); return failure(); }
    std::optional<uint64_t> v = symbolize(keyword);
    if (!v)
    {
      (void)(parser.emitError(loc, "expected one of ") << casesList(*this) << " for " << summary << ", got: "
                                                       << keyword);
      return failure();
    }
    flags |= *v;
  } while (sep == "|" ? succeeded(parser.parseOptionalVerticalBar()) : succeeded(parser.parseOptionalComma()));
  return flags;
}

void EnumInfo::printField(AsmPrinter &printer, uint64_t value) const {
  std::string s = stringify(value);
  raw_ostream &os = printer.getStream();
  bool newStyleBitEnum = isBitEnum && !printBitEnumQuoted;
  bool anyNonKeyword = false, allNonKeyword = true;
  for (const EnumCase &c : cases) {
    bool kw = canFormatStringAsKeyword(c.str);
    anyNonKeyword |= !kw;
    allNonKeyword &= !kw;
  }
  if (!cases.empty() && allNonKeyword) {
    os << '"' << s << '"';
    return;
  }
  if (anyNonKeyword) {
    bool keywordCase = false;
    for (const EnumCase &c : cases)
      if (uint64_t(c.value) == value && canFormatStringAsKeyword(c.str))
        keywordCase = true;
    if (!keywordCase) {
      os << '"' << s << '"';
      return;
    }
  } else if (isBitEnum && !newStyleBitEnum) {
    for (const EnumCase &c : cases)
      if (c.value && !isPowerOf2(uint64_t(c.value)) && uint64_t(c.value) == value) {
        os << s;
        return;
      }
    if (value && !isPowerOf2(value)) {
      os << '"' << s << '"';
      return;
    }
  }
  os << s;
}

FailureOr<uint64_t> EnumInfo::parse(AsmParser &parser) const {
  std::string_view type = cppType.empty() ? std::string_view(name) : std::string_view(cppType);
  auto expectedOneOf = [&](SMLoc loc) {
    InFlightDiagnostic diag = parser.emitError(loc, "expected ");
    diag << type << " to be one of: ";
    for (size_t i = 0; i < cases.size(); ++i)
      diag << (i ? ", " : "") << cases[i].str;
    return failure();
  };
  SMLoc loc = parser.getCurrentLocation();
  if (!isBitEnum) {
    // MLIR 22's EnumAttrInfo::parameterParser takes a keyword or a string
    // (`#tosa.level<"8k">`).
    std::string keyword;
    if (failed(parser.parseKeywordOrString(&keyword)))
      return failure();
    if (std::optional<uint64_t> v = symbolize(keyword))
      return *v;
    return expectedOneOf(loc);
  }
  uint64_t flags = 0;
  std::string_view sep = trim(separator);
  do {
    // Quoted bit enums take a keyword or a string of several flags
    // (`"Definition|Optimized"`).
    std::string text;
    std::string_view keyword;
    if (printBitEnumQuoted) {
      if (failed(parser.parseKeywordOrString(&text)))
        return failure();
      keyword = text;
    } else if (failed(parser.parseKeyword(&keyword))) {
      return failure();
    }
    std::optional<uint64_t> v = symbolize(keyword);
    if (!v)
      return expectedOneOf(loc);
    flags |= *v;
  } while (sep == "|" ? succeeded(parser.parseOptionalVerticalBar()) : succeeded(parser.parseOptionalComma()));
  return flags;
}

void EnumInfo::print(AsmPrinter &printer, uint64_t value) const { printer.getStream() << stringify(value); }

AttrConstraint ods::EnumProp(const EnumInfo &info, std::string mnemonic) {
  AttrConstraint c(info.cppType.empty() ? info.name : info.cppType, [](Attribute a) { return isa<IntegerAttr>(a); });
  // One description per enum and mnemonic, kept for the process.
  static std::mutex propsMutex;
  static std::map<std::pair<const EnumInfo *, std::string>, std::unique_ptr<PropertyInfo>> props;
  {
    std::lock_guard<std::mutex> lock(propsMutex);
    std::unique_ptr<PropertyInfo> &prop = props[{&info, mnemonic}];
    if (!prop)
      prop = std::make_unique<PropertyInfo>(PropertyInfo{&info, mnemonic});
    c.property = prop.get();
  }
  const EnumInfo *ip = &info;
  c.constBuilder = [ip](MLIRContext *ctx, std::string_view v) -> Attribute {
    size_t colon = v.rfind("::");
    std::string_view sym = colon == std::string_view::npos ? v : v.substr(colon + 2);
    for (const EnumCase &ec : ip->cases)
      if (ec.symbol == sym || ec.str == sym)
        return ip->buildAttr(ctx, uint64_t(ec.value));
    return Attribute();
  };
  return c;
}

AttrConstraint ods::IntEnumAttr(const EnumInfo &info) {
  const EnumInfo *ip = &info;
  unsigned width = info.bitWidth;
  auto isCase = [ip, width](Attribute a) {
    auto i = dyn_cast<IntegerAttr>(a);
    if (!i || !i.getType().isSignlessInteger(width))
      return false;
    uint64_t v = i.getValue().getZExtValue();
    if (ip->isBitEnum)
      return (v & ~ip->validBits()) == 0;
    for (const EnumCase &c : ip->cases)
      if (uint64_t(c.value) == v)
        return true;
    return false;
  };
  AttrConstraint c(info.summary, isCase);
  // The storage class is ODS's specialized attribute class (e.g.
  // CmpIPredicateAttr), whose classof is the whole predicate: property
  // conversion rejects `2 : i6` or an unknown case, not only non-integers.
  // One class per enum, made once and kept for the process.
  static std::mutex classesMutex;
  static std::unordered_map<const EnumInfo *, std::unique_ptr<AttrClass>> classes;
  {
    std::lock_guard<std::mutex> lock(classesMutex);
    std::unique_ptr<AttrClass> &cls = classes[ip];
    if (!cls)
      cls = std::make_unique<AttrClass>(AttrClass{isCase, nullptr, nullptr, 0});
    c.storage = cls.get();
  }
  c.enumInfo = ip;
  c.constBuilder = [ip](MLIRContext *ctx, std::string_view v) -> Attribute {
    // Accept either a case string/symbol or "Enum::symbol".
    size_t colon = v.rfind("::");
    std::string_view sym = colon == std::string_view::npos ? v : v.substr(colon + 2);
    for (const EnumCase &c : ip->cases)
      if (c.symbol == sym || c.str == sym)
        return ip->buildAttr(ctx, uint64_t(c.value));
    return Attribute();
  };
  return c;
}
