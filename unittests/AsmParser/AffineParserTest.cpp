//===- AffineParserTest.cpp - Affine maps/expressions over SSA operands ----===//
//
// The affine dialect's custom syntax (`affine.load %A[%i + symbol(%n)]`)
// reaches the affine parser only through OpAsmParser::parseAffineMapOfSSAIds
// and parseAffineExprOfSSAIds, and dialect attributes through
// AsmParser::parseAffineExpr. These tests drive those entry points through a
// small test dialect. Expected maps, operand orders and error columns are
// mlir-opt 22.1.8's for the same bodies inside `affine.load %A[...]`.
//
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/IR/AffineMap.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/IR/Operation.h"
#include "lamina/IR/OperationSupport.h"
#include "lamina/Support/RawOstream.h"
#include "lamina/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <string>

using namespace lamina;

namespace {

struct IndexOpTag;
struct IndexParenOpTag;
struct ExprOpTag;
struct NamedExprOpTag;

/// Resolves `operands` as `index` values into `state`.
ParseResult resolveIndexOperands(OpAsmParser &parser, ArrayRef<OpAsmParser::UnresolvedOperand> operands,
                                 OperationState &state) {
  return parser.resolveOperands(operands, parser.getBuilder().getIndexType(), state.operands);
}

/// `test.index [affine-exprs]`: like affine.load's indices.
ParseResult parseIndexOp(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  Attribute map;
  if (parser.parseAffineMapOfSSAIds(operands, map, "map", state.attributes, AsmParser::Delimiter::Square))
    return failure();
  return resolveIndexOperands(parser, operands, state);
}

/// `test.index_paren (affine-exprs)`.
ParseResult parseIndexParenOp(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  Attribute map;
  if (parser.parseAffineMapOfSSAIds(operands, map, "map", state.attributes, AsmParser::Delimiter::Paren))
    return failure();
  return resolveIndexOperands(parser, operands, state);
}

/// `test.expr affine-expr`: one expression; stored as a one-result map.
ParseResult parseExprOp(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::UnresolvedOperand, 4> dims, symbols;
  AffineExpr expr;
  if (parser.parseAffineExprOfSSAIds(dims, symbols, expr))
    return failure();
  state.addAttribute("map", AffineMapAttr::get(AffineMap::get(dims.size(), symbols.size(), expr)));
  dims.insert(dims.end(), symbols.begin(), symbols.end());
  return resolveIndexOperands(parser, dims, state);
}

/// `test.named_expr affine-expr` over the names x (d0), y (s0) and a second
/// x (s1, shadowed by the first).
ParseResult parseNamedExprOp(OpAsmParser &parser, OperationState &state) {
  MLIRContext *ctx = parser.getContext();
  std::pair<std::string_view, AffineExpr> names[] = {
      {"x", getAffineDimExpr(0, ctx)}, {"y", getAffineSymbolExpr(0, ctx)}, {"x", getAffineSymbolExpr(1, ctx)}};
  AffineExpr expr;
  if (parser.parseAffineExpr(names, expr))
    return failure();
  state.addAttribute("map", AffineMapAttr::get(AffineMap::get(1, 2, expr)));
  return success();
}

class TestAffineDialect : public Dialect {
public:
  explicit TestAffineDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<TestAffineDialect>()) {
    add<IndexOpTag>("testaff.index", parseIndexOp);
    add<IndexParenOpTag>("testaff.index_paren", parseIndexParenOp);
    add<ExprOpTag>("testaff.expr", parseExprOp);
    add<NamedExprOpTag>("testaff.named_expr", parseNamedExprOp);
  }
  static constexpr std::string_view getDialectNamespace() { return "testaff"; }

private:
  template <typename Tag> void add(std::string_view name, ParseResult (*parse)(OpAsmParser &, OperationState &)) {
    OperationInfo info;
    info.parse = parse;
    OperationName::insert(name, *this, TypeID::get<Tag>(), info, {"map"});
  }
};

