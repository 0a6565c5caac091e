//===- AsmPrinter.cpp - Prints IR in MLIR's textual form ------------------===//
//
// Output is byte-identical to mlir-opt's: the same alias naming and
// ordering, SSA and block numbering, generic and custom op forms. Printing
// an operation first runs an alias collection pass over exactly what will
// be printed (as MLIR does), then prints. Generic ops are printed without
// recursion on region nesting. SSA names of a module's operations are
// computed one top-level operation at a time (see SSANameState); with
// threading, the alias pass and the printing of those operations run on the
// thread pool and their results are merged/written in order.
//
#include "AsmPrinterImpl.h"

#include "lamina/IR/AsmState.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/IR/Verifier.h"
#include "lamina/Support/SmallVector.h"
#include "lamina/Support/ThreadPool.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <mutex>
#include <unordered_map>

using namespace lamina;
using namespace lamina::detail;

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

namespace {
/// ASCII character classes (the "C" locale's, as MLIR uses).
struct CharClasses {
  enum : uint8_t { Alnum = 1, IdentBody = 2, PrintSafe = 4, Alpha = 8 };
  uint8_t bits[256] = {};
  constexpr CharClasses() {
    for (int c = 0; c < 256; ++c) {
      bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      bool alnum = alpha || (c >= '0' && c <= '9');
      uint8_t b = 0;
      if (alpha)
        b |= Alpha;
      if (alnum)
        b |= Alnum;
      if (alnum || c == '_' || c == '$' || c == '.')
        b |= IdentBody;
      if (c >= 0x20 && c <= 0x7e && c != '"' && c != '\\')
        b |= PrintSafe;
      bits[c] = b;
    }
  }
};
constexpr CharClasses charClasses;
} // namespace

static bool isAlnum(char c) { return charClasses.bits[static_cast<unsigned char>(c)] & CharClasses::Alnum; }
static bool isDigitChar(char c) { return c >= '0' && c <= '9'; }

bool detail::isBareIdentifier(std::string_view name) {
  if (name.empty())
    return false;
  unsigned char first = static_cast<unsigned char>(name[0]);
  if (!(charClasses.bits[first] & CharClasses::Alpha) && first != '_')
    return false;
  for (char c : name.substr(1))
    if (!(charClasses.bits[static_cast<unsigned char>(c)] & CharClasses::IdentBody))
      return false;
  return true;
}

void detail::printEscapedStringRaw(std::string_view str, raw_ostream &os) {
  static const char hex[] = "0123456789ABCDEF";
  const char *p = str.data(), *e = p + str.size();
  while (p != e) {
    // Write runs of characters that need no escaping at once.
    const char *run = p;
    while (p != e && (charClasses.bits[static_cast<unsigned char>(*p)] & CharClasses::PrintSafe))
      ++p;
    if (p != run)
      os.write(run, size_t(p - run));
    if (p == e)
      break;
    unsigned char c = static_cast<unsigned char>(*p++);
    if (c == '\\')
      os << '\\' << '\\';
    else
      os << '\\' << hex[c >> 4] << hex[c & 15];
  }
}

void detail::printKeywordOrString(std::string_view keyword, raw_ostream &os) {
  if (isBareIdentifier(keyword)) {
    os << keyword;
    return;
  }
  os << '"';
  printEscapedStringRaw(keyword, os);
  os << '"';
}

void detail::printSymbolReference(std::string_view symbolRef, raw_ostream &os) {
  if (symbolRef.empty()) {
    os << "@<<INVALID EMPTY SYMBOL>>";
    return;
  }
  os << '@';
  printKeywordOrString(symbolRef, os);
}

static bool isDialectSymbolSimpleEnoughForPrettyForm(std::string_view symName) {
  if (symName.empty() || !std::isalpha(static_cast<unsigned char>(symName.front())))
    return false;
  size_t i = 0;
  while (i < symName.size() && (isAlnum(symName[i]) || symName[i] == '.' || symName[i] == '_'))
    ++i;
  symName = symName.substr(i);
  if (symName.empty())
    return true;
  return symName.front() == '<' && symName.back() == '>';
}

void detail::printDialectSymbol(raw_ostream &os, std::string_view symPrefix, std::string_view dialectName,
                                std::string_view symString) {
  os << symPrefix << dialectName;
  if (isDialectSymbolSimpleEnoughForPrettyForm(symString)) {
    os << '.' << symString;
    return;
  }
  os << '<' << symString << '>';
}

//===----------------------------------------------------------------------===//
// AsmPrinterImpl: attributes, types, locations
//===----------------------------------------------------------------------===//

void AsmPrinterImpl::printEscapedString(std::string_view str) {
  os << '"';
  printEscapedStringRaw(str, os);
  os << '"';
}

void AsmPrinterImpl::printFloat(const APFloat &value) {
  std::string s;
  printFloatValue(value, s);
  os << s;
}

LogicalResult AsmPrinterImpl::printAlias(Attribute attr) {
  return success(state.aliases->printAlias(attr.getAsOpaquePointer(), os));
}

LogicalResult AsmPrinterImpl::printAlias(Type type) {
  return success(state.aliases->printAlias(type.getAsOpaquePointer(), os));
}

void AsmPrinterImpl::printType(Type type) {
  if (!type) {
    os << "<<NULL TYPE>>";
    return;
  }
  if (succeeded(printAlias(type)))
    return;
  printTypeImpl(type);
}

void AsmPrinterImpl::printDimensionList(ArrayRef<int64_t> shape) {
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      os << 'x';
    if (ShapedType::isDynamic(shape[i]))
      os << '?';
    else
      os << shape[i];
  }
}

namespace {
/// The DialectAsmPrinter handed to dialect print hooks.
class DialectPrinter : public DialectAsmPrinter {
public:
  explicit DialectPrinter(AsmPrinterImpl &impl) : impl(impl) {}
  raw_ostream &getStream() const override { return impl.os; }
  void printType(Type type) override { impl.printType(type); }
  void printAttribute(Attribute attr) override { impl.printAttribute(attr); }
  void printAttributeWithoutType(Attribute attr) override { impl.printAttribute(attr, AttrTypeElision::Must); }
  LogicalResult printAlias(Attribute attr) override { return impl.printAlias(attr); }
  LogicalResult printAlias(Type type) override { return impl.printAlias(type); }
  void printFloat(const APFloat &value) override { impl.printFloat(value); }
  void printResourceHandle(const Dialect &dialect, const void *handle) override {
    impl.printDialectResourceHandle(dialect, handle);
  }

private:
  AsmPrinterImpl &impl;
};
} // namespace

void AsmPrinterImpl::printDialectType(Type type) {
  Dialect &dialect = type.getDialect();
  std::string typeName;
  {
    raw_string_ostream nameOS(typeName);
    AsmPrinterImpl subPrinter(nameOS, state);
    DialectPrinter printer(subPrinter);
    dialect.printType(type, printer);
  }
  printDialectSymbol(os, "!", dialect.getNamespace(), typeName);
}

void AsmPrinterImpl::printDialectAttribute(Attribute attr) {
  Dialect &dialect = attr.getDialect();
  std::string attrName;
  {
    raw_string_ostream nameOS(attrName);
    AsmPrinterImpl subPrinter(nameOS, state);
    DialectPrinter printer(subPrinter);
    dialect.printAttribute(attr, printer);
  }
  printDialectSymbol(os, "#", dialect.getNamespace(), attrName);
}

void AsmPrinterImpl::printTypeImpl(Type type) {
  TypeID id = type.getTypeID();
  if (auto t = dyn_cast<IntegerType>(type)) {
    if (t.isSigned())
      os << 's';
    else if (t.isUnsigned())
      os << 'u';
    os << 'i' << t.getWidth();
    return;
  }
  if (id == IndexType::getTypeID()) {
    os << "index";
    return;
  }
  if (auto f = dyn_cast<FloatType>(type)) {
    os << f.getKeyword();
    return;
  }
  if (auto t = dyn_cast<FunctionType>(type)) {
    os << '(';
    ArrayRef<Type> inputs = t.getInputs();
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (i)
        os << ", ";
      printType(inputs[i]);
    }
    os << ") -> ";
    ArrayRef<Type> results = t.getResults();
    if (results.size() == 1 && !isa<FunctionType>(results[0])) {
      printType(results[0]);
    } else {
      os << '(';
      for (size_t i = 0; i < results.size(); ++i) {
        if (i)
          os << ", ";
        printType(results[i]);
      }
      os << ')';
    }
    return;
  }
  if (auto t = dyn_cast<VectorType>(type)) {
    ArrayRef<bool> scalableDims = t.getScalableDims();
    os << "vector<";
    ArrayRef<int64_t> shape = t.getShape();
    for (size_t i = 0; i < shape.size(); ++i) {
      bool scalable = !scalableDims.empty() && scalableDims[i];
      if (scalable)
        os << '[';
      os << shape[i];
      if (scalable)
        os << ']';
      os << 'x';
    }
    printType(t.getElementType());
    os << '>';
    return;
  }
  if (auto t = dyn_cast<RankedTensorType>(type)) {
    os << "tensor<";
    printDimensionList(t.getShape());
    if (!t.getShape().empty())
      os << 'x';
    printType(t.getElementType());
    if (Attribute encoding = t.getEncoding()) {
      os << ", ";
      printAttribute(encoding);
    }
    os << '>';
    return;
  }
  if (auto t = dyn_cast<UnrankedTensorType>(type)) {
    os << "tensor<*x";
    printType(t.getElementType());
    os << '>';
    return;
  }
  if (auto t = dyn_cast<MemRefType>(type)) {
    os << "memref<";
    printDimensionList(t.getShape());
    if (!t.getShape().empty())
      os << 'x';
    printType(t.getElementType());
    Attribute layout = t.getLayout();
    if (!isa<AffineMapAttr>(layout) || !cast<AffineMapAttr>(layout).getValue().isIdentity()) {
      os << ", ";
      printAttribute(layout, AttrTypeElision::May);
    }
    if (Attribute ms = t.getMemorySpace()) {
      os << ", ";
      printAttribute(ms, AttrTypeElision::May);
    }
    os << '>';
    return;
  }
  if (auto t = dyn_cast<UnrankedMemRefType>(type)) {
    os << "memref<*x";
    printType(t.getElementType());
    if (Attribute ms = t.getMemorySpace()) {
      os << ", ";
      printAttribute(ms, AttrTypeElision::May);
    }
    os << '>';
    return;
  }
  if (auto t = dyn_cast<ComplexType>(type)) {
    os << "complex<";
    printType(t.getElementType());
    os << '>';
    return;
  }
  if (auto t = dyn_cast<TupleType>(type)) {
    os << "tuple<";
    ArrayRef<Type> types = t.getTypes();
    for (size_t i = 0; i < types.size(); ++i) {
      if (i)
        os << ", ";
      printType(types[i]);
    }
    os << '>';
    return;
  }
  if (id == NoneType::getTypeID()) {
    os << "none";
    return;
  }
  if (auto t = dyn_cast<OpaqueType>(type)) {
    printDialectSymbol(os, "!", t.getDialectNamespace().getValue(), t.getTypeData());
    return;
  }
  printDialectType(type);
}

void AsmPrinterImpl::printAttribute(Attribute attr, AttrTypeElision typeElision) {
  if (!attr) {
    os << "<<NULL ATTRIBUTE>>";
    return;
  }
  if (succeeded(printAlias(attr)))
    return;
  printAttributeImpl(attr, typeElision);
}

void AsmPrinterImpl::printNamedAttribute(NamedAttribute attr) {
  printKeywordOrString(attr.getNameStr(), os);
  if (isa<UnitAttr>(attr.getValue()))
    return;
  os << " = ";
  printAttribute(attr.getValue());
}

void AsmPrinterImpl::printOptionalAttrDict(ArrayRef<NamedAttribute> attrs, ArrayRef<std::string_view> elidedAttrs,
                                           bool withKeyword) {
  if (attrs.empty())
    return;
  auto isElided = [&](const NamedAttribute &a) {
    for (std::string_view e : elidedAttrs)
      if (a.getNameStr() == e)
        return true;
    return false;
  };
  bool any = false;
  for (const NamedAttribute &a : attrs)
    if (!isElided(a)) {
      any = true;
      break;
    }
  if (!any)
    return;
  if (withKeyword)
    os << " attributes";
  os << " {";
  bool first = true;
  for (const NamedAttribute &a : attrs) {
    if (isElided(a))
      continue;
    if (!first)
      os << ", ";
    first = false;
    printNamedAttribute(a);
  }
  os << '}';
}

