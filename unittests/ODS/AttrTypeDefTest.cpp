//===- AttrTypeDefTest.cpp - Parameters of declarative attributes ---------===//
//
// Parameters the importer maps for the dialects to come (gpu, llvm): an
// attribute class of the same dialect (parsed and printed stripped, `<3>`,
// unless written in full), an AffineMap (the bare map) and an attribute
// subclass without a syntax of its own (written in full, "invalid kind of
// attribute specified" otherwise). The forms are MLIR's FieldParser /
// printStrippedAttrOrType behaviour (e.g. `#gpu.loop_dim_map<processor =
// block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>`).
//
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/ODS/AttrTypeDef.h"
#include "lamina/Support/RawOstream.h"

#include <gtest/gtest.h>

#include <string>

using namespace lamina;

namespace {

/// `#pt.inner<3>`.
class InnerAttr : public Attribute::AttrBase<InnerAttr, Attribute, ods::AttrParamStorage<int64_t>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "pt.inner";
  static InnerAttr get(MLIRContext *ctx, int64_t value) { return Base::get(ctx, value); }
  static InnerAttr getChecked(function_ref<InFlightDiagnostic()>, MLIRContext *ctx, int64_t value) {
    return get(ctx, value);
  }
};

/// `#pt.outer<inner = <3>, map = (d0) -> (d0 + 1), n = 5 : i64>`.
class OuterAttr
    : public Attribute::AttrBase<OuterAttr, Attribute, ods::AttrParamStorage<InnerAttr, AffineMap, IntegerAttr>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "pt.outer";
  static OuterAttr getChecked(function_ref<InFlightDiagnostic()>, MLIRContext *ctx, InnerAttr inner, AffineMap map,
                              IntegerAttr n) {
    return Base::get(ctx, inner, map, n);
  }
  InnerAttr getInner() const { return std::get<0>(getImpl()->params); }
  AffineMap getMap() const { return std::get<1>(getImpl()->params); }
};

class ParamTestDialect : public Dialect {
public:
  explicit ParamTestDialect(MLIRContext *ctx) : Dialect("pt", ctx, TypeID::get<ParamTestDialect>()) {
    addAttributes<InnerAttr, OuterAttr>();
    ods::AttrDef<InnerAttr>("inner", "PT_InnerAttr").param("value", "int64_t").format("`<` $value `>`").registerIn(
        attrTypes);
    ods::AttrDef<OuterAttr>("outer", "PT_OuterAttr")
        .param(ods::classParam<InnerAttr>("inner", "InnerAttr"))
        .param(ods::affineMapParam("map"))
        .param(ods::isaParam<IntegerAttr>("n", "IntegerAttr"))
        .format("`<` `inner` `=` $inner `,` `map` `=` $map `,` `n` `=` $n `>`")
        .registerIn(attrTypes);
  }
  static constexpr std::string_view getDialectNamespace() { return "pt"; }
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override {
    return attrTypes.parseAttribute(parser, type, *this);
  }
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override {
    (void)attrTypes.printAttribute(attr, printer);
  }

private:
  ods::DialectAttrTypes attrTypes;
};

/// Parses `text` as an attribute and prints it back, or returns the errors.
std::string roundTrip(std::string_view text) {
  MLIRContext ctx;
  ctx.getOrLoadDialect<ParamTestDialect>();
  std::string errors;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    errors += "error: " + diag.str() + "\n";
    return success();
  });
  Attribute attr = parseAttribute(text, &ctx);
  if (!attr)
    return errors;
  std::string out;
  raw_string_ostream os(out);
  attr.print(os);
  os.flush();
  return out;
}

} // namespace

TEST(AttrTypeDefTest, ClassAffineMapAndIsaParameters) {
  EXPECT_EQ(roundTrip("#pt.outer<inner = <3>, map = (d0) -> (d0 + 1), n = 5>"),
            "#pt.outer<inner = <3>, map = (d0) -> (d0 + 1), n = 5 : i64>");
  // The class parameter may be written in full; it prints stripped.
  EXPECT_EQ(roundTrip("#pt.outer<inner = #pt.inner<4>, map = (d0, d1)[s0] -> (d1, s0), n = 1 : i8>"),
            "#pt.outer<inner = <4>, map = (d0, d1)[s0] -> (d1, s0), n = 1 : i8>");
}

TEST(AttrTypeDefTest, ParameterKindErrors) {
  EXPECT_NE(roundTrip("#pt.outer<inner = <3>, map = (d0) -> (d0), n = #pt.inner<1>>")
                .find("invalid kind of attribute specified"),
            std::string::npos);
  EXPECT_NE(roundTrip("#pt.outer<inner = #pt.outer<inner = <1>, map = (d0) -> (d0), n = 1>, map = (d0) -> (d0), n = 2>")
                .find("invalid kind of attribute specified"),
            std::string::npos);
}