/// Parses `body` after definitions of %i, %j, %n, %m (index) and %r (two
/// index results); returns the generic print of the last op, or
/// "error <column> <message>" for each error (columns 1-based).
std::string parse(std::string_view body) {
  MLIRContext ctx;
  ctx.allowUnregisteredDialects();
  ctx.getOrLoadDialect<TestAffineDialect>();
  std::string src = "%i, %j, %n, %m = \"t.def\"() : () -> (index, index, index, index)\n"
                    "%r:2 = \"t.def\"() : () -> (index, index)\n";
  src += body;
  src += "\n";
  SourceMgr sourceMgr;
  sourceMgr.addNewSourceBuffer(MemoryBuffer::getMemBufferCopy(src, "in"));
  std::string errors;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    auto loc = dyn_cast<FileLineColLoc>(LocationAttr(diag.getLocation()));
    errors += "error " + std::to_string(loc ? loc.getColumn() : 0) + " " + diag.str() + "\n";
    return success();
  });
  ParserConfig config(&ctx);
  Operation *module = parseSourceFileForTool(sourceMgr, 1, config);
  if (!module)
    return errors;
  std::string out;
  raw_string_ostream os(out);
  module->print(os, OpPrintingFlags().printGenericOpForm().useLocalScope());
  os.flush();
  module->destroy();
  // The last op of the module body, trimmed.
  size_t end = out.rfind("\n}) : () -> ()");
  size_t begin = out.rfind('\n', end - 1) + 1;
  std::string line = out.substr(begin, end - begin);
  return line.substr(line.find_first_not_of(' '));
}

std::string index(std::string_view indices) { return parse("testaff.index [" + std::string(indices) + "]"); }

/// The error for `testaff.index [indices]`, with the column counted from '['
/// (as the reference columns are).
std::string indexError(std::string_view indices) {
  std::string result = index(indices);
  if (result.rfind("error ", 0) != 0)
    return "no error: " + result;
  size_t space = result.find(' ', 6);
  int column = std::stoi(result.substr(6, space - 6)) - int(std::string_view("testaff.index ").size() + 1);
  return std::to_string(column) + ":" + result.substr(space, result.find('\n') - space);
}

} // namespace

TEST(AffineParserTest, SSADimsAndSymbols) {
  EXPECT_EQ(index("%i + 1, symbol(%n) * 2"),
            "\"testaff.index\"(%0#0, %0#2) <{map = affine_map<(d0)[s0] -> (d0 + 1, s0 * 2)>}> : (index, index) -> ()");
  // A repeated name refers back to the same dim or symbol, whichever way it
  // is written the second time.
  EXPECT_EQ(index("%i + %j, %i * 2, %j"),
            "\"testaff.index\"(%0#0, %0#1) <{map = affine_map<(d0, d1) -> (d0 + d1, d0 * 2, d1)>}> : (index, index) -> ()");
  EXPECT_EQ(index("symbol(%n) + %n, %i"),
            "\"testaff.index\"(%0#0, %0#2) <{map = affine_map<(d0)[s0] -> (s0 * 2, d0)>}> : (index, index) -> ()");
  EXPECT_EQ(index("%i + symbol(%i)"),
            "\"testaff.index\"(%0#0) <{map = affine_map<(d0) -> (d0 * 2)>}> : (index) -> ()");
  // Dim operands come first, then symbols, each in order of first use.
  EXPECT_EQ(index("%i * symbol(%n), %j floordiv symbol(%m), %j mod 4"),
            "\"testaff.index\"(%0#0, %0#1, %0#2, %0#3) <{map = affine_map<(d0, d1)[s0, s1] -> (d0 * s0, d1 floordiv s1, "
            "d1 mod 4)>}> : (index, index, index, index) -> ()");
  EXPECT_EQ(index("-%i, -(%i + %j) * 3, %i - %j - %n"),
            "\"testaff.index\"(%0#0, %0#1, %0#2) <{map = affine_map<(d0, d1, d2) -> (-d0, (d0 + d1) * -3, d0 - d1 - "
            "d2)>}> : (index, index, index) -> ()");
  EXPECT_EQ(index("%i + (%j * symbol(%n)) ceildiv 2"),
            "\"testaff.index\"(%0#0, %0#1, %0#2) <{map = affine_map<(d0, d1)[s0] -> (d0 + (d1 * s0) ceildiv 2)>}> : "
            "(index, index, index) -> ()");
  EXPECT_EQ(index(""), "\"testaff.index\"() <{map = affine_map<() -> ()>}> : () -> ()");
  EXPECT_EQ(index("%r#1 * 2"), "\"testaff.index\"(%1#1) <{map = affine_map<(d0) -> (d0 * 2)>}> : (index) -> ()");
}