void AsmPrinterImpl::printAttributeImpl(Attribute attr, AttrTypeElision typeElision) {
  if (!isa<BuiltinDialect>(&attr.getDialect()) && !isa<OpaqueAttr>(attr)) {
    printDialectAttribute(attr);
  } else if (auto opaqueAttr = dyn_cast<OpaqueAttr>(attr)) {
    printDialectSymbol(os, "#", opaqueAttr.getDialectNamespace().getValue(), opaqueAttr.getAttrData());
  } else if (isa<UnitAttr>(attr)) {
    os << "unit";
    return;
  } else if (auto distinctAttr = dyn_cast<DistinctAttr>(attr)) {
    os << "distinct[" << state.getDistinctID(distinctAttr) << "]<";
    if (!isa<UnitAttr>(distinctAttr.getReferencedAttr()))
      printAttribute(distinctAttr.getReferencedAttr());
    os << '>';
    return;
  } else if (auto dictAttr = dyn_cast<DictionaryAttr>(attr)) {
    os << '{';
    bool first = true;
    for (const NamedAttribute &a : dictAttr.getValue()) {
      if (!first)
        os << ", ";
      first = false;
      printNamedAttribute(a);
    }
    os << '}';
  } else if (auto intAttr = dyn_cast<IntegerAttr>(attr)) {
    Type intType = intAttr.getType();
    if (intType.isSignlessInteger(1)) {
      os << (intAttr.getValue().isZero() ? "false" : "true");
      return;
    }
    bool isUnsigned = intType.isUnsignedInteger();
    const APInt &v = intAttr.getValue();
    if (v.getBitWidth() <= 64) {
      if (isUnsigned || v.getBitWidth() == 0)
        os << (unsigned long long)v.getZExtValue();
      else
        os << (long long)v.getSExtValue();
    } else {
      std::string s;
      appendIntegerLiteral(s, v, !isUnsigned);
      os << s;
    }
    if (typeElision == AttrTypeElision::May && intType.isSignlessInteger(64))
      return;
  } else if (auto floatAttr = dyn_cast<FloatAttr>(attr)) {
    bool printedHex = false;
    std::string s;
    printFloatValue(floatAttr.getValue(), s, &printedHex);
    os << s;
    if (typeElision == AttrTypeElision::May && floatAttr.getType().isF64() && !printedHex)
      return;
  } else if (auto strAttr = dyn_cast<StringAttr>(attr)) {
    printEscapedString(strAttr.getValue());
  } else if (auto arrayAttr = dyn_cast<ArrayAttr>(attr)) {
    os << '[';
    bool first = true;
    for (Attribute a : arrayAttr.getValue()) {
      if (!first)
        os << ", ";
      first = false;
      printAttribute(a, AttrTypeElision::May);
    }
    os << ']';
  } else if (auto mapAttr = dyn_cast<AffineMapAttr>(attr)) {
    os << "affine_map<";
    mapAttr.getValue().print(os);
    os << '>';
    return;
  } else if (auto setAttr = dyn_cast<IntegerSetAttr>(attr)) {
    os << "affine_set<";
    setAttr.getValue().print(os);
    os << '>';
    return;
  } else if (auto typeAttr = dyn_cast<TypeAttr>(attr)) {
    printType(typeAttr.getValue());
  } else if (auto refAttr = dyn_cast<SymbolRefAttr>(attr)) {
    printSymbolReference(refAttr.getRootReference().getValue(), os);
    for (FlatSymbolRefAttr nested : refAttr.getNestedReferences()) {
      os << "::";
      printSymbolReference(nested.getValue(), os);
    }
  } else if (auto eltAttr = dyn_cast<DenseIntOrFPElementsAttr>(attr)) {
    if (printerFlags.shouldElideElementsAttr(eltAttr)) {
      printElidedElementsAttr();
    } else {
      os << "dense<";
      printDenseIntOrFPElementsAttr(eltAttr, /*allowHex=*/true);
      os << '>';
    }
  } else if (auto strEltAttr = dyn_cast<DenseStringElementsAttr>(attr)) {
    if (printerFlags.shouldElideElementsAttr(strEltAttr)) {
      printElidedElementsAttr();
    } else {
      os << "dense<";
      printDenseStringElementsAttr(strEltAttr);
      os << '>';
    }
  } else if (auto sparseAttr = dyn_cast<SparseElementsAttr>(attr)) {
    if (printerFlags.shouldElideElementsAttr(sparseAttr.getIndices()) ||
        printerFlags.shouldElideElementsAttr(sparseAttr.getValues())) {
      printElidedElementsAttr();
    } else {
      os << "sparse<";
      DenseIntElementsAttr indices = sparseAttr.getIndices();
      if (indices.getNumElements() != 0) {
        printDenseIntOrFPElementsAttr(indices, /*allowHex=*/false);
        os << ", ";
        printDenseElementsAttr(sparseAttr.getValues(), /*allowHex=*/true);
      }
      os << '>';
    }
  } else if (auto strided = dyn_cast<StridedLayoutAttr>(attr)) {
    auto printIntOrQuestion = [&](int64_t value) {
      if (ShapedType::isDynamic(value))
        os << '?';
      else
        os << value;
    };
    os << "strided<[";
    ArrayRef<int64_t> strides = strided.getStrides();
    for (size_t i = 0; i < strides.size(); ++i) {
      if (i)
        os << ", ";
      printIntOrQuestion(strides[i]);
    }
    os << ']';
    if (strided.getOffset() != 0) {
      os << ", offset: ";
      printIntOrQuestion(strided.getOffset());
    }
    os << '>';
  } else if (auto arr = dyn_cast<DenseArrayAttr>(attr)) {
    os << "array<";
    printType(arr.getElementType());
    if (!arr.empty()) {
      os << ": ";
      printDenseArrayAttr(arr);
    }
    os << '>';
    return;
  } else if (auto resourceAttr = dyn_cast<DenseResourceElementsAttr>(attr)) {
    os << "dense_resource<";
    printResourceHandle(resourceAttr.getRawHandle());
    os << '>';
  } else if (auto locAttr = dyn_cast<LocationAttr>(attr)) {
    printLocation(locAttr);
  }
  if (typeElision != AttrTypeElision::Must) {
    if (auto typedAttr = dyn_cast<TypedAttr>(attr)) {
      Type attrType = typedAttr.getType();
      if (!isa<NoneType>(attrType)) {
        os << " : ";
        printType(attrType);
      }
    }
  }
}

void AsmPrinterImpl::printLocation(LocationAttr loc, bool allowAlias) {
  if (printerFlags.shouldPrintDebugInfoPrettyForm()) {
    printLocationInternal(loc, /*pretty=*/true, /*isTopLevel=*/true);
    return;
  }
  os << "loc(";
  if (!allowAlias || failed(printAlias(loc)))
    printLocationInternal(loc, /*pretty=*/false, /*isTopLevel=*/true);
  os << ')';
}

void AsmPrinterImpl::printLocationInternal(LocationAttr loc, bool pretty, bool isTopLevel) {
  if (!isTopLevel && succeeded(printAlias(loc)))
    return;
  if (auto o = dyn_cast<OpaqueLoc>(loc)) {
    printLocationInternal(o.getFallbackLocation(), pretty);
  } else if (isa<UnknownLoc>(loc)) {
    os << (pretty ? "[unknown]" : "unknown");
  } else if (auto f = dyn_cast<FileLineColRange>(loc)) {
    if (pretty)
      os << f.getFilename().getValue();
    else
      printEscapedString(f.getFilename().getValue());
    if (f.getEndColumn() == f.getStartColumn() && f.getStartLine() == f.getEndLine()) {
      os << ':' << f.getStartLine() << ':' << f.getStartColumn();
      return;
    }
    if (f.getStartLine() == f.getEndLine()) {
      os << ':' << f.getStartLine() << ':' << f.getStartColumn() << " to :" << f.getEndColumn();
      return;
    }
    os << ':' << f.getStartLine() << ':' << f.getStartColumn() << " to " << f.getEndLine() << ':'
       << f.getEndColumn();
  } else if (auto n = dyn_cast<NameLoc>(loc)) {
    printEscapedString(n.getName().getValue());
    LocationAttr child = n.getChildLoc();
    if (!isa<UnknownLoc>(child)) {
      os << '(';
      printLocationInternal(child, pretty);
      os << ')';
    }
  } else if (auto c = dyn_cast<CallSiteLoc>(loc)) {
    LocationAttr caller = c.getCaller();
    LocationAttr callee = c.getCallee();
    if (!pretty)
      os << "callsite(";
    printLocationInternal(callee, pretty);
    if (pretty) {
      if (isa<NameLoc>(callee) && isa<FileLineColLoc>(caller))
        os << " at ";
      else
        os << "\n at ";
    } else {
      os << " at ";
    }
    printLocationInternal(caller, pretty);
    if (!pretty)
      os << ')';
  } else if (auto fu = dyn_cast<FusedLoc>(loc)) {
    if (!pretty)
      os << "fused";
    if (Attribute metadata = fu.getMetadata()) {
      os << '<';
      printAttribute(metadata);
      os << '>';
    }
    os << '[';
    bool first = true;
    for (LocationAttr l : fu.getLocations()) {
      if (!first)
        os << ", ";
      first = false;
      printLocationInternal(l, pretty);
    }
    os << ']';
  } else {
    printAttribute(loc);
  }
}

//===----------------------------------------------------------------------===//
// Alias collection
//===----------------------------------------------------------------------===//

namespace {

/// Collects aliases over exactly what printing an operation prints
/// (MLIR's AliasInitializer + DummyAliasOperationPrinter). One compact entry
/// per distinct attribute/type visited; child lists are only kept for
/// entries that may be deferred (they are needed to undo deferral).
class AliasInitializer {
public:
  struct InProgressAliasInfo {
    const void *ptr;
    uint32_t aliasName = kNoAlias; // index into `aliasNames`
    uint32_t aliasDepth : 30;
    uint32_t isType : 1;
    uint32_t canBeDeferred : 1;
    uint32_t childBegin = 0, childCount = 0; // into `children`
    InProgressAliasInfo(const void *ptr) : ptr(ptr), aliasDepth(0), isType(0), canBeDeferred(0) {}
  };
  static constexpr uint32_t kNoAlias = ~0u;

  explicit AliasInitializer(MLIRContext *ctx) {
    for (Dialect *d : ctx->getLoadedDialects()) {
      if (!d->hasAliasHooks())
        continue;
      dialects.push_back(d);
      onlyBuiltinAliases &= isa<BuiltinDialect>(d);
    }
  }

  /// Visits an attribute/type; returns (alias depth, index).
  std::pair<size_t, size_t> visit(Attribute attr, bool canBeDeferred = false, bool elideType = false);
  std::pair<size_t, size_t> visit(Type type, bool canBeDeferred = false);

  void finish(AliasState &result);
  /// Appends what `local` collected over the operations following the ones
  /// visited here, as if this initializer had visited them itself.
  void merge(AliasInitializer &local);

  std::vector<InProgressAliasInfo> aliases;
  CompactPointerMap<const void *> aliasIndex;
  std::vector<std::string> aliasNames;
  std::vector<uint32_t> children;
  /// Scratch stack of child indices of the entries being visited.
  std::vector<uint32_t> childStack;
  bool hasOrderDependentAttrs = false;
  /// Whether any entry was ever visited as deferrable (only locations are,
  /// when printing debug info).
  bool anyDeferrable = false;
  /// Whether the builtin dialect is the only one with alias hooks: then
  /// scalar attributes and types can never be or contain an alias.
  bool onlyBuiltinAliases = true;
  /// Whether visiting `attr` / `type` can be skipped: nothing it contains
  /// can get an alias, so recording it would only cost a table entry.
  bool isAliasFreeLeaf(Attribute attr) const;
  bool isAliasFreeLeaf(Type type) const;

private:
  template <typename T> void generateAlias(T symbol, InProgressAliasInfo &alias);
  void markAliasNonDeferrable(size_t index);
  std::vector<Dialect *> dialects;
  std::string nameBuffer, tempBuffer;
};

/// Visits the nested attributes/types of one attribute/type, recording
/// child alias indices (when needed) and the maximal depth.
struct NestedVisitor {
  AliasInitializer &init;
  bool canBeDeferred;
  size_t stackBase;
  size_t maxAliasDepth = 0;
  NestedVisitor(AliasInitializer &init, bool canBeDeferred)
      : init(init), canBeDeferred(canBeDeferred), stackBase(init.childStack.size()) {}
  void record(std::pair<size_t, size_t> r) {
    if (canBeDeferred)
      init.childStack.push_back(uint32_t(r.second));
    if (r.first > maxAliasDepth)
      maxAliasDepth = r.first;
  }
  void visitAttr(Attribute a) { record(init.visit(a, canBeDeferred)); }
  void visitType(Type t) { record(init.visit(t, canBeDeferred)); }
  /// Moves the recorded children into the entry's permanent list.
  void finish(AliasInitializer::InProgressAliasInfo &info) {
    if (maxAliasDepth)
      info.aliasDepth = uint32_t(maxAliasDepth + 1);
    if (!canBeDeferred)
      return;
    info.childBegin = uint32_t(init.children.size());
    info.childCount = uint32_t(init.childStack.size() - stackBase);
    init.children.insert(init.children.end(), init.childStack.begin() + stackBase, init.childStack.end());
    init.childStack.resize(stackBase);
  }
};

/// A DialectAsmPrinter whose output is discarded; attributes and types it
/// is asked to print are visited for aliases.
class AliasDialectPrinter : public DialectAsmPrinter {
public:
  explicit AliasDialectPrinter(NestedVisitor &visitor) : visitor(visitor) {}
  raw_ostream &getStream() const override { return const_cast<raw_null_ostream &>(os); }
  void printType(Type type) override { visitor.visitType(type); }
  void printAttribute(Attribute attr) override { visitor.visitAttr(attr); }
  void printAttributeWithoutType(Attribute attr) override {
    visitor.record(visitor.init.visit(attr, visitor.canBeDeferred, /*elideType=*/true));
  }
  LogicalResult printAlias(Attribute attr) override {
    printAttribute(attr);
    return success();
  }
  LogicalResult printAlias(Type type) override {
    printType(type);
    return success();
  }
  void printFloat(const APFloat &) override {}
  /// Resources are recorded in print order, so printing cannot be split.
  void printResourceHandle(const Dialect &, const void *) override { visitor.init.hasOrderDependentAttrs = true; }

private:
  NestedVisitor &visitor;
  raw_null_ostream os;
};

} // namespace

