//===- FunctionImplementation.cpp - Syntax shared by function-like ops ----===//
//
// Follows MLIR's function_interface_impl / call_interface_impl parsing and
// printing, message for message.
//
#include "lamina/Interfaces/FunctionImplementation.h"
#include "lamina/Interfaces/FunctionInterfaces.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/MLIRContext.h"

using namespace lamina;

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

static ParseResult parseFunctionArgumentList(OpAsmParser &parser, bool allowVariadic,
                                             std::vector<OpAsmParser::Argument> &arguments, bool &isVariadic) {
  isVariadic = false;
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() -> ParseResult {
    if (isVariadic)
      return parser.emitError(parser.getCurrentLocation(), "variadic arguments must be in the end of the argument list");
    if (allowVariadic && succeeded(parser.parseOptionalEllipsis())) {
      isVariadic = true;
      return success();
    }
    OpAsmParser::Argument argument;
    std::optional<ParseResult> present = parser.parseOptionalArgument(argument, /*allowType=*/true,
                                                                      /*allowAttrs=*/true);
    if (present.has_value()) {
      if (failed(*present))
        return failure();
      if (!arguments.empty() && arguments.back().ssaName.name.empty())
        return parser.emitError(argument.ssaName.location, "expected type instead of SSA identifier");
    } else {
      argument.ssaName.location = parser.getCurrentLocation();
      if (!arguments.empty() && !arguments.back().ssaName.name.empty())
        return parser.emitError(argument.ssaName.location, "expected SSA identifier");
      NamedAttrList attrs;
      if (parser.parseType(argument.type) || parser.parseOptionalAttrDict(attrs) ||
          parser.parseOptionalLocationSpecifier(argument.sourceLoc))
        return failure();
      argument.attrs = attrs.getDictionary(parser.getContext());
    }
    arguments.push_back(argument);
    return success();
  });
}

static ParseResult parseFunctionResultList(OpAsmParser &parser, SmallVectorImpl<Type> &resultTypes,
                                           std::vector<DictionaryAttr> &resultAttrs) {
  if (failed(parser.parseOptionalLParen())) {
    Type ty;
    if (parser.parseType(ty))
      return failure();
    resultTypes.push_back(ty);
    resultAttrs.emplace_back();
    return success();
  }
  if (succeeded(parser.parseOptionalRParen()))
    return success();
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        resultTypes.emplace_back();
        resultAttrs.emplace_back();
        NamedAttrList attrs;
        if (parser.parseType(resultTypes.back()) || parser.parseOptionalAttrDict(attrs))
          return failure();
        resultAttrs.back() = attrs.getDictionary(parser.getContext());
        return success();
      }))
    return failure();
  return parser.parseRParen();
}

void function_interface_impl::addArgAndResultAttrs(Builder &builder, OperationState &result,
                                                   ArrayRef<DictionaryAttr> argAttrs,
                                                   ArrayRef<DictionaryAttr> resultAttrs, std::string_view argAttrsName,
                                                   std::string_view resAttrsName) {
  auto nonEmpty = [](ArrayRef<DictionaryAttr> dicts) {
    for (DictionaryAttr d : dicts)
      if (d && !d.empty())
        return true;
    return false;
  };
  auto toArray = [&](ArrayRef<DictionaryAttr> dicts) {
    std::vector<Attribute> attrs;
    for (DictionaryAttr d : dicts)
      attrs.push_back(d ? Attribute(d) : Attribute(builder.getDictionaryAttr({})));
    return builder.getArrayAttr(attrs);
  };
  if (nonEmpty(argAttrs))
    result.addAttribute(argAttrsName, toArray(argAttrs));
  if (nonEmpty(resultAttrs))
    result.addAttribute(resAttrsName, toArray(resultAttrs));
}

