# lit configuration for Lamina's text tests.
import os
import lit.formats

config.name = "Lamina"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "lit.cfg.py", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
build_dir = lit_config.params.get("build_dir", os.path.join(os.path.dirname(__file__), "..", "build"))
config.test_exec_root = os.path.join(build_dir, "test")

tools_dir = os.path.join(build_dir, "bin")
llvm_bin = "/usr/lib/llvm-22/bin"
config.environment["PATH"] = os.pathsep.join([tools_dir, llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Tests that compare against the reference mlir-opt run only where it is installed.
if os.path.exists(os.path.join(llvm_bin, "mlir-opt")):
    config.available_features.add("mlir-opt")
config.substitutions.append(("%python", "python3"))

# Sanitizer builds (from the build directory's CMake cache): lit marks them
# with a feature, and %memlimit MB caps a command's memory in every build
# (utils/run-limited.py: ulimit -v, or the sanitizer's RSS limit).
cache = os.path.join(build_dir, "CMakeCache.txt")
sanitizer = ""
if os.path.exists(cache):
    with open(cache) as f:
        for line in f:
            if line.startswith("LAMINA_ENABLE_ASAN:BOOL=ON"):
                sanitizer = "address"
            elif line.startswith("LAMINA_ENABLE_TSAN:BOOL=ON"):
                sanitizer = "thread"
if sanitizer:
    config.available_features.add("sanitizer")
    config.available_features.add(sanitizer + "-sanitizer")
    config.environment["LAMINA_SANITIZER"] = sanitizer

# ASan builds: LeakSanitizer's check at exit (it stops the process and scans
# its memory) costs as much as a small test's whole run. The directories of
# parse/print/pass tests turn it off (their lit.local.cfg); what they
# exercise is leak-checked in-process by the conformance replay of
# scripts/test.sh, which runs lamina-opt's driver on every baseline case and
# checks for leaks once at its end. The tests of the driver's own paths
# (Tools, Pass, Bytecode, Diagnostics, CAPI: output files, instrumentation,
# reproducers, the C API) keep the check.
config.lamina_no_leak_check_env = {}
if sanitizer == "address":
    options = config.environment.get("ASAN_OPTIONS", "")
    config.lamina_no_leak_check_env["ASAN_OPTIONS"] = (options + ":" if options else "") + "detect_leaks=0"
run_limited = os.path.join(os.path.dirname(__file__), "..", "utils", "run-limited.py")
config.substitutions.append(("%memlimit", "python3 " + os.path.abspath(run_limited)))
