//===- AttrTypeDef.cpp - Dialect attribute/type definitions and formats --===//
//
// Interprets the attribute/type assembly format (MLIR's AttrOrTypeFormatGen):
// literals, whitespace, `$param`, `qualified($param)`, `params`,
// `struct(params | $a, $b)`, `custom<Name>($a, ref($b))` and optional groups
// (with their `^` anchor). Parse errors and spacing follow the generated
// parsers and printers.
//
#include "lamina/ODS/AttrTypeDef.h"

#include "OpFormat.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/Constraints.h"
#include "lamina/Support/RawOstream.h"

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <map>
#include <mutex>

using namespace lamina;
using namespace lamina::ods;

namespace lamina {
namespace ods {

/// One element of an attribute/type format.
struct DefFormatElement {
  enum Kind { Literal, Space, Newline, Param, Params, Struct, Optional, Custom } kind;
  std::string text; ///< Literal: its text; Custom: the directive's name.
  bool flag = false; ///< Space: ` ` vs ``; Param: qualified.
  std::vector<unsigned> params;
  /// Custom: which arguments are `ref(...)`, and the directive's functions.
  std::vector<bool> refs;
  DefDirectiveParseFn customParse = nullptr;
  DefDirectivePrintFn customPrint = nullptr;
  std::vector<DefFormatElement *> thenElems, elseElems;
  /// Optional: the element marked `^` (null: none marked), and whether it
  /// is in the else branch.
  DefFormatElement *anchor = nullptr;
  bool inverted = false;
  unsigned thenParseStart = 0, elseParseStart = 0;
  /// Precomputed printer spacing.
  bool spaceBefore = false;
};

class AttrTypeDefinition {
public:
  bool isType = false;
  std::string mnemonic;
  std::string defName;
  TypeID id;
  std::vector<ParamSpec> params;
  std::string formatText;
  std::vector<std::unique_ptr<DefFormatElement>> storage;
  std::vector<DefFormatElement *> elements;
  std::function<Attribute(function_ref<InFlightDiagnostic()>, MLIRContext *, std::vector<ParamValue> &)> buildAttr;
  std::function<Type(function_ref<InFlightDiagnostic()>, MLIRContext *, std::vector<ParamValue> &)> buildType;
  std::function<void(Attribute, std::vector<ParamValue> &)> getAttrParams;
  std::function<void(Type, std::vector<ParamValue> &)> getTypeParams;
  /// hasCustomAssemblyFormat.
  CustomAttrParseFn customAttrParse = nullptr;
  CustomAttrPrintFn customAttrPrint = nullptr;
  CustomTypeParseFn customTypeParse = nullptr;
  CustomTypePrintFn customTypePrint = nullptr;
  bool isCustom() const { return customAttrParse || customTypeParse; }
  /// genMnemonicAlias.
  bool mnemonicAlias = false;
  /// The `custom<...>` directives the format may call.
  struct Directive {
    std::string name;
    DefDirectiveParseFn parse;
    DefDirectivePrintFn print;
  };
  std::vector<Directive> directives;
  DefFormatElement *create(DefFormatElement::Kind k) {
    storage.push_back(std::make_unique<DefFormatElement>());
    storage.back()->kind = k;
    return storage.back().get();
  }
  LogicalResult finalize(std::string &error);

  FailureOr<std::vector<ParamValue>> parseParams(AsmParser &parser) const;
  void printParams(const std::vector<ParamValue> &values, AsmPrinter &printer) const;
};

} // namespace ods
} // namespace lamina

//===----------------------------------------------------------------------===//
// Registry
//===----------------------------------------------------------------------===//

namespace {
Attribute parseAttrWith(const AttrTypeDefinition *d, AsmParser &parser, Type type);
void printAttrWith(const AttrTypeDefinition *d, Attribute attr, AsmPrinter &printer);
Type parseTypeWith(const AttrTypeDefinition *d, AsmParser &parser);
void printTypeWith(const AttrTypeDefinition *d, Type type, AsmPrinter &printer);

/// One attribute/type class: its definition (once registered) and the
/// storage-class hooks op constraints use (created on first request, so
/// constraints may be built before the definition is registered).
struct DefEntry {
  std::unique_ptr<AttrTypeDefinition> def;
  /// `def` once registered (read without the registry lock).
  std::atomic<const AttrTypeDefinition *> published{nullptr};
  AttrClass attrClass;
  TypeClass typeClass;
};
struct DefRegistry {
  std::mutex mutex;
  std::map<const void *, std::unique_ptr<DefEntry>> byID;
};
DefRegistry &registry() {
  static DefRegistry r;
  return r;
}
/// The entry of `id`, created if missing (registry mutex held by caller).
DefEntry &entryFor(DefRegistry &r, TypeID id) {
  std::unique_ptr<DefEntry> &e = r.byID[id.getAsOpaquePointer()];
  if (!e) {
    e = std::make_unique<DefEntry>();
    DefEntry *entry = e.get();
    e->attrClass.isInstance = [id](Attribute a) { return a && a.getTypeID() == id; };
    e->attrClass.parse = [entry](AsmParser &p, Type t) { return parseAttrWith(entry->published.load(), p, t); };
    e->attrClass.print = [entry](Attribute a, AsmPrinter &p) { printAttrWith(entry->published.load(), a, p); };
    e->typeClass.isInstance = [id](Type t) { return t && t.getTypeID() == id; };
    e->typeClass.parse = [entry](AsmParser &p) { return parseTypeWith(entry->published.load(), p); };
    e->typeClass.print = [entry](Type t, AsmPrinter &p) { printTypeWith(entry->published.load(), t, p); };
  }
  return *e;
}
const AttrTypeDefinition *lookupDef(TypeID id) {
  DefRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.byID.find(id.getAsOpaquePointer());
  return it == r.byID.end() ? nullptr : it->second->def.get();
}

} // namespace

