//===- Gemm.h - The gemm dialect: typed kernel configuration ----*- C++ -*-===//
//
// The attributes in which gemm-opt's tiling passes record their decisions
// (#gemm.config, #gemm.problem), and KernelConfig, the same configuration as
// a plain value for code that has no MLIRContext (pipeline builders).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_GEMM_H
#define GEMM_OPT_DIALECT_GEMM_H

#include "gemm-opt/Target/Target.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include <optional>
#include <string>

#include "gemm-opt/Dialect/GemmDialect.h.inc"
#include "gemm-opt/Dialect/GemmEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "gemm-opt/Dialect/GemmAttrs.h.inc"

namespace mlir::gemm {

/// A #gemm.skinny_plan as a value: how gemm-tile-skinny's kernel lays out a
/// matmul with a small side S (N, or M when M < N) and a long side L, in the
/// choices the problem does not fix (lib/Passes/SkinnyPlan.h adds the
/// problem). X is the operand along L, Y the one along S. The member
/// initializers are where the plan search starts.
struct SkinnyLayout {
  /// Lanes of a wave along K (the fast lane index) and along L.
  int64_t lanesK = 8, lanesL = 4;
  /// Rows of L per lane, and columns of S per workgroup (the grid splits S).
  int64_t rowsPerLane = 1, colsPerGroup = 1;
  /// Waves of a workgroup, each a K part of the same rows and columns.
  int64_t waves = 1;
  /// K steps each loop iteration loads before it multiplies.
  int64_t unroll = 1;
  /// K parts, a workgroup each, when the rows give too few workgroups: each
  /// writes its sums to a workspace, and a second kernel adds the parts
  /// into C in part order.
  int64_t parts = 1;
  /// The lanes along L of a wave take the same K steps, so the same Y: with
  /// stageY each wave loads its steps' Y once into a tile in LDS (16 bytes a
  /// lane and load), and the lanes read their values from there. Only for Y
  /// stored along S, whose loads cost most (a line per lane along K).
  bool stageY = false;
  /// Y in SGPRs: for X stored along L, all 32 lanes of a wave lie along L
  /// and take the same K steps, so Y's addresses are the wave's own and
  /// LLVM loads it with s_load (no address-path cycles, no copy per lane);
  /// no cross-lane reduction, and the waves share the final adds.
  bool scalarY = false;
  /// The kernel runs in WGP mode (COMPUTE_PGM_RSRC1.WGP_MODE): the two CUs
  /// of a WGP take workgroups as one unit, with its four SIMDs and both
  /// vector memory paths. A grid a few workgroups larger than the CUs then
  /// puts 3 workgroups on some WGPs instead of 2 on some CUs, the busiest
  /// unit moving 1.5 CUs' worth of bytes at two CUs' share of the
  /// bandwidth. Other kernels compile in CU mode, where each
  /// CU has its own half of the LDS (docs/kernel-design.md).
  bool wgpMode = false;

  /// K values a lane multiplies per step: one 16-byte load along K.
  static constexpr int64_t kStepK = 4;
  /// Sums a lane keeps: with 128 (16 x 8) some plans spill, as the loads of
  /// a step and the final reduction's values need the rest of the VGPRs.
  static constexpr int64_t kMaxAccumulators = 96;
  /// With Y in SGPRs LLVM spills a plan of 96 sums a lane (12 columns of 8
  /// rows: 308 bytes a lane at 8513 x 92 x 16014); 64 compile.
  static constexpr int64_t kMaxScalarYAccumulators = 64;
  /// Sums plus two steps' loads in flight (unroll = 2) within these VGPRs.
  static constexpr int64_t kMaxUnrolledFloats = 160;
  /// Sums plus one step's loads within these VGPRs: 2 rows by 32 columns
  /// (200) compile without spills, 2 rows by 48 (296) spill.
  static constexpr int64_t kMaxStepFloats = 200;
  /// SGPRs for Y of the steps a loop iteration has in flight: the rest of
  /// the 106 hold the addresses and the loop's counters.
  static constexpr int64_t kMaxScalarYFloats = 64;
  static constexpr int64_t kMaxWaves = 8;
  static constexpr int64_t kMaxParts = 16;
  /// The waves' Y tiles, and their partial sums, take at most half a CU's
  /// 64 KiB of LDS each.
  static constexpr int64_t kMaxLdsBytes = 32 * 1024;

