# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "gemm-opt"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".ll", ".test", ".s", ".cl"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gemm_opt_obj_root, "test", "lit")

llvm_config.use_default_substitutions()

# Our tools first, then LLVM 22's: /usr/bin holds LLVM 14, which rejects gfx1100.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.gemm_tools_dir, append_path=True)

config.substitutions.append(("%gemm_src", config.gemm_opt_src_root))
config.substitutions.append(("%examples", os.path.join(config.gemm_opt_src_root, "examples")))
config.substitutions.append(("%toolkit", config.gemm_toolkit_dir))
config.substitutions.append(("%gemm_obj", config.gemm_opt_obj_root))
config.substitutions.append(("%llvm_tools", config.llvm_tools_dir))
# What --version prints: CMake's project(VERSION) and the LLVM built with.
config.substitutions.append(("%gemm_version", config.gemm_opt_version))
config.substitutions.append(("%llvm_version", config.gemm_llvm_version))
config.substitutions.append(
    ("%llvm_include", os.path.join(os.path.dirname(config.llvm_tools_dir), "include")))
config.substitutions.append(
    ("%mlir_plugin", os.path.join(config.gemm_libs_dir, "GemmOptMLIRPlugin" + config.shlibext)))
config.substitutions.append(
    ("%llvm_plugin", os.path.join(config.gemm_libs_dir, "GemmOptLLVMPlugin" + config.shlibext)))

tools = [
    ToolSubst("gemm-opt", unresolved="fatal"),
    ToolSubst("gemm-report", unresolved="fatal"),
    ToolSubst("gemm-tune", unresolved="fatal"),
    ToolSubst("vopd-rules-check", unresolved="fatal"),
    ToolSubst("mlir-opt", unresolved="fatal"),
    ToolSubst("mlir-translate", unresolved="fatal"),
    ToolSubst("mlir-tblgen", unresolved="fatal"),
    ToolSubst("llc", unresolved="fatal"),
    ToolSubst("opt", unresolved="fatal"),
    ToolSubst("clang", command=os.path.join(config.llvm_tools_dir, "clang"), unresolved="fatal"),
    ToolSubst("ld.lld", unresolved="fatal"),
    ToolSubst("llvm-mc", unresolved="fatal"),
    ToolSubst("llvm-readelf", unresolved="fatal"),
    ToolSubst("llvm-objdump", unresolved="fatal"),
]
if os.path.exists(os.path.join(config.gemm_tools_dir, "gemm-run")):
    tools.append(ToolSubst("gemm-run", unresolved="fatal"))
    config.available_features.add("gemm-run")
llvm_config.add_tool_substitutions(tools, [config.gemm_tools_dir, config.llvm_tools_dir])

# bench/tune-sweep.py runs its jobs on Dask (python3-distributed).
import subprocess
import sys
if subprocess.run([sys.executable, "-c", "import distributed"],
                  capture_output=True).returncode == 0:
    config.available_features.add("dask")
