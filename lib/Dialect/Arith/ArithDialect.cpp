//===- ArithDialect.cpp - The arith dialect, its enums and attributes -----===//
//
// Enums and attributes follow mlir/Dialect/Arith/IR/ArithBase.td; the ops
// are registered by ArithOps.cpp.
//
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Transforms/InliningUtils.h"

#include "lamina/ODS/EnumDef.h"
#include "lamina/ODS/OpDef.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpImplementation.h"

using namespace lamina;
using namespace lamina::arith;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

const ods::EnumInfo &arith::getFastMathFlagsInfo() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::bitEnum("FastMathFlags", 32,
                                             {{"none", 0},
                                              {"reassoc", 1},
                                              {"nnan", 2},
                                              {"ninf", 4},
                                              {"nsz", 8},
                                              {"arcp", 16},
                                              {"contract", 32},
                                              {"afn", 64},
                                              {"fast", 127}},
                                             ",", "Floating point fast math flags", /*printPrimaryGroups=*/true);
    e.cppType = "::mlir::arith::FastMathFlags";
    return e;
  }();
  return info;
}

const ods::EnumInfo &arith::getIntegerOverflowFlagsInfo() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::bitEnum("IntegerOverflowFlags", 32, {{"none", 0}, {"nsw", 1}, {"nuw", 2}}, ", ",
                                             "Integer overflow arith flags", /*printPrimaryGroups=*/true);
    e.cppType = "::mlir::arith::IntegerOverflowFlags";
    return e;
  }();
  return info;
}

const ods::EnumInfo &arith::getCmpIPredicateInfo() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::intEnum("CmpIPredicate", 64,
                                             {{"eq", 0},
                                              {"ne", 1},
                                              {"slt", 2},
                                              {"sle", 3},
                                              {"sgt", 4},
                                              {"sge", 5},
                                              {"ult", 6},
                                              {"ule", 7},
                                              {"ugt", 8},
                                              {"uge", 9}});
    e.cppType = "::mlir::arith::CmpIPredicate";
    return e;
  }();
  return info;
}

const ods::EnumInfo &arith::getCmpFPredicateInfo() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::intEnum("CmpFPredicate", 64,
                                             {{"AlwaysFalse", 0, "false"},
                                              {"OEQ", 1, "oeq"},
                                              {"OGT", 2, "ogt"},
                                              {"OGE", 3, "oge"},
                                              {"OLT", 4, "olt"},
                                              {"OLE", 5, "ole"},
                                              {"ONE", 6, "one"},
                                              {"ORD", 7, "ord"},
                                              {"UEQ", 8, "ueq"},
                                              {"UGT", 9, "ugt"},
                                              {"UGE", 10, "uge"},
                                              {"ULT", 11, "ult"},
                                              {"ULE", 12, "ule"},
                                              {"UNE", 13, "une"},
                                              {"UNO", 14, "uno"},
                                              {"AlwaysTrue", 15, "true"}});
    e.cppType = "::mlir::arith::CmpFPredicate";
    return e;
  }();
  return info;
}

const ods::EnumInfo &arith::getRoundingModeInfo() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::intEnum("RoundingMode", 32,
                                             {{"to_nearest_even", 0},
                                              {"downward", 1},
                                              {"upward", 2},
                                              {"toward_zero", 3},
                                              {"to_nearest_away", 4}},
                                             "Floating point rounding mode");
    e.cppType = "::mlir::arith::RoundingMode";
    return e;
  }();
  return info;
}

//===----------------------------------------------------------------------===//
// Bit enum parameters
//===----------------------------------------------------------------------===//

/// The `value` parameter of `#arith.fastmath` / `#arith.overflow`: as
/// BitEnumAttr's parameterParser, cases separated by commas, each a keyword
/// or a string (LLVM 22 accepts `overflow<"nsw">`).
static ods::ParamSpec bitEnumParam(const ods::EnumInfo &info) {
  ods::ParamSpec spec;
  spec.name = "value";
  spec.kind = ods::ParamKind::Enum;
  spec.enumInfo = &info;
  spec.cppType = info.cppType;
  spec.parse = [&info](AsmParser &parser, ods::ParamValue &v) -> ParseResult {
    uint64_t flags = 0;
    SMLoc loc = parser.getCurrentLocation();
    do {
      std::string keyword;
      if (parser.parseKeywordOrString(&keyword))
        return failure();
      std::optional<uint64_t> value = info.symbolize(keyword);
      if (!value) {
        InFlightDiagnostic diag = parser.emitError(loc, "expected ");
        diag << info.cppType << " to be one of: ";
        for (size_t i = 0; i < info.cases.size(); ++i)
          diag << (i ? ", " : "") << info.cases[i].str;
        return failure();
      }
      flags |= *value;
    } while (succeeded(parser.parseOptionalComma()));
    v.u = flags;
    return success();
  };
  return spec;
}

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

TypedAttr ConstantOp::getValue() const {
  return dyn_cast_or_null<TypedAttr>(ods::getInherentAttr(state, "value"));
}

CmpIPredicate CmpIOp::getPredicate() const {
  auto attr = dyn_cast_or_null<IntegerAttr>(ods::getInherentAttr(state, "predicate"));
  return CmpIPredicate(attr ? attr.getUInt() : 0);
}

CmpFPredicate CmpFOp::getPredicate() const {
  auto attr = dyn_cast_or_null<IntegerAttr>(ods::getInherentAttr(state, "predicate"));
  return CmpFPredicate(attr ? attr.getUInt() : 0);
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

namespace {
/// MLIR's ArithInlinerInterface: every arith op can be inlined.
struct ArithInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

ArithDialect::ArithDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<ArithDialect>()) {
  addAttributes<FastMathFlagsAttr, IntegerOverflowFlagsAttr>();
  ods::AttrDef<FastMathFlagsAttr>("fastmath", "Arith_FastMathAttr")
      .param(bitEnumParam(getFastMathFlagsInfo()))
      .format("`<` $value `>`")
      .registerIn(attrTypes);
  ods::AttrDef<IntegerOverflowFlagsAttr>("overflow", "Arith_IntegerOverflowAttr")
      .param(bitEnumParam(getIntegerOverflowFlagsInfo()))
      .format("`<` $value `>`")
      .registerIn(attrTypes);
  ods::registerOpsOnce(*this, [](Dialect &d) { registerArithOps(static_cast<ArithDialect &>(d)); });
  registerArithFolders(*this);
  registerArithCanonicalization(*this);
  registerArithIntRangeInference(*this);
  addInlinerInterface<ArithInlinerInterface>(this);
}

ArithDialect::~ArithDialect() = default;

Attribute ArithDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void ArithDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
