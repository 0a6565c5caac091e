//===- FloatPrintDriver.cpp - Prints floats the way mlir-opt would
//---------===//
//
// Part of Lamina, a from-scratch implementation of MLIR.
//
//===----------------------------------------------------------------------===//
//
// A test-only tool for utils/check-floats.py. Each input line is
//   <type> <literal>
// where <type> is an MLIR float type keyword (f32, f8E4M3FN, ...) and
// <literal> is an MLIR float literal: a decimal float ("-1.5e3"), which
// mlir-opt reads as a double and then converts to the type, or a hex integer
// ("0x7FC00000"), which is the raw bit pattern. Each output line is the
// spelling mlir-opt's printer would use for the resulting value. A line of
// the form "dense <type> <literal>" prints the value as an element of a dense
// elements attribute, which stores (and so round trips through) the bit
// pattern. A line "int <type> <literal>" prints an integer attribute's value
// the way mlir-opt does (signless and signed as signed, unsigned as unsigned).
//
//===----------------------------------------------------------------------===//

#include "lamina/Support/APFloat.h"

#include <cstdio>
#include <iostream>
#include <string>

using namespace lamina;

static const FltSemantics *lookupFloatType(std::string_view name) {
  for (unsigned k = 0; k < unsigned(FloatKind::Scratch); ++k) {
    const FltSemantics &sem = APFloat::getSemantics(FloatKind(k));
    if (name == sem.name)
      return &sem;
  }
  return nullptr;
}

static std::string printFloat(const FltSemantics &sem, std::string_view lit,
                              bool viaBits) {
  bool negative = !lit.empty() && lit[0] == '-';
  std::string_view body = negative ? lit.substr(1) : lit;
  if (body.size() > 1 && body[1] == 'x') {
    if (negative)
      return "error: hexadecimal float literal should not have a leading minus";
    std::optional<APInt> bits = APInt::fromString(body.substr(2), 16);
    if (!bits || bits->getActiveBits() > sem.sizeInBits)
      return "error: hexadecimal float constant out of range for type";
    APFloat value = APFloat::fromBits(sem, bits->zextOrTrunc(sem.sizeInBits));
    std::string out;
    printFloatValue(value, out);
    return out;
  }
  std::optional<APFloat> parsed = APFloat::parse(APFloat::IEEEdouble(), body);
  if (!parsed)
    return "error: bad float literal";
  APFloat value = negative ? -*parsed : *parsed;
  bool losesInfo;
  value.convert(sem, RoundingMode::NearestTiesToEven, &losesInfo);
  if (viaBits)
    value = APFloat::fromBits(sem, value.bitcastToAPInt());
  std::string out;
  printFloatValue(value, out);
  return out;
}

static std::string printInt(std::string_view type, std::string_view lit) {
  bool negative = !lit.empty() && lit[0] == '-';
  std::string_view body = negative ? lit.substr(1) : lit;
  bool isHex = body.size() > 1 && body[1] == 'x';
  std::optional<APInt> value = isHex ? APInt::fromString(body.substr(2), 16)
                                     : APInt::fromString(body, 10);
  if (!value)
    return "error: bad integer literal";
  bool isUnsigned = type.starts_with("ui");
  size_t digits = type.find_first_of("0123456789");
  unsigned width = 0;
  for (char c : type.substr(digits))
    width = width * 10 + unsigned(c - '0');
  APInt result = value->zextOrTrunc(std::max(width, value->getBitWidth()) + 1);
  if (negative)
    result.negate();
  result = result.trunc(width);
  return result.toString(10, /*isSigned=*/!isUnsigned);
}

int main() {
  std::string line;
  std::string out;
  while (std::getline(std::cin, line)) {
    if (line.empty())
      continue;
    size_t space = line.find(' ');
    std::string_view first(line.data(), space);
    std::string_view rest(line.data() + space + 1, line.size() - space - 1);
    if (first == "int" || first == "dense") {
      size_t space2 = rest.find(' ');
      std::string_view type = rest.substr(0, space2);
      std::string_view lit = rest.substr(space2 + 1);
      if (first == "int")
        out += printInt(type, lit);
      else if (const FltSemantics *sem = lookupFloatType(type))
        out += printFloat(*sem, lit, /*viaBits=*/true);
      else
        out += "error: unknown type";
    } else if (const FltSemantics *sem = lookupFloatType(first)) {
      out += printFloat(*sem, rest, /*viaBits=*/false);
    } else {
      out += "error: unknown type";
    }
    out += '\n';
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
