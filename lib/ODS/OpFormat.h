//===- OpFormat.h - The parsed form of a declarative assembly format -----===//
//
// A format string is parsed once, at finalization, into a small tree of
// FormatElements. The same analysis MLIR's OpFormatGen performs at build
// time is done here: which operand/result types the format mentions, how the
// others are resolved (buildable types, AllTypesMatch & co.), which
// attributes it binds (elided from `attr-dict`), and the printer's spacing
// decisions — which, as in the generated printer, depend only on the format
// and are therefore precomputed per element.
//
#pragma once

#include "InterpretedOpDef.h"

#include <memory>
#include <string>
#include <vector>

namespace lamina {
namespace ods {

/// One element of a format.
struct FormatElement {
  enum Kind : uint8_t {
    Literal,        ///< `keyword` or punctuation; `text`.
    Space,          ///< `` ` ` `` (flag=true) or `` `` `` (flag=false).
    Newline,        ///< `\n`.
    AttrVar,        ///< $attr; `index` into attributes; flag = qualified.
    OperandVar,     ///< $operand; `index`.
    ResultVar,      ///< $result (only inside type directives); `index`.
    RegionVar,      ///< $region; `index`.
    SuccessorVar,   ///< $successor; `index`.
    AttrDict,       ///< attr-dict (flag = with keyword).
    PropDict,       ///< prop-dict.
    Operands,       ///< operands.
    Results,        ///< results (inside type directives).
    Regions,        ///< regions.
    Successors,     ///< successors.
    TypeDirective,  ///< type(arg); children[0]; flag = qualified.
    FunctionalType, ///< functional-type(inputs, results); children[0..1].
    Custom,         ///< custom<Name>(args); `text`, children = args.
    Optional,       ///< (then)? / (then):(else)?; children = then.
    OIList,         ///< oilist(`kw` elems | ...); clauses.
    Ref,            ///< ref(arg) inside custom; children[0].
    String,         ///< "literal" argument of a custom directive.
  };
  Kind kind;
  std::string text;
  int index = -1;
  bool flag = false;
  std::vector<FormatElement *> children;
  /// Optional: the else branch.
  std::vector<FormatElement *> elseChildren;
  /// Optional: the anchor, and the first parseable element of each branch.
  FormatElement *anchor = nullptr;
  unsigned thenParseStart = 0;
  unsigned elseParseStart = 0;
  /// Optional: the anchor is in the else branch (`(`?`) : ($a^)?`): the then
  /// branch is taken when the anchor is absent.
  bool inverted = false;
  /// OIList: the leading literal of each clause, and its elements.
  std::vector<FormatElement *> clauseLiterals;
  std::vector<std::vector<FormatElement *>> clauses;
  /// Custom: the directive implementation.
  const CustomDirective *directive = nullptr;
  /// Printer: emit a space before this element (precomputed).
  bool spaceBefore = false;

  FormatElement(Kind kind) : kind(kind) {}
};

/// How the type of an operand or result not spelled in the format is found.
struct TypeResolution {
  enum Kind : uint8_t {
    None,      ///< In the format (type directive / functional-type).
    Buildable, ///< `build(ctx)` of the constraint.
    Operand,   ///< The types of operand `index`.
    Result,    ///< The types of result `index`.
    Attribute, ///< The type of (typed) attribute `index`.
  };
  Kind kind = None;
  int index = -1;
  Type (*build)(MLIRContext *) = nullptr;
  /// TypesMatchWith transformer, if any.
  TypeTransformFn transform = nullptr;
  bool transformIsRange = false;
};

/// A parsed assembly format with its static analysis.
class OpFormat {
public:
  std::vector<std::unique_ptr<FormatElement>> storage;
  std::vector<FormatElement *> elements;

  bool allOperands = false;
  bool allOperandTypes = false;
  bool allResultTypes = false;
  bool infersResultTypes = false;
  bool hasPropDict = false;
  bool hasAllRegions = false;
  bool hasAllSuccessors = false;
  bool hasImplicitTermTrait = false;
  bool hasSingleBlockTrait = false;
  std::string implicitTerminator;

  std::vector<TypeResolution> operandTypes;
  std::vector<TypeResolution> resultTypes;
  /// Attribute indices bound by the format (elided from attr-dict).
  std::vector<unsigned> usedAttributes;
  /// Attributes inferred by the format (VariadicOfVariadic segments).
  std::vector<std::string> inferredAttributes;
  /// Names the attr-dict printer always elides (used attributes, segment
  /// sizes, inferred attributes).
  std::vector<std::string_view> elidedAttrNames;
  /// Variables whose types are transformed (checked before resolution).
  std::vector<std::pair<bool, int>> transformedVars; // (isOperand, index)

  FormatElement *create(FormatElement::Kind kind) {
    storage.push_back(std::make_unique<FormatElement>(kind));
    return storage.back().get();
  }
};

/// Parses `text` for `def`; on error fills `error`.
std::unique_ptr<OpFormat> parseOpFormat(InterpretedOpDef &def, std::string_view text, std::string &error);

/// The OperationInfo hooks interpreting the format of the op being parsed /
/// printed.
ParseResult parseOpWithFormat(OpAsmParser &parser, OperationState &state);
void printOpWithFormat(Operation *op, OpAsmPrinter &printer);

/// Parses the format literal `text` (a keyword or punctuation), as op and
/// attribute/type formats both do; the optional form returns whether it was
/// there.
ParseResult parseFormatLiteral(AsmParser &parser, std::string_view text);
bool parseOptionalFormatLiteral(AsmParser &parser, std::string_view text);

/// True if `value` can be printed as a bare keyword (MLIR's
/// canFormatStringAsKeyword).
bool canFormatStringAsKeyword(std::string_view value);

} // namespace ods
} // namespace lamina
