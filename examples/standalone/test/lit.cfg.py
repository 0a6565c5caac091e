# lit configuration of the standalone dialect's tests (see lit.site.cfg.py.in).
import os

import lit.formats

config.name = "Standalone"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.join(config.standalone_source_dir, "test")
config.test_exec_root = os.path.join(config.standalone_obj_dir, "test")
config.environment["PATH"] = os.pathsep.join(
    [config.standalone_tools_dir, config.lit_tools_dir, config.environment.get("PATH", "")]
)
