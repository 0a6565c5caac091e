//===- OpFormat.cpp - Parses and analyzes declarative assembly formats ----===//
//
// The format language of MLIR's Operations.md: literals, whitespace
// (`` ` ` ``, `` `` ``, `\n`), variables, `attr-dict(-with-keyword)`,
// `prop-dict`, `type`, `qualified`, `functional-type`, `operands`,
// `results`, `regions`, `successors`, optional groups with anchors and else
// branches, `oilist` and `custom<Name>(...)` with `ref(...)` and string
// arguments. Errors are definition bugs: they are returned as text and the
// registration aborts with them.
//
#include "OpFormat.h"

#include <cctype>
#include <map>

using namespace lamina;
using namespace lamina::ods;

bool ods::canFormatStringAsKeyword(std::string_view value) {
  if (value.empty() || (!std::isalpha((unsigned char)value[0]) && value[0] != '_'))
    return false;
  for (char c : value.substr(1))
    if (!std::isalnum((unsigned char)c) && c != '_' && c != '$' && c != '.')
      return false;
  return true;
}

/// MLIR's shouldEmitSpaceBefore: whether a literal is preceded by a space.
static bool shouldEmitSpaceBefore(std::string_view value, bool lastWasPunctuation) {
  if (value.size() != 1 && value != "->")
    return true;
  std::string_view closers = lastWasPunctuation ? ">)}]," : "<>(){}[],";
  return closers.find(value.front()) == std::string_view::npos;
}

namespace {

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

struct Token {
  enum Kind {
    eof,
    error,
    literal,
    variable,
    string,
    identifier,
    l_paren,
    r_paren,
    comma,
    caret,
    question,
    colon,
    pipe,
    less,
    greater,
    kw_attr_dict,
    kw_attr_dict_w_keyword,
    kw_prop_dict,
    kw_custom,
    kw_functional_type,
    kw_operands,
    kw_results,
    kw_regions,
    kw_successors,
    kw_type,
    kw_qualified,
    kw_oilist,
    kw_ref,
  };
  Kind kind = eof;
  std::string_view spelling;
  bool isKeyword() const { return kind >= kw_attr_dict; }
};

class Lexer {
public:
  explicit Lexer(std::string_view text) : text(text) {}
  Token lex() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' || text[pos] == '\r'))
      ++pos;
    Token t;
    if (pos >= text.size())
      return t;
    size_t start = pos;
    char c = text[pos++];
    auto form = [&](Token::Kind k) {
      t.kind = k;
      t.spelling = text.substr(start, pos - start);
      return t;
    };
    switch (c) {
    case '(': return form(Token::l_paren);
    case ')': return form(Token::r_paren);
    case ',': return form(Token::comma);
    case '^': return form(Token::caret);
    case '?': return form(Token::question);
    case ':': return form(Token::colon);
    case '|': return form(Token::pipe);
    case '<': return form(Token::less);
    case '>': return form(Token::greater);
    case '`':
      while (pos < text.size() && text[pos] != '`')
        ++pos;
      if (pos >= text.size())
        return form(Token::error);
      ++pos;
      return form(Token::literal);
    case '"':
      while (pos < text.size() && text[pos] != '"')
        ++pos;
      if (pos >= text.size())
        return form(Token::error);
      ++pos;
      return form(Token::string);
    case '$':
      while (pos < text.size() && (std::isalnum((unsigned char)text[pos]) || text[pos] == '_'))
        ++pos;
      return form(Token::variable);
    default:
      break;
    }
    if (std::isalpha((unsigned char)c) || c == '_') {
      while (pos < text.size() && (std::isalnum((unsigned char)text[pos]) || text[pos] == '_' || text[pos] == '-'))
        ++pos;
      std::string_view s = text.substr(start, pos - start);
      static const std::pair<std::string_view, Token::Kind> kws[] = {
          {"attr-dict", Token::kw_attr_dict},
          {"attr-dict-with-keyword", Token::kw_attr_dict_w_keyword},
          {"prop-dict", Token::kw_prop_dict},
          {"custom", Token::kw_custom},
          {"functional-type", Token::kw_functional_type},
          {"operands", Token::kw_operands},
          {"results", Token::kw_results},
          {"regions", Token::kw_regions},
          {"successors", Token::kw_successors},
          {"type", Token::kw_type},
          {"qualified", Token::kw_qualified},
          {"oilist", Token::kw_oilist},
          {"ref", Token::kw_ref},
      };
      Token::Kind k = Token::identifier;
      for (const auto &kw : kws)
        if (kw.first == s)
          k = kw.second;
      return form(k);
    }
    return form(Token::error);
  }

private:
  std::string_view text;
  size_t pos = 0;
};

