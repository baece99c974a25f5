//===- SkinnyPlan.cpp - The plan of gemm-tile-skinny's kernel -------------===//
//
// The search for the skinny kernel's plan and the estimate that ranks the
// candidates, apart from the kernel's builder (GemmTileSkinny.cpp):
// gemm-select-config asks them when it compares the skinny kernel with the
// tiled one, and gemm-tile-skinny when it builds the plan it was given.
//
//===----------------------------------------------------------------------===//

#include "SkinnyPlan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace mlir;
using namespace mlir::gemm;

/// Waves to aim for per CU, a plan's waves splitting each workgroup's K
/// steps: enough to hide the DRAM latency, about 8. A plan with Y in SGPRs
/// keeps few VGPRs, so more of its waves fit on a CU, and each of its waves
/// waits on its scalar loads of Y as well: 32 (see
/// bench/tuning/fit-skinny-waves.py). Both were read off the timing model's
/// predictions for the RX 7900 XTX of every plan's waves from 1 to 8 on the
/// skinny shapes of the tuning sets (bench/tuning/skinny-waves-rx7900xtx.json):
/// of 2 to 64 waves a CU, 8 gives the least geometric-mean regret over the
/// fastest waves on the 182 plans with Y in VGPRs (1.006x), and 32 on the 15
/// with Y in SGPRs (1.020x, against 1.081x with 8).
static constexpr int64_t kSkinnyWavesPerCU = 8;
static constexpr int64_t kScalarYWavesPerCU = 32;

/// The most waves that each get two loop iterations of a K part (at least
/// one wave).
static int64_t getMaxSkinnyWaves(const SkinnyPlan &plan) {
  return std::max<int64_t>(1, plan.stepsPerPart() / (2 * plan.lanesK));
}

/// The plan with at most `maxCols` columns per workgroup and `rows` rows
/// per lane (fewer when the rows would give too few workgroups); with
/// `splitK`, in the K parts that balance the CUs best, or nullopt when no
/// count of parts does.
static std::optional<SkinnyPlan> planFor(SkinnyPlan plan, int64_t maxCols,
                                         int64_t rows, bool scalarY,
                                         bool splitK, int64_t computeUnits) {
  int64_t groupsS = (plan.s + maxCols - 1) / maxCols;
  plan.colsPerGroup = (plan.s + groupsS - 1) / groupsS;
  plan.rowsPerLane = plan.l >= rows ? rows : 1;
  if (plan.xAlongK) {
    // 8 lanes read 128 contiguous bytes of a row; 4 rows per load.
    plan.lanesK = 8;
    plan.lanesL = 4;
  } else {
    // 8 lanes read 128 contiguous bytes of a K row, a chunk of 4 rows
    // each; 4 K rows per load.
    plan.lanesK = 4;
    plan.lanesL = 8;
  }
  plan.scalarY = scalarY && !plan.xAlongK;
  if (plan.scalarY) {
    // A load of one K value is 512 contiguous bytes.
    plan.lanesK = 1;
    plan.lanesL = kWaveSize;
  }
  int64_t targetGroups = 2 * computeUnits;
  if (splitK) {
    // Too few workgroups: K parts that balance the CUs best, dividing the
    // steps (every part runs the same loop), each of at least two loop
    // iterations of a wave.
    if (plan.workgroups() >= targetGroups || plan.batch != 1)
      return std::nullopt;
    double bestShare = 1.0;
    int64_t unsplitGroups = plan.workgroups();
    for (int64_t parts = 2; parts <= SkinnyLayout::kMaxParts; ++parts) {
      if (plan.steps() % parts != 0 || plan.steps() / parts < 2 * plan.lanesK)
        continue;
      int64_t groups = unsplitGroups * parts;
      double share = double((groups + computeUnits - 1) / computeUnits) / parts;
      if (share < bestShare - 1e-9) {
        bestShare = share;
        plan.parts = parts;
      }
    }
    if (plan.parts == 1)
      return std::nullopt;
  }
  // Along K a lane's rows are one chunk (rowsPerChunk), of any count.
  if (plan.xAlongK)
    while (plan.rowsPerLane > 1 &&
           (plan.workgroups() < targetGroups || plan.rowsPerLane > plan.l))
      plan.rowsPerLane /= 2;
  // Still too few workgroups (a matrix-vector product of a few hundred
  // rows): fewer rows per workgroup, more of a wave's lanes along K, as long
  // as each wave keeps two loop iterations.
  if (plan.xAlongK)
    while (plan.rowsPerLane == 1 && plan.lanesL > 1 &&
           plan.workgroups() < targetGroups &&
           plan.stepsPerPart() >= 4 * plan.lanesK) {
      plan.lanesL /= 2;
      plan.lanesK *= 2;
    }
  int64_t wavesPerCU = plan.scalarY ? kScalarYWavesPerCU : kSkinnyWavesPerCU;
  int64_t waves =
      (wavesPerCU * computeUnits + plan.workgroups() - 1) / plan.workgroups();
  int64_t maxWaves = getMaxSkinnyWaves(plan);
  if (plan.scalarY)
    maxWaves = std::min(maxWaves, SkinnyLayout::kMaxLdsBytes /
                                      (4 * plan.accumulators() * kWaveSize));
  plan.waves = std::clamp<int64_t>(waves, 1,
                                   std::min(SkinnyLayout::kMaxWaves, maxWaves));
  // Loads of two steps in flight when the registers allow.
  plan.unroll = plan.fitsUnrolled() ? 2 : 1;
  return plan;
}