template <typename T> void AliasInitializer::generateAlias(T symbol, InProgressAliasInfo &alias) {
  nameBuffer.clear();
  for (Dialect *d : dialects) {
    tempBuffer.clear();
    raw_string_ostream aliasOS(tempBuffer);
    AliasResult r = d->getAlias(symbol, aliasOS);
    aliasOS.flush();
    if (r == AliasResult::NoAlias)
      continue;
    nameBuffer.swap(tempBuffer);
    if (r == AliasResult::FinalAlias)
      break;
  }
  if (nameBuffer.empty())
    return;
  alias.aliasName = uint32_t(aliasNames.size());
  // A trailing digit is kept (`#test_alias0`); the suffix of a duplicate is
  // then separated by `_` (see finish).
  aliasNames.push_back(sanitizeIdentifier(nameBuffer, "$_-", /*allowTrailingDigit=*/true));
  alias.aliasDepth = 1;
}

void AliasInitializer::markAliasNonDeferrable(size_t index) {
  if (!aliases[index].canBeDeferred)
    return; // the common case: nothing to do, and no worklist to allocate
  SmallVector<size_t, 16> worklist{index};
  while (!worklist.empty()) {
    size_t i = worklist.back();
    worklist.pop_back();
    auto &info = aliases[i];
    if (!info.canBeDeferred)
      continue;
    info.canBeDeferred = false;
    for (uint32_t c = 0; c < info.childCount; ++c)
      worklist.push_back(children[info.childBegin + c]);
  }
}

bool AliasInitializer::isAliasFreeLeaf(Type type) const {
  return onlyBuiltinAliases && isa<IntegerType, IndexType, NoneType, FloatType>(type);
}

bool AliasInitializer::isAliasFreeLeaf(Attribute attr) const {
  if (!onlyBuiltinAliases)
    return false;
  if (isa<IntegerAttr, FloatAttr, UnitAttr, DenseArrayAttr, SymbolRefAttr>(attr))
    return true;
  if (auto str = dyn_cast<StringAttr>(attr))
    return isa<NoneType>(str.getType());
  return false;
}

/// The index returned for leaves that are not recorded (see visit).
static constexpr size_t kUnrecorded = ~size_t(0);

std::pair<size_t, size_t> AliasInitializer::visit(Attribute attr, bool canBeDeferred, bool elideType) {
  // Leaves that cannot alias are not recorded, unless a deferrable parent
  // needs them in its child list.
  if (!canBeDeferred && isAliasFreeLeaf(attr))
    return {0, kUnrecorded};
  auto [slot, inserted] = aliasIndex.insert(attr.getAsOpaquePointer(), uint32_t(aliases.size()));
  if (!inserted) {
    size_t idx = *slot;
    if (!canBeDeferred)
      markAliasNonDeferrable(idx);
    return {size_t(aliases[idx].aliasDepth), idx};
  }
  size_t idx = aliases.size();
  aliases.emplace_back(attr.getAsOpaquePointer());
  generateAlias(attr, aliases[idx]);
  aliases[idx].isType = false;
  aliases[idx].canBeDeferred = canBeDeferred;
  anyDeferrable |= canBeDeferred;
  if (isa<DenseResourceElementsAttr>(attr))
    hasOrderDependentAttrs = true;

  NestedVisitor v(*this, canBeDeferred);
  if (!isa<BuiltinDialect>(&attr.getDialect()) && !isa<OpaqueAttr>(attr)) {
    AliasDialectPrinter printer(v);
    attr.getDialect().printAttribute(attr, printer);
  } else if (isa<AffineMapAttr, DenseArrayAttr, FloatAttr, IntegerAttr, IntegerSetAttr, UnitAttr>(attr)) {
    // Nothing nested is printed through aliases (and the type is elided or
    // printed inline), as in MLIR.
    v.finish(aliases[idx]);
    return {size_t(aliases[idx].aliasDepth), idx};
  } else if (auto distinct = dyn_cast<DistinctAttr>(attr)) {
    hasOrderDependentAttrs = true;
    v.visitAttr(distinct.getReferencedAttr());
  } else if (auto dict = dyn_cast<DictionaryAttr>(attr)) {
    for (const NamedAttribute &na : dict.getValue()) {
      v.visitAttr(na.getName());
      v.visitAttr(na.getValue());
    }
  } else if (auto array = dyn_cast<ArrayAttr>(attr)) {
    for (Attribute a : array.getValue())
      v.visitAttr(a);
  } else if (auto typeAttr = dyn_cast<TypeAttr>(attr)) {
    v.visitType(typeAttr.getValue());
  } else if (auto o = dyn_cast<OpaqueLoc>(attr)) {
    v.visitAttr(o.getFallbackLocation());
  } else if (auto n = dyn_cast<NameLoc>(attr)) {
    if (!isa<UnknownLoc>(n.getChildLoc()))
      v.visitAttr(n.getChildLoc());
  } else if (auto c = dyn_cast<CallSiteLoc>(attr)) {
    v.visitAttr(c.getCallee());
    v.visitAttr(c.getCaller());
  } else if (auto fu = dyn_cast<FusedLoc>(attr)) {
    if (Attribute metadata = fu.getMetadata())
      v.visitAttr(metadata);
    for (LocationAttr l : fu.getLocations())
      v.visitAttr(l);
  }
  if (!elideType) {
    if (auto typed = dyn_cast<TypedAttr>(attr)) {
      Type t = typed.getType();
      if (!isa<NoneType>(t))
        v.visitType(t);
    }
  }
  v.finish(aliases[idx]);
  return {size_t(aliases[idx].aliasDepth), idx};
}

std::pair<size_t, size_t> AliasInitializer::visit(Type type, bool canBeDeferred) {
  if (!canBeDeferred && isAliasFreeLeaf(type))
    return {0, kUnrecorded};
  auto [slot, inserted] = aliasIndex.insert(type.getAsOpaquePointer(), uint32_t(aliases.size()));
  if (!inserted) {
    size_t idx = *slot;
    if (!canBeDeferred)
      markAliasNonDeferrable(idx);
    return {size_t(aliases[idx].aliasDepth), idx};
  }
  size_t idx = aliases.size();
  aliases.emplace_back(type.getAsOpaquePointer());
  generateAlias(type, aliases[idx]);
  aliases[idx].isType = true;
  aliases[idx].canBeDeferred = canBeDeferred;
  anyDeferrable |= canBeDeferred;

  NestedVisitor v(*this, canBeDeferred);
  if (!isa<BuiltinDialect>(&type.getDialect())) {
    AliasDialectPrinter printer(v);
    type.getDialect().printType(type, printer);
  } else if (auto memref = dyn_cast<MemRefType>(type)) {
    v.visitType(memref.getElementType());
    Attribute layout = memref.getLayout();
    if (!isa<AffineMapAttr>(layout) || !cast<AffineMapAttr>(layout).getValue().isIdentity())
      v.visitAttr(layout);
    if (Attribute ms = memref.getMemorySpace())
      v.visitAttr(ms);
  } else if (!isa<IntegerType, IndexType, NoneType, FloatType>(type)) {
    type.walkImmediateSubElements([&](Attribute a) { v.visitAttr(a); }, [&](Type t) { v.visitType(t); });
  }
  v.finish(aliases[idx]);
  return {size_t(aliases[idx].aliasDepth), idx};
}

void AliasInitializer::merge(AliasInitializer &local) {
  // Entries already known here were visited with everything they contain,
  // so the new ones keep their relative order. An entry can be deferred
  // only if no visit anywhere forbids it.
  hasOrderDependentAttrs |= local.hasOrderDependentAttrs;
  if (!anyDeferrable && !local.anyDeferrable) {
    // Nothing is deferrable, so no child lists are kept and nothing needs
    // marking: only entries that get an alias matter here (the others were
    // just memoization for the local walk). Skipping them keeps this
    // sequential step from touching every attribute of the module.
    for (InProgressAliasInfo &li : local.aliases) {
      if (li.aliasName == kNoAlias)
        continue;
      auto [slot, inserted] = aliasIndex.insert(li.ptr, uint32_t(aliases.size()));
      (void)slot;
      if (!inserted)
        continue;
      InProgressAliasInfo info = li;
      info.childBegin = info.childCount = 0;
      info.aliasName = uint32_t(aliasNames.size());
      aliasNames.push_back(std::move(local.aliasNames[li.aliasName]));
      aliases.push_back(info);
    }
    return;
  }
  anyDeferrable |= local.anyDeferrable;
  size_t firstNew = aliases.size();
  std::vector<uint32_t> map(local.aliases.size());
  for (size_t i = 0; i < local.aliases.size(); ++i) {
    InProgressAliasInfo &li = local.aliases[i];
    auto [slot, inserted] = aliasIndex.insert(li.ptr, uint32_t(aliases.size()));
    map[i] = *slot;
    if (!inserted)
      continue;
    InProgressAliasInfo info = li;
    info.childBegin = info.childCount = 0;
    if (li.aliasName != kNoAlias) {
      info.aliasName = uint32_t(aliasNames.size());
      aliasNames.push_back(std::move(local.aliasNames[li.aliasName]));
    }
    aliases.push_back(info);
  }
  for (size_t i = 0; i < local.aliases.size(); ++i) {
    InProgressAliasInfo &li = local.aliases[i];
    if (map[i] >= firstNew) {
      InProgressAliasInfo &info = aliases[map[i]];
      if (li.canBeDeferred && li.childCount) {
        info.childBegin = uint32_t(children.size());
        info.childCount = li.childCount;
        for (uint32_t c = 0; c < li.childCount; ++c)
          children.push_back(map[local.children[li.childBegin + c]]);
      }
    } else if (!li.canBeDeferred) {
      markAliasNonDeferrable(map[i]);
    }
  }
}

void AliasInitializer::finish(AliasState &result) {
  std::vector<size_t> order;
  for (size_t i = 0; i < aliases.size(); ++i)
    if (aliases[i].aliasName != kNoAlias)
      order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const auto &l = aliases[a], &r = aliases[b];
    if (l.aliasDepth != r.aliasDepth)
      return l.aliasDepth < r.aliasDepth;
    if (l.isType != r.isType)
      return bool(l.isType);
    return aliasNames[l.aliasName] < aliasNames[r.aliasName];
  });
  std::unordered_map<std::string, unsigned> nameCounts;
  std::unordered_map<std::string, bool> usedAliases;
  for (size_t i : order) {
    auto &info = aliases[i];
    const std::string &alias = aliasNames[info.aliasName];
    unsigned nameIndex = 0;
    if (!usedAliases.count(alias)) {
      usedAliases[alias] = true;
    } else {
      std::string probeAlias = alias;
      if (isDigitChar(alias.back()))
        probeAlias.push_back('_');
      if (nameCounts[probeAlias] == 0)
        nameCounts[probeAlias] = 1;
      while (true) {
        nameIndex = nameCounts[probeAlias]++;
        std::string candidate = probeAlias + std::to_string(nameIndex);
        if (!usedAliases.count(candidate)) {
          usedAliases[candidate] = true;
          break;
        }
      }
    }
    result.nameStorage.push_back(std::make_unique<std::string>(alias));
    SymbolAlias sa;
    sa.name = *result.nameStorage.back();
    sa.suffixIndex = nameIndex;
    sa.isType = info.isType;
    sa.canBeDeferred = info.canBeDeferred;
    if (!info.isType && isa<DictionaryAttr>(Attribute::getFromOpaquePointer(info.ptr)))
      result.hasDictionaryAlias = true;
    result.index.insert(info.ptr, unsigned(result.aliases.size()));
    result.aliases.emplace_back(info.ptr, sa);
  }
}

namespace {
/// An OpAsmPrinter that prints nothing and visits what would be printed
/// for aliases (MLIR's DummyAliasOperationPrinter).
class AliasOperationPrinter : public OpAsmPrinter {
public:
  AliasOperationPrinter(const OpPrintingFlags &flags, AliasInitializer &init) : printerFlags(flags), init(init) {}

  raw_ostream &getStream() const override { return const_cast<raw_null_ostream &>(os); }
  void printType(Type type) override { init.visit(type); }
  void printAttribute(Attribute attr) override { init.visit(attr); }
  void printAttributeWithoutType(Attribute attr) override { init.visit(attr, false, /*elideType=*/true); }
  LogicalResult printAlias(Attribute attr) override {
    printAttribute(attr);
    return success();
  }
  LogicalResult printAlias(Type type) override {
    printType(type);
    return success();
  }
  void printFloat(const APFloat &) override {}
  void printResourceHandle(const Dialect &, const void *) override { init.hasOrderDependentAttrs = true; }

