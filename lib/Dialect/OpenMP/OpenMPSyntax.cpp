//===- OpenMPSyntax.cpp - The omp dialect's hand-written syntax -------------===//
//
// The custom<...> directives of the omp ops' assembly formats and the ops
// with hand-written parsers and printers, as MLIR's OpenMPDialect.cpp writes
// them: clause lists (allocate, linear, aligned, schedule, order, depend,
// copyprivate, grainsize/num_tasks, synchronization hints, map types), the
// clauses that define entry block arguments (`private(@sym %x -> %arg :
// type)`, `reduction(...)`, `map_entries(...)`, ...) printed before the
// region, omp.loop_nest, omp.canonical_loop, omp.unroll_heuristic and
// omp.target_allocmem, and the names of canonical loop values.
//
#include "lamina/Dialect/OpenMP/OpenMPDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"

#include <string>
#include <type_traits>

using namespace lamina;
using namespace lamina::omp;

using UnresolvedOperand = OpAsmParser::UnresolvedOperand;

namespace {
/// Chains `<<` on an OpAsmPrinter, printing values as SSA operands.
struct Out {
  OpAsmPrinter &p;
  Out &operator<<(Value v) {
    p.printOperand(v);
    return *this;
  }
  Out &operator<<(ValueRange r) {
    p.printOperands(r);
    return *this;
  }
  template <typename T>
    requires(!std::is_convertible_v<const T &, Value> && !std::is_convertible_v<const T &, ValueRange>)
  Out &operator<<(const T &x) {
    p << x;
    return *this;
  }
};
} // namespace

static void printTypeList(OpAsmPrinter &p, ArrayRef<Type> types) {
  for (size_t i = 0; i < types.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << types[i];
  }
}

//===----------------------------------------------------------------------===//
// Enum clauses
//===----------------------------------------------------------------------===//

namespace {
/// The enum attribute a `custom<ClauseAttr>` of an op holds.
struct ClauseEnum {
  const ods::EnumInfo *info;
  Attribute (*make)(MLIRContext *, uint64_t);
  uint64_t (*value)(Attribute);
};
} // namespace

template <typename AttrT, typename EnumT> static ClauseEnum clauseEnum(const ods::EnumInfo &info) {
  return {&info, [](MLIRContext *ctx, uint64_t v) -> Attribute { return AttrT::get(ctx, EnumT(v)); },
          [](Attribute a) -> uint64_t { return uint64_t(cast<AttrT>(a).getValue()); }};
}

/// Each op uses custom<ClauseAttr> for one attribute.
static ClauseEnum clauseEnumOf(std::string_view opName) {
  if (opName == "omp.cancel" || opName == "omp.cancellation_point")
    return clauseEnum<ClauseCancellationConstructTypeAttr, ClauseCancellationConstructType>(
        getClauseCancellationConstructTypeInfo());
  if (opName == "omp.parallel")
    return clauseEnum<ClauseProcBindKindAttr, ClauseProcBindKind>(getClauseProcBindKindInfo());
  if (opName == "omp.loop")
    return clauseEnum<ClauseBindKindAttr, ClauseBindKind>(getClauseBindKindInfo());
  return clauseEnum<ClauseMemoryOrderKindAttr, ClauseMemoryOrderKind>(getClauseMemoryOrderKindInfo());
}

static ParseResult parseClauseAttr(OpAsmParser &parser, OperationState &state, ArrayRef<ods::CustomParseArg *> args) {
  ClauseEnum e = clauseEnumOf(state.name.getStringRef());
  std::string_view str;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&str))
    return failure();
  if (std::optional<uint64_t> v = e.info->symbolize(str)) {
    *args[0]->attr = e.make(parser.getContext(), *v);
    return success();
  }
  return parser.emitError(loc, "invalid clause value: '") << str << "'";
}

static void printClauseAttr(OpAsmPrinter &p, Operation *op, ArrayRef<ods::CustomPrintArg> args) {
  ClauseEnum e = clauseEnumOf(op->getName().getStringRef());
  if (args[0].attr)
    Out{p} << e.info->stringify(e.value(args[0].attr));
}

ods::CustomDirective omp::getClauseAttrDirective() { return {"ClauseAttr", parseClauseAttr, printClauseAttr, nullptr}; }

/// order ::= (reproducible | unconstrained `:`)? concurrent
static ParseResult parseOrderClause(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  std::string_view str;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&str))
    return failure();
  if (std::optional<uint64_t> mod = getOrderModifierInfo().symbolize(str)) {
    *args[1]->attr = OrderModifierAttr::get(parser.getContext(), OrderModifier(*mod));
    if (parser.parseOptionalColon())
      return failure();
    loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&str))
      return failure();
  }
  if (std::optional<uint64_t> kind = getClauseOrderKindInfo().symbolize(str)) {
    *args[0]->attr = ClauseOrderKindAttr::get(parser.getContext(), ClauseOrderKind(*kind));
    return success();
  }
  return parser.emitError(loc, "invalid clause value: '") << str << "'";
}

static void printOrderClause(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (auto mod = dyn_cast_or_null<OrderModifierAttr>(args[1].attr))
    Out{p} << getOrderModifierInfo().stringify(uint64_t(mod.getValue())) << ":";
  if (auto kind = dyn_cast_or_null<ClauseOrderKindAttr>(args[0].attr))
    Out{p} << getClauseOrderKindInfo().stringify(uint64_t(kind.getValue()));
}

ods::CustomDirective omp::getOrderClauseDirective() { return {"OrderClause", parseOrderClause, printOrderClause, nullptr}; }

//===----------------------------------------------------------------------===//
// Operand lists
//===----------------------------------------------------------------------===//

