//===- FuzzSupport.cpp - Running lamina-opt from a fuzz target -------------===//
#include "FuzzSupport.h"

#include "lamina/IR/MLIRContext.h"
#include "lamina/Tools/OptMain.h"

#include <algorithm>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

/// lamina-opt's registrations (tools/lamina-opt/lamina-opt.cpp, compiled
/// into the fuzz targets with its main() renamed).
void registerLaminaOptDialectsAndPasses(lamina::DialectRegistry &registry);

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

namespace {
/// What lamina-opt registers, built on first use and kept for the process.
lamina::DialectRegistry &laminaOptRegistry() {
  static lamina::DialectRegistry *registry = [] {
    auto *r = new lamina::DialectRegistry();
    registerLaminaOptDialectsAndPasses(*r);
    return r;
  }();
  return *registry;
}

/// One thread with lamina-opt's 1 GiB stack (lazily committed; see optMain)
/// that runs the jobs handed to it, one at a time, while the caller waits:
/// the stack of a new thread per run costs more than many small inputs.
class BigStackThread {
public:
  BigStackThread() {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, size_t(1) << 30);
    started = pthread_create(&thread, &attr, &BigStackThread::loop, this) == 0;
    pthread_attr_destroy(&attr);
  }
  /// Runs `job` on the thread (or here, if the thread could not start).
  void run(const std::function<void()> &job) {
    if (!started) {
      job();
      return;
    }
    std::unique_lock<std::mutex> lock(mutex);
    pending = &job;
    changed.notify_all();
    changed.wait(lock, [&] { return pending == nullptr; });
  }

private:
  static void *loop(void *self) {
    // Asynchronous signals go to the waiting caller: libFuzzer acts on its
    // -timeout alarm only on the thread that runs the input.
    sigset_t signals;
    sigemptyset(&signals);
    for (int sig : {SIGALRM, SIGINT, SIGTERM, SIGUSR1, SIGUSR2, SIGXFSZ})
      sigaddset(&signals, sig);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    auto *t = static_cast<BigStackThread *>(self);
    std::unique_lock<std::mutex> lock(t->mutex);
    while (true) {
      t->changed.wait(lock, [&] { return t->pending != nullptr; });
      lock.unlock();
      (*t->pending)();
      lock.lock();
      t->pending = nullptr;
      t->changed.notify_all();
    }
    return nullptr;
  }
  pthread_t thread;
  bool started = false;
  std::mutex mutex;
  std::condition_variable changed;
  const std::function<void()> *pending = nullptr;
};
} // namespace

int runLaminaOpt(const std::vector<std::string> &args, std::string_view input, std::string &output,
                 const char *inputName) {
  // The input's name: what locations and diagnostics show.
  std::vector<std::string> argStrings = {"lamina-opt"};
  argStrings.insert(argStrings.end(), args.begin(), args.end());
  argStrings.push_back(inputName);
  std::vector<char *> argv;
  for (std::string &a : argStrings)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  if (std::getenv("LAMINA_FUZZ_VERBOSE")) {
    std::fprintf(stderr, "lamina-fuzz: running");
    for (size_t i = 0; i + 1 < argv.size(); ++i)
      std::fprintf(stderr, " %s", argv[i]);
    std::fprintf(stderr, "\n");
  }
  lamina::DialectRegistry &registry = laminaOptRegistry();
  // Never destroyed: the thread may be waiting for a job at exit.
  static BigStackThread *thread = new BigStackThread();
  output.clear();
  int status = 1;
  thread->run([&] {
    status = lamina::optMainInMemory(int(argv.size() - 1), argv.data(), "lamina-opt", registry, input, output);
  });
  // With LAMINA_FUZZ_RERUN set, every run is done twice: what a run leaves
  // behind in the process must not change the next one.
  static const bool rerun = std::getenv("LAMINA_FUZZ_RERUN") != nullptr;
  if (rerun) {
    std::string again;
    int againStatus = 1;
    thread->run([&] {
      againStatus = lamina::optMainInMemory(int(argv.size() - 1), argv.data(), "lamina-opt", registry, input, again);
    });
    if (againStatus != status)
      fail("the same run again in the process gives another exit code", std::to_string(status),
           std::to_string(againStatus));
    if (again != output)
      fail("the same run again in the process gives another output", output, again);
  }
  return status;
}

namespace {
int runReferenceOnFiles(const std::vector<std::string> &args, const std::string &input, const std::string &output) {
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
} // namespace

int runReference(const std::vector<std::string> &args, std::string_view input, std::string &output) {
  const std::string &in = tempPath("ref.in");
  const std::string &out = tempPath("ref.out");
  output.clear();
  ::unlink(out.c_str());
  if (!writeFile(in, input))
    return -1;
  int status = runReferenceOnFiles(args, in, out);
  output = readFile(out);
  return status;
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
