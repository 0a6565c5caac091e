//===- LLVMDialectBytecode.cpp - The llvm dialect's bytecode encodings ---===//
//
// MLIR's LLVMDialectBytecode.td: the debug-info attributes and
// #llvm.loop_annotation have a custom bytecode encoding (other llvm
// attributes, and every llvm type, are written in their textual form). An
// encoding is a varint code, the attribute's index in MLIR's list below,
// then its fields in order:
//   - integers and enums as varints, booleans as one byte, strings through
//     the string section;
//   - attributes as references (optional ones with a presence flag);
//   - optional arrays as a presence byte then, if present, a varint count
//     and the elements (attributes as optional references, integers as
//     varints); an empty array is written absent;
//   - optional integers as a varint with a presence flag.
// #llvm.di_compile_unit's splitDebugFilename is not part of its encoding
// (MLIR reads it back absent).
//
#include "lamina/Bytecode/BytecodeImplementation.h"
#include "lamina/Dialect/LLVMIR/LLVMDialect.h"

using namespace lamina;
using namespace lamina::LLVM;

namespace {

/// The codes, in the order of MLIR's LLVMDialectAttributes list.
enum class AttrCode : uint64_t {
  DIBasicType = 0,
  DICompileUnit = 1,
  DICompositeType = 2,
  DIDerivedType = 3,
  DIExpressionElem = 4,
  DIExpression = 5,
  DIFile = 6,
  DIGlobalVariable = 7,
  DIGlobalVariableExpression = 8,
  DIImportedEntity = 9,
  DILabel = 10,
  DILexicalBlock = 11,
  DILexicalBlockFile = 12,
  DILocalVariable = 13,
  DINamespace = 14,
  DISubprogram = 15,
  DISubrange = 16,
  DISubroutineType = 17,
  LoopAnnotation = 18,
};

//===----------------------------------------------------------------------===//
// Field encodings
//===----------------------------------------------------------------------===//

template <typename T> void writeOptionalArray(DialectBytecodeWriter &writer, ArrayRef<T> values) {
  writer.writeOwnedBool(!values.empty());
  if (values.empty())
    return;
  writer.writeList(values, [&](T value) {
    if constexpr (std::is_base_of_v<Attribute, T>)
      writer.writeOptionalAttribute(value);
    else
      writer.writeVarInt(uint64_t(value));
  });
}

template <typename T> LogicalResult readOptionalArray(DialectBytecodeReader &reader, std::vector<T> &values) {
  bool present;
  if (failed(reader.readBool(present)))
    return failure();
  if (!present)
    return success();
  return reader.readList(values, [&](T &value) -> LogicalResult {
    if constexpr (std::is_base_of_v<Attribute, T>) {
      return reader.readOptionalAttribute(value);
    } else {
      uint64_t raw;
      if (failed(reader.readVarInt(raw)))
        return failure();
      value = T(raw);
      return success();
    }
  });
}

void writeOptionalInt(DialectBytecodeWriter &writer, std::optional<unsigned> value) {
  writer.writeVarIntWithFlag(value.value_or(0), value.has_value());
}

LogicalResult readOptionalInt(DialectBytecodeReader &reader, std::optional<unsigned> &value) {
  uint64_t raw;
  bool present;
  if (failed(reader.readVarIntWithFlag(raw, present)))
    return failure();
  value = present ? std::optional<unsigned>(unsigned(raw)) : std::nullopt;
  return success();
}

/// Reads `n` varints into `out` (the integer fields, in order).
template <size_t N> LogicalResult readVarInts(DialectBytecodeReader &reader, uint64_t (&out)[N]) {
  for (uint64_t &v : out)
    if (failed(reader.readVarInt(v)))
      return failure();
  return success();
}

StringAttr getString(MLIRContext *ctx, std::string_view str) { return StringAttr::get(ctx, str); }

//===----------------------------------------------------------------------===//
// Writers
//===----------------------------------------------------------------------===//

void writeCode(DialectBytecodeWriter &writer, AttrCode code) { writer.writeVarInt(uint64_t(code)); }

LogicalResult writeLLVMAttribute(Attribute attr, DialectBytecodeWriter &w) {
  if (auto a = dyn_cast<DIBasicTypeAttr>(attr)) {
    writeCode(w, AttrCode::DIBasicType);
    w.writeVarInt(a.getTag());
    w.writeOwnedString(a.getName() ? a.getName().getValue() : std::string_view());
    w.writeVarInt(a.getSizeInBits());
    w.writeVarInt(a.getEncoding());
  } else if (auto a = dyn_cast<DICompileUnitAttr>(attr)) {
    writeCode(w, AttrCode::DICompileUnit);
    w.writeAttribute(a.getId());
    w.writeVarInt(a.getSourceLanguage());
    w.writeAttribute(a.getFile());
    w.writeOptionalAttribute(a.getProducer());
    w.writeOwnedBool(a.getIsOptimized());
    w.writeVarInt(uint64_t(a.getEmissionKind()));
    w.writeVarInt(uint64_t(a.getNameTableKind()));
  } else if (auto a = dyn_cast<DICompositeTypeAttr>(attr)) {
    writeCode(w, AttrCode::DICompositeType);
    w.writeOptionalAttribute(a.getRecId());
    w.writeOwnedBool(a.getIsRecSelf());
    w.writeVarInt(a.getTag());
    w.writeOptionalAttribute(a.getName());
    w.writeOptionalAttribute(a.getFile());
    w.writeVarInt(a.getLine());
    w.writeOptionalAttribute(a.getScope());
    w.writeOptionalAttribute(a.getBaseType());
    w.writeVarInt(uint64_t(a.getFlags()));
    w.writeVarInt(a.getSizeInBits());
    w.writeVarInt(a.getAlignInBits());
    w.writeOptionalAttribute(a.getDataLocation());
    w.writeOptionalAttribute(a.getRank());
    w.writeOptionalAttribute(a.getAllocated());
    w.writeOptionalAttribute(a.getAssociated());
    writeOptionalArray(w, a.getElements());
  } else if (auto a = dyn_cast<DIDerivedTypeAttr>(attr)) {
    writeCode(w, AttrCode::DIDerivedType);
    w.writeVarInt(a.getTag());
    w.writeOptionalAttribute(a.getName());
    w.writeOptionalAttribute(a.getBaseType());
    w.writeVarInt(a.getSizeInBits());
    w.writeVarInt(a.getAlignInBits());
    w.writeVarInt(a.getOffsetInBits());
    writeOptionalInt(w, a.getDwarfAddressSpace());
    w.writeOptionalAttribute(a.getExtraData());
  } else if (auto a = dyn_cast<DIExpressionElemAttr>(attr)) {
    writeCode(w, AttrCode::DIExpressionElem);
    w.writeVarInt(a.getOpcode());
    writeOptionalArray(w, a.getArguments());
  } else if (auto a = dyn_cast<DIExpressionAttr>(attr)) {
    writeCode(w, AttrCode::DIExpression);
    writeOptionalArray(w, a.getOperations());
  } else if (auto a = dyn_cast<DIFileAttr>(attr)) {
    writeCode(w, AttrCode::DIFile);
    w.writeOwnedString(a.getName() ? a.getName().getValue() : std::string_view());
    w.writeOwnedString(a.getDirectory() ? a.getDirectory().getValue() : std::string_view());
  } else if (auto a = dyn_cast<DIGlobalVariableAttr>(attr)) {
    writeCode(w, AttrCode::DIGlobalVariable);
    w.writeOptionalAttribute(a.getScope());
    w.writeOptionalAttribute(a.getName());
    w.writeOptionalAttribute(a.getLinkageName());
    w.writeAttribute(a.getFile());
    w.writeVarInt(a.getLine());
    w.writeAttribute(a.getType());
    w.writeOwnedBool(a.getIsLocalToUnit());
    w.writeOwnedBool(a.getIsDefined());
    w.writeVarInt(a.getAlignInBits());
  } else if (auto a = dyn_cast<DIGlobalVariableExpressionAttr>(attr)) {
    writeCode(w, AttrCode::DIGlobalVariableExpression);
    w.writeAttribute(a.getVar());
    w.writeOptionalAttribute(a.getExpr());
  } else if (auto a = dyn_cast<DIImportedEntityAttr>(attr)) {
    writeCode(w, AttrCode::DIImportedEntity);
    w.writeVarInt(a.getTag());
    w.writeAttribute(a.getScope());
    w.writeAttribute(a.getEntity());
    w.writeOptionalAttribute(a.getFile());
    w.writeVarInt(a.getLine());
    w.writeOptionalAttribute(a.getName());
    writeOptionalArray(w, a.getElements());
  } else if (auto a = dyn_cast<DILabelAttr>(attr)) {
    writeCode(w, AttrCode::DILabel);
    w.writeAttribute(a.getScope());
    w.writeOptionalAttribute(a.getName());
    w.writeOptionalAttribute(a.getFile());
    w.writeVarInt(a.getLine());
  } else if (auto a = dyn_cast<DILexicalBlockAttr>(attr)) {
    writeCode(w, AttrCode::DILexicalBlock);
    w.writeAttribute(a.getScope());
    w.writeOptionalAttribute(a.getFile());
    w.writeVarInt(a.getLine());
    w.writeVarInt(a.getColumn());
  } else if (auto a = dyn_cast<DILexicalBlockFileAttr>(attr)) {
    writeCode(w, AttrCode::DILexicalBlockFile);
    w.writeAttribute(a.getScope());
    w.writeOptionalAttribute(a.getFile());
    w.writeVarInt(a.getDiscriminator());
  } else if (auto a = dyn_cast<DILocalVariableAttr>(attr)) {
    writeCode(w, AttrCode::DILocalVariable);
    w.writeAttribute(a.getScope());
    w.writeOptionalAttribute(a.getName());
    w.writeOptionalAttribute(a.getFile());
    w.writeVarInt(a.getLine());
    w.writeVarInt(a.getArg());
    w.writeVarInt(a.getAlignInBits());
    w.writeOptionalAttribute(a.getType());
    w.writeVarInt(uint64_t(a.getFlags()));
  } else if (auto a = dyn_cast<DINamespaceAttr>(attr)) {
    writeCode(w, AttrCode::DINamespace);
    w.writeOptionalAttribute(a.getName());
    w.writeOptionalAttribute(a.getScope());
    w.writeOwnedBool(a.getExportSymbols());
  } else if (auto a = dyn_cast<DISubprogramAttr>(attr)) {
    writeCode(w, AttrCode::DISubprogram);
    w.writeOptionalAttribute(a.getRecId());
    w.writeOwnedBool(a.getIsRecSelf());
    w.writeOptionalAttribute(a.getId());
    w.writeOptionalAttribute(a.getCompileUnit());
    w.writeOptionalAttribute(a.getScope());
    w.writeOptionalAttribute(a.getName());
    w.writeOptionalAttribute(a.getLinkageName());
    w.writeOptionalAttribute(a.getFile());
    w.writeVarInt(a.getLine());
    w.writeVarInt(a.getScopeLine());
    w.writeVarInt(uint64_t(a.getSubprogramFlags()));
    w.writeOptionalAttribute(a.getType());
    writeOptionalArray(w, a.getRetainedNodes());
    writeOptionalArray(w, a.getAnnotations());
  } else if (auto a = dyn_cast<DISubrangeAttr>(attr)) {
    writeCode(w, AttrCode::DISubrange);
    w.writeOptionalAttribute(a.getCount());
    w.writeOptionalAttribute(a.getLowerBound());
    w.writeOptionalAttribute(a.getUpperBound());
    w.writeOptionalAttribute(a.getStride());
  } else if (auto a = dyn_cast<DISubroutineTypeAttr>(attr)) {
    writeCode(w, AttrCode::DISubroutineType);
    w.writeVarInt(a.getCallingConvention());
    writeOptionalArray(w, a.getTypes());
  } else if (auto a = dyn_cast<LoopAnnotationAttr>(attr)) {
    writeCode(w, AttrCode::LoopAnnotation);
    w.writeOptionalAttribute(a.getDisableNonforced());
    w.writeOptionalAttribute(a.getVectorize());
    w.writeOptionalAttribute(a.getInterleave());
    w.writeOptionalAttribute(a.getUnroll());
    w.writeOptionalAttribute(a.getUnrollAndJam());
    w.writeOptionalAttribute(a.getLicm());
    w.writeOptionalAttribute(a.getDistribute());
    w.writeOptionalAttribute(a.getPipeline());
    w.writeOptionalAttribute(a.getPeeled());
    w.writeOptionalAttribute(a.getUnswitch());
    w.writeOptionalAttribute(a.getMustProgress());
    w.writeOptionalAttribute(a.getIsVectorized());
    w.writeOptionalAttribute(a.getStartLoc());
    w.writeOptionalAttribute(a.getEndLoc());
    writeOptionalArray(w, a.getParallelAccesses());
  } else {
    return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Readers
//===----------------------------------------------------------------------===//

Attribute readDIBasicType(MLIRContext *ctx, DialectBytecodeReader &r) {
  uint64_t tag, sizeInBits, encoding;
  std::string_view name;
  if (failed(r.readVarInt(tag)) || failed(r.readString(name)) || failed(r.readVarInt(sizeInBits)) ||
      failed(r.readVarInt(encoding)))
    return {};
  return DIBasicTypeAttr::get(ctx, unsigned(tag), getString(ctx, name), sizeInBits, unsigned(encoding));
}

Attribute readDICompileUnit(MLIRContext *ctx, DialectBytecodeReader &r) {
  DistinctAttr id;
  uint64_t sourceLanguage, emissionKind, nameTableKind;
  DIFileAttr file;
  StringAttr producer;
  bool isOptimized;
  if (failed(r.readAttribute(id)) || failed(r.readVarInt(sourceLanguage)) || failed(r.readAttribute(file)) ||
      failed(r.readOptionalAttribute(producer)) || failed(r.readBool(isOptimized)) ||
      failed(r.readVarInt(emissionKind)) || failed(r.readVarInt(nameTableKind)))
    return {};
  return DICompileUnitAttr::get(ctx, id, unsigned(sourceLanguage), file, producer, isOptimized,
                                DIEmissionKind(emissionKind), DINameTableKind(nameTableKind), StringAttr());
}

Attribute readDICompositeType(MLIRContext *ctx, DialectBytecodeReader &r) {
  DistinctAttr recId;
  bool isRecSelf;
  uint64_t tag, line, flags, sizeInBits, alignInBits;
  StringAttr name;
  DIFileAttr file;
  DIScopeAttr scope;
  DITypeAttr baseType;
  DIExpressionAttr dataLocation, rank, allocated, associated;
  std::vector<DINodeAttr> elements;
  if (failed(r.readOptionalAttribute(recId)) || failed(r.readBool(isRecSelf)) || failed(r.readVarInt(tag)) ||
      failed(r.readOptionalAttribute(name)) || failed(r.readOptionalAttribute(file)) || failed(r.readVarInt(line)) ||
      failed(r.readOptionalAttribute(scope)) || failed(r.readOptionalAttribute(baseType)) ||
      failed(r.readVarInt(flags)) || failed(r.readVarInt(sizeInBits)) || failed(r.readVarInt(alignInBits)) ||
      failed(r.readOptionalAttribute(dataLocation)) || failed(r.readOptionalAttribute(rank)) ||
      failed(r.readOptionalAttribute(allocated)) || failed(r.readOptionalAttribute(associated)) ||
      failed(readOptionalArray(r, elements)))
    return {};
  return DICompositeTypeAttr::get(ctx, recId, isRecSelf, unsigned(tag), name, file, uint32_t(line), scope, baseType,
                                  DIFlags(flags), sizeInBits, alignInBits, dataLocation, rank, allocated, associated,
                                  elements);
}

Attribute readDIDerivedType(MLIRContext *ctx, DialectBytecodeReader &r) {
  uint64_t tag, sizeInBits, alignInBits, offsetInBits;
  StringAttr name;
  DITypeAttr baseType;
  std::optional<unsigned> dwarfAddressSpace;
  DINodeAttr extraData;
  if (failed(r.readVarInt(tag)) || failed(r.readOptionalAttribute(name)) ||
      failed(r.readOptionalAttribute(baseType)) || failed(r.readVarInt(sizeInBits)) ||
      failed(r.readVarInt(alignInBits)) || failed(r.readVarInt(offsetInBits)) ||
      failed(readOptionalInt(r, dwarfAddressSpace)) || failed(r.readOptionalAttribute(extraData)))
    return {};
  return DIDerivedTypeAttr::get(ctx, unsigned(tag), name, baseType, sizeInBits, uint32_t(alignInBits), offsetInBits,
                                dwarfAddressSpace, extraData);
}

Attribute readDIExpressionElem(MLIRContext *ctx, DialectBytecodeReader &r) {
  uint64_t opcode;
  std::vector<uint64_t> arguments;
  if (failed(r.readVarInt(opcode)) || failed(readOptionalArray(r, arguments)))
    return {};
  return DIExpressionElemAttr::get(ctx, unsigned(opcode), arguments);
}

Attribute readDIExpression(MLIRContext *ctx, DialectBytecodeReader &r) {
  std::vector<DIExpressionElemAttr> operations;
  if (failed(readOptionalArray(r, operations)))
    return {};
  return DIExpressionAttr::get(ctx, operations);
}

Attribute readDIFile(MLIRContext *ctx, DialectBytecodeReader &r) {
  std::string_view name, directory;
  if (failed(r.readString(name)) || failed(r.readString(directory)))
    return {};
  return DIFileAttr::get(ctx, getString(ctx, name), getString(ctx, directory));
}

Attribute readDIGlobalVariable(MLIRContext *ctx, DialectBytecodeReader &r) {
  DIScopeAttr scope;
  StringAttr name, linkageName;
  DIFileAttr file;
  uint64_t line, alignInBits;
  DITypeAttr type;
  bool isLocalToUnit, isDefined;
  if (failed(r.readOptionalAttribute(scope)) || failed(r.readOptionalAttribute(name)) ||
      failed(r.readOptionalAttribute(linkageName)) || failed(r.readAttribute(file)) || failed(r.readVarInt(line)) ||
      failed(r.readAttribute(type)) || failed(r.readBool(isLocalToUnit)) || failed(r.readBool(isDefined)) ||
      failed(r.readVarInt(alignInBits)))
    return {};
  return DIGlobalVariableAttr::get(ctx, scope, name, linkageName, file, unsigned(line), type, isLocalToUnit, isDefined,
                                   unsigned(alignInBits));
}

Attribute readDIGlobalVariableExpression(MLIRContext *ctx, DialectBytecodeReader &r) {
  DIGlobalVariableAttr var;
  DIExpressionAttr expr;
  if (failed(r.readAttribute(var)) || failed(r.readOptionalAttribute(expr)))
    return {};
  return DIGlobalVariableExpressionAttr::get(ctx, var, expr);
}

Attribute readDIImportedEntity(MLIRContext *ctx, DialectBytecodeReader &r) {
  uint64_t tag, line;
  DIScopeAttr scope;
  DINodeAttr entity;
  DIFileAttr file;
  StringAttr name;
  std::vector<DINodeAttr> elements;
  if (failed(r.readVarInt(tag)) || failed(r.readAttribute(scope)) || failed(r.readAttribute(entity)) ||
      failed(r.readOptionalAttribute(file)) || failed(r.readVarInt(line)) || failed(r.readOptionalAttribute(name)) ||
      failed(readOptionalArray(r, elements)))
    return {};
  return DIImportedEntityAttr::get(ctx, unsigned(tag), scope, entity, file, unsigned(line), name, elements);
}

Attribute readDILabel(MLIRContext *ctx, DialectBytecodeReader &r) {
  DIScopeAttr scope;
  StringAttr name;
  DIFileAttr file;
  uint64_t line;
  if (failed(r.readAttribute(scope)) || failed(r.readOptionalAttribute(name)) || failed(r.readOptionalAttribute(file)) ||
      failed(r.readVarInt(line)))
    return {};
  return DILabelAttr::get(ctx, scope, name, file, unsigned(line));
}

Attribute readDILexicalBlock(MLIRContext *ctx, DialectBytecodeReader &r) {
  DIScopeAttr scope;
  DIFileAttr file;
  uint64_t lineColumn[2];
  if (failed(r.readAttribute(scope)) || failed(r.readOptionalAttribute(file)) || failed(readVarInts(r, lineColumn)))
    return {};
  return DILexicalBlockAttr::get(ctx, scope, file, unsigned(lineColumn[0]), unsigned(lineColumn[1]));
}

Attribute readDILexicalBlockFile(MLIRContext *ctx, DialectBytecodeReader &r) {
  DIScopeAttr scope;
  DIFileAttr file;
  uint64_t discriminator;
  if (failed(r.readAttribute(scope)) || failed(r.readOptionalAttribute(file)) || failed(r.readVarInt(discriminator)))
    return {};
  return DILexicalBlockFileAttr::get(ctx, scope, file, unsigned(discriminator));
}

Attribute readDILocalVariable(MLIRContext *ctx, DialectBytecodeReader &r) {
  DIScopeAttr scope;
  StringAttr name;
  DIFileAttr file;
  uint64_t lineArgAlign[3], flags;
  DITypeAttr type;
  if (failed(r.readAttribute(scope)) || failed(r.readOptionalAttribute(name)) || failed(r.readOptionalAttribute(file)) ||
      failed(readVarInts(r, lineArgAlign)) || failed(r.readOptionalAttribute(type)) || failed(r.readVarInt(flags)))
    return {};
  return DILocalVariableAttr::get(ctx, scope, name, file, unsigned(lineArgAlign[0]), unsigned(lineArgAlign[1]),
                                  unsigned(lineArgAlign[2]), type, DIFlags(flags));
}

Attribute readDINamespace(MLIRContext *ctx, DialectBytecodeReader &r) {
  StringAttr name;
  DIScopeAttr scope;
  bool exportSymbols;
  if (failed(r.readOptionalAttribute(name)) || failed(r.readOptionalAttribute(scope)) ||
      failed(r.readBool(exportSymbols)))
    return {};
  return DINamespaceAttr::get(ctx, name, scope, exportSymbols);
}

Attribute readDISubprogram(MLIRContext *ctx, DialectBytecodeReader &r) {
  DistinctAttr recId, id;
  bool isRecSelf;
  DICompileUnitAttr compileUnit;
  DIScopeAttr scope;
  StringAttr name, linkageName;
  DIFileAttr file;
  uint64_t lineScopeLineFlags[3];
  DISubroutineTypeAttr type;
  std::vector<DINodeAttr> retainedNodes, annotations;
  if (failed(r.readOptionalAttribute(recId)) || failed(r.readBool(isRecSelf)) || failed(r.readOptionalAttribute(id)) ||
      failed(r.readOptionalAttribute(compileUnit)) || failed(r.readOptionalAttribute(scope)) ||
      failed(r.readOptionalAttribute(name)) || failed(r.readOptionalAttribute(linkageName)) ||
      failed(r.readOptionalAttribute(file)) || failed(readVarInts(r, lineScopeLineFlags)) ||
      failed(r.readOptionalAttribute(type)) || failed(readOptionalArray(r, retainedNodes)) ||
      failed(readOptionalArray(r, annotations)))
    return {};
  return DISubprogramAttr::get(ctx, recId, isRecSelf, id, compileUnit, scope, name, linkageName, file,
                               unsigned(lineScopeLineFlags[0]), unsigned(lineScopeLineFlags[1]),
                               DISubprogramFlags(lineScopeLineFlags[2]), type, retainedNodes, annotations);
}

Attribute readDISubrange(MLIRContext *ctx, DialectBytecodeReader &r) {
  Attribute count, lowerBound, upperBound, stride;
  if (failed(r.readOptionalAttribute(count)) || failed(r.readOptionalAttribute(lowerBound)) ||
      failed(r.readOptionalAttribute(upperBound)) || failed(r.readOptionalAttribute(stride)))
    return {};
  return DISubrangeAttr::get(ctx, count, lowerBound, upperBound, stride);
}

Attribute readDISubroutineType(MLIRContext *ctx, DialectBytecodeReader &r) {
  uint64_t callingConvention;
  std::vector<DITypeAttr> types;
  if (failed(r.readVarInt(callingConvention)) || failed(readOptionalArray(r, types)))
    return {};
  return DISubroutineTypeAttr::get(ctx, unsigned(callingConvention), types);
}

Attribute readLoopAnnotation(MLIRContext *ctx, DialectBytecodeReader &r) {
  BoolAttr disableNonforced, mustProgress, isVectorized;
  LoopVectorizeAttr vectorize;
  LoopInterleaveAttr interleave;
  LoopUnrollAttr unroll;
  LoopUnrollAndJamAttr unrollAndJam;
  LoopLICMAttr licm;
  LoopDistributeAttr distribute;
  LoopPipelineAttr pipeline;
  LoopPeeledAttr peeled;
  LoopUnswitchAttr unswitch;
  FusedLoc startLoc, endLoc;
  std::vector<AccessGroupAttr> parallelAccesses;
  if (failed(r.readOptionalAttribute(disableNonforced)) || failed(r.readOptionalAttribute(vectorize)) ||
      failed(r.readOptionalAttribute(interleave)) || failed(r.readOptionalAttribute(unroll)) ||
      failed(r.readOptionalAttribute(unrollAndJam)) || failed(r.readOptionalAttribute(licm)) ||
      failed(r.readOptionalAttribute(distribute)) || failed(r.readOptionalAttribute(pipeline)) ||
      failed(r.readOptionalAttribute(peeled)) || failed(r.readOptionalAttribute(unswitch)) ||
      failed(r.readOptionalAttribute(mustProgress)) || failed(r.readOptionalAttribute(isVectorized)) ||
      failed(r.readOptionalAttribute(startLoc)) || failed(r.readOptionalAttribute(endLoc)) ||
      failed(readOptionalArray(r, parallelAccesses)))
    return {};
  return LoopAnnotationAttr::get(ctx, disableNonforced, vectorize, interleave, unroll, unrollAndJam, licm, distribute,
                                 pipeline, peeled, unswitch, mustProgress, isVectorized, startLoc, endLoc,
                                 parallelAccesses);
}

Attribute readLLVMAttribute(MLIRContext *ctx, DialectBytecodeReader &r) {
  uint64_t code;
  if (failed(r.readVarInt(code)))
    return {};
  switch (AttrCode(code)) {
  case AttrCode::DIBasicType: return readDIBasicType(ctx, r);
  case AttrCode::DICompileUnit: return readDICompileUnit(ctx, r);
  case AttrCode::DICompositeType: return readDICompositeType(ctx, r);
  case AttrCode::DIDerivedType: return readDIDerivedType(ctx, r);
  case AttrCode::DIExpressionElem: return readDIExpressionElem(ctx, r);
  case AttrCode::DIExpression: return readDIExpression(ctx, r);
  case AttrCode::DIFile: return readDIFile(ctx, r);
  case AttrCode::DIGlobalVariable: return readDIGlobalVariable(ctx, r);
  case AttrCode::DIGlobalVariableExpression: return readDIGlobalVariableExpression(ctx, r);
  case AttrCode::DIImportedEntity: return readDIImportedEntity(ctx, r);
  case AttrCode::DILabel: return readDILabel(ctx, r);
  case AttrCode::DILexicalBlock: return readDILexicalBlock(ctx, r);
  case AttrCode::DILexicalBlockFile: return readDILexicalBlockFile(ctx, r);
  case AttrCode::DILocalVariable: return readDILocalVariable(ctx, r);
  case AttrCode::DINamespace: return readDINamespace(ctx, r);
  case AttrCode::DISubprogram: return readDISubprogram(ctx, r);
  case AttrCode::DISubrange: return readDISubrange(ctx, r);
  case AttrCode::DISubroutineType: return readDISubroutineType(ctx, r);
  case AttrCode::LoopAnnotation: return readLoopAnnotation(ctx, r);
  }
  (void)(r.emitError("unknown attribute code: ") << code);
  return {};
}

/// The llvm dialect's BytecodeDialectInterface.
struct LLVMBytecodeInterface final : BytecodeDialectInterface {
  Attribute readAttribute(DialectBytecodeReader &reader) const override {
    return readLLVMAttribute(reader.getContext(), reader);
  }
  LogicalResult writeAttribute(Attribute attr, DialectBytecodeWriter &writer) const override {
    return writeLLVMAttribute(attr, writer);
  }
  Type readType(DialectBytecodeReader &reader) const override {
    // As MLIR's (its list of types is empty).
    (void)reader.emitError("unknown attribute");
    return {};
  }
};

} // namespace

void LLVM::detail::addBytecodeInterface(LLVMDialect *dialect) {
  dialect->addInterfaceAs<BytecodeDialectInterface, LLVMBytecodeInterface>();
}
