//===- OpFormatPrint.cpp - Prints an op by interpreting its format --------===//
//
// Mirrors MLIR's generated printers: the spacing decisions are precomputed
// per element (they depend only on the format), `attr-dict` elides the
// attributes the format binds, the segment sizes and default-valued
// attributes equal to their default, and attributes/types are printed in
// full, without type, or stripped exactly as their storage class dictates.
//
#include "lamina/ODS/EnumDef.h"
#include "OpFormat.h"
#include "PropertyKind.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpImplementation.h"

using namespace lamina;
using namespace lamina::ods;

namespace {
class FormatOpPrinter {
public:
  FormatOpPrinter(const InterpretedOpDef &def, Operation *op, OpAsmPrinter &p)
      : def(def), fmt(*def.format), op(op), p(p), os(p.getStream()) {}

  void print(ArrayRef<FormatElement *> elements);

private:
  void printElement(FormatElement *e);
  bool anchorPresent(FormatElement *anchor);
  bool isNonDefault(const AttributeDef &ad);
  void printAttr(FormatElement *e);
  void printAttrDict(bool withKeyword);
  void printPropDict();
  void printRegion(Region &region);
  void printTypeDirective(FormatElement *e);
  void printTypeList(FormatElement *arg);
  void printCustom(FormatElement *e);
  Attribute attr(unsigned index) const { return op->getPropertySlots()[def.attributes[index].slot]; }
  /// The default value of `ad`, cached for the printing session.
  Attribute defaultOf(const AttributeDef &ad) {
    if (Attribute *slot = p.getPrintingCacheSlot(&ad)) {
      if (!*slot)
        *slot = ad.getDefault(op->getContext());
      return *slot;
    }
    return ad.getDefault(op->getContext());
  }
  /// The group sizes of a VariadicOfVariadic operand (empty otherwise).
  std::vector<int32_t> groupSizesOf(int operandIndex) const {
    const ValueDef &v = def.operands[operandIndex];
    if (v.kind != VarKind::VariadicOfVariadic)
      return {};
    for (size_t i = 0; i < def.slotNames.size(); ++i)
      if (def.slotNames[i] == v.segmentAttr)
        if (auto sizes = dyn_cast_or_null<lamina::DenseI32ArrayAttr>(op->getPropertySlots()[i]))
          return std::vector<int32_t>(sizes.asArrayRef().begin(), sizes.asArrayRef().end());
    return {};
  }

  const InterpretedOpDef &def;
  const OpFormat &fmt;
  Operation *op;
  OpAsmPrinter &p;
  raw_ostream &os;
};
} // namespace

/// Whether an optional/default-valued attribute differs from "absent": set
/// for optional ones, different from the default for default-valued ones.
bool FormatOpPrinter::isNonDefault(const AttributeDef &ad) {
  Attribute a = op->getPropertySlots()[ad.slot];
  if (ad.hasDefault) {
    if (ad.isOptionalAttr() && !a)
      return false;
    return a != defaultOf(ad);
  }
  return bool(a);
}

bool FormatOpPrinter::anchorPresent(FormatElement *anchor) {
  switch (anchor->kind) {
  case FormatElement::OperandVar: {
    const ValueDef &v = def.operands[anchor->index];
    OperandRange vals = getODSOperands(op, anchor->index);
    (void)v;
    return !vals.empty();
  }
  case FormatElement::ResultVar:
    return !getODSResults(op, anchor->index).empty();
  case FormatElement::RegionVar:
    if (def.regions[anchor->index].variadic)
      return op->getNumRegions() + 1 > def.regions.size();
    return !op->getRegion(anchor->index).empty();
  case FormatElement::TypeDirective:
    return anchorPresent(anchor->children[0]);
  case FormatElement::FunctionalType:
    return anchorPresent(anchor->children[0]);
  case FormatElement::AttrVar:
    return isNonDefault(def.attributes[anchor->index]);
  case FormatElement::Custom: {
    for (FormatElement *c : anchor->children) {
      FormatElement *x = c->kind == FormatElement::Ref ? c->children[0] : c;
      if (x->kind == FormatElement::String || x->kind == FormatElement::AttrDict)
        continue;
      if (anchorPresent(x))
        return true;
    }
    return false;
  }
  default:
    return true;
  }
}

