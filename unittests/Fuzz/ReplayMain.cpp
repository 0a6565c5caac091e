//===- ReplayMain.cpp - Runs the fuzz target over files, without libFuzzer -===//
//
// `lamina-fuzz-replay FILE|DIR...` feeds every file (directories are read
// one level deep) to LLVMFuzzerTestOneInput once. Used by ctest to replay
// the checked-in regression corpus with any compiler.
//
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <dirent.h>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/stat.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool runFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "lamina-fuzz-replay: cannot read '%s'\n", path.c_str());
    return false;
  }
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::fprintf(stderr, "lamina-fuzz-replay: %s\n", path.c_str());
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
  return true;
}

int main(int argc, char **argv) {
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    struct stat st;
    if (::stat(argv[i], &st) != 0) {
      std::fprintf(stderr, "lamina-fuzz-replay: no such file '%s'\n", argv[i]);
      return 1;
    }
    if (!S_ISDIR(st.st_mode)) {
      files.push_back(argv[i]);
      continue;
    }
    DIR *dir = ::opendir(argv[i]);
    if (!dir)
      return 1;
    std::vector<std::string> entries;
    while (dirent *e = ::readdir(dir)) {
      std::string path = std::string(argv[i]) + "/" + e->d_name;
      if (e->d_name[0] != '.' && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode))
        entries.push_back(path);
    }
    ::closedir(dir);
    std::sort(entries.begin(), entries.end());
    files.insert(files.end(), entries.begin(), entries.end());
  }
  for (const std::string &f : files)
    if (!runFile(f))
      return 1;
  std::fprintf(stderr, "lamina-fuzz-replay: %zu inputs, no crash\n", files.size());
  return 0;
}