/// The weight of the LDS cycles of a plan that stages Y and has X stored along
/// L (4 lanes along K). The kernel compiles in CU mode (gemm-rdna3-pipeline's
/// cumode=true), where each CU has its own LDS half, so a CU's LDS cycles
/// count once; but on the tuning shapes the staged plans of X along L are
/// slower than that count says, and with a weight of 1 the estimate takes them
/// over Y in SGPRs where the timing model has them 1.06 to 1.90 times slower
/// (5633 x 186 x 517 x 20, 3326 x 136 x 1029, 236 x 4024 x 226 x 53, all with
/// A stored K x M). Where X is stored along K the weight is 1: with the weight
/// 2 it had for every plan, the estimate picked 8 rows by 8 columns over 4 by
/// 16, which the model has 1.11 to 1.37 times faster on 8 of the 9 tuning
/// shapes whose choice the weight changes (bench/shapes' tuning halves and
/// shape set, RX 7900 XTX; the ninth, 695 x 171 x 3042 x 5, goes from the
/// tiled kernel to the skinny one, 1.35 times slower).
static constexpr double kStagedXAlongLLdsWeight = 2.0;

/// Floats in a 128-byte line, the unit of the L0's misses to the L2.
static constexpr int64_t kFloatsPerLine = 32;

/// The lines a workgroup's loads touch per K value of an operand stored
/// along its M or N side, rows of `rowFloats` floats, when the workgroup
/// reads `width` contiguous floats of each. The chunks start at multiples
/// of gcd(rowFloats, width) floats within a line (rows and chunks side by
/// side, from an aligned base), each offset as often: a chunk spans
/// ceil((offset + width) / 32) lines. Where the rows are narrower than a
/// line, the rows of the next K values share the lines, which stay in the
/// L0.
static double getLinesPerKRow(int64_t width, int64_t rowFloats) {
  int64_t step = std::gcd(std::gcd(rowFloats, width), kFloatsPerLine);
  int64_t offsets = kFloatsPerLine / step;
  int64_t lines = 0;
  for (int64_t i = 0; i < offsets; ++i)
    lines += (i * step + width + kFloatsPerLine - 1) / kFloatsPerLine;
  return std::min(double(lines) / double(offsets),
                  double(rowFloats) / kFloatsPerLine);
}