//===----------------------------------------------------------------------===//
// Format parsing
//===----------------------------------------------------------------------===//

namespace {
class DefFormatParser {
public:
  DefFormatParser(AttrTypeDefinition &def, std::string &error) : def(def), text(def.formatText), error(error) {}

  LogicalResult parse() {
    while (true) {
      skipSpace();
      if (pos >= text.size())
        break;
      DefFormatElement *e = parseElement(/*inStruct=*/false);
      if (!e)
        return failure();
      def.elements.push_back(e);
    }
    for (size_t i = 0; i < def.params.size(); ++i)
      if (!def.params[i].optional && !def.params[i].selfType && !seen.count(i))
        return (void)fail("format is missing reference to parameter: " + def.params[i].name), failure();
    bool shouldEmitSpace = true, lastWasPunctuation = false;
    computeSpacing(def.elements, shouldEmitSpace, lastWasPunctuation);
    return success();
  }

private:
  DefFormatElement *fail(std::string msg) {
    if (error.empty())
      error = std::move(msg);
    return nullptr;
  }
  void skipSpace() {
    while (pos < text.size() && std::isspace((unsigned char)text[pos]))
      ++pos;
  }
  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  std::string_view identifier() {
    skipSpace();
    size_t start = pos;
    while (pos < text.size() && (std::isalnum((unsigned char)text[pos]) || text[pos] == '_' || text[pos] == '-'))
      ++pos;
    return std::string_view(text).substr(start, pos - start);
  }
  int paramIndex(std::string_view name) {
    for (size_t i = 0; i < def.params.size(); ++i)
      if (def.params[i].name == name)
        return int(i);
    return -1;
  }
  DefFormatElement *parseVariable() {
    ++pos; // '$'
    std::string_view name = identifier();
    int i = paramIndex(name);
    if (i < 0)
      return fail(def.defName + " has no parameter named '" + std::string(name) + "'");
    if (seen.count(i))
      return fail("duplicate parameter '" + std::string(name) + "'");
    seen.insert({size_t(i), true});
    DefFormatElement *e = def.create(DefFormatElement::Param);
    e->params = {unsigned(i)};
    return e;
  }
  DefFormatElement *parseElement(bool inStruct) {
    skipSpace();
    char c = text[pos];
    if (c == '`') {
      size_t end = text.find('`', pos + 1);
      if (end == std::string::npos)
        return fail("unterminated literal");
      std::string value = text.substr(pos + 1, end - pos - 1);
      pos = end + 1;
      if (value.empty() || value == " ") {
        DefFormatElement *e = def.create(DefFormatElement::Space);
        e->flag = !value.empty();
        return e;
      }
      if (value == "\\n")
        return def.create(DefFormatElement::Newline);
      DefFormatElement *e = def.create(DefFormatElement::Literal);
      e->text = value;
      return e;
    }
    if (c == '$')
      return parseVariable();
    if (c == '(') {
      ++pos;
      DefFormatElement *group = def.create(DefFormatElement::Optional);
      while (!consume(')')) {
        DefFormatElement *e = parseElement(false);
        if (!e)
          return nullptr;
        if (consume('^'))
          group->anchor = e;
        group->thenElems.push_back(e);
      }
      if (consume(':')) {
        if (!consume('('))
          return fail("expected '(' to start else branch of optional group");
        while (!consume(')')) {
          DefFormatElement *e = parseElement(false);
          if (!e)
            return nullptr;
          if (consume('^')) {
            // Anchored in the else branch: the then branch prints when the
            // anchor is absent.
            group->anchor = e;
            group->inverted = true;
          }
          group->elseElems.push_back(e);
        }
      }
      if (!consume('?'))
        return fail("expected '?' after optional group");
      auto firstParseable = [](const std::vector<DefFormatElement *> &v) {
        unsigned i = 0;
        while (i < v.size() && (v[i]->kind == DefFormatElement::Space || v[i]->kind == DefFormatElement::Newline))
          ++i;
        return i;
      };
      group->thenParseStart = firstParseable(group->thenElems);
      group->elseParseStart = firstParseable(group->elseElems);
      return group;
    }
    std::string_view kw = identifier();
    if (kw == "params") {
      DefFormatElement *e = def.create(DefFormatElement::Params);
      for (size_t i = 0; i < def.params.size(); ++i) {
        if (seen.count(i))
          return fail("duplicate parameter '" + def.params[i].name + "'");
        seen.insert({i, true});
        e->params.push_back(unsigned(i));
      }
      return e;
    }
    if (kw == "struct") {
      if (!consume('('))
        return fail("expected '(' after struct");
      DefFormatElement *e = def.create(DefFormatElement::Struct);
      do {
        skipSpace();
        if (text.compare(pos, 6, "params") == 0) {
          pos += 6;
          for (size_t i = 0; i < def.params.size(); ++i) {
            seen.insert({i, true});
            e->params.push_back(unsigned(i));
          }
        } else if (pos < text.size() && text[pos] == '$') {
          DefFormatElement *v = parseVariable();
          if (!v)
            return nullptr;
          e->params.push_back(v->params[0]);
        } else {
          return fail("expected a parameter in `struct` arguments list");
        }
      } while (consume(','));
      if (!consume(')'))
        return fail("expected ')' after struct arguments");
      return e;
    }
    if (kw == "custom")
      return parseCustom();
    if (kw == "qualified") {
      if (!consume('('))
        return fail("expected '(' after qualified");
      skipSpace();
      DefFormatElement *v = parseVariable();
      if (!v || !consume(')'))
        return v ? fail("expected ')'") : nullptr;
      v->flag = true;
      return v;
    }
    return fail("unexpected '" + std::string(kw.empty() ? std::string_view(&text[pos], 1) : kw) + "' in format");
  }