void FormatOpPrinter::printAttr(FormatElement *e) {
  const AttributeDef &ad = def.attributes[e->index];
  const AttrConstraint &c = ad.constraint;
  Attribute a = attr(e->index);
  if (c.property) {
    const PropertyInfo &prop = *c.property;
    if (getPropertyKind(prop) == PropertyKind::Unit)
      return;
    if (getPropertyKind(prop) == PropertyKind::OptionalI64) {
      auto arr = dyn_cast_or_null<lamina::ArrayAttr>(a);
      if (arr && arr.size() == 1)
        if (auto i = dyn_cast<IntegerAttr>(arr[0]))
          os << i.getValue().getSExtValue();
      return;
    }
    if (!prop.mnemonic.empty())
      os << prop.mnemonic << '<';
    prop.enumInfo->printField(p, prop.enumInfo->getValue(a));
    if (!prop.mnemonic.empty())
      os << '>';
    return;
  }
  if (c.enumInfo) {
    std::string s = c.enumInfo->stringify(c.enumInfo->getValue(a));
    if (c.enumInfo->isKeywordCase(s))
      os << s;
    else
      os << '"' << s << '"';
    return;
  }
  if (c.isSymbolName) {
    p.printSymbolName(cast<StringAttr>(a).getValue());
    return;
  }
  if (c.valueType) {
    p.printAttributeWithoutType(a);
    return;
  }
  if (e->flag || !c.storage || !c.storage->print) {
    p.printAttribute(a);
    return;
  }
  if (c.storage->isInstance && !c.storage->isInstance(a)) {
    p.printAttribute(a);
    return;
  }
  if (succeeded(p.printAlias(a)))
    return;
  // An empty stripped form (no parameters) prints in full, as in MLIR.
  uint64_t before = os.tell();
  c.storage->print(a, p);
  if (os.tell() == before)
    p.printAttribute(a);
}

void FormatOpPrinter::printAttrDict(bool withKeyword) {
  // Scratch vectors: nothing below prints operations.
  static thread_local std::vector<std::string_view> elidedScratch;
  static thread_local std::vector<NamedAttribute> attrsScratch;
  ArrayRef<std::string_view> elided(fmt.elidedAttrNames.data(), fmt.elidedAttrNames.size());
  if (def.hasDefaultValuedAttrs) {
    std::vector<std::string_view> &names = elidedScratch;
    names.assign(fmt.elidedAttrNames.begin(), fmt.elidedAttrNames.end());
    for (const AttributeDef &ad : def.attributes) {
      if (!ad.hasDefault)
        continue;
      Attribute a = op->getPropertySlots()[ad.slot];
      if (a && a == defaultOf(ad))
        names.push_back(ad.name);
    }
    elided = ArrayRef<std::string_view>(names.data(), names.size());
  }
  if (fmt.hasPropDict) {
    if (withKeyword)
      p.printOptionalAttrDictWithKeyword(op->getDiscardableAttrs(), elided);
    else
      p.printOptionalAttrDict(op->getDiscardableAttrs(), elided);
    return;
  }
  // Inherent attributes merged with the discardable ones, sorted by name.
  std::vector<NamedAttribute> &attrs = attrsScratch;
  attrs.clear();
  ArrayRef<StringAttr> names = op->getName().getAttributeNames();
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  ArrayRef<NamedAttribute> discardable = op->getDiscardableAttrs();
  bool anyInherent = false;
  for (size_t i = 0; i < slots.size(); ++i)
    if (slots[i]) {
      anyInherent = true;
      break;
    }
  if (!anyInherent) {
    if (withKeyword)
      p.printOptionalAttrDictWithKeyword(discardable, elided);
    else
      p.printOptionalAttrDict(discardable, elided);
    return;
  }
  attrs.reserve(slots.size() + discardable.size());
  for (size_t i = 0; i < slots.size(); ++i)
    if (slots[i])
      attrs.emplace_back(names[i], slots[i]);
  attrs.insert(attrs.end(), discardable.begin(), discardable.end());
  std::stable_sort(attrs.begin(), attrs.end());
  if (withKeyword)
    p.printOptionalAttrDictWithKeyword(attrs, elided);
  else
    p.printOptionalAttrDict(attrs, elided);
}