  void printOperand(Value) override {}
  void printOperand(Value, raw_ostream &) override {}
  void printSuccessor(Block *) override {}
  void printSuccessorAndUseList(Block *, ValueRange succOperands) override {
    for (Value v : succOperands)
      printType(v.getType());
  }
  void printOptionalAttrDict(ArrayRef<NamedAttribute> attrs, ArrayRef<std::string_view> elidedAttrs) override {
    for (const NamedAttribute &a : attrs) {
      bool elided = false;
      for (std::string_view e : elidedAttrs)
        if (a.getNameStr() == e)
          elided = true;
      if (!elided)
        printAttribute(a.getValue());
    }
  }
  void printOptionalAttrDictWithKeyword(ArrayRef<NamedAttribute> attrs,
                                        ArrayRef<std::string_view> elidedAttrs) override {
    printOptionalAttrDict(attrs, elidedAttrs);
  }
  void printOptionalLocationSpecifier(Location loc) override {
    if (printerFlags.shouldPrintDebugInfo())
      init.visit(Attribute(LocationAttr(loc)), /*canBeDeferred=*/true);
  }
  void printNewline() override {}
  void increaseIndent() override {}
  void decreaseIndent() override {}
  void printAffineMapOfSSAIds(AffineMapAttr, ValueRange) override {}
  void printAffineExprOfSSAIds(AffineExpr, ValueRange, ValueRange) override {}
  void printProperties(Attribute props) override {
    if (props)
      printAttribute(props);
  }
  void shadowRegionArgs(Region &, ValueRange) override {}
  Attribute *getPrintingCacheSlot(const void *key) override { return &printingCache[key]; }

  void printRegionArgument(BlockArgument arg, ArrayRef<NamedAttribute> argAttrs, bool omitType) override {
    printType(arg.getType());
    if (printerFlags.shouldPrintDebugInfo())
      init.visit(Attribute(LocationAttr(arg.getLoc())), /*canBeDeferred=*/false);
  }

  void printCustomOrGenericOp(Operation *op) override;
  void printGenericOp(Operation *op, bool printOpName = true) override;
  void printRegion(Region &region, bool printEntryBlockArgs, bool printBlockTerminators,
                   bool printEmptyBlock) override;
  void printBlock(Block *block, bool printBlockArgs, bool printBlockTerminator);

  /// Walks `root` without recursion on generic region nesting.
  void run(Operation *root);

  /// The region whose operations are visited in parallel (and the context
  /// whose thread pool runs them).
  Region *parallelRegion = nullptr;
  MLIRContext *context = nullptr;

private:
  /// Visits the ops of `block` before `end` in parallel (through run() if
  /// `iterative`); returns false (visiting nothing) if not worthwhile.
  bool visitOpsInParallel(Block *block, Operation *end, bool iterative);
  /// Visits the parts of a generic op other than its regions.
  void visitGenericOpTail(Operation *op);
  const OpPrintingFlags &printerFlags;
  AliasInitializer &init;
  raw_null_ostream os;
  PointerMap<const void *, Attribute> printingCache;
};
} // namespace

/// Attributes (inherent and discardable) of `op` as MLIR's getAttrs()
/// returns them: merged and sorted by name.
static void getMergedAttrs(Operation *op, SmallVectorImpl<NamedAttribute> &out) {
  out.clear();
  ArrayRef<NamedAttribute> discardable = op->getDiscardableAttrs();
  if (op->isRegistered()) {
    ArrayRef<StringAttr> names = op->getName().getAttributeNames();
    auto slots = op->getPropertySlots();
    for (size_t i = 0; i < names.size(); ++i)
      if (slots[i])
        out.emplace_back(names[i], slots[i]);
  } else if (auto dict = dyn_cast_or_null<DictionaryAttr>(op->getPropertiesAsAttribute())) {
    out.insert(out.end(), dict.begin(), dict.end());
  }
  if (out.empty()) {
    out.assign(discardable.begin(), discardable.end());
    return;
  }
  out.append(discardable.begin(), discardable.end());
  if (out.size() > 32) {
    std::stable_sort(out.begin(), out.end());
    return;
  }
  // Insertion sort (stable, no buffer) for the usual short lists.
  for (size_t i = 1; i < out.size(); ++i) {
    NamedAttribute a = out[i];
    size_t j = i;
    for (; j > 0 && a < out[j - 1]; --j)
      out[j] = out[j - 1];
    out[j] = a;
  }
}

void AliasOperationPrinter::visitGenericOpTail(Operation *op) {
  for (Value v : op->getOperands())
    printType(v.getType());
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
    printType(op->getResult(i).getType());
  SmallVector<NamedAttribute, 16> attrs;
  getMergedAttrs(op, attrs);
  for (const NamedAttribute &a : attrs)
    printAttribute(a.getValue());
}

void AliasOperationPrinter::printCustomOrGenericOp(Operation *op) {
  if (printerFlags.shouldPrintDebugInfo())
    init.visit(Attribute(LocationAttr(op->getLoc())), /*canBeDeferred=*/true);
  if (!printerFlags.shouldPrintGenericOpForm() && op->isRegistered() && op->getName().getInfo().print) {
    op->getName().getInfo().print(op, *this);
    return;
  }
  printGenericOp(op);
}

void AliasOperationPrinter::printGenericOp(Operation *op, bool) {
  if (!printerFlags.shouldSkipRegions())
    for (Region &region : op->getRegions())
      printRegion(region, true, true, false);
  visitGenericOpTail(op);
}

void AliasOperationPrinter::printRegion(Region &region, bool printEntryBlockArgs, bool printBlockTerminators,
                                        bool) {
  if (region.empty() || printerFlags.shouldSkipRegions())
    return;
  printBlock(&region.front(), printEntryBlockArgs, printBlockTerminators);
  for (Block *b = region.front().getNextNode(); b; b = b->getNextNode())
    printBlock(b, true, true);
}

void AliasOperationPrinter::printBlock(Block *block, bool printBlockArgs, bool printBlockTerminator) {
  if (printBlockArgs) {
    for (Value arg : block->getArguments()) {
      printType(arg.getType());
      if (printerFlags.shouldPrintDebugInfo())
        init.visit(Attribute(LocationAttr(BlockArgument(arg).getLoc())), /*canBeDeferred=*/false);
    }
  }
  bool hasTerminator = !block->empty() && block->back().hasTrait<OpTrait::IsTerminator>();
  Operation *end = (!hasTerminator || printBlockTerminator) ? nullptr : &block->back();
  if (block->getParent() == parallelRegion && visitOpsInParallel(block, end, /*iterative=*/false))
    return;
  for (Operation *op = block->empty() ? nullptr : &block->front(); op != end; op = op->getNextNode())
    printCustomOrGenericOp(op);
}

bool AliasOperationPrinter::visitOpsInParallel(Block *block, Operation *end, bool iterative) {
  std::vector<Operation *> ops;
  for (Operation *op = block->empty() ? nullptr : &block->front(); op != end; op = op->getNextNode())
    ops.push_back(op);
  if (ops.size() < 2)
    return false;
  ThreadPool &pool = context->getThreadPool();
  size_t runners = size_t(pool.getThreadCount()) + 1;
  if (runners < 2)
    return false;
  size_t chunk = std::max<size_t>(1, ops.size() / (runners * 64));
  size_t numTasks = (ops.size() + chunk - 1) / chunk;
  size_t waveSize = runners * 4;
  std::vector<std::unique_ptr<AliasInitializer>> results(std::min(waveSize, numTasks));
  for (size_t waveBegin = 0; waveBegin < numTasks; waveBegin += waveSize) {
    size_t waveEnd = std::min(numTasks, waveBegin + waveSize);
    pool.parallelFor(waveBegin, waveEnd, [&](size_t task) {
      auto local = std::make_unique<AliasInitializer>(context);
      AliasOperationPrinter printer(printerFlags, *local);
      size_t opEnd = std::min(ops.size(), (task + 1) * chunk);
      for (size_t i = task * chunk; i < opEnd; ++i) {
        if (iterative)
          printer.run(ops[i]);
        else
          printer.printCustomOrGenericOp(ops[i]);
      }
      results[task - waveBegin] = std::move(local);
    });
    for (size_t task = waveBegin; task < waveEnd; ++task) {
      init.merge(*results[task - waveBegin]);
      results[task - waveBegin].reset();
    }
  }
  return true;
}

void AliasOperationPrinter::run(Operation *root) {
  // Generic printing visits, per op: its location, its regions (blocks:
  // argument types/locations, then nested ops), then its own types and
  // attributes. Do the same with an explicit stack for generic ops; custom
  // ops go through their print hook (which may recurse).
  struct Frame {
    Operation *op;
    unsigned region;
    Block *block;
    Operation *next;
    bool started;
  };
  bool generic = printerFlags.shouldPrintGenericOpForm();
  auto isCustom = [&](Operation *op) { return !generic && op->isRegistered() && op->getName().getInfo().print; };
  std::vector<Frame> stack;
  auto enter = [&](Operation *op) {
    if (printerFlags.shouldPrintDebugInfo())
      init.visit(Attribute(LocationAttr(op->getLoc())), /*canBeDeferred=*/true);
    if (isCustom(op)) {
      op->getName().getInfo().print(op, *this);
      return;
    }
    stack.push_back({op, 0, nullptr, nullptr, false});
  };
  enter(root);
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (printerFlags.shouldSkipRegions()) {
      Operation *op = f.op;
      stack.pop_back();
      visitGenericOpTail(op);
      continue;
    }
    // Advance to the next op to visit inside f.op's regions.
    Operation *child = nullptr;
    while (!child) {
      if (f.next) {
        child = f.next;
        f.next = child->getNextNode();
        break;
      }
      if (!f.block) {
        if (f.started)
          ++f.region;
        f.started = true;
        if (f.region >= f.op->getNumRegions())
          break;
        Region &rg = f.op->getRegion(f.region);
        if (rg.empty())
          continue;
        f.block = &rg.front();
      } else {
        f.block = f.block->getNextNode();
        if (!f.block)
          continue;
      }
      for (Value arg : f.block->getArguments()) {
        printType(arg.getType());
        if (printerFlags.shouldPrintDebugInfo())
          init.visit(Attribute(LocationAttr(BlockArgument(arg).getLoc())), /*canBeDeferred=*/false);
      }
      f.next = f.block->empty() ? nullptr : &f.block->front();
      if (f.block->getParent() == parallelRegion && visitOpsInParallel(f.block, nullptr, /*iterative=*/true))
        f.next = nullptr;
    }
    if (child) {
      enter(child);
      continue;
    }
    Operation *op = f.op;
    stack.pop_back();
    visitGenericOpTail(op);
  }
}

void AliasState::initialize(Operation *op, const OpPrintingFlags &flags, AsmStateImpl &state) {
  AliasInitializer init(op->getContext());
  AliasOperationPrinter printer(flags, init);
  // The operations of a module are visited in parallel; merging the results
  // in order gives what a sequential visit gives.
  if (state.context->isMultithreadingEnabled() && op->getNumRegions() == 1) {
    printer.parallelRegion = &op->getRegion(0);
    printer.context = state.context;
  }
  printer.run(op);
  init.finish(*this);
  hasOrderDependentAttrs = init.hasOrderDependentAttrs;
  (void)state;
}

void AliasState::printAliases(AsmPrinterImpl &p, bool isDeferred) {
  for (auto &[opaque, alias] : aliases) {
    if (alias.canBeDeferred != isDeferred)
      continue;
    alias.print(p.os);
    p.os << " = ";
    if (alias.isType) {
      p.printTypeImpl(Type::getFromOpaquePointer(opaque));
      // Only from now on: a type that contains itself (a mutable one)
      // spells itself out inside its own definition, as in MLIR.
      alias.isPrinted = true;
    } else {
      p.printAttributeImpl(Attribute::getFromOpaquePointer(opaque));
    }
    p.os << '\n';
  }
}

//===----------------------------------------------------------------------===//
// SSA naming
//===----------------------------------------------------------------------===//

void PtrIdMap::rehash(size_t newCapacity) {
  std::vector<Slot> old = std::move(slots);
  slots.assign(newCapacity, Slot{nullptr, 0});
  mask = newCapacity - 1;
  shift = 64 - unsigned(__builtin_ctzll(newCapacity));
  count = 0;
  for (const Slot &s : old)
    if (s.key)
      insert(s.key, s.value);
}

void PtrIdMap::clear() {
  if (!count)
    return;
  size_t want = 64;
  while (want * 3 < count * 8)
    want *= 2;
  if (want < capacity()) {
    slots.assign(want, Slot{nullptr, 0});
    slots.shrink_to_fit();
    mask = want - 1;
    shift = 64 - unsigned(__builtin_ctzll(want));
  } else {
    std::fill(slots.begin(), slots.end(), Slot{nullptr, 0});
  }
  count = 0;
}