  /// `custom<Name>($a, ref($b), ...)` after the keyword.
  DefFormatElement *parseCustom() {
    if (!consume('<'))
      return fail("expected '<' after custom");
    std::string name(identifier());
    if (!consume('>') || !consume('('))
      return fail("expected '>(' after custom<" + name);
    DefFormatElement *e = def.create(DefFormatElement::Custom);
    e->text = name;
    for (const AttrTypeDefinition::Directive &d : def.directives)
      if (d.name == name) {
        e->customParse = d.parse;
        e->customPrint = d.print;
      }
    if (!e->customParse || !e->customPrint)
      return fail("no functions registered for directive custom<" + name + ">");
    if (consume(')'))
      return e;
    do {
      skipSpace();
      bool isRef = false;
      if (text.compare(pos, 3, "ref") == 0) {
        pos += 3;
        if (!consume('('))
          return fail("expected '(' after ref");
        skipSpace();
        isRef = true;
      }
      if (pos >= text.size() || text[pos] != '$')
        return fail("expected a parameter in custom<" + name + "> arguments");
      if (isRef) {
        ++pos;
        int i = paramIndex(identifier());
        if (i < 0)
          return fail("unknown parameter in ref() of custom<" + name + ">");
        if (!consume(')'))
          return fail("expected ')' after ref argument");
        e->params.push_back(unsigned(i));
      } else {
        DefFormatElement *v = parseVariable();
        if (!v)
          return nullptr;
        e->params.push_back(v->params[0]);
      }
      e->refs.push_back(isRef);
    } while (consume(','));
    if (!consume(')'))
      return fail("expected ')' after custom<" + name + "> arguments");
    return e;
  }

  static bool shouldEmitSpaceBefore(std::string_view value, bool lastWasPunctuation) {
    if (value.size() != 1 && value != "->")
      return true;
    std::string_view closers = lastWasPunctuation ? ">)}]," : "<>(){}[],";
    return closers.find(value.front()) == std::string_view::npos;
  }

  void computeSpacing(const std::vector<DefFormatElement *> &elems, bool &shouldEmitSpace, bool &lastWasPunctuation) {
    for (DefFormatElement *e : elems) {
      switch (e->kind) {
      case DefFormatElement::Literal:
        e->spaceBefore = shouldEmitSpace && shouldEmitSpaceBefore(e->text, lastWasPunctuation);
        shouldEmitSpace = e->text.size() != 1 || std::string_view("<({[").find(e->text[0]) == std::string_view::npos;
        lastWasPunctuation = e->text[0] != '_' && !std::isalpha((unsigned char)e->text[0]);
        break;
      case DefFormatElement::Space:
        if (!e->flag)
          lastWasPunctuation = true;
        shouldEmitSpace = false;
        break;
      case DefFormatElement::Newline:
        shouldEmitSpace = false;
        break;
      case DefFormatElement::Param:
      case DefFormatElement::Custom:
        e->spaceBefore = shouldEmitSpace || !lastWasPunctuation;
        shouldEmitSpace = true;
        lastWasPunctuation = false;
        break;
      case DefFormatElement::Params:
      case DefFormatElement::Struct:
        // A space before the list; none between its elements.
        e->spaceBefore = shouldEmitSpace || !lastWasPunctuation;
        shouldEmitSpace = true;
        lastWasPunctuation = false;
        break;
      case DefFormatElement::Optional: {
        bool s = shouldEmitSpace, p = lastWasPunctuation;
        computeSpacing(e->thenElems, s, p);
        computeSpacing(e->elseElems, shouldEmitSpace, lastWasPunctuation);
        break;
      }
      }
    }
  }

  AttrTypeDefinition &def;
  std::string text;
  std::string &error;
  size_t pos = 0;
  std::map<size_t, bool> seen;
};
} // namespace

LogicalResult AttrTypeDefinition::finalize(std::string &error) {
  if (formatText.empty())
    return success();
  return DefFormatParser(*this, error).parse();
}

//===----------------------------------------------------------------------===//
// Parameter parsing and printing
//===----------------------------------------------------------------------===//

