//===- TransformOps.cpp - What MLIR writes by hand for transform ops ------===//
//
// The hand-written members of the transform dialect's core ops (MLIR's
// TransformOps.cpp): verifiers, symbol-use checks, memory effects, region
// branching, the custom directives (SequenceOpOperands, ForeachMatchSymbols,
// ApplyRegisteredPassOptions, TransformMatchDims) and named_sequence's
// function syntax. Nothing here executes transforms.
//
#include "lamina/Dialect/Transform/TransformDialect.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/FunctionImplementation.h"
#include "lamina/Interfaces/FunctionInterfaces.h"

#include <algorithm>
#include <optional>

using namespace lamina;
using namespace lamina::transform;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Whether both types implement the same transform type interface.
static bool implementSameTransformInterface(Type t1, Type t2) {
  return (isa<TransformHandleTypeInterface>(t1) && isa<TransformHandleTypeInterface>(t2)) ||
         (isa<TransformParamTypeInterface>(t1) && isa<TransformParamTypeInterface>(t2)) ||
         (isa<TransformValueHandleTypeInterface>(t1) && isa<TransformValueHandleTypeInterface>(t2));
}

/// The attribute `name` of argument `i` of a function-like op, or null.
static Attribute getArgAttr(Operation *op, unsigned i, std::string_view name) {
  auto all = dyn_cast_or_null<ArrayAttr>(ods::getInherentAttr(op, "arg_attrs"));
  if (!all || i >= all.size())
    return Attribute();
  auto dict = dyn_cast_or_null<DictionaryAttr>(all[i]);
  return dict ? dict.get(name) : Attribute();
}

/// The nearest ancestor implementing TransformOpInterface, or null.
static Operation *getParentTransformOp(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isa<TransformOpInterface>(p))
      return p;
  return nullptr;
}

/// The positions of `block`'s arguments that the ops of the block consume.
static SmallVector<unsigned, 4> getConsumedBlockArguments(Block &block) {
  SmallVector<unsigned, 4> consumed;
  for (Operation &nested : block) {
    auto iface = dyn_cast<MemoryEffectOpInterface>(&nested);
    if (!iface)
      continue;
    SmallVector<MemoryEffects::EffectInstance, 8> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &e : effects) {
      auto arg = dyn_cast_or_null<BlockArgument>(e.getValue());
      if (!arg || arg.getOwner() != &block || !isa<MemoryEffects::Free>(e.getEffect()) ||
          !isa<TransformMappingResource>(e.getResource()))
        continue;
      if (std::find(consumed.begin(), consumed.end(), arg.getArgNumber()) == consumed.end())
        consumed.push_back(arg.getArgNumber());
    }
  }
  return consumed;
}

/// verifyFunctionLikeConsumeAnnotations: the `transform.consumed` /
/// `transform.readonly` annotations of a function-like transform op.
static LogicalResult verifyFunctionLikeConsumeAnnotations(Operation *op, bool emitWarnings,
                                                          bool alsoVerifyInternal = false) {
  auto fn = cast<FunctionOpInterface>(op);
  SmallVector<unsigned, 4> consumed;
  if (!fn.isExternal())
    consumed = getConsumedBlockArguments(fn.getFunctionBody().front());
  for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i) {
    bool isConsumed = bool(getArgAttr(op, i, TransformDialect::kArgConsumedAttrName));
    bool isReadOnly = bool(getArgAttr(op, i, TransformDialect::kArgReadOnlyAttrName));
    if (isConsumed && isReadOnly)
      return lamina::emitError(op->getLoc()) << "argument #" << i << " cannot be both readonly and consumed";
    if ((fn.isExternal() || alsoVerifyInternal) && !isConsumed && !isReadOnly)
      return lamina::emitError(op->getLoc()) << "must provide consumed/readonly status for arguments of "
                                "external or called ops";
    if (fn.isExternal())
      continue;
    bool consumedInBody = std::find(consumed.begin(), consumed.end(), i) != consumed.end();
    if (consumedInBody && !isConsumed && isReadOnly)
      return lamina::emitError(op->getLoc()) << "argument #" << i << " is consumed in the body but is not marked as such";
    if (emitWarnings && !consumedInBody && isConsumed)
      emitWarning(op->getLoc()) << "op argument #" << i << " is not consumed in the body but is marked as consumed";
  }
  return success();
}

/// verifyNamedSequenceOp (MLIR reports its failures as silenceable errors,
/// which verification reports as errors).
static LogicalResult verifyNamedSequence(Operation *op, bool emitWarnings) {
  for (Operation *parent = op->getParentOp(); parent; parent = parent->getParentOp()) {
    if (!parent->hasTrait<OpTrait::SymbolTable>())
      continue;
    if (!parent->getAttr(TransformDialect::kWithNamedSequenceAttrName)) {
      InFlightDiagnostic diag = lamina::emitError(op->getLoc()) << "expects the parent symbol table to have the '"
                                                << TransformDialect::kWithNamedSequenceAttrName << "' attribute";
      diag.attachNote(parent->getLoc()) << "symbol table operation";
      return diag;
    }
    break;
  }
  if (Operation *parent = getParentTransformOp(op)) {
    InFlightDiagnostic diag = lamina::emitError(op->getLoc()) << "cannot be defined inside another transform op";
    diag.attachNote(parent->getLoc()) << "ancestor transform op";
    return diag;
  }
  Region &body = op->getRegion(0);
  if (body.empty())
    return verifyFunctionLikeConsumeAnnotations(op, emitWarnings);
  if (body.front().empty())
    return lamina::emitError(op->getLoc()) << "expected a non-empty body block";
  Operation *terminator = &body.front().back();
  if (!isa<YieldOp>(terminator)) {
    InFlightDiagnostic diag = lamina::emitError(op->getLoc()) << "expected '" << YieldOp::getOperationName() << "' as terminator";
    diag.attachNote(terminator->getLoc()) << "terminator";
    return diag;
  }
  ArrayRef<Type> resultTypes = cast<FunctionOpInterface>(op).getResultTypes();
  if (terminator->getNumOperands() != resultTypes.size())
    return lamina::emitError(terminator->getLoc()) << "expected terminator to have as many operands as the parent op has results";
  for (unsigned i = 0, e = terminator->getNumOperands(); i < e; ++i) {
    Type operandType = terminator->getOperand(i).getType();
    if (operandType == resultTypes[i])
      continue;
    return lamina::emitError(terminator->getLoc()) << "the type of the terminator operand #" << i
                                   << " must match the type of the corresponding parent op result ("
                                   << operandType << " vs " << resultTypes[i] << ")";
  }
  return verifyFunctionLikeConsumeAnnotations(op, emitWarnings);
}