//===----------------------------------------------------------------------===//
// Parser
//===----------------------------------------------------------------------===//

enum class Context { TopLevel, CustomDirective, TypeDirective, RefDirective };

class FormatParser {
public:
  FormatParser(InterpretedOpDef &def, OpFormat &fmt, std::string_view text, std::string &error)
      : def(def), fmt(fmt), lexer(text), error(error), seenOperandTypes(def.operands.size()),
        seenResultTypes(def.results.size()), seenOperands(def.operands.size()), seenAttrs(def.attributes.size()),
        seenRegions(def.regions.size()), seenSuccessors(def.successors.size()) {
    cur = lexer.lex();
  }

  LogicalResult parse();

private:
  LogicalResult emitError(std::string msg) {
    if (error.empty())
      error = std::move(msg);
    return failure();
  }
  FormatElement *fail(std::string msg) {
    (void)emitError(std::move(msg));
    return nullptr;
  }
  void consume() { cur = lexer.lex(); }
  LogicalResult expect(Token::Kind k, std::string_view msg) {
    if (cur.kind != k)
      return emitError(std::string(msg));
    consume();
    return success();
  }

  FormatElement *parseElement(Context ctx);
  FormatElement *parseLiteral(Context ctx);
  FormatElement *parseVariable(Context ctx);
  FormatElement *parseDirective(Context ctx);
  FormatElement *parseOptionalGroup(Context ctx);
  FormatElement *parseCustom(Context ctx);
  FormatElement *parseTypeDirective(Context ctx, bool qualified);
  FormatElement *parseTypeOperand(Context ctx);
  FormatElement *parseOIList(Context ctx);

  LogicalResult verify();
  void computeSpacing(ArrayRef<FormatElement *> elements, bool &shouldEmitSpace, bool &lastWasPunctuation);
  bool isElidedUnitAnchor(FormatElement *optional, FormatElement *e) const;

  /// Resolution bookkeeping.
  struct Seen {
    TypeResolution::Kind kind;
    int index;
  };
  std::optional<Seen> findSeenArg(std::string_view name) const;

  InterpretedOpDef &def;
  OpFormat &fmt;
  Lexer lexer;
  Token cur;
  std::string &error;
  bool hasAttrDict = false;
  std::vector<bool> seenOperandTypes, seenResultTypes, seenOperands, seenAttrs, seenRegions, seenSuccessors;
};

} // namespace

LogicalResult FormatParser::parse() {
  while (cur.kind != Token::eof) {
    FormatElement *e = parseElement(Context::TopLevel);
    if (!e)
      return failure();
    fmt.elements.push_back(e);
  }
  if (failed(verify()))
    return failure();
  bool shouldEmitSpace = true, lastWasPunctuation = false;
  computeSpacing(fmt.elements, shouldEmitSpace, lastWasPunctuation);
  return success();
}

FormatElement *FormatParser::parseElement(Context ctx) {
  switch (cur.kind) {
  case Token::literal:
    return parseLiteral(ctx);
  case Token::variable:
    return parseVariable(ctx);
  case Token::l_paren:
    return parseOptionalGroup(ctx);
  case Token::string: {
    if (ctx != Context::CustomDirective)
      return fail("strings may only be used as custom directive arguments");
    FormatElement *e = fmt.create(FormatElement::String);
    e->text = std::string(cur.spelling.substr(1, cur.spelling.size() - 2));
    consume();
    return e;
  }
  default:
    if (cur.isKeyword())
      return parseDirective(ctx);
    return fail("expected literal, variable, directive, or optional group, got '" + std::string(cur.spelling) +
                      "'");
  }
}

FormatElement *FormatParser::parseLiteral(Context ctx) {
  std::string_view value = cur.spelling.substr(1, cur.spelling.size() - 2);
  consume();
  if (ctx != Context::TopLevel)
    return fail("literals may only be used in the top-level section of the format");
  if (value.empty() || value == " ") {
    FormatElement *e = fmt.create(FormatElement::Space);
    e->flag = !value.empty();
    return e;
  }
  if (value == "\\n")
    return fmt.create(FormatElement::Newline);
  bool valid = value == "->" || value == "..." || (value.size() == 1 && (std::isalpha((unsigned char)value[0]) ||
                                                       std::string_view("_:,=<>()[]{}?+*").find(value[0]) !=
                                                           std::string_view::npos)) ||
               (value.size() > 1 && canFormatStringAsKeyword(value));
  if (!valid)
    return fail("expected valid literal but got '" + std::string(value) + "'");
  FormatElement *e = fmt.create(FormatElement::Literal);
  e->text = std::string(value);
  return e;
}

