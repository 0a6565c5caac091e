//===- CommandLine.cpp - Command-line options declared where they are used -===//
//
// Parsing rules and messages follow LLVM's cl library (CommandLine.cpp):
// integers accept any radix prefix (0x, 0b, 0o, leading 0), booleans
// true/false/1/0 in three spellings, enum values by name.
//
#include "lamina/Support/CommandLine.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <mutex>

using namespace lamina;
using namespace lamina::cl;

namespace {
std::string &programName() {
  static std::string name = "lamina-opt";
  return name;
}
HelpSection &extraHelpSection() {
  static HelpSection section;
  return section;
}
} // namespace

void cl::setProgramName(std::string_view name) { programName().assign(name); }
std::string_view cl::getProgramName() { return programName(); }

std::vector<Option *> &cl::getToolOptions() {
  static std::vector<Option *> options;
  return options;
}

void cl::setExtraHelpSection(HelpSection section) { extraHelpSection() = section; }

void cl::resetToolOptions() {
  for (Option *opt : getToolOptions())
    opt->reset();
}

//===----------------------------------------------------------------------===//
// Option
//===----------------------------------------------------------------------===//

Option::Option(OptionSet *set, std::string_view argStr, std::string_view description, ValueExpected valueExpected)
    : argStr(argStr), description(description), valueExpected(valueExpected) {
  if (set)
    set->add(this);
  else
    getToolOptions().push_back(this);
}

Option::~Option() = default;

LogicalResult Option::addOccurrence(std::string_view argName, std::optional<std::string_view> value) {
  if (!value && valueExpected == ValueExpected::Required)
    return error("requires a value!", argName);
  if (value && valueExpected == ValueExpected::Disallowed)
    return error("does not allow a value! '" + std::string(*value) + "' specified.", argName);
  ++numOccurrences;
  return handleOccurrence(argName, value);
}

LogicalResult Option::error(std::string_view message, std::string_view argName) const {
  if (argName.empty())
    argName = argStr;
  std::string text;
  text += getProgramName();
  text += ": for the ";
  text += argName.size() == 1 ? "-" : "--";
  text += argName;
  text += " option: ";
  text += message;
  text += '\n';
  errs().flush();
  std::fwrite(text.data(), 1, text.size(), stderr);
  std::fflush(stderr);
  return failure();
}

size_t cl::argPlusPrefixesSize(std::string_view argName) {
  return argName.size() + 2 + (argName.size() == 1 ? 1 : 2) + 3;
}

size_t Option::getOptionWidth() const {
  size_t len = argPlusPrefixesSize(argStr);
  std::string_view valueName = getValueName();
  if (!valueName.empty())
    len += valueName.size() + 3;
  return len;
}

void Option::printHelpStr(raw_ostream &os, std::string_view help, size_t globalWidth, size_t firstLineIndent) {
  size_t nl = help.find('\n');
  std::string_view first = help.substr(0, nl);
  os.indent(globalWidth > firstLineIndent ? unsigned(globalWidth - firstLineIndent) : 0) << " - " << first << '\n';
  while (nl != std::string_view::npos) {
    help = help.substr(nl + 1);
    nl = help.find('\n');
    os.indent(unsigned(globalWidth)) << help.substr(0, nl) << '\n';
  }
}

void Option::printOptionInfo(raw_ostream &os, size_t globalWidth) const {
  os << (argStr.size() == 1 ? "  -" : "  --") << argStr;
  std::string_view valueName = getValueName();
  if (!valueName.empty()) {
    if (valueExpected == ValueExpected::Optional)
      os << "[=<" << valueName << ">]";
    else
      os << (argStr.size() == 1 ? " <" : "=<") << valueName << '>';
  }
  printHelpStr(os, description, globalWidth, getOptionWidth());
}

Option *OptionSet::lookup(std::string_view argStr) const {
  for (Option *opt : options)
    if (opt->getArgStr() == argStr)
      return opt;
  return nullptr;
}

