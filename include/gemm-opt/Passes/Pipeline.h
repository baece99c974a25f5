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

/// How the kernel reads A and B from global memory.
enum class Addressing {
  Global, // global_load with a 64-bit VGPR address per load.
  Buffer, // Raw buffer loads (gemm-buffer-addressing).
};

/// The options of the tiling passes, shared by `--gemm-tile-rdna3` and
/// `--gemm-rdna3-pipeline`.
template <typename Derived>
struct TileOptions : public PassPipelineOptions<Derived> {
  using Base = PassPipelineOptions<Derived>;
  template <typename T> using Option = typename Base::template Option<T>;

  Option<int64_t> bm{
      *this, "bm",
      llvm::cl::desc("Rows of C per workgroup, a multiple of "
                     "waves-m x 16; default 128 (gemm-tile-workgroups)"),
      llvm::cl::init(128)};
  Option<int64_t> bn{
      *this, "bn",
      llvm::cl::desc("Columns of C per workgroup, a multiple "
                     "of waves-n x 32; default 128 (gemm-tile-workgroups)"),
      llvm::cl::init(128)};
  Option<int64_t> bk{
      *this, "bk",
      llvm::cl::desc("K step staged in LDS; default 8 (gemm-tile-workgroups)"),
      llvm::cl::init(8)};
  Option<int64_t> wavesM{
      *this, "waves-m",
      llvm::cl::desc(
          "Wave grid: waves along M; default 4 (gemm-tile-workgroups)"),
      llvm::cl::init(4)};
  Option<int64_t> wavesN{
      *this, "waves-n",
      llvm::cl::desc(
          "Wave grid: waves along N; default 1 (gemm-tile-workgroups)"),
      llvm::cl::init(1)};
  Option<int64_t> pad{
      *this, "pad",
      llvm::cl::desc("Floats of padding per row of A's LDS "
                     "tile, a multiple of 4; default 4 (gemm-stage-lds)"),
      llvm::cl::init(4)};
  Option<int64_t> tm{*this, "tm",
                     llvm::cl::desc("Rows of C per lane; 0 derives it from bm "
                                    "and waves-m (gemm-tile-lanes)"),
                     llvm::cl::init(0)};
  Option<int64_t> tn{*this, "tn",
                     llvm::cl::desc("Columns of C per lane; 0 derives it from "
                                    "bn and waves-n (gemm-tile-lanes)"),
                     llvm::cl::init(0)};
  Option<int64_t> unroll{
      *this, "unroll",
      llvm::cl::desc("K steps unrolled per LDS loop iteration, dividing bk; "
                     "0 unrolls all of bk (gemm-tile-lanes)"),
      llvm::cl::init(0)};
  Option<PrefetchMode> prefetch{
      *this, "prefetch",
      llvm::cl::desc(
          "How the next K-slice is fetched; default registers (gemm-prefetch)"),
      llvm::cl::values(clEnumValN(PrefetchMode::None, "none",
                                  "load, store, multiply in turn"),
                       clEnumValN(PrefetchMode::Registers, "registers",
                                  "next slice in VGPRs, two barriers per step"),
                       clEnumValN(PrefetchMode::Lds, "lds",
                                  "two LDS stages, one barrier per step")),
      llvm::cl::init(PrefetchMode::Registers)};
  Option<Addressing> addressing{
      *this, "addressing",
      llvm::cl::desc("How the kernel reads A and B; default buffer"),
      llvm::cl::values(
          clEnumValN(Addressing::Global, "global",
                     "global_load with a 64-bit VGPR address per load"),
          clEnumValN(Addressing::Buffer, "buffer",
                     "raw buffer loads, no VALU address arithmetic in the "
                     "loop (gemm-buffer-addressing)")),
      llvm::cl::init(Addressing::Buffer)};
};

/// Options of `--gemm-tile-rdna3`.
struct TilePipelineOptions : public TileOptions<TilePipelineOptions> {};

/// Options of `--gemm-rdna3-pipeline`.
struct RDNA3PipelineOptions : public TileOptions<RDNA3PipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("Target chip, an RDNA3 (gfx11) "
                                          "chip"),
                           llvm::cl::init("gfx1100")};
  Option<unsigned> codeObjectVersion{
      *this, "code-object-version",
      llvm::cl::desc("AMDHSA code object version: 4, 5 or 6 (ROCm runtimes "
                     "older than 6.x want 4 or 5)"),
      llvm::cl::init(5)};
  Option<unsigned> optLevel{
      *this, "opt-level",
      llvm::cl::desc("LLVM optimization level of the AMDGPU backend (0-3)"),
      llvm::cl::init(3)};
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
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("Directory holding llvm/bin/ld.lld, used to link the "
                     "code object (default: the one gemm-opt was built "
                     "with)"),
      llvm::cl::init("")};
  Option<std::string> hsaco{
      *this, "hsaco",
      llvm::cl::desc("Also write the code object to this file, with its "
                     "launch manifest beside it (FILE.manifest.json)"),
      llvm::cl::init("")};
  Option<std::string> manifest{
      *this, "manifest",
      llvm::cl::desc("Path of the launch manifest (default: derived from "
                     "hsaco, which it needs)"),
      llvm::cl::init("")};
};

/// Returns the chips gemm-opt accepts (RDNA3, gfx11).
llvm::ArrayRef<llvm::StringRef> getSupportedChips();

/// Returns true when `chip` is one of getSupportedChips().
bool isSupportedChip(llvm::StringRef chip);

/// Appends the RDNA3 tiling passes (gemm-tile-workgroups, gemm-stage-lds,
/// gemm-tile-lanes, gemm-prefetch and, for buffer addressing,
/// gemm-buffer-addressing) to `pm`, which must be anchored on builtin.module.
void buildTilePipeline(OpPassManager &pm, const TilePipelineOptions &options);

/// Appends the whole lowering, from linalg.matmul to gpu.binary (and, when
/// `options.hsaco` is set, the files on disk), to `pm`, which must be anchored
/// on builtin.module.
void buildRDNA3Pipeline(OpPassManager &pm, const RDNA3PipelineOptions &options);

/// Records the gemm-opt driver's input and output files (`-` for stdin and
/// stdout), which gemm-emit-hsaco refuses to overwrite.
void setDriverFiles(llvm::StringRef input, llvm::StringRef output);

/// The files gemm-emit-hsaco has written in this process, so that a driver
/// that fails after the pass ran (--verify-diagnostics, a later pass) can
/// remove them: a failing gemm-opt leaves no output file.
llvm::ArrayRef<std::string> getEmittedFiles();

/// Registers every gemm-opt pass and the `gemm-rdna3-pipeline` pipeline with
/// the global MLIR pass registry. Safe to call more than once.
void registerGemmOptPasses();

} // namespace mlir::gemm

#endif // GEMM_OPT_PASSES_PIPELINE_H
