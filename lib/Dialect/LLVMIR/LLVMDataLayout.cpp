//===- LLVMDataLayout.cpp - Data layout entries of the llvm types --------===//
//
// MLIR's DataLayoutTypeInterface::verifyEntries of !llvm.ptr, !llvm.struct
// and !llvm.array: the checks `dlti.dl_spec` entries keyed by these types
// must pass (`!llvm.ptr = dense<[size, abi, preferred(, index)]>`,
// `!llvm.struct<()> = dense<[abi(, preferred)]>`).
//
#include "lamina/Dialect/DLTI/DLTIDialect.h"
#include "lamina/Dialect/LLVMIR/LLVMDialect.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::LLVM;

namespace {
class LLVMDataLayoutInterface : public DataLayoutDialectInterface {
public:
  std::optional<LogicalResult> verifyTypeEntries(Type sample, DataLayoutEntryList entries,
                                                 Location loc) const override {
    if (isa<LLVMPointerType>(sample))
      return verifyPointerEntries(entries, loc);
    if (isa<LLVMStructType>(sample))
      return verifyStructEntries(entries, loc);
    if (isa<LLVMArrayType>(sample))
      return success();
    return std::nullopt;
  }

private:
  static LogicalResult verifyPointerEntries(DataLayoutEntryList entries, Location loc) {
    for (DataLayoutEntryAttr entry : entries) {
      Type key = entry.getTypeKey();
      auto values = dyn_cast<DenseIntElementsAttr>(entry.getValue());
      if (!values || (values.size() != 3 && values.size() != 4))
        return emitError(loc) << "expected layout attribute for " << key
                              << " to be a dense integer elements attribute with 3 or 4 elements";
      if (!values.getElementType().isInteger(64))
        return emitError(loc) << "expected i64 parameters for " << key;
      // [size, abi, preferred, index]
      if (values.getIntValue(1).getZExtValue() > values.getIntValue(2).getZExtValue())
        return emitError(loc) << "preferred alignment is expected to be at least as large as ABI alignment";
    }
    return success();
  }

  static LogicalResult verifyStructEntries(DataLayoutEntryList entries, Location loc) {
    for (DataLayoutEntryAttr entry : entries) {
      auto key = cast<LLVMStructType>(entry.getTypeKey());
      auto values = dyn_cast<DenseIntElementsAttr>(entry.getValue());
      if (!values || (values.size() != 2 && values.size() != 1))
        return emitError(loc) << "expected layout attribute for " << Type(key)
                              << " to be a dense integer elements attribute of 1 or 2 elements";
      if (!values.getElementType().isInteger(64))
        return emitError(loc) << "expected i64 entries for " << Type(key);
      if (key.isIdentified() || !key.getBody().empty())
        return emitError(loc) << "unexpected layout attribute for struct " << Type(key);
      if (values.size() == 2 && values.getIntValue(0).getZExtValue() > values.getIntValue(1).getZExtValue())
        return emitError(loc) << "preferred alignment is expected to be at least as large as ABI alignment";
    }
    return success();
  }
};
} // namespace

void LLVM::detail::addDataLayoutInterface(LLVMDialect *dialect) {
  dialect->addInterfaceAs<DataLayoutDialectInterface, LLVMDataLayoutInterface>();
}