Option *cl::lookupToolOption(std::string_view argStr) {
  for (Option *opt : getToolOptions())
    if (opt->getArgStr() == argStr)
      return opt;
  return nullptr;
}

/// Levenshtein distance (LLVM's StringRef::edit_distance with replacements).
static unsigned editDistance(std::string_view a, std::string_view b) {
  std::vector<unsigned> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = unsigned(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    unsigned prev = row[0];
    row[0] = unsigned(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      unsigned old = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0u : 1u)});
      prev = old;
    }
  }
  return row[b.size()];
}

Option *cl::lookupNearestToolOption(std::string_view arg, std::string &nearest) {
  if (arg.empty())
    return nullptr;
  size_t eq = arg.find('=');
  std::string_view lhs = arg.substr(0, eq);
  std::string_view rhs = eq == std::string_view::npos ? std::string_view() : arg.substr(eq + 1);
  Option *best = nullptr;
  unsigned bestDistance = 0;
  for (Option *opt : getToolOptions()) {
    if (opt->getArgStr().empty())
      continue;
    bool permitValue = opt->getValueExpected() != ValueExpected::Disallowed;
    unsigned distance = editDistance(opt->getArgStr(), permitValue ? lhs : arg);
    if (!best || distance < bestDistance) {
      best = opt;
      bestDistance = distance;
      nearest.assign(opt->getArgStr());
      if (!rhs.empty() && permitValue) {
        nearest += '=';
        nearest += rhs;
      }
    }
  }
  return best;
}

//===----------------------------------------------------------------------===//
// Value parsers
//===----------------------------------------------------------------------===//

/// LLVM's getAsUnsignedInteger with radix 0: 0x/0X hex, 0b/0B binary, 0o
/// or a leading 0 octal, else decimal. Fails on empty input, bad digits or
/// overflow.
static bool parseUnsigned(std::string_view s, unsigned long long &result) {
  unsigned radix = 10;
  if (s.size() > 1 && s[0] == '0') {
    if (s[1] == 'x' || s[1] == 'X') {
      radix = 16;
      s.remove_prefix(2);
    } else if (s[1] == 'b' || s[1] == 'B') {
      radix = 2;
      s.remove_prefix(2);
    } else if (s[1] == 'o') {
      radix = 8;
      s.remove_prefix(2);
    } else {
      radix = 8;
      s.remove_prefix(1);
    }
  }
  if (s.empty())
    return false;
  unsigned long long value = 0;
  for (char c : s) {
    unsigned digit;
    if (c >= '0' && c <= '9')
      digit = unsigned(c - '0');
    else if (c >= 'a' && c <= 'z')
      digit = unsigned(c - 'a' + 10);
    else if (c >= 'A' && c <= 'Z')
      digit = unsigned(c - 'A' + 10);
    else
      return false;
    if (digit >= radix)
      return false;
    if (value > (ULLONG_MAX - digit) / radix)
      return false;
    value = value * radix + digit;
  }
  result = value;
  return true;
}

/// LLVM's getAsSignedInteger with radix 0.
static bool parseSigned(std::string_view s, long long &result) {
  bool negative = !s.empty() && s[0] == '-';
  unsigned long long magnitude;
  if (!parseUnsigned(negative ? s.substr(1) : s, magnitude))
    return false;
  if (negative) {
    if (magnitude > (unsigned long long)LLONG_MAX + 1)
      return false;
    result = magnitude == (unsigned long long)LLONG_MAX + 1 ? LLONG_MIN : -(long long)magnitude;
    return true;
  }
  if (magnitude > (unsigned long long)LLONG_MAX)
    return false;
  result = (long long)magnitude;
  return true;
}

static LogicalResult invalid(const Option &opt, std::string_view argName, std::string_view value,
                             std::string_view kind) {
  return opt.error("'" + std::string(value) + "' value invalid for " + std::string(kind) + " argument!", argName);
}

