//===- MLIRPlugin.cpp - gemm-opt as an mlir-opt pass plugin ---------------===//
//
//   mlir-opt --load-pass-plugin=GemmOptMLIRPlugin.so --gemm-rdna3-pipeline
//
// It is a dialect plugin too (--load-dialect-plugin), for mlir-opt to parse
// IR that holds the gemm dialect's attributes (#gemm.config), as the output
// of gemm-select-config and the tiling passes does, and for the transform
// interpreter to run scripts of the gemm transform ops.
//
// The plugin also carries the late AMDGPU pass, so the code generation inside
// gpu-module-to-binary runs it just as in gemm-opt.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/AMDGPU/GemmVOPD.h"
#include "gemm-opt/Passes/Pipeline.h"
#include "gemm-opt/TransformOps/GemmTransformOps.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "GemmOpt", LLVM_VERSION_STRING, [] {
            mlir::gemm::registerGemmOptPasses();
            gemm::registerLatePass();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "GemmOpt", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<mlir::gemm::GemmDialect>();
            mlir::gemm::registerTransformDialectExtension(*registry);
          }};
}
