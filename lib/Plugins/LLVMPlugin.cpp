//===- LLVMPlugin.cpp - gemm-opt's late AMDGPU pass as an LLVM plugin -----===//
//
//   llc -load=GemmOptLLVMPlugin.so ...
//   clang -fpass-plugin=GemmOptLLVMPlugin.so ...
//
// Loading the library is what matters for code generation: its static
// RegisterTargetPassConfigCallback inserts the late pass into every amdgcn code
// generation pipeline, which LLVM 22 still builds on the legacy pass manager.
// The new-pass-manager entry point (llvmGetPassPluginInfo, which clang insists
// on) registers the pass's new-pass-manager form as gemm-amdgpu-vopd in
// machine-function pipelines, for hosts that hand their PassBuilder to
// plugins. LLVM 22's llc does not: it loads -load-pass-plugin libraries but
// builds its -passes pipeline without their callbacks.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/AMDGPU/GemmVOPD.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "GemmOptAMDGPULate", LLVM_VERSION_STRING,
          gemm::registerGemmVOPDPassBuilderCallbacks};
}

namespace {
/// llc -load runs no entry point: registration happens as the library loads.
struct RegisterOnLoad {
  RegisterOnLoad() { gemm::registerLatePass(); }
} registerOnLoad;
} // namespace
