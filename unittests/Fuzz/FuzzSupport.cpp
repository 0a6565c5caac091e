//===- FuzzSupport.cpp - Running lamina-opt from a fuzz target -------------===//
#include "FuzzSupport.h"

#include "lamina/Support/CommandLine.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sys/wait.h>
#include <unistd.h>

/// lamina-opt's main(), compiled into the fuzz targets under this name.
int laminaOptToolMain(int argc, char **argv);

namespace lamina::fuzz {

namespace {
std::map<std::string, std::string> &tempFiles() {
  static auto *files = [] {
    auto *m = new std::map<std::string, std::string>();
    std::atexit([] {
      for (auto &entry : tempFiles())
        ::unlink(entry.second.c_str());
    });
    return m;
  }();
  return *files;
}
} // namespace

const std::string &tempPath(const char *name) {
  auto &files = tempFiles();
  auto it = files.find(name);
  if (it != files.end())
    return it->second;
  const char *dir = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/lamina-fuzz-" + std::to_string(::getpid()) + "-" +
                     name;
  return files.emplace(name, path).first->second;
}

bool writeFile(const std::string &path, std::string_view data) {
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f)
    return false;
  bool ok = std::fwrite(data.data(), 1, data.size(), f) == data.size();
  return std::fclose(f) == 0 && ok;
}

std::string readFile(const std::string &path) {
  std::string data;
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    return data;
  char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0)
    data.append(buf, n);
  std::fclose(f);
  return data;
}

int runLaminaOpt(std::vector<std::string> args, const std::string &input, const std::string &output) {
  args.insert(args.begin(), "lamina-opt");
  args.push_back(input);
  args.push_back("-o");
  args.push_back(output);
  std::vector<char *> argv;
  for (std::string &a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  if (std::getenv("LAMINA_FUZZ_VERBOSE")) {
    std::fprintf(stderr, "lamina-fuzz: running");
    for (size_t i = 0; i + 1 < argv.size(); ++i)
      std::fprintf(stderr, " %s", argv[i]);
    std::fprintf(stderr, "\n");
  }
  // The flags are process-wide options: each run starts from their
  // defaults, as a new lamina-opt process would.
  lamina::cl::resetToolOptions();
  return laminaOptToolMain(int(argv.size() - 1), argv.data());
}

int runReference(const std::vector<std::string> &args, const std::string &input, const std::string &output) {
  const char *tool = std::getenv("LAMINA_FUZZ_MLIR_OPT");
  std::string command = tool && *tool ? tool : "/usr/lib/llvm-22/bin/mlir-opt";
  if (::access(command.c_str(), X_OK) != 0)
    return -1;
  // Arguments are flags and paths of this process's temporary files: no
  // shell quoting needed.
  for (const std::string &arg : args)
    command += " " + arg;
  command += " " + input + " -o " + output + " 2>/dev/null";
  int status = std::system(command.c_str());
  if (status == -1 || !WIFEXITED(status))
    return -1;
  return WEXITSTATUS(status);
}

uint64_t hashInput(std::string_view data) {
  uint64_t hash = 1469598103934665603ull;
  for (unsigned char c : data)
    hash = (hash ^ c) * 1099511628211ull;
  return hash;
}

bool isBytecode(std::string_view data) { return data.substr(0, 4) == std::string_view("ML\xef" "R", 4); }

void fail(const char *what, std::string_view expected, std::string_view actual) {
  std::fprintf(stderr, "lamina-fuzz: %s\n", what);
  size_t common = 0;
  while (common < expected.size() && common < actual.size() && expected[common] == actual[common])
    ++common;
  size_t from = common > 200 ? common - 200 : 0;
  std::fprintf(stderr, "-- first difference at byte %zu; expected from byte %zu:\n%.*s\n-- actual:\n%.*s\n", common,
               from, int(std::min<size_t>(expected.size() - from, 600)), expected.data() + from,
               int(std::min<size_t>(actual.size() - from, 600)), actual.data() + from);
  std::abort();
}

} // namespace lamina::fuzz
