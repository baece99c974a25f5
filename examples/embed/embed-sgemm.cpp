//===- embed-sgemm.cpp - Embedding gemm-opt in a compiler of your own -----===//
//
// Usage: embed-sgemm <input.mlir> <output.hsaco>
//
// Parses a module holding an f32 linalg.matmul, runs gemm-opt's RDNA3 pipeline
// from its C++ API (with the late AMDGPU pass in code generation) and writes
// the code object and its launch manifest.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/AMDGPU/GemmVOPD.h"
#include "gemm-opt/Passes/Pipeline.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: embed-sgemm <input.mlir> <output.hsaco>\n";
    return 2;
  }

  // Once per process: the late pass joins every amdgcn code generation.
  gemm::registerLatePass();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  mlir::MLIRContext context(registry);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;

  mlir::PassManager pm(&context);
  mlir::gemm::RDNA3PipelineOptions options;
  options.chip = "gfx1100";
  options.hsaco = argv[2];
  mlir::gemm::buildRDNA3Pipeline(pm, options);
  if (mlir::failed(pm.run(*module)))
    return 1;

  llvm::outs() << "embed-sgemm: wrote " << argv[2] << "\n";
  return 0;
}
