//===- Passes.h - gemm-opt MLIR passes --------------------------*- C++ -*-===//
//
// Declarations of gemm-opt's MLIR passes and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_PASSES_H
#define GEMM_OPT_PASSES_PASSES_H

#include "gemm-opt/Dialect/Gemm.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir::gemm {

/// The options that choose a kernel configuration (#gemm.config), declared
/// once for every place that takes them: gemm-select-config (`Base` a pass)
/// and the gemm-tile-rdna3 and gemm-rdna3-pipeline pipelines (`Base` a
/// PassPipelineOptions). Their defaults are KernelConfig's.
template <typename Base> struct KernelConfigOptions : public Base {
  template <typename T> using Option = typename Base::template Option<T>;

  KernelConfigOptions() = default;
  // Options cannot be copied; as in TableGen's pass bases, the copy gets
  // fresh ones and its owner copies their values (Pass::clonePass).
  KernelConfigOptions(const KernelConfigOptions &other) : Base(other) {}

  Option<int64_t> bm{*this, "bm",
                     llvm::cl::desc("Rows of C per workgroup, a multiple of "
                                    "waves-m x 16 (default 128)"),
                     llvm::cl::init(KernelConfig().bm)};
  Option<int64_t> bn{*this, "bn",
                     llvm::cl::desc("Columns of C per workgroup, a multiple "
                                    "of waves-n x 32 (default 128)"),
                     llvm::cl::init(KernelConfig().bn)};
  Option<int64_t> bk{
      *this, "bk",
      llvm::cl::desc("K step: columns of A and rows of B staged in LDS per "
                     "step (default 8)"),
      llvm::cl::init(KernelConfig().bk)};
  Option<int64_t> wavesM{
      *this, "waves-m",
      llvm::cl::desc("Wave grid: waves of the workgroup along M (default 4)"),
      llvm::cl::init(KernelConfig().wavesM)};
  Option<int64_t> wavesN{
      *this, "waves-n",
      llvm::cl::desc("Wave grid: waves of the workgroup along N (default 1)"),
      llvm::cl::init(KernelConfig().wavesN)};
  Option<int64_t> pad{
      *this, "pad",
      llvm::cl::desc("Floats of padding after each row of a transposed LDS "
                     "tile (A's, and B's where B is stored N x K), a "
                     "multiple of 4 (default 4, which removes their LDS "
                     "store bank conflicts)"),
      llvm::cl::init(KernelConfig().pad)};
  Option<int64_t> unroll{
      *this, "unroll",
      llvm::cl::desc("K steps unrolled per LDS loop iteration, dividing bk; "
                     "0 unrolls all of bk (default 0)"),
      llvm::cl::init(KernelConfig().unroll)};
  Option<PrefetchMode> prefetch{
      *this, "prefetch",
      llvm::cl::desc("How the next K-slice is fetched during the multiply "
                     "(default: chosen per matmul, the prefetch of the "
                     "tile's cost row with the fewer cycles per K step)"),
      llvm::cl::values(clEnumValN(PrefetchMode::None, "none",
                                  "load, store, multiply in turn"),
                       clEnumValN(PrefetchMode::Registers, "registers",
                                  "next slice in VGPRs, two barriers per step"),
                       clEnumValN(PrefetchMode::Lds, "lds",
                                  "two LDS stages, one barrier per step")),
      llvm::cl::init(KernelConfig().prefetch)};
  Option<Addressing> addressing{
      *this, "addressing",
      llvm::cl::desc("How the kernel reads A and B (default buffer)"),
      llvm::cl::values(
          clEnumValN(Addressing::Global, "global",
                     "global_load with a 64-bit VGPR address per load"),
          clEnumValN(Addressing::Buffer, "buffer",
                     "raw buffer loads, no VALU address arithmetic in the "
                     "loop (gemm-buffer-addressing)")),
      llvm::cl::init(KernelConfig().addressing)};
  Option<bool> batchWaits{
      *this, "batch-waits",
      llvm::cl::desc("Wait once per K step for its LDS fragment loads, and "
                     "for the first K-slice's global loads before the K loop "
                     "(default true, but false where gemm-rdna3-pipeline "
                     "compiles with scheduler=llvm; false: LLVM's wait "
                     "before each first use)"),
      llvm::cl::init(KernelConfig().batchWaits)};
  Option<bool> wavePriorities{
      *this, "wave-priorities",
      llvm::cl::desc("Raise the wave's priority (s_setprio 1) over each K "
                     "step's FMAs and lower it while the step's LDS loads "
                     "issue, as the walkthrough's kernel 8 does (default: "
                     "true where the choice takes a tile by a cost row "
                     "fitted with it, else false)"),
      llvm::cl::init(KernelConfig().wavePriorities)};
  Option<int64_t> splitTail{
      *this, "split-tail",
      llvm::cl::desc("K parts of each tile left over after the grid's whole "
                     "rounds of compute-units workgroups, added into C by a "
                     "second kernel in a fixed order: 1 none, 0 chosen per "
                     "matmul (default 0)"),
      llvm::cl::init(KernelConfig().splitTail)};
  Option<bool> streamK{
      *this, "stream-k",
      llvm::cl::desc("Stream-K: the K steps of the tiles left over after the "
                     "grid's whole rounds are shared evenly by one workgroup "
                     "per compute unit, in ranges that may span tiles, and "
                     "the partial sums added into C by a second kernel in a "
                     "fixed order; excludes split-tail > 1 (default false)"),
      llvm::cl::init(KernelConfig().streamK)};
  Option<int64_t> computeUnits{
      *this, "compute-units",
      llvm::cl::desc("CUs the grid is balanced for, overriding the target's "
                     "count: 1..1024, 0 the target's (default 0)"),
      llvm::cl::init(KernelConfig().computeUnits)};
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("The RDNA3 product the kernel is chosen and built for, "
                     "whose figures (CUs, register file, clocks, bandwidth) "
                     "the choice reads: rx7900xtx, rx7900xt, rx7900gre, "
                     "w7900, rx7800xt, rx7700xt, rx7600, 780m, strix-point "
                     "or strix-halo (default rx7900xtx; docs/targets.md)"),
      llvm::cl::init(KernelConfig().target)};
  Option<KernelKind> kernel{
      *this, "kernel",
      llvm::cl::desc("Which kernel a matmul is compiled to (default auto)"),
      llvm::cl::values(
          clEnumValN(KernelKind::Auto, "auto",
                     "chosen per shape by gemm-select-config: skinny for a "
                     "static matmul with a small M or N where it is predicted "
                     "faster, else tiled"),
          clEnumValN(KernelKind::Tiled, "tiled",
                     "workgroup, wave and lane tiles of C, K-slices in LDS"),
          clEnumValN(KernelKind::Skinny, "skinny",
                     "lanes split K and add across lanes (gemm-tile-skinny); "
                     "for M or N up to 256")),
      llvm::cl::init(KernelConfig().kernel)};
  Option<std::string> tuningTable{
      *this, "tuning-table",
      llvm::cl::desc("A gemm-tune table (docs/tuning-table.md): a matmul of "
                     "a shape it lists, without an epilogue, gets its entry's "
                     "configuration, unless kernel, a tile option or "
                     "split-tail is given (default none)"),
      llvm::cl::init(KernelConfig().tuningTable)};

  KernelConfig getKernelConfig() const {
    KernelConfig config;
    config.bm = bm;
    config.bn = bn;
    config.bk = bk;
    config.wavesM = wavesM;
    config.wavesN = wavesN;
    config.pad = pad;
    config.unroll = unroll;
    config.prefetch = prefetch;
    config.addressing = addressing;
    config.batchWaits = batchWaits;
    config.wavePriorities = wavePriorities;
    config.splitTail = splitTail;
    config.streamK = streamK;
    config.computeUnits = computeUnits;
    config.target = target;
    config.kernel = kernel;
    config.tuningTable = tuningTable;
    config.tileChosenPerShape = !bm.hasValue() && !bn.hasValue() &&
                                !wavesM.hasValue() && !wavesN.hasValue();
    config.prefetchChosenPerShape = !prefetch.hasValue();
    config.wavePrioritiesChosenPerShape = !wavePriorities.hasValue();
    return config;
  }
  /// `base` with the values of the options that were given (a tuning
  /// table entry's over the pipeline's configuration).
  KernelConfig overlayGivenOptions(KernelConfig base) const {
    auto take = [](const auto &option, auto &field) {
      if (option.hasValue())
        field = option;
    };
    take(bm, base.bm);
    take(bn, base.bn);
    take(bk, base.bk);
    take(wavesM, base.wavesM);
    take(wavesN, base.wavesN);
    take(pad, base.pad);
    take(unroll, base.unroll);
    take(prefetch, base.prefetch);
    take(addressing, base.addressing);
    take(batchWaits, base.batchWaits);
    take(wavePriorities, base.wavePriorities);
    take(splitTail, base.splitTail);
    take(streamK, base.streamK);
    take(computeUnits, base.computeUnits);
    take(target, base.target);
    take(kernel, base.kernel);
    take(tuningTable, base.tuningTable);
    base.tileChosenPerShape &= !bm.hasValue() && !bn.hasValue() &&
                               !wavesM.hasValue() && !wavesN.hasValue();
    base.prefetchChosenPerShape &= !prefetch.hasValue();
    base.wavePrioritiesChosenPerShape &= !wavePriorities.hasValue();
    return base;
  }
  void setKernelConfig(const KernelConfig &config) {
    bm = config.bm;
    bn = config.bn;
    bk = config.bk;
    wavesM = config.wavesM;
    wavesN = config.wavesN;
    pad = config.pad;
    unroll = config.unroll;
    prefetch = config.prefetch;
    addressing = config.addressing;
    batchWaits = config.batchWaits;
    wavePriorities = config.wavePriorities;
    splitTail = config.splitTail;
    streamK = config.streamK;
    computeUnits = config.computeUnits;
    target = config.target;
    kernel = config.kernel;
    tuningTable = config.tuningTable;
  }
};

