#!/usr/bin/env python3
"""Imports a dialect's MLIR ODS records into Lamina's declarative definitions.

    utils/import-ods.py DIALECT...          # regenerate the checked-in files
    utils/import-ods.py --check DIALECT...  # exit 1 if a checked-in file is stale
    utils/import-ods.py --list              # the dialects it knows

For each dialect, `llvm-tblgen --dump-json` reads MLIR's .td files (a copy of
MLIR 22.1.8's is given by --td-dir) and this script writes two files:

  include/lamina/Dialect/<Dir>/<Name>Ops.gen.h   enums, attribute/type and op
                                                 classes (with accessors), and the
                                                 declarations of the hand-written hooks
  lib/Dialect/<Dir>/<Name>Ops.gen.cpp            the constraints, enum descriptions,
                                                 attribute/type syntax and op definitions
                                                 (ods::OpDef chains), registered by
                                                 the dialect's `registerGenerated()`

Both say they are generated and by which command; do not edit them. What MLIR
writes by hand (custom parsers/printers, `custom<...>` directives, verifiers,
attribute/type parsers with custom syntax, result names, interface methods
that carry behaviour) is written by hand in Lamina too, in the dialect's other
files, as members of the generated op classes (`LogicalResult CastOp::verify()`).

Constraints: a constraint record is mapped to Lamina by its name (a table of
the common ones), or else by its predicate: the predicate tree is flattened
into one C++ condition as mlir-tblgen does, and that condition is translated
token by token into Lamina's API (which spells MLIR's classes and methods the
same way): every class, function and method must be in the tables below, so an
unknown predicate is an importer error listing it, never silently accepted.

The script ends with a summary per dialect: what it imported, the interfaces
the dialect declares that Lamina does not implement (behaviour-only ones are
listed, ones with verification are errors unless mapped), and everything it
could not import.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from odsimport.emit import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
