//===- gemm-opt.cpp - The gemm-opt driver ---------------------------------===//
//
// mlir-opt with gemm-opt's passes and pipeline, and with the late AMDGPU pass
// linked in, so that code generation inside gpu-module-to-binary runs it.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/AMDGPU/GemmVOPD.h"
#include "gemm-opt/Passes/Pipeline.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

/// Errors are one line each by default: upstream attaches the generic form of
/// the failing operation (thousands of lines for a gpu.module) to every
/// diagnostic. --mlir-print-op-on-diagnostic brings it back.
static void setDiagnosticDefaults() {
  mlir::registerMLIRContextCLOptions();
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("mlir-print-op-on-diagnostic");
  if (it != options.end())
    static_cast<llvm::cl::opt<bool> *>(it->second)->setInitialValue(false);
}

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::gemm::registerGemmOptPasses();
  gemm::registerLatePass();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates gpu.module to LLVM IR: without these it
  // fails on the first ROCDL op.
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  setDiagnosticDefaults();

  auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
      argc, argv,
      "gemm-opt: compiles f32 linalg.matmul to AMD RDNA3 (gfx11) code "
      "objects.\n"
      "  gemm-opt in.mlir --gemm-rdna3-pipeline=\"hsaco=out.hsaco\" -o "
      "out.mlir\n",
      registry);
  // So that the code object and manifest never overwrite them.
  mlir::gemm::setDriverFiles(inputFile, outputFile);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, inputFile, outputFile, registry));
}