/// Writes MLIR's sanitized form of `name` into `buffer` if it needs changes;
/// returns the sanitized name (`name` itself when already valid).
static std::string_view sanitizeIdentifierInto(std::string_view name, std::string &buffer,
                                               std::string_view allowedPunctChars, bool allowTrailingDigit) {
  auto validChar = [&](char ch) { return isAlnum(ch) || allowedPunctChars.find(ch) != std::string_view::npos; };
  buffer.clear();
  auto copyNameToBuffer = [&] {
    static const char hex[] = "0123456789ABCDEF";
    for (char ch : name) {
      if (validChar(ch)) {
        buffer.push_back(ch);
      } else if (ch == ' ') {
        buffer.push_back('_');
      } else {
        unsigned char u = static_cast<unsigned char>(ch);
        if (u >= 16)
          buffer.push_back(hex[u >> 4]);
        buffer.push_back(hex[u & 15]);
      }
    }
  };
  if (name.empty())
    return name;
  if (isDigitChar(name[0]) || (!validChar(name[0]) && name[0] != ' ')) {
    buffer.push_back('_');
    copyNameToBuffer();
    return buffer;
  }
  if (!allowTrailingDigit && isDigitChar(name.back())) {
    copyNameToBuffer();
    buffer.push_back('_');
    return buffer;
  }
  for (char ch : name)
    if (!validChar(ch)) {
      copyNameToBuffer();
      return buffer;
    }
  return name;
}

std::string detail::sanitizeIdentifier(std::string_view name, std::string_view allowedPunctChars,
                                       bool allowTrailingDigit) {
  std::string buffer;
  return std::string(sanitizeIdentifierInto(name, buffer, allowedPunctChars, allowTrailingDigit));
}

SSANameState::SSANameState(Operation *op, const OpPrintingFlags &flags, bool allowLazy) : printerFlags(flags) {
  bool generic = flags.shouldPrintGenericOpForm();
  uniqueIDs = flags.shouldPrintUniqueSSAIDs() || generic;
  scopeMarks.push_back(0); // the top-level scope
  Counters start = counters;
  // Custom forms with unique ids carry conflict counters across subtrees
  // that depend on their names; those are numbered eagerly.
  bool lazy = allowLazy && op->getNumRegions() == 1 && (!uniqueIDs || generic);
  if (!lazy) {
    numberValuesInOp(*op);
    std::vector<Region *> regions;
    for (Region &region : op->getRegions())
      regions.push_back(&region);
    numberRegions(regions, start);
    return;
  }
  // Number the root and its region (MLIR's first step), keeping the
  // region's name scope open for its subtrees.
  lazyRoot = op;
  lazyRegion = &op->getRegion(0);
  numberValuesInOp(*op);
  if (!uniqueIDs)
    counters = start;
  scopeMarks.push_back(usedNameLog.size());
  numberValuesInRegion(*lazyRegion);
  afterRoot = counters;
  rootNameCount = names.size();
  rootNameChars = nameChars.size();
  rootGroupStorage = resultGroupStorage.size();
  if (!uniqueIDs)
    return;
  // With unique ids, MLIR numbers the subtrees of the region's operations
  // last to first, each continuing the counters; precompute where each
  // starts. Generic form names nothing but entry arguments (`argN`, never
  // conflicting), so counting values is enough.
  std::vector<Operation *> tops;
  for (Block &block : *lazyRegion)
    for (Operation &top : block)
      if (top.getNumRegions())
        tops.push_back(&top);
  Counters c = afterRoot;
  std::vector<Operation *> worklist;
  subtreeStart = std::make_shared<PointerMap<Operation *, Counters>>();
  subtreeStart->reserve(tops.size());
  for (size_t i = tops.size(); i-- > 0;) {
    subtreeStart->insert(tops[i], c);
    worklist.push_back(tops[i]);
    while (!worklist.empty()) {
      Operation *cur = worklist.back();
      worklist.pop_back();
      for (Region &region : cur->getRegions()) {
        for (Block &block : region) {
          if (&block == &region.front())
            c.nextArgumentID += block.getNumArguments();
          else
            c.nextValueID += block.getNumArguments();
          for (Operation &nested : block) {
            if (nested.getNumResults())
              ++c.nextValueID;
            if (nested.getNumRegions())
              worklist.push_back(&nested);
          }
        }
      }
    }
  }
}

SSANameState::~SSANameState() = default;

std::unique_ptr<SSANameState> SSANameState::cloneForWorker() const {
  std::unique_ptr<SSANameState> w(new SSANameState(printerFlags));
  w->rootIDs = rootIDs;
  w->rootGroups = rootGroups;
  w->resultGroupStorage.assign(resultGroupStorage.begin(), resultGroupStorage.begin() + rootGroupStorage);
  w->names.assign(names.begin(), names.begin() + rootNameCount);
  w->nameHashes.assign(nameHashes.begin(), nameHashes.begin() + rootNameCount);
  w->nameChars.assign(nameChars, 0, rootNameChars);
  // Between subtrees only the root's names are in use.
  w->usedNameSlots = usedNameSlots;
  w->usedNameLog = usedNameLog;
  w->scopeMarks = scopeMarks;
  for (const auto &name : shadowNames)
    w->shadowNames.push_back(std::make_unique<std::string>(*name));
  w->counters = afterRoot;
  w->uniqueIDs = uniqueIDs;
  w->lazyRoot = lazyRoot;
  w->lazyRegion = lazyRegion;
  w->afterRoot = afterRoot;
  w->rootNameCount = rootNameCount;
  w->rootNameChars = rootNameChars;
  w->rootGroupStorage = rootGroupStorage;
  w->subtreeStart = subtreeStart;
  return w;
}

void SSANameState::numberRegions(ArrayRef<Region *> regions, Counters start) {
  struct NamingContext {
    Region *region;
    Counters counters;
    size_t parentScope; // depth of the parent's name scope
  };
  size_t baseScope = scopeMarks.size();
  std::vector<NamingContext> nameContext;
  for (Region *region : regions)
    nameContext.push_back({region, start, baseScope});
  while (!nameContext.empty()) {
    NamingContext ctx = nameContext.back();
    nameContext.pop_back();
    if (!uniqueIDs)
      counters = ctx.counters;
    // Pop the scopes of the previous subtree down to the parent scope.
    while (scopeMarks.size() > ctx.parentScope) {
      popUsedNames(scopeMarks.back());
      scopeMarks.pop_back();
    }
    scopeMarks.push_back(usedNameLog.size());
    size_t curScope = scopeMarks.size();
    numberValuesInRegion(*ctx.region);
    for (Block &block : *ctx.region)
      for (Operation &nested : block)
        for (Region &r : nested.getRegions())
          nameContext.push_back({&r, counters, curScope});
  }
  while (scopeMarks.size() > baseScope) {
    popUsedNames(scopeMarks.back());
    scopeMarks.pop_back();
  }
}

void SSANameState::numberSubtree(Operation *op) {
  // Drop the previous subtree.
  subIDs.clear();
  subGroups.clear();
  names.resize(rootNameCount);
  nameHashes.resize(rootNameCount);
  nameChars.resize(rootNameChars);
  resultGroupStorage.resize(rootGroupStorage);
  currentSubtree = op;
  curIDs = &subIDs;
  curGroups = &subGroups;
  if (uniqueIDs) {
    const Counters *start = subtreeStart ? subtreeStart->lookup(op) : nullptr;
    counters = start ? *start : afterRoot;
  } else {
    counters = afterRoot;
  }
  std::vector<Region *> regions;
  for (Region &region : op->getRegions())
    regions.push_back(&region);
  numberRegions(regions, counters);
}

void SSANameState::numberValuesInRegion(Region &region) {
  if (!printerFlags.shouldPrintGenericOpForm()) {
    if (Operation *parent = region.getParentOp())
      if (auto asmInterface = dyn_cast<OpAsmOpInterface>(parent))
        asmInterface.getAsmBlockArgumentNames(region,
                                              [&](Value arg, std::string_view name) { setValueName(arg, name); });
  }
  uint32_t nextBlockID = 0;
  for (Block &block : region) {
    *curIDs->insert(&block, 0).first = nextBlockID++;
    numberValuesInBlock(block);
  }
}

void SSANameState::numberValuesInBlock(Block &block) {
  bool isEntryBlock = block.isEntryBlock();
  char buf[16] = {'a', 'r', 'g'};
  for (Value arg : block.getArguments()) {
    if (curIDs->lookup(arg.getImpl()))
      continue;
    if (isEntryBlock) {
      auto r = std::to_chars(buf + 3, buf + sizeof(buf), counters.nextArgumentID++);
      setValueName(arg, std::string_view(buf, r.ptr - buf));
    } else {
      setValueName(arg, std::string_view());
    }
  }
  for (Operation &op : block)
    numberValuesInOp(op);
}

void SSANameState::numberValuesInOp(Operation &op) {
  std::vector<int> &resultGroups = resultGroupScratch;
  resultGroups.assign(1, 0);
  if (auto asmInterface = printerFlags.shouldPrintGenericOpForm() ? OpAsmOpInterface() : dyn_cast<OpAsmOpInterface>(&op)) {
    asmInterface.getAsmResultNames([&](Value result, std::string_view name) {
      setValueName(result, name);
      if (unsigned resultNo = OpResult(result).getResultNumber())
        resultGroups.push_back(int(resultNo));
    });
  }
  unsigned numResults = op.getNumResults();
  if (numResults == 0)
    return;
  detail::ValueImpl *resultBegin = op.getResult(0).getImpl();
  if (curIDs->insert(resultBegin, counters.nextValueID).second)
    ++counters.nextValueID;
  if (resultGroups.size() != 1) {
    std::sort(resultGroups.begin(), resultGroups.end());
    *curGroups->insert(&op, 0).first = uint32_t(resultGroupStorage.size());
    resultGroupStorage.push_back(int(resultGroups.size()));
    resultGroupStorage.insert(resultGroupStorage.end(), resultGroups.begin(), resultGroups.end());
  }
}

void SSANameState::setValueName(Value value, std::string_view name) {
  if (name.empty()) {
    *curIDs->insert(value.getImpl(), 0).first = counters.nextValueID++;
    return;
  }
  uint32_t index = uniqueValueName(name);
  *curIDs->insert(value.getImpl(), 0).first = NameBit | index;
}

bool SSANameState::isNameUsed(std::string_view name, uint64_t hash) const {
  if (usedNameSlots.empty())
    return false;
  size_t mask = usedNameSlots.size() - 1;
  uint32_t tag = uint32_t(hash >> 32);
  for (size_t i = size_t(hash) & mask;; i = (i + 1) & mask) {
    uint64_t slot = usedNameSlots[i];
    if (!slot)
      return false;
    if (uint32_t(slot >> 32) == tag && getName(uint32_t(slot) - 1) == name)
      return true;
  }
}

void SSANameState::addUsedName(uint32_t nameIndex, uint64_t hash) {
  if ((usedNameLog.size() + 1) * 2 > usedNameSlots.size())
    rehashUsedNames(usedNameSlots.empty() ? 64 : usedNameSlots.size() * 2);
  size_t mask = usedNameSlots.size() - 1;
  size_t i = size_t(hash) & mask;
  while (usedNameSlots[i])
    i = (i + 1) & mask;
  usedNameSlots[i] = (uint64_t(uint32_t(hash >> 32)) << 32) | uint64_t(nameIndex + 1);
  usedNameLog.push_back(nameIndex);
}

void SSANameState::rehashUsedNames(size_t newCapacity) {
  // Reinsert in insertion order so that undoing the latest insertion by
  // clearing its slot stays valid.
  usedNameSlots.assign(newCapacity, 0);
  std::vector<uint32_t> log = std::move(usedNameLog);
  usedNameLog.clear();
  usedNameLog.reserve(log.size());
  for (uint32_t index : log)
    addUsedName(index, nameHashes[index]);
}

void SSANameState::popUsedNames(size_t mark) {
  size_t mask = usedNameSlots.size() - 1;
  while (usedNameLog.size() > mark) {
    uint32_t index = usedNameLog.back();
    usedNameLog.pop_back();
    // The most recent insertion ends its probe chain: clearing it keeps
    // every other name reachable.
    uint64_t hash = nameHashes[index];
    for (size_t i = size_t(hash) & mask;; i = (i + 1) & mask) {
      if (uint32_t(usedNameSlots[i]) == index + 1) {
        usedNameSlots[i] = 0;
        break;
      }
    }
  }
}

uint32_t SSANameState::uniqueValueName(std::string_view name) {
  std::string_view sanitized = sanitizeIdentifierInto(name, sanitizeBuffer, "$._-", true);
  std::string_view finalName = sanitized;
  uint64_t hash = hashValue(sanitized);
  if (isNameUsed(sanitized, hash)) {
    probeBuffer.assign(sanitized);
    probeBuffer.push_back('_');
    size_t base = probeBuffer.size();
    while (true) {
      probeBuffer.resize(base);
      char buf[16];
      auto r = std::to_chars(buf, buf + sizeof(buf), counters.nextConflictID++);
      probeBuffer.append(buf, r.ptr - buf);
      hash = hashValue(std::string_view(probeBuffer));
      if (!isNameUsed(probeBuffer, hash))
        break;
    }
    finalName = probeBuffer;
  }
  uint32_t index = uint32_t(names.size());
  names.emplace_back(uint32_t(nameChars.size()), uint32_t(finalName.size()));
  nameHashes.push_back(hash);
  nameChars.append(finalName);
  addUsedName(index, hash);
  return index;
}

