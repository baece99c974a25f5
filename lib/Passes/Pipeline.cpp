//===- Pipeline.cpp - The gemm-rdna3-pipeline -----------------------------===//
//
// The lowering reuses upstream passes wherever they do the job: parallel loop
// tiling and mapping to the GPU grid, kernel outlining, ROCDL lowering and
// gpu-module-to-binary. Our passes check the input first and write the files
// last.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/Pipeline.h"
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

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#ifndef GEMM_OPT_BUILD_TOOLKIT_DIR
#define GEMM_OPT_BUILD_TOOLKIT_DIR ""
#endif
#ifndef GEMM_OPT_INSTALLED_TOOLKIT_DIR
#define GEMM_OPT_INSTALLED_TOOLKIT_DIR ""
#endif
#ifndef GEMM_OPT_LLD_PATH
#define GEMM_OPT_LLD_PATH "/usr/lib/llvm-22/bin/ld.lld"
#endif

#include <unistd.h>

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

/// The toolkit gpu-module-to-binary gets when the option is empty: the build
/// tree's while it exists, else the installed one. A library installed under
/// another prefix than the configured one, or embedded elsewhere, falls back to
/// a toolkit directory of its own in the temporary directory.
static std::string getDefaultToolkitDir() {
  auto hasLld = [](llvm::StringRef dir) {
    llvm::SmallString<256> lld(dir);
    llvm::sys::path::append(lld, "llvm", "bin", "ld.lld");
    return !dir.empty() && llvm::sys::fs::exists(lld);
  };
  for (llvm::StringRef dir :
       {GEMM_OPT_BUILD_TOOLKIT_DIR, GEMM_OPT_INSTALLED_TOOLKIT_DIR})
    if (hasLld(dir))
      return dir.str();

  llvm::SmallString<256> dir;
  llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, dir);
  llvm::sys::path::append(dir, "gemm-opt-toolkit-" + std::to_string(getuid()));
  llvm::SmallString<256> bin(dir);
  llvm::sys::path::append(bin, "llvm", "bin");
  llvm::SmallString<256> lld(bin);
  llvm::sys::path::append(lld, "ld.lld");
  // Failures surface as gpu-module-to-binary's own "cannot find ld.lld" error.
  (void)llvm::sys::fs::create_directories(bin);
  (void)llvm::sys::fs::create_link(GEMM_OPT_LLD_PATH, lld);
  return std::string(dir);
}

/// The tiling passes in order, each configured from the shared options.
template <typename Derived>
static void addTilePasses(OpPassManager &pm,
                          const TileOptions<Derived> &options) {
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  GemmTileWorkgroupsOptions workgroupOptions;
  workgroupOptions.bm = options.bm;
  workgroupOptions.bn = options.bn;
  workgroupOptions.bk = options.bk;
  workgroupOptions.wavesM = options.wavesM;
  workgroupOptions.wavesN = options.wavesN;
  funcPm.addPass(createGemmTileWorkgroups(workgroupOptions));
  GemmStageLdsOptions ldsOptions;
  ldsOptions.pad = options.pad;
  funcPm.addPass(createGemmStageLds(ldsOptions));
  GemmTileLanesOptions laneOptions;
  laneOptions.tm = options.tm;
  laneOptions.tn = options.tn;
  laneOptions.unroll = options.unroll;
  funcPm.addPass(createGemmTileLanes(laneOptions));
  GemmPrefetchOptions prefetchOptions;
  prefetchOptions.prefetch = options.prefetch;
  funcPm.addPass(createGemmPrefetch(prefetchOptions));
  // A batch's matrices are rank-reduced views of the 3-D arguments: the
  // loads and stores through them become accesses of the arguments, which
  // gemm-buffer-addressing needs (and the LLVM lowering, which has no
  // subviews).
  funcPm.addPass(memref::createFoldMemRefAliasOpsPass());
  if (options.addressing == Addressing::Buffer)
    funcPm.addPass(createGemmBufferAddressing());
}

void buildTilePipeline(OpPassManager &pm, const TilePipelineOptions &options) {
  addTilePasses(pm, options);
}

void buildRDNA3Pipeline(OpPassManager &pm,
                        const RDNA3PipelineOptions &options) {
  GemmCheckInputOptions checkOptions;
  checkOptions.chip = options.chip;
  checkOptions.codeObjectVersion = options.codeObjectVersion;
  pm.addNestedPass<func::FuncOp>(createGemmSpecializeGeneric());
  pm.addPass(createGemmCheckInput(checkOptions));

  if (options.tile)
    addTilePasses(pm, options);

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
  targetOptions.chip = options.chip;
  targetOptions.abiVersion = std::to_string(options.codeObjectVersion * 100);
  targetOptions.optLevel = options.optLevel;
  targetOptions.wave64Flag = false;
  if (options.cuMode)
    targetOptions.features = "+cumode";
  pm.addPass(createGpuROCDLAttachTarget(targetOptions));

  OpPassManager &kernelPm = pm.nest<gpu::GPUModuleOp>();
  kernelPm.addPass(createLowerAffinePass());
  kernelPm.addPass(createSCFToControlFlowPass());
  ConvertAMDGPUToROCDLPassOptions amdgpuOptions;
  amdgpuOptions.chipset = options.chip;
  kernelPm.addPass(createConvertAMDGPUToROCDLPass(amdgpuOptions));
  ConvertGpuOpsToROCDLOpsOptions rocdlOptions;
  rocdlOptions.chipset = options.chip;
  rocdlOptions.useBarePtrCallConv = true;
  rocdlOptions.runtime = gpu::amd::Runtime::HIP;
  kernelPm.addPass(createConvertGpuOpsToROCDLOps(rocdlOptions));
  kernelPm.addPass(createReconcileUnrealizedCastsPass());

  GpuModuleToBinaryPassOptions binaryOptions;
  binaryOptions.compilationTarget = "bin";
  binaryOptions.toolkitPath = options.toolkit.empty()
                                  ? getDefaultToolkitDir()
                                  : options.toolkit.getValue();
  pm.addPass(createGpuModuleToBinaryPass(binaryOptions));
  pm.addPass(createGemmCheckBinary());

  // A manifest alone is gemm-emit-hsaco's error: it describes a code object.
  if (!options.hsaco.empty() || !options.manifest.empty()) {
    GemmEmitHsacoOptions emitOptions;
    emitOptions.hsacoPath = options.hsaco;
    emitOptions.manifestPath = options.manifest;
    pm.addPass(createGemmEmitHsaco(emitOptions));
  }
}

void registerGemmOptPasses() {
  static bool registered = [] {
    registerGemmPasses();
    PassPipelineRegistration<TilePipelineOptions>(
        "gemm-tile-rdna3",
        "Rewrite an f32 linalg.matmul into the RDNA3 SGEMM kernel "
        "structure: gemm-tile-workgroups, gemm-stage-lds, gemm-tile-lanes, "
        "gemm-prefetch and (addressing=buffer) gemm-buffer-addressing",
        buildTilePipeline);
    PassPipelineRegistration<RDNA3PipelineOptions>(
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