/// The lines of X and Y that the busiest unit's `perUnit` workgroups read,
/// given the lines of a workgroup's block of each (its rows of X, its
/// columns of Y, over its `kPerPart` K values). The timing model's unit runs
/// workgroups 0, U, 2U, ... of the grid (U units), whose index runs over S
/// fastest (the kernel's groupS), then L, then K parts and the batch;
/// workgroups that read the same block, or blocks that share lines, share those
/// lines in the unit's caches, as the model has them, so a matrix (of a batch
/// and K part) costs at most its own lines. A long grid is sampled and
/// scaled.
static double countUnitLines(const SkinnyPlan &plan, int64_t units,
                             int64_t perUnit, double kPerPart,
                             double xBlockLines, double yBlockLines) {
  static constexpr int64_t kMaxSampled = 256;
  int64_t sampled = std::min(perUnit, kMaxSampled);
  // (matrix, block) of each operand, the matrix being the batch and K part.
  llvm::SmallVector<std::pair<int64_t, int64_t>> xBlocks, yBlocks;
  for (int64_t i = 0; i < sampled; ++i) {
    // In doubles: units x perUnit may be near 2^63.
    double index = double(i) * double(units);
    double rest = std::floor(index / plan.gridS());
    double matrix = std::floor(rest / plan.gridL());
    xBlocks.push_back({int64_t(matrix), int64_t(rest - matrix * plan.gridL())});
    yBlocks.push_back({int64_t(matrix), int64_t(index - rest * plan.gridS())});
  }
  auto countLines = [&](llvm::SmallVector<std::pair<int64_t, int64_t>> &blocks,
                        double blockLines, int64_t matrixSide) {
    llvm::sort(blocks);
    blocks.erase(std::unique(blocks.begin(), blocks.end()), blocks.end());
    double matrixLines = double(matrixSide) * kPerPart / kFloatsPerLine;
    double lines = 0;
    for (size_t first = 0; first < blocks.size();) {
      size_t last = first;
      while (last < blocks.size() && blocks[last].first == blocks[first].first)
        ++last;
      lines += std::min(double(last - first) * blockLines, matrixLines);
      first = last;
    }
    return lines * double(perUnit) / double(sampled);
  };
  return countLines(xBlocks, xBlockLines, plan.l) +
         countLines(yBlocks, yBlockLines, plan.s);
}

/// The cycles a plan takes in the calibrated timing model, roughly: the
/// most of its busiest CU's vector memory address path (a load per 16 bytes
/// of a lane, for a few FMAs each, takes max(32 lanes at 4 a clock, 2
/// clocks a 128-byte line it touches)), the L2's rate per CU (the busiest
/// CU's workgroups' lines of X, and of Y unless it is in SGPRs; see
/// countUnitLines) and DRAM (every operand once, at the busiest CU's share
/// of the GPU's rate); with Y staged, also the LDS (16
/// bytes a lane take 4 clocks; see kStagedXAlongLLdsWeight), and the VALU
/// (which bounds a plan with Y in SGPRs). A grid of fewer than 4 workgroups per
/// CU hides less latency: it counts up to 1.8 times (fitted on the shape set's
/// skinny shapes, where this estimate picks a plan within 5 % of the best of
/// six on geometric mean). In WGP mode the unit is a WGP, as the timing model
/// has it: half as many units, each with two CUs' address paths, SIMDs and
/// L2 rate, at two CUs' share of the DRAM's; its LDS cycles count whole, as
/// small workgroups share one half of the WGP's LDS there.
SkinnyCycles
mlir::gemm::estimateSkinnyCycleTerms(const SkinnyPlan &plan,
                                     const ::gemm::TargetInfo &target,
                                     int64_t computeUnits) {
  auto loadCycles = [](int64_t lines) {
    return std::max<int64_t>(8, 2 * lines);
  };
  // X: a load per row along K, or per K value and chunk of 4 rows along L
  // (4 K rows of lanesL x 16 bytes).
  int64_t xLoads =
      plan.xAlongK ? plan.rowsPerLane
                   : kSkinnyStepK * std::max<int64_t>(1, plan.rowsPerLane / 4);
  // Y: a load per column along K (lanesK x 16 bytes of a row), or per K
  // value and 4 columns along S (a line per lane along K).
  int64_t yLoads = plan.yAlongK ? plan.colsPerGroup
                                : kSkinnyStepK * ((plan.colsPerGroup + 3) / 4);
  int64_t stepCycles = xLoads * loadCycles(plan.xAlongK ? plan.lanesL : 4);
  int64_t ldsStepCycles = 0;
  if (plan.stageY) {
    // A wave's tile once per step of each of its lanes: each load covers
    // 32 pieces, of 32 / piecesPerRow lines; each lane then reads its
    // values, 16 bytes (4 clocks for 32 lanes) a read, colsPerGroup reads.
    int64_t tileLoads = (plan.yTilePieces() + kWaveSize - 1) / kWaveSize;
    stepCycles += tileLoads * loadCycles(kWaveSize / plan.yPiecesPerRow());
    ldsStepCycles = 4 * (tileLoads + plan.colsPerGroup);
  } else if (!plan.scalarY) {
    stepCycles += yLoads * loadCycles(plan.yAlongK ? 1 : plan.lanesK);
  }
  int64_t groups = plan.workgroups();
  int64_t cusPerUnit = plan.wgpMode ? 2 : 1;
  int64_t units = std::max<int64_t>(1, computeUnits / cusPerUnit);
  int64_t perUnit = (groups + units - 1) / units;
  // Each workgroup's lanes along L and K take every step of its part.
  double waveSteps =
      double(perUnit) * plan.lanesL * plan.stepsPerPart() / kWaveSize;
  double ldsWeight = plan.xAlongK ? 1.0 : kStagedXAlongLLdsWeight;
  double address = waveSteps * std::max(double(stepCycles) / cusPerUnit,
                                        ldsWeight * ldsStepCycles);
  // A step's 4 x accumulators FMAs, in VOPD pairs, on the CU's two SIMDs.
  double valu = waveSteps * plan.accumulators() / cusPerUnit;
  // The L2 serves a unit's L0 misses a 128-byte line at a time, whatever
  // part of the line the workgroup uses: count the lines of the blocks of X
  // and, where lanes load it, of Y that the unit's workgroups read.
  double kPerPart = double(plan.stepsPerPart()) * kSkinnyStepK;
  auto linesAlongK = [&](int64_t rows, int64_t rowsInMatrix) {
    return double(std::min(rows, rowsInMatrix)) * kPerPart / kFloatsPerLine;
  };
  double xBlockLines =
      plan.xAlongK ? linesAlongK(plan.rowsPerGroup(), plan.l)
                   : kPerPart * getLinesPerKRow(plan.rowsPerGroup(), plan.l);
  double yBlockLines = 0;
  if (!plan.scalarY)
    yBlockLines = plan.yAlongK
                      ? linesAlongK(plan.colsPerGroup, plan.s)
                      : kPerPart * getLinesPerKRow(plan.colsPerGroup, plan.s);
  double l2 =
      countUnitLines(plan, units, perUnit, kPerPart, xBlockLines, yBlockLines) *
      4 * kFloatsPerLine / (target.l2BytesPerClockPerCU * cusPerUnit);
  double xBytes = 4.0 * plan.batch * plan.l * plan.k;
  // In doubles: the sizes may be near 2^63.
  double dram = (xBytes + 4.0 * plan.batch * plan.s *
                              (double(plan.k) + 2.0 * double(plan.l))) /
                (target.dramBytesPerSecond() / target.boostClockHz());
  // The DRAM's rate is a share per unit, as the timing model gives it: the
  // busiest unit's workgroups move their bytes at its share, so a grid that
  // leaves units idle, or puts more on some, takes longer.
  double busiestShare = double(perUnit) * units / double(groups);
  dram *= busiestShare;
  double fewGroups =
      std::max(0.0, 1.0 - double(groups) / double(4 * computeUnits));
  double epilogueSums =
      double(perUnit) * plan.rowsPerGroup() * plan.colsPerGroup / cusPerUnit;
  return SkinnyCycles{std::max(address, valu) * (1.0 + 0.8 * fewGroups),
                      std::max(l2, dram), epilogueSums};
}