Operation *SSANameState::findSubtreeRoot(Operation *op) const {
  while (op) {
    Block *block = op->getBlock();
    if (!block)
      return nullptr;
    if (block->getParent() == lazyRegion)
      return op;
    op = block->getParentOp();
  }
  return nullptr;
}

bool SSANameState::needsFallback(Operation *anchor) {
  if (!lazyRoot || !anchor)
    return false;
  Operation *top = findSubtreeRoot(anchor);
  if (!top || top == currentSubtree)
    return false;
  if (!currentSubtree) {
    // Printing a nested operation on its own: number its subtree.
    numberSubtree(top);
    return false;
  }
  return true;
}

SSANameState &SSANameState::getFallback() {
  if (!fallback)
    fallback = std::make_unique<SSANameState>(lazyRoot, printerFlags, /*allowLazy=*/false);
  return *fallback;
}

/// The operation whose regions hold `value` (its owner for a result).
static Operation *getValueAnchor(detail::ValueImpl *impl) {
  if (impl->kind == detail::ValueImpl::Kind::OpResult)
    return static_cast<detail::OpResultImpl *>(impl)->getOwner();
  Block *block = static_cast<detail::BlockArgumentImpl *>(impl)->owner;
  return block ? block->getParentOp() : nullptr;
}

ArrayRef<int> SSANameState::getOpResultGroups(Operation *op) {
  const uint32_t *index = subGroups.lookup(op);
  if (!index)
    index = rootGroups.lookup(op);
  if (!index) {
    // Only multi-result ops have groups; make sure a miss is not due to an
    // op that is not numbered here.
    if (op->getNumResults() < 2 || !lazyRoot)
      return {};
    if (needsFallback(op))
      return getFallback().getOpResultGroups(op);
    if (!(index = subGroups.lookup(op)))
      return {};
  }
  return ArrayRef<int>(resultGroupStorage.data() + *index + 1, size_t(resultGroupStorage[*index]));
}

void SSANameState::printValueID(Value value, bool printResultNo, raw_ostream &stream) {
  if (!value) {
    stream << "<<NULL VALUE>>";
    return;
  }
  detail::ValueImpl *impl = value.getImpl();
  detail::ValueImpl *lookupImpl = impl;
  int resultNo = -1;
  if (impl->kind == detail::ValueImpl::Kind::OpResult) {
    Operation *owner = static_cast<detail::OpResultImpl *>(impl)->getOwner();
    if (owner->getNumResults() != 1) {
      detail::ValueImpl *first = owner->getResult(0).getImpl();
      if (lazyRoot && !subIDs.lookup(first) && !rootIDs.lookup(first) && needsFallback(owner))
        return getFallback().printValueID(value, printResultNo, stream);
      int no = int(impl->index);
      ArrayRef<int> groups = getOpResultGroups(owner);
      if (groups.empty()) {
        resultNo = no;
        lookupImpl = owner->getResult(0).getImpl();
      } else {
        auto it = std::upper_bound(groups.begin(), groups.end(), no);
        int groupResultNo, groupSize;
        if (it == groups.end()) {
          groupResultNo = groups.back();
          groupSize = int(owner->getNumResults()) - groups.back();
        } else {
          groupResultNo = *std::prev(it);
          groupSize = *it - groupResultNo;
        }
        if (groupSize != 1)
          resultNo = no - groupResultNo;
        lookupImpl = owner->getResult(groupResultNo).getImpl();
      }
    }
  }
  const uint32_t *id = subIDs.lookup(lookupImpl);
  if (!id)
    id = rootIDs.lookup(lookupImpl);
  if (!id && lazyRoot) {
    if (needsFallback(getValueAnchor(impl)))
      return getFallback().printValueID(value, printResultNo, stream);
    id = subIDs.lookup(lookupImpl);
  }
  if (!id) {
    stream << "<<UNKNOWN SSA VALUE>>";
    return;
  }
  stream << '%';
  uint32_t v = *id;
  if (!(v & NameBit))
    stream << v;
  else if (v & ShadowBit)
    stream << *shadowNames[v & ~(NameBit | ShadowBit)];
  else
    stream << getName(v & ~NameBit);
  if (resultNo >= 0 && printResultNo)
    stream << '#' << resultNo;
}

int SSANameState::getBlockOrdering(Block *block) {
  const uint32_t *id = subIDs.lookup(block);
  if (!id)
    id = rootIDs.lookup(block);
  if (!id && lazyRoot) {
    if (needsFallback(block->getParentOp()))
      return getFallback().getBlockOrdering(block);
    id = subIDs.lookup(block);
  }
  return id ? int(*id) : -1;
}

void SSANameState::printBlockName(Block *block, raw_ostream &os) {
  int ordering = getBlockOrdering(block);
  if (ordering < 0)
    os << "INVALIDBLOCK";
  else
    os << "^bb" << ordering;
}

void SSANameState::shadowRegionArgs(Region &region, ValueRange namesToUse) {
  if (region.empty())
    return;
  ValueRange args = region.front().getArguments();
  for (size_t i = 0; i < args.size() && i < namesToUse.size(); ++i) {
    Value nameToUse = namesToUse[i];
    if (!nameToUse)
      continue;
    Value nameToReplace = args[i];
    std::string nameStr;
    raw_string_ostream nameStream(nameStr);
    printValueID(nameToUse, /*printResultNo=*/true, nameStream);
    nameStream.flush();
    // Entry block arguments use the name of the value (without '%').
    detail::ValueImpl *key = nameToReplace.getImpl();
    uint32_t *entry = subIDs.lookup(key);
    if (!entry)
      entry = rootIDs.lookup(key);
    if (!entry && lazyRoot && !needsFallback(getValueAnchor(key)))
      entry = subIDs.lookup(key);
    if (!entry)
      entry = curIDs->insert(key, 0).first;
    shadowNames.push_back(std::make_unique<std::string>(nameStr.substr(1)));
    *entry = NameBit | ShadowBit | uint32_t(shadowNames.size() - 1);
  }
}

//===----------------------------------------------------------------------===//
// AsmState
//===----------------------------------------------------------------------===//

AsmStateImpl::AsmStateImpl(Operation *op, const OpPrintingFlags &flags)
    : context(op->getContext()), printerFlags(flags) {
  ssaNameState = std::make_unique<SSANameState>(op, printerFlags);
}

AsmState::AsmState(Operation *op, const OpPrintingFlags &flags, LocationMap *locationMap)
    : impl(std::make_unique<AsmStateImpl>(op, flags)) {
  impl->locationMap = locationMap;
}
AsmState::AsmState(MLIRContext *ctx, const OpPrintingFlags &flags)
    : impl(std::make_unique<AsmStateImpl>(ctx, flags)) {}
AsmState::~AsmState() = default;
const OpPrintingFlags &AsmState::getPrinterFlags() const { return impl->printerFlags; }
ArrayRef<DenseResourceElementsHandle::Entry *> AsmState::getBuiltinResources() const {
  return ArrayRef<DenseResourceElementsHandle::Entry *>(impl->usedResources.data(), impl->usedResources.size());
}
ArrayRef<std::pair<const Dialect *, std::vector<const void *>>> AsmState::getDialectResources() const {
  return ArrayRef<std::pair<const Dialect *, std::vector<const void *>>>(impl->dialectResources.data(),
                                                                    impl->dialectResources.size());
}

//===----------------------------------------------------------------------===//
// OperationPrinter
//===----------------------------------------------------------------------===//

namespace {
class OperationPrinter : public OpAsmPrinter {
public:
  OperationPrinter(raw_ostream &os, AsmStateImpl &state)
      : impl(os, state), os(os), state(state), printerFlags(state.printerFlags) {}

  raw_ostream &getStream() const override { return os; }
  void printFloat(const APFloat &value) override { impl.printFloat(value); }
  void printType(Type type) override { impl.printType(type); }
  void printAttribute(Attribute attr) override { impl.printAttribute(attr); }
  void printAttributeWithoutType(Attribute attr) override { impl.printAttribute(attr, AttrTypeElision::Must); }
  LogicalResult printAlias(Attribute attr) override { return impl.printAlias(attr); }
  LogicalResult printAlias(Type type) override { return impl.printAlias(type); }
  void printResourceHandle(const Dialect &dialect, const void *handle) override {
    impl.printDialectResourceHandle(dialect, handle);
  }

  void printOperand(Value value) override { printValueID(value); }
  void printOperand(Value value, raw_ostream &stream) override {
    state.ssaNameState->printValueID(value, true, stream);
  }
  void printValueID(Value value, bool printResultNo = true) {
    state.ssaNameState->printValueID(value, printResultNo, os);
  }
  void printBlockName(Block *block) { state.ssaNameState->printBlockName(block, os); }
  /// Called before printing each operation of a block: lets the naming
  /// state number a top-level subtree lazily.
  void enterOp(Operation *op) { state.ssaNameState->enterSubtree(op); }
  void printSuccessor(Block *successor) override { printBlockName(successor); }
  void printSuccessorAndUseList(Block *successor, ValueRange succOperands) override {
    printBlockName(successor);
    if (succOperands.empty())
      return;
    os << '(';
    for (size_t i = 0; i < succOperands.size(); ++i) {
      if (i)
        os << ", ";
      printValueID(succOperands[i]);
    }
    os << " : ";
    for (size_t i = 0; i < succOperands.size(); ++i) {
      if (i)
        os << ", ";
      printType(succOperands[i].getType());
    }
    os << ')';
  }
  void printOptionalAttrDict(ArrayRef<NamedAttribute> attrs, ArrayRef<std::string_view> elidedAttrs) override {
    impl.printOptionalAttrDict(attrs, elidedAttrs, false);
  }
  void printOptionalAttrDictWithKeyword(ArrayRef<NamedAttribute> attrs,
                                        ArrayRef<std::string_view> elidedAttrs) override {
    impl.printOptionalAttrDict(attrs, elidedAttrs, true);
  }
  void printOptionalLocationSpecifier(Location loc) override { printTrailingLocation(loc); }
  /// (Takes the op so that its location is only created when printed.)
  void printTrailingLocation(Operation *op) {
    if (printerFlags.shouldPrintDebugInfo())
      printTrailingLocation(op->getLoc());
  }
  void printTrailingLocation(Location loc, bool allowAlias = true) {
    if (!printerFlags.shouldPrintDebugInfo())
      return;
    os << ' ';
    impl.printLocation(loc, allowAlias);
  }
  void printNewline() override {
    os << '\n';
    os.indent(currentIndent);
  }
  void increaseIndent() override { currentIndent += indentWidth; }
  void decreaseIndent() override { currentIndent -= indentWidth; }
  void printProperties(Attribute props) override {
    if (!props)
      return;
    os << " <";
    impl.printAttribute(props);
    os << '>';
  }
  void shadowRegionArgs(Region &region, ValueRange namesToUse) override {
    state.ssaNameState->shadowRegionArgs(region, namesToUse);
  }
  Attribute *getPrintingCacheSlot(const void *key) override { return &state.printingCache[key]; }
  void printRegionArgument(BlockArgument arg, ArrayRef<NamedAttribute> argAttrs, bool omitType) override {
    printOperand(arg);
    if (!omitType) {
      os << ": ";
      printType(arg.getType());
    }
    impl.printOptionalAttrDict(argAttrs);
    printTrailingLocation(arg.getLoc(), /*allowAlias=*/false);
  }
  void printAffineMapOfSSAIds(AffineMapAttr mapAttr, ValueRange operands) override;
  void printAffineExprOfSSAIds(AffineExpr expr, ValueRange dimOperands, ValueRange symOperands) override;

  void printCustomOrGenericOp(Operation *op) override;
  void printGenericOp(Operation *op, bool printOpName = true) override;
  void printRegion(Region &region, bool printEntryBlockArgs, bool printBlockTerminators,
                   bool printEmptyBlock) override;

  void printTopLevelOperation(Operation *op);
  void printFullOpWithIndentAndLoc(Operation *op);
  void printFullOp(Operation *op);

  /// Counts the lines written, for recordLocation.
  size_t *linesWritten = nullptr;

private:
  /// Records where `op` starts if the state collects locations.
  void recordLocation(Operation *op) {
    if (!state.locationMap)
      return;
    os.flush();
    (*state.locationMap)[op] = {unsigned(*linesWritten + 1), currentIndent};
  }
  /// Prints a generic op and everything nested in it with an explicit stack.
  void printGenericIterative(Operation *op);
  /// Prints the ops of `block` before `end`, each on its own line, in
  /// parallel; returns false (printing nothing) if not worthwhile.
  bool printOpsInParallel(Block *block, Operation *end);
  void printBlockHeader(Block *block);
  void printResultList(Operation *op);
  void printGenericOpPrefix(Operation *op);
  void printGenericOpSuffix(Operation *op);
  bool isCustom(Operation *op) const {
    return !printerFlags.shouldPrintGenericOpForm() && op->isRegistered() && op->getName().getInfo().print;
  }
  void printCustomOp(Operation *op);

  AsmPrinterImpl impl;
  raw_ostream &os;
  AsmStateImpl &state;
  const OpPrintingFlags &printerFlags;
  unsigned currentIndent = 0;
  static constexpr unsigned indentWidth = 2;
  std::vector<std::string_view> defaultDialectStack{"builtin"};
  std::vector<NamedAttribute> propertyScratch;
};
} // namespace

