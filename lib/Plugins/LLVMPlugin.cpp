//===- LLVMPlugin.cpp - gemm-opt's late AMDGPU pass as an LLVM plugin -----===//
//
//   llc -load=GemmOptLLVMPlugin.so ...
//   clang -fpass-plugin=GemmOptLLVMPlugin.so ...
//
// Loading the library is what matters: its static
// RegisterTargetPassConfigCallback inserts the late pass into every amdgcn code
// generation pipeline. clang insists on a new-pass-manager entry point, which
// has nothing to add.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/AMDGPU/GemmVOPD.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "GemmOptAMDGPULate", LLVM_VERSION_STRING,
          [](llvm::PassBuilder &) {}};
}

namespace {
/// llc -load runs no entry point: registration happens as the library loads.
struct RegisterOnLoad {
  RegisterOnLoad() { gemm::registerLatePass(); }
} registerOnLoad;
} // namespace