double mlir::gemm::estimateSkinnyCycles(const SkinnyPlan &plan,
                                        const ::gemm::TargetInfo &target,
                                        int64_t computeUnits) {
  return estimateSkinnyCycleTerms(plan, target, computeUnits).total();
}

/// estimateSkinnyCycles counts the busiest unit's issue and bytes, not their
/// latencies nor the epilogue, and the timing model has a plan at up to 2.5
/// times it. Where the bytes bound a plan (X streamed once), the model is
/// within a few per cent of the memory bound: the weight is on the issue
/// bound only, which the model has at 1.2 to 1.6 times its count by kind of
/// plan. The epilogue loads and stores each of the workgroup's sums of C
/// one lane at a time, a cost that the K loop's count leaves out and that
/// matters at small K (256 x 160 x 77, batch 16: the model has the plan at
/// twice its memory bound). So the weighted estimate is
///
///   max(weight * (issue + kSkinnyEpilogueCyclesPerSum * sums), memory)
///
/// with the sums of C the busiest unit's workgroups store, per CU. The
/// constant and the weights per kind of plan minimize the root mean square
/// of the log ratio of the model's time to the estimate over the tuning
/// tables of the RX 7900 XTX that hold the skinny kernel
/// (bench/tuning/skinny-or-tiled-rx7900xtx.json, square-skinny-rx7900xtx.json
/// and the shape set's sweep; bench/tuning/fit-skinny-weight.py), 101
/// shapes: 1.27 with Y in VGPRs (54 shapes, 0.174 about it), 1.58 with Y in
/// SGPRs (19, 0.158), 1.65 with Y staged (28, 0.194), 1.15 cycles a sum.
/// There the root mean square is 0.177, against 0.258 with the weight on
/// the whole of max(issue, memory) and no epilogue, and the choice between
/// the kernels 1.0166 times the faster one against 1.0139: that form's
/// weight on the bytes made up for the epilogue on those shapes, but put a
/// plan bound by its bytes at up to 1.7 times the model, more of them on a
/// product with less bandwidth a CU (bench/tuning/README.md).
static constexpr double kSkinnyEpilogueCyclesPerSum = 1.15;
static constexpr double kVgprYEstimateWeight = 1.27;
static constexpr double kScalarYEstimateWeight = 1.58;
static constexpr double kStagedYEstimateWeight = 1.65;