/// allocate-operand ::= ssa-id `:` type `->` ssa-id `:` type (allocator first)
static ParseResult parseAllocateAndAllocator(OpAsmParser &parser, OperationState &,
                                             ArrayRef<ods::CustomParseArg *> args) {
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    UnresolvedOperand operand;
    Type type;
    if (parser.parseOperand(operand) || parser.parseColonType(type))
      return failure();
    args[2]->operands->push_back(operand);
    args[3]->types->push_back(type);
    if (parser.parseArrow())
      return failure();
    if (parser.parseOperand(operand) || parser.parseColonType(type))
      return failure();
    args[0]->operands->push_back(operand);
    args[1]->types->push_back(type);
    return success();
  });
}

static void printAllocateAndAllocator(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  OperandRange allocate = args[0].operands, allocator = args[2].operands;
  for (size_t i = 0; i < allocate.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << allocator[i] << " : " << args[3].types[i] << " -> " << allocate[i] << " : " << args[1].types[i];
  }
}

ods::CustomDirective omp::getAllocateAndAllocatorDirective() {
  return {"AllocateAndAllocator", parseAllocateAndAllocator, printAllocateAndAllocator, nullptr};
}

/// linear-val ::= ssa-id `=` ssa-id `:` type
static ParseResult parseLinearClause(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    UnresolvedOperand var, step;
    Type type;
    if (parser.parseOperand(var) || parser.parseEqual() || parser.parseOperand(step) || parser.parseColonType(type))
      return failure();
    args[0]->operands->push_back(var);
    args[1]->types->push_back(type);
    args[2]->operands->push_back(step);
    return success();
  });
}

static void printLinearClause(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  OperandRange vars = args[0].operands, steps = args[2].operands;
  for (size_t i = 0; i < vars.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << vars[i];
    if (steps.size() > i)
      Out{p} << " = " << steps[i];
    Out{p} << " : " << vars[i].getType();
  }
}

ods::CustomDirective omp::getLinearClauseDirective() {
  return {"LinearClause", parseLinearClause, printLinearClause, nullptr};
}

/// aligned-val ::= ssa-id `:` type `->` alignment
static ParseResult parseAlignedClause(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  SmallVector<Attribute> alignments;
  if (failed(parser.parseCommaSeparatedList([&]() -> ParseResult {
        args[0]->operands->emplace_back();
        args[1]->types->emplace_back();
        alignments.emplace_back();
        return failure(parser.parseOperand(args[0]->operands->back()) ||
                       parser.parseColonType(args[1]->types->back()) || parser.parseArrow() ||
                       parser.parseAttribute(alignments.back()));
      })))
    return failure();
  *args[2]->attr = ArrayAttr::get(parser.getContext(), alignments);
  return success();
}

static void printAlignedClause(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  OperandRange vars = args[0].operands;
  auto alignments = dyn_cast_or_null<ArrayAttr>(args[2].attr);
  for (size_t i = 0; i < vars.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << vars[i] << " : " << vars[i].getType() << " -> ";
    if (alignments && i < alignments.size())
      Out{p} << alignments[i];
  }
}

ods::CustomDirective omp::getAlignedClauseDirective() {
  return {"AlignedClause", parseAlignedClause, printAlignedClause, nullptr};
}

/// copyprivate-entry ::= ssa-id `->` symbol-ref `:` type
static ParseResult parseCopyprivate(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  SmallVector<Attribute> syms;
  if (failed(parser.parseCommaSeparatedList([&]() -> ParseResult {
        args[0]->operands->emplace_back();
        args[1]->types->emplace_back();
        SymbolRefAttr sym;
        if (parser.parseOperand(args[0]->operands->back()) || parser.parseArrow() || parser.parseAttribute(sym) ||
            parser.parseColonType(args[1]->types->back()))
          return failure();
        syms.push_back(sym);
        return success();
      })))
    return failure();
  *args[2]->attr = ArrayAttr::get(parser.getContext(), syms);
  return success();
}

static void printCopyprivate(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto syms = dyn_cast_or_null<ArrayAttr>(args[2].attr);
  if (!syms)
    return;
  OperandRange vars = args[0].operands;
  for (size_t i = 0; i < vars.size() && i < syms.size() && i < args[1].types.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << vars[i] << " -> " << syms[i] << " : " << args[1].types[i];
  }
}

ods::CustomDirective omp::getCopyprivateDirective() {
  return {"Copyprivate", parseCopyprivate, printCopyprivate, nullptr};
}

/// depend-entry ::= depend-kind `->` ssa-id `:` type
static ParseResult parseDependVarList(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  SmallVector<Attribute> kinds;
  if (failed(parser.parseCommaSeparatedList([&]() -> ParseResult {
        std::string_view keyword;
        args[0]->operands->emplace_back();
        args[1]->types->emplace_back();
        if (parser.parseKeyword(&keyword) || parser.parseArrow() || parser.parseOperand(args[0]->operands->back()) ||
            parser.parseColonType(args[1]->types->back()))
          return failure();
        std::optional<uint64_t> kind = getClauseTaskDependInfo().symbolize(keyword);
        if (!kind)
          return failure();
        kinds.push_back(ClauseTaskDependAttr::get(parser.getContext(), ClauseTaskDepend(*kind)));
        return success();
      })))
    return failure();
  *args[2]->attr = ArrayAttr::get(parser.getContext(), kinds);
  return success();
}

static void printDependVarList(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto kinds = dyn_cast_or_null<ArrayAttr>(args[2].attr);
  if (!kinds)
    return;
  OperandRange vars = args[0].operands;
  for (size_t i = 0; i < kinds.size() && i < vars.size(); ++i) {
    if (i)
      Out{p} << ", ";
    if (auto kind = dyn_cast<ClauseTaskDependAttr>(kinds[i]))
      Out{p} << getClauseTaskDependInfo().stringify(uint64_t(kind.getValue()));
    Out{p} << " -> " << vars[i] << " : " << args[1].types[i];
  }
}