TEST(AffineParserTest, SSAErrors) {
  // A repeated SSA name is recognized by its name alone: the `#N` of the
  // second use is left over.
  EXPECT_EQ(indexError("%r#1 + %n, %r#0"), "14: expected ']' in affine map");
  EXPECT_EQ(indexError("%r#0 + %r#1"), "10: expected ']' in affine map");
  EXPECT_EQ(indexError("%i * %j"),
            "4: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic");
  EXPECT_EQ(indexError("%i floordiv %j"),
            "4: non-affine expression: right operand of floordiv has to be either a constant or symbolic");
  EXPECT_EQ(indexError("symbol %n"), "7: expected '(' at start of SSA symbol");
  EXPECT_EQ(indexError("symbol(%n"), "10: expected ')' at end of SSA symbol");
  EXPECT_EQ(indexError("symbol(1)"), "8: expected ssa identifier");
  EXPECT_EQ(indexError("%i +"), "5: missing right operand of binary operator");
  EXPECT_EQ(indexError("x"), "1: use of undeclared identifier");
  EXPECT_EQ(indexError("%i,"), "4: expected affine expression");
  EXPECT_EQ(indexError("(%i"), "4: expected ')'");
  EXPECT_EQ(indexError("()"), "2: no expression inside parentheses");
  EXPECT_EQ(indexError("%i + 9223372036854775808"), "6: constant too large for index");
  EXPECT_EQ(indexError("%r#abc"), "3: invalid SSA value result number");
}

TEST(AffineParserTest, SSAOtherDelimitersAndSingleExpr) {
  EXPECT_EQ(parse("testaff.index_paren (%j, symbol(%n) - %i)"),
            "\"testaff.index_paren\"(%0#1, %0#0, %0#2) <{map = affine_map<(d0, d1)[s0] -> (d0, -d1 + s0)>}> : (index, "
            "index, index) -> ()");
  EXPECT_EQ(parse("testaff.index_paren ()"), "\"testaff.index_paren\"() <{map = affine_map<() -> ()>}> : () -> ()");
  EXPECT_EQ(parse("testaff.expr symbol(%n) * 4 + %j mod symbol(%n)"),
            "\"testaff.expr\"(%0#1, %0#2) <{map = affine_map<(d0)[s0] -> (d0 mod s0 + s0 * 4)>}> : (index, index) -> ()");
}

TEST(AffineParserTest, NamedExpr) {
  // The first definition of a repeated name wins.
  EXPECT_EQ(parse("testaff.named_expr x * y + x floordiv 2"),
            "\"testaff.named_expr\"() <{map = affine_map<(d0)[s0, s1] -> (d0 * s0 + d0 floordiv 2)>}> : () -> ()");
  EXPECT_EQ(parse("testaff.named_expr x * x"),
            "error 22 non-affine expression: at least one of the multiply operands has to be either a constant or "
            "symbolic\n");
  // Wrong-token errors point just past the previous token.
  EXPECT_EQ(parse("testaff.named_expr z"), "error 19 use of undeclared identifier\n");
  EXPECT_EQ(parse("testaff.named_expr %i"), "error 19 unexpected ssa identifier\n");
}