FormatElement *FormatParser::parseVariable(Context ctx) {
  std::string name(cur.spelling.substr(1));
  consume();
  if (int i = def.findAttribute(name); i >= 0) {
    if (ctx == Context::TypeDirective)
      return fail("attributes cannot be used as children to a `type` directive");
    if (ctx == Context::RefDirective) {
      if (!seenAttrs[i])
        return fail("attribute '" + name + "' must be bound before it is referenced");
    } else {
      if (seenAttrs[i])
        return fail("attribute '" + name + "' is already bound");
      seenAttrs[i] = true;
      fmt.usedAttributes.push_back(unsigned(i));
    }
    FormatElement *e = fmt.create(FormatElement::AttrVar);
    e->index = i;
    return e;
  }
  if (int i = def.findOperand(name); i >= 0) {
    if (ctx == Context::TopLevel || ctx == Context::CustomDirective) {
      if (fmt.allOperands || seenOperands[i])
        return fail("operand '" + name + "' is already bound");
      seenOperands[i] = true;
    } else if (ctx == Context::RefDirective && !seenOperands[i]) {
      return fail("operand '" + name + "' must be bound before it is referenced");
    }
    FormatElement *e = fmt.create(FormatElement::OperandVar);
    e->index = i;
    return e;
  }
  if (int i = def.findRegion(name); i >= 0) {
    if (ctx == Context::TopLevel || ctx == Context::CustomDirective) {
      if (fmt.hasAllRegions || seenRegions[i])
        return fail("region '" + name + "' is already bound");
      seenRegions[i] = true;
    } else if (ctx == Context::RefDirective) {
      if (!seenRegions[i])
        return fail("region '" + name + "' must be bound before it is referenced");
    } else {
      return fail("regions can only be used at the top level or in a ref directive");
    }
    FormatElement *e = fmt.create(FormatElement::RegionVar);
    e->index = i;
    return e;
  }
  if (int i = def.findResult(name); i >= 0) {
    if (ctx != Context::TypeDirective)
      return fail("result variables can can only be used as a child to a 'type' directive");
    FormatElement *e = fmt.create(FormatElement::ResultVar);
    e->index = i;
    return e;
  }
  if (int i = def.findSuccessor(name); i >= 0) {
    if (ctx == Context::TopLevel || ctx == Context::CustomDirective) {
      if (fmt.hasAllSuccessors || seenSuccessors[i])
        return fail("successor '" + name + "' is already bound");
      seenSuccessors[i] = true;
    } else if (ctx == Context::RefDirective) {
      if (!seenSuccessors[i])
        return fail("successor '" + name + "' must be bound before it is referenced");
    } else {
      return fail("successors can only be used at the top level or in a ref directive");
    }
    FormatElement *e = fmt.create(FormatElement::SuccessorVar);
    e->index = i;
    return e;
  }
  return fail("expected variable to refer to an argument, region, result, or successor: '" + name + "'");
}