void FormatOpPrinter::printPropDict() {
  os << ' ';
  std::vector<std::string_view> elided;
  if (!fmt.allOperands && def.attrSizedOperands)
    elided.push_back("operandSegmentSizes");
  if (!fmt.allResultTypes && def.attrSizedResults)
    elided.push_back("resultSegmentSizes");
  for (unsigned i : fmt.usedAttributes)
    elided.push_back(def.attributes[i].name);
  for (const AttributeDef &ad : def.attributes) {
    if (!ad.hasDefault)
      continue;
    Attribute a = op->getPropertySlots()[ad.slot];
    if (a && a == defaultOf(ad))
      elided.push_back(ad.name);
  }
  Attribute props = op->getPropertiesAsAttribute();
  auto dict = dyn_cast_or_null<lamina::DictionaryAttr>(props);
  if (!dict)
    return;
  std::vector<NamedAttribute> kept;
  for (const NamedAttribute &a : dict) {
    bool isElided = false;
    for (std::string_view n : elided)
      isElided |= a.getNameStr() == n;
    if (!isElided)
      kept.push_back(a);
  }
  if (kept.empty())
    return;
  os << "<{";
  for (size_t i = 0; i < kept.size(); ++i) {
    if (i)
      os << ", ";
    p.printKeywordOrString(kept[i].getNameStr());
    if (!isa<lamina::UnitAttr>(kept[i].getValue())) {
      os << " = ";
      p.printAttribute(kept[i].getValue());
    }
  }
  os << "}>";
}

void FormatOpPrinter::printRegion(Region &region) {
  if (fmt.hasImplicitTermTrait) {
    bool printTerminator = true;
    if (!region.empty())
      if (Operation *term = region.front().empty() ? nullptr : &region.front().back())
        if (term->hasTrait<OpTrait::IsTerminator>())
          printTerminator = !term->getAttrDictionary().empty() || term->getNumOperands() != 0 ||
                            term->getNumResults() != 0;
    p.printRegion(region, /*printEntryBlockArgs=*/true, /*printBlockTerminators=*/printTerminator);
    return;
  }
  p.printRegion(region);
}

void FormatOpPrinter::printTypeList(FormatElement *arg) {
  switch (arg->kind) {
  case FormatElement::Operands:
    p << TypeRange(op->getOperands());
    return;
  case FormatElement::Results:
    p << TypeRange(op->getResults());
    return;
  case FormatElement::OperandVar:
    p << TypeRange(getODSOperands(op, arg->index));
    return;
  case FormatElement::ResultVar:
    p << TypeRange(getODSResults(op, arg->index));
    return;
  default:
    return;
  }
}

void FormatOpPrinter::printTypeDirective(FormatElement *e) {
  FormatElement *arg = e->children[0];
  const ValueDef *var = nullptr;
  ValueRange values;
  if (arg->kind == FormatElement::OperandVar) {
    var = &def.operands[arg->index];
    values = getODSOperands(op, arg->index);
  } else if (arg->kind == FormatElement::ResultVar) {
    var = &def.results[arg->index];
    values = getODSResults(op, arg->index);
  }
  if (var && var->kind == VarKind::VariadicOfVariadic) {
    // Groups from the segment attribute: `(t, t), (t)`.
    int slot = -1;
    for (size_t i = 0; i < def.slotNames.size(); ++i)
      if (def.slotNames[i] == var->segmentAttr)
        slot = int(i);
    auto sizes = slot >= 0 ? dyn_cast_or_null<lamina::DenseI32ArrayAttr>(op->getPropertySlots()[slot]) : lamina::DenseI32ArrayAttr();
    size_t pos = 0;
    if (sizes) {
      ArrayRef<int32_t> sz = sizes.asArrayRef();
      for (size_t g = 0; g < sz.size(); ++g) {
        if (g)
          os << ", ";
        os << '(';
        p << TypeRange(values.slice(pos, sz[g]));
        os << ')';
        pos += sz[g];
      }
    }
    return;
  }
  if (var && var->kind == VarKind::Single && !values.empty()) {
    Type t = values[0].getType();
    const TypeClass *cls = var->constraint.cppClass;
    if (!e->flag && cls && cls->print && (!cls->isInstance || cls->isInstance(t))) {
      if (succeeded(p.printAlias(t)))
        return;
      // A stripped form that prints nothing (a type without parameters)
      // falls back to the full form, as MLIR's printStrippedAttrOrType.
      uint64_t before = os.tell();
      cls->print(t, p);
      if (os.tell() == before)
        p.printType(t);
      return;
    }
    p.printType(t);
    return;
  }
  printTypeList(arg);
}

