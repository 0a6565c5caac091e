//===- CommandLine.h - Command-line options declared where they are used --===//
//
// LLVM's cl::opt role, reduced to what lamina-opt and pass options need. An
// option is an object with a name, a description and a typed value; it is
// registered either in the process-wide list of tool flags (the default) or
// in an OptionSet (the options of one pass instance). Values are parsed and
// errors reported with LLVM's wording ("prog: for the --x option: 'v' value
// invalid for uint argument!"), and `--help` lists options in LLVM's layout.
//
// Tool flags live in function-local statics built by a `registerXCLOptions()`
// function of the layer that implements them (see Tools/OptMain.cpp,
// Pass/PassManagerOptions.cpp, Support/Timing.cpp), so a tool only sees the
// flags of what it links and calls.
//
#pragma once

#include "lamina/Support/LogicalResult.h"
#include "lamina/Support/RawOstream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lamina::cl {

/// Whether an option takes a value (`--x=v`, `--x v` for required values).
enum class ValueExpected { Optional, Required, Disallowed };

/// The program name used in messages (set by the tool's main).
void setProgramName(std::string_view name);
std::string_view getProgramName();

class OptionSet;

/// One option: its name (`argStr`, without dashes), description and value.
class Option {
public:
  Option(const Option &) = delete;
  Option &operator=(const Option &) = delete;
  virtual ~Option();

  std::string_view getArgStr() const { return argStr; }
  std::string_view getDescription() const { return description; }
  ValueExpected getValueExpected() const { return valueExpected; }
  bool isHidden() const { return hidden; }
  unsigned getNumOccurrences() const { return numOccurrences; }
  void setValueExpected(ValueExpected expected) { valueExpected = expected; }

  /// Handles one occurrence on the command line (or in a pass option
  /// string). `value` is absent when none was given. Reports errors to
  /// stderr in LLVM's wording and returns failure.
  LogicalResult addOccurrence(std::string_view argName, std::optional<std::string_view> value);

  /// The width of the name column this option needs in `--help` (LLVM's
  /// getOptionWidth: dashes, name, value name, " - ").
  virtual size_t getOptionWidth() const;
  /// Prints the option's help line(s) with descriptions at `globalWidth`.
  virtual void printOptionInfo(raw_ostream &os, size_t globalWidth) const;
  /// Prints `name=value` as a pass option string (nothing for an empty
  /// list).
  virtual void printValue(raw_ostream &os) const {}
  /// Copies the value of another option of the same kind.
  virtual void copyValueFrom(const Option &other) {}
  /// Back to the state before any occurrence: no occurrences, the initial
  /// value (LLVM's Option::reset).
  void reset() {
    numOccurrences = 0;
    resetValue();
  }

  /// Reports `prog: for the --name option: message` and returns failure.
  LogicalResult error(std::string_view message, std::string_view argName = {}) const;

protected:
  /// Registers in `set` (null: the process-wide tool flags).
  Option(OptionSet *set, std::string_view argStr, std::string_view description, ValueExpected valueExpected);

  /// Parses `value` (empty when absent) into the option's value.
  virtual LogicalResult handleOccurrence(std::string_view argName, std::optional<std::string_view> value) = 0;
  /// The name shown as `=<name>` in help ("uint", "string"); empty: none.
  virtual std::string_view getValueName() const { return {}; }
  /// Restores the initial value.
  virtual void resetValue() {}

  /// LLVM's Option::printHelpStr: pads from `firstLineIndent` to
  /// `globalWidth`, then " - " and the description.
  static void printHelpStr(raw_ostream &os, std::string_view help, size_t globalWidth, size_t firstLineIndent);

public:
  bool hidden = false;
  /// A value description shown instead of the type name (`-o <filename>`).
  std::string_view valueDesc;

private:
  std::string_view argStr;
  std::string_view description;
  ValueExpected valueExpected;
  unsigned numOccurrences = 0;
};

/// An ordered set of options (the options of one pass instance).
class OptionSet {
public:
  OptionSet() = default;
  OptionSet(const OptionSet &) = delete;
  OptionSet &operator=(const OptionSet &) = delete;

  void add(Option *opt) { options.push_back(opt); }
  const std::vector<Option *> &getOptions() const { return options; }
  Option *lookup(std::string_view argStr) const;

private:
  std::vector<Option *> options;
};