ods::CustomDirective omp::getDependVarListDirective() {
  return {"DependVarList", parseDependVarList, printDependVarList, nullptr};
}

//===----------------------------------------------------------------------===//
// Schedule, grainsize and num_tasks
//===----------------------------------------------------------------------===//

/// sched-val (`=` ssa-id `:` type)? (`,` modifier)*
static ParseResult parseScheduleClause(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  MLIRContext *ctx = parser.getContext();
  std::string_view keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<uint64_t> kind = getClauseScheduleKindInfo().symbolize(keyword);
  if (!kind)
    return parser.emitError(parser.getNameLoc()) << " expected schedule kind";
  *args[0]->attr = ClauseScheduleKindAttr::get(ctx, ClauseScheduleKind(*kind));
  auto k = ClauseScheduleKind(*kind);
  if (k == ClauseScheduleKind::Static || k == ClauseScheduleKind::Dynamic || k == ClauseScheduleKind::Guided) {
    if (succeeded(parser.parseOptionalEqual())) {
      args[3]->operands->emplace_back();
      args[4]->types->emplace_back();
      if (parser.parseOperand(args[3]->operands->back()) || parser.parseColonType(args[4]->types->back()))
        return failure();
    }
  }
  SmallVector<std::string_view> modifiers;
  while (succeeded(parser.parseOptionalComma())) {
    std::string_view mod;
    if (parser.parseKeyword(&mod))
      return failure();
    modifiers.push_back(mod);
  }
  const ods::EnumInfo &modInfo = getScheduleModifierInfo();
  if (modifiers.size() > 2)
    return parser.emitError(parser.getNameLoc()) << " unexpected modifier(s)";
  for (std::string_view mod : modifiers)
    if (!modInfo.symbolize(mod))
      return parser.emitError(parser.getNameLoc()) << " unknown modifier type: " << mod;
  auto isSimd = [&](std::string_view m) { return modInfo.symbolize(m) == uint64_t(ScheduleModifier::simd); };
  std::string_view first, second;
  if (modifiers.size() == 1) {
    if (isSimd(modifiers[0])) {
      first = "none";
      second = modifiers[0];
    } else {
      first = modifiers[0];
    }
  } else if (modifiers.size() == 2) {
    if (isSimd(modifiers[0]) || !isSimd(modifiers[1]))
      return parser.emitError(parser.getNameLoc()) << " incorrect modifier order";
    first = modifiers[0];
    second = modifiers[1];
  }
  if (!first.empty()) {
    std::optional<uint64_t> mod = modInfo.symbolize(first);
    if (!mod)
      return parser.emitError(parser.getCurrentLocation(), "invalid schedule modifier");
    *args[1]->attr = ScheduleModifierAttr::get(ctx, ScheduleModifier(*mod));
    if (!second.empty())
      *args[2]->attr = lamina::UnitAttr::get(ctx);
  }
  return success();
}

static void printScheduleClause(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (auto kind = dyn_cast_or_null<ClauseScheduleKindAttr>(args[0].attr))
    Out{p} << getClauseScheduleKindInfo().stringify(uint64_t(kind.getValue()));
  if (!args[3].operands.empty())
    Out{p} << " = " << args[3].operands[0] << " : " << args[3].operands[0].getType();
  if (auto mod = dyn_cast_or_null<ScheduleModifierAttr>(args[1].attr))
    Out{p} << ", " << getScheduleModifierInfo().stringify(uint64_t(mod.getValue()));
  if (args[2].attr)
    Out{p} << ", simd";
}

ods::CustomDirective omp::getScheduleClauseDirective() {
  return {"ScheduleClause", parseScheduleClause, printScheduleClause, nullptr};
}

/// (strict `,`)? ssa-id `:` type
static ParseResult parseGranularityClause(OpAsmParser &parser, ArrayRef<ods::CustomParseArg *> args,
                                          const ods::EnumInfo &info, Attribute (*make)(MLIRContext *, uint64_t),
                                          std::string_view clauseName) {
  std::string_view keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    std::optional<uint64_t> v = info.symbolize(keyword);
    if (!v)
      return parser.emitError(parser.getCurrentLocation())
             << "invalid " << clauseName << " modifier : '" << keyword << "'";
    *args[0]->attr = make(parser.getContext(), *v);
    if (parser.parseComma())
      return failure();
  }
  UnresolvedOperand var;
  std::optional<ParseResult> res = parser.parseOptionalOperand(var);
  if (!res || failed(*res))
    return parser.emitError(parser.getCurrentLocation()) << "expected " << clauseName << " operand";
  args[1]->operands->push_back(var);
  args[2]->types->emplace_back();
  return parser.parseColonType(args[2]->types->back());
}

static void printGranularityClause(OpAsmPrinter &p, ArrayRef<ods::CustomPrintArg> args, const ods::EnumInfo &info,
                                   std::optional<uint64_t> mod) {
  if (mod)
    Out{p} << info.stringify(*mod) << ", ";
  if (!args[1].operands.empty())
    Out{p} << args[1].operands[0] << ": " << args[2].types[0];
}

static ParseResult parseGrainsizeClause(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  return parseGranularityClause(
      parser, args, getClauseGrainsizeTypeInfo(),
      [](MLIRContext *ctx, uint64_t v) -> Attribute { return ClauseGrainsizeTypeAttr::get(ctx, ClauseGrainsizeType(v)); },
      "grainsize");
}

