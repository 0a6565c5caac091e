//===- CorpusReplay.cpp - Conformance cases through lamina-opt, in-process -===//
//
// `lamina-corpus-replay [--part K/N] [--timeout S] RECORDS` runs lamina-opt's
// driver in this process on each conformance case of RECORDS (written by
// `scripts/baseline-corpus.py --records`: the command line, the input and
// what must come out, as conformance/run.py runs the case) and checks it as
// run.py does: an `output` case must exit 0 and print exactly the expected
// text; a `verify` case (--verify-diagnostics) must exit 0, and exit
// non-zero on its negative control (every expected message replaced).
//
// scripts/test.sh replays the baseline this way in the sanitizer build:
// starting an instrumented lamina-opt per case cost more than the cases
// themselves. Each case's flags start from their defaults and each input
// gets fresh contexts, as in a new process (see optMainInMemory). A crash
// or a sanitizer report ends the process: the last `case` line on standard
// error names the input. --part K/N replays the cases whose position in the
// file is K modulo N (two processes share the cores). A case that runs for
// more than --timeout seconds (default 300) ends the process (SIGALRM).
//
// A `reject` case (test/Bytecode/Inputs/corrupt.py's damaged inputs, replayed
// in-process in sanitizer builds) must exit 0, or 1 with an `error:`
// diagnostic; its diagnostics are captured instead of printed.
//
#include "FuzzSupport.h"

#include "lamina/Support/RawOstream.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <unistd.h>
#include <utility>
#include <vector>

namespace {

struct Record {
  std::string id, suite, check, input, expected;
  std::vector<std::string> args;
};

/// The records file: fields as `<decimal length>\n<bytes>`; per record the
/// id, suite, check (`output` or `verify`), input, expected output (or, for
/// `verify`, the negative control's input), the number of arguments and
/// the arguments.
class RecordReader {
public:
  explicit RecordReader(std::string data) : data(std::move(data)) {}
  bool atEnd() const { return pos >= data.size(); }
  bool field(std::string &out) {
    size_t newline = data.find('\n', pos);
    if (newline == std::string::npos)
      return false;
    char *end = nullptr;
    unsigned long long length = std::strtoull(data.c_str() + pos, &end, 10);
    if (end != data.c_str() + newline || length > data.size() - newline - 1)
      return false;
    out.assign(data, newline + 1, length);
    pos = newline + 1 + length;
    return true;
  }
  bool record(Record &r) {
    std::string count;
    if (!field(r.id) || !field(r.suite) || !field(r.check) || !field(r.input) || !field(r.expected) || !field(count))
      return false;
    unsigned long n = std::strtoul(count.c_str(), nullptr, 10);
    r.args.assign(n, std::string());
    for (std::string &arg : r.args)
      if (!field(arg))
        return false;
    return r.check == "output" || r.check == "verify" || r.check == "reject";
  }

private:
  std::string data;
  size_t pos = 0;
};

/// Runs lamina-opt on `input` with its standard error (the diagnostics)
/// captured into `diagnostics`; returns its exit status.
int runCapturingDiagnostics(const std::vector<std::string> &args, const std::string &input, std::string &output,
                            std::string &diagnostics) {
  std::fflush(stderr);
  FILE *capture = std::tmpfile();
  int saved = capture ? ::dup(2) : -1;
  if (saved < 0 || ::dup2(::fileno(capture), 2) < 0) {
    if (capture)
      std::fclose(capture);
    return -1;
  }
  int status = lamina::fuzz::runLaminaOpt(args, input, output, "-");
  lamina::errs().flush();
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  diagnostics.clear();
  std::rewind(capture);
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), capture)) > 0)
    diagnostics.append(buf, n);
  std::fclose(capture);
  return status;
}

/// Why `actual` is not `expected`: the first line that differs.
std::string firstDifference(std::string_view expected, std::string_view actual) {
  size_t line = 1, start = 0;
  for (size_t i = 0;; ++i) {
    bool endE = i >= expected.size(), endA = i >= actual.size();
    if (endE && endA)
      return "output differs";
    if (endE || endA || expected[i] != actual[i]) {
      auto lineOf = [&](std::string_view s) -> std::string {
        if (start >= s.size())
          return "<end>";
        size_t stop = s.find('\n', start);
        return std::string(s.substr(start, std::min<size_t>(stop == std::string_view::npos ? s.size() - start
                                                                                              : stop - start,
                                                               160)));
      };
      return "line " + std::to_string(line) + ": want '" + lineOf(expected) + "' got '" + lineOf(actual) + "'";
    }
    if (expected[i] == '\n') {
      ++line;
      start = i + 1;
    }
  }
}

int usage() {
  std::fprintf(stderr, "usage: lamina-corpus-replay [--part K/N] [--timeout SECONDS] RECORDS\n");
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  unsigned part = 0, parts = 1, timeout = 300;
  const char *path = nullptr;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--part" && i + 1 < argc) {
      if (std::sscanf(argv[++i], "%u/%u", &part, &parts) != 2 || parts == 0 || part >= parts)
        return usage();
    } else if (arg == "--timeout" && i + 1 < argc) {
      timeout = unsigned(std::strtoul(argv[++i], nullptr, 10));
    } else if (!path && !arg.starts_with("-")) {
      path = argv[i];
    } else {
      return usage();
    }
  }
  if (!path)
    return usage();
  std::string data = lamina::fuzz::readFile(path);
  if (data.empty()) {
    std::fprintf(stderr, "lamina-corpus-replay: cannot read '%s' (or it is empty)\n", path);
    return 2;
  }
  RecordReader reader(std::move(data));

  size_t index = 0, run = 0;
  std::vector<std::string> failures;
  Record r;
  std::string output, diagnostics;
  while (!reader.atEnd()) {
    if (!reader.record(r)) {
      std::fprintf(stderr, "lamina-corpus-replay: '%s' is not a records file (record %zu)\n", path, index);
      return 2;
    }
    if (index++ % parts != part)
      continue;
    ++run;
    std::fprintf(stderr, "lamina-corpus-replay: case %s [%s]\n", r.id.c_str(), r.suite.c_str());
    std::fflush(stderr);
    ::alarm(timeout);
    std::string why;
    if (r.check == "reject") {
      int status = runCapturingDiagnostics(r.args, r.input, output, diagnostics);
      if (status != 0 && status != 1)
        why = "exit status " + std::to_string(status);
      else if (status == 1 && diagnostics.find("error: ") == std::string::npos)
        why = "failed without an error diagnostic (it printed '" + diagnostics.substr(0, 300) + "')";
    } else if (int status = lamina::fuzz::runLaminaOpt(r.args, r.input, output, "-"); status != 0) {
      why = "exit status " + std::to_string(status);
    } else if (r.check == "output") {
      if (output != r.expected)
        why = firstDifference(r.expected, output);
    } else if (lamina::fuzz::runLaminaOpt(r.args, r.expected, output, "-") == 0) {
      why = "accepted the negative control (expected messages replaced by nonsense)";
    }
    ::alarm(0);
    if (!why.empty()) {
      std::fprintf(stderr, "lamina-corpus-replay: FAIL %s [%s]: %s\n", r.id.c_str(), r.suite.c_str(), why.c_str());
      failures.push_back(r.suite + " " + r.id + ": " + why);
    }
  }
  std::fprintf(stderr, "lamina-corpus-replay: %zu of %zu cases pass\n", run - failures.size(), run);
  for (const std::string &f : failures)
    std::fprintf(stderr, "lamina-corpus-replay: failed: %s\n", f.c_str());
  std::fflush(stderr);
  return failures.empty() ? 0 : 1;
}