/// The process-wide tool flags, in registration order.
std::vector<Option *> &getToolOptions();
/// Resets every tool flag (see Option::reset), so that a tool's main can
/// run more than once in a process (the fuzz targets do).
void resetToolOptions();
/// The tool flag named `argStr`, or null.
Option *lookupToolOption(std::string_view argStr);
/// The tool flag closest to `arg` by edit distance (LLVM's
/// LookupNearestOption), with the suggested spelling in `nearest`.
Option *lookupNearestToolOption(std::string_view arg, std::string &nearest);

//===----------------------------------------------------------------------===//
// Value parsers
//===----------------------------------------------------------------------===//

/// Parses and prints values of type T as LLVM's cl::parser<T> does.
template <typename T> struct ValueParser;

template <> struct ValueParser<bool> {
  static LogicalResult parse(const Option &opt, std::string_view argName, std::string_view value, bool &result);
  static std::string_view valueName() { return {}; }
  static void print(raw_ostream &os, bool v) { os << (v ? "true" : "false"); }
};
template <> struct ValueParser<int> {
  static LogicalResult parse(const Option &opt, std::string_view argName, std::string_view value, int &result);
  static std::string_view valueName() { return "int"; }
  static void print(raw_ostream &os, int v) { os << v; }
};
template <> struct ValueParser<unsigned> {
  static LogicalResult parse(const Option &opt, std::string_view argName, std::string_view value, unsigned &result);
  static std::string_view valueName() { return "uint"; }
  static void print(raw_ostream &os, unsigned v) { os << v; }
};
template <> struct ValueParser<long> {
  static LogicalResult parse(const Option &opt, std::string_view argName, std::string_view value, long &result);
  static std::string_view valueName() { return "long"; }
  static void print(raw_ostream &os, long v) { os << v; }
};
template <> struct ValueParser<unsigned long> {
  static LogicalResult parse(const Option &opt, std::string_view argName, std::string_view value,
                             unsigned long &result);
  static std::string_view valueName() { return "ulong"; }
  static void print(raw_ostream &os, unsigned long v) { os << v; }
};
template <> struct ValueParser<long long> {
  static LogicalResult parse(const Option &opt, std::string_view argName, std::string_view value, long long &result);
  static std::string_view valueName() { return "long"; }
  static void print(raw_ostream &os, long long v) { os << v; }
};
template <> struct ValueParser<double> {
  static LogicalResult parse(const Option &opt, std::string_view argName, std::string_view value, double &result);
  static std::string_view valueName() { return "number"; }
  static void print(raw_ostream &os, double v);
};
template <> struct ValueParser<std::string> {
  static LogicalResult parse(const Option &, std::string_view, std::string_view value, std::string &result) {
    result.assign(value);
    return success();
  }
  static std::string_view valueName() { return "string"; }
  /// Strings with a space before any brace or quote print in braces, as
  /// MLIR's pass option printer does (`{x y}`).
  static void print(raw_ostream &os, const std::string &v);
};

//===----------------------------------------------------------------------===//
// opt, list, enum options
//===----------------------------------------------------------------------===//

/// A single-valued option of type T.
template <typename T> class opt : public Option {
public:
  opt(std::string_view argStr, std::string_view description, T init = T(), OptionSet *set = nullptr)
      : Option(set, argStr, description, defaultExpected()), value(init), initial(init) {}

  const T &getValue() const { return value; }
  operator const T &() const { return value; }
  opt &operator=(const T &v) {
    value = v;
    return *this;
  }
  bool hasValueChanged() const { return getNumOccurrences() != 0; }

  void printValue(raw_ostream &os) const override {
    os << getArgStr() << '=';
    ValueParser<T>::print(os, value);
  }
  void copyValueFrom(const Option &other) override { value = static_cast<const opt &>(other).value; }

protected:
  LogicalResult handleOccurrence(std::string_view argName, std::optional<std::string_view> v) override {
    return ValueParser<T>::parse(*this, argName, v ? *v : std::string_view(), value);
  }
  std::string_view getValueName() const override { return valueDesc.empty() ? ValueParser<T>::valueName() : valueDesc; }
  void resetValue() override { value = initial; }

private:
  static ValueExpected defaultExpected() {
    return std::is_same_v<T, bool> ? ValueExpected::Optional : ValueExpected::Required;
  }
  T value;
  T initial;
};