static void printGrainsizeClause(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  std::optional<uint64_t> mod;
  if (auto a = dyn_cast_or_null<ClauseGrainsizeTypeAttr>(args[0].attr))
    mod = uint64_t(a.getValue());
  printGranularityClause(p, args, getClauseGrainsizeTypeInfo(), mod);
}

ods::CustomDirective omp::getGrainsizeClauseDirective() {
  return {"GrainsizeClause", parseGrainsizeClause, printGrainsizeClause, nullptr};
}

static ParseResult parseNumTasksClause(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  return parseGranularityClause(
      parser, args, getClauseNumTasksTypeInfo(),
      [](MLIRContext *ctx, uint64_t v) -> Attribute { return ClauseNumTasksTypeAttr::get(ctx, ClauseNumTasksType(v)); },
      "num_tasks");
}

static void printNumTasksClause(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  std::optional<uint64_t> mod;
  if (auto a = dyn_cast_or_null<ClauseNumTasksTypeAttr>(args[0].attr))
    mod = uint64_t(a.getValue());
  printGranularityClause(p, args, getClauseNumTasksTypeInfo(), mod);
}

ods::CustomDirective omp::getNumTasksClauseDirective() {
  return {"NumTasksClause", parseNumTasksClause, printNumTasksClause, nullptr};
}

//===----------------------------------------------------------------------===//
// Synchronization hints, map types, captures and member indices
//===----------------------------------------------------------------------===//

/// `none` or a list of uncontended/contended/nonspeculative/speculative.
static ParseResult parseSynchronizationHint(OpAsmParser &parser, OperationState &,
                                            ArrayRef<ods::CustomParseArg *> args) {
  Type i64 = IntegerType::get(parser.getContext(), 64);
  if (succeeded(parser.parseOptionalKeyword("none"))) {
    *args[0]->attr = IntegerAttr::get(i64, 0);
    return success();
  }
  int64_t hint = 0;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        std::string_view keyword;
        if (failed(parser.parseKeyword(&keyword)))
          return failure();
        if (keyword == "uncontended")
          hint |= 1;
        else if (keyword == "contended")
          hint |= 2;
        else if (keyword == "nonspeculative")
          hint |= 4;
        else if (keyword == "speculative")
          hint |= 8;
        else
          return parser.emitError(parser.getCurrentLocation()) << keyword << " is not a valid hint";
        return success();
      }))
    return failure();
  *args[0]->attr = IntegerAttr::get(i64, hint);
  return success();
}

static void printSynchronizationHint(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto attr = dyn_cast_or_null<IntegerAttr>(args[0].attr);
  int64_t hint = attr ? attr.getInt() : 0;
  if (hint == 0) {
    Out{p} << "none";
    return;
  }
  static const char *const names[] = {"uncontended", "contended", "nonspeculative", "speculative"};
  bool first = true;
  for (int i = 0; i < 4; ++i)
    if (hint & (int64_t(1) << i)) {
      if (!first)
        Out{p} << ", ";
      Out{p} << names[i];
      first = false;
    }
}

ods::CustomDirective omp::getSynchronizationHintDirective() {
  return {"SynchronizationHint", parseSynchronizationHint, printSynchronizationHint, nullptr};
}

namespace {
struct MapFlagName {
  const char *name;
  uint32_t bits;
};
} // namespace

/// The map type keywords in MLIR's printing order (to/from/tofrom apart).
static const MapFlagName kMapModifiersFirst[] = {
    {"always", uint32_t(ClauseMapFlags::always)},   {"implicit", uint32_t(ClauseMapFlags::implicit)},
    {"ompx_hold", uint32_t(ClauseMapFlags::ompx_hold)}, {"close", uint32_t(ClauseMapFlags::close)},
    {"present", uint32_t(ClauseMapFlags::present)}};
static const MapFlagName kMapModifiersLast[] = {
    {"delete", uint32_t(ClauseMapFlags::del)},
    {"return_param", uint32_t(ClauseMapFlags::return_param)},
    {"storage", uint32_t(ClauseMapFlags::storage)},
    {"private", uint32_t(ClauseMapFlags::priv)},
    {"literal", uint32_t(ClauseMapFlags::literal)},
    {"attach", uint32_t(ClauseMapFlags::attach)},
    {"attach_always", uint32_t(ClauseMapFlags::attach_always)},
    {"attach_none", uint32_t(ClauseMapFlags::attach_none)},
    {"attach_auto", uint32_t(ClauseMapFlags::attach_auto)},
    {"ref_ptr", uint32_t(ClauseMapFlags::ref_ptr)},
    {"ref_ptee", uint32_t(ClauseMapFlags::ref_ptee)},
    {"ref_ptr_ptee", uint32_t(ClauseMapFlags::ref_ptr_ptee)},
    {"is_device_ptr", uint32_t(ClauseMapFlags::is_device_ptr)}};

/// A comma-separated list of map type keywords; unknown ones add nothing.
static ParseResult parseMapClause(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  uint32_t bits = 0;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        std::string_view keyword;
        if (parser.parseKeyword(&keyword))
          return failure();
        if (keyword == "to")
          bits |= uint32_t(ClauseMapFlags::to);
        else if (keyword == "from")
          bits |= uint32_t(ClauseMapFlags::from);
        else if (keyword == "tofrom")
          bits |= uint32_t(ClauseMapFlags::to) | uint32_t(ClauseMapFlags::from);
        for (const MapFlagName &f : kMapModifiersFirst)
          if (keyword == f.name)
            bits |= f.bits;
        for (const MapFlagName &f : kMapModifiersLast)
          if (keyword == f.name)
            bits |= f.bits;
        return success();
      }))
    return failure();
  *args[0]->attr = ClauseMapFlagsAttr::get(parser.getContext(), ClauseMapFlags(bits));
  return success();
}

