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

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

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
                     "half of the LDS, less contention; a skinny plan may "
                     "still take WGP mode for its kernel"),
      llvm::cl::init(true)};
};

/// Options of the last step of gemm-rdna3-pipeline on its own (the transform
/// op gemm.emit_binary): how the code object is compiled, where it is
/// written, and the product the manifest records.
struct EmitBinaryOptions
    : public OutputOptions<
          CodegenOptions<PassPipelineOptions<EmitBinaryOptions>>> {
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("The RDNA3 product the launch manifest records "
                     "(docs/targets.md; default rx7900xtx)"),
      llvm::cl::init(KernelConfig().target)};
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

/// Appends the last step of gemm-rdna3-pipeline to `pm`, anchored on
/// builtin.module: the code object of each gpu.module (`codegen`), its
/// check, the launch manifest recording `product` (with no gemm attribute
/// left on the host), and, when `output` names a file, the files.
void addBinaryPasses(OpPassManager &pm, const CodegenConfig &codegen,
                     const OutputConfig &output, llvm::StringRef product);

/// A compiled matmul in memory: the bytes gemm-emit-hsaco writes to its two
/// files.
struct CompiledKernel {
  /// The gfx11 code object (an ELF shared object).
  std::vector<char> codeObject;
  /// The launch manifest's JSON text (docs/manifest.md).
  std::string manifest;
};

/// Runs `gemm-rdna3-pipeline` with `options` on `module` and returns the code
/// object and the manifest, writing no output file: `options.hsaco` and
/// `options.manifest` must be empty. The manifest names the code object
/// `codeObjectPath` (relative to the manifest's directory), which may be
/// empty when the caller keeps the code object in memory. The module is
/// lowered in place: on success it holds the host code, which upstream passes
/// lower to LLVM IR, and the gpu.binary. Errors, such as input the pipeline
/// refuses, come back with the pipeline's messages and their source
/// locations; nothing is printed. The module's context needs the dialects
/// and the GPU-to-LLVM-IR translations registered, and gemm::registerLatePass()
/// called once in the process, for the code gemm-opt produces.
llvm::Expected<CompiledKernel>
compileToMemory(ModuleOp module, const RDNA3PipelineOptions &options,
                llvm::StringRef codeObjectPath = "");

/// The code object and the manifest of a module `gemm-rdna3-pipeline` has
/// lowered (without writing files): what compileToMemory returns, for a
/// caller that runs the pipeline in its own pass manager.
llvm::Expected<CompiledKernel>
getCompiledKernel(ModuleOp module, llvm::StringRef codeObjectPath = "");

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
