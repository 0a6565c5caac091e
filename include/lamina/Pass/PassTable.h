//===- PassTable.h - Declaring passes once, in a table --------------------===//
//
// MLIR declares its passes in TableGen (Passes.td) and generates a base
// class per pass. Lamina declares them in a `.def` table of X-macro entries
// and expands the table twice: into base classes (PassTableDecls.inc) and
// into registration calls (PassTableRegistration.inc).
//
// An entry (the body lists the pass's options and statistics):
//
//   PASS(SymbolPrivatize, "symbol-privatize", "Mark symbols private", OperationPass<>,
//        LIST_OPTION(std::string, excludeSymbols, "exclude",
//                    "Comma separated list of symbols that should not be marked private"))
//
//   PASS(ClassName, "argument", "summary", base, members...)
//     ClassName  the pass name in reports and diagnostics (MLIR's def name);
//                the table declares `impl::ClassNameBase<Derived>` and
//                `std::unique_ptr<Pass> createClassNamePass()`
//     base       OperationPass<> (any op) or OperationPass<SomeOp>
//   OPTION(type, member, "arg", init, "description")
//   LIST_OPTION(type, member, "arg", "description")
//   ENUM_OPTION(type, member, "arg", init, "description", ENUM_VALUE(v, "name", "description")...)
//   STATISTIC(member, "name", "description")
//
// The pass itself derives from the generated base and defines the create
// function:
//
//   struct SymbolPrivatizePass : impl::SymbolPrivatizeBase<SymbolPrivatizePass> {
//     void runOnOperation() override { ... excludeSymbols ... }
//   };
//   std::unique_ptr<Pass> lamina::createSymbolPrivatizePass() {
//     return std::make_unique<SymbolPrivatizePass>();
//   }
//
// A header exposes a table by defining LAMINA_PASS_TABLE to the `.def` path
// and including PassTableDecls.inc inside `namespace lamina`; one source
// file defines a registration function by also defining
// LAMINA_PASS_REGISTRATION_FN and including PassTableRegistration.inc.
//
#pragma once

#include "lamina/Pass/Pass.h"
#include "lamina/Pass/PassRegistry.h"

#include <memory>
#include <string_view>