static void printMapClause(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto attr = dyn_cast_or_null<ClauseMapFlagsAttr>(args[0].attr);
  uint32_t bits = attr ? uint32_t(attr.getValue()) : 0;
  SmallVector<const char *> names;
  for (const MapFlagName &f : kMapModifiersFirst)
    if (bits & f.bits)
      names.push_back(f.name);
  bool to = bits & uint32_t(ClauseMapFlags::to), from = bits & uint32_t(ClauseMapFlags::from);
  if (to && from)
    names.push_back("tofrom");
  else if (from)
    names.push_back("from");
  else if (to)
    names.push_back("to");
  for (const MapFlagName &f : kMapModifiersLast)
    if (bits & f.bits)
      names.push_back(f.name);
  if (names.empty()) {
    Out{p} << "none";
    return;
  }
  for (size_t i = 0; i < names.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << names[i];
  }
}

ods::CustomDirective omp::getMapClauseDirective() { return {"MapClause", parseMapClause, printMapClause, nullptr}; }

/// This | ByRef | ByCopy | VLAType (anything else leaves it unset).
static ParseResult parseCaptureType(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  std::string_view keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  if (std::optional<uint64_t> v = getVariableCaptureKindInfo().symbolize(keyword))
    *args[0]->attr = VariableCaptureKindAttr::get(parser.getContext(), VariableCaptureKind(*v));
  return success();
}

static void printCaptureType(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (auto kind = dyn_cast_or_null<VariableCaptureKindAttr>(args[0].attr))
    Out{p} << getVariableCaptureKindInfo().stringify(uint64_t(kind.getValue()));
}

ods::CustomDirective omp::getCaptureTypeDirective() {
  return {"CaptureType", parseCaptureType, printCaptureType, nullptr};
}

/// `[` int (`,` int)* `]` (`,` `[` ... `]`)*
static ParseResult parseMembersIndex(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  MLIRContext *ctx = parser.getContext();
  Type i64 = IntegerType::get(ctx, 64);
  SmallVector<Attribute> values, members;
  do {
    if (failed(parser.parseLSquare()))
      return failure();
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          int64_t value;
          if (parser.parseInteger(value))
            return failure();
          values.push_back(IntegerAttr::get(i64, value));
          return success();
        }))
      return failure();
    if (failed(parser.parseRSquare()))
      return failure();
    members.push_back(ArrayAttr::get(ctx, values));
    values.clear();
  } while (succeeded(parser.parseOptionalComma()));
  if (!members.empty())
    *args[0]->attr = ArrayAttr::get(ctx, members);
  return success();
}

static void printMembersIndex(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto members = dyn_cast_or_null<ArrayAttr>(args[0].attr);
  if (!members)
    return;
  for (size_t i = 0; i < members.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << "[";
    if (auto idx = dyn_cast<ArrayAttr>(members[i]))
      for (size_t j = 0; j < idx.size(); ++j) {
        if (j)
          Out{p} << ", ";
        if (auto v = dyn_cast<IntegerAttr>(idx[j]))
          Out{p} << v.getInt();
      }
    Out{p} << "]";
  }
}

ods::CustomDirective omp::getMembersIndexDirective() {
  return {"MembersIndex", parseMembersIndex, printMembersIndex, nullptr};
}

//===----------------------------------------------------------------------===//
// Clauses defining entry block arguments
//===----------------------------------------------------------------------===//

namespace {
/// How one block-argument clause is spelled and which directive arguments
/// hold its parts (-1: the clause has no such part).
struct BlockArgClause {
  std::string_view keyword;
  int vars, types, syms = -1, byref = -1, modifier = -1, needsBarrier = -1, mapIndices = -1;
};
} // namespace

/// `keyword(` (`mod:` kind `,`)? ((`byref`)? @sym)? %x `->` %arg ([map_idx=N])? ... `:` types `)`
/// (`private_barrier`)?
static ParseResult parseClauseWithRegionArgs(OpAsmParser &parser, ArrayRef<ods::CustomParseArg *> args,
                                             const BlockArgClause &c, std::vector<OpAsmParser::Argument> &entryArgs) {
  MLIRContext *ctx = parser.getContext();
  SmallVectorImpl<UnresolvedOperand> &operands = *args[c.vars]->operands;
  SmallVectorImpl<Type> &types = *args[c.types]->types;
  SmallVector<Attribute> symbols;
  SmallVector<int64_t> mapIndices;
  SmallVector<bool> byref;
  size_t argOffset = entryArgs.size();
  if (parser.parseLParen())
    return failure();
  if (c.modifier >= 0 && succeeded(parser.parseOptionalKeyword("mod"))) {
    std::string_view str;
    if (parser.parseColon() || parser.parseKeyword(&str) || parser.parseComma())
      return failure();
    std::optional<uint64_t> mod = getReductionModifierInfo().symbolize(str);
    if (!mod)
      return failure();
    *args[c.modifier]->attr = ReductionModifierAttr::get(ctx, ReductionModifier(*mod));
  }
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        if (c.byref >= 0)
          byref.push_back(succeeded(parser.parseOptionalKeyword("byref")));
        if (c.syms >= 0) {
          SymbolRefAttr sym;
          if (parser.parseAttribute(sym))
            return failure();
          symbols.push_back(sym);
        }
        operands.emplace_back();
        entryArgs.emplace_back();
        if (parser.parseOperand(operands.back()) || parser.parseArrow() || parser.parseArgument(entryArgs.back()))
          return failure();
        if (c.mapIndices >= 0) {
          if (succeeded(parser.parseOptionalLSquare())) {
            mapIndices.emplace_back();
            if (parser.parseKeyword("map_idx") || parser.parseEqual() || parser.parseInteger(mapIndices.back()) ||
                parser.parseRSquare())
              return failure();
          } else {
            mapIndices.push_back(-1);
          }
        }
        return success();
      }))
    return failure();
  if (parser.parseColon())
    return failure();
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        types.emplace_back();
        return parser.parseType(types.back());
      }))
    return failure();
  if (operands.size() != types.size())
    return failure();
  if (parser.parseRParen())
    return failure();
  if (c.needsBarrier >= 0 && succeeded(parser.parseOptionalKeyword("private_barrier")))
    *args[c.needsBarrier]->attr = lamina::UnitAttr::get(ctx);
  for (size_t i = 0; i < types.size() && argOffset + i < entryArgs.size(); ++i)
    entryArgs[argOffset + i].type = types[i];
  if (c.syms >= 0)
    *args[c.syms]->attr = ArrayAttr::get(ctx, symbols);
  if (!mapIndices.empty())
    *args[c.mapIndices]->attr = DenseI64ArrayAttr::get(ctx, mapIndices);
  if (c.byref >= 0 && !byref.empty())
    *args[c.byref]->attr = DenseBoolArrayAttr::get(ctx, byref);
  return success();
}

