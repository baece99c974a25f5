//===- SkinnyPlan.h - The lane layout of gemm-tile-skinny's kernel -*- C++
//-*-===//
//
// A matmul with a small M or N (a matrix-vector product, a batch-1 or
// batch-16 inference layer) gives the tiled kernel a grid of a few partly
// empty tiles. gemm-tile-skinny's kernel instead streams the big operand
// once: each lane multiplies 4 consecutive K values of a few rows of it by
// the small operand, the lanes of a wave (and the waves of a workgroup)
// split K, and the partial sums are added across lanes (DPP) and waves
// (LDS) in a fixed order.
//
// The plan is shared by gemm-select-config, which estimates its time, and
// gemm-tile-skinny, which builds it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_PASSES_SKINNYPLAN_H
#define GEMM_OPT_LIB_PASSES_SKINNYPLAN_H

#include "KernelTile.h"

namespace mlir::gemm {

/// The largest small dimension gemm-tile-skinny takes: beyond it the tiled
/// kernel's register tiles reuse each loaded value more, and its grid fills
/// the CUs (up to it, gemm-select-config compares the grids).
inline constexpr int64_t kMaxSkinnySize = 256;
/// gemm-select-config's choice: the skinny kernel up to this small side,
/// and beyond kMaxSkinnyReuseSize only for a long side of at least twice
/// the small one.
inline constexpr int64_t kMaxAutoSkinnySize = 32;
inline constexpr int64_t kMaxSkinnyReuseSize = 64;
/// K values a lane multiplies per step: one 16-byte load along K.
inline constexpr int64_t kSkinnyStepK = SkinnyLayout::kStepK;

/// How gemm-tile-skinny lays a matmul out: the layout (#gemm.skinny_plan)
/// on the problem. The small dimension S (N, or M when M < N) has `s`
/// columns; the long one L has `l` rows. X is the operand along L (A for
/// S = N, else B), Y the one along S.
struct SkinnyPlan : SkinnyLayout {
  int64_t batch = 1, l = 0, s = 0, k = 0;
  bool smallIsN = true;
  /// X (Y) is stored with K contiguous; else L (S) contiguous.
  bool xAlongK = true, yAlongK = false;

  int64_t rowsPerGroup() const { return lanesL * rowsPerLane; }
  /// A lane's rows come in chunks of this many, the chunks of the lanes
  /// along L side by side, so that a load along L of one K value touches
  /// few lines: lanesL x 16 bytes in a row.
  int64_t rowsPerChunk() const {
    return xAlongK || rowsPerLane % 4 != 0 ? rowsPerLane : 4;
  }
  // Not (l + r - 1) / r, which overflows for sizes near 2^63.
  int64_t gridL() const {
    return l / rowsPerGroup() + (l % rowsPerGroup() != 0);
  }
  int64_t gridS() const { return s / colsPerGroup + (s % colsPerGroup != 0); }
  /// Saturated: the pipeline refuses grids beyond 2^32 - 1 work-items.
  int64_t workgroups() const {
    return std::min<double>(double(gridL()) * gridS() * batch * parts, 1e18);
  }
  /// Sums each lane stores after the cross-lane adds: lane k of a K group
  /// takes sums k, k + lanesK, ...
  int64_t sumSlots() const { return (accumulators() + lanesK - 1) / lanesK; }
  /// The K steps of the whole matmul.
  int64_t steps() const { return k / kSkinnyStepK; }
  /// K values after the last whole step, which one lane of each workgroup
  /// takes after the loop.
  int64_t tailK() const { return k % kSkinnyStepK; }
  int64_t stepsPerPart() const { return steps() / parts; }
  /// Rows of the parts' workspace (C's rows, once per part).
  int64_t workspaceRows() const { return parts * (smallIsN ? l : s); }
  /// Whether the tiles can be loaded: Y stored along S, whole 16-byte
  /// pieces, a power of 2 of them per K row (a lane's piece is found by
  /// shifts).
  bool canStageY() const {
    return !yAlongK && colsPerGroup % 4 == 0 &&
           llvm::isPowerOf2_64(yPiecesPerRow());
  }
};

/// The two bounds of a plan's estimate: its busiest CU's issue (the vector
/// memory address path, the LDS or the VALU, counted longer on a grid too
/// small to hide latency) and its bytes (L2 and DRAM, at the busiest CU's
/// share of their rates); and the sums of C its workgroups load and store
/// after their K loops, per CU of the busiest unit, which the issue bound
/// leaves out and the weighted estimate counts.
struct SkinnyCycles {
  double issue = 0;
  double memory = 0;
  double epilogueSums = 0;
  double total() const { return std::max(issue, memory); }
};

/// The bounds of `plan` on `computeUnits` CUs of `target`, roughly, as the
/// calibrated timing model would count them (SkinnyPlan.cpp gives the
/// terms).
SkinnyCycles estimateSkinnyCycleTerms(const SkinnyPlan &plan,
                                      const ::gemm::TargetInfo &target,
                                      int64_t computeUnits);

/// The cycles `plan` takes: the larger of its bounds, what getSkinnyPlan
/// compares its candidates by.
double estimateSkinnyCycles(const SkinnyPlan &plan,
                            const ::gemm::TargetInfo &target,
                            int64_t computeUnits);

/// The timing model's issue time for `plan` over its counted issue, as
/// fitted per kind of plan (SkinnyPlan.cpp): the factor the choice between
/// the skinny and the tiled kernel weighs the issue bound by, so that the
/// estimate compares with the tiled kernel's, which is fitted to the model
/// directly.
double getSkinnyEstimateWeight(const SkinnyPlan &plan);

/// The estimate the choice compares with the tiled kernel's: the larger of
/// the memory bound and the issue bound with the epilogue's sums, weighted
/// by getSkinnyEstimateWeight (SkinnyPlan.cpp says why the weight is not on
/// the memory bound).
double estimateWeightedSkinnyCycles(const SkinnyCycles &terms,
                                    const SkinnyPlan &plan);
/// The same of `plan`'s terms on `computeUnits` CUs of `target`.
double estimateWeightedSkinnyCycles(const SkinnyPlan &plan,
                                    const ::gemm::TargetInfo &target,
                                    int64_t computeUnits);

/// The plan with the shortest estimate for a (batch,) m x n x k matmul of
/// `layout` on `computeUnits` CUs of `target`, or why gemm-tile-skinny
/// cannot compile it (a phrase that follows "the skinny kernel cannot
/// compile it: ").
FailureOr<SkinnyPlan> getSkinnyPlan(int64_t batch, int64_t m, int64_t n,
                                    int64_t k, MatmulLayout layout,
                                    const ::gemm::TargetInfo &target,
                                    int64_t computeUnits,
                                    llvm::raw_ostream &whyNot);

/// `given` on a (batch,) m x n x k matmul of `layout`, or why it does not
/// fit that matmul (same phrasing): the lanes' layout that X's storage
/// takes, Y's placement, K parts that divide its steps, rows and columns
/// within its sides, waves that each get two loop iterations.
FailureOr<SkinnyPlan> getSkinnyPlan(int64_t batch, int64_t m, int64_t n,
                                    int64_t k, MatmulLayout layout,
                                    const SkinnyLayout &given,
                                    llvm::raw_ostream &whyNot);

} // namespace mlir::gemm

#endif // GEMM_OPT_LIB_PASSES_SKINNYPLAN_H
