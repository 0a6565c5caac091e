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
