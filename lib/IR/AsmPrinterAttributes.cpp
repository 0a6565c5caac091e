//===- AsmPrinterAttributes.cpp - Attributes, types and locations ---------===//
//
// AsmPrinterImpl's printing of attributes, types and locations (dense
// element lists: AsmPrinterElements.cpp), and the small spelling helpers
// (identifiers, strings, symbol references, dialect symbols) shared by the
// whole printer.
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