void OperationPrinter::printTopLevelOperation(Operation *op) {
  state.aliasState.printAliases(impl, /*isDeferred=*/false);
  printFullOpWithIndentAndLoc(op);
  os << '\n';
  state.aliasState.printAliases(impl, /*isDeferred=*/true);
  impl.printResourceFileMetadata();
}

void OperationPrinter::printResultList(Operation *op) {
  size_t numResults = op->getNumResults();
  if (!numResults)
    return;
  auto printResultGroup = [&](size_t resultNo, size_t resultCount) {
    printValueID(op->getResult(resultNo), /*printResultNo=*/false);
    if (resultCount > 1)
      os << ':' << resultCount;
  };
  ArrayRef<int> resultGroups = state.ssaNameState->getOpResultGroups(op);
  if (!resultGroups.empty()) {
    for (size_t i = 0; i + 1 < resultGroups.size(); ++i) {
      printResultGroup(resultGroups[i], resultGroups[i + 1] - resultGroups[i]);
      os << ", ";
    }
    printResultGroup(resultGroups.back(), numResults - resultGroups.back());
  } else {
    printResultGroup(0, numResults);
  }
  os << " = ";
}

void OperationPrinter::printFullOp(Operation *op) {
  printResultList(op);
  printCustomOrGenericOp(op);
}

void OperationPrinter::printFullOpWithIndentAndLoc(Operation *op) {
  if (!isCustom(op)) {
    printGenericIterative(op);
    return;
  }
  recordLocation(op);
  os.indent(currentIndent);
  printFullOp(op);
  printTrailingLocation(op);
}

void OperationPrinter::printCustomOp(Operation *op) {
  std::string_view name = op->getName().getStringRef();
  std::string_view defaultDialect = defaultDialectStack.back();
  if (!defaultDialect.empty() && name.size() > defaultDialect.size() && name.substr(0, defaultDialect.size()) == defaultDialect &&
      name[defaultDialect.size()] == '.' && std::count(name.begin(), name.end(), '.') == 1)
    name = name.substr(defaultDialect.size() + 1);
  os << name;
  op->getName().getInfo().print(op, *this);
}

void OperationPrinter::printCustomOrGenericOp(Operation *op) {
  if (isCustom(op)) {
    printCustomOp(op);
    return;
  }
  printGenericOp(op);
}

void OperationPrinter::printGenericOpPrefix(Operation *op) {
  os << '"';
  printEscapedStringRaw(op->getName().getStringRef(), os);
  os << '"';
  os << '(';
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
    if (i)
      os << ", ";
    printValueID(op->getOperand(i));
  }
  os << ')';
  if (unsigned n = op->getNumSuccessors()) {
    os << '[';
    for (unsigned i = 0; i < n; ++i) {
      if (i)
        os << ", ";
      printBlockName(op->getSuccessor(i));
    }
    os << ']';
  }
  if (op->isRegistered() && !state.aliases->hasDictionaryAlias) {
    // The properties dictionary, printed from the property slots without
    // building it (it would print the same: dictionaries have no alias).
    ArrayRef<StringAttr> names = op->getName().getAttributeNames();
    if (names.empty())
      return;
    auto slots = op->getPropertySlots();
    std::vector<NamedAttribute> &props = propertyScratch;
    props.clear();
    for (size_t i = 0; i < names.size(); ++i)
      if (slots[i])
        props.emplace_back(names[i], slots[i]);
    if (props.empty())
      return;
    for (size_t i = 1; i < props.size(); ++i)
      if (props[i] < props[i - 1]) {
        std::stable_sort(props.begin(), props.end());
        break;
      }
    os << " <{";
    for (size_t i = 0; i < props.size(); ++i) {
      if (i)
        os << ", ";
      impl.printNamedAttribute(props[i]);
    }
    os << "}>";
    return;
  }
  if (Attribute prop = op->getPropertiesAsAttribute()) {
    os << " <";
    impl.printAttribute(prop);
    os << '>';
  }
}

void OperationPrinter::printGenericOpSuffix(Operation *op) {
  impl.printOptionalAttrDict(op->getDiscardableAttrs());
  os << " : ";
  OpAsmPrinter::printFunctionalType(op);
}

void OperationPrinter::printGenericOp(Operation *op, bool printOpName) {
  // Used by custom printers that fall back to the generic form; regions are
  // printed through printRegion (recursively).
  if (printOpName) {
    printGenericOpPrefix(op);
  } else {
    os << '(';
    for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
      if (i)
        os << ", ";
      printValueID(op->getOperand(i));
    }
    os << ')';
  }
  if (op->getNumRegions()) {
    os << " (";
    for (unsigned i = 0; i < op->getNumRegions(); ++i) {
      if (i)
        os << ", ";
      printRegion(op->getRegion(i), true, true, true);
    }
    os << ')';
  }
  printGenericOpSuffix(op);
}

void OperationPrinter::printBlockHeader(Block *block) {
  os.indent(currentIndent);
  printBlockName(block);
  if (!block->args_empty()) {
    os << '(';
    ValueRange args = block->getArguments();
    for (size_t i = 0; i < args.size(); ++i) {
      if (i)
        os << ", ";
      printValueID(args[i]);
      os << ": ";
      printType(args[i].getType());
      printTrailingLocation(BlockArgument(args[i]).getLoc(), /*allowAlias=*/false);
    }
    os << ')';
  }
  os << ':';
  if (!block->getParent()) {
    os << "  // block is not in a region!";
  } else if (block->hasNoPredecessors()) {
    if (!block->isEntryBlock())
      os << "  // no predecessors";
  } else if (Block *pred = block->getSinglePredecessor()) {
    os << "  // pred: ";
    printBlockName(pred);
  } else {
    std::vector<int> predIDs;
    for (Block *pred : block->getPredecessors())
      predIDs.push_back(state.ssaNameState->getBlockOrdering(pred));
    std::stable_sort(predIDs.begin(), predIDs.end());
    os << "  // " << unsigned(predIDs.size()) << " preds: ";
    for (size_t i = 0; i < predIDs.size(); ++i) {
      if (i)
        os << ", ";
      if (predIDs[i] < 0)
        os << "INVALIDBLOCK";
      else
        os << "^bb" << predIDs[i];
    }
  }
  os << '\n';
}

void OperationPrinter::printRegion(Region &region, bool printEntryBlockArgs, bool printBlockTerminators,
                                   bool printEmptyBlock) {
  if (printerFlags.shouldSkipRegions()) {
    os << "{...}";
    return;
  }
  os << "{\n";
  if (!region.empty()) {
    Operation *parent = region.getParentOp();
    std::string_view dd;
    if (auto asmInterface = parent ? dyn_cast<OpAsmOpInterface>(parent) : OpAsmOpInterface())
      dd = asmInterface.getDefaultDialect();
    defaultDialectStack.push_back(dd);
    Block *entry = &region.front();
    bool shouldAlwaysPrintBlockHeader =
        (printEmptyBlock && entry->empty()) || (printEntryBlockArgs && entry->getNumArguments() != 0);
    for (Block *block = entry; block; block = block->getNextNode()) {
      bool printHeader = block != entry || shouldAlwaysPrintBlockHeader;
      bool printTerminator = block != entry || printBlockTerminators;
      if (printHeader)
        printBlockHeader(block);
      currentIndent += indentWidth;
      bool hasTerminator = !block->empty() && block->back().hasTrait<OpTrait::IsTerminator>();
      Operation *end = (printTerminator || !hasTerminator) ? nullptr : &block->back();
      if (block->getParent() != state.parallelRegion || !printOpsInParallel(block, end)) {
        for (Operation *op = block->empty() ? nullptr : &block->front(); op != end; op = op->getNextNode()) {
          enterOp(op);
          printFullOpWithIndentAndLoc(op);
          os << '\n';
        }
      }
      currentIndent -= indentWidth;
    }
    defaultDialectStack.pop_back();
  }
  os.indent(currentIndent) << '}';
}

void OperationPrinter::printGenericIterative(Operation *root) {
  // Each frame prints one generic op; regions are walked with a cursor.
  struct Frame {
    Operation *op;
    unsigned region;
    Block *block;
    Operation *next;
    bool inRegions;
  };
  std::vector<Frame> stack;
  auto begin = [&](Operation *op) -> bool {
    // Returns true if a frame was pushed (generic op with regions to print).
    enterOp(op);
    recordLocation(op);
    os.indent(currentIndent);
    printResultList(op);
    if (isCustom(op)) {
      printCustomOp(op);
      printTrailingLocation(op);
      return false;
    }
    printGenericOpPrefix(op);
    if (op->getNumRegions() == 0 || printerFlags.shouldSkipRegions()) {
      if (op->getNumRegions()) {
        os << " (";
        for (unsigned i = 0; i < op->getNumRegions(); ++i) {
          if (i)
            os << ", ";
          os << "{...}";
        }
        os << ')';
      }
      printGenericOpSuffix(op);
      printTrailingLocation(op);
      return false;
    }
    os << " (";
    stack.push_back({op, 0, nullptr, nullptr, false});
    return true;
  };
  if (!begin(root))
    return;
  while (!stack.empty()) {
    Frame &f = stack.back();
    // Find the next op to print within f.op's regions, printing region and
    // block boundaries on the way.
    Operation *child = nullptr;
    while (!child) {
      if (f.next) {
        child = f.next;
        f.next = child->getNextNode();
        break;
      }
      if (f.block) {
        // Finished a block.
        currentIndent -= indentWidth;
        f.block = f.block->getNextNode();
        if (f.block) {
          printBlockHeader(f.block);
          currentIndent += indentWidth;
          f.next = f.block->empty() ? nullptr : &f.block->front();
          if (f.block->getParent() == state.parallelRegion && printOpsInParallel(f.block, nullptr))
            f.next = nullptr;
          continue;
        }
        // Finished the region.
        defaultDialectStack.pop_back();
        os.indent(currentIndent) << '}';
        ++f.region;
        f.inRegions = false;
      }
      if (f.region >= f.op->getNumRegions())
        break;
      // Start region f.region.
      if (f.region)
        os << ", ";
      Region &rg = f.op->getRegion(f.region);
      os << "{\n";
      if (rg.empty()) {
        os.indent(currentIndent) << '}';
        ++f.region;
        continue;
      }
      std::string_view dd;
      if (auto asmInterface = dyn_cast<OpAsmOpInterface>(f.op))
        dd = asmInterface.getDefaultDialect();
      defaultDialectStack.push_back(dd);
      f.block = &rg.front();
      f.inRegions = true;
      // Generic form prints the entry header if it has arguments or is empty.
      if (f.block->getNumArguments() != 0 || f.block->empty())
        printBlockHeader(f.block);
      currentIndent += indentWidth;
      f.next = f.block->empty() ? nullptr : &f.block->front();
      if (f.block->getParent() == state.parallelRegion && printOpsInParallel(f.block, nullptr))
        f.next = nullptr;
    }
    if (child) {
      if (!begin(child))
        os << '\n';
      continue;
    }
    // All regions printed: finish the op.
    Operation *op = f.op;
    stack.pop_back();
    os << ')';
    printGenericOpSuffix(op);
    printTrailingLocation(op);
    if (!stack.empty())
      os << '\n';
  }
}

namespace {
/// A stream appending to a string through a buffer.
class BufferedStringStream : public raw_ostream {
public:
  explicit BufferedStringStream(std::string &str) : str(str) { setBuffer(buffer, sizeof(buffer)); }
  ~BufferedStringStream() override { flush(); }

private:
  void writeImpl(const char *data, size_t size) override { str.append(data, size); }
  std::string &str;
  char buffer[16384];
};
} // namespace