/// A comma-separated list option (pass options): each occurrence appends
/// its elements, split at top-level commas.
template <typename T> class list : public Option {
public:
  list(std::string_view argStr, std::string_view description, OptionSet *set = nullptr)
      : Option(set, argStr, description, ValueExpected::Required) {}

  const std::vector<T> &getValue() const { return values; }
  operator const std::vector<T> &() const { return values; }
  size_t size() const { return values.size(); }
  bool empty() const { return values.empty(); }
  auto begin() const { return values.begin(); }
  auto end() const { return values.end(); }
  list &operator=(const std::vector<T> &v) {
    values = v;
    return *this;
  }

  void printValue(raw_ostream &os) const override {
    if (values.empty())
      return;
    os << getArgStr() << "={";
    for (size_t i = 0; i < values.size(); ++i) {
      if (i)
        os << ',';
      ValueParser<T>::print(os, values[i]);
    }
    os << '}';
  }
  void copyValueFrom(const Option &other) override { values = static_cast<const list &>(other).values; }

protected:
  LogicalResult handleOccurrence(std::string_view argName, std::optional<std::string_view> v) override;
  std::string_view getValueName() const override { return valueDesc.empty() ? ValueParser<T>::valueName() : valueDesc; }
  void resetValue() override { values.clear(); }

private:
  std::vector<T> values;
};

namespace detail {
/// Splits a pass-option list at commas outside (), [], {} and quotes, and
/// trims/unquotes each element as MLIR's parseCommaSeparatedList does.
std::vector<std::string_view> splitOptionList(std::string_view str);
} // namespace detail

template <typename T>
LogicalResult list<T>::handleOccurrence(std::string_view argName, std::optional<std::string_view> v) {
  if (!v || v->empty())
    return success();
  for (std::string_view element : detail::splitOptionList(*v)) {
    T parsed{};
    if (failed(ValueParser<T>::parse(*this, argName, element, parsed)))
      return failure();
    values.push_back(std::move(parsed));
  }
  return success();
}

/// The base of enum options: named values with descriptions.
class EnumOptionBase : public Option {
public:
  struct Value {
    int value;
    std::string_view name;
    std::string_view description;
  };

  size_t getOptionWidth() const override;
  void printOptionInfo(raw_ostream &os, size_t globalWidth) const override;
  void printValue(raw_ostream &os) const override;
  void copyValueFrom(const Option &other) override { current = static_cast<const EnumOptionBase &>(other).current; }

protected:
  EnumOptionBase(OptionSet *set, std::string_view argStr, std::string_view description, int init,
                 std::vector<Value> values, ValueExpected expected)
      : Option(set, argStr, description, expected), current(init), initial(init), values(std::move(values)) {}
  LogicalResult handleOccurrence(std::string_view argName, std::optional<std::string_view> value) override;
  void resetValue() override { current = initial; }

  int current;
  int initial;
  std::vector<Value> values;
};

/// An option whose value is one of a fixed set of named enumerators (MLIR's
/// cl::values(clEnumValN(...))).
template <typename EnumT> class enum_opt : public EnumOptionBase {
public:
  struct Entry {
    EnumT value;
    std::string_view name;
    std::string_view description;
  };
  enum_opt(std::string_view argStr, std::string_view description, EnumT init, std::initializer_list<Entry> entries,
           OptionSet *set = nullptr, ValueExpected expected = ValueExpected::Required)
      : EnumOptionBase(set, argStr, description, int(init), convert(entries), expected) {}

  EnumT getValue() const { return EnumT(current); }
  operator EnumT() const { return EnumT(current); }
  enum_opt &operator=(EnumT v) {
    current = int(v);
    return *this;
  }

private:
  static std::vector<Value> convert(std::initializer_list<Entry> entries) {
    std::vector<Value> r;
    for (const Entry &e : entries)
      r.push_back({int(e.value), e.name, e.description});
    return r;
  }
};

//===----------------------------------------------------------------------===//
// Help
//===----------------------------------------------------------------------===//

/// Extra help printed by `--help` after the tool options (the pass list).
/// Registered once by the layer that owns it.
struct HelpSection {
  /// Width this section needs for its name column (see getOptionWidth).
  size_t (*getWidth)() = nullptr;
  /// Prints the section with descriptions at `globalWidth`.
  void (*print)(raw_ostream &os, size_t globalWidth) = nullptr;
};
void setExtraHelpSection(HelpSection section);

/// Prints `--help`: the overview, `header` lines, usage and every visible
/// tool option sorted by name, then the extra section.
void printHelp(raw_ostream &os, std::string_view overview, std::string_view usage);

/// The number of columns `--name` takes with its prefix (LLVM's
/// argPlusPrefixesSize: 2 spaces, dashes, the name and " - ").
size_t argPlusPrefixesSize(std::string_view argName);

} // namespace lamina::cl
