//===- TestEnumAttrs.cpp - The enum attributes of the test dialect --------===//
//
// Their syntax is registered in a table built on first use, so that a
// lamina-opt run that never writes them does no work for them.
//
#include "TestEnumAttrs.h"

using namespace lamina;
using namespace lamina::testdialect;

const ods::EnumInfo &testdialect::testEnumInfo() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::intEnum("TestEnum", 32, {{"First", 0, "first"}, {"Second", 1, "second"},
                                                              {"Third", 2, "third"}},
                                             "a test enum");
    e.cppType = "test::TestEnum";
    return e;
  }();
  return info;
}

const ods::EnumInfo &testdialect::testBitEnumInfo() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::bitEnum("TestBitEnum", 32,
                                             {{"Read", 1, "read"}, {"Write", 2, "write"}, {"Execute", 4, "execute"}},
                                             ", ", "a test bit enum");
    e.cppType = "test::TestBitEnum";
    return e;
  }();
  return info;
}

const ods::EnumInfo &testdialect::testBitEnumVerticalBarInfo() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::bitEnum("TestBitEnumVerticalBar", 32,
                                             {{"User", 1, "user"}, {"Group", 2, "group"}, {"Other", 4, "other"}},
                                             " | ", "another test bit enum");
    e.cppType = "test::TestBitEnumVerticalBar";
    return e;
  }();
  return info;
}

static const ods::DialectAttrTypes &enumAttrTable() {
  static const ods::DialectAttrTypes table = [] {
    ods::DialectAttrTypes t;
    ods::AttrDef<TestEnumAttr>("enum", "TestEnumAttr")
        .enumParam("value", testEnumInfo())
        .format("$value")
        .registerIn(t);
    ods::AttrDef<TestBitEnumAttr>("bit_enum", "TestBitEnumAttr")
        .enumParam("value", testBitEnumInfo(), /*field=*/true)
        .format("`<` $value `>`")
        .registerIn(t);
    ods::AttrDef<TestBitEnumVerticalBarAttr>("bit_enum_vbar", "TestBitEnumVerticalBarAttr")
        .enumParam("value", testBitEnumVerticalBarInfo(), /*field=*/true)
        .format("`<` $value `>`")
        .registerIn(t);
    return t;
  }();
  return table;
}

void testdialect::registerEnumAttrSyntax() { (void)enumAttrTable(); }

bool testdialect::isEnumAttrMnemonic(std::string_view mnemonic) {
  return mnemonic == "enum" || mnemonic == "bit_enum" || mnemonic == "bit_enum_vbar";
}

Attribute testdialect::parseEnumAttr(DialectAsmParser &parser, Type type, const Dialect &dialect) {
  return enumAttrTable().parseAttribute(parser, type, dialect);
}

bool testdialect::printEnumAttr(Attribute attr, DialectAsmPrinter &printer) {
  if (!isa<TestEnumAttr, TestBitEnumAttr, TestBitEnumVerticalBarAttr>(attr))
    return false;
  return enumAttrTable().printAttribute(attr, printer);
}
