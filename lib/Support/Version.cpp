//===- Version.cpp - The version the library was built as -----------------===//
#include "lamina/Version.h"

const char *lamina::getVersionString() { return LAMINA_VERSION_STRING; }