static FailureOr<ParamValue> parseParamValue(AsmParser &parser, const ParamSpec &spec) {
  ParamValue v;
  if (spec.parse) {
    if (failed(spec.parse(parser, v)))
      return failure();
    return v;
  }
  switch (spec.kind) {
  case ParamKind::Int:
    if (parser.parseInteger(v.i))
      return failure();
    return v;
  case ParamKind::UInt:
    if (parser.parseInteger(v.u))
      return failure();
    return v;
  case ParamKind::Bool:
    if (succeeded(parser.parseOptionalKeyword("true"))) {
      v.b = true;
      return v;
    }
    if (parser.parseKeyword("false"))
      return failure();
    return v;
  case ParamKind::Enum: {
    FailureOr<uint64_t> e = spec.enumField ? spec.enumInfo->parseField(parser) : spec.enumInfo->parse(parser);
    if (failed(e))
      return failure();
    v.u = *e;
    return v;
  }
  case ParamKind::Attr: {
    SMLoc loc = parser.getCurrentLocation();
    if (const AttrClass *cls = spec.attrClass) {
      if (parser.parseCustomAttributeWithFallback(v.attr, Type(), [&](Attribute &result, Type t) -> ParseResult {
            result = cls->parse(parser, t);
            return success(bool(result));
          }))
        return failure();
    } else if (parser.parseAttribute(v.attr)) {
      return failure();
    }
    if (spec.attrCheck && !spec.attrCheck(v.attr))
    {
      (void)parser.emitError(loc, "invalid kind of attribute specified");
      return failure();
    }
    return v;
  }
  case ParamKind::Type: {
    SMLoc loc = parser.getCurrentLocation();
    if (const TypeClass *cls = spec.typeClass) {
      if (parser.parseCustomTypeWithFallback(v.type, [&](Type &result) -> ParseResult {
            result = cls->parse(parser);
            return success(bool(result));
          }))
        return failure();
    } else if (parser.parseType(v.type)) {
      return failure();
    }
    if (spec.typeCheck && !spec.typeCheck(v.type))
    {
      (void)parser.emitError(loc, "invalid kind of type specified");
      return failure();
    }
    return v;
  }
  case ParamKind::String:
    if (parser.parseString(&v.str))
      return failure();
    return v;
  case ParamKind::Float: {
    double d;
    if (parser.parseFloat(d))
      return failure();
    v.f = APFloat(d);
    return v;
  }
  case ParamKind::IntArray:
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          int64_t x;
          if (parser.parseInteger(x))
            return failure();
          v.ints.push_back(x);
          return success();
        }))
      return failure();
    return v;
  case ParamKind::UIntArray:
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          uint64_t x;
          if (parser.parseInteger(x))
            return failure();
          v.uints.push_back(x);
          return success();
        }))
      return failure();
    return v;
  case ParamKind::AttrArray:
  case ParamKind::TypeArray: {
    // Each element as a parameter of the element's class.
    ParamSpec element = spec;
    element.kind = spec.kind == ParamKind::AttrArray ? ParamKind::Attr : ParamKind::Type;
    if (spec.elemAttrID && !element.attrClass)
      element.attrClass = attrClassFor(spec.elemAttrID);
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          FailureOr<ParamValue> e = parseParamValue(parser, element);
          if (failed(e))
            return failure();
          if (spec.kind == ParamKind::AttrArray)
            v.attrs.push_back(e->attr);
          else
            v.types.push_back(e->type);
          return success();
        }))
      return failure();
    return v;
  }
  case ParamKind::OptUInt: {
    std::optional<ParseResult> r = parser.parseOptionalInteger(v.u);
    if (r.has_value()) {
      if (failed(*r))
        return failure();
      v.hasValue = true;
    }
    return v;
  }
  case ParamKind::Int64APInt: {
    APInt value;
    SMLoc loc = parser.getCurrentLocation();
    std::optional<ParseResult> r = parser.parseOptionalInteger(value);
    if (!r.has_value())
      return (void)parser.emitError(loc, "expected integer value"), failure();
    if (failed(*r))
      return failure();
    v.apint = value;
    return v;
  }
  }
  return failure();
}

static void printParamValue(AsmPrinter &printer, const ParamSpec &spec, const ParamValue &v, bool qualified) {
  raw_ostream &os = printer.getStream();
  if (spec.print && !qualified) {
    spec.print(printer, v);
    return;
  }
  switch (spec.kind) {
  case ParamKind::Int:
    os << (long long)v.i;
    return;
  case ParamKind::UInt:
    os << (unsigned long long)v.u;
    return;
  case ParamKind::Bool:
    os << (v.b ? "true" : "false");
    return;
  case ParamKind::Enum:
    if (spec.enumField)
      spec.enumInfo->printField(printer, v.u);
    else
      spec.enumInfo->print(printer, v.u);
    return;
  case ParamKind::Attr:
    if (spec.attrClass && !qualified && spec.attrClass->isInstance(v.attr)) {
      if (failed(printer.printAlias(v.attr)))
        spec.attrClass->print(v.attr, printer);
      return;
    }
    printer.printAttribute(v.attr);
    return;
  case ParamKind::Type:
    if (spec.typeClass && !qualified && spec.typeClass->isInstance(v.type)) {
      if (failed(printer.printAlias(v.type)))
        spec.typeClass->print(v.type, printer);
      return;
    }
    printer.printType(v.type);
    return;
  case ParamKind::String:
    printer.printString(v.str);
    return;
  case ParamKind::Float:
    if (v.f)
      printer.printFloat(*v.f);
    return;
  case ParamKind::IntArray:
    for (size_t i = 0; i < v.ints.size(); ++i) {
      if (i)
        os << ", ";
      os << (long long)v.ints[i];
    }
    return;
  case ParamKind::UIntArray:
    for (size_t i = 0; i < v.uints.size(); ++i) {
      if (i)
        os << ", ";
      os << (unsigned long long)v.uints[i];
    }
    return;
  case ParamKind::AttrArray:
  case ParamKind::TypeArray: {
    ParamSpec element = spec;
    element.kind = spec.kind == ParamKind::AttrArray ? ParamKind::Attr : ParamKind::Type;
    if (spec.elemAttrID && !element.attrClass)
      element.attrClass = attrClassFor(spec.elemAttrID);
    size_t n = spec.kind == ParamKind::AttrArray ? v.attrs.size() : v.types.size();
    for (size_t i = 0; i < n; ++i) {
      if (i)
        os << ", ";
      ParamValue e;
      if (spec.kind == ParamKind::AttrArray)
        e.attr = v.attrs[i];
      else
        e.type = v.types[i];
      printParamValue(printer, element, e, qualified);
    }
    return;
  }
  case ParamKind::OptUInt:
    if (v.hasValue)
      os << (unsigned long long)v.u;
    return;
  case ParamKind::Int64APInt:
    if (v.apint)
      os << v.apint->toString(10, /*isSigned=*/true);
    return;
  }
}

