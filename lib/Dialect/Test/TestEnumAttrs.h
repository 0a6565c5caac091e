//===- TestEnumAttrs.h - The enum attributes of the test dialect -*- C++ -*-===//
//
// TestEnumAttr (`#test<enum first>`), TestBitEnumAttr
// (`#test.bit_enum<read, write>`) and TestBitEnumVerticalBarAttr
// (`#test.bit_enum_vbar<user | group>`), as TestOps.td and TestEnumDefs.td
// define them: each holds the enum's 32-bit value.
//
#pragma once

#include "lamina/ODS/AttrTypeDef.h"
#include "lamina/ODS/EnumDef.h"

namespace lamina::testdialect {

class TestEnumAttr : public Attribute::AttrBase<TestEnumAttr, Attribute, ods::AttrParamStorage<uint32_t>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.enum";
  static TestEnumAttr get(MLIRContext *ctx, uint32_t value) { return Base::get(ctx, value); }
  uint32_t getValue() const { return std::get<0>(getImpl()->params); }
};

class TestBitEnumAttr : public Attribute::AttrBase<TestBitEnumAttr, Attribute, ods::AttrParamStorage<uint32_t>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.bit_enum";
  static TestBitEnumAttr get(MLIRContext *ctx, uint32_t value) { return Base::get(ctx, value); }
  uint32_t getValue() const { return std::get<0>(getImpl()->params); }
};

class TestBitEnumVerticalBarAttr
    : public Attribute::AttrBase<TestBitEnumVerticalBarAttr, Attribute, ods::AttrParamStorage<uint32_t>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "test.bit_enum_vbar";
  static TestBitEnumVerticalBarAttr get(MLIRContext *ctx, uint32_t value) { return Base::get(ctx, value); }
  uint32_t getValue() const { return std::get<0>(getImpl()->params); }
};

/// The enums (TestEnumDefs.td's TestEnum, TestBitEnum, TestBitEnumVerticalBar).
const ods::EnumInfo &testEnumInfo();
const ods::EnumInfo &testBitEnumInfo();
const ods::EnumInfo &testBitEnumVerticalBarInfo();

/// Registers the syntax of these attributes (at the first call).
void registerEnumAttrSyntax();
/// Whether `mnemonic` names one of these attributes.
bool isEnumAttrMnemonic(std::string_view mnemonic);
/// Parses one of them (the parser is on its mnemonic).
Attribute parseEnumAttr(DialectAsmParser &parser, Type type, const Dialect &dialect);
/// Prints one of them; false for another attribute.
bool printEnumAttr(Attribute attr, DialectAsmPrinter &printer);

} // namespace lamina::testdialect
