//===- Pipeline.cpp - The gemm-rdna3-pipeline -----------------------------===//
//
// The lowering reuses upstream passes wherever they do the job: parallel loop
// tiling and mapping to the GPU grid, kernel outlining, ROCDL lowering and
// gpu-module-to-binary. Our passes check the input first and write the files
// last.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/Pipeline.h"
#include "ErrorCollector.h"
#include "gemm-opt/Passes/Passes.h"

#include "mlir/Conversion/AMDGPUToROCDL/AMDGPUToROCDL.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToGPU/SCFToGPUPass.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace mlir::gemm {

// Tile of the output computed by one workgroup, one element per lane. The fast
// tiling (workgroup, wave and thread tiles) replaces this simple mapping.
static constexpr int64_t kSimpleTileRows = 16;
static constexpr int64_t kSimpleTileCols = 16;

llvm::ArrayRef<llvm::StringRef> getSupportedChips() {
  static const llvm::StringRef chips[] = {"gfx1100", "gfx1101", "gfx1102",
                                          "gfx1103", "gfx1150", "gfx1151",
                                          "gfx1152", "gfx1153"};
  return chips;
}

bool isSupportedChip(llvm::StringRef chip) {
  return llvm::is_contained(getSupportedChips(), chip);
}

/// The tiling passes in order: the configuration is chosen once, from the
/// pipeline's options, and each pass reads it from the IR.
static void addTilePasses(OpPassManager &pm, const KernelConfig &config) {
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  funcPm.addPass(createGemmSelectConfig(config));
  funcPm.addPass(createGemmTileSkinny());
  funcPm.addPass(createGemmTileWorkgroups());
  funcPm.addPass(createGemmStageLds());
  funcPm.addPass(createGemmTileLanes());
  funcPm.addPass(createGemmPrefetch());
  // A batch's matrices are rank-reduced views of the 3-D arguments: the
  // loads and stores through them become accesses of the arguments, which
  // gemm-buffer-addressing needs (and the LLVM lowering, which has no
  // subviews).
  funcPm.addPass(memref::createFoldMemRefAliasOpsPass());
  funcPm.addPass(createGemmBufferAddressing());
}

KernelScheduler resolveScheduler(KernelScheduler requested,
                                 const KernelConfig &kernel) {
  if (requested != KernelScheduler::Auto)
    return requested;
  // With 64-bit global addresses and register prefetch, the kernel in the
  // tiling passes' order leaves the late pass too few free VGPRs for its
  // bank plan (24 of 80 fragment register pairs in the wrong half): 3.63 ms
  // predicted at 4096^3 against 3.04 with LLVM's scheduler. Every other
  // configuration of the test matrix is faster in the tiling order
  // (bench/predict.py, docs/results.md "The kernel's instruction order").
  if (kernel.addressing == Addressing::Global &&
      kernel.prefetch == PrefetchMode::Registers)
    return KernelScheduler::Llvm;
  return KernelScheduler::Tiling;
}

void buildTilePipeline(OpPassManager &pm, const TilePipelineOptions &options) {
  addTilePasses(pm, options.getKernelConfig());
}

void buildRDNA3Pipeline(OpPassManager &pm,
                        const RDNA3PipelineOptions &options) {
  KernelConfig kernel = options.getKernelConfig();
  // chip= follows from target=; gemm-check-input refuses an unknown target
  // and a chip that contradicts it.
  TargetConfig target = options.getTargetConfig();
  target.product = kernel.target;
  std::string chip =
      target.chip.empty() ? kernel.getTargetInfo().isa : target.chip;

  pm.addPass(createGemmBufferize());
  pm.addNestedPass<func::FuncOp>(createGemmSpecializeGeneric());
  pm.addPass(createGemmCheckInput(target));

  CodegenConfig codegen = options.getCodegenConfig();
  codegen.scheduler = resolveScheduler(codegen.scheduler, kernel);
  // LLVM's scheduler moves FMAs across the batched waits, and the late pass
  // then cannot pair them all (14 of 1024 stay single with global
  // addressing), so there the waits are LLVM's unless asked for.
  if (codegen.scheduler == KernelScheduler::Llvm &&
      !options.batchWaits.hasValue())
    kernel.batchWaits = false;
  if (options.tile)
    addTilePasses(pm, kernel);

  // What gemm-tile-rdna3 left (tile=false, smaller than one tile, fewer
  // than two K steps): one lane per output element of a 16x16 tile; the
  // column loop maps to x so that neighbouring lanes touch neighbouring
  // addresses of B and C.
  pm.addNestedPass<func::FuncOp>(createGemmLowerSimple());
  pm.addNestedPass<func::FuncOp>(
      createParallelLoopTilingPass({kSimpleTileRows, kSimpleTileCols},
                                   /*noMinMaxBounds=*/true));
  GpuMapParallelLoopsPassOptions mapOptions;
  mapOptions.mappingPolicyStr = "innermost-first";
  pm.addNestedPass<func::FuncOp>(createGpuMapParallelLoopsPass(mapOptions));
  pm.addNestedPass<func::FuncOp>(createConvertParallelLoopToGpuPass());
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(createGpuLaunchSinkIndexComputationsPass());
  // After the sinking, which would move the sizes' memref.dim ops (and so
  // the dynamic memrefs) back into the launch.
  pm.addNestedPass<func::FuncOp>(createGemmKernelSizes());
  pm.addPass(createGpuKernelOutliningPass());

  GpuROCDLAttachTargetOptions targetOptions;
  targetOptions.chip = chip;
  targetOptions.abiVersion = std::to_string(options.codeObjectVersion * 100);
  targetOptions.optLevel = options.optLevel;
  targetOptions.wave64Flag = false;
  if (options.cuMode)
    targetOptions.features = "+cumode";
  pm.addPass(createGpuROCDLAttachTarget(targetOptions));
  pm.addPass(createGemmWgpMode());

  OpPassManager &kernelPm = pm.nest<gpu::GPUModuleOp>();
  kernelPm.addPass(createGemmExpandMath());
  kernelPm.addPass(createLowerAffinePass());
  kernelPm.addPass(createSCFToControlFlowPass());
  ConvertAMDGPUToROCDLPassOptions amdgpuOptions;
  amdgpuOptions.chipset = chip;
  kernelPm.addPass(createConvertAMDGPUToROCDLPass(amdgpuOptions));
  ConvertGpuOpsToROCDLOpsOptions rocdlOptions;
  rocdlOptions.chipset = chip;
  rocdlOptions.useBarePtrCallConv = true;
  rocdlOptions.runtime = gpu::amd::Runtime::HIP;
  kernelPm.addPass(createConvertGpuOpsToROCDLOps(rocdlOptions));
  kernelPm.addPass(createReconcileUnrealizedCastsPass());

  addBinaryPasses(pm, codegen, options.getOutputConfig(), kernel.target);
}