/// Whether an optional parameter holds a (non-default) value.
static bool isPresent(const ParamSpec &spec, const ParamValue &v) {
  if (const std::optional<ParamValue> &d = spec.defaultValue) {
    switch (spec.kind) {
    case ParamKind::Int: return v.i != d->i;
    case ParamKind::UInt:
    case ParamKind::Enum: return v.u != d->u;
    case ParamKind::Bool: return v.b != d->b;
    case ParamKind::String: return v.str != d->str;
    default: break;
    }
  }
  if (spec.defaultAttr && spec.kind == ParamKind::Attr && v.attr)
    return v.attr != spec.defaultAttr(v.attr.getContext());
  switch (spec.kind) {
  case ParamKind::Int: return v.i != 0;
  case ParamKind::UInt:
  case ParamKind::Enum: return v.u != 0;
  case ParamKind::Bool: return v.b;
  case ParamKind::Attr: return bool(v.attr);
  case ParamKind::Type: return bool(v.type);
  case ParamKind::String: return !v.str.empty();
  case ParamKind::IntArray: return !v.ints.empty();
  case ParamKind::Float: return v.f.has_value();
  case ParamKind::AttrArray: return !v.attrs.empty();
  case ParamKind::TypeArray: return !v.types.empty();
  case ParamKind::UIntArray: return !v.uints.empty();
  case ParamKind::OptUInt: return v.hasValue;
  case ParamKind::Int64APInt: return v.apint && !v.apint->isZero();
  }
  return false;
}

namespace {
/// Parses the parameters of one definition by walking its format.
class DefParser {
public:
  DefParser(const AttrTypeDefinition &def, AsmParser &parser)
      : def(def), parser(parser), values(def.params.size()), parsed(def.params.size()) {}

  LogicalResult parseElements(const std::vector<DefFormatElement *> &elems, size_t begin) {
    for (size_t i = begin; i < elems.size(); ++i)
      if (failed(parseElement(elems[i])))
        return failure();
    return success();
  }

  LogicalResult parseVariable(unsigned index) {
    const ParamSpec &spec = def.params[index];
    FailureOr<ParamValue> v = parseParamValue(parser, spec);
    if (failed(v)) {
      (void)(parser.emitError(parser.getCurrentLocation(), "failed to parse ")
             << def.defName << " parameter '" << spec.name << "' which is to be a `" << spec.cppType << "`");
      return failure();
    }
    values[index] = std::move(*v);
    parsed[index] = true;
    return success();
  }

  LogicalResult parseLiteral(const std::string &t) { return parseFormatLiteral(parser, t); }
  bool parseOptionalLiteral(const std::string &t) { return parseOptionalFormatLiteral(parser, t); }

  LogicalResult parseParamsList(const std::vector<unsigned> &params) {
    int lastRequired = -1;
    for (size_t i = 0; i < params.size(); ++i)
      if (!def.params[params[i]].optional)
        lastRequired = int(i);
    for (size_t i = 0; i < params.size(); ++i) {
      if (i) {
        if (int(i) <= lastRequired) {
          if (parser.parseComma())
            return failure();
        } else if (failed(parser.parseOptionalComma())) {
          break;
        }
      }
      if (failed(parseVariable(params[i])))
        return failure();
    }
    return success();
  }

  LogicalResult parseStruct(const std::vector<unsigned> &params) {
    std::vector<bool> seen(params.size());
    bool anyOptional = false;
    for (unsigned p : params)
      anyOptional |= def.params[p].optional;
    auto body = [&](std::string_view key) -> LogicalResult {
      if (parser.parseEqual())
        return failure();
      for (size_t i = 0; i < params.size(); ++i)
        if (!seen[i] && def.params[params[i]].name == key) {
          seen[i] = true;
          return parseVariable(params[i]);
        }
      return parser.emitError(parser.getCurrentLocation(), "duplicate or unknown struct parameter name: ") << key;
    };
    auto parseKey = [&]() -> LogicalResult {
      std::string_view key;
      if (failed(parser.parseKeyword(&key)))
        return parser.emitError(parser.getCurrentLocation(), "expected a parameter name in struct");
      return body(key);
    };
    if (!anyOptional) {
      for (size_t n = 0; n < params.size(); ++n) {
        if (failed(parseKey()))
          return failure();
        if (n != params.size() - 1 && parser.parseComma())
          return failure();
      }
      return success();
    }
    // With optional parameters the struct may be empty (`<>`), as MLIR's
    // generated parser: the first key is optional.
    std::string_view firstKey;
    if (succeeded(parser.parseOptionalKeyword(&firstKey))) {
      if (failed(body(firstKey)))
        return failure();
      while (succeeded(parser.parseOptionalComma()))
        if (failed(parseKey()))
          return failure();
    }
    for (size_t i = 0; i < params.size(); ++i)
      if (!seen[i] && !def.params[params[i]].optional)
        return parser.emitError(parser.getCurrentLocation(), "struct is missing required parameter: ")
               << def.params[params[i]].name;
    return success();
  }