bool OperationPrinter::printOpsInParallel(Block *block, Operation *end) {
  std::vector<Operation *> ops;
  for (Operation *op = block->empty() ? nullptr : &block->front(); op != end; op = op->getNextNode())
    ops.push_back(op);
  if (ops.size() < 2)
    return false;
  ThreadPool &pool = state.context->getThreadPool();
  size_t runners = size_t(pool.getThreadCount()) + 1;
  if (runners < 2)
    return false;
  // Consecutive ops per task, and tasks per wave: the output of one wave is
  // buffered, then written in order.
  size_t chunk = std::max<size_t>(1, ops.size() / (runners * 64));
  size_t numTasks = (ops.size() + chunk - 1) / chunk;
  size_t waveSize = runners * 4;

  // Per-runner printing states, handed out to tasks.
  struct WorkerState {
    std::unique_ptr<AsmStateImpl> state;
  };
  std::vector<std::unique_ptr<WorkerState>> freeStates;
  std::mutex freeMutex;
  auto acquire = [&]() -> std::unique_ptr<WorkerState> {
    {
      std::lock_guard<std::mutex> lock(freeMutex);
      if (!freeStates.empty()) {
        auto w = std::move(freeStates.back());
        freeStates.pop_back();
        return w;
      }
    }
    auto w = std::make_unique<WorkerState>();
    w->state = std::make_unique<AsmStateImpl>(state.context, printerFlags);
    w->state->aliases = state.aliases;
    w->state->ssaNameState = state.ssaNameState->cloneForWorker();
    return w;
  };
  auto release = [&](std::unique_ptr<WorkerState> w) {
    std::lock_guard<std::mutex> lock(freeMutex);
    freeStates.push_back(std::move(w));
  };
  {
    // Creating worker states clones the root numbering; do it up front.
    std::vector<std::unique_ptr<WorkerState>> initial;
    for (size_t i = 0; i < runners; ++i)
      initial.push_back(acquire());
    for (auto &w : initial)
      release(std::move(w));
  }

  std::vector<std::string> outputs(std::min(waveSize, numTasks));
  for (size_t waveBegin = 0; waveBegin < numTasks; waveBegin += waveSize) {
    size_t waveEnd = std::min(numTasks, waveBegin + waveSize);
    pool.parallelFor(waveBegin, waveEnd, [&](size_t task) {
      std::unique_ptr<WorkerState> w = acquire();
      {
        BufferedStringStream stream(outputs[task - waveBegin]);
        OperationPrinter printer(stream, *w->state);
        printer.currentIndent = currentIndent;
        printer.defaultDialectStack = defaultDialectStack;
        size_t opEnd = std::min(ops.size(), (task + 1) * chunk);
        for (size_t i = task * chunk; i < opEnd; ++i) {
          printer.enterOp(ops[i]);
          printer.printFullOpWithIndentAndLoc(ops[i]);
          stream << '\n';
        }
      }
      release(std::move(w));
    });
    for (size_t task = waveBegin; task < waveEnd; ++task) {
      std::string &out = outputs[task - waveBegin];
      os << out;
      out.clear();
    }
  }
  return true;
}

void OperationPrinter::printAffineMapOfSSAIds(AffineMapAttr mapAttr, ValueRange operands) {
  AffineMap map = mapAttr.getValue();
  unsigned numDims = map.getNumDims();
  auto printValueName = [&](unsigned pos, bool isSymbol) {
    unsigned index = isSymbol ? numDims + pos : pos;
    if (!isSymbol) {
      printValueID(operands[index]);
    } else {
      os << "symbol(";
      printValueID(operands[index]);
      os << ')';
    }
  };
  bool first = true;
  for (AffineExpr expr : map.getResults()) {
    if (!first)
      os << ", ";
    first = false;
    printAffineExpr(os, expr, printValueName);
  }
}

void OperationPrinter::printAffineExprOfSSAIds(AffineExpr expr, ValueRange dimOperands, ValueRange symOperands) {
  auto printValueName = [&](unsigned pos, bool isSymbol) {
    if (!isSymbol)
      return printValueID(dimOperands[pos]);
    os << "symbol(";
    printValueID(symOperands[pos]);
    os << ')';
  };
  printAffineExpr(os, expr, printValueName);
}

//===----------------------------------------------------------------------===//
// AsmPrinter base classes
//===----------------------------------------------------------------------===//

AsmPrinter::~AsmPrinter() = default;
OpAsmPrinter::~OpAsmPrinter() = default;
DialectAsmPrinter::~DialectAsmPrinter() = default;

void AsmPrinter::printFloat(const APFloat &value) {
  std::string s;
  printFloatValue(value, s);
  getStream() << s;
}

namespace {
/// A DialectAsmPrinter that forwards to another AsmPrinter (used to print a
/// dialect attribute or type without its prefix from any printer).
class ForwardingDialectPrinter : public DialectAsmPrinter {
public:
  explicit ForwardingDialectPrinter(AsmPrinter &p) : p(p) {}
  raw_ostream &getStream() const override { return p.getStream(); }
  void printType(Type type) override { p.printType(type); }
  void printAttribute(Attribute attr) override { p.printAttribute(attr); }
  void printAttributeWithoutType(Attribute attr) override { p.printAttributeWithoutType(attr); }
  LogicalResult printAlias(Attribute attr) override { return p.printAlias(attr); }
  LogicalResult printAlias(Type type) override { return p.printAlias(type); }
  void printFloat(const APFloat &value) override { p.printFloat(value); }
  void printResourceHandle(const Dialect &dialect, const void *handle) override { p.printResourceHandle(dialect, handle); }

private:
  AsmPrinter &p;
};
} // namespace

void AsmPrinter::printStrippedAttrOrType(Attribute attr) {
  if (succeeded(printAlias(attr)))
    return;
  if (isa<BuiltinDialect>(&attr.getDialect())) {
    printAttribute(attr);
    return;
  }
  ForwardingDialectPrinter fp(*this);
  attr.getDialect().printAttribute(attr, fp);
}

void AsmPrinter::printStrippedAttrOrType(Type type) {
  if (succeeded(printAlias(type)))
    return;
  if (isa<BuiltinDialect>(&type.getDialect())) {
    printType(type);
    return;
  }
  ForwardingDialectPrinter fp(*this);
  type.getDialect().printType(type, fp);
}

/// The attributes and types being printed through tryStartCyclicPrint on
/// this thread, innermost last.
static thread_local detail::CyclicStack cyclicPrinting;

bool AsmPrinter::pushCyclicPrinting(const void *opaque) { return cyclicPrinting.push(opaque); }

void AsmPrinter::popCyclicPrinting() { cyclicPrinting.pop(); }

void AsmPrinter::printKeywordOrString(std::string_view keyword) { detail::printKeywordOrString(keyword, getStream()); }

void AsmPrinter::printString(std::string_view string) {
  getStream() << '"';
  printEscapedStringRaw(string, getStream());
  getStream() << '"';
}

void AsmPrinter::printSymbolName(std::string_view symbolRef) { printSymbolReference(symbolRef, getStream()); }

void AsmPrinter::printResourceHandle(const Dialect &dialect, const void *handle) {
  printKeywordOrString(dialect.getResourceKey(handle));
}

DialectResourceEntry::~DialectResourceEntry() = default;
DialectResourceBuilder::~DialectResourceBuilder() = default;

void AsmPrinter::printDimensionList(ArrayRef<int64_t> shape) {
  raw_ostream &os = getStream();
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      os << 'x';
    if (ShapedType::isDynamic(shape[i]))
      os << '?';
    else
      os << shape[i];
  }
}

AsmPrinter &AsmPrinter::operator<<(AffineMap m) {
  m.print(getStream());
  return *this;
}
AsmPrinter &AsmPrinter::operator<<(AffineExpr e) {
  e.print(getStream());
  return *this;
}
AsmPrinter &AsmPrinter::operator<<(IntegerSet s) {
  s.print(getStream());
  return *this;
}

void OpAsmPrinter::printFunctionalType(Operation *op) {
  raw_ostream &os = getStream();
  os << '(';
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
    if (i)
      os << ", ";
    Value v = op->getOperand(i);
    if (v)
      printType(v.getType());
    else
      os << "<<NULL TYPE>>";
  }
  os << ") -> ";
  unsigned numResults = op->getNumResults();
  bool wrapped = numResults != 1;
  if (!wrapped && isa<FunctionType>(op->getResult(0).getType()))
    wrapped = true;
  if (wrapped)
    os << '(';
  for (unsigned i = 0; i < numResults; ++i) {
    if (i)
      os << ", ";
    printType(op->getResult(i).getType());
  }
  if (wrapped)
    os << ')';
}

//===----------------------------------------------------------------------===//
// Public printing entry points
//===----------------------------------------------------------------------===//

void Type::print(raw_ostream &os) const {
  if (!*this) {
    os << "<<NULL TYPE>>";
    return;
  }
  AsmState state(getContext());
  print(os, state);
}

void Type::print(raw_ostream &os, AsmState &state) const {
  AsmPrinterImpl(os, state.getImpl()).printType(*this);
}

void Type::dump() const {
  print(errs());
  errs() << '\n';
  errs().flush();
}

void Attribute::print(raw_ostream &os, bool elideType) const {
  if (!*this) {
    os << "<<NULL ATTRIBUTE>>";
    return;
  }
  AsmState state(getContext());
  print(os, state, elideType);
}

void Attribute::print(raw_ostream &os, AsmState &state, bool elideType) const {
  AsmPrinterImpl(os, state.getImpl())
      .printAttribute(*this, elideType ? AttrTypeElision::Must : AttrTypeElision::Never);
}

void Attribute::dump() const {
  print(errs());
  errs() << '\n';
  errs().flush();
}

raw_ostream &lamina::operator<<(raw_ostream &os, Type type) {
  type.print(os);
  return os;
}

raw_ostream &lamina::operator<<(raw_ostream &os, Attribute attr) {
  attr.print(os);
  return os;
}

raw_ostream &lamina::operator<<(raw_ostream &os, Location loc) {
  loc.print(os);
  return os;
}

/// The operation whose scope numbering applies when printing `op`.
static Operation *findParent(Operation *op, bool shouldUseLocalScope) {
  do {
    // If we are printing local scope, stop at the first operation that is
    // isolated from above.
    if (shouldUseLocalScope && op->hasTrait<OpTrait::IsIsolatedFromAbove>())
      break;
    Operation *parentOp = op->getParentOp();
    if (!parentOp)
      break;
    op = parentOp;
  } while (true);
  return op;
}

void Operation::print(raw_ostream &os, const OpPrintingFlags &printerFlags) const {
  Operation *self = const_cast<Operation *>(this);
  OpPrintingFlags flags = printerFlags;
  // Print the generic form if the op does not verify (as MLIR does).
  if (!flags.shouldAssumeVerified() && !flags.shouldPrintGenericOpForm() && failed(verify(self, true)))
    flags.printGenericOpForm();
  Operation *op = findParent(self, flags.shouldUseLocalScope());
  AsmState state(op, flags);
  print(os, state);
}

namespace {
/// A stream forwarding to another one and counting the newlines written.
class LineCountingStream : public raw_ostream {
public:
  explicit LineCountingStream(raw_ostream &target) : target(target) { setBuffer(buffer, sizeof(buffer)); }
  ~LineCountingStream() override { flush(); }
  size_t lines = 0;

private:
  void writeImpl(const char *data, size_t size) override {
    for (size_t i = 0; i < size; ++i)
      lines += data[i] == '\n';
    target.write(data, size);
  }
  raw_ostream &target;
  char buffer[4096];
};
} // namespace

void Operation::print(raw_ostream &os, AsmState &state) const {
  if (state.getImpl().locationMap) {
    // Record where each op starts: count lines, print sequentially.
    LineCountingStream counting(os);
    Operation *self = const_cast<Operation *>(this);
    OperationPrinter printer(counting, state.getImpl());
    printer.linesWritten = &counting.lines;
    if (!getBlock() && !state.getPrinterFlags().shouldUseLocalScope()) {
      AsmStateImpl &impl = state.getImpl();
      impl.aliasState.initialize(self, state.getPrinterFlags(), impl);
      printer.printTopLevelOperation(self);
    } else {
      printer.printFullOpWithIndentAndLoc(self);
    }
    return;
  }
  Operation *self = const_cast<Operation *>(this);
  OperationPrinter printer(os, state.getImpl());
  if (!getBlock() && !state.getPrinterFlags().shouldUseLocalScope()) {
    AsmStateImpl &impl = state.getImpl();
    impl.aliasState.initialize(self, state.getPrinterFlags(), impl);
    // Top-level operations of the module may be printed in parallel when
    // nothing printed depends on print order.
    if (impl.context->isMultithreadingEnabled() && !impl.aliasState.hasOrderDependentAttrs)
      impl.parallelRegion = impl.ssaNameState->getLazyRegion();
    printer.printTopLevelOperation(self);
    impl.parallelRegion = nullptr;
  } else {
    printer.printFullOpWithIndentAndLoc(self);
  }
}

void Operation::dump() const {
  print(errs());
  errs() << '\n';
  errs().flush();
}

raw_ostream &lamina::operator<<(raw_ostream &os, const Operation &op) {
  op.print(os);
  return os;
}

void Value::print(raw_ostream &os) const {
  if (!impl) {
    os << "<<NULL VALUE>>";
    return;
  }
  if (Operation *op = getDefiningOp()) {
    op->print(os, OpPrintingFlags().useLocalScope());
    return;
  }
  BlockArgument arg(*this);
  os << "<block argument> of type '";
  arg.getType().print(os);
  os << "' at index: " << arg.getArgNumber();
}

void Value::print(raw_ostream &os, AsmState &state) const { printAsOperand(os, state); }

void Value::printAsOperand(raw_ostream &os, AsmState &state) const {
  state.getImpl().ssaNameState->printValueID(*this, true, os);
}

void Value::dump() const {
  print(errs());
  errs() << '\n';
  errs().flush();
}

raw_ostream &lamina::operator<<(raw_ostream &os, Value v) {
  v.print(os);
  return os;
}

void Block::print(raw_ostream &os) const {
  Operation *parentOp = getParentOp();
  if (!parentOp) {
    os << "<<UNLINKED BLOCK>>\n";
    return;
  }
  // Print the parent's scope with numbering.
  Operation *top = findParent(parentOp, true);
  AsmState state(top, OpPrintingFlags());
  OperationPrinter printer(os, state.getImpl());
  (void)printer;
  os << "<<BLOCK>>";
}

void Block::printAsOperand(raw_ostream &os, AsmState &state) const {
  state.getImpl().ssaNameState->printBlockName(const_cast<Block *>(this), os);
}

void Block::dump() const { print(errs()); }