void FormatOpPrinter::printCustom(FormatElement *e) {
  std::vector<CustomPrintArg> args(e->children.size());
  for (size_t i = 0; i < e->children.size(); ++i) {
    FormatElement *c = e->children[i];
    if (c->kind == FormatElement::Ref)
      c = c->children[0];
    CustomPrintArg &a = args[i];
    switch (c->kind) {
    case FormatElement::AttrVar:
      a.kind = CustomParseArg::Kind::Attribute;
      a.attr = attr(c->index);
      break;
    case FormatElement::AttrDict:
      a.kind = CustomParseArg::Kind::AttrDict;
      a.attrs = op->getAttrDictionary();
      break;
    case FormatElement::OperandVar:
      a.kind = CustomParseArg::Kind::Operand;
      a.operands = getODSOperands(op, c->index);
      a.groupSizes = groupSizesOf(c->index);
      break;
    case FormatElement::RegionVar:
      a.kind = CustomParseArg::Kind::Region;
      if (def.regions[c->index].variadic) {
        for (unsigned r = c->index; r < op->getNumRegions(); ++r)
          a.regions.push_back(&op->getRegion(r));
      } else {
        a.regions.push_back(&op->getRegion(c->index));
      }
      break;
    case FormatElement::SuccessorVar:
      a.kind = CustomParseArg::Kind::Successor;
      if (def.successors[c->index].variadic) {
        for (unsigned s = c->index; s < op->getNumSuccessors(); ++s)
          a.successors.push_back(op->getSuccessor(s));
      } else {
        a.successors.push_back(op->getSuccessor(c->index));
      }
      break;
    case FormatElement::TypeDirective: {
      a.kind = CustomParseArg::Kind::Type;
      FormatElement *arg = c->children[0];
      ValueRange vals = arg->kind == FormatElement::OperandVar ? getODSOperands(op, arg->index)
                                                                : getODSResults(op, arg->index);
      a.types = vals.getTypes();
      if (arg->kind == FormatElement::OperandVar)
        a.groupSizes = groupSizesOf(arg->index);
      break;
    }
    case FormatElement::String:
      a.kind = CustomParseArg::Kind::String;
      a.string = c->text;
      break;
    default:
      break;
    }
  }
  e->directive->print(p, op, args);
}