/// The target of the code object, checked by gemm-check-input and built for
/// by gemm-rdna3-pipeline. The member initializers are the defaults.
struct TargetConfig {
  /// Empty: the product's ISA.
  std::string chip;
  /// The product (KernelConfig::target) whose ISA the chip must be; empty:
  /// none (gemm-check-input run alone).
  std::string product;
  unsigned codeObjectVersion = 5;
  unsigned optLevel = 3;
};

/// The TargetConfig options, declared once for gemm-check-input and
/// gemm-rdna3-pipeline (see KernelConfigOptions).
template <typename Base> struct TargetOptions : public Base {
  template <typename T> using Option = typename Base::template Option<T>;

  TargetOptions() = default;
  TargetOptions(const TargetOptions &other) : Base(other) {}

  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip, an RDNA3 (gfx11) chip; in "
                     "gemm-rdna3-pipeline it must be the target's ISA "
                     "(default: the target's, gfx1100 without one)"),
      llvm::cl::init(TargetConfig().chip)};
  Option<unsigned> codeObjectVersion{
      *this, "code-object-version",
      llvm::cl::desc("AMDHSA code object version: 4, 5 or 6 (default 5; ROCm "
                     "runtimes older than 6.x want 4 or 5)"),
      llvm::cl::init(TargetConfig().codeObjectVersion)};
  Option<unsigned> optLevel{
      *this, "opt-level",
      llvm::cl::desc("LLVM optimization level of the AMDGPU backend, 0-3 "
                     "(default 3)"),
      llvm::cl::init(TargetConfig().optLevel)};

  TargetConfig getTargetConfig() const {
    TargetConfig config;
    config.chip = chip;
    config.codeObjectVersion = codeObjectVersion;
    config.optLevel = optLevel;
    return config;
  }
  void setTargetConfig(const TargetConfig &config) {
    chip = config.chip;
    codeObjectVersion = config.codeObjectVersion;
    optLevel = config.optLevel;
  }
};

