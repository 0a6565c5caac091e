//===- LLVMAttrs.cpp - The llvm dialect's attributes -----------------------===//
//
// What MLIR writes by hand for the llvm dialect's attributes (LLVMAttrs.cpp):
// the base classes of the debug-info and TBAA attributes, the DWARF-named
// parameters of the debug-info attributes (`tag = DW_TAG_base_type`), the
// members of TBAA type descriptors, the `custom<ExpressionArg>` directive of
// `#llvm.di_expression` operations, `#llvm.constant_range`'s syntax, and the
// verifiers the AttrDefs declare (genVerifyDecl).
//
#include "lamina/Dialect/LLVMIR/LLVMDialect.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::LLVM;

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

bool DINodeAttr::classof(Attribute attr) {
  return isa<DIBasicTypeAttr, DICommonBlockAttr, DICompileUnitAttr, DICompositeTypeAttr, DIDerivedTypeAttr,
             DIFileAttr, DIGenericSubrangeAttr, DIGlobalVariableAttr, DIImportedEntityAttr, DILabelAttr,
             DILexicalBlockAttr, DILexicalBlockFileAttr, DILocalVariableAttr, DIModuleAttr, DINamespaceAttr,
             DINullTypeAttr, DIAnnotationAttr, DIStringTypeAttr, DISubprogramAttr, DISubrangeAttr,
             DISubroutineTypeAttr>(attr);
}

bool DIScopeAttr::classof(Attribute attr) {
  return isa<DICommonBlockAttr, DICompileUnitAttr, DICompositeTypeAttr, DIFileAttr, DIModuleAttr,
             DINamespaceAttr>(attr) ||
         DILocalScopeAttr::classof(attr);
}

bool DILocalScopeAttr::classof(Attribute attr) {
  return isa<DILexicalBlockAttr, DILexicalBlockFileAttr, DISubprogramAttr>(attr);
}

bool DITypeAttr::classof(Attribute attr) {
  return isa<DINullTypeAttr, DIBasicTypeAttr, DICompositeTypeAttr, DIDerivedTypeAttr, DIStringTypeAttr,
             DISubroutineTypeAttr>(attr);
}

bool DIVariableAttr::classof(Attribute attr) { return isa<DILocalVariableAttr, DIGlobalVariableAttr>(attr); }

bool TBAANodeAttr::classof(Attribute attr) { return isa<TBAATypeDescriptorAttr, TBAARootAttr>(attr); }

//===----------------------------------------------------------------------===//
// DWARF names
//===----------------------------------------------------------------------===//

namespace {
struct DwarfName {
  unsigned value;
  std::string_view name;
};
#define DWARF_TAG(VALUE, NAME) {VALUE, NAME},
constexpr DwarfName kTags[] = {
#include "DwarfNames.def"
};
#define DWARF_ATE(VALUE, NAME) {VALUE, NAME},
constexpr DwarfName kEncodings[] = {
#include "DwarfNames.def"
};
#define DWARF_LANG(VALUE, NAME) {VALUE, NAME},
constexpr DwarfName kLanguages[] = {
#include "DwarfNames.def"
};
#define DWARF_OP(VALUE, NAME) {VALUE, NAME},
constexpr DwarfName kOperations[] = {
#include "DwarfNames.def"
};
#define DWARF_CC(VALUE, NAME) {VALUE, NAME},
constexpr DwarfName kConventions[] = {
#include "DwarfNames.def"
};

/// The value of `name` (the first listed), or `missing`.
template <size_t N> unsigned lookupDwarf(const DwarfName (&table)[N], std::string_view name, unsigned missing) {
  for (const DwarfName &d : table)
    if (d.name == name)
      return d.value;
  return missing;
}
/// The name of `value`, or "" when unknown.
template <size_t N> std::string_view nameOfDwarf(const DwarfName (&table)[N], unsigned value) {
  for (const DwarfName &d : table)
    if (d.value == value)
      return d.name;
  return "";
}

/// The DW_TAG_invalid of LLVM's lookups.
constexpr unsigned kInvalidTag = ~0u;

/// A DWARF-named unsigned parameter (MLIR's LLVM_DIParameter): a keyword
/// looked up in `table`, `missing` when unknown.
template <size_t N>
ods::ParamSpec dwarfParam(std::string name, const DwarfName (&table)[N], unsigned missing, const char *summary) {
  ods::ParamSpec s;
  s.name = std::move(name);
  s.kind = ods::ParamKind::UInt;
  s.cppType = "unsigned";
  const DwarfName *begin = table;
  size_t size = N;
  s.parse = [begin, size, missing, summary](AsmParser &parser, ods::ParamValue &v) -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    std::string_view keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    unsigned value = missing;
    for (size_t i = 0; i < size; ++i)
      if (begin[i].name == keyword) {
        value = begin[i].value;
        break;
      }
    if (value == missing)
      return parser.emitError(loc) << "invalid debug info " << summary << " name: " << keyword;
    v.u = value;
    return success();
  };
  s.print = [begin, size](AsmPrinter &printer, const ods::ParamValue &v) {
    for (size_t i = 0; i < size; ++i)
      if (begin[i].value == v.u) {
        printer << begin[i].name;
        return;
      }
  };
  return s;
}
} // namespace

