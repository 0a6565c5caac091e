//===- SPIRVParsingUtils.h - Syntax helpers of the spirv ops ---*- C++ -*-===//
//
// What the hand-written spirv op files share (MLIR's SPIRVParsingUtils.h and
// the memory access helpers of MemoryOps.cpp): enum keywords and strings,
// the enum attributes they build, memory access operands, and the
// verifications several ops run.
//
#pragma once

#include "lamina/Dialect/SPIRV/SPIRVDialect.h"

#include <string_view>
#include <vector>

namespace lamina {
namespace spirv {
namespace detail {

/// The spirv enum attribute of `info`'s enum holding `value`.
Attribute buildEnumAttr(const ods::EnumInfo &info, MLIRContext *ctx, uint64_t value);
/// The value of a spirv enum attribute (0 if `attr` is none).
uint64_t enumAttrValue(Attribute attr);
/// A keyword naming a case of `info`: "invalid <attrName> attribute
/// specification: <kw>" otherwise.
ParseResult parseEnumKeyword(OpAsmParser &parser, const ods::EnumInfo &info, std::string_view attrName,
                             uint64_t &value);
/// A string naming a case of `info` (`"Function"`).
ParseResult parseEnumStr(OpAsmParser &parser, const ods::EnumInfo &info, std::string_view attrName, uint64_t &value);
/// parseEnumStr, then the enum attribute added as `attrName`.
ParseResult parseEnumStrAttr(OpAsmParser &parser, OperationState &result, const ods::EnumInfo &info,
                             std::string_view attrName, uint64_t &value);

/// ` ["Volatile"]`, ` ["Aligned", 4]`: the optional memory access operands.
ParseResult parseMemoryAccessAttributes(OpAsmParser &parser, OperationState &result,
                                        std::string_view accessName = "memory_access",
                                        std::string_view alignmentName = "alignment");
void printMemoryAccessAttribute(Operation *op, OpAsmPrinter &p, std::vector<std::string_view> &elided,
                                std::string_view accessName = "memory_access",
                                std::string_view alignmentName = "alignment");
/// An alignment exactly with the Aligned memory access.
LogicalResult verifyMemoryAccessAttribute(Operation *op, std::string_view accessName = "memory_access",
                                          std::string_view alignmentName = "alignment");
/// A pointer to a PhysicalStorageBuffer pointer (or array of them) carries
/// exactly one of `aliased_pointer` / `restrict_pointer`.
LogicalResult verifyPhysicalStorageBufferDecorations(Operation *op, Type pointeeType);

} // namespace detail
} // namespace spirv
} // namespace lamina
