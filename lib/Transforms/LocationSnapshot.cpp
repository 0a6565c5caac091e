//===- LocationSnapshot.cpp - Locations from a printout of the IR ---------===//
//
// `snapshot-op-locations` prints the op it runs on to a file (or a new
// temporary file) and gives each printed op the location where it starts
// in that file (line, indentation), or, with a `tag`, fuses that location
// (as a NameLoc named by the tag) with the op's own.
//
#include "lamina/Transforms/Passes.h"

#include "lamina/IR/AsmState.h"
#include "lamina/IR/BuiltinLocations.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

using namespace lamina;

namespace {
struct LocationSnapshotPass : impl::LocationSnapshotBase<LocationSnapshotPass> {
  void runOnOperation() override {
    Operation *op = getOperation();
    OpPrintingFlags flags = OpPrintingFlags::getCommandLineDefaults();
    flags.enableDebugInfo(enableDebugInfo, printPrettyDebugInfo);
    flags.printGenericOpForm(printGenericOpForm);
    if (useLocalScope)
      flags.useLocalScope();

    std::string path = fileName.getValue();
    int fd;
    if (path.empty()) {
      char pattern[] = "/tmp/mlir_snapshot-XXXXXX.tmp.mlir";
      fd = ::mkstemps(pattern, int(std::strlen(".tmp.mlir")));
      if (fd < 0) {
        op->emitError() << "failed to generate temporary file for location snapshot: " << std::strerror(errno);
        return signalPassFailure();
      }
      path = pattern;
    } else {
      fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0) {
        op->emitError() << "cannot open output file '" << path << "': " << std::strerror(errno);
        return signalPassFailure();
      }
    }

    AsmState::LocationMap opToLineCol;
    {
      raw_fd_ostream os(fd, /*shouldClose=*/true);
      AsmState state(op, flags, &opToLineCol);
      op->print(os, state);
      os.flush();
    }

    MLIRContext *ctx = &getContext();
    StringAttr file = StringAttr::get(ctx, path);
    StringAttr tagName = tag.getValue().empty() ? StringAttr() : StringAttr::get(ctx, tag.getValue());
    op->walk([&](Operation *nested) {
      // Ops the printer elided (implicit terminators) keep their location.
      auto it = opToLineCol.find(nested);
      if (it == opToLineCol.end())
        return;
      LocationAttr newLoc = FileLineColLoc::get(file, it->second.first, it->second.second);
      if (!tagName) {
        nested->setLoc(newLoc);
        return;
      }
      LocationAttr locs[] = {LocationAttr(nested->getLoc()), NameLoc::get(tagName, newLoc)};
      nested->setLoc(FusedLoc::get(ctx, locs));
    });
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createLocationSnapshotPass() { return std::make_unique<LocationSnapshotPass>(); }