/// Which instruction order the kernels are compiled with.
enum class KernelScheduler {
  /// Tiling where it predicts faster (see resolveScheduler), else Llvm.
  Auto,
  /// The tiling passes' order: LLVM's pre-RA machine scheduler off.
  Tiling,
  /// LLVM's GCN pre-RA machine scheduler.
  Llvm,
};

/// How gemm-module-to-binary compiles the kernels to code objects. The member
/// initializers are the defaults.
struct CodegenConfig {
  /// Directory holding llvm/bin/ld.lld; empty: found as the pass describes.
  std::string toolkit;
  KernelScheduler scheduler = KernelScheduler::Auto;
};

/// The scheduler `requested` for kernels of configuration `kernel`: Auto
/// becomes the one the timing model predicts faster for it (bench/predict.py
/// and docs/results.md, "The kernel's instruction order").
KernelScheduler resolveScheduler(KernelScheduler requested,
                                 const KernelConfig &kernel);

/// The CodegenConfig options, declared once for gemm-module-to-binary and
/// gemm-rdna3-pipeline (see KernelConfigOptions).
template <typename Base> struct CodegenOptions : public Base {
  template <typename T> using Option = typename Base::template Option<T>;

  CodegenOptions() = default;
  CodegenOptions(const CodegenOptions &other) : Base(other) {}

  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("Directory holding llvm/bin/ld.lld, used to link the "
                     "code object (default: the one of the tree gemm-opt "
                     "runs from, else a temporary one)"),
      llvm::cl::init(CodegenConfig().toolkit)};
  Option<KernelScheduler> scheduler{
      *this, "scheduler",
      llvm::cl::desc("Instruction order of the kernels (default auto; "
                     "-enable-misched on the command line overrides it)"),
      llvm::cl::values(
          clEnumValN(KernelScheduler::Auto, "auto",
                     "tiling, except llvm for addressing=global with "
                     "prefetch=registers (the model's faster choice)"),
          clEnumValN(KernelScheduler::Tiling, "tiling",
                     "keep the tiling passes' order: each K step's LDS loads "
                     "batched before its FMAs, the next K-slice's global "
                     "loads early (LLVM's pre-RA machine scheduler off)"),
          clEnumValN(KernelScheduler::Llvm, "llvm",
                     "LLVM's GCN pre-RA machine scheduler")),
      llvm::cl::init(CodegenConfig().scheduler)};

  CodegenConfig getCodegenConfig() const {
    return CodegenConfig{toolkit, scheduler};
  }
  void setCodegenConfig(const CodegenConfig &config) {
    toolkit = config.toolkit;
    scheduler = config.scheduler;
  }
};