LogicalResult ValueParser<bool>::parse(const Option &opt, std::string_view argName, std::string_view value,
                                       bool &result) {
  if (value.empty() || value == "true" || value == "TRUE" || value == "True" || value == "1") {
    result = true;
    return success();
  }
  if (value == "false" || value == "FALSE" || value == "False" || value == "0") {
    result = false;
    return success();
  }
  return opt.error("'" + std::string(value) + "' is invalid value for boolean argument! Try 0 or 1", argName);
}

LogicalResult ValueParser<int>::parse(const Option &opt, std::string_view argName, std::string_view value,
                                      int &result) {
  long long v;
  if (!parseSigned(value, v) || v < INT_MIN || v > INT_MAX)
    return invalid(opt, argName, value, "integer");
  result = int(v);
  return success();
}

LogicalResult ValueParser<unsigned>::parse(const Option &opt, std::string_view argName, std::string_view value,
                                           unsigned &result) {
  unsigned long long v;
  if (!parseUnsigned(value, v) || v > UINT_MAX)
    return invalid(opt, argName, value, "uint");
  result = unsigned(v);
  return success();
}

LogicalResult ValueParser<long>::parse(const Option &opt, std::string_view argName, std::string_view value,
                                       long &result) {
  long long v;
  if (!parseSigned(value, v))
    return invalid(opt, argName, value, "long");
  result = long(v);
  return success();
}

LogicalResult ValueParser<unsigned long>::parse(const Option &opt, std::string_view argName, std::string_view value,
                                                unsigned long &result) {
  unsigned long long v;
  if (!parseUnsigned(value, v))
    return invalid(opt, argName, value, "ulong");
  result = (unsigned long)v;
  return success();
}

LogicalResult ValueParser<long long>::parse(const Option &opt, std::string_view argName, std::string_view value,
                                            long long &result) {
  if (!parseSigned(value, result))
    return invalid(opt, argName, value, "llong");
  return success();
}

LogicalResult ValueParser<double>::parse(const Option &opt, std::string_view argName, std::string_view value,
                                         double &result) {
  std::string s(value);
  char *end = nullptr;
  errno = 0;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || *end)
    return invalid(opt, argName, value, "floating point");
  result = v;
  return success();
}

void ValueParser<double>::print(raw_ostream &os, double v) { os << v; }

void ValueParser<std::string>::print(raw_ostream &os, const std::string &v) {
  size_t space = v.find(' ');
  size_t escape = std::min({v.find('{'), v.find('\''), v.find('"')});
  bool braces = space != std::string::npos && space < escape;
  if (braces)
    os << '{';
  os << v;
  if (braces)
    os << '}';
}

//===----------------------------------------------------------------------===//
// Lists
//===----------------------------------------------------------------------===//

/// The next `c` at or after `index` outside nested (), [], {} and quotes.
static size_t findChar(std::string_view str, size_t index, char c) {
  for (size_t i = index, e = str.size(); i < e; ++i) {
    if (str[i] == c)
      return i;
    if (str[i] == '{')
      i = findChar(str, i + 1, '}');
    else if (str[i] == '(')
      i = findChar(str, i + 1, ')');
    else if (str[i] == '[')
      i = findChar(str, i + 1, ']');
    else if (str[i] == '"')
      i = str.find('"', i + 1);
    else if (str[i] == '\'')
      i = str.find('\'', i + 1);
    if (i == std::string_view::npos)
      return std::string_view::npos;
  }
  return std::string_view::npos;
}

static std::string_view trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\n\v\f\r");
  if (b == std::string_view::npos)
    return {};
  size_t e = s.find_last_not_of(" \t\n\v\f\r");
  return s.substr(b, e - b + 1);
}

/// MLIR's extractArgAndUpdateOptions: takes `size` characters, trims them
/// and strips one level of quotes or enclosing braces.
static std::string_view extractElement(std::string_view &options, size_t size) {
  std::string_view str = trim(options.substr(0, size));
  options = options.substr(std::min(size, options.size()));
  size_t b = options.find_first_not_of(" \t\n\v\f\r");
  options = b == std::string_view::npos ? std::string_view() : options.substr(b);
  if (str.size() <= 1)
    return str;
  for (char q : {'\'', '"'})
    if (str.front() == q && str.back() == q)
      return trim(str.substr(1, str.size() - 2));
  if (str.front() == '{') {
    size_t match = findChar(str, 1, '}');
    if (match == str.size() - 1)
      str = trim(str.substr(1, str.size() - 2));
  }
  return str;
}

