//===- Pipeline.h - The gemm-rdna3-pipeline ---------------------*- C++ -*-===//
//
// The named pipeline that lowers a func.func holding an f32 linalg.matmul on
// memrefs to an RDNA3 code object, and the one call that registers it together
// with all gemm-opt passes.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_PIPELINE_H
#define GEMM_OPT_PASSES_PIPELINE_H

#include "gemm-opt/Passes/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::gemm {

/// Options of `--gemm-tile-rdna3`.
struct TilePipelineOptions
    : public KernelConfigOptions<PassPipelineOptions<TilePipelineOptions>> {};

/// Options of `--gemm-rdna3-pipeline`: those of the passes it configures
/// (declared with them in Passes.h), and its own.
struct RDNA3PipelineOptions
    : public OutputOptions<CodegenOptions<TargetOptions<
          KernelConfigOptions<PassPipelineOptions<RDNA3PipelineOptions>>>>> {
  Option<bool> tile{
      *this, "tile",
      llvm::cl::desc("Compile to the RDNA3 tiled kernel (gemm-tile-rdna3); "
                     "false: one output per lane (slow, for comparison)"),
      llvm::cl::init(true)};
  Option<bool> cuMode{
      *this, "cumode",
      llvm::cl::desc("Compile for CU mode (+cumode): each CU gets its own "
                     "half of the LDS, less contention"),
      llvm::cl::init(true)};
};

/// Returns the chips gemm-opt accepts (RDNA3, gfx11).
llvm::ArrayRef<llvm::StringRef> getSupportedChips();

/// Returns true when `chip` is one of getSupportedChips().
bool isSupportedChip(llvm::StringRef chip);

/// Appends the RDNA3 tiling passes (gemm-select-config with `options`'
/// configuration, then gemm-tile-workgroups, gemm-stage-lds, gemm-tile-lanes,
/// gemm-prefetch and gemm-buffer-addressing) to `pm`, which must be anchored
/// on builtin.module.
void buildTilePipeline(OpPassManager &pm, const TilePipelineOptions &options);

/// Appends the whole lowering, from linalg.matmul to gpu.binary (and, when
/// `options.hsaco` is set, the files on disk), to `pm`, which must be anchored
/// on builtin.module.
void buildRDNA3Pipeline(OpPassManager &pm, const RDNA3PipelineOptions &options);

/// Records the gemm-opt driver's input and output files (`-` for stdin and
/// stdout), which gemm-emit-hsaco refuses to overwrite. A driver that
/// writes its output only when the whole run succeeds wraps the run in
/// gemm::beginRun()/endRun() (gemm-opt/Support/Files.h): gemm-emit-hsaco's
/// files are then committed with it.
void setDriverFiles(llvm::StringRef input, llvm::StringRef output);

/// Registers every gemm-opt pass and the `gemm-rdna3-pipeline` pipeline with
/// the global MLIR pass registry. Safe to call more than once.
void registerGemmOptPasses();

} // namespace mlir::gemm

#endif // GEMM_OPT_PASSES_PIPELINE_H