/// Where gemm-emit-hsaco writes its files.
struct OutputConfig {
  std::string hsaco;    // The code object; empty: none is written.
  std::string manifest; // Empty: derived from hsaco.
};

/// The OutputConfig options, declared once for gemm-emit-hsaco and
/// gemm-rdna3-pipeline.
template <typename Base> struct OutputOptions : public Base {
  template <typename T> using Option = typename Base::template Option<T>;

  OutputOptions() = default;
  OutputOptions(const OutputOptions &other) : Base(other) {}

  Option<std::string> hsaco{
      *this, "hsaco",
      llvm::cl::desc("Write the code object to this file, with its launch "
                     "manifest beside it (FILE.manifest.json)"),
      llvm::cl::init("")};
  Option<std::string> manifest{
      *this, "manifest",
      llvm::cl::desc("Path of the launch manifest (default: the hsaco path "
                     "with '.hsaco' replaced by '.manifest.json')"),
      llvm::cl::init("")};

  OutputConfig getOutputConfig() const {
    OutputConfig config;
    config.hsaco = hsaco;
    config.manifest = manifest;
    return config;
  }
  void setOutputConfig(const OutputConfig &config) {
    hsaco = config.hsaco;
    manifest = config.manifest;
  }
};

#define GEN_PASS_DECL
#include "gemm-opt/Passes/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "gemm-opt/Passes/Passes.h.inc"

/// gemm-select-config recording `config` on every matmul, whatever its
/// options say: the pipelines' way to pass their options on.
std::unique_ptr<Pass> createGemmSelectConfig(const KernelConfig &config);

/// The passes configured from a pipeline's options.
std::unique_ptr<Pass> createGemmCheckInput(const TargetConfig &target);
std::unique_ptr<Pass> createGemmModuleToBinary(const CodegenConfig &codegen);
std::unique_ptr<Pass> createGemmEmitHsaco(const OutputConfig &output);
/// gemm-describe-launches recording `target` (a product of
/// gemm-opt/Target/Target.h, the pipeline's target=) in the manifest; empty:
/// not recorded.
std::unique_ptr<Pass> createGemmDescribeLaunches(llvm::StringRef target);

} // namespace mlir::gemm

#endif // GEMM_OPT_PASSES_PASSES_H