ods::ParamSpec LLVM::diTagParam(std::string name) { return dwarfParam(std::move(name), kTags, kInvalidTag, "tag"); }
ods::ParamSpec LLVM::diEncodingParam(std::string name) {
  return dwarfParam(std::move(name), kEncodings, 0, "encoding");
}
ods::ParamSpec LLVM::diLanguageParam(std::string name) {
  return dwarfParam(std::move(name), kLanguages, 0, "language");
}
ods::ParamSpec LLVM::diCallingConventionParam(std::string name) {
  return dwarfParam(std::move(name), kConventions, 0, "calling convention");
}
ods::ParamSpec LLVM::diOperationEncodingParam(std::string name) {
  return dwarfParam(std::move(name), kOperations, 0, "operation encoding");
}

std::string_view LLVM::getDwarfTagString(unsigned value) { return nameOfDwarf(kTags, value); }
std::string_view LLVM::getDwarfAttributeEncodingString(unsigned value) { return nameOfDwarf(kEncodings, value); }
unsigned LLVM::getDwarfAttributeEncoding(std::string_view name) { return lookupDwarf(kEncodings, name, 0); }

/// The value of DW_OP_LLVM_convert.
static constexpr uint64_t kOpLLVMConvert = 0x1001;

/// The operands of a DWARF expression operation after `(`: integers, and
/// for DW_OP_LLVM_convert an attribute encoding keyword after the first.
ParseResult LLVM::parseExpressionArg(AsmParser &parser, ArrayRef<ods::ParamValue *> args) {
  uint64_t opcode = args[0]->u;
  std::vector<uint64_t> &operands = args[1]->uints;
  auto parseOperand = [&]() -> ParseResult {
    uint64_t operand = 0;
    if (!operands.empty() && opcode == kOpLLVMConvert) {
      std::string_view keyword;
      if (succeeded(parser.parseOptionalKeyword(&keyword))) {
        operand = getDwarfAttributeEncoding(keyword);
        if (operand == 0)
          return parser.emitError(parser.getCurrentLocation())
                 << "encountered unknown attribute encoding \"" << keyword << "\"";
      }
    }
    if (operand == 0 && parser.parseInteger(operand))
      return parser.emitError(parser.getCurrentLocation(), "expected integer operand");
    operands.push_back(operand);
    return success();
  };
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::None, parseOperand);
}

void LLVM::printExpressionArg(AsmPrinter &printer, ArrayRef<const ods::ParamValue *> args) {
  uint64_t opcode = args[0]->u;
  const std::vector<uint64_t> &operands = args[1]->uints;
  for (size_t i = 0; i < operands.size(); ++i) {
    if (i)
      printer << ", ";
    if (i > 0 && opcode == kOpLLVMConvert) {
      std::string_view keyword = getDwarfAttributeEncodingString(unsigned(operands[i]));
      if (!keyword.empty()) {
        printer << keyword;
        continue;
      }
    }
    printer << (unsigned long long)operands[i];
  }
}

//===----------------------------------------------------------------------===//
// TBAA type descriptor members
//===----------------------------------------------------------------------===//