/// The clauses in MLIR's order (BlockArgOpenMPOpInterface's), then the region.
static ParseResult parseBlockArgRegion(OpAsmParser &parser, ArrayRef<ods::CustomParseArg *> args,
                                       ArrayRef<BlockArgClause> clauses) {
  static const std::string_view order[] = {"has_device_addr", "host_eval", "in_reduction",
                                           "map_entries",     "private",   "reduction",
                                           "task_reduction",  "use_device_addr", "use_device_ptr"};
  std::vector<OpAsmParser::Argument> entryArgs;
  for (std::string_view keyword : order) {
    if (failed(parser.parseOptionalKeyword(keyword)))
      continue;
    const BlockArgClause *clause = nullptr;
    for (const BlockArgClause &c : clauses)
      if (c.keyword == keyword)
        clause = &c;
    if (!clause || failed(parseClauseWithRegionArgs(parser, args, *clause, entryArgs)))
      return parser.emitError(parser.getCurrentLocation())
             << "invalid `" << (keyword == "use_device_ptr" ? "use_device_addr" : keyword) << "` format";
  }
  std::vector<std::unique_ptr<Region>> &regions = *args[0]->regions;
  if (regions.empty())
    regions.push_back(std::make_unique<Region>());
  return parser.parseRegion(*regions.front(), entryArgs);
}

static void printClauseWithRegionArgs(OpAsmPrinter &p, ArrayRef<ods::CustomPrintArg> args, const BlockArgClause &c,
                                      ValueRange blockArgs) {
  if (blockArgs.empty())
    return;
  OperandRange operands = args[c.vars].operands;
  const std::vector<Type> &types = args[c.types].types;
  Out{p} << c.keyword << "(";
  if (c.modifier >= 0)
    if (auto mod = dyn_cast_or_null<ReductionModifierAttr>(args[c.modifier].attr))
      Out{p} << "mod: " << getReductionModifierInfo().stringify(uint64_t(mod.getValue())) << ", ";
  auto syms = c.syms >= 0 ? dyn_cast_or_null<ArrayAttr>(args[c.syms].attr) : ArrayAttr();
  auto maps = c.mapIndices >= 0 ? dyn_cast_or_null<DenseI64ArrayAttr>(args[c.mapIndices].attr) : DenseI64ArrayAttr();
  auto byref = c.byref >= 0 ? dyn_cast_or_null<DenseBoolArrayAttr>(args[c.byref].attr) : DenseBoolArrayAttr();
  for (size_t i = 0; i < operands.size() && i < blockArgs.size(); ++i) {
    if (i)
      Out{p} << ", ";
    if (byref && int64_t(i) < byref.size() && byref.asArrayRef()[i])
      Out{p} << "byref ";
    if (syms && i < syms.size())
      Out{p} << syms[i] << " ";
    Out{p} << operands[i] << " -> " << blockArgs[i];
    if (maps && int64_t(i) < maps.size() && maps.asArrayRef()[i] != -1)
      Out{p} << " [map_idx=" << maps.asArrayRef()[i] << "]";
  }
  Out{p} << " : ";
  printTypeList(p, types);
  Out{p} << ") ";
  if (c.needsBarrier >= 0 && args[c.needsBarrier].attr)
    Out{p} << "private_barrier ";
}

static void printBlockArgRegion(OpAsmPrinter &p, ArrayRef<ods::CustomPrintArg> args,
                                ArrayRef<BlockArgClause> clauses) {
  Region &region = *args[0].regions.front();
  unsigned numArgs = region.empty() ? 0 : region.front().getNumArguments();
  unsigned start = 0;
  for (const BlockArgClause &c : clauses) {
    unsigned n = unsigned(args[c.vars].operands.size());
    ValueRange blockArgs;
    if (start + n <= numArgs && n)
      blockArgs = ValueRange(region.front().getArguments()).slice(start, n);
    printClauseWithRegionArgs(p, args, c, blockArgs);
    start += n;
  }
  p.printRegion(region, /*printEntryBlockArgs=*/false);
}

// Each directive: the clauses it spells, by the indices of their parts
// among the directive's arguments ($region first).
static const BlockArgClause kTargetOpRegion[] = {
    {"has_device_addr", 1, 2},
    {"host_eval", 3, 4},
    {"in_reduction", 5, 6, 8, 7},
    {"map_entries", 9, 10},
    {"private", 11, 12, 13, -1, -1, 14, 15}};