  int64_t accumulators() const { return rowsPerLane * colsPerGroup; }
  /// A wave's tile of Y for one loop step: its K values (the lanes along K
  /// take consecutive steps) by the workgroup's columns. K value i of lane k
  /// is row i x lanesK + k, and rows of 8 or 16 columns get 4 more, so that
  /// the lanes along K read different LDS banks.
  int64_t yTileRows() const { return kStepK * lanesK; }
  int64_t yTileCols() const {
    return colsPerGroup % 8 == 0 ? colsPerGroup + 4 : colsPerGroup;
  }
  /// The tile's 16-byte pieces as loaded, and per K row.
  int64_t yTilePieces() const { return lanesK * colsPerGroup; }
  int64_t yPiecesPerRow() const { return colsPerGroup / 4; }
  /// Floats of LDS for all waves' Y tiles.
  int64_t ldsYTileFloats() const {
    return waves * unroll * yTileRows() * yTileCols();
  }
  /// Floats of LDS for the waves' partial sums (none for one wave).
  int64_t ldsFloats() const {
    return waves > 1 ? waves * accumulators() * lanesL : 0;
  }
  /// VGPRs for the sums and `steps` steps' loads of X and (unless in SGPRs)
  /// Y.
  int64_t stepFloats(int64_t steps) const;
  /// Whether unroll = 2 keeps the sums and two steps' loads in registers.
  bool fitsUnrolled() const;

  /// Why the values break a limit that holds for any problem (lanes that are
  /// not a wave's 32, too many sums, waves or parts, LDS or registers beyond
  /// the kernel's budget), if they do; gemm-tile-skinny checks the rest
  /// against the problem and its layout.
  std::optional<std::string> checkRanges() const;

  bool operator==(const SkinnyLayout &other) const;
};

/// A #gemm.config as a value. The member initializers are the defaults of
/// gemm-select-config and of the pipelines, which take them from here.
struct KernelConfig {
  int64_t bm = 128, bn = 128, bk = 8; // Workgroup tile of C and K step.
  int64_t wavesM = 4, wavesN = 1;     // Wave grid of the workgroup.
  int64_t pad = 4;    // Floats after each row of a transposed LDS tile.
  int64_t unroll = 0; // K steps per LDS loop iteration; 0: all of bk.
  PrefetchMode prefetch = PrefetchMode::Registers;
  Addressing addressing = Addressing::Buffer;
  /// One wait per K step for its LDS fragment loads, and the prologue's
  /// global loads waited for before the K loop; false: LLVM's waits, one
  /// before each first use.
  bool batchWaits = true;
  /// s_setprio 1 over each K step's FMAs, 0 while its loads issue
  /// (walkthrough, kernel 8).
  bool wavePriorities = false;
  /// K parts of each tile left over after the whole rounds of computeUnits
  /// workgroups (split-K of the grid's tail); 1: none, 0: gemm-select-config
  /// chooses. The parts' sums are added into C by a second kernel.
  int64_t splitTail = 0;
  /// Stream-K: the K steps of those tiles are shared evenly by one
  /// workgroup per CU, whose ranges may span tiles; a second kernel adds
  /// the partial sums into C in a fixed order. Excludes splitTail > 1.
  bool streamK = false;
  /// CUs of the GPU the grid's tail is balanced for; 0: the target's.
  int64_t computeUnits = 0;
  /// The tiled kernel or gemm-tile-skinny's; Auto: gemm-select-config
  /// chooses per shape.
  KernelKind kernel = KernelKind::Auto;
  /// The skinny kernel's plan (kernel = Skinny only), which
  /// gemm-select-config chooses and gemm-tile-skinny builds.
  std::optional<SkinnyLayout> skinnyPlan;
  /// The product (gemm/Target/Target.h) whose figures the choice and the
  /// cost estimates read.
  std::string target = ::gemm::getDefaultTarget().name;
  /// Not part of #gemm.config: a gemm-tune table gemm-select-config takes
  /// configurations from (TuningTable.h); empty: none.
  std::string tuningTable;
  /// Not part of #gemm.config: true when no tile option (bm, bn, waves-m,
  /// waves-n) was given, so that gemm-select-config may take a smaller tile
  /// for a matmul the default tile does not fit.
  bool tileChosenPerShape = true;
  /// Not part of #gemm.config: true when no prefetch option was given, so
  /// that gemm-select-config may give the tiled kernel the prefetch its cost
  /// rows have faster (choosePrefetch).
  bool prefetchChosenPerShape = true;
  /// Not part of #gemm.config: true when no wave-priorities option was
  /// given, so that gemm-select-config may give a tile it chooses the wave
  /// priorities of its fastest cost row.
  bool wavePrioritiesChosenPerShape = true;

  /// The target's figures; the default target's when `target` names none
  /// (gemm-select-config refuses such a configuration).
  const ::gemm::TargetInfo &getTargetInfo() const;
  /// The CUs the grid is balanced for: computeUnits, else the target's.
  int64_t getTargetComputeUnits() const;

  KernelConfigAttr toAttr(MLIRContext *ctx) const;
  static KernelConfig fromAttr(KernelConfigAttr attr);

  /// Why the values are out of the ranges that hold for any problem (a
  /// negative or misaligned pad, a zero tile, more waves than a workgroup
  /// holds), if they are; the tiling passes check the rest against the
  /// problem and the register and LDS budgets.
  std::optional<std::string> checkRanges() const;

  /// Whether `other` has the same #gemm.config (the members the attribute
  /// holds): the same kernel, compiled the same way.
  bool hasSameAttr(const KernelConfig &other) const;
};

} // namespace mlir::gemm

#endif // GEMM_OPT_DIALECT_GEMM_H