/// checkDoubleConsume: at most one use of `value` may consume it.
static LogicalResult checkDoubleConsume(Value value, function_ref<InFlightDiagnostic()> reportError) {
  OpOperand *potentialConsumer = nullptr;
  for (OpOperand &use : value.getUses()) {
    Operation *owner = use.getOwner();
    if (isa<TransformOpInterface>(owner) && !isHandleConsumed(use.get(), owner))
      continue;
    if (!potentialConsumer) {
      potentialConsumer = &use;
      continue;
    }
    InFlightDiagnostic diag = reportError() << " has more than one potential consumer";
    diag.attachNote(potentialConsumer->getOwner()->getLoc())
        << "used here as operand #" << potentialConsumer->getOperandNumber();
    diag.attachNote(owner->getLoc()) << "used here as operand #" << use.getOperandNumber();
    return diag;
  }
  return success();
}

/// The operand range of `op` that holds no operand (at its end).
static OperandRange noOperands(Operation *op) { return op->getOperands().drop_front(op->getNumOperands()); }

//===----------------------------------------------------------------------===//
// AlternativesOp
//===----------------------------------------------------------------------===//

OperandRange AlternativesOp::getEntrySuccessorOperands(RegionSuccessor successor) {
  if (!successor.isParent() && state->getNumOperands() == 1)
    return state->getOperands();
  return noOperands(state);
}

void AlternativesOp::getSuccessorRegions(RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  unsigned first = point.isParent() ? 0 : point.getRegionOrNull()->getRegionNumber() + 1;
  for (unsigned i = first, e = state->getNumRegions(); i < e; ++i) {
    Region &alternative = state->getRegion(i);
    if (state->getNumOperands() != 0 && !alternative.empty())
      regions.emplace_back(&alternative, ValueRange(alternative.front().getArguments()));
    else
      regions.emplace_back(&alternative);
  }
  if (!point.isParent())
    regions.push_back(RegionSuccessor::parent(state));
}

void AlternativesOp::getRegionInvocationBounds(ArrayRef<Attribute>, SmallVectorImpl<InvocationBounds> &bounds) {
  bounds.emplace_back(1, 1);
  while (bounds.size() < state->getNumRegions())
    bounds.emplace_back(0, 1);
}

void AlternativesOp::getEffects(EffectList &effects) {
  consumesOperands(state, effects);
  producesResults(state, effects);
  for (unsigned i = 0, e = state->getNumRegions(); i < e; ++i)
    producesBlockArgHandles(state->getRegion(i), effects);
  modifiesPayload(effects);
}

LogicalResult AlternativesOp::verify() {
  for (unsigned i = 0, e = state->getNumRegions(); i < e; ++i) {
    Region &alternative = state->getRegion(i);
    if (alternative.empty() || alternative.front().empty())
      continue;
    Operation *terminator = &alternative.front().back();
    bool same = terminator->getNumOperands() == state->getNumResults();
    for (unsigned j = 0; same && j < terminator->getNumOperands(); ++j)
      same = terminator->getOperand(j).getType() == state->getResult(j).getType();
    if (!same) {
      InFlightDiagnostic diag = emitOpError() << "expects terminator operands to have the "
                                                 "same type as results of the operation";
      diag.attachNote(terminator->getLoc()) << "terminator";
      return diag;
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Simple effects
//===----------------------------------------------------------------------===//

void AnnotateOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  modifiesPayload(effects);
}

void ApplyCommonSubexpressionEliminationOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  modifiesPayload(effects);
}

void ApplyDeadCodeEliminationOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  modifiesPayload(effects);
}

void ApplyLoopInvariantCodeMotionOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  modifiesPayload(effects);
}

void ApplyPatternsOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  modifiesPayload(effects);
}

void ApplyConversionPatternsOp::getEffects(EffectList &effects) {
  if (!state->getAttr("preserve_handles"))
    consumesOperands(state, effects);
  else
    onlyReadsOperands(state, effects);
  modifiesPayload(effects);
}

void ApplyRegisteredPassOp::getEffects(EffectList &effects) {
  consumesOperandGroup(state, 0, effects);
  onlyReadsOperandGroup(state, 1, effects);
  producesResults(state, effects);
  modifiesPayload(effects);
}

void CastOp::getEffects(EffectList &effects) {
  onlyReadsPayload(effects);
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
}

bool CastOp::areCastCompatible(TypeRange inputs, TypeRange outputs) {
  return inputs.size() == 1 && outputs.size() == 1 && isa<TransformHandleTypeInterface>(inputs.front()) &&
         isa<TransformHandleTypeInterface>(outputs.front());
}

void CollectMatchingOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
  onlyReadsPayload(effects);
}

void GetTypeOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
  onlyReadsPayload(effects);
}

void MatchParamCmpIOp::getEffects(EffectList &effects) { onlyReadsOperands(state, effects); }

void MergeHandlesOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
}

void NamedSequenceOp::getEffects(EffectList &) {}

void PrintOp::getEffects(EffectList &effects) {
  if (state->getNumOperands())
    onlyReadsHandle(state, 0, 1, effects);
  onlyReadsPayload(effects);
  effects.emplace_back(MemoryEffects::Write::get());
}

void ReplicateOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
}

void SplitHandleOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
}

void VerifyOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  onlyReadsPayload(effects);
}

void YieldOp::getEffects(EffectList &effects) { onlyReadsOperands(state, effects); }

//===----------------------------------------------------------------------===//
// ApplyPatternsOp / ApplyConversionPatternsOp / ApplyToLLVMConversionPatternsOp
//===----------------------------------------------------------------------===//

LogicalResult ApplyPatternsOp::verify() {
  Region &region = state->getRegion(0);
  if (region.empty())
    return success();
  for (Operation &op : region.front()) {
    if (isa<PatternDescriptorOpInterface>(&op))
      continue;
    InFlightDiagnostic diag = emitOpError() << "expected children ops to implement PatternDescriptorOpInterface";
    diag.attachNote(op.getLoc()) << "op without interface";
    return diag;
  }
  return success();
}

LogicalResult ApplyConversionPatternsOp::verify() {
  if (state->getNumRegions() != 1 && state->getNumRegions() != 2)
    return emitOpError() << "expected 1 or 2 regions";
  Region &patterns = state->getRegion(0);
  if (!patterns.empty()) {
    for (Operation &op : patterns.front()) {
      if (isa<ConversionPatternDescriptorOpInterface>(&op))
        continue;
      InFlightDiagnostic diag = emitOpError() << "expected pattern children ops to implement "
                                                 "ConversionPatternDescriptorOpInterface";
      diag.attachNote(op.getLoc()) << "op without interface";
      return diag;
    }
  }
  if (state->getNumRegions() == 2) {
    Region &converter = state->getRegion(1);
    if (converter.empty() || converter.front().empty() ||
        std::next(converter.front().begin()) != converter.front().end())
      return emitOpError() << "expected exactly one op in default type converter region";
    Operation *maybeConverter = &converter.front().front();
    if (!isa<TypeConverterBuilderOpInterface>(maybeConverter)) {
      InFlightDiagnostic diag = emitOpError() << "expected default converter child op to "
                                                 "implement TypeConverterBuilderOpInterface";
      diag.attachNote(maybeConverter->getLoc()) << "op without interface";
      return diag;
    }
  }
  return success();
}

LogicalResult ApplyToLLVMConversionPatternsOp::verify() {
  auto name = dyn_cast_or_null<StringAttr>(state->getAttr("dialect_name"));
  if (!name)
    return success();
  // MLIR loads the dialects the transform extensions generate when it
  // loads the transform dialect; Lamina loads a registered dialect on
  // demand.
  if (!getContext()->getOrLoadDialect(name.getValue()))
    return emitOpError("unknown dialect or dialect not loaded: ") << name.getValue();
  return success();
}

//===----------------------------------------------------------------------===//
// ApplyRegisteredPassOp
//===----------------------------------------------------------------------===//

/// One option value: an attribute, an operand (stored as a
/// #transform.param_operand<index = N>) or a list of them.
static ParseResult parsePassOptionValue(OpAsmParser &parser, Attribute &valueAttr,
                                        SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamicOptions) {
  // Lists nest: an explicit worklist of the arrays being built.
  struct Frame {
    SmallVector<Attribute> attrs;
  };
  std::vector<Frame> stack;
  while (true) {
    if (succeeded(parser.parseOptionalLSquare())) {
      stack.emplace_back();
      continue;
    }
    Attribute value;
    std::optional<ParseResult> parsed = parser.parseOptionalAttribute(value);
    if (!parsed) {
      OpAsmParser::UnresolvedOperand operand;
      if (parser.parseOperand(operand))
        return failure();
      dynamicOptions.push_back(operand);
      Builder b(parser.getContext());
      value = ParamOperandAttr::get(parser.getContext(),
                                    b.getIntegerAttr(b.getIntegerType(64), int64_t(dynamicOptions.size() - 1)));
    } else if (failed(*parsed)) {
      return failure();
    } else if (isa<ParamOperandAttr>(value)) {
      return parser.emitError(parser.getCurrentLocation())
             << "the param_operand attribute is a marker reserved for "
             << "indicating a value will be passed via params and is only used "
             << "in the generic print format";
    }
    // Close the arrays this value ends.
    while (true) {
      if (stack.empty()) {
        valueAttr = value;
        return success();
      }
      stack.back().attrs.push_back(value);
      if (succeeded(parser.parseOptionalComma()))
        break;
      if (parser.parseRSquare())
        return failure();
      value = ArrayAttr::get(parser.getContext(), stack.back().attrs);
      stack.pop_back();
    }
  }
}

