//===- AsmPrinterElements.cpp - dense<>, sparse<>, array<>, resources -----===//
// TEMPORARY STUB: being implemented.
#include "AsmPrinterImpl.h"

using namespace lamina;
using namespace lamina::detail;

void AsmPrinterImpl::printDenseElementsAttr(DenseElementsAttr, bool) { os << "<<dense>>"; }
void AsmPrinterImpl::printDenseIntOrFPElementsAttr(DenseIntOrFPElementsAttr, bool) { os << "<<dense>>"; }
void AsmPrinterImpl::printDenseStringElementsAttr(DenseStringElementsAttr) { os << "<<dense>>"; }
void AsmPrinterImpl::printDenseArrayAttr(DenseArrayAttr) { os << "<<array>>"; }
void AsmPrinterImpl::printResourceHandle(DenseResourceElementsHandle handle) { os << handle.getKey(); }
void AsmPrinterImpl::printElidedElementsAttr() { os << "dense_resource<__elided__>"; }
void AsmPrinterImpl::printResourceFileMetadata() {}
