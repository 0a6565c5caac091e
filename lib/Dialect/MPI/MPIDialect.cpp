//===- MPIDialect.cpp - The mpi dialect -----------------------------------===//
#include "lamina/Dialect/MPI/MPIDialect.h"

using namespace lamina;

MPIDialect::MPIDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<MPIDialect>()) {
  registerGenerated();
}

MPIDialect::~MPIDialect() = default;