std::vector<std::string_view> cl::detail::splitOptionList(std::string_view str) {
  std::vector<std::string_view> elements;
  if (str.empty())
    return elements;
  size_t next = findChar(str, 0, ',');
  while (next != std::string_view::npos) {
    elements.push_back(extractElement(str, next));
    str = str.substr(1);
    next = findChar(str, 0, ',');
  }
  elements.push_back(extractElement(str, str.size()));
  return elements;
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

static constexpr std::string_view kEqValue = "=<value>";
static constexpr std::string_view kEmptyOption = "<empty>";
static constexpr size_t kOptionPrefixesSize = 5 + 3; // "    =" and " - "

LogicalResult EnumOptionBase::handleOccurrence(std::string_view argName, std::optional<std::string_view> value) {
  std::string_view name = value ? *value : std::string_view();
  for (const Value &v : values) {
    if (v.name == name) {
      current = v.value;
      return success();
    }
  }
  return error("Cannot find option named '" + std::string(name) + "'!", argName);
}

size_t EnumOptionBase::getOptionWidth() const {
  size_t size = argPlusPrefixesSize(getArgStr()) + kEqValue.size();
  for (const Value &v : values)
    size = std::max(size, (v.name.empty() ? kEmptyOption.size() : v.name.size()) + kOptionPrefixesSize);
  return size;
}

void EnumOptionBase::printOptionInfo(raw_ostream &os, size_t globalWidth) const {
  std::string_view arg = getArgStr();
  const char *dashes = arg.size() == 1 ? "  -" : "  --";
  if (getValueExpected() == ValueExpected::Optional) {
    for (const Value &v : values) {
      if (v.name.empty()) {
        os << dashes << arg;
        printHelpStr(os, getDescription(), globalWidth, argPlusPrefixesSize(arg));
        break;
      }
    }
  }
  os << dashes << arg << kEqValue;
  printHelpStr(os, getDescription(), globalWidth, kEqValue.size() + argPlusPrefixesSize(arg));
  for (const Value &v : values) {
    size_t firstLineIndent = v.name.size() + kOptionPrefixesSize;
    os << "    =" << v.name;
    if (v.name.empty()) {
      os << kEmptyOption;
      firstLineIndent += kEmptyOption.size();
    }
    if (!v.description.empty())
      os.indent(globalWidth > firstLineIndent ? unsigned(globalWidth - firstLineIndent) : 0)
          << " -   " << v.description << '\n';
    else
      os << '\n';
  }
}

void EnumOptionBase::printValue(raw_ostream &os) const {
  os << getArgStr() << '=';
  for (const Value &v : values) {
    if (v.value == current) {
      os << v.name;
      return;
    }
  }
}

//===----------------------------------------------------------------------===//
// Help
//===----------------------------------------------------------------------===//

void cl::printHelp(raw_ostream &os, std::string_view overview, std::string_view usage) {
  std::vector<Option *> options;
  for (Option *opt : getToolOptions())
    if (!opt->isHidden() && !opt->getArgStr().empty())
      options.push_back(opt);
  std::stable_sort(options.begin(), options.end(),
                   [](Option *a, Option *b) { return a->getArgStr() < b->getArgStr(); });
  size_t width = 0;
  for (Option *opt : options)
    width = std::max(width, opt->getOptionWidth());
  const HelpSection &extra = extraHelpSection();
  if (extra.getWidth)
    width = std::max(width, extra.getWidth());
  os << "OVERVIEW: " << overview << "\n";
  os << "USAGE: " << usage << "\n\n";
  os << "OPTIONS:\n\n";
  os << "General options:\n\n";
  for (Option *opt : options)
    opt->printOptionInfo(os, width);
  if (extra.print)
    extra.print(os, width);
  os << '\n';
}
