//===- OpFormatParse.cpp - Parses an op by interpreting its format --------===//
//
// Walks the format tree with the same decisions MLIR's generated parser
// makes: which elements are parsed optionally, how optional groups are
// guarded, which type each operand is resolved with and in which order
// errors are reported. Per-op scratch storage is recycled through a
// thread-local pool (parsing recurses through regions).
//
#include "lamina/ODS/EnumDef.h"
#include "OpFormat.h"
#include "PropertyKind.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/IR/OpTraitVerifiers.h"

#include <cctype>

using namespace lamina;
using namespace lamina::ods;

/// AsmParser::parseType<T>'s error for a type `t` that is not of class
/// `cls`, naming the expected class when it has a static name.
static ParseResult invalidTypeKind(OpAsmParser &parser, SMLoc loc, const TypeClass &cls, Type t) {
  InFlightDiagnostic diag = parser.emitError(loc, "invalid kind of type specified");
  if (!cls.name.empty())
    diag << ": expected " << cls.name << ", but found " << t;
  return diag;
}

namespace {

/// Everything the elements of one op's format parse into.
struct ParseStorage {
  std::vector<SmallVector<OpAsmParser::UnresolvedOperand, 4>> operands;
  std::vector<SMLoc> operandLocs;
  std::vector<std::vector<int32_t>> operandGroupSizes;
  std::vector<SmallVector<Type, 4>> operandTypes;
  std::vector<SmallVector<Type, 4>> resultTypes;
  std::vector<Attribute> attrs;
  std::vector<std::vector<std::unique_ptr<Region>>> regions;
  std::vector<std::vector<Block *>> successors;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> allOperands;
  SMLoc allOperandLoc;
  SmallVector<Type, 4> allOperandTypes, allResultTypes;
  std::vector<std::unique_ptr<Region>> fullRegions;
  std::vector<Block *> fullSuccessors;

  void reset(const InterpretedOpDef &def) {
    auto resize = [](auto &v, size_t n) {
      if (v.size() < n)
        v.resize(n);
      for (size_t i = 0; i < n; ++i)
        v[i].clear();
    };
    resize(operands, def.operands.size());
    resize(operandGroupSizes, def.operands.size());
    resize(operandTypes, def.operands.size());
    resize(resultTypes, def.results.size());
    resize(regions, def.regions.size());
    resize(successors, def.successors.size());
    operandLocs.assign(def.operands.size(), SMLoc());
    attrs.assign(def.attributes.size(), Attribute());
    for (size_t i = 0; i < def.regions.size(); ++i)
      if (!def.regions[i].variadic)
        regions[i].push_back(std::make_unique<Region>());
    allOperands.clear();
    allOperandLoc = SMLoc();
    allOperandTypes.clear();
    allResultTypes.clear();
    fullRegions.clear();
    fullSuccessors.clear();
  }
};

/// Recycles ParseStorage objects per thread.
class StoragePool {
public:
  ParseStorage *acquire() {
    if (free.empty())
      return new ParseStorage();
    ParseStorage *s = free.back().release();
    free.pop_back();
    return s;
  }
  void release(ParseStorage *s) { free.emplace_back(s); }

private:
  std::vector<std::unique_ptr<ParseStorage>> free;
};
thread_local StoragePool pool;

/// A resolved type list: one type for every operand of a group, or a list.
struct Resolved {
  bool isList = false;
  Type single;
  SmallVector<Type, 4> list;
};

class FormatOpParser {
public:
  FormatOpParser(const InterpretedOpDef &def, OpAsmParser &parser, OperationState &state)
      : def(def), fmt(*def.format), parser(parser), state(state), ctx(parser.getContext()) {
    st = pool.acquire();
    st->reset(def);
  }
  ~FormatOpParser() { pool.release(st); }

  ParseResult parse();

private:
  /// Properties set by the format (bound attributes, segment sizes,
  /// prop-dict); added to the state's attributes at the end unless
  /// `attr-dict` spelled them too.
  NamedAttrList props;