FormatElement *FormatParser::parseDirective(Context ctx) {
  Token tok = cur;
  consume();
  switch (tok.kind) {
  case Token::kw_attr_dict:
  case Token::kw_attr_dict_w_keyword: {
    if (ctx == Context::TypeDirective)
      return fail("'attr-dict' directive can only be used as a top-level directive");
    if (ctx == Context::RefDirective) {
      if (!hasAttrDict)
        return fail("'ref' of 'attr-dict' is not bound by a prior 'attr-dict' directive");
    } else {
      if (hasAttrDict)
        return fail("'attr-dict' directive has already been seen");
      hasAttrDict = true;
    }
    FormatElement *e = fmt.create(FormatElement::AttrDict);
    e->flag = tok.kind == Token::kw_attr_dict_w_keyword;
    return e;
  }
  case Token::kw_prop_dict: {
    if (ctx != Context::TopLevel)
      return fail("'prop-dict' directive can only be used as a top-level directive");
    if (fmt.hasPropDict)
      return fail("'prop-dict' directive has already been seen");
    fmt.hasPropDict = true;
    return fmt.create(FormatElement::PropDict);
  }
  case Token::kw_custom:
    return parseCustom(ctx);
  case Token::kw_functional_type: {
    if (ctx != Context::TopLevel)
      return fail("'functional-type' is only valid as a top-level directive");
    if (failed(expect(Token::l_paren, "expected '(' before argument list")))
      return nullptr;
    FormatElement *inputs = parseTypeOperand(ctx);
    if (!inputs || failed(expect(Token::comma, "expected ',' after inputs argument")))
      return nullptr;
    FormatElement *results = parseTypeOperand(ctx);
    if (!results || failed(expect(Token::r_paren, "expected ')' after argument list")))
      return nullptr;
    FormatElement *e = fmt.create(FormatElement::FunctionalType);
    e->children = {inputs, results};
    return e;
  }
  case Token::kw_operands: {
    if (ctx == Context::RefDirective) {
      if (!fmt.allOperands)
        return fail("'ref' of 'operands' is not bound by a prior 'operands' directive");
    } else if (ctx == Context::TopLevel || ctx == Context::CustomDirective) {
      for (bool b : seenOperands)
        if (b)
          return fail("'operands' directive creates overlap in format");
      if (fmt.allOperands)
        return fail("'operands' directive creates overlap in format");
      fmt.allOperands = true;
    }
    return fmt.create(FormatElement::Operands);
  }
  case Token::kw_results:
    if (ctx != Context::TypeDirective)
      return fail("'results' directive can can only be used as a child to a 'type' directive");
    return fmt.create(FormatElement::Results);
  case Token::kw_regions: {
    if (ctx == Context::TypeDirective)
      return fail("'regions' is only valid as a top-level directive");
    if (ctx == Context::RefDirective) {
      if (!fmt.hasAllRegions)
        return fail("'ref' of 'regions' is not bound by a prior 'regions' directive");
    } else {
      for (bool b : seenRegions)
        if (b)
          return fail("'regions' directive creates overlap in format");
      if (fmt.hasAllRegions)
        return fail("'regions' directive creates overlap in format");
      fmt.hasAllRegions = true;
    }
    return fmt.create(FormatElement::Regions);
  }
  case Token::kw_successors: {
    if (ctx == Context::TypeDirective)
      return fail("'successors' is only valid as a top-level directive");
    if (ctx == Context::RefDirective) {
      if (!fmt.hasAllSuccessors)
        return fail("'ref' of 'successors' is not bound by a prior 'successors' directive");
    } else {
      for (bool b : seenSuccessors)
        if (b)
          return fail("'successors' directive creates overlap in format");
      if (fmt.hasAllSuccessors)
        return fail("'successors' directive creates overlap in format");
      fmt.hasAllSuccessors = true;
    }
    return fmt.create(FormatElement::Successors);
  }
  case Token::kw_type:
    return parseTypeDirective(ctx, /*qualified=*/false);
  case Token::kw_qualified: {
    if (failed(expect(Token::l_paren, "expected '(' before argument list")))
      return nullptr;
    FormatElement *e;
    if (cur.kind == Token::kw_type) {
      consume();
      e = parseTypeDirective(ctx, /*qualified=*/true);
    } else {
      e = parseElement(ctx);
      if (e && e->kind != FormatElement::AttrVar)
        return fail("'qualified' directive expects an attribute or a `type` directive");
      if (e)
        e->flag = true;
    }
    if (!e || failed(expect(Token::r_paren, "expected ')' after argument list")))
      return nullptr;
    return e;
  }
  case Token::kw_oilist:
    return parseOIList(ctx);
  case Token::kw_ref: {
    if (ctx != Context::CustomDirective)
      return fail("'ref' is only valid within a `custom` directive");
    if (failed(expect(Token::l_paren, "expected '(' before argument list")))
      return nullptr;
    FormatElement *arg;
    if (cur.kind == Token::kw_type) {
      consume();
      if (failed(expect(Token::l_paren, "expected '(' before argument list")))
        return nullptr;
      FormatElement *operand = parseTypeOperand(Context::RefDirective);
      if (!operand || failed(expect(Token::r_paren, "expected ')' after argument list")))
        return nullptr;
      arg = fmt.create(FormatElement::TypeDirective);
      arg->children = {operand};
    } else {
      arg = parseElement(Context::RefDirective);
    }
    if (!arg || failed(expect(Token::r_paren, "expected ')' after argument list")))
      return nullptr;
    FormatElement *e = fmt.create(FormatElement::Ref);
    e->children = {arg};
    return e;
  }
  default:
    return fail("unsupported directive kind");
  }
}

