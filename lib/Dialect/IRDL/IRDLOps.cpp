//===- IRDLOps.cpp - What MLIR writes by hand for the irdl ops ------------===//
//
// The custom directives of the irdl assembly formats (SingleBlockRegion,
// NamedValueList[WithVariadicity], AttributesOp), the op verifiers (name
// rules of dialects, operations, types, attributes and their values), the
// symbol-use checks of irdl.base / irdl.parametric and the AtMostOneChildOf
// trait, with mlir-opt's messages.
//
#include "lamina/Dialect/IRDL/IRDLDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Support/RawOstream.h"

#include <string>

using namespace lamina;
using namespace lamina::irdl;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Operation *irdl::getChildOp(Operation *op, std::string_view name) {
  if (op->getNumRegions() == 0)
    return nullptr;
  for (Block &block : op->getRegion(0))
    for (Operation &child : block)
      if (child.getName().getStringRef() == name)
        return &child;
  return nullptr;
}

Operation *irdl::lookupSymbolNearDialect(Operation *source, SymbolRefAttr symbol) {
  Operation *dialectOp = source;
  while (dialectOp && !isa<DialectOp>(dialectOp))
    dialectOp = dialectOp->getParentOp();
  if (!dialectOp || !dialectOp->getParentOp())
    return nullptr;
  return SymbolTable::lookupNearestSymbolFrom(dialectOp->getParentOp(), symbol);
}

ods::Trait irdl::AtMostOneChildOf(std::initializer_list<std::string_view> childOps) {
  std::vector<std::string> names(childOps.begin(), childOps.end());
  return ods::CustomTrait("AtMostOneChildOf", [names](Operation *op) -> LogicalResult {
    std::vector<bool> seen(names.size(), false);
    for (Block &block : op->getRegion(0))
      for (Operation &child : block) {
        std::string_view name = child.getName().getStringRef();
        for (size_t i = 0; i < names.size(); ++i) {
          if (names[i] != name)
            continue;
          if (seen[i])
            return op->emitError() << "failed to verify AtMostOneChildOf trait: the operation "
                                      "contains at least two operations of type "
                                   << child.getName();
          seen[i] = true;
          break;
        }
      }
    return success();
  });
}

/// MLIR's Dialect::isValidNamespace: `[a-zA-Z_][a-zA-Z_0-9$]*`.
static bool isValidNamespace(std::string_view str) {
  if (str.empty() || !(std::isalpha((unsigned char)str[0]) || str[0] == '_'))
    return false;
  for (char c : str)
    if (!(std::isalnum((unsigned char)c) || c == '_' || c == '$'))
      return false;
  return true;
}

/// Names are lowercase letters, digits and single non-leading underscores.
static LogicalResult isValidName(std::string_view in, Operation *loc, std::string_view label) {
  if (in.empty())
    return loc->emitError() << "name of " << label << " is empty";
  bool allowUnderscore = false;
  for (char elem : in) {
    if (elem == '_') {
      if (!allowUnderscore)
        return loc->emitError() << "name of " << label << " should not contain leading or double underscores";
    } else {
      if (!std::isalnum((unsigned char)elem))
        return loc->emitError() << "name of " << label
                                << " must contain only lowercase letters, digits and underscores";
      if (std::isupper((unsigned char)elem))
        return loc->emitError() << "name of " << label << " should not contain uppercase letters";
    }
    allowUnderscore = elem != '_';
  }
  return success();
}