ods::ParamSpec LLVM::tbaaMembersParam(std::string name) {
  ods::ParamSpec s = ods::arrayParam(ods::classParam<TBAAMemberAttr>(std::move(name), "::llvm::ArrayRef<TBAAMemberAttr>"));
  const ods::AttrClass *cls = s.attrClass;
  s.parse = [cls](AsmParser &parser, ods::ParamValue &v) -> ParseResult {
    if (parser.parseLBrace())
      return failure();
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::None, [&]() -> ParseResult {
          SMLoc loc = parser.getCurrentLocation();
          Attribute member;
          if (parser.parseCustomAttributeWithFallback(member, Type(), [&](Attribute &result, Type t) -> ParseResult {
                result = cls->parse(parser, t);
                return success(bool(result));
              }))
            return failure();
          if (!isa<TBAAMemberAttr>(member))
            return parser.emitError(loc, "invalid kind of attribute specified");
          v.attrs.push_back(member);
          return success();
        }))
      return failure();
    return parser.parseRBrace();
  };
  s.print = [cls](AsmPrinter &printer, const ods::ParamValue &v) {
    printer << '{';
    for (size_t i = 0; i < v.attrs.size(); ++i) {
      if (i)
        printer << ", ";
      if (failed(printer.printAlias(v.attrs[i])))
        cls->print(v.attrs[i], printer);
    }
    printer << '}';
  };
  return s;
}

//===----------------------------------------------------------------------===//
// #llvm.constant_range
//===----------------------------------------------------------------------===//

/// `<iN, lower, upper>`.
Attribute ConstantRangeAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  Type widthType;
  if (parser.parseLess() || parser.parseType(widthType))
    return Attribute();
  auto intType = dyn_cast<IntegerType>(widthType);
  if (!intType)
    return (void)parser.emitError(loc, "invalid kind of type specified"), Attribute();
  if (parser.parseComma())
    return Attribute();
  unsigned width = intType.getWidth();
  APInt bounds[2];
  for (int i = 0; i < 2; ++i) {
    if (i && parser.parseComma())
      return Attribute();
    SMLoc intLoc = parser.getCurrentLocation();
    std::optional<ParseResult> r = parser.parseOptionalInteger(bounds[i]);
    if (!r.has_value())
      return (void)parser.emitError(intLoc, "expected integer value"), Attribute();
    if (failed(*r))
      return Attribute();
    bounds[i] = bounds[i].sextOrTrunc(width);
  }
  if (parser.parseGreater())
    return Attribute();
  Location errorLoc = parser.getEncodedSourceLoc(loc);
  return getChecked([&] { return emitError(errorLoc); }, parser.getContext(), bounds[0], bounds[1]);
}

void ConstantRangeAttr::print(AsmPrinter &printer) const {
  printer << "<i" << getLower().getBitWidth() << ", " << getLower().toString(10, /*isSigned=*/true) << ", "
          << getUpper().toString(10, /*isSigned=*/true) << ">";
}

LogicalResult ConstantRangeAttr::verify(function_ref<InFlightDiagnostic()> emitError, APInt lower, APInt upper) {
  if (lower.getBitWidth() != upper.getBitWidth())
    return emitError() << "expected lower and upper to have matching bitwidths but got " << lower.getBitWidth()
                       << " vs. " << upper.getBitWidth();
  return success();
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult AliasScopeAttr::verify(function_ref<InFlightDiagnostic()> emitError, Attribute id,
                                     AliasScopeDomainAttr, StringAttr) {
  if (!isa<StringAttr, DistinctAttr>(id))
    return emitError() << "id of an alias scope must be a StringAttr or a DistrinctAttr";
  return success();
}

LogicalResult TargetFeaturesAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                         ArrayRef<StringAttr> features) {
  for (StringAttr featureAttr : features) {
    if (!featureAttr || featureAttr.getValue().empty())
      return emitError() << "empty target feature";
    std::string_view feature = featureAttr.getValue();
    if (feature.find(',') != std::string_view::npos)
      return emitError() << "target features can not contain ','";
    if (feature.front() != '+' && feature.front() != '-')
      return emitError() << "target features must start with '+' or '-'";
  }
  return success();
}

LogicalResult ModuleFlagAttr::verify(function_ref<InFlightDiagnostic()> emitError, ModFlagBehavior, StringAttr key,
                                     Attribute value) {
  if (key.getValue() == "CG Profile") {
    auto array = dyn_cast<ArrayAttr>(value);
    bool ok = bool(array);
    if (array)
      for (Attribute a : array.getValue())
        ok &= isa<ModuleFlagCGProfileEntryAttr>(a);
    if (!ok)
      return emitError() << "'CG Profile' key expects an array of '#llvm.cgprofile_entry'";
    return success();
  }
  if (key.getValue() == "ProfileSummary") {
    if (!isa<ModuleFlagProfileSummaryAttr>(value))
      return emitError() << "'ProfileSummary' key expects a '#llvm.profile_summary' attribute";
    return success();
  }
  if (isa<IntegerAttr, StringAttr>(value))
    return success();
  return emitError() << "only integer and string values are currently supported for unknown key '"
                     << key.getValue() << "'";
}