static const BlockArgClause kInReductionPrivateRegion[] = {{"in_reduction", 1, 2, 4, 3},
                                                           {"private", 5, 6, 7, -1, -1, 8}};
static const BlockArgClause kInReductionPrivateReductionRegion[] = {
    {"in_reduction", 1, 2, 4, 3}, {"private", 5, 6, 7, -1, -1, 8}, {"reduction", 10, 11, 13, 12, 9}};
static const BlockArgClause kPrivateRegion[] = {{"private", 1, 2, 3, -1, -1, 4}};
static const BlockArgClause kPrivateReductionRegion[] = {{"private", 1, 2, 3, -1, -1, 4},
                                                         {"reduction", 6, 7, 9, 8, 5}};
static const BlockArgClause kTaskReductionRegion[] = {{"task_reduction", 1, 2, 4, 3}};
static const BlockArgClause kUseDeviceAddrUseDevicePtrRegion[] = {{"use_device_addr", 1, 2}, {"use_device_ptr", 3, 4}};

#define OMP_BLOCK_ARG_DIRECTIVE(NAME)                                                                                  \
  ods::CustomDirective omp::get##NAME##Directive() {                                                                   \
    return {#NAME,                                                                                                     \
            [](OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {                         \
              return parseBlockArgRegion(parser, args, k##NAME);                                                       \
            },                                                                                                         \
            [](OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {                                     \
              printBlockArgRegion(p, args, k##NAME);                                                                   \
            },                                                                                                         \
            nullptr};                                                                                                  \
  }
OMP_BLOCK_ARG_DIRECTIVE(TargetOpRegion)
OMP_BLOCK_ARG_DIRECTIVE(InReductionPrivateRegion)
OMP_BLOCK_ARG_DIRECTIVE(InReductionPrivateReductionRegion)
OMP_BLOCK_ARG_DIRECTIVE(PrivateRegion)
OMP_BLOCK_ARG_DIRECTIVE(PrivateReductionRegion)
OMP_BLOCK_ARG_DIRECTIVE(TaskReductionRegion)
OMP_BLOCK_ARG_DIRECTIVE(UseDeviceAddrUseDevicePtrRegion)
#undef OMP_BLOCK_ARG_DIRECTIVE

//===----------------------------------------------------------------------===//
// Loop transformations
//===----------------------------------------------------------------------===//

/// (`(` generatees `)`)? `<-` `(` applyees `)`
static ParseResult parseLoopTransformClis(OpAsmParser &parser, OperationState &,
                                          ArrayRef<ods::CustomParseArg *> args) {
  if (failed(parser.parseOptionalLess())) {
    if (parser.parseOperandList(*args[0]->operands, AsmParser::Delimiter::Paren) || parser.parseLess())
      return failure();
  }
  if (parser.parseMinus())
    return failure();
  return parser.parseOperandList(*args[1]->operands, AsmParser::Delimiter::Paren);
}

static void printLoopTransformClis(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (!args[0].operands.empty())
    Out{p} << '(' << ValueRange(args[0].operands) << ')';
  if (!args[1].operands.empty())
    Out{p} << " <- (" << ValueRange(args[1].operands) << ')';
}

ods::CustomDirective omp::getLoopTransformClisDirective() {
  return {"LoopTransformClis", parseLoopTransformClis, printLoopTransformClis, nullptr};
}

//===----------------------------------------------------------------------===//
// Ops with hand-written syntax
//===----------------------------------------------------------------------===//

ParseResult LoopNestOp::parse(OpAsmParser &parser, OperationState &result) {
  std::vector<OpAsmParser::Argument> ivs;
  SmallVector<UnresolvedOperand> lbs, ubs;
  Type loopVarType;
  if (parser.parseArgumentList(ivs, AsmParser::Delimiter::Paren) || parser.parseColonType(loopVarType) ||
      parser.parseEqual() || parser.parseOperandList(lbs, int(ivs.size()), AsmParser::Delimiter::Paren) ||
      parser.parseKeyword("to") || parser.parseOperandList(ubs, int(ivs.size()), AsmParser::Delimiter::Paren))
    return failure();
  for (auto &iv : ivs)
    iv.type = loopVarType;
  MLIRContext *ctx = parser.getContext();
  if (succeeded(parser.parseOptionalKeyword("inclusive")))
    result.addAttribute("loop_inclusive", lamina::UnitAttr::get(ctx));
  SmallVector<UnresolvedOperand> steps;
  if (parser.parseKeyword("step") || parser.parseOperandList(steps, int(ivs.size()), AsmParser::Delimiter::Paren))
    return failure();
  int64_t value = 0;
  if (succeeded(parser.parseOptionalKeyword("collapse")) &&
      (parser.parseLParen() || parser.parseInteger(value) || parser.parseRParen()))
    return failure();
  if (value > 1)
    result.addAttribute("collapse_num_loops", IntegerAttr::get(IntegerType::get(ctx, 64), value));
  SmallVector<int64_t> tiles;
  if (succeeded(parser.parseOptionalKeyword("tiles")) &&
      (parser.parseLParen() || parser.parseCommaSeparatedList([&]() -> ParseResult {
        tiles.emplace_back();
        return parser.parseInteger(tiles.back());
      }) || parser.parseRParen()))
    return failure();
  if (!tiles.empty())
    result.addAttribute("tile_sizes", DenseI64ArrayAttr::get(ctx, tiles));
  Region *region = result.addRegion();
  if (parser.parseRegion(*region, ivs))
    return failure();
  if (parser.resolveOperands(lbs, loopVarType, result.operands) ||
      parser.resolveOperands(ubs, loopVarType, result.operands) ||
      parser.resolveOperands(steps, loopVarType, result.operands))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void LoopNestOp::print(OpAsmPrinter &p) {
  Region &region = getRegion();
  ValueRange ivs = region.empty() ? ValueRange() : ValueRange(region.front().getArguments());
  Out{p} << " (" << ivs << ") : ";
  if (!ivs.empty())
    Out{p} << ivs[0].getType();
  Out{p} << " = (" << ValueRange(getLoopLowerBounds()) << ") to (" << ValueRange(getLoopUpperBounds()) << ") ";
  if (getLoopInclusive())
    Out{p} << "inclusive ";
  Out{p} << "step (" << ValueRange(getLoopSteps()) << ") ";
  if (IntegerAttr collapse = getCollapseNumLoopsAttr())
    if (collapse.getInt() > 1)
      Out{p} << "collapse(" << collapse.getInt() << ") ";
  if (DenseI64ArrayAttr tiles = getTileSizesAttr()) {
    Out{p} << "tiles(";
    ArrayRef<int64_t> t = tiles.asArrayRef();
    for (size_t i = 0; i < t.size(); ++i) {
      if (i)
        Out{p} << ", ";
      Out{p} << t[i];
    }
    Out{p} << ") ";
  }
  p.printRegion(region, /*printEntryBlockArgs=*/false);
}

ParseResult CanonicalLoopOp::parse(OpAsmParser &parser, OperationState &result) {
  Type cliType = CanonicalLoopInfoType::get(parser.getContext());
  SmallVector<Value> cliOperand;
  if (succeeded(parser.parseOptionalLParen())) {
    UnresolvedOperand cli;
    if (parser.parseOperand(cli) || parser.resolveOperand(cli, cliType, cliOperand) || parser.parseRParen())
      return failure();
  }
  OpAsmParser::Argument iv;
  UnresolvedOperand tripCount;
  if (parser.parseArgument(iv, /*allowType=*/true) || parser.parseKeyword("in") || parser.parseKeyword("range") ||
      parser.parseLParen() || parser.parseOperand(tripCount) || parser.parseRParen() ||
      parser.resolveOperand(tripCount, iv.type, result.operands))
    return failure();
  Region *region = result.addRegion();
  if (parser.parseRegion(*region, {iv}))
    return failure();
  for (Value v : cliOperand)
    result.operands.push_back(v);
  return parser.parseOptionalAttrDict(result.attributes);
}

void CanonicalLoopOp::print(OpAsmPrinter &p) {
  if (Value cli = getCli())
    Out{p} << '(' << cli << ')';
  Value iv = getRegion().front().getArgument(0);
  Out{p} << ' ' << iv << " : " << iv.getType() << " in range(" << getTripCount() << ") ";
  p.printRegion(getRegion(), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/true);
  p.printOptionalAttrDict(getOperation()->getAttrs());
}

ParseResult UnrollHeuristicOp::parse(OpAsmParser &parser, OperationState &result) {
  Type cliType = CanonicalLoopInfoType::get(parser.getContext());
  UnresolvedOperand applyee;
  if (parser.parseLParen() || parser.parseOperand(applyee) ||
      parser.resolveOperand(applyee, cliType, result.operands) || parser.parseRParen())
    return failure();
  if (succeeded(parser.parseOptionalArrow()) && (parser.parseLParen() || parser.parseRParen()))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void UnrollHeuristicOp::print(OpAsmPrinter &p) {
  Out{p} << '(' << getApplyee() << ')';
  p.printOptionalAttrDict(getOperation()->getAttrs());
}

/// %device : type `,` in_type (`(` typeparams `:` types `)`)? (`,` shape)* attr-dict
ParseResult TargetAllocMemOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  UnresolvedOperand device;
  Type deviceType;
  if (parser.parseOperand(device) || parser.parseColonType(deviceType) ||
      parser.resolveOperand(device, deviceType, result.operands) || parser.parseComma())
    return failure();
  Type inType;
  if (parser.parseType(inType))
    return failure();
  result.addAttribute("in_type", TypeAttr::get(inType));
  SmallVector<UnresolvedOperand> operands;
  SmallVector<Type> types;
  int32_t typeparamsSize = 0, shapeSize = 0;
  bool hasOperands = false;
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseOperandList(operands) || parser.parseColonTypeList(types) || parser.parseRParen())
      return failure();
    typeparamsSize = int32_t(operands.size());
    hasOperands = true;
  }
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseOperandList(operands))
      return failure();
    shapeSize = int32_t(operands.size()) - typeparamsSize;
    for (int32_t i = 0; i < shapeSize; ++i)
      types.push_back(IndexType::get(ctx));
    hasOperands = true;
  }
  if (hasOperands && parser.resolveOperands(operands, ArrayRef<Type>(types), parser.getNameLoc(), result.operands))
    return failure();
  int32_t sizes[] = {1, typeparamsSize, shapeSize};
  result.addAttribute("operandSegmentSizes", DenseI32ArrayAttr::get(ctx, sizes));
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addType(IntegerType::get(ctx, 64));
  return success();
}

void TargetAllocMemOp::print(OpAsmPrinter &p) {
  Out{p} << " " << getDevice() << " : " << getDevice().getType() << ", ";
  if (TypeAttr t = getInTypeAttr())
    Out{p} << t.getValue();
  if (!getTypeparams().empty()) {
    Out{p} << '(' << ValueRange(getTypeparams()) << " : ";
    bool first = true;
    for (Value v : getTypeparams()) {
      if (!first)
        Out{p} << ", ";
      Out{p} << v.getType();
      first = false;
    }
    Out{p} << ')';
  }
  for (Value sh : getShape())
    Out{p} << ", " << sh;
  p.printOptionalAttrDict(getOperation()->getAttrs(), {"in_type", "operandSegmentSizes"});
}