static ParseResult parseApplyRegisteredPassOptions(OpAsmParser &parser, OperationState &,
                                                   ArrayRef<ods::CustomParseArg *> args) {
  SmallVector<NamedAttribute> pairs;
  auto parsePair = [&]() -> ParseResult {
    std::string key;
    if (failed(parser.parseOptionalKeywordOrString(&key)) || key.empty())
      return parser.emitError(parser.getCurrentLocation()) << "expected key to either be an identifier or a string";
    if (failed(parser.parseEqual()))
      return parser.emitError(parser.getCurrentLocation()) << "expected '=' after key in key-value pair";
    Attribute value;
    if (failed(parsePassOptionValue(parser, value, *args[1]->operands)))
      return parser.emitError(parser.getCurrentLocation())
             << "expected a valid attribute or operand as value associated "
             << "to key '" << key << "'";
    pairs.push_back(NamedAttribute(StringAttr::get(parser.getContext(), key), value));
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, parsePair, " in options dictionary"))
    return failure();
  std::stable_sort(pairs.begin(), pairs.end(), [](const NamedAttribute &a, const NamedAttribute &b) {
    return a.getName().getValue() < b.getName().getValue();
  });
  for (size_t i = 1; i < pairs.size(); ++i)
    if (pairs[i].getName() == pairs[i - 1].getName())
      return parser.emitError(parser.getCurrentLocation()) << "duplicate keys found in options dictionary";
  *args[0]->attr = DictionaryAttr::get(parser.getContext(), pairs);
  return success();
}

static void printApplyRegisteredPassOptions(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto options = dyn_cast_or_null<DictionaryAttr>(args[0].attr);
  if (!options || options.empty())
    return;
  OperandRange dynamicOptions = args[1].operands;
  // Arrays nest: print with an explicit worklist of (array, next index).
  auto printValue = [&](Attribute root) {
    std::vector<std::pair<ArrayAttr, unsigned>> stack;
    Attribute value = root;
    while (true) {
      if (auto array = dyn_cast<ArrayAttr>(value)) {
        p << "[";
        stack.push_back({array, 0});
      } else if (auto param = dyn_cast<ParamOperandAttr>(value)) {
        int64_t index = param.getIndex().getInt();
        if (index >= 0 && index < int64_t(dynamicOptions.size()))
          p.printOperand(dynamicOptions[index]);
        else
          p.printAttribute(value);
      } else {
        p.printAttribute(value);
      }
      // The next element to print, closing finished arrays.
      value = Attribute();
      while (!stack.empty()) {
        auto &[array, next] = stack.back();
        if (next < array.size()) {
          if (next)
            p << ", ";
          value = array[next++];
          break;
        }
        p << "]";
        stack.pop_back();
      }
      if (!value)
        return;
    }
  };
  p << "{";
  bool first = true;
  for (NamedAttribute attr : options) {
    if (!first)
      p << ", ";
    first = false;
    p.printKeywordOrString(attr.getName().getValue());
    p << " = ";
    printValue(attr.getValue());
  }
  p << "}";
}

ods::CustomDirective transform::getApplyRegisteredPassOptionsDirective() {
  return {"ApplyRegisteredPassOptions", parseApplyRegisteredPassOptions, printApplyRegisteredPassOptions, nullptr};
}

LogicalResult ApplyRegisteredPassOp::verify() {
  auto options = dyn_cast_or_null<DictionaryAttr>(state->getAttr("options"));
  OperandRange dyn = ods::getODSOperands(state, 1);
  SmallVector<bool, 4> used(dyn.size(), false);
  if (options) {
    SmallVector<Attribute, 8> worklist;
    for (NamedAttribute attr : options)
      worklist.push_back(attr.getValue());
    std::reverse(worklist.begin(), worklist.end());
    while (!worklist.empty()) {
      Attribute value = worklist.back();
      worklist.pop_back();
      if (auto param = dyn_cast<ParamOperandAttr>(value)) {
        int64_t index = param.getIndex().getInt();
        if (index < 0 || index >= int64_t(dyn.size()))
          return emitOpError() << "dynamic option index " << index
                               << " is out of bounds for the number of dynamic options: " << dyn.size();
        if (used[index])
          return emitOpError() << "dynamic option index " << index << " is already used in options";
        used[index] = true;
      } else if (auto array = dyn_cast<ArrayAttr>(value)) {
        for (size_t i = array.size(); i-- > 0;)
          worklist.push_back(array[i]);
      }
    }
  }
  for (bool u : used)
    if (!u)
      return emitOpError() << "a param operand does not have a corresponding "
                           << "param_operand attr in the options dict";
  return success();
}

//===----------------------------------------------------------------------===//
// CollectMatchingOp / ForeachMatchOp
//===----------------------------------------------------------------------===//

LogicalResult CollectMatchingOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  auto matcherRef = dyn_cast_or_null<SymbolRefAttr>(op->getAttr("matcher"));
  Operation *matcher = matcherRef ? symbolTable.lookupNearestSymbolFrom(op, matcherRef) : nullptr;
  auto fn = dyn_cast_or_null<FunctionOpInterface>(matcher);
  if (!fn || !isa<TransformOpInterface>(matcher))
    return op->emitError() << "unresolved matcher symbol " << Attribute(matcherRef);
  ArrayRef<Type> argumentTypes = fn.getArgumentTypes();
  if (argumentTypes.size() != 1 || !isa<TransformHandleTypeInterface>(argumentTypes[0]))
    return op->emitError() << "expected the matcher to take one operation handle argument";
  if (!getArgAttr(matcher, 0, TransformDialect::kArgReadOnlyAttrName))
    return op->emitError() << "expected the matcher argument to be marked readonly";
  ArrayRef<Type> resultTypes = fn.getResultTypes();
  if (resultTypes.size() != op->getNumResults())
    return op->emitError() << "expected the matcher to yield as many values as op has results ("
                           << op->getNumResults() << "), got " << resultTypes.size();
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
    if (!implementSameTransformInterface(resultTypes[i], op->getResult(i).getType()))
      return op->emitError() << "mismatching type interfaces for matcher result and op result #" << i;
  return success();
}

void ForeachMatchOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setNameFn(getUpdated(), "updated_root");
  for (Value v : getForwardedOutputs())
    setNameFn(v, "yielded");
}