double mlir::gemm::getSkinnyEstimateWeight(const SkinnyPlan &plan) {
  if (plan.scalarY)
    return kScalarYEstimateWeight;
  return plan.stageY ? kStagedYEstimateWeight : kVgprYEstimateWeight;
}

double mlir::gemm::estimateWeightedSkinnyCycles(const SkinnyCycles &terms,
                                                const SkinnyPlan &plan) {
  return std::max(
      getSkinnyEstimateWeight(plan) *
          (terms.issue + kSkinnyEpilogueCyclesPerSum * terms.epilogueSums),
      terms.memory);
}

double
mlir::gemm::estimateWeightedSkinnyCycles(const SkinnyPlan &plan,
                                         const ::gemm::TargetInfo &target,
                                         int64_t computeUnits) {
  return estimateWeightedSkinnyCycles(
      estimateSkinnyCycleTerms(plan, target, computeUnits), plan);
}

/// The cycles the second kernel of a plan with K parts adds: its launch
/// after the first, and its bytes at the DRAM bandwidth (it reads every
/// part's sums and C, and writes C and the zeroed parts).
static double estimatePartsSumCycles(const SkinnyPlan &plan,
                                     const ::gemm::TargetInfo &target) {
  if (plan.parts == 1)
    return 0.0;
  return estimateSecondKernelCycles(
      target, 4.0 * double(plan.l) * double(plan.s) * (2 * plan.parts + 2));
}

/// The plan's problem fields for a (batch,) m x n x k matmul of `layout`,
/// or why the skinny kernel cannot take it whatever its plan.
static FailureOr<SkinnyPlan> getSkinnyProblem(int64_t batch, int64_t m,
                                              int64_t n, int64_t k,
                                              MatmulLayout layout,
                                              llvm::raw_ostream &whyNot) {
  if (llvm::any_of(ArrayRef<int64_t>{batch, m, n, k}, ShapedType::isDynamic)) {
    whyNot << "it needs static sizes";
    return failure();
  }
  SkinnyPlan plan;
  plan.batch = batch;
  plan.k = k;
  plan.smallIsN = n <= m;
  plan.s = plan.smallIsN ? n : m;
  plan.l = plan.smallIsN ? m : n;
  if (plan.s > kMaxSkinnySize) {
    whyNot << "its smaller side (" << plan.s << ") is above " << kMaxSkinnySize;
    return failure();
  }
  if (k < kSkinnyStepK) {
    whyNot << "k=" << k << " is less than one K step of " << kSkinnyStepK;
    return failure();
  }
  plan.xAlongK = plan.smallIsN ? !layout.transposeA : layout.transposeB;
  plan.yAlongK = plan.smallIsN ? layout.transposeB : !layout.transposeA;
  return plan;
}