FormatElement *FormatParser::parseTypeDirective(Context ctx, bool qualified) {
  if (ctx == Context::TypeDirective)
    return fail("'type' cannot be used as a child of another `type`");
  if (failed(expect(Token::l_paren, "expected '(' before argument list")))
    return nullptr;
  FormatElement *operand = parseTypeOperand(ctx == Context::RefDirective ? Context::RefDirective : ctx);
  if (!operand || failed(expect(Token::r_paren, "expected ')' after argument list")))
    return nullptr;
  FormatElement *e = fmt.create(FormatElement::TypeDirective);
  e->children = {operand};
  e->flag = qualified;
  return e;
}

FormatElement *FormatParser::parseTypeOperand(Context ctx) {
  bool isRef = ctx == Context::RefDirective;
  FormatElement *e = parseElement(Context::TypeDirective);
  if (!e)
    return nullptr;
  switch (e->kind) {
  case FormatElement::OperandVar:
    if (!isRef) {
      if (fmt.allOperandTypes || seenOperandTypes[e->index])
        return fail("'type' of '" + def.operands[e->index].name + "' is already bound");
      seenOperandTypes[e->index] = true;
    }
    break;
  case FormatElement::ResultVar:
    if (!isRef) {
      if (fmt.allResultTypes || seenResultTypes[e->index])
        return fail("'type' of '" + def.results[e->index].name + "' is already bound");
      seenResultTypes[e->index] = true;
    }
    break;
  case FormatElement::Operands:
    if (!isRef) {
      for (bool b : seenOperandTypes)
        if (b)
          return fail("'operands' 'type' is already bound");
      if (fmt.allOperandTypes)
        return fail("'operands' 'type' is already bound");
      fmt.allOperandTypes = true;
    }
    break;
  case FormatElement::Results:
    if (!isRef) {
      for (bool b : seenResultTypes)
        if (b)
          return fail("'results' 'type' is already bound");
      if (fmt.allResultTypes)
        return fail("'results' 'type' is already bound");
      fmt.allResultTypes = true;
    }
    break;
  default:
    return fail("expected operand or result variable in type directive");
  }
  return e;
}

FormatElement *FormatParser::parseOptionalGroup(Context ctx) {
  consume();
  if (ctx != Context::TopLevel)
    return fail("optional groups can only be used as top-level elements");
  FormatElement *group = fmt.create(FormatElement::Optional);
  do {
    FormatElement *e = parseElement(Context::TopLevel);
    if (!e)
      return nullptr;
    if (cur.kind == Token::caret) {
      if (group->anchor)
        return fail("only one element can be marked as the anchor of an optional group");
      group->anchor = e;
      consume();
    }
    group->children.push_back(e);
  } while (cur.kind != Token::r_paren && cur.kind != Token::eof);
  if (failed(expect(Token::r_paren, "expected ')' to end optional group")))
    return nullptr;
  if (cur.kind == Token::colon) {
    consume();
    if (failed(expect(Token::l_paren, "expected '(' to start else branch of optional group")))
      return nullptr;
    do {
      FormatElement *e = parseElement(Context::TopLevel);
      if (!e)
        return nullptr;
      if (cur.kind == Token::caret) {
        if (group->anchor)
          return fail("only one element can be marked as the anchor of an optional group");
        group->anchor = e;
        group->inverted = true;
        consume();
      }
      group->elseChildren.push_back(e);
    } while (cur.kind != Token::r_paren && cur.kind != Token::eof);
    if (failed(expect(Token::r_paren, "expected ')' to end else branch")))
      return nullptr;
  }
  if (failed(expect(Token::question, "expected '?' after optional group")))
    return nullptr;
  if (!group->anchor)
    return fail("optional group has no anchor element");
  auto firstParseable = [](const std::vector<FormatElement *> &elems) {
    unsigned i = 0;
    while (i < elems.size() && (elems[i]->kind == FormatElement::Space || elems[i]->kind == FormatElement::Newline))
      ++i;
    return i;
  };
  group->thenParseStart = firstParseable(group->children);
  group->elseParseStart = firstParseable(group->elseChildren);
  if (group->thenParseStart >= group->children.size())
    return fail("optional group has no parseable element");
  FormatElement *first = group->children[group->thenParseStart];
  switch (first->kind) {
  case FormatElement::Literal:
  case FormatElement::AttrVar:
  case FormatElement::OperandVar:
  case FormatElement::RegionVar:
  case FormatElement::Custom:
    break;
  default:
    return fail("first parsable element of an optional group must be a literal, variable, or custom "
                      "directive");
  }
  return group;
}