  LogicalResult parseElement(DefFormatElement *e) {
    switch (e->kind) {
    case DefFormatElement::Literal:
      return parseLiteral(e->text);
    case DefFormatElement::Space:
    case DefFormatElement::Newline:
      return success();
    case DefFormatElement::Param:
      return parseVariable(e->params[0]);
    case DefFormatElement::Params:
      return parseParamsList(e->params);
    case DefFormatElement::Struct:
      return parseStruct(e->params);
    case DefFormatElement::Custom: {
      std::vector<ParamValue *> args;
      for (unsigned p : e->params)
        args.push_back(&values[p]);
      if (failed(e->customParse(parser, args)))
        return failure();
      for (size_t i = 0; i < e->params.size(); ++i)
        if (!e->refs[i])
          parsed[e->params[i]] = true;
      return success();
    }
    case DefFormatElement::Optional: {
      if (e->thenParseStart >= e->thenElems.size())
        return success();
      DefFormatElement *first = e->thenElems[e->thenParseStart];
      bool present = false;
      if (first->kind == DefFormatElement::Literal) {
        present = parseOptionalLiteral(first->text);
      } else {
        // A parameter (or list) guard: parse it, then check presence.
        if (failed(parseElement(first)))
          return failure();
        for (size_t i = 0; i < first->params.size(); ++i) {
          unsigned p = first->params[i];
          if (first->kind != DefFormatElement::Custom || !first->refs[i])
            present |= parsed[p] && isPresent(def.params[p], values[p]);
        }
      }
      if (present)
        return parseElements(e->thenElems, e->thenParseStart + 1);
      return parseElements(e->elseElems, e->elseParseStart);
    }
    }
    return failure();
  }

  const AttrTypeDefinition &def;
  AsmParser &parser;
  std::vector<ParamValue> values;
  std::vector<bool> parsed;
};
} // namespace

FailureOr<std::vector<ParamValue>> AttrTypeDefinition::parseParams(AsmParser &parser) const {
  DefParser p(*this, parser);
  if (failed(p.parseElements(elements, 0)))
    return failure();
  // DefaultValuedParameter: an absent parameter holds its default.
  for (size_t i = 0; i < params.size(); ++i)
    if (!p.parsed[i]) {
      if (params[i].defaultValue)
        p.values[i] = *params[i].defaultValue;
      else if (params[i].defaultAttr)
        p.values[i].attr = params[i].defaultAttr(parser.getContext());
    }
  return std::move(p.values);
}

namespace {
class DefPrinter {
public:
  DefPrinter(const AttrTypeDefinition &def, const std::vector<ParamValue> &values, AsmPrinter &printer)
      : def(def), values(values), printer(printer), os(printer.getStream()) {}

  void print(const std::vector<DefFormatElement *> &elems) {
    for (DefFormatElement *e : elems)
      printElement(e);
  }

  void printElement(DefFormatElement *e) {
    switch (e->kind) {
    case DefFormatElement::Literal:
      if (e->spaceBefore)
        os << ' ';
      os << e->text;
      return;
    case DefFormatElement::Space:
      if (e->flag)
        os << ' ';
      return;
    case DefFormatElement::Newline:
      os << '\n';
      return;
    case DefFormatElement::Param: {
      unsigned p = e->params[0];
      if (def.params[p].optional && !isPresent(def.params[p], values[p]))
        return;
      if (e->spaceBefore)
        os << ' ';
      printParamValue(printer, def.params[p], values[p], e->flag);
      return;
    }
    case DefFormatElement::Params:
    case DefFormatElement::Struct: {
      bool allOptional = true, anyPresent = false;
      for (unsigned p : e->params) {
        allOptional &= def.params[p].optional;
        anyPresent |= isPresent(def.params[p], values[p]);
      }
      if (e->spaceBefore && (!allOptional || anyPresent))
        os << ' ';
      bool first = true;
      for (unsigned p : e->params) {
        if (def.params[p].optional && !isPresent(def.params[p], values[p]))
          continue;
        if (!first)
          os << ", ";
        first = false;
        if (e->kind == DefFormatElement::Struct)
          os << def.params[p].name << " = ";
        printParamValue(printer, def.params[p], values[p], false);
      }
      return;
    }
    case DefFormatElement::Custom: {
      if (e->spaceBefore)
        os << ' ';
      std::vector<const ParamValue *> args;
      for (unsigned p : e->params)
        args.push_back(&values[p]);
      e->customPrint(printer, args);
      return;
    }
    case DefFormatElement::Optional: {
      bool present = false;
      auto addPresence = [&](DefFormatElement *c) {
        for (size_t i = 0; i < c->params.size(); ++i)
          if (c->kind != DefFormatElement::Custom || !c->refs[i])
            present |= isPresent(def.params[c->params[i]], values[c->params[i]]);
      };
      if (e->anchor)
        addPresence(e->anchor);
      else
        for (DefFormatElement *c : e->thenElems)
          addPresence(c);
      print(present != e->inverted ? e->thenElems : e->elseElems);
      return;
    }
    }
  }

  const AttrTypeDefinition &def;
  const std::vector<ParamValue> &values;
  AsmPrinter &printer;
  raw_ostream &os;
};
} // namespace

void AttrTypeDefinition::printParams(const std::vector<ParamValue> &values, AsmPrinter &printer) const {
  DefPrinter(*this, values, printer).print(elements);
}

//===----------------------------------------------------------------------===//
// Builder
//===----------------------------------------------------------------------===//

AttrTypeDefBuilder::AttrTypeDefBuilder(bool isType, std::string mnemonic, std::string defName, TypeID id) {
  // A class is defined once per process: the contexts that load its dialect
  // later only record the finalized definition (building it again, with its
  // parameters, format and hooks, was much of loading a dialect).
  if (const AttrTypeDefinition *published = lookupDef(id)) {
    existing = published;
    return;
  }
  def = std::make_unique<AttrTypeDefinition>();
  def->isType = isType;
  def->mnemonic = std::move(mnemonic);
  def->defName = std::move(defName);
  def->id = id;
}
AttrTypeDefBuilder::AttrTypeDefBuilder(AttrTypeDefBuilder &&) = default;
AttrTypeDefBuilder::~AttrTypeDefBuilder() = default;