  ParseResult parseElement(FormatElement *e, bool inOptional);
  ParseResult parseElements(ArrayRef<FormatElement *> elements, size_t begin, FormatElement *skip);
  ParseResult parseOptionalGroup(FormatElement *e);
  ParseResult parseOIList(FormatElement *e);
  ParseResult parseLiteral(std::string_view text) { return parseFormatLiteral(parser, text); }
  bool parseOptionalLiteral(std::string_view text) { return parseOptionalFormatLiteral(parser, text); }
  ParseResult parseAttr(FormatElement *e, bool asOptional);
  ParseResult parseEnumAttr(const AttributeDef &ad, Attribute &out, bool asOptional);
  ParseResult parseEnumProperty(const AttributeDef &ad, Attribute &out, bool asOptional);
  ParseResult parseOperandVar(int index);
  ParseResult parseRegionVar(int index, bool optionalGuard, bool *present);
  ParseResult parseRegionList(std::vector<std::unique_ptr<Region>> &regions);
  ParseResult parseSuccessorList(std::vector<Block *> &succs);
  ParseResult parseTypeDirective(FormatElement *e);
  ParseResult parseCustom(FormatElement *e, std::optional<ParseResult> *optionalResult);
  ParseResult parseAttrDict(bool withKeyword);
  ParseResult parsePropDict();
  void ensureRegion(Region &region);
  ParseResult finish();
  Resolved resolve(const TypeResolution &r, SmallVector<Type, 4> &self);
  ParseResult resolveOperands(ArrayRef<OpAsmParser::UnresolvedOperand> ops, const Resolved &types, SMLoc loc);
  SmallVector<Type, 4> *typeListFor(FormatElement *arg, VarKind &kind);

  const InterpretedOpDef &def;
  const OpFormat &fmt;
  OpAsmParser &parser;
  OperationState &state;
  MLIRContext *ctx;
  ParseStorage *st;
};

} // namespace

//===----------------------------------------------------------------------===//
// Literals
//===----------------------------------------------------------------------===//

ParseResult ods::parseFormatLiteral(AsmParser &parser, std::string_view t) {
  if (std::isalpha((unsigned char)t[0]) || t[0] == '_')
    return parser.parseKeyword(t);
  if (t == "->")
    return parser.parseArrow();
  switch (t[0]) {
  case ':': return parser.parseColon();
  case ',': return parser.parseComma();
  case '=': return parser.parseEqual();
  case '<': return parser.parseLess();
  case '>': return parser.parseGreater();
  case '{': return parser.parseLBrace();
  case '}': return parser.parseRBrace();
  case '(': return parser.parseLParen();
  case ')': return parser.parseRParen();
  case '[': return parser.parseLSquare();
  case ']': return parser.parseRSquare();
  case '?': return parser.parseQuestion();
  case '+': return parser.parsePlus();
  case '-': return parser.parseMinus();
  case '*': return parser.parseStar();
  case '.': return parser.parseEllipsis();
  case '|': return parser.parseVerticalBar();
  default: return failure();
  }
}