static std::string_view symNameOf(Operation *op) {
  if (auto name = dyn_cast_or_null<StringAttr>(op->getPropertySlots()[0]))
    return name.getValue();
  return {};
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult DialectOp::verify() {
  std::string_view name = symNameOf(state);
  if (!isValidNamespace(name))
    return state->emitOpError("invalid dialect name");
  return isValidName(name, state, "dialect");
}

LogicalResult OperationOp::verify() { return isValidName(symNameOf(state), state, "operation"); }

LogicalResult TypeOp::verify() {
  std::string_view name = symNameOf(state);
  if (!name.empty() && name.front() == '!')
    name.remove_prefix(1);
  return isValidName(name, state, "type");
}

LogicalResult AttributeOp::verify() {
  std::string_view name = symNameOf(state);
  if (!name.empty() && name.front() == '#')
    name.remove_prefix(1);
  return isValidName(name, state, "attribute");
}

LogicalResult OperationOp::verifyRegions() {
  // The names of each kind of value (operands, results, regions), in order.
  struct Kind {
    std::string_view kind;
    std::vector<std::string_view> names;
  };
  std::vector<Kind> kinds;
  for (Block &block : getBody())
    for (Operation &op : block) {
      std::string_view kind;
      if (isa<OperandsOp>(&op))
        kind = "operands";
      else if (isa<ResultsOp>(&op))
        kind = "results";
      else if (isa<RegionsOp>(&op))
        kind = "regions";
      else
        continue;
      Kind k{kind, {}};
      if (auto names = dyn_cast_or_null<ArrayAttr>(op.getPropertySlots()[0]))
        for (Attribute n : names)
          if (auto s = dyn_cast<StringAttr>(n))
            k.names.push_back(s.getValue());
      kinds.push_back(std::move(k));
    }
  for (size_t i = 0; i < kinds.size(); ++i)
    for (size_t j = i + 1; j < kinds.size(); ++j)
      for (std::string_view name : kinds[i].names)
        for (std::string_view other : kinds[j].names)
          if (name == other)
            return state->emitOpError() << "contains a value named '" << name << "' for both its " << kinds[i].kind
                                        << " and " << kinds[j].kind;
  return success();
}

static LogicalResult verifyNames(Operation *op, std::string_view kindName, ArrayAttr names, size_t numOperands) {
  size_t numNames = names ? names.size() : 0;
  if (numOperands != numNames)
    return op->emitOpError() << "the number of " << kindName << "s and their names must be the same, but got "
                             << numOperands << " and " << numNames << " respectively";
  for (size_t i = 0; i < numNames; ++i) {
    std::string_view name;
    if (auto s = dyn_cast<StringAttr>(names[i]))
      name = s.getValue();
    std::string label = std::string(kindName) + " #" + std::to_string(i);
    if (failed(isValidName(name, op, label)))
      return failure();
    for (size_t j = 0; j < i; ++j) {
      auto prev = dyn_cast<StringAttr>(names[j]);
      if (prev && prev.getValue() == name)
        return op->emitOpError() << "name of " << kindName << " #" << i << " is a duplicate of the name of "
                                 << kindName << " #" << j;
    }
  }
  return success();
}

LogicalResult ParametersOp::verify() {
  return verifyNames(state, "parameter", getNamesAttr(), state->getNumOperands());
}

LogicalResult RegionsOp::verify() { return verifyNames(state, "region", getNamesAttr(), state->getNumOperands()); }

static LogicalResult verifyOperandsResultsCommon(Operation *op, ArrayAttr names, VariadicityArrayAttr variadicity,
                                                 std::string_view kindName) {
  size_t numVariadicities = variadicity ? variadicity.getValue().size() : 0;
  size_t numOperands = op->getNumOperands();
  if (numOperands != numVariadicities)
    return op->emitOpError() << "the number of " << kindName
                             << "s and their variadicities must be the same, but got " << numOperands << " and "
                             << numVariadicities << " respectively";
  return verifyNames(op, kindName, names, numOperands);
}

LogicalResult OperandsOp::verify() {
  return verifyOperandsResultsCommon(state, getNamesAttr(), getVariadicityAttr(), "operand");
}

LogicalResult ResultsOp::verify() {
  return verifyOperandsResultsCommon(state, getNamesAttr(), getVariadicityAttr(), "result");
}

LogicalResult AttributesOp::verify() {
  ArrayAttr names = getAttributeValueNamesAttr();
  size_t namesSize = names ? names.size() : 0;
  size_t valuesSize = state->getNumOperands();
  if (namesSize != valuesSize)
    return state->emitOpError() << "the number of attribute names and their constraints must be the same but got "
                                << namesSize << " and " << valuesSize << " respectively";
  return success();
}

LogicalResult BaseOp::verify() {
  StringAttr baseName = getBaseNameAttr();
  SymbolRefAttr baseRef = getBaseRefAttr();
  if (bool(baseName) == bool(baseRef))
    return state->emitOpError() << "the base type or attribute should be specified by either a name or a reference";
  if (baseName && (baseName.getValue().empty() || (baseName.getValue()[0] != '!' && baseName.getValue()[0] != '#')))
    return state->emitOpError() << "the base type or attribute name should start with '!' or '#'";
  return success();
}

LogicalResult RegionOp::verify() {
  if (IntegerAttr numberOfBlocks = getNumberOfBlocksAttr())
    if (int64_t number = numberOfBlocks.getInt(); number <= 0)
      return state->emitOpError("the number of blocks is expected to be >= 1 but got ") << number;
  return success();
}

/// The symbol must name an irdl.type or irdl.attribute.
static LogicalResult checkSymbolIsTypeOrAttribute(Operation *source, SymbolRefAttr symbol) {
  Operation *targetOp = lookupSymbolNearDialect(source, symbol);
  if (!targetOp)
    return source->emitOpError() << "symbol '" << symbol << "' not found";
  if (!isa<TypeOp, AttributeOp>(targetOp))
    return source->emitOpError() << "symbol '" << symbol
                                 << "' does not refer to a type or attribute definition (refers to '"
                                 << targetOp->getName() << "')";
  return success();
}

LogicalResult BaseOp::verifySymbolUses(Operation *op, SymbolTableCollection &) {
  SymbolRefAttr baseRef = BaseOp(op).getBaseRefAttr();
  if (!baseRef)
    return success();
  return checkSymbolIsTypeOrAttribute(op, baseRef);
}

LogicalResult ParametricOp::verifySymbolUses(Operation *op, SymbolTableCollection &) {
  SymbolRefAttr baseRef = ParametricOp(op).getBaseTypeAttr();
  if (!baseRef)
    return success();
  return checkSymbolIsTypeOrAttribute(op, baseRef);
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// An optional region; an absent or empty one gets a single empty block.
static ParseResult parseSingleBlockRegion(OpAsmParser &p, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  std::vector<std::unique_ptr<Region>> &regions = *args[0]->regions;
  if (regions.empty())
    regions.push_back(std::make_unique<Region>());
  Region &region = *regions.front();
  std::optional<ParseResult> res = p.parseOptionalRegion(region);
  if (res.has_value() && failed(*res))
    return failure();
  if (region.empty())
    region.emplaceBlock();
  return success();
}

static void printSingleBlockRegion(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  Region &region = *args[0].regions.front();
  if (!region.empty() && !region.front().empty())
    p.printRegion(region);
}

ods::CustomDirective irdl::getSingleBlockRegionDirective() {
  return {"SingleBlockRegion", parseSingleBlockRegion, printSingleBlockRegion, nullptr};
}

/// `(name: %v, ...)`, with `single`/`optional`/`variadic` before each value
/// when `variadicity` is given.
static ParseResult parseNamedValueListImpl(OpAsmParser &p, SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
                                           Attribute &namesAttr, Attribute *variadicityAttr) {
  MLIRContext *ctx = p.getContext();
  SmallVector<Attribute> names;
  SmallVector<VariadicityAttr> variadicities;
  auto parseOne = [&]() -> ParseResult {
    std::string_view name;
    OpAsmParser::UnresolvedOperand operand;
    if (p.parseKeyword(&name) || p.parseColon())
      return failure();
    if (variadicityAttr) {
      Variadicity v = Variadicity::single;
      if (succeeded(p.parseOptionalKeyword("single")))
        v = Variadicity::single;
      else if (succeeded(p.parseOptionalKeyword("optional")))
        v = Variadicity::optional;
      else if (succeeded(p.parseOptionalKeyword("variadic")))
        v = Variadicity::variadic;
      if (p.parseOperand(operand))
        return failure();
      variadicities.push_back(VariadicityAttr::get(ctx, v));
    } else if (p.parseOperand(operand)) {
      return failure();
    }
    names.push_back(StringAttr::get(ctx, name));
    operands.push_back(operand);
    return success();
  };
  if (p.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren, parseOne))
    return failure();
  namesAttr = ArrayAttr::get(ctx, names);
  if (variadicityAttr)
    *variadicityAttr = VariadicityArrayAttr::get(ctx, variadicities);
  return success();
}

static ParseResult parseNamedValueList(OpAsmParser &p, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  return parseNamedValueListImpl(p, *args[0]->operands, *args[1]->attr, nullptr);
}

static ParseResult parseNamedValueListWithVariadicity(OpAsmParser &p, OperationState &,
                                                      ArrayRef<ods::CustomParseArg *> args) {
  return parseNamedValueListImpl(p, *args[0]->operands, *args[1]->attr, args[2]->attr);
}

static void printNamedValueListImpl(OpAsmPrinter &p, OperandRange operands, Attribute namesAttr,
                                    Attribute variadicityAttr) {
  auto names = dyn_cast_or_null<ArrayAttr>(namesAttr);
  auto variadicity = dyn_cast_or_null<VariadicityArrayAttr>(variadicityAttr);
  p << "(";
  for (size_t i = 0; i < operands.size(); ++i) {
    if (i)
      p << ", ";
    if (names && i < names.size())
      if (auto name = dyn_cast<StringAttr>(names[i]))
        p << name.getValue();
    p << ": ";
    if (variadicity && i < variadicity.getValue().size()) {
      Variadicity v = variadicity.getValue()[i].getValue();
      if (v == Variadicity::optional)
        p << "optional ";
      else if (v == Variadicity::variadic)
        p << "variadic ";
    }
    p << operands[i];
  }
  p << ")";
}

static void printNamedValueList(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  printNamedValueListImpl(p, args[0].operands, args[1].attr, Attribute());
}

static void printNamedValueListWithVariadicity(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  printNamedValueListImpl(p, args[0].operands, args[1].attr, args[2].attr);
}

ods::CustomDirective irdl::getNamedValueListDirective() {
  return {"NamedValueList", parseNamedValueList, printNamedValueList, nullptr};
}

ods::CustomDirective irdl::getNamedValueListWithVariadicityDirective() {
  return {"NamedValueListWithVariadicity", parseNamedValueListWithVariadicity, printNamedValueListWithVariadicity,
          nullptr};
}

/// `{"name" = %v, ...}` (nothing when there are no attributes).
static ParseResult parseAttributesOp(OpAsmParser &p, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands = *args[0]->operands;
  SmallVector<Attribute> names;
  if (succeeded(p.parseOptionalLBrace())) {
    auto parseOne = [&]() -> ParseResult {
      Attribute name;
      OpAsmParser::UnresolvedOperand operand;
      if (p.parseAttribute(name) || p.parseEqual() || p.parseOperand(operand))
        return failure();
      names.push_back(name);
      operands.push_back(operand);
      return success();
    };
    if (p.parseCommaSeparatedList(parseOne) || p.parseRBrace())
      return failure();
  }
  *args[1]->attr = ArrayAttr::get(p.getContext(), names);
  return success();
}

static void printAttributesOp(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto names = dyn_cast_or_null<ArrayAttr>(args[1].attr);
  if (!names || names.empty())
    return;
  p << "{";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i)
      p << ", ";
    p.printAttribute(names[i]);
    p << " = ";
    if (i < args[0].operands.size())
      p << args[0].operands[i];
  }
  p << '}';
}

ods::CustomDirective irdl::getAttributesOpDirective() {
  return {"AttributesOp", parseAttributesOp, printAttributesOp, nullptr};
}