void AttrTypeDefBuilder::addParam(ParamSpec spec) {
  if (!def)
    return;
  if (spec.cppType.empty()) {
    switch (spec.kind) {
    case ParamKind::Int: spec.cppType = "int64_t"; break;
    case ParamKind::UInt: spec.cppType = "unsigned"; break;
    case ParamKind::Bool: spec.cppType = "bool"; break;
    case ParamKind::Enum: spec.cppType = spec.enumInfo ? spec.enumInfo->name : ""; break;
    case ParamKind::Attr: spec.cppType = "::mlir::Attribute"; break;
    case ParamKind::Type: spec.cppType = "::mlir::Type"; break;
    case ParamKind::String: spec.cppType = "::llvm::StringRef"; break;
    case ParamKind::IntArray: spec.cppType = "::llvm::ArrayRef<int64_t>"; break;
    case ParamKind::Float: spec.cppType = "::llvm::APFloat"; break;
    case ParamKind::AttrArray: spec.cppType = "::llvm::ArrayRef<::mlir::Attribute>"; break;
    case ParamKind::TypeArray: spec.cppType = "::llvm::ArrayRef<Type>"; break;
    case ParamKind::UIntArray: spec.cppType = "::llvm::ArrayRef<uint64_t>"; break;
    case ParamKind::OptUInt: spec.cppType = "std::optional<unsigned>"; break;
    case ParamKind::Int64APInt: spec.cppType = "::llvm::APInt"; break;
    }
  }
  // A dense array parameter (`DenseI32ArrayAttr`), or an array of them, has
  // the stripped syntax `[1, 2]`, as MLIR's FieldParser (the class's own
  // parse/print).
  if ((spec.kind == ParamKind::Attr || spec.kind == ParamKind::AttrArray) && !spec.attrClass && !spec.parse) {
    std::string_view cpp = spec.cppType;
    if (spec.kind == ParamKind::AttrArray) {
      for (std::string_view prefix : {std::string_view("::llvm::"), std::string_view("llvm::")})
        if (cpp.substr(0, prefix.size()) == prefix)
          cpp.remove_prefix(prefix.size());
      if (cpp.substr(0, 9) != "ArrayRef<" || cpp.back() != '>')
        cpp = {};
      else
        cpp = cpp.substr(9, cpp.size() - 10);
    }
    if (cpp.substr(0, 8) == "::mlir::")
      cpp.remove_prefix(8);
    static constexpr std::string_view denseNames[] = {"DenseBoolArrayAttr", "DenseI8ArrayAttr",  "DenseI16ArrayAttr",
                                                      "DenseI32ArrayAttr",  "DenseI64ArrayAttr", "DenseF32ArrayAttr",
                                                      "DenseF64ArrayAttr"};
    for (unsigned k = 0; k < 7; ++k)
      if (cpp == denseNames[k])
        spec.attrClass = &denseArrayClass(k);
  }
  def->params.push_back(std::move(spec));
}
ParamSpec &AttrTypeDefBuilder::lastParam() {
  if (!def) {
    // Whatever the caller sets goes nowhere.
    thread_local ParamSpec scratch;
    scratch = ParamSpec();
    return scratch;
  }
  return def->params.back();
}

ParamSpec ods::affineMapParam(std::string name) {
  ParamSpec s;
  s.name = std::move(name);
  s.kind = ParamKind::Attr;
  s.cppType = "::mlir::AffineMap";
  s.parse = [](AsmParser &parser, ParamValue &v) -> ParseResult {
    AffineMap map;
    if (parser.parseAffineMap(map))
      return failure();
    v.attr = lamina::AffineMapAttr::get(map);
    return success();
  };
  s.print = [](AsmPrinter &printer, const ParamValue &v) {
    if (auto map = dyn_cast_or_null<lamina::AffineMapAttr>(v.attr))
      printer << map.getValue();
  };
  return s;
}
void AttrTypeDefBuilder::setFormat(std::string fmt) {
  if (def)
    def->formatText = std::move(fmt);
}
void AttrTypeDefBuilder::addDirective(std::string name, DefDirectiveParseFn parse, DefDirectivePrintFn print) {
  if (def)
    def->directives.push_back({std::move(name), parse, print});
}
void AttrTypeDefBuilder::setMnemonicAlias() {
  if (def)
    def->mnemonicAlias = true;
}
void AttrTypeDefBuilder::setCustom(CustomAttrParseFn parse, CustomAttrPrintFn print) {
  if (!def)
    return;
  def->customAttrParse = parse;
  def->customAttrPrint = print;
}
void AttrTypeDefBuilder::setCustom(CustomTypeParseFn parse, CustomTypePrintFn print) {
  if (!def)
    return;
  def->customTypeParse = parse;
  def->customTypePrint = print;
}
void AttrTypeDefBuilder::setBuild(
    std::function<Attribute(function_ref<InFlightDiagnostic()>, MLIRContext *, std::vector<ParamValue> &)> fn) {
  if (def)
    def->buildAttr = std::move(fn);
}
void AttrTypeDefBuilder::setBuild(
    std::function<Type(function_ref<InFlightDiagnostic()>, MLIRContext *, std::vector<ParamValue> &)> fn) {
  if (def)
    def->buildType = std::move(fn);
}
void AttrTypeDefBuilder::setGetParams(std::function<void(Attribute, std::vector<ParamValue> &)> fn) {
  if (def)
    def->getAttrParams = std::move(fn);
}
void AttrTypeDefBuilder::setGetParams(std::function<void(Type, std::vector<ParamValue> &)> fn) {
  if (def)
    def->getTypeParams = std::move(fn);
}