bool ods::parseOptionalFormatLiteral(AsmParser &parser, std::string_view t) {
  if (std::isalpha((unsigned char)t[0]) || t[0] == '_')
    return succeeded(parser.parseOptionalKeyword(t));
  if (t == "->")
    return succeeded(parser.parseOptionalArrow());
  switch (t[0]) {
  case ':': return succeeded(parser.parseOptionalColon());
  case ',': return succeeded(parser.parseOptionalComma());
  case '=': return succeeded(parser.parseOptionalEqual());
  case '<': return succeeded(parser.parseOptionalLess());
  case '>': return succeeded(parser.parseOptionalGreater());
  case '{': return succeeded(parser.parseOptionalLBrace());
  case '}': return succeeded(parser.parseOptionalRBrace());
  case '(': return succeeded(parser.parseOptionalLParen());
  case ')': return succeeded(parser.parseOptionalRParen());
  case '[': return succeeded(parser.parseOptionalLSquare());
  case ']': return succeeded(parser.parseOptionalRSquare());
  case '?': return succeeded(parser.parseOptionalQuestion());
  case '+': return succeeded(parser.parseOptionalPlus());
  case '-': return succeeded(parser.parseOptionalMinus());
  case '*': return succeeded(parser.parseOptionalStar());
  case '.': return succeeded(parser.parseOptionalEllipsis());
  case '|': return succeeded(parser.parseOptionalVerticalBar());
  default: return false;
  }
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

ParseResult FormatOpParser::parseEnumAttr(const AttributeDef &ad, Attribute &out, bool asOptional) {
  const EnumInfo &info = *ad.constraint.enumInfo;
  SMLoc loc = parser.getCurrentLocation();
  std::string_view keyword;
  std::string str;
  bool have = false;
  // parseOptionalKeyword(&keyword, info.keywordCases()) without building
  // the list of cases for every enum attribute parsed.
  std::string_view tok = parser.getCurrentTokenSpelling();
  bool isKeywordCase = false;
  for (const EnumCase &c : info.cases)
    if (c.str == tok) {
      isKeywordCase = info.isKeywordCase(c.str);
      break;
    }
  if (isKeywordCase && succeeded(parser.parseOptionalKeyword(&keyword))) {
    str = std::string(keyword);
    have = true;
  } else {
    std::string_view tok = parser.getCurrentTokenSpelling();
    if (!tok.empty() && tok[0] == '"') {
      Attribute a;
      if (parser.parseAttribute(a, NoneType::get(ctx)))
        return failure();
      auto s = dyn_cast<StringAttr>(a);
      if (!s)
        return parser.emitError(loc, "invalid kind of attribute specified");
      str = std::string(s.getValue());
      have = true;
    } else if (!asOptional) {
      InFlightDiagnostic diag = parser.emitError(
          loc, "expected string or keyword containing one of the following enum values for attribute '");
      diag << ad.name << "' [";
      for (size_t i = 0; i < info.cases.size(); ++i) {
        if (i)
          diag << ", ";
        diag << info.cases[i].str;
      }
      diag << "]";
      return failure();
    }
  }
  if (!have || str.empty())
    return success();
  std::optional<uint64_t> value = info.symbolize(str);
  if (!value)
    return parser.emitError(loc, "invalid ") << ad.name << " attribute specification: \"" << str << '"';
  out = info.buildAttr(ctx, *value);
  return success();
}

/// An EnumProp: the enum's FieldParser (optionally: absent unless a keyword
/// follows), after `mnemonic<` for a named one.
ParseResult FormatOpParser::parseEnumProperty(const AttributeDef &ad, Attribute &out, bool asOptional) {
  const PropertyInfo &prop = *ad.constraint.property;
  const EnumInfo &info = *prop.enumInfo;
  if (!prop.mnemonic.empty()) {
    if (asOptional) {
      if (failed(parser.parseOptionalKeyword(prop.mnemonic)))
        return success();
    } else if (parser.parseKeyword(prop.mnemonic)) {
      return failure();
    }
    if (parser.parseLess())
      return failure();
    FailureOr<uint64_t> value = info.parseField(parser);
    if (failed(value) || parser.parseGreater())
      return failure();
    out = info.buildAttr(ctx, *value);
    return success();
  }
  if (asOptional) {
    std::string_view tok = parser.getCurrentTokenSpelling();
    if (tok.empty() || !(std::isalpha((unsigned char)tok[0]) || tok[0] == '_'))
      return success();
  }
  FailureOr<uint64_t> value = info.parseField(parser);
  if (failed(value))
    return failure();
  out = info.buildAttr(ctx, *value);
  return success();
}

ParseResult FormatOpParser::parseAttr(FormatElement *e, bool asOptional) {
  const AttributeDef &ad = def.attributes[e->index];
  const AttrConstraint &c = ad.constraint;
  Attribute &out = st->attrs[e->index];
  if (c.property) {
    switch (getPropertyKind(*c.property)) {
    case PropertyKind::Enum:
      return parseEnumProperty(ad, out, asOptional);
    case PropertyKind::Unit:
      out = lamina::UnitAttr::get(ctx);
      return success();
    case PropertyKind::OptionalI64: {
      int64_t value;
      if (parser.parseInteger(value))
        return failure();
      out = lamina::ArrayAttr::get(ctx, {IntegerAttr::get(IntegerType::get(ctx, 64), value)});
      return success();
    }
    }
  }
  if (c.enumInfo)
    return parseEnumAttr(ad, out, asOptional);
  if (c.isSymbolName) {
    StringAttr name;
    if (asOptional) {
      if (succeeded(parser.parseOptionalSymbolName(name)))
        out = name;
      return success();
    }
    if (parser.parseSymbolName(name))
      return failure();
    out = name;
    return success();
  }
  Type type = c.valueType ? c.valueType(ctx) : Type();
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  if (asOptional) {
    if (c.storage && c.storage->optionalLeader) {
      std::string_view tok = parser.getCurrentTokenSpelling();
      if (tok.empty() || tok[0] != c.storage->optionalLeader)
        return success();
    }
    std::optional<ParseResult> r = parser.parseOptionalAttribute(attr, type);
    if (!r)
      return success();
    if (failed(*r))
      return failure();
  } else if (e->flag || !c.storage || !c.storage->parse) {
    if (parser.parseAttribute(attr, type))
      return failure();
  } else {
    const AttrClass *cls = c.storage;
    if (parser.parseCustomAttributeWithFallback(attr, type, [&](Attribute &result, Type t) -> ParseResult {
          result = cls->parse(parser, t);
          return success(bool(result));
        }))
      return failure();
  }
  if (!c.isStorageInstance(attr))
    return parser.emitError(loc, "invalid kind of attribute specified");
  out = attr;
  return success();
}

//===----------------------------------------------------------------------===//
// Operands, regions, successors, types
//===----------------------------------------------------------------------===//

ParseResult FormatOpParser::parseOperandVar(int index) {
  const ValueDef &v = def.operands[index];
  auto &list = st->operands[index];
  st->operandLocs[index] = parser.getCurrentLocation();
  switch (v.kind) {
  case VarKind::VariadicOfVariadic: {
    size_t curSize = 0;
    do {
      if (failed(parser.parseOptionalLParen()))
        break;
      if (parser.parseOperandList(list) || parser.parseRParen())
        return failure();
      st->operandGroupSizes[index].push_back(int32_t(list.size() - curSize));
      curSize = list.size();
    } while (succeeded(parser.parseOptionalComma()));
    return success();
  }
  case VarKind::Variadic:
    return parser.parseOperandList(list);
  case VarKind::Optional: {
    OpAsmParser::UnresolvedOperand operand;
    std::optional<ParseResult> r = parser.parseOptionalOperand(operand);
    if (r) {
      if (failed(*r))
        return failure();
      list.push_back(operand);
    }
    return success();
  }
  case VarKind::Single: {
    OpAsmParser::UnresolvedOperand operand;
    if (parser.parseOperand(operand))
      return failure();
    list.push_back(operand);
    return success();
  }
  }
  return success();
}

void FormatOpParser::ensureRegion(Region &region) {
  if (fmt.hasImplicitTermTrait) {
    OpTrait::impl::ensureImplicitTerminator(region, state.location, fmt.implicitTerminator);
  } else if (fmt.hasSingleBlockTrait) {
    if (region.empty())
      region.emplaceBlock();
  }
}

ParseResult FormatOpParser::parseRegionList(std::vector<std::unique_ptr<Region>> &regions) {
  auto region = std::make_unique<Region>();
  std::optional<ParseResult> first = parser.parseOptionalRegion(*region);
  if (!first)
    return success();
  if (failed(*first))
    return failure();
  regions.push_back(std::move(region));
  while (succeeded(parser.parseOptionalComma())) {
    region = std::make_unique<Region>();
    if (parser.parseRegion(*region))
      return failure();
    regions.push_back(std::move(region));
  }
  for (auto &r : regions)
    ensureRegion(*r);
  return success();
}

ParseResult FormatOpParser::parseRegionVar(int index, bool optionalGuard, bool *present) {
  if (def.regions[index].variadic) {
    if (parseRegionList(st->regions[index]))
      return failure();
    if (present)
      *present = !st->regions[index].empty();
    return success();
  }
  Region &region = *st->regions[index].front();
  if (optionalGuard) {
    std::optional<ParseResult> r = parser.parseOptionalRegion(region);
    if (r && failed(*r))
      return failure();
    *present = !region.empty();
    if (*present)
      ensureRegion(region);
    return success();
  }
  if (parser.parseRegion(region))
    return failure();
  ensureRegion(region);
  return success();
}

ParseResult FormatOpParser::parseSuccessorList(std::vector<Block *> &succs) {
  Block *succ = nullptr;
  std::optional<ParseResult> first = parser.parseOptionalSuccessor(succ);
  if (!first)
    return success();
  if (failed(*first))
    return failure();
  succs.push_back(succ);
  while (succeeded(parser.parseOptionalComma())) {
    if (parser.parseSuccessor(succ))
      return failure();
    succs.push_back(succ);
  }
  return success();
}

SmallVector<Type, 4> *FormatOpParser::typeListFor(FormatElement *arg, VarKind &kind) {
  switch (arg->kind) {
  case FormatElement::OperandVar:
    kind = def.operands[arg->index].kind;
    return &st->operandTypes[arg->index];
  case FormatElement::ResultVar:
    kind = def.results[arg->index].kind;
    return &st->resultTypes[arg->index];
  case FormatElement::Operands:
    kind = VarKind::Variadic;
    return &st->allOperandTypes;
  case FormatElement::Results:
    kind = VarKind::Variadic;
    return &st->allResultTypes;
  default:
    kind = VarKind::Variadic;
    return nullptr;
  }
}

ParseResult FormatOpParser::parseTypeDirective(FormatElement *e) {
  FormatElement *arg = e->children[0];
  VarKind kind;
  SmallVector<Type, 4> *types = typeListFor(arg, kind);
  switch (kind) {
  case VarKind::VariadicOfVariadic:
    do {
      if (failed(parser.parseOptionalLParen()))
        break;
      if (failed(parser.parseOptionalRParen()) && (parser.parseTypeList(*types) || parser.parseRParen()))
        return failure();
    } while (succeeded(parser.parseOptionalComma()));
    return success();
  case VarKind::Variadic:
    return parser.parseTypeList(*types);
  case VarKind::Optional: {
    Type t;
    std::optional<ParseResult> r = parser.parseOptionalType(t);
    if (r) {
      if (failed(*r))
        return failure();
      types->push_back(t);
    }
    return success();
  }
  case VarKind::Single: {
    const TypeClass *cls = nullptr;
    if (arg->kind == FormatElement::OperandVar)
      cls = def.operands[arg->index].constraint.cppClass;
    else if (arg->kind == FormatElement::ResultVar)
      cls = def.results[arg->index].constraint.cppClass;
    SMLoc loc = parser.getCurrentLocation();
    Type t;
    if (e->flag || !cls) {
      if (parser.parseType(t))
        return failure();
    } else {
      if (cls->parse) {
        if (parser.parseCustomTypeWithFallback(t, [&](Type &result) -> ParseResult {
              result = cls->parse(parser);
              return success(bool(result));
            }))
          return failure();
      } else if (parser.parseType(t)) {
        return failure();
      }
      if (cls->isInstance && !cls->isInstance(t))
        return invalidTypeKind(parser, loc, *cls, t);
    }
    types->push_back(t);
    return success();
  }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Directives
//===----------------------------------------------------------------------===//

ParseResult FormatOpParser::parseAttrDict(bool withKeyword) {
  SMLoc loc = parser.getCurrentLocation();
  size_t before = state.attributes.size();
  if (withKeyword ? parser.parseOptionalAttrDictWithKeyword(state.attributes)
                  : parser.parseOptionalAttrDict(state.attributes))
    return failure();
  if (state.attributes.size() == before || def.attributes.empty())
    return success();
  // verifyInherentAttrs: inherent attributes spelled in the dictionary must
  // satisfy their constraints.
  ArrayRef<NamedAttribute> attrs = state.attributes.getAttrs();
  return verifyInherentAttrs(def, attrs, [&]() {
    return parser.emitError(loc) << "'" << def.name << "' op ";
  });
}

ParseResult FormatOpParser::parsePropDict() {
  if (failed(parser.parseOptionalLess()))
    return success();
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  if (parser.parseAttribute(attr) || parser.parseGreater())
    return failure();
  auto dict = dyn_cast<lamina::DictionaryAttr>(attr);
  if (!dict)
    return parser.emitError(loc, "expected lamina::DictionaryAttr to set properties");
  for (const NamedAttribute &a : dict) {
    int i = def.findAttribute(a.getNameStr());
    bool isSegments = (a.getNameStr() == "operandSegmentSizes" && def.attrSizedOperands) ||
                      (a.getNameStr() == "resultSegmentSizes" && def.attrSizedResults);
    if (i < 0 && !isSegments)
      return parser.emitError(loc, "unknown key '") << a.getNameStr() << "' when parsing properties dictionary";
    if (i >= 0 && !def.attributes[i].constraint.isStorageInstance(a.getValue()))
      return parser.emitError(loc, "Invalid attribute `")
             << a.getNameStr() << "` in property conversion: " << a.getValue();
    props.set(a.getName(), a.getValue());
  }
  return success();
}

ParseResult FormatOpParser::parseCustom(FormatElement *e, std::optional<ParseResult> *optionalResult) {
  std::vector<CustomParseArg> args(e->children.size());
  std::vector<CustomParseArg *> argPtrs;
  for (size_t i = 0; i < e->children.size(); ++i) {
    FormatElement *c = e->children[i];
    CustomParseArg &a = args[i];
    if (c->kind == FormatElement::Ref) {
      a.isRef = true;
      c = c->children[0];
    }
    switch (c->kind) {
    case FormatElement::AttrVar:
      a.kind = CustomParseArg::Kind::Attribute;
      a.attr = &st->attrs[c->index];
      a.isOptional = def.attributes[c->index].isOptionalAttr() || def.attributes[c->index].hasDefault;
      break;
    case FormatElement::AttrDict:
      a.kind = CustomParseArg::Kind::AttrDict;
      a.attrs = &state.attributes;
      break;
    case FormatElement::OperandVar: {
      const ValueDef &v = def.operands[c->index];
      a.kind = CustomParseArg::Kind::Operand;
      a.operands = &st->operands[c->index];
      a.operandGroupSizes = &st->operandGroupSizes[c->index];
      a.isVariadic = v.isVariadic();
      a.isOptional = v.isOptional();
      if (!a.isRef)
        st->operandLocs[c->index] = parser.getCurrentLocation();
      break;
    }
    case FormatElement::RegionVar:
      a.kind = CustomParseArg::Kind::Region;
      a.regions = &st->regions[c->index];
      a.isVariadic = def.regions[c->index].variadic;
      break;
    case FormatElement::SuccessorVar:
      a.kind = CustomParseArg::Kind::Successor;
      a.successors = &st->successors[c->index];
      a.isVariadic = def.successors[c->index].variadic;
      break;
    case FormatElement::TypeDirective: {
      VarKind kind;
      a.kind = CustomParseArg::Kind::Type;
      a.types = typeListFor(c->children[0], kind);
      a.isVariadic = kind == VarKind::Variadic || kind == VarKind::VariadicOfVariadic;
      a.isOptional = kind == VarKind::Optional;
      break;
    }
    case FormatElement::String:
      a.kind = CustomParseArg::Kind::String;
      a.string = c->text;
      break;
    default:
      break;
    }
    argPtrs.push_back(&a);
  }
  const CustomDirective &d = *e->directive;
  if (optionalResult) {
    if (d.parseOptional) {
      *optionalResult = d.parseOptional(parser, state, argPtrs);
      return success();
    }
    *optionalResult = d.parse(parser, state, argPtrs);
    return success();
  }
  return d.parse(parser, state, argPtrs);
}

//===----------------------------------------------------------------------===//
// Elements and groups
//===----------------------------------------------------------------------===//

ParseResult FormatOpParser::parseElements(ArrayRef<FormatElement *> elements, size_t begin, FormatElement *skip) {
  for (size_t i = begin; i < elements.size(); ++i)
    if (elements[i] != skip && parseElement(elements[i], /*inOptional=*/true))
      return failure();
  return success();
}

ParseResult FormatOpParser::parseOptionalGroup(FormatElement *e) {
  FormatElement *first = e->children[e->thenParseStart];
  bool present = false;
  switch (first->kind) {
  case FormatElement::AttrVar:
    if (parseAttr(first, /*asOptional=*/true))
      return failure();
    present = bool(st->attrs[first->index]);
    break;
  case FormatElement::Literal:
    present = parseOptionalLiteral(first->text);
    break;
  case FormatElement::OperandVar:
    if (parseOperandVar(first->index))
      return failure();
    present = !st->operands[first->index].empty();
    break;
  case FormatElement::RegionVar:
    if (parseRegionVar(first->index, /*optionalGuard=*/true, &present))
      return failure();
    break;
  case FormatElement::Custom: {
    std::optional<ParseResult> r;
    if (parseCustom(first, &r))
      return failure();
    if (r && failed(*r))
      return failure();
    present = r.has_value();
    break;
  }
  default:
    break;
  }

  // A unit attribute anchor that is not the guard is implied by presence.
  FormatElement *anchor = e->anchor;
  auto elidedIn = [&](const std::vector<FormatElement *> &elems, size_t start) -> FormatElement * {
    if (anchor->kind == FormatElement::AttrVar && def.attributes[anchor->index].constraint.isUnit &&
        (start >= elems.size() || anchor != elems[start]))
      return anchor;
    return nullptr;
  };
  if (present) {
    FormatElement *skip = elidedIn(e->children, e->thenParseStart);
    if (skip && !e->inverted)
      st->attrs[skip->index] = lamina::UnitAttr::get(ctx);
    return parseElements(e->children, e->thenParseStart + 1, skip);
  }
  if (e->elseChildren.empty())
    return success();
  FormatElement *skip = elidedIn(e->elseChildren, e->elseParseStart);
  if (skip && e->inverted)
    st->attrs[skip->index] = lamina::UnitAttr::get(ctx);
  return parseElements(e->elseChildren, e->elseParseStart, skip);
}

ParseResult FormatOpParser::parseOIList(FormatElement *e) {
  std::vector<bool> seen(e->clauses.size());
  while (true) {
    bool matched = false;
    for (size_t i = 0; i < e->clauses.size(); ++i) {
      const std::string &kw = e->clauseLiterals[i]->text;
      if (!parseOptionalLiteral(kw))
        continue;
      matched = true;
      if (seen[i])
        return parser.emitError(parser.getNameLoc())
               << "`" << kw << "` clause can appear at most once in the expansion of the oilist directive";
      seen[i] = true;
      const auto &clause = e->clauses[i];
      if (clause.size() == 1 && clause[0]->kind == FormatElement::AttrVar &&
          def.attributes[clause[0]->index].constraint.isUnit) {
        st->attrs[clause[0]->index] = lamina::UnitAttr::get(ctx);
      } else {
        for (FormatElement *pe : clause)
          if (parseElement(pe, /*inOptional=*/false))
            return failure();
      }
      break;
    }
    if (!matched)
      return success();
  }
}

ParseResult FormatOpParser::parseElement(FormatElement *e, bool inOptional) {
  switch (e->kind) {
  case FormatElement::Literal:
    return parseLiteral(e->text);
  case FormatElement::Space:
  case FormatElement::Newline:
    return success();
  case FormatElement::AttrVar: {
    const AttributeDef &ad = def.attributes[e->index];
    return parseAttr(e, !inOptional && ad.isOptionalAttr());
  }
  case FormatElement::OperandVar:
    return parseOperandVar(e->index);
  case FormatElement::RegionVar:
    return parseRegionVar(e->index, false, nullptr);
  case FormatElement::SuccessorVar:
    if (def.successors[e->index].variadic)
      return parseSuccessorList(st->successors[e->index]);
    {
      Block *succ = nullptr;
      if (parser.parseSuccessor(succ))
        return failure();
      st->successors[e->index].push_back(succ);
      return success();
    }
  case FormatElement::AttrDict:
    return parseAttrDict(e->flag);
  case FormatElement::PropDict:
    return parsePropDict();
  case FormatElement::Operands:
    st->allOperandLoc = parser.getCurrentLocation();
    return parser.parseOperandList(st->allOperands);
  case FormatElement::Regions:
    return parseRegionList(st->fullRegions);
  case FormatElement::Successors:
    return parseSuccessorList(st->fullSuccessors);
  case FormatElement::TypeDirective:
    return parseTypeDirective(e);
  case FormatElement::FunctionalType: {
    SMLoc loc = parser.getCurrentLocation();
    Type t;
    if (parser.parseType(t))
      return failure();
    auto fnType = dyn_cast<FunctionType>(t);
    if (!fnType)
      return invalidTypeKind(parser, loc, FunctionTypeClass, t);
    VarKind k;
    SmallVector<Type, 4> *inputs = typeListFor(e->children[0], k);
    SmallVector<Type, 4> *results = typeListFor(e->children[1], k);
    inputs->assign(fnType.getInputs().begin(), fnType.getInputs().end());
    results->assign(fnType.getResults().begin(), fnType.getResults().end());
    return success();
  }
  case FormatElement::Custom:
    return parseCustom(e, nullptr);
  case FormatElement::Optional:
    return parseOptionalGroup(e);
  case FormatElement::OIList:
    return parseOIList(e);
  default:
    return success();
  }
}

//===----------------------------------------------------------------------===//
// Resolution
//===----------------------------------------------------------------------===//

Resolved FormatOpParser::resolve(const TypeResolution &r, SmallVector<Type, 4> &self) {
  Resolved out;
  auto fromVar = [&](const ValueDef &v, SmallVector<Type, 4> &types) {
    if (r.transform) {
      SmallVector<Type, 4> transformed;
      if (v.isVariadic() && r.transformIsRange) {
        // `$_self` is the whole type list: transform element-wise.
        for (Type t : types)
          r.transform(t, transformed);
      } else if (!types.empty()) {
        r.transform(types[0], transformed);
      }
      if (r.transformIsRange) {
        out.isList = true;
        out.list = std::move(transformed);
      } else if (!transformed.empty()) {
        out.single = transformed[0];
      }
      return;
    }
    if (v.isVariadic()) {
      out.isList = true;
      out.list = types;
    } else if (!types.empty()) {
      out.single = types[0];
    } else {
      out.isList = true;
    }
  };
  switch (r.kind) {
  case TypeResolution::None:
    out.isList = true;
    out.list = self;
    break;
  case TypeResolution::Buildable:
    out.single = r.build(ctx);
    break;
  case TypeResolution::Operand:
    fromVar(def.operands[r.index], st->operandTypes[r.index]);
    break;
  case TypeResolution::Result:
    fromVar(def.results[r.index], st->resultTypes[r.index]);
    break;
  case TypeResolution::Attribute: {
    Type t;
    if (auto typed = dyn_cast_or_null<lamina::TypedAttr>(st->attrs[r.index]))
      t = typed.getType();
    SmallVector<Type, 4> tmp;
    if (t)
      tmp.push_back(t);
    ValueDef fake;
    fromVar(fake, tmp);
    break;
  }
  }
  return out;
}

ParseResult FormatOpParser::resolveOperands(ArrayRef<OpAsmParser::UnresolvedOperand> ops, const Resolved &types,
                                            SMLoc loc) {
  if (types.isList)
    return parser.resolveOperands(ops, TypeRange(types.list), loc, state.operands);
  for (const auto &o : ops)
    if (parser.resolveOperand(o, types.single, state.operands))
      return failure();
  return success();
}

ParseResult FormatOpParser::finish() {
  // Regions, in declaration order.
  if (fmt.hasAllRegions) {
    for (auto &r : st->fullRegions)
      state.addRegion(std::move(r));
  } else {
    for (size_t i = 0; i < def.regions.size(); ++i)
      for (auto &r : st->regions[i])
        state.addRegion(std::move(r));
  }
  // Successors.
  if (fmt.hasAllSuccessors) {
    for (Block *b : st->fullSuccessors)
      state.addSuccessors(b);
  } else {
    for (size_t i = 0; i < def.successors.size(); ++i)
      for (Block *b : st->successors[i])
        state.addSuccessors(b);
  }
  ArrayRef<StringAttr> slotNames = state.name.getAttributeNames();
  // Segment sizes.
  if (!fmt.allOperands) {
    if (def.attrSizedOperands) {
      std::vector<int32_t> sizes;
      for (size_t i = 0; i < def.operands.size(); ++i)
        sizes.push_back(def.operands[i].isVariableLength() ? int32_t(st->operands[i].size()) : 1);
      props.set(slotNames[def.operandSegmentsSlot], lamina::DenseI32ArrayAttr::get(ctx, sizes));
    }
    for (size_t i = 0; i < def.operands.size(); ++i)
      if (def.operands[i].kind == VarKind::VariadicOfVariadic)
        props.set(def.operands[i].segmentAttr, lamina::DenseI32ArrayAttr::get(ctx, st->operandGroupSizes[i]));
  }
  if (!fmt.allResultTypes && def.attrSizedResults) {
    std::vector<int32_t> sizes;
    for (size_t i = 0; i < def.results.size(); ++i)
      sizes.push_back(def.results[i].isVariableLength() ? int32_t(st->resultTypes[i].size()) : 1);
    props.set(slotNames[def.resultSegmentsSlot], lamina::DenseI32ArrayAttr::get(ctx, sizes));
  }
  // Attributes bound by the format.
  for (size_t i = 0; i < def.attributes.size(); ++i)
    if (st->attrs[i])
      props.set(slotNames[def.attributes[i].slot], st->attrs[i]);
  // An inherent attribute also spelled in `attr-dict` wins (MLIR moves the
  // dictionary's inherent attributes into the properties after they were
  // set from the format).
  for (const NamedAttribute &a : props)
    if (!state.attributes.get(a.getNameStr()))
      state.attributes.append(a);

  // Types feeding a transformer must satisfy their own constraint first.
  for (const auto &[isOperand, index] : fmt.transformedVars) {
    const ValueDef &v = isOperand ? def.operands[index] : def.results[index];
    const SmallVector<Type, 4> &types = isOperand ? st->operandTypes[index] : st->resultTypes[index];
    for (Type t : types)
      if (!v.constraint.isSatisfiedBy(t))
        return parser.emitError(parser.getNameLoc())
               << "'" << v.name << "' must be " << v.constraint.summary << ", but got " << t;
  }

  // Result types.
  if (!fmt.infersResultTypes) {
    if (fmt.allResultTypes) {
      state.addTypes(ArrayRef<Type>(st->allResultTypes));
    } else {
      for (size_t i = 0; i < def.results.size(); ++i) {
        Resolved r = resolve(fmt.resultTypes[i], st->resultTypes[i]);
        if (r.isList)
          state.addTypes(ArrayRef<Type>(r.list));
        else if (r.single)
          state.addType(r.single);
      }
    }
  }

  // Operands.
  if (!def.operands.empty()) {
    if (fmt.allOperandTypes) {
      Resolved all;
      all.isList = true;
      all.list = st->allOperandTypes;
      if (fmt.allOperands) {
        if (resolveOperands(st->allOperands, all, st->allOperandLoc))
          return failure();
      } else {
        SmallVector<OpAsmParser::UnresolvedOperand, 4> concat;
        for (size_t i = 0; i < def.operands.size(); ++i)
          concat.insert(concat.end(), st->operands[i].begin(), st->operands[i].end());
        if (resolveOperands(concat, all, parser.getNameLoc()))
          return failure();
      }
    } else if (fmt.allOperands) {
      Resolved all;
      all.isList = true;
      if (def.operands.size() == 1) {
        // One group: a single resolved type applies to every operand.
        all = resolve(fmt.operandTypes[0], st->operandTypes[0]);
        if (resolveOperands(st->allOperands, all, st->allOperandLoc))
          return failure();
        goto operandsDone;
      }
      for (size_t i = 0; i < def.operands.size(); ++i) {
        Resolved r = resolve(fmt.operandTypes[i], st->operandTypes[i]);
        if (r.isList)
          all.list.insert(all.list.end(), r.list.begin(), r.list.end());
        else
          all.list.push_back(r.single);
      }
      if (resolveOperands(st->allOperands, all, st->allOperandLoc))
        return failure();
    } else {
      for (size_t i = 0; i < def.operands.size(); ++i) {
        if (def.operands[i].isOptional() && st->operands[i].empty())
          continue;
        Resolved r = resolve(fmt.operandTypes[i], st->operandTypes[i]);
        if (resolveOperands(st->operands[i], r, st->operandLocs[i]))
          return failure();
      }
    }
  }

operandsDone:
  // Inferred result types.
  if (fmt.infersResultTypes && def.inferReturnTypes) {
    std::vector<Region *> regions;
    for (auto &r : state.regions)
      regions.push_back(r.get());
    InferContext ictx{ctx, state.location, ValueRange(state.operands),
                      [&](std::string_view n) {
                        Attribute a = state.attributes.get(n);
                        return a ? a : props.get(n);
                      },
                      regions};
    SmallVector<Type, 4> inferred;
    if (failed(def.inferReturnTypes(ictx, inferred)))
      return failure();
    state.addTypes(ArrayRef<Type>(inferred));
  }
  return success();
}

ParseResult FormatOpParser::parse() {
  for (FormatElement *e : fmt.elements)
    if (parseElement(e, /*inOptional=*/false))
      return failure();
  return finish();
}

ParseResult ods::parseOpWithFormat(OpAsmParser &parser, OperationState &state) {
  const InterpretedOpDef *def = lookupDefinition(state.name);
  FormatOpParser p(*def, parser, state);
  return p.parse();
}