FormatElement *FormatParser::parseCustom(Context ctx) {
  if (ctx != Context::TopLevel)
    return fail("'custom' is only valid as a top-level directive");
  if (failed(expect(Token::less, "expected '<' before custom directive name")))
    return nullptr;
  if (cur.kind != Token::identifier)
    return fail("expected custom directive name identifier");
  std::string name(cur.spelling);
  consume();
  if (failed(expect(Token::greater, "expected '>' after custom directive name")) ||
      failed(expect(Token::l_paren, "expected '(' before custom directive parameters")))
    return nullptr;
  FormatElement *e = fmt.create(FormatElement::Custom);
  e->text = name;
  while (true) {
    FormatElement *arg = parseElement(Context::CustomDirective);
    if (!arg)
      return nullptr;
    switch (arg->kind) {
    case FormatElement::AttrDict:
    case FormatElement::AttrVar:
    case FormatElement::OperandVar:
    case FormatElement::Ref:
    case FormatElement::RegionVar:
    case FormatElement::SuccessorVar:
    case FormatElement::String:
      break;
    case FormatElement::TypeDirective:
      if (arg->children[0]->kind != FormatElement::OperandVar && arg->children[0]->kind != FormatElement::ResultVar)
        return fail("type directives within a custom directive may only refer to variables");
      break;
    default:
      return fail("only variables and types may be used as parameters to a custom directive");
    }
    e->children.push_back(arg);
    if (cur.kind != Token::comma)
      break;
    consume();
  }
  if (failed(expect(Token::r_paren, "expected ')' after custom directive parameters")))
    return nullptr;
  for (const CustomDirective &d : def.directives)
    if (d.name == name)
      e->directive = &d;
  if (!e->directive)
    return fail("custom directive '" + name + "' is not provided by the definition");
  return e;
}

FormatElement *FormatParser::parseOIList(Context ctx) {
  if (failed(expect(Token::l_paren, "expected '(' before oilist argument list")))
    return nullptr;
  FormatElement *e = fmt.create(FormatElement::OIList);
  while (true) {
    if (cur.kind != Token::literal)
      return fail("expected literal at the start of an oilist clause");
    FormatElement *lit = parseLiteral(ctx);
    if (!lit)
      return nullptr;
    e->clauseLiterals.push_back(lit);
    e->clauses.emplace_back();
    while (cur.kind != Token::pipe && cur.kind != Token::r_paren) {
      if (cur.kind == Token::eof)
        return fail("unexpected end of oilist");
      FormatElement *pe = parseElement(ctx);
      if (!pe)
        return nullptr;
      e->clauses.back().push_back(pe);
    }
    if (cur.kind == Token::pipe) {
      consume();
      continue;
    }
    consume();
    break;
  }
  return e;
}

//===----------------------------------------------------------------------===//
// Verification and type resolution
//===----------------------------------------------------------------------===//

std::optional<FormatParser::Seen> FormatParser::findSeenArg(std::string_view name) const {
  if (int i = def.findOperand(name); i >= 0)
    return seenOperandTypes[i] ? std::optional<Seen>(Seen{TypeResolution::Operand, i}) : std::nullopt;
  if (int i = def.findResult(name); i >= 0)
    return seenResultTypes[i] ? std::optional<Seen>(Seen{TypeResolution::Result, i}) : std::nullopt;
  if (int i = def.findAttribute(name); i >= 0)
    return seenAttrs[i] ? std::optional<Seen>(Seen{TypeResolution::Attribute, i}) : std::nullopt;
  return std::nullopt;
}