void ForeachMatchOp::getEffects(EffectList &effects) {
  if (state->getNumOperands() < 1 || state->getNumResults() < 1)
    return modifiesPayload(effects);
  consumesOperandGroup(state, 0, effects);
  onlyReadsOperandGroup(state, 1, effects);
  producesResults(state, effects);
  modifiesPayload(effects);
}

static ParseResult parseForeachMatchSymbols(OpAsmParser &parser, OperationState &,
                                            ArrayRef<ods::CustomParseArg *> args) {
  SmallVector<Attribute> matchers, actions;
  do {
    StringAttr matcher, action;
    if (parser.parseSymbolName(matcher) || parser.parseArrow() || parser.parseSymbolName(action))
      return failure();
    matchers.push_back(SymbolRefAttr::get(matcher));
    actions.push_back(SymbolRefAttr::get(action));
  } while (succeeded(parser.parseOptionalComma()));
  *args[0]->attr = ArrayAttr::get(parser.getContext(), matchers);
  *args[1]->attr = ArrayAttr::get(parser.getContext(), actions);
  return success();
}

static void printForeachMatchSymbols(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto matchers = dyn_cast_or_null<ArrayAttr>(args[0].attr);
  auto actions = dyn_cast_or_null<ArrayAttr>(args[1].attr);
  if (!matchers || !actions)
    return;
  p.increaseIndent();
  p.increaseIndent();
  size_t n = std::min(matchers.size(), actions.size());
  for (size_t i = 0; i < n; ++i) {
    p.printNewline();
    p << matchers[i] << " -> " << actions[i];
    if (i != matchers.size() - 1)
      p << ", ";
  }
  p.decreaseIndent();
  p.decreaseIndent();
}

ods::CustomDirective transform::getForeachMatchSymbolsDirective() {
  return {"ForeachMatchSymbols", parseForeachMatchSymbols, printForeachMatchSymbols, nullptr};
}

LogicalResult ForeachMatchOp::verify() {
  auto matchers = dyn_cast_or_null<ArrayAttr>(state->getAttr("matchers"));
  auto actions = dyn_cast_or_null<ArrayAttr>(state->getAttr("actions"));
  if (!matchers || !actions)
    return success();
  if (matchers.size() != actions.size())
    return emitOpError() << "expected the same number of matchers and actions";
  if (matchers.empty())
    return emitOpError() << "expected at least one match/action pair";
  for (size_t i = 0; i < matchers.size(); ++i) {
    bool repeated = false;
    for (size_t j = 0; j < i && !repeated; ++j)
      repeated = matchers[j] == matchers[i];
    if (repeated)
      state->emitWarning() << "matcher " << matchers[i] << " is used more than once, only the first match will apply";
  }
  return success();
}