void addBinaryPasses(OpPassManager &pm, const CodegenConfig &codegen,
                     const OutputConfig &output, StringRef product) {
  pm.addPass(createGemmModuleToBinary(codegen));
  pm.addPass(createGemmCheckBinary());
  // Always, so that the output holds no gemm attribute (upstream tools
  // lower its host code) and the manifest travels with the code object.
  pm.addPass(createGemmDescribeLaunches(product));

  // A manifest alone is gemm-emit-hsaco's error: it describes a code object.
  if (!output.hsaco.empty() || !output.manifest.empty())
    pm.addPass(createGemmEmitHsaco(output));
}

llvm::Expected<CompiledKernel>
compileToMemory(ModuleOp module, const RDNA3PipelineOptions &options,
                StringRef codeObjectPath) {
  if (!module)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "compileToMemory needs a module, not null");
  if (!options.hsaco.empty() || !options.manifest.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "compileToMemory writes no file: leave the options hsaco ('" +
            options.hsaco + "') and manifest ('" + options.manifest +
            "') empty");
  ErrorCollector errors(module.getContext());
  PassManager pm(module.getContext());
  buildRDNA3Pipeline(pm, options);
  if (failed(pm.run(module)))
    return errors.takeError("gemm-rdna3-pipeline failed");
  return getCompiledKernel(module, codeObjectPath);
}

/// Registers a pipeline whose builder needs a pass manager anchored on
/// builtin.module. Nested elsewhere, as in
/// `builtin.module(func.func(gemm-rdna3-pipeline))`, its module passes could
/// not be added (OpPassManager aborts) and its function passes would look for
/// functions inside functions: that is refused while the pipeline is parsed.
template <typename Options>
static void registerModulePipeline(StringRef arg, StringRef description,
                                   void (*builder)(OpPassManager &,
                                                   const Options &)) {
  registerPassPipeline(
      arg, description,
      [arg, builder](OpPassManager &pm, StringRef optionsStr,
                     function_ref<LogicalResult(const Twine &)> errorHandler) {
        StringRef anchor = pm.getOpAnchorName();
        if (anchor != ModuleOp::getOperationName())
          return errorHandler(arg + " must be anchored on builtin.module, " +
                              "not on '" + anchor + "': write builtin.module(" +
                              arg + ")");
        Options options;
        if (failed(options.parseFromString(optionsStr)))
          return failure();
        builder(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(Options());
      });
}

void registerGemmOptPasses() {
  static bool registered = [] {
    registerGemmPasses();
    registerModulePipeline<TilePipelineOptions>(
        "gemm-tile-rdna3",
        "Rewrite an f32 linalg.matmul into the RDNA3 SGEMM kernel "
        "structure: gemm-select-config (with these options), "
        "gemm-tile-skinny, gemm-tile-workgroups, gemm-stage-lds, "
        "gemm-tile-lanes, gemm-prefetch and gemm-buffer-addressing",
        buildTilePipeline);
    registerModulePipeline<RDNA3PipelineOptions>(
        "gemm-rdna3-pipeline",
        "Lower a func.func holding an f32 linalg.matmul on memrefs to an "
        "RDNA3 code object (gpu.binary; with hsaco=FILE also FILE and its "
        "launch manifest)",
        buildRDNA3Pipeline);
    return true;
  }();
  (void)registered;
}

} // namespace mlir::gemm