LogicalResult FormatParser::verify() {
  if (!hasAttrDict)
    return emitError("'attr-dict' directive not found in custom assembly format");

  // Type resolvers from traits, keyed by variable name (later entries win).
  std::map<std::string, TypeResolution, std::less<>> resolvers;
  bool canInferResultTypes = false;
  for (const Trait &t : def.traits) {
    switch (t.inference) {
    case Trait::Inference::AllTypesMatch: {
      for (size_t i = 0; i < t.names.size(); ++i) {
        auto arg = findSeenArg(t.names[i]);
        if (!arg)
          continue;
        TypeResolution r;
        r.kind = arg->kind;
        r.index = arg->index;
        for (size_t j = 0; j < t.names.size(); ++j)
          if (j != i)
            resolvers[t.names[j]] = r;
      }
      break;
    }
    case Trait::Inference::SameTypeOperands:
    case Trait::Inference::SameOperandsAndResultType: {
      bool includeResults = t.inference == Trait::Inference::SameOperandsAndResultType;
      TypeResolution r;
      for (size_t i = 0; i < seenOperandTypes.size() && r.kind == TypeResolution::None; ++i)
        if (seenOperandTypes[i]) {
          r.kind = TypeResolution::Operand;
          r.index = int(i);
        }
      if (r.kind == TypeResolution::None && includeResults)
        for (size_t i = 0; i < seenResultTypes.size() && r.kind == TypeResolution::None; ++i)
          if (seenResultTypes[i]) {
            r.kind = TypeResolution::Result;
            r.index = int(i);
          }
      if (r.kind == TypeResolution::None)
        break;
      for (size_t i = 0; i < def.operands.size(); ++i)
        if (!seenOperandTypes[i])
          resolvers[def.operands[i].name] = r;
      if (includeResults)
        for (size_t i = 0; i < def.results.size(); ++i)
          if (!seenResultTypes[i])
            resolvers[def.results[i].name] = r;
      break;
    }
    case Trait::Inference::TypesMatchWith: {
      if (auto arg = findSeenArg(t.names[0])) {
        TypeResolution r;
        r.kind = arg->kind;
        r.index = arg->index;
        r.transform = t.transform;
        r.transformIsRange = t.transformIsRange;
        resolvers[t.names[1]] = r;
      }
      break;
    }
    case Trait::Inference::None:
      if (t.infersResultTypes)
        canInferResultTypes = true;
      break;
    }
  }

  // Results.
  fmt.resultTypes.assign(def.results.size(), TypeResolution());
  if (!fmt.allResultTypes) {
    bool anySeen = false;
    for (bool b : seenResultTypes)
      anySeen |= b;
    if (!def.results.empty() && !anySeen && canInferResultTypes) {
      fmt.infersResultTypes = true;
    } else {
      for (size_t i = 0; i < def.results.size(); ++i) {
        if (seenResultTypes[i])
          continue;
        auto it = resolvers.find(def.results[i].name);
        if (it != resolvers.end()) {
          fmt.resultTypes[i] = it->second;
          continue;
        }
        const ValueDef &r = def.results[i];
        if (!r.constraint.build || r.isVariableLength())
          return emitError("type of result #" + std::to_string(i) + ", named '" + r.name +
                           "', is not buildable and a buildable type cannot be inferred");
        fmt.resultTypes[i].kind = TypeResolution::Buildable;
        fmt.resultTypes[i].build = r.constraint.build;
      }
    }
  }

  // Operands.
  fmt.operandTypes.assign(def.operands.size(), TypeResolution());
  for (size_t i = 0; i < def.operands.size(); ++i) {
    const ValueDef &o = def.operands[i];
    if (!fmt.allOperands && !seenOperands[i])
      return emitError("operand #" + std::to_string(i) + ", named '" + o.name + "', not found");
    if (fmt.allOperandTypes || seenOperandTypes[i])
      continue;
    auto it = resolvers.find(o.name);
    if (it != resolvers.end()) {
      fmt.operandTypes[i] = it->second;
      continue;
    }
    if (!o.constraint.build || (fmt.allOperands && o.isVariableLength()))
      return emitError("type of operand #" + std::to_string(i) + ", named '" + o.name +
                       "', is not buildable and a buildable type cannot be inferred");
    fmt.operandTypes[i].kind = TypeResolution::Buildable;
    fmt.operandTypes[i].build = o.constraint.build;
  }

  // Regions and successors.
  if (!fmt.hasAllRegions)
    for (size_t i = 0; i < def.regions.size(); ++i)
      if (!seenRegions[i])
        return emitError("region #" + std::to_string(i) + ", named '" + def.regions[i].name + "', not found");
  if (!fmt.hasAllSuccessors)
    for (size_t i = 0; i < def.successors.size(); ++i)
      if (!seenSuccessors[i])
        return emitError("successor #" + std::to_string(i) + ", named '" + def.successors[i].name + "', not found");

  // Variables whose types feed a transformer are checked before use.
  auto noteTransformed = [&](const TypeResolution &r) {
    if (!r.transform || (r.kind != TypeResolution::Operand && r.kind != TypeResolution::Result))
      return;
    std::pair<bool, int> key(r.kind == TypeResolution::Operand, r.index);
    for (const auto &k : fmt.transformedVars)
      if (k == key)
        return;
    fmt.transformedVars.push_back(key);
  };
  for (const TypeResolution &r : fmt.resultTypes)
    noteTransformed(r);
  for (const TypeResolution &r : fmt.operandTypes)
    noteTransformed(r);

  // VariadicOfVariadic segment attributes are inferred.
  for (size_t i = 0; i < def.operands.size(); ++i)
    if (seenOperands[i] && def.operands[i].kind == VarKind::VariadicOfVariadic)
      fmt.inferredAttributes.push_back(def.operands[i].segmentAttr);

  // Names elided by attr-dict regardless of values.
  if (!fmt.allOperands && def.attrSizedOperands)
    fmt.elidedAttrNames.push_back("operandSegmentSizes");
  if (!fmt.allResultTypes && def.attrSizedResults)
    fmt.elidedAttrNames.push_back("resultSegmentSizes");
  for (const std::string &n : fmt.inferredAttributes)
    fmt.elidedAttrNames.push_back(n);
  for (unsigned i : fmt.usedAttributes)
    fmt.elidedAttrNames.push_back(def.attributes[i].name);

  // Implicit terminators and single blocks shape region parsing/printing.
  for (const Trait &t : def.traits) {
    if (!t.implicitTerminator.empty()) {
      fmt.hasImplicitTermTrait = true;
      fmt.implicitTerminator = t.implicitTerminator;
    }
    if (t.name == "SingleBlock")
      fmt.hasSingleBlockTrait = true;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Printer spacing
//===----------------------------------------------------------------------===//

bool FormatParser::isElidedUnitAnchor(FormatElement *optional, FormatElement *e) const {
  FormatElement *anchor = optional->anchor;
  if (e != anchor || anchor->kind != FormatElement::AttrVar || !def.attributes[anchor->index].constraint.isUnit)
    return false;
  if (!optional->children.empty() && anchor == optional->children.front())
    return false;
  if (!optional->elseChildren.empty() && anchor == optional->elseChildren.front())
    return false;
  return true;
}

void FormatParser::computeSpacing(ArrayRef<FormatElement *> elements, bool &shouldEmitSpace,
                                  bool &lastWasPunctuation) {
  for (FormatElement *e : elements) {
    switch (e->kind) {
    case FormatElement::Literal: {
      e->spaceBefore = shouldEmitSpace && shouldEmitSpaceBefore(e->text, lastWasPunctuation);
      shouldEmitSpace = e->text.size() != 1 || std::string_view("<({[").find(e->text[0]) == std::string_view::npos;
      lastWasPunctuation = e->text[0] != '_' && !std::isalpha((unsigned char)e->text[0]);
      break;
    }
    case FormatElement::Space:
      lastWasPunctuation = !e->flag;
      shouldEmitSpace = false;
      break;
    case FormatElement::Newline:
      break;
    case FormatElement::Optional: {
      std::vector<FormatElement *> thenElems, elseElems;
      for (FormatElement *c : e->children)
        if (!isElidedUnitAnchor(e, c))
          thenElems.push_back(c);
      for (FormatElement *c : e->elseChildren)
        if (!isElidedUnitAnchor(e, c))
          elseElems.push_back(c);
      computeSpacing(thenElems, shouldEmitSpace, lastWasPunctuation);
      computeSpacing(elseElems, shouldEmitSpace, lastWasPunctuation);
      break;
    }
    case FormatElement::OIList:
      for (size_t i = 0; i < e->clauses.size(); ++i) {
        computeSpacing(ArrayRef<FormatElement *>(&e->clauseLiterals[i], 1), shouldEmitSpace, lastWasPunctuation);
        const auto &clause = e->clauses[i];
        bool unitOnly = clause.size() == 1 && clause[0]->kind == FormatElement::AttrVar &&
                        def.attributes[clause[0]->index].constraint.isUnit;
        if (!unitOnly)
          computeSpacing(clause, shouldEmitSpace, lastWasPunctuation);
      }
      break;
    case FormatElement::AttrDict:
    case FormatElement::PropDict:
      lastWasPunctuation = false;
      break;
    default:
      e->spaceBefore = shouldEmitSpace || !lastWasPunctuation;
      lastWasPunctuation = false;
      shouldEmitSpace = true;
      break;
    }
  }
}

std::unique_ptr<OpFormat> ods::parseOpFormat(InterpretedOpDef &def, std::string_view text, std::string &error) {
  auto fmt = std::make_unique<OpFormat>();
  FormatParser parser(def, *fmt, text, error);
  if (failed(parser.parse()))
    return nullptr;
  return fmt;
}