ParseResult function_interface_impl::parseFunctionSignatureWithArguments(
    OpAsmParser &parser, bool allowVariadic, std::vector<OpAsmParser::Argument> &arguments, bool &isVariadic,
    SmallVectorImpl<Type> &resultTypes, std::vector<DictionaryAttr> &resultAttrs) {
  if (parseFunctionArgumentList(parser, allowVariadic, arguments, isVariadic))
    return failure();
  if (succeeded(parser.parseOptionalArrow()))
    return parseFunctionResultList(parser, resultTypes, resultAttrs);
  return success();
}

ParseResult function_interface_impl::parseFunctionOp(OpAsmParser &parser, OperationState &result,
                                                     bool allowVariadic, std::string_view typeAttrName,
                                                     std::string_view argAttrsName, std::string_view resAttrsName) {
  std::vector<OpAsmParser::Argument> entryArgs;
  std::vector<DictionaryAttr> resultAttrs;
  SmallVector<Type, 4> resultTypes;
  Builder builder = parser.getBuilder();

  // Visibility.
  std::string_view visibility;
  if (succeeded(parser.parseOptionalKeyword(&visibility, {"public", "private", "nested"})))
    result.addAttribute("sym_visibility", builder.getStringAttr(visibility));

  StringAttr nameAttr;
  if (parser.parseSymbolName(nameAttr, "sym_name", result.attributes))
    return failure();

  SMLoc signatureLocation = parser.getCurrentLocation();
  bool isVariadic = false;
  if (parseFunctionArgumentList(parser, allowVariadic, entryArgs, isVariadic))
    return failure();
  if (succeeded(parser.parseOptionalArrow()) && parseFunctionResultList(parser, resultTypes, resultAttrs))
    return failure();
  (void)signatureLocation;

  SmallVector<Type, 4> argTypes;
  argTypes.reserve(entryArgs.size());
  for (const auto &arg : entryArgs)
    argTypes.push_back(arg.type);
  result.addAttribute(typeAttrName, TypeAttr::get(builder.getFunctionType(argTypes, resultTypes)));

  NamedAttrList parsedAttributes;
  SMLoc attributeDictLocation = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDictWithKeyword(parsedAttributes))
    return failure();
  for (std::string_view disallowed : {std::string_view("sym_visibility"), std::string_view("sym_name"), typeAttrName})
    if (parsedAttributes.get(disallowed))
      return parser.emitError(attributeDictLocation, "'")
             << disallowed << "' is an inferred attribute and should not be specified in the explicit attribute "
                              "dictionary";
  for (const NamedAttribute &a : parsedAttributes)
    result.attributes.append(a);

  std::vector<DictionaryAttr> argAttrs;
  for (const auto &arg : entryArgs)
    argAttrs.push_back(arg.attrs);
  addArgAndResultAttrs(builder, result, argAttrs, resultAttrs, argAttrsName, resAttrsName);

  Region *body = result.addRegion();
  SMLoc loc = parser.getCurrentLocation();
  std::optional<ParseResult> parsed = parser.parseOptionalRegion(*body, entryArgs, /*enableNameShadowing=*/false);
  if (parsed.has_value()) {
    if (failed(*parsed))
      return failure();
    if (body->empty())
      return parser.emitError(loc, "expected non-empty function body");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

static void printFunctionResultList(OpAsmPrinter &p, ArrayRef<Type> types, ArrayAttr attrs) {
  raw_ostream &os = p.getStream();
  bool needsParens = types.size() > 1 || isa<FunctionType>(types[0]) ||
                     (attrs && !cast<DictionaryAttr>(attrs.getValue()[0]).empty());
  if (needsParens)
    os << '(';
  for (size_t i = 0; i < types.size(); ++i) {
    if (i)
      os << ", ";
    p.printType(types[i]);
    if (attrs)
      p.printOptionalAttrDict(cast<DictionaryAttr>(attrs.getValue()[i]).getValue());
  }
  if (needsParens)
    os << ')';
}

void function_interface_impl::printFunctionSignature(OpAsmPrinter &p, Operation *op, ArrayRef<Type> argTypes,
                                                     bool isVariadic, ArrayRef<Type> resultTypes,
                                                     std::string_view argAttrsName, std::string_view resAttrsName) {
  raw_ostream &os = p.getStream();
  Region &body = op->getRegion(0);
  bool isExternal = body.empty();
  auto argAttrs = dyn_cast_or_null<ArrayAttr>(op->getAttr(argAttrsName));
  os << '(';
  for (size_t i = 0; i < argTypes.size(); ++i) {
    if (i)
      os << ", ";
    if (!isExternal) {
      ArrayRef<NamedAttribute> attrs;
      if (argAttrs)
        attrs = cast<DictionaryAttr>(argAttrs.getValue()[i]).getValue();
      p.printRegionArgument(BlockArgument(body.front().getArgument(i)), attrs);
    } else {
      p.printType(argTypes[i]);
      if (argAttrs)
        p.printOptionalAttrDict(cast<DictionaryAttr>(argAttrs.getValue()[i]).getValue());
    }
  }
  if (isVariadic) {
    if (!argTypes.empty())
      os << ", ";
    os << "...";
  }
  os << ')';
  if (!resultTypes.empty()) {
    os << " -> ";
    printFunctionResultList(p, resultTypes, dyn_cast_or_null<ArrayAttr>(op->getAttr(resAttrsName)));
  }
}

void function_interface_impl::printFunctionOp(OpAsmPrinter &p, Operation *op, bool isVariadic,
                                              std::string_view typeAttrName, std::string_view argAttrsName,
                                              std::string_view resAttrsName) {
  raw_ostream &os = p.getStream();
  std::string_view funcName = cast<StringAttr>(op->getAttr("sym_name")).getValue();
  os << ' ';
  if (auto visibility = dyn_cast_or_null<StringAttr>(op->getAttr("sym_visibility")))
    os << visibility.getValue() << ' ';
  p.printSymbolName(funcName);

  auto fnType = cast<FunctionType>(cast<TypeAttr>(op->getAttr(typeAttrName)).getValue());
  printFunctionSignature(p, op, fnType.getInputs(), isVariadic, fnType.getResults(), argAttrsName, resAttrsName);

  std::vector<std::string_view> elided = {"sym_name", "sym_visibility", typeAttrName, argAttrsName, resAttrsName};
  if (!op->isRegistered()) {
    p.printOptionalAttrDictWithKeyword(op->getAttrs(), elided);
  } else {
    // The attributes as op->getAttrs() lists them (inherent and
    // discardable, by name), without uniquing a dictionary per function
    // (its name makes each one new).
    SmallVector<NamedAttribute, 8> attrs;
    ArrayRef<StringAttr> names = op->getName().getAttributeNames();
    MutableArrayRef<Attribute> slots = op->getPropertySlots();
    for (size_t i = 0; i < names.size(); ++i)
      if (slots[i])
        attrs.push_back(NamedAttribute(names[i], slots[i]));
    for (const NamedAttribute &a : op->getDiscardableAttrDictionary())
      attrs.push_back(a);
    // Stable insertion sort, as DictionaryAttr::get sorts (short lists).
    for (size_t i = 1; i < attrs.size(); ++i) {
      NamedAttribute a = attrs[i];
      size_t j = i;
      for (; j > 0 && a < attrs[j - 1]; --j)
        attrs[j] = attrs[j - 1];
      attrs[j] = a;
    }
    p.printOptionalAttrDictWithKeyword(attrs, elided);
  }
  Region &body = op->getRegion(0);
  if (!body.empty()) {
    os << ' ';
    p.printRegion(body, /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/true);
  }
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

/// The dialect owning a `dialect.name` attribute name, if loaded.
static Dialect *getNameDialect(MLIRContext *ctx, std::string_view name) {
  size_t dot = name.find('.');
  if (dot == std::string_view::npos)
    return nullptr;
  return ctx->getLoadedDialect(name.substr(0, dot));
}

LogicalResult function_interface_impl::verifyFunctionOp(Operation *op) {
  // The types through the op's interface (a dialect's own function type,
  // such as LLVM's, provides its argument and result types).
  auto iface = dyn_cast<FunctionOpInterface>(op);
  if (!iface || !iface.getFunctionType())
    return op->emitOpError("requires 'function_type' attribute of function type");
  if (iface.getImpl()->verifyType && failed(iface.getImpl()->verifyType(op)))
    return failure();
  ArrayRef<Type> argTypes = iface.getArgumentTypes(), resultTypes = iface.getResultTypes();
  MLIRContext *ctx = op->getContext();
  if (auto allArgAttrs = dyn_cast_or_null<ArrayAttr>(op->getAttr("arg_attrs"))) {
    unsigned numArgs = unsigned(argTypes.size());
    if (allArgAttrs.size() != numArgs)
      return op->emitOpError() << "expects argument attribute array to have the same number of elements as the "
                                  "number of function arguments, got "
                               << unsigned(allArgAttrs.size()) << ", but expected " << numArgs;
    for (unsigned i = 0; i != numArgs; ++i) {
      auto argAttrs = dyn_cast_or_null<DictionaryAttr>(allArgAttrs.getValue()[i]);
      if (!argAttrs)
        return op->emitOpError() << "expects argument attribute dictionary to be a DictionaryAttr, but got `"
                                 << allArgAttrs.getValue()[i] << "`";
      for (const NamedAttribute &attr : argAttrs) {
        if (attr.getNameStr().find('.') == std::string_view::npos)
          return op->emitOpError("arguments may only have dialect attributes");
        if (Dialect *dialect = getNameDialect(ctx, attr.getNameStr()))
          if (failed(dialect->verifyRegionArgAttribute(op, 0, i, attr)))
            return failure();
      }
    }
  }
  if (auto allResAttrs = dyn_cast_or_null<ArrayAttr>(op->getAttr("res_attrs"))) {
    unsigned numResults = unsigned(resultTypes.size());
    if (allResAttrs.size() != numResults)
      return op->emitOpError() << "expects result attribute array to have the same number of elements as the "
                                  "number of function results, got "
                               << unsigned(allResAttrs.size()) << ", but expected " << numResults;
    for (unsigned i = 0; i != numResults; ++i) {
      auto resAttrs = dyn_cast_or_null<DictionaryAttr>(allResAttrs.getValue()[i]);
      if (!resAttrs)
        return op->emitOpError() << "expects result attribute dictionary to be a DictionaryAttr, but got `"
                                 << allResAttrs.getValue()[i] << "`";
      for (const NamedAttribute &attr : resAttrs) {
        if (attr.getNameStr().find('.') == std::string_view::npos)
          return op->emitOpError("results may only have dialect attributes");
        if (Dialect *dialect = getNameDialect(ctx, attr.getNameStr()))
          if (failed(dialect->verifyRegionResultAttribute(op, 0, i, attr)))
            return failure();
      }
    }
  }
  if (op->getNumRegions() != 1)
    return op->emitOpError("expects one region");
  if (iface.getImpl()->verifyBody)
    return iface.getImpl()->verifyBody(op);
  Region &body = op->getRegion(0);
  if (body.empty())
    return success();
  ArrayRef<Type> inputs = argTypes;
  Block &entry = body.front();
  if (entry.getNumArguments() != inputs.size())
    return op->emitOpError("entry block must have ") << unsigned(inputs.size())
                                                     << " arguments to match function signature";
  for (unsigned i = 0; i < inputs.size(); ++i) {
    Type argType = entry.getArgument(i).getType();
    if (inputs[i] != argType)
      return op->emitOpError("type of entry block argument #")
             << i << '(' << argType << ") must match the type of the corresponding argument in "
             << "function signature(" << inputs[i] << ')';
  }
  return success();
}