FailureOr<SkinnyPlan> mlir::gemm::getSkinnyPlan(int64_t batch, int64_t m,
                                                int64_t n, int64_t k,
                                                MatmulLayout layout,
                                                const SkinnyLayout &given,
                                                llvm::raw_ostream &whyNot) {
  FailureOr<SkinnyPlan> plan = getSkinnyProblem(batch, m, n, k, layout, whyNot);
  if (failed(plan))
    return failure();
  static_cast<SkinnyLayout &>(*plan) = given;
  if (std::optional<std::string> why = given.checkRanges()) {
    whyNot << *why;
    return failure();
  }
  StringRef xStorage = plan->xAlongK ? "K" : "L";
  // The loads the kernel builds for X: along K, 16 bytes of a row per lane
  // from 8, 16 or 32 lanes along K; along L, chunks of 4 rows from 8 lanes
  // along L, or every lane along L with Y in SGPRs.
  bool lanesFit =
      plan->xAlongK ? !plan->scalarY && plan->lanesK >= 8
                    : plan->scalarY || (plan->lanesK == 4 && plan->lanesL == 8);
  if (!lanesFit) {
    whyNot << "X is stored along " << xStorage
           << ", which its loads do not take with lanes_k=" << plan->lanesK
           << (plan->scalarY ? " and scalar_y" : "") << " (along K: 8, 16 "
           << "or 32; along L: 4, or 1 with scalar_y)";
    return failure();
  }
  if (plan->stageY && plan->yAlongK) {
    whyNot << "stage_y is for Y stored along S, and Y is stored along K";
    return failure();
  }
  if (plan->rowsPerLane > plan->l || plan->colsPerGroup > plan->s) {
    whyNot << "rows_per_lane=" << plan->rowsPerLane
           << " or cols_per_group=" << plan->colsPerGroup
           << " is beyond its long side (" << plan->l << ") or small side ("
           << plan->s << ")";
    return failure();
  }
  if (plan->parts > 1 &&
      (plan->batch != 1 || plan->steps() % plan->parts != 0 ||
       plan->stepsPerPart() < 2 * plan->lanesK)) {
    whyNot << "parts=" << plan->parts << " K parts need a plain 2-D matmul "
           << "whose " << plan->steps() << " K steps they divide into parts "
           << "of at least " << 2 * plan->lanesK << " (two loop iterations)";
    return failure();
  }
  if (plan->waves > getMaxSkinnyWaves(*plan)) {
    whyNot << "waves=" << plan->waves << " leaves a wave fewer than two loop "
           << "iterations of its " << plan->stepsPerPart() << " K steps (at "
           << "most " << getMaxSkinnyWaves(*plan) << " waves)";
    return failure();
  }
  return plan;
}

FailureOr<SkinnyPlan>
mlir::gemm::getSkinnyPlan(int64_t batch, int64_t m, int64_t n, int64_t k,
                          MatmulLayout layout, const ::gemm::TargetInfo &target,
                          int64_t computeUnits, llvm::raw_ostream &whyNot) {
  if (computeUnits < 1 || computeUnits > kMaxComputeUnits) {
    whyNot << "compute_units=" << computeUnits << " is not in 1.."
           << kMaxComputeUnits;
    return failure();
  }
  FailureOr<SkinnyPlan> problem =
      getSkinnyProblem(batch, m, n, k, layout, whyNot);
  if (failed(problem))
    return failure();
  SkinnyPlan plan = *problem;

  // Rows x columns per lane: more of both load less per FMA, fewer give
  // more workgroups. The first of the fewest estimated cycles wins (within
  // 1 %: DRAM-bound plans tie).
  static constexpr std::pair<int64_t, int64_t> kShapes[] = {
      {16, 4}, {8, 8}, {12, 8}, {8, 12}, {8, 4}, {16, 2}};
  // Each plan unsplit and, where it gives too few workgroups, in K parts:
  // more workgroups to share the CUs' memory bandwidth, for a second
  // kernel's launch and bytes.
  std::optional<SkinnyPlan> best;
  double bestCycles = 0;
  for (bool splitK : {false, true})
    for (auto [maxCols, rows] : kShapes)
      for (bool scalarY : {false, true}) {
        std::optional<SkinnyPlan> candidate =
            planFor(plan, maxCols, rows, scalarY, splitK, computeUnits);
        if (!candidate ||
            candidate->accumulators() >
                (scalarY ? SkinnyLayout::kMaxScalarYAccumulators
                         : SkinnyLayout::kMaxAccumulators) ||
            candidate->scalarY != scalarY)
          continue;
        for (bool stageY : {false, true}) {
          candidate->stageY = stageY;
          if (stageY &&
              (scalarY || !candidate->canStageY() ||
               4 * candidate->ldsYTileFloats() > SkinnyLayout::kMaxLdsBytes))
            continue;
          double cycles =
              estimateSkinnyCycles(*candidate, target, computeUnits) +
              estimatePartsSumCycles(*candidate, target);
          if (!best || cycles < 0.99 * bestCycles) {
            best = *candidate;
            bestCycles = cycles;
          }
        }
      }
  // The plan in WGP mode where the estimate has it faster: the same plan,
  // so that the mode changes only how the grid spreads over the units.
  SkinnyPlan wgpTwin = *best;
  wgpTwin.wgpMode = true;
  if (estimateSkinnyCycles(wgpTwin, target, computeUnits) +
          estimatePartsSumCycles(wgpTwin, target) <
      0.99 * bestCycles)
    return wgpTwin;
  return *best;
}