void AttrTypeDefBuilder::registerIn(DialectAttrTypes &table) {
  if (!def) {
    table.add(existing);
    return;
  }
  const AttrTypeDefinition *d;
  {
    DefRegistry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    DefEntry &entry = entryFor(r, def->id);
    if (!entry.def) {
      std::string error;
      if (failed(def->finalize(error))) {
        errs() << "lamina: invalid definition of '" << def->defName << "': " << error << "\n";
        errs().flush();
        std::abort();
      }
      entry.def = std::move(def);
      entry.published.store(entry.def.get());
    }
    d = entry.def.get();
  }
  table.add(d);
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

const AttrClass *ods::attrClassFor(TypeID id) {
  DefRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  return &entryFor(r, id).attrClass;
}

const TypeClass *ods::typeClassFor(TypeID id, std::string_view name) {
  DefRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  TypeClass &cls = entryFor(r, id).typeClass;
  if (cls.name.empty())
    cls.name = name;
  return &cls;
}

namespace {
Attribute parseAttrWith(const AttrTypeDefinition *d, AsmParser &parser, Type type) {
  if (d->customAttrParse)
    return d->customAttrParse(parser, type);
  SMLoc loc = parser.getCurrentLocation();
  FailureOr<std::vector<ParamValue>> values = d->parseParams(parser);
  if (failed(values))
    return Attribute();
  for (size_t i = 0; i < d->params.size(); ++i)
    if (d->params[i].selfType)
      (*values)[i].type = type ? type : Type(NoneType::get(parser.getContext()));
  return d->buildAttr([&] { return parser.emitError(loc); }, parser.getContext(), *values);
}
void printAttrWith(const AttrTypeDefinition *d, Attribute attr, AsmPrinter &printer) {
  if (d->customAttrPrint)
    return d->customAttrPrint(attr, printer);
  std::vector<ParamValue> values;
  d->getAttrParams(attr, values);
  d->printParams(values, printer);
}
Type parseTypeWith(const AttrTypeDefinition *d, AsmParser &parser) {
  if (d->customTypeParse)
    return d->customTypeParse(parser);
  SMLoc loc = parser.getCurrentLocation();
  FailureOr<std::vector<ParamValue>> values = d->parseParams(parser);
  if (failed(values))
    return Type();
  return d->buildType([&] { return parser.emitError(loc); }, parser.getContext(), *values);
}
void printTypeWith(const AttrTypeDefinition *d, Type type, AsmPrinter &printer) {
  if (d->customTypePrint)
    return d->customTypePrint(type, printer);
  std::vector<ParamValue> values;
  d->getTypeParams(type, values);
  d->printParams(values, printer);
}
} // namespace

Attribute ods::parseAttrParams(TypeID id, AsmParser &parser, Type type) {
  return parseAttrWith(lookupDef(id), parser, type);
}
void ods::printAttrParams(Attribute attr, AsmPrinter &printer) { printAttrWith(lookupDef(attr.getTypeID()), attr, printer); }
Type ods::parseTypeParams(TypeID id, AsmParser &parser) { return parseTypeWith(lookupDef(id), parser); }
void ods::printTypeParams(Type type, AsmPrinter &printer) { printTypeWith(lookupDef(type.getTypeID()), type, printer); }

DialectAttrTypes::DialectAttrTypes() = default;
DialectAttrTypes::~DialectAttrTypes() = default;

void DialectAttrTypes::add(const AttrTypeDefinition *def) {
  for (const AttrTypeDefinition *d : defs)
    if (d == def)
      return;
  defs.push_back(def);
}

Attribute DialectAttrTypes::parseAttribute(DialectAsmParser &parser, Type type, const Dialect &dialect) const {
  SMLoc loc = parser.getCurrentLocation();
  std::string_view mnemonic;
  if (succeeded(parser.parseOptionalKeyword(&mnemonic)))
    for (const AttrTypeDefinition *d : defs)
      if (!d->isType && d->mnemonic == mnemonic)
        return parseAttrWith(d, parser, type);
  (void)(parser.emitError(loc) << "unknown attribute `" << mnemonic << "` in dialect `" << dialect.getNamespace()
                               << "`");
  return Attribute();
}

bool DialectAttrTypes::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  for (const AttrTypeDefinition *d : defs)
    if (!d->isType && d->id == attr.getTypeID()) {
      printer.getStream() << d->mnemonic;
      printAttrWith(d, attr, printer);
      return true;
    }
  return false;
}

Type DialectAttrTypes::parseType(DialectAsmParser &parser, const Dialect &dialect) const {
  SMLoc loc = parser.getCurrentLocation();
  std::string_view mnemonic;
  if (succeeded(parser.parseOptionalKeyword(&mnemonic)))
    for (const AttrTypeDefinition *d : defs)
      if (d->isType && d->mnemonic == mnemonic)
        return parseTypeWith(d, parser);
  (void)(parser.emitError(loc) << "unknown  type `" << mnemonic << "` in dialect `" << dialect.getNamespace()
                               << "`");
  return Type();
}

bool DialectAttrTypes::printType(Type type, DialectAsmPrinter &printer) const {
  for (const AttrTypeDefinition *d : defs)
    if (d->isType && d->id == type.getTypeID()) {
      printer.getStream() << d->mnemonic;
      printTypeWith(d, type, printer);
      return true;
    }
  return false;
}

AliasResult DialectAttrTypes::getAlias(Attribute attr, raw_ostream &os) const {
  for (const AttrTypeDefinition *d : defs)
    if (!d->isType && d->mnemonicAlias && d->id == attr.getTypeID()) {
      os << d->mnemonic;
      return AliasResult::OverridableAlias;
    }
  return AliasResult::NoAlias;
}

AliasResult DialectAttrTypes::getAlias(Type type, raw_ostream &os) const {
  for (const AttrTypeDefinition *d : defs)
    if (d->isType && d->mnemonicAlias && d->id == type.getTypeID()) {
      os << d->mnemonic;
      return AliasResult::OverridableAlias;
    }
  return AliasResult::NoAlias;
}