LogicalResult ForeachMatchOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  auto matchers = dyn_cast_or_null<ArrayAttr>(op->getAttr("matchers"));
  auto actions = dyn_cast_or_null<ArrayAttr>(op->getAttr("actions"));
  if (!matchers || !actions)
    return success();
  for (size_t k = 0, e = std::min(matchers.size(), actions.size()); k < e; ++k) {
    Attribute matcher = matchers[k], action = actions[k];
    auto matcherRef = dyn_cast<SymbolRefAttr>(matcher);
    auto actionRef = dyn_cast<SymbolRefAttr>(action);
    Operation *matcherOp = matcherRef ? symbolTable.lookupNearestSymbolFrom(op, matcherRef) : nullptr;
    Operation *actionOp = actionRef ? symbolTable.lookupNearestSymbolFrom(op, actionRef) : nullptr;
    auto matcherFn = dyn_cast_or_null<FunctionOpInterface>(matcherOp);
    auto actionFn = dyn_cast_or_null<FunctionOpInterface>(actionOp);
    if (!matcherFn || !isa<TransformOpInterface>(matcherOp))
      return op->emitError() << "unresolved matcher symbol " << matcher;
    if (!actionFn || !isa<TransformOpInterface>(actionOp))
      return op->emitError() << "unresolved action symbol " << action;
    if (failed(verifyFunctionLikeConsumeAnnotations(matcherOp, false, true)) ||
        failed(verifyFunctionLikeConsumeAnnotations(actionOp, false, true)))
      return failure();

    // Input -> matcher forwarding.
    ArrayRef<Type> matcherArguments = matcherFn.getArgumentTypes();
    if (op->getNumOperands() != matcherArguments.size()) {
      InFlightDiagnostic diag = op->emitError()
                                << "the number of operands (" << op->getNumOperands()
                                << ") doesn't match the number of matcher arguments (" << matcherArguments.size()
                                << ") for " << matcher;
      diag.attachNote(matcherOp->getLoc()) << "symbol declaration";
      return diag;
    }
    for (unsigned i = 0, n = op->getNumOperands(); i < n; ++i) {
      if (getArgAttr(matcherOp, i, TransformDialect::kArgConsumedAttrName)) {
        InFlightDiagnostic diag = op->emitOpError() << "does not expect matcher symbol to consume its operand #" << i;
        diag.attachNote(matcherOp->getLoc()) << "symbol declaration";
        return diag;
      }
      if (implementSameTransformInterface(op->getOperand(i).getType(), matcherArguments[i]))
        continue;
      InFlightDiagnostic diag = op->emitError() << "mismatching type interfaces for operand and matcher argument #"
                                                << i << " of matcher " << matcher;
      diag.attachNote(matcherOp->getLoc()) << "symbol declaration";
      return diag;
    }

    // Matcher -> action forwarding.
    ArrayRef<Type> matcherResults = matcherFn.getResultTypes();
    ArrayRef<Type> actionArguments = actionFn.getArgumentTypes();
    if (matcherResults.size() != actionArguments.size())
      return op->emitError() << "mismatching number of matcher results and action arguments between " << matcher
                             << " (" << matcherResults.size() << ") and " << action << " ("
                             << actionArguments.size() << ")";
    for (unsigned i = 0; i < matcherResults.size(); ++i)
      if (!implementSameTransformInterface(matcherResults[i], actionArguments[i]))
        return op->emitError() << "mismatching type interfaces for matcher result and action argument #" << i
                               << "of matcher " << matcher << " and action " << action;

    // Action -> result forwarding.
    ArrayRef<Type> actionResults = actionFn.getResultTypes();
    unsigned numExtra = op->getNumResults() ? op->getNumResults() - 1 : 0;
    if (actionResults.size() != numExtra) {
      InFlightDiagnostic diag = op->emitError()
                                << "the number of action results (" << actionResults.size() << ") for " << action
                                << " doesn't match the number of extra op results (" << numExtra << ")";
      diag.attachNote(actionOp->getLoc()) << "symbol declaration";
      return diag;
    }
    for (unsigned i = 0; i < numExtra; ++i) {
      if (implementSameTransformInterface(op->getResult(i + 1).getType(), actionResults[i]))
        continue;
      InFlightDiagnostic diag = op->emitError() << "mismatching type interfaces for action result #" << i
                                                << " of action " << action << " and op result";
      diag.attachNote(actionOp->getLoc()) << "symbol declaration";
      return diag;
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ForeachOp
//===----------------------------------------------------------------------===//

void ForeachOp::getEffects(EffectList &effects) {
  Region &body = state->getRegion(0);
  if (body.empty()) {
    onlyReadsOperands(state, effects);
    producesResults(state, effects);
    return;
  }
  Block &block = body.front();
  auto bodyOps = [&](auto pred) {
    for (Operation &op : block) {
      if (&op == &block.back() && op.hasTrait<OpTrait::IsTerminator>())
        break;
      if (pred(&op))
        return true;
    }
    return false;
  };
  unsigned n = std::min<unsigned>(state->getNumOperands(), block.getNumArguments());
  for (unsigned i = 0; i < n; ++i) {
    Value arg = block.getArgument(i);
    if (bodyOps([&](Operation *op) { return isHandleConsumed(arg, op); }))
      consumesHandle(state, i, 1, effects);
    else
      onlyReadsHandle(state, i, 1, effects);
  }
  auto hasPayloadEffect = [](Operation *op, bool write) {
    auto iface = dyn_cast<MemoryEffectOpInterface>(op);
    if (!iface)
      return false;
    SmallVector<MemoryEffects::EffectInstance, 8> nested;
    iface.getEffects(nested);
    for (const MemoryEffects::EffectInstance &e : nested)
      if (isa<PayloadIRResource>(e.getResource()) &&
          (write ? isa<MemoryEffects::Write>(e.getEffect()) : isa<MemoryEffects::Read>(e.getEffect())))
        return true;
    return false;
  };
  if (bodyOps([&](Operation *op) { return hasPayloadEffect(op, true); }))
    modifiesPayload(effects);
  else if (bodyOps([&](Operation *op) { return hasPayloadEffect(op, false); }))
    onlyReadsPayload(effects);
  producesResults(state, effects);
}

void ForeachOp::getSuccessorRegions(RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  Region *body = &state->getRegion(0);
  ValueRange args = body->empty() ? ValueRange() : ValueRange(body->front().getArguments());
  regions.emplace_back(body, args);
  if (!point.isParent())
    regions.push_back(RegionSuccessor::parent(state));
}

OperandRange ForeachOp::getEntrySuccessorOperands(RegionSuccessor) { return state->getOperands(); }

LogicalResult ForeachOp::verify() {
  Region &body = state->getRegion(0);
  if (body.empty())
    return success();
  Block &block = body.front();
  OperandRange targets = state->getOperands();
  size_t n = std::max<size_t>(targets.size(), block.getNumArguments());
  for (size_t i = 0; i < n; ++i) {
    if (i >= targets.size() || i >= block.getNumArguments())
      return emitOpError() << "expects the same number of targets as the body has block arguments";
    if (targets[i].getType() != block.getArgument(i).getType())
      return emitOpError("expects co-indexed targets and the body's "
                         "block arguments to have the same op/value/param type");
  }
  if (block.empty())
    return success();
  Operation *yield = &block.back();
  size_t m = std::max<size_t>(state->getNumResults(), yield->getNumOperands());
  for (size_t i = 0; i < m; ++i) {
    if (i >= state->getNumResults() || i >= yield->getNumOperands())
      return emitOpError() << "expects the same number of results as the yield terminator has operands";
    if (state->getResult(i).getType() != yield->getOperand(i).getType())
      return emitOpError("expects co-indexed results and yield operands to have the same op/value/param type");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// GetOperandOp / GetResultOp (TransformMatchDims)
//===----------------------------------------------------------------------===//

static ParseResult parseTransformMatchDims(OpAsmParser &parser, OperationState &,
                                           ArrayRef<ods::CustomParseArg *> args) {
  Builder b(parser.getContext());
  if (succeeded(parser.parseOptionalKeyword("all"))) {
    *args[0]->attr = b.getDenseI64ArrayAttr({});
    *args[2]->attr = b.getUnitAttr();
    return success();
  }
  bool inverted = succeeded(parser.parseOptionalKeyword("except"));
  if (inverted) {
    *args[1]->attr = b.getUnitAttr();
    if (parser.parseLParen())
      return failure();
  }
  SmallVector<int64_t> values;
  if (parser.parseCommaSeparatedList([&]() { return parser.parseInteger(values.emplace_back()); }))
    return failure();
  *args[0]->attr = b.getDenseI64ArrayAttr(values);
  if (inverted && parser.parseRParen())
    return failure();
  return success();
}

static void printTransformMatchDims(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (args[2].attr) {
    p << "all";
    return;
  }
  bool inverted = bool(args[1].attr);
  if (inverted)
    p << "except(";
  if (auto list = dyn_cast_or_null<DenseI64ArrayAttr>(args[0].attr)) {
    bool first = true;
    for (int64_t v : list.asArrayRef()) {
      if (!first)
        p << ", ";
      first = false;
      p << v;
    }
  }
  if (inverted)
    p << ")";
}

ods::CustomDirective transform::getTransformMatchDimsDirective() {
  return {"TransformMatchDims", parseTransformMatchDims, printTransformMatchDims, nullptr};
}

LogicalResult transform::verifyTransformMatchDimsOp(Operation *op, ArrayRef<int64_t> raw, bool inverted, bool all) {
  if (all) {
    if (inverted)
      return op->emitOpError() << "cannot request both 'all' and 'inverted' values in the list";
    if (!raw.empty())
      return op->emitOpError() << "cannot both request 'all' and specific values in the list";
  }
  if (!all && raw.empty())
    return op->emitOpError() << "must request specific values in the list if 'all' is not specified";
  for (size_t i = 1; i < raw.size(); ++i)
    if (raw[i] == raw[i - 1])
      return op->emitOpError() << "expected the listed values to be unique";
  return success();
}

/// The raw position list, is_inverted and is_all of a TransformMatchDims op.
static LogicalResult verifyMatchDims(Operation *op) {
  auto raw = dyn_cast_or_null<DenseI64ArrayAttr>(op->getAttr("raw_position_list"));
  return verifyTransformMatchDimsOp(op, raw ? raw.asArrayRef() : ArrayRef<int64_t>(),
                                    bool(op->getAttr("is_inverted")), bool(op->getAttr("is_all")));
}

LogicalResult GetOperandOp::verify() { return verifyMatchDims(state); }
LogicalResult GetResultOp::verify() { return verifyMatchDims(state); }

//===----------------------------------------------------------------------===//
// IncludeOp
//===----------------------------------------------------------------------===//

void IncludeOp::getEffects(EffectList &effects) {
  modifiesPayload(effects);
  producesResults(state, effects);
  auto defaultEffects = [&] { onlyReadsOperands(state, effects); };
  auto target = dyn_cast_or_null<SymbolRefAttr>(state->getAttr("target"));
  if (!target)
    return defaultEffects();
  Operation *callee = SymbolTable::lookupNearestSymbolFrom(state, target);
  if (!callee || !isa<NamedSequenceOp>(callee))
    return defaultEffects();
  // MLIR runs the callee's verification silently first; an invalid callee
  // gets the default effects.
  {
    ScopedDiagnosticHandler silence(getContext(), [](Diagnostic &) { return success(); });
    if (failed(verifyNamedSequence(callee, false)))
      return defaultEffects();
  }
  for (unsigned i = 0, e = state->getNumOperands(); i < e; ++i) {
    if (getArgAttr(callee, i, TransformDialect::kArgConsumedAttrName))
      consumesHandle(state, i, 1, effects);
    else
      onlyReadsHandle(state, i, 1, effects);
  }
}

LogicalResult IncludeOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  auto targetAttr = dyn_cast_or_null<SymbolRefAttr>(op->getAttr("target"));
  if (!targetAttr)
    return op->emitOpError() << "expects a 'target' symbol reference attribute";
  Operation *target = symbolTable.lookupNearestSymbolFrom(op, targetAttr);
  if (!target || !isa<NamedSequenceOp>(target))
    return op->emitOpError() << "does not reference a named transform sequence";
  auto fnType = dyn_cast_or_null<FunctionType>(cast<FunctionOpInterface>(target).getFunctionType());
  if (!fnType)
    return success();
  if (fnType.getNumInputs() != op->getNumOperands())
    return op->emitError("incorrect number of operands for callee");
  for (unsigned i = 0, e = fnType.getNumInputs(); i != e; ++i)
    if (op->getOperand(i).getType() != fnType.getInput(i))
      return op->emitOpError("operand type mismatch: expected operand type ")
             << fnType.getInput(i) << ", but provided " << op->getOperand(i).getType() << " for operand number " << i;
  if (fnType.getNumResults() != op->getNumResults())
    return op->emitError("incorrect number of results for callee");
  for (unsigned i = 0, e = fnType.getNumResults(); i != e; ++i)
    if (!implementSameTransformInterface(op->getResult(i).getType(), fnType.getResult(i)))
      return op->emitOpError() << "type of result #" << i
                               << " must implement the same transform dialect "
                                  "interface as the corresponding callee result";
  return verifyFunctionLikeConsumeAnnotations(target, false, true);
}

//===----------------------------------------------------------------------===//
// NamedSequenceOp
//===----------------------------------------------------------------------===//

ParseResult NamedSequenceOp::parse(OpAsmParser &parser, OperationState &result) {
  return function_interface_impl::parseFunctionOp(parser, result, /*allowVariadic=*/false, "function_type",
                                                  "arg_attrs", "res_attrs");
}

void NamedSequenceOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(p, state, /*isVariadic=*/false, "function_type", "arg_attrs",
                                           "res_attrs");
}

LogicalResult NamedSequenceOp::verify() { return verifyNamedSequence(state, /*emitWarnings=*/true); }

//===----------------------------------------------------------------------===//
// NumAssociationsOp
//===----------------------------------------------------------------------===//

LogicalResult NumAssociationsOp::verify() {
  // The result type must accept an i64 attribute (ParamType::checkPayload).
  auto paramType = dyn_cast<ParamType>(state->getResult(0).getType());
  if (!paramType)
    return success();
  Type i64 = IntegerType::get(getContext(), 64);
  if (paramType.getType() != i64)
    return lamina::emitError(state->getLoc()) << "expected the type of the parameter attribute (" << i64
                                      << ") to match the parameter type (" << paramType.getType() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// SequenceOp
//===----------------------------------------------------------------------===//

static ParseResult parseSequenceOpOperands(OpAsmParser &parser, OperationState &,
                                           ArrayRef<ods::CustomParseArg *> args) {
  OpAsmParser::UnresolvedOperand root;
  std::optional<ParseResult> hasRoot = parser.parseOptionalOperand(root);
  if (!hasRoot)
    return success();
  if (failed(*hasRoot))
    return failure();
  args[0]->operands->push_back(root);
  if (succeeded(parser.parseOptionalComma()) && parser.parseOperandList(*args[2]->operands))
    return failure();
  if (parser.parseColon())
    return failure();
  (void)parser.parseOptionalLParen();
  Type rootType;
  if (parser.parseType(rootType))
    return failure();
  args[1]->types->push_back(rootType);
  if (!args[2]->operands->empty()) {
    if (parser.parseComma() || parser.parseTypeList(*args[3]->types))
      return failure();
  }
  if (args[3]->types->size() != args[2]->operands->size())
    return parser.emitError(parser.getNameLoc(), "expected types to be provided for all operands");
  (void)parser.parseOptionalRParen();
  return success();
}

static void printSequenceOpOperands(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (args[0].operands.empty())
    return;
  p << args[0].operands[0];
  bool hasExtras = !args[2].operands.empty();
  if (hasExtras) {
    p << ", ";
    p.printOperands(args[2].operands);
  }
  p << " : ";
  if (hasExtras)
    p << "(";
  if (!args[1].types.empty())
    p << args[1].types[0];
  if (hasExtras) {
    for (Type t : args[3].types)
      p << ", " << t;
    p << ')';
  }
}

ods::CustomDirective transform::getSequenceOpOperandsDirective() {
  return {"SequenceOpOperands", parseSequenceOpOperands, printSequenceOpOperands, nullptr};
}

LogicalResult SequenceOp::verify() {
  Region &body = state->getRegion(0);
  if (body.empty())
    return success();
  Block &block = body.front();
  if (!getRoot() && !getExtraBindings().empty())
    return emitOpError() << "does not expect extra operands when used as top-level";
  for (BlockArgument arg : block.getArguments())
    if (failed(checkDoubleConsume(arg, [&]() { return emitOpError() << "block argument #" << arg.getArgNumber(); })))
      return failure();
  for (Operation &child : block) {
    if (!isa<TransformOpInterface>(&child) && &child != &block.back()) {
      InFlightDiagnostic diag = emitOpError() << "expected children ops to implement TransformOpInterface";
      diag.attachNote(child.getLoc()) << "op without interface";
      return diag;
    }
    for (unsigned i = 0, e = child.getNumResults(); i < e; ++i)
      if (failed(checkDoubleConsume(child.getResult(i), [&]() { return child.emitError() << "result #" << i; })))
        return failure();
  }
  if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>())
    return emitOpError() << "expects to have a terminator in the body";
  Operation *terminator = &block.back();
  bool same = terminator->getNumOperands() == state->getNumResults();
  for (unsigned i = 0; same && i < terminator->getNumOperands(); ++i)
    same = terminator->getOperand(i).getType() == state->getResult(i).getType();
  if (!same) {
    InFlightDiagnostic diag = emitOpError() << "expects the types of the terminator operands "
                                               "to match the types of the result";
    diag.attachNote(terminator->getLoc()) << "terminator";
    return diag;
  }
  return success();
}

void SequenceOp::getEffects(EffectList &effects) {
  Region &body = state->getRegion(0);
  if (body.empty()) {
    onlyReadsOperands(state, effects);
    producesResults(state, effects);
    return;
  }
  getPotentialTopLevelEffects(state, getRoot(), body.front(), effects);
}

OperandRange SequenceOp::getEntrySuccessorOperands(RegionSuccessor) {
  if (state->getNumOperands() > 0)
    return state->getOperands();
  return noOperands(state);
}

void SequenceOp::getSuccessorRegions(RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent()) {
    Region *body = &state->getRegion(0);
    if (state->getNumOperands() != 0 && !body->empty())
      regions.emplace_back(body, ValueRange(body->front().getArguments()));
    else
      regions.emplace_back(body);
    return;
  }
  regions.push_back(RegionSuccessor::parent(state));
}

void SequenceOp::getRegionInvocationBounds(ArrayRef<Attribute>, SmallVectorImpl<InvocationBounds> &bounds) {
  bounds.emplace_back(1, 1);
}

//===----------------------------------------------------------------------===//
// SplitHandleOp
//===----------------------------------------------------------------------===//

LogicalResult SplitHandleOp::verify() {
  if (auto overflow = dyn_cast_or_null<IntegerAttr>(state->getAttr("overflow_result"))) {
    int64_t index = overflow.getValue().getSExtValue();
    if (!(index < int64_t(state->getNumResults())))
      return emitOpError("overflow_result is not a valid result index");
  }
  for (unsigned i = 0, e = state->getNumResults(); i < e; ++i)
    if (!implementSameTransformInterface(state->getOperand(0).getType(), state->getResult(i).getType()))
      return emitOpError("expects result types to implement the same transform interface as the operand type");
  return success();
}