void FormatOpPrinter::printElement(FormatElement *e) {
  switch (e->kind) {
  case FormatElement::Literal:
    if (e->spaceBefore)
      os << ' ';
    os << e->text;
    return;
  case FormatElement::Space:
    if (e->flag)
      os << ' ';
    return;
  case FormatElement::Newline:
    p.printNewline();
    return;
  case FormatElement::Optional: {
    FormatElement *anchor = e->anchor;
    const std::vector<FormatElement *> &thenElems = e->children;
    const std::vector<FormatElement *> &elseElems = e->elseChildren;
    FormatElement *elided = nullptr;
    if (anchor->kind == FormatElement::AttrVar && def.attributes[anchor->index].constraint.isUnit &&
        anchor != thenElems.front() && (elseElems.empty() || anchor != elseElems.front()))
      elided = anchor;
    const std::vector<FormatElement *> &branch = anchorPresent(anchor) != e->inverted ? thenElems : elseElems;
    for (FormatElement *c : branch)
      if (c != elided)
        printElement(c);
    return;
  }
  case FormatElement::OIList:
    for (size_t i = 0; i < e->clauses.size(); ++i) {
      const auto &clause = e->clauses[i];
      bool present = false;
      // Any variable of the clause (also inside custom directives) present.
      auto isVar = [](FormatElement *c) {
        return c->kind == FormatElement::AttrVar || c->kind == FormatElement::OperandVar ||
               c->kind == FormatElement::RegionVar;
      };
      for (FormatElement *c : clause) {
        if (isVar(c))
          present |= anchorPresent(c);
        else if (c->kind == FormatElement::Custom)
          for (FormatElement *arg : c->children)
            if (isVar(arg))
              present |= anchorPresent(arg);
      }
      if (!present)
        continue;
      printElement(e->clauseLiterals[i]);
      bool unitOnly = clause.size() == 1 && clause[0]->kind == FormatElement::AttrVar &&
                      def.attributes[clause[0]->index].constraint.isUnit;
      if (!unitOnly)
        for (FormatElement *c : clause)
          printElement(c);
    }
    return;
  case FormatElement::AttrDict:
    printAttrDict(e->flag);
    return;
  case FormatElement::PropDict:
    printPropDict();
    return;
  default:
    break;
  }

  if (e->spaceBefore)
    os << ' ';
  switch (e->kind) {
  case FormatElement::AttrVar:
    printAttr(e);
    return;
  case FormatElement::OperandVar: {
    const ValueDef &v = def.operands[e->index];
    OperandRange vals = getODSOperands(op, e->index);
    if (v.kind == VarKind::VariadicOfVariadic) {
      int slot = -1;
      for (size_t i = 0; i < def.slotNames.size(); ++i)
        if (def.slotNames[i] == v.segmentAttr)
          slot = int(i);
      auto sizes = slot >= 0 ? dyn_cast_or_null<lamina::DenseI32ArrayAttr>(op->getPropertySlots()[slot]) : lamina::DenseI32ArrayAttr();
      if (!sizes)
        return;
      size_t pos = 0;
      ArrayRef<int32_t> sz = sizes.asArrayRef();
      for (size_t g = 0; g < sz.size(); ++g) {
        if (g)
          os << ", ";
        os << '(';
        p.printOperands(vals.slice(pos, sz[g]));
        os << ')';
        pos += sz[g];
      }
      return;
    }
    p.printOperands(vals);
    return;
  }
  case FormatElement::RegionVar:
    if (def.regions[e->index].variadic) {
      for (unsigned r = e->index; r < op->getNumRegions(); ++r) {
        if (r != unsigned(e->index))
          os << ", ";
        printRegion(op->getRegion(r));
      }
      return;
    }
    printRegion(op->getRegion(e->index));
    return;
  case FormatElement::SuccessorVar:
    if (def.successors[e->index].variadic) {
      for (unsigned s = e->index; s < op->getNumSuccessors(); ++s) {
        if (s != unsigned(e->index))
          os << ", ";
        p.printSuccessor(op->getSuccessor(s));
      }
      return;
    }
    p.printSuccessor(op->getSuccessor(e->index));
    return;
  case FormatElement::Custom:
    printCustom(e);
    return;
  case FormatElement::Operands:
    p.printOperands(op->getOperands());
    return;
  case FormatElement::Regions:
    for (unsigned r = 0; r < op->getNumRegions(); ++r) {
      if (r)
        os << ", ";
      printRegion(op->getRegion(r));
    }
    return;
  case FormatElement::Successors:
    for (unsigned s = 0; s < op->getNumSuccessors(); ++s) {
      if (s)
        os << ", ";
      p.printSuccessor(op->getSuccessor(s));
    }
    return;
  case FormatElement::TypeDirective:
    printTypeDirective(e);
    return;
  case FormatElement::FunctionalType: {
    auto typesOf = [&](FormatElement *arg) -> std::vector<Type> {
      switch (arg->kind) {
      case FormatElement::Operands: return op->getOperandTypes();
      case FormatElement::Results: return op->getResultTypes();
      case FormatElement::OperandVar: return getODSOperands(op, arg->index).getTypes();
      case FormatElement::ResultVar: return getODSResults(op, arg->index).getTypes();
      default: return {};
      }
    };
    p.printFunctionalType(typesOf(e->children[0]), typesOf(e->children[1]));
    return;
  }
  default:
    return;
  }
}

void FormatOpPrinter::print(ArrayRef<FormatElement *> elements) {
  for (FormatElement *e : elements)
    printElement(e);
}

void ods::printOpWithFormat(Operation *op, OpAsmPrinter &printer) {
  const InterpretedOpDef *def = lookupDefinition(op->getName());
  FormatOpPrinter(*def, op, printer).print(def->format->elements);
}
