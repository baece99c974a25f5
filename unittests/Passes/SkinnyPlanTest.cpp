//===- SkinnyPlanTest.cpp - gemm-tile-skinny's plan and its estimate ------===//
//
// getSkinnyPlan's refusals and the layout it derives (SkinnyPlan.h), the
// bounds every plan it returns keeps, and estimateSkinnyCycles, the cost it
// compares plans by (SkinnyPlan.cpp): the most of the busiest CU's
// address path or VALU (scaled up for a grid of few workgroups), the L2 and
// DRAM. Each estimate case gives the terms worked out by hand from the
// plan; the L2 and DRAM terms divide its bytes by the target's rates.
//
//===----------------------------------------------------------------------===//

#include "SkinnyPlan.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::gemm;

namespace {

//===----------------------------------------------------------------------===//
// Refusals and layout
//===----------------------------------------------------------------------===//

struct PlanCase {
  const char *name;
  int64_t batch, m, n, k;
  MatmulLayout layout;
  int64_t computeUnits;
  /// A part of the refusal; null when there is a plan.
  const char *error;
  /// For a plan: which side is small, and how X and Y are stored.
  bool smallIsN, xAlongK, yAlongK;
  int64_t s, l;
  const char *why;
};

constexpr MatmulLayout kNN{false, false}, kNT{false, true}, kTN{true, false},
    kTT{true, true};

const PlanCase kPlanCases[] = {
    {"MatVecNN", 1, 4096, 16, 4096, kNN, 64, nullptr, true, true, false, 16,
     4096, "N is small: X = A (M x K, K contiguous), Y = B (K x N)"},
    {"MatVecNT", 1, 4096, 16, 4096, kNT, 64, nullptr, true, true, true, 16,
     4096, "B stored N x K: Y along K too"},
    {"MatVecTN", 1, 4096, 16, 4096, kTN, 64, nullptr, true, false, false, 16,
     4096, "A stored K x M: X along L"},
    {"SmallM", 1, 16, 4096, 4096, kNN, 64, nullptr, false, false, true, 16,
     4096, "M is small: X = B (K x N, N contiguous), Y = A along K"},
    {"SmallMTT", 1, 16, 4096, 4096, kTT, 64, nullptr, false, true, false, 16,
     4096, "both transposed: X = B stored N x K, Y = A stored K x M"},
    {"Square", 1, 256, 256, 4096, kNN, 64, nullptr, true, true, false, 256, 256,
     "a tie goes to N as the small side; 256 is the largest"},
    {"Batched", 8, 1024, 32, 1024, kNN, 64, nullptr, true, true, false, 32,
     1024, "a batch of skinny matmuls"},
    {"SmallSideTooLarge", 1, 512, 512, 4096, kNN, 64,
     "its smaller side (512) is above 256", false, false, false, 0, 0,
     "beyond 256 the tiled kernel reuses more"},
    {"KBelowAStep", 1, 4096, 16, 3, kNN, 64, "k=3 is less than one K step of 4",
     false, false, false, 0, 0, "a lane multiplies 4 K values a step"},
    {"DynamicK", 1, 4096, 16, ShapedType::kDynamic, kNN, 64,
     "it needs static sizes", false, false, false, 0, 0,
     "the plan is fixed at compile time"},
    {"NoCUs", 1, 4096, 16, 4096, kNN, 0, "compute_units=0 is not in 1..1024",
     false, false, false, 0, 0, "a grid balanced for no CUs"},
    {"TooManyCUs", 1, 4096, 16, 4096, kNN, 1025,
     "compute_units=1025 is not in 1..1024", false, false, false, 0, 0,
     "the bound of the balance"},
};

class SkinnyPlanTest : public testing::TestWithParam<PlanCase> {};

TEST_P(SkinnyPlanTest, PlanOrRefusal) {
  const PlanCase &c = GetParam();
  SCOPED_TRACE(c.why);
  std::string whyNot;
  llvm::raw_string_ostream os(whyNot);
  FailureOr<SkinnyPlan> plan =
      getSkinnyPlan(c.batch, c.m, c.n, c.k, c.layout,
                    ::gemm::getDefaultTarget(), c.computeUnits, os);
  if (c.error) {
    EXPECT_TRUE(failed(plan));
    EXPECT_NE(whyNot.find(c.error), std::string::npos) << whyNot;
    return;
  }
  ASSERT_TRUE(succeeded(plan)) << whyNot;
  EXPECT_EQ(plan->smallIsN, c.smallIsN);
  EXPECT_EQ(plan->xAlongK, c.xAlongK);
  EXPECT_EQ(plan->yAlongK, c.yAlongK);
  EXPECT_EQ(plan->s, c.s);
  EXPECT_EQ(plan->l, c.l);
  EXPECT_EQ(plan->batch, c.batch);

  // The bounds SkinnyPlan.cpp keeps every candidate in.
  EXPECT_EQ(plan->lanesK * plan->lanesL, kWaveSize) << "a wave's lanes";
  EXPECT_LE(plan->accumulators(), 96) << "sums per lane, without spills";
  EXPECT_GE(plan->waves, 1);
  EXPECT_LE(plan->waves, 8);
  EXPECT_TRUE(plan->unroll == 1 || plan->unroll == 2);
  EXPECT_EQ(plan->steps() % plan->parts, 0) << "every part runs one loop";
  EXPECT_LE(plan->parts, 16);
  if (plan->parts > 1)
    EXPECT_EQ(plan->batch, 1) << "K parts only for a plain matmul";
  if (plan->stageY) {
    EXPECT_TRUE(plan->canStageY());
    EXPECT_FALSE(plan->scalarY);
    EXPECT_LE(4 * plan->ldsYTileFloats(), 32 * 1024) << "half a CU's LDS";
  }
  if (plan->scalarY)
    EXPECT_FALSE(plan->xAlongK) << "Y in SGPRs needs X along L";
  // The grid covers C: every row of L and column of S, each batch.
  EXPECT_GE(plan->gridL() * plan->rowsPerGroup(), plan->l);
  EXPECT_GE(plan->gridS() * plan->colsPerGroup, plan->s);
}

INSTANTIATE_TEST_SUITE_P(Shapes, SkinnyPlanTest, testing::ValuesIn(kPlanCases),
                         [](const testing::TestParamInfo<PlanCase> &info) {
                           return std::string(info.param.name);
                         });

//===----------------------------------------------------------------------===//
// The estimate
//===----------------------------------------------------------------------===//

struct EstimateCase {
  const char *name;
  SkinnyPlan plan;
  int64_t computeUnits;
  /// Worked out by hand (see each case): the address-path and VALU cycles
  /// of the busiest CU, the share of 4 workgroups per CU the grid misses
  /// (fewGroups), the 128-byte lines its workgroups read through the L2,
  /// and the bytes from DRAM.
  double address, valu, fewGroups, unitLines, dramBytes;
  /// The busiest CU's workgroups over the mean, ceil(workgroups / CUs) x
  /// CUs / workgroups: its DRAM bytes move at its share of the rate.
  double busiestShare;
  /// The sums of C the busiest CU's workgroups store: its workgroups x
  /// rows x columns of a workgroup (per CU of a WGP).
  double epilogueSums;
  const char *why;
};

SkinnyPlan makePlan(int64_t l, int64_t s, int64_t k, bool xAlongK, bool yAlongK,
                    int64_t lanesK, int64_t rowsPerLane, int64_t colsPerGroup,
                    int64_t parts = 1, bool stageY = false,
                    bool scalarY = false, bool wgpMode = false) {
  SkinnyPlan plan;
  plan.l = l;
  plan.s = s;
  plan.k = k;
  plan.xAlongK = xAlongK;
  plan.yAlongK = yAlongK;
  plan.lanesK = lanesK;
  plan.lanesL = kWaveSize / lanesK;
  plan.rowsPerLane = rowsPerLane;
  plan.colsPerGroup = colsPerGroup;
  plan.parts = parts;
  plan.stageY = stageY;
  plan.scalarY = scalarY;
  plan.wgpMode = wgpMode;
  return plan;
}

// loadCycles(lines) = max(8, 2 x lines); a step costs the X loads (one per
// row along K, on lanesL lines; along L, 4 per chunk of 4 rows, on 4 lines)
// and the Y loads (one per column along K, on 1 line; along S, 4 per 4
// columns, on lanesK lines). waveSteps = ceil(workgroups / CUs) x lanesL x
// stepsPerPart / 32; address = waveSteps x max(step, 2 x LDS step);
// valu = waveSteps x accumulators; fewGroups = max(0, 1 - workgroups /
// (4 x CUs)); DRAM bytes = 4 x batch x (l x k + s x (k + 2 x l)). The L2
// lines: the busiest CU runs workgroups 0, CUs, 2 x CUs, ...; each distinct
// block of X rows costs rows x k / 32 lines along K, each of Y columns k x
// its lines per K row (16 columns of rows of 16 floats: half a line, the
// next K row sharing it), a matrix at most its own lines.
const EstimateCase kEstimateCases[] = {
    // X along K: 1 load on 4 lines = 8 cycles; Y along S: 4 x 4 loads on 8
    // lines = 16 x 16 = 256; step 264. 4096 / 4 rows = 1024 workgroups, 16
    // per CU; 1024 steps; waveSteps = 16 x 4 x 1024 / 32 = 2048.
    {"MatVecNN", makePlan(4096, 16, 4096, true, false, 8, 1, 16), 64,
     2048.0 * 264, 2048.0 * 16, 0, 16 * 512 + 2048,
     4.0 * (4096.0 * 4096 + 16 * (4096 + 2 * 4096)), 1, 16.0 * 4 * 16,
     "the address path bounds: Y along S costs a line per lane along K"},
    // The same in 4 K parts: 4096 workgroups, 64 per CU, 256 steps each:
    // waveSteps = 64 x 4 x 256 / 32 = 2048, as before.
    {"MatVecNNParts", makePlan(4096, 16, 4096, true, false, 8, 1, 16, 4), 64,
     2048.0 * 264, 2048.0 * 16, 0, 64 * 128 + 4 * 512,
     4.0 * (4096.0 * 4096 + 16 * (4096 + 2 * 4096)), 1, 64.0 * 4 * 16,
     "K parts move the same work to more workgroups"},
    // 256 rows: 64 workgroups, 1 per CU: waveSteps = 4 x 1024 / 32 = 128;
    // fewGroups = 1 - 64 / 256 = 0.75.
    {"FewWorkgroups", makePlan(256, 16, 4096, true, false, 8, 1, 16), 64,
     128.0 * 264, 128.0 * 16, 0.75, 512 + 2048,
     4.0 * (256.0 * 4096 + 16 * (4096 + 2 * 256)), 1, 1.0 * 4 * 16,
     "a grid of one workgroup per CU hides less latency: x 1.6"},
    // Y along K: X 4 loads x 8 = 32, Y 8 loads x 8 = 64; step 96. 16 rows
    // a workgroup: 256 x 2 column groups = 512 workgroups, 8 per CU; 256
    // steps: waveSteps = 8 x 4 x 256 / 32 = 256; 4 x 8 sums a lane.
    {"YAlongK", makePlan(4096, 16, 1024, true, true, 8, 4, 8), 64, 256.0 * 96,
     256.0 * 32, 0, 8 * 512 + 256,
     4.0 * (4096.0 * 1024 + 16 * (1024 + 2 * 4096)), 1, 8.0 * 16 * 8,
     "the busiest CU's 8 workgroups are of one column group: one block of Y "
     "for 8 of X"},
    // Y in SGPRs, X along L: 4 loads (4 K values of one chunk of 4 rows)
    // on 4 lines = 32, no Y loads. 32 lanes x 4 rows = 128 rows a
    // workgroup: 32 workgroups, 1 per CU; 128 steps: waveSteps = 32 x 128 /
    // 32 = 128; fewGroups = 1 - 32 / 256.
    {"ScalarY", makePlan(4096, 4, 512, false, false, 1, 4, 4, 1, false, true),
     64, 128.0 * 32, 128.0 * 16, 0.875, 512 * 4,
     4.0 * (4096.0 * 512 + 4 * (512 + 2 * 4096)), 2, 1.0 * 128 * 4,
     "Y's loads are scalar: only X's cost the address path; its 32 "
     "workgroups leave half the CUs idle, so its bytes take twice as long"},
    // Y staged in LDS: X 2 loads x 8 = 16; the tile's 8 x 16 = 128 pieces
    // are 4 loads of 32, on 32 / 4 = 8 lines: 4 x 16 = 64; step 80. The LDS
    // step: 4 x (4 loads + 16 reads) = 80, counted once with X stored along
    // K. 8 rows a workgroup: 256 workgroups, 4 per CU; 512 steps: waveSteps
    // = 4 x 4 x 512 / 32 = 256. DRAM bounds it.
    {"StagedY", makePlan(2048, 16, 2048, true, false, 8, 2, 16, 1, true), 64,
     256.0 * 80, 256.0 * 32, 0, 4 * 512 + 1024,
     4.0 * (2048.0 * 2048 + 16 * (2048 + 2 * 2048)), 1, 4.0 * 8 * 16,
     "a staged plan's LDS step counts once where X is stored along K"},
    // X along L, Y staged: X 4 loads (4 K values of one chunk of 4 rows) on 4
    // lines = 32; the tile's 4 x 16 = 64 pieces are 2 loads on 32 / 4 = 8
    // lines: 2 x 16 = 32; step 64. The LDS step: 4 x (2 loads + 16 reads) =
    // 72, weighted 2: 144 bounds. 8 lanes x 4 rows = 32 rows a workgroup:
    // 128 workgroups, 2 per CU; 512 steps: waveSteps = 2 x 8 x 512 / 32 =
    // 256; fewGroups = 1 - 128 / 256.
    {"StagedYXAlongL",
     makePlan(4096, 16, 2048, false, false, 4, 4, 16, 1, true), 64, 256.0 * 144,
     256.0 * 64, 0.5, 2 * 2048 + 1024,
     4.0 * (4096.0 * 2048 + 16 * (2048 + 2 * 4096)), 1, 2.0 * 32 * 16,
     "with X stored along L a staged plan's LDS step counts twice"},
    // 400 rows: 100 workgroups on 64 CUs, 2 on the busiest: waveSteps = 2 x
    // 4 x 1024 / 32 = 256; fewGroups = 1 - 100 / 256; its share of the
    // bytes is 2 x 64 / 100.
    {"UnevenRound", makePlan(400, 16, 4096, true, false, 8, 1, 16), 64,
     256.0 * 264, 256.0 * 16, 1 - 100.0 / 256, 2 * 512 + 2048,
     4.0 * (400.0 * 4096 + 16 * (4096 + 2 * 400)), 1.28, 2.0 * 4 * 16,
     "the CUs with a second workgroup take longer than the mean"},
    // 272 rows: 68 workgroups on 64 CUs, 2 on the busiest: waveSteps = 2 x
    // 4 x 1024 / 32 = 256; fewGroups = 1 - 68 / 256; share 2 x 64 / 68.
    {"FewMoreThanTheCUs", makePlan(272, 16, 4096, true, false, 8, 1, 16), 64,
     256.0 * 264, 256.0 * 16, 1 - 68.0 / 256, 2 * 512 + 2048,
     4.0 * (272.0 * 4096 + 16 * (4096 + 2 * 272)), 2.0 * 64 / 68, 2.0 * 4 * 16,
     "four CUs take a second workgroup"},
    // The same in WGP mode: 68 workgroups on 32 WGPs, 3 on the busiest:
    // waveSteps = 3 x 4 x 1024 / 32 = 384, on two address paths and four
    // SIMDs: 192 x 264 and 192 x 16; fewGroups counts per CU as before;
    // share 3 x 32 / 68, at two CUs' rate.
    {"FewMoreThanTheCUsWgpMode",
     makePlan(272, 16, 4096, true, false, 8, 1, 16, 1, false, false, true), 64,
     192.0 * 264, 192.0 * 16, 1 - 68.0 / 256, 3 * 512 + 2048,
     4.0 * (272.0 * 4096 + 16 * (4096 + 2 * 272)), 3.0 * 32 / 68,
     3.0 * 4 * 16 / 2,
     "a WGP takes 3 workgroups on two CUs' resources: 1.5 a CU, not 2"},
};

class SkinnyEstimateTest : public testing::TestWithParam<EstimateCase> {};

TEST_P(SkinnyEstimateTest, Cycles) {
  const EstimateCase &c = GetParam();
  SCOPED_TRACE(c.why);
  // Every product: the address and VALU terms are the plan's, the L2 and
  // DRAM terms the product's rates.
  for (const ::gemm::TargetInfo &target : ::gemm::getTargets()) {
    SCOPED_TRACE(target.name);
    double cusPerUnit = c.plan.wgpMode ? 2 : 1;
    double l2 = c.unitLines * 128 / (target.l2BytesPerClockPerCU * cusPerUnit);
    double dramBytesPerClock =
        target.dramBytesPerSecond() / target.boostClockHz();
    double issue = std::max(c.address, c.valu) * (1 + 0.8 * c.fewGroups);
    double memory =
        std::max(l2, c.dramBytes * c.busiestShare / dramBytesPerClock);
    SkinnyCycles terms =
        estimateSkinnyCycleTerms(c.plan, target, c.computeUnits);
    EXPECT_NEAR(terms.issue, issue, issue * 1e-12);
    EXPECT_NEAR(terms.memory, memory, memory * 1e-12);
    double expected = std::max(issue, memory);
    EXPECT_NEAR(estimateSkinnyCycles(c.plan, target, c.computeUnits), expected,
                expected * 1e-12);
    EXPECT_EQ(terms.epilogueSums, c.epilogueSums);
    // The choice weighs the issue bound with the epilogue's sums by the kind
    // of plan, not the bytes: the larger of the two.
    double weighted = std::max(getSkinnyEstimateWeight(c.plan) *
                                   (issue + 1.15 * c.epilogueSums),
                               memory);
    EXPECT_NEAR(estimateWeightedSkinnyCycles(c.plan, target, c.computeUnits),
                weighted, weighted * 1e-12);
  }
}

// 89 x 98 x 7465, batch 7, A stored K x M, on the RX 7900 GRE:
// the plan of 4 lanes along K, 8 along L, 4 rows by 8 columns a lane, Y
// staged, reads X (B, rows of 98 floats) 32 floats a K row and Y (A, rows
// of 89 floats) 8 a K row. Its chunks start at every second float of a line
// (gcd(98, 32) = 2): a chunk of 32 spans 1 line from offset 0 and 2 from the
// other 15, 31 / 16 lines a K row; of 8 floats from any float (gcd(89, 8) =
// 1): 2 lines from the last 7 offsets of 32, 39 / 32. 4 x 12 x 7
// workgroups, ceil(336 / CUs) = 5 on the busiest CU (workgroups 0, CUs,
// 2 x CUs, ...), each of another matrix of the batch: 5 blocks of each,
// over 1866 x 4 K values. The L2's rate per CU bounds it; the timing model
// has it at 475,600 cycles (0.2234 ms at 2.129 GHz); counting X's bytes
// once per column group, the estimate had the plan bound by DRAM at
// 183,600.
TEST(SkinnyEstimateTest, L2CountsTheLinesOfTheBusiestUnitsBlocks) {
  const ::gemm::TargetInfo *target = ::gemm::lookupTarget("rx7900gre");
  ASSERT_NE(target, nullptr);
  std::string whyNot;
  llvm::raw_string_ostream os(whyNot);
  SkinnyLayout layout;
  layout.lanesK = 4;
  layout.lanesL = 8;
  layout.rowsPerLane = 4;
  layout.colsPerGroup = 8;
  layout.waves = 2;
  layout.unroll = 2;
  layout.stageY = true;
  FailureOr<SkinnyPlan> plan = getSkinnyPlan(7, 89, 98, 7465, kTN, layout, os);
  ASSERT_TRUE(succeeded(plan)) << whyNot;
  ASSERT_EQ(plan->workgroups(), 336);
  int64_t busiest = (336 + target->computeUnits - 1) / target->computeUnits;
  ASSERT_EQ(busiest, 5);
  double lines = busiest * 7464 * (31.0 / 16 + 39.0 / 32);
  SkinnyCycles terms =
      estimateSkinnyCycleTerms(*plan, *target, target->computeUnits);
  EXPECT_NEAR(terms.memory, lines * 128 / target->l2BytesPerClockPerCU, 1e-6);
  // The search takes a plan that reads fewer lines.
  std::string whyNotSearched;
  llvm::raw_string_ostream searchedOs(whyNotSearched);
  FailureOr<SkinnyPlan> searched = getSkinnyPlan(
      7, 89, 98, 7465, kTN, *target, target->computeUnits, searchedOs);
  ASSERT_TRUE(succeeded(searched)) << whyNotSearched;
  EXPECT_LT(estimateSkinnyCycles(*searched, *target, target->computeUnits),
            0.5 * terms.memory);
}

INSTANTIATE_TEST_SUITE_P(Plans, SkinnyEstimateTest,
                         testing::ValuesIn(kEstimateCases),
                         [](const testing::TestParamInfo<EstimateCase> &info) {
                           return std::string(info.param.name);
                         });

TEST(SkinnyEstimateTest, AddressPathBoundsTheDefaultTargetsMatVec) {
  // On the default product the 4096 x 16 matrix-vector plan above is bound
  // by its address path, not by DRAM: what makes the choice of rows and
  // columns per lane matter.
  const ::gemm::TargetInfo &target = ::gemm::getDefaultTarget();
  SkinnyPlan plan = makePlan(4096, 16, 4096, true, false, 8, 1, 16);
  EXPECT_EQ(estimateSkinnyCycles(plan, target, 64), 2048.0 * 264);
}

// K parts are weighed by the estimate, their second kernel included.
TEST(SkinnyPlanChoiceTest, PartsWhereTheRowsLeaveCUsIdle) {
  // 466 x 54 x 8624, A and B stored transposed: unsplit, its rows give
  // fewer workgroups than the default product's CUs, and an idle CU's share of
  // the memory bandwidth goes unused.
  std::string whyNot;
  llvm::raw_string_ostream os(whyNot);
  const ::gemm::TargetInfo &target = ::gemm::getDefaultTarget();
  FailureOr<SkinnyPlan> plan =
      getSkinnyPlan(1, 466, 54, 8624, kTT, target, target.computeUnits, os);
  ASSERT_TRUE(succeeded(plan)) << whyNot;
  EXPECT_GT(plan->parts, 1);
  EXPECT_GE(plan->workgroups(), target.computeUnits);
  SkinnyPlan unsplit = *plan;
  unsplit.parts = 1;
  EXPECT_LT(estimateSkinnyCycles(*plan, target, target.computeUnits),
            estimateSkinnyCycles(unsplit, target, target.computeUnits));
}

TEST(SkinnyPlanChoiceTest, NoPartsWhereTheLaunchCostsMore) {
  // The same rows over K = 256: the whole multiply takes less than the
  // second kernel's launch gap.
  std::string whyNot;
  llvm::raw_string_ostream os(whyNot);
  FailureOr<SkinnyPlan> plan =
      getSkinnyPlan(1, 466, 54, 256, kTT, ::gemm::getDefaultTarget(), 96, os);
  ASSERT_TRUE(succeeded(plan)) << whyNot;
  EXPECT_EQ(plan->parts, 1);
}

// WGP mode where a grid a little larger than the CUs puts two workgroups on
// some CUs, and CU mode where the mode changes no unit's share.
TEST(SkinnyPlanChoiceTest, WgpModeWhereItEvensTheUnits) {
  std::string whyNot;
  llvm::raw_string_ostream os(whyNot);
  // 64 one-row workgroups, a few more than the RX 7800 XT's CUs: 2 on some
  // CUs, or 3 on some WGPs.
  const ::gemm::TargetInfo *rx7800xt = ::gemm::lookupTarget("rx7800xt");
  ASSERT_NE(rx7800xt, nullptr);
  ASSERT_LT(rx7800xt->computeUnits, 64);
  ASSERT_GE(3 * (rx7800xt->computeUnits / 2), 64);
  FailureOr<SkinnyPlan> plan =
      getSkinnyPlan(1, 64, 1, 1216, kNN, *rx7800xt, rx7800xt->computeUnits, os);
  ASSERT_TRUE(succeeded(plan)) << whyNot;
  EXPECT_EQ(plan->workgroups(), 64);
  EXPECT_TRUE(plan->wgpMode);
  SkinnyPlan cuMode = *plan;
  cuMode.wgpMode = false;
  EXPECT_LT(estimateSkinnyCycles(*plan, *rx7800xt, rx7800xt->computeUnits),
            estimateSkinnyCycles(cuMode, *rx7800xt, rx7800xt->computeUnits));
  // On the RX 7900 XTX, with more CUs than workgroups, one workgroup a CU
  // or two a WGP are the same share: CU mode.
  const ::gemm::TargetInfo &xtx = ::gemm::getDefaultTarget();
  ASSERT_GE(xtx.computeUnits, 64);
  plan = getSkinnyPlan(1, 64, 1, 1216, kNN, xtx, xtx.computeUnits, os);
  ASSERT_TRUE(succeeded(plan)) << whyNot;
  EXPECT_FALSE(plan->wgpMode);
}

// A plan's waves split its workgroups' K steps, aiming for 8 waves per CU, or
// 32 where Y is in SGPRs.
struct WavesCase {
  const char *name;
  int64_t m, n, k;
  MatmulLayout layout;
  int64_t computeUnits;
  bool scalarY;
  int64_t workgroups, waves;
  const char *why;
};

const WavesCase kWavesCases[] = {
    {"ScalarY", 2048, 128, 2048, kTN, 96, true, 256, 8,
     "2 rows by 16 columns a lane, 32 x 8 workgroups: 32 x 96 / 256 gives 12 "
     "waves, of which the kernel takes 8 (the most, and the most whose "
     "partial sums, 32 x 32 floats each, fit the 32 KiB of LDS)"},
    {"ScalarYFewerUnits", 2048, 128, 2048, kTN, 16, true, 128, 4,
     "balanced for 16 units the search takes 4 rows a lane: 32 x 16 / 128"},
    {"VgprY", 256, 1000, 2048, kNT, 96, false, 672, 2,
     "12 rows by 8 columns a lane, 21 x 32 workgroups: 8 x 96 / 672 rounds "
     "up to 2"},
    {"VgprYFewerUnits", 256, 1000, 2048, kNT, 54, false, 704, 1,
     "the same plan: 8 x 54 / 704 rounds up to 1"},
};

class SkinnyWavesTest : public testing::TestWithParam<WavesCase> {};

TEST_P(SkinnyWavesTest, WavesPerCUByWhereYLives) {
  const WavesCase &c = GetParam();
  SCOPED_TRACE(c.why);
  std::string whyNot;
  llvm::raw_string_ostream os(whyNot);
  FailureOr<SkinnyPlan> plan =
      getSkinnyPlan(1, c.m, c.n, c.k, c.layout, ::gemm::getDefaultTarget(),
                    c.computeUnits, os);
  ASSERT_TRUE(succeeded(plan)) << whyNot;
  EXPECT_EQ(plan->scalarY, c.scalarY);
  EXPECT_EQ(plan->workgroups(), c.workgroups);
  EXPECT_EQ(plan->waves, c.waves);
}

INSTANTIATE_TEST_SUITE_P(Plans, SkinnyWavesTest, testing::ValuesIn(kWavesCases),
                         [](const testing::TestParamInfo<WavesCase> &info) {
                           return std::string(info.param.name);
                         });

//===----------------------------------------------------------------------===//
// The weight on a plan's issue bound in the choice between the kernels
//===----------------------------------------------------------------------===//

// Fitted per kind of plan (bench/tuning/fit-skinny-weight.py): Y in VGPRs,
// Y in SGPRs, and Y staged in LDS, whatever their column groups.
struct WeightCase {
  const char *name;
  int64_t batch, m, n, k;
  MatmulLayout layout;
  bool scalarY, stageY;
  int64_t columnGroups;
  double weight;
  const char *why;
};

const WeightCase kWeightCases[] = {
    {"VgprY", 1, 256, 1000, 2048, kNT, false, false, 32, 1.27,
     "Y stored along K is loaded per lane"},
    {"ScalarY", 1, 2048, 128, 2048, kTN, true, false, 8, 1.58,
     "X stored along L: Y in SGPRs"},
    {"StagedFourGroups", 16, 2048, 64, 2048, kNN, false, true, 4, 1.65,
     "N = 64 in 4 column groups of 16"},
    {"StagedElevenGroups", 5, 695, 171, 3042, kNN, false, true, 11, 1.65,
     "N = 171 in 11 column groups"},
    {"StagedSixteenGroups", 1, 256, 256, 4096, kNN, false, true, 16, 1.65,
     "256 x 256 x 4096 in 16 column groups"},
};

class SkinnyWeightTest : public testing::TestWithParam<WeightCase> {};

TEST_P(SkinnyWeightTest, WeightByKindOfPlan) {
  const WeightCase &c = GetParam();
  SCOPED_TRACE(c.why);
  std::string whyNot;
  llvm::raw_string_ostream os(whyNot);
  const ::gemm::TargetInfo &target = ::gemm::getDefaultTarget();
  FailureOr<SkinnyPlan> plan = getSkinnyPlan(c.batch, c.m, c.n, c.k, c.layout,
                                             target, target.computeUnits, os);
  ASSERT_TRUE(succeeded(plan)) << whyNot;
  EXPECT_EQ(plan->scalarY, c.scalarY);
  EXPECT_EQ(plan->stageY, c.stageY);
  EXPECT_EQ(plan->gridS(), c.columnGroups);
  EXPECT_DOUBLE_EQ(getSkinnyEstimateWeight(*plan), c.weight);
}

INSTANTIATE_TEST_SUITE_P(Plans, SkinnyWeightTest,
                         testing::ValuesIn(kWeightCases),
                         [](const testing::TestParamInfo<WeightCase> &info) {
                           return std::string(info.param.name);
                         });

//===----------------------------------------------------------------------===//
// A given plan (#gemm.skinny_plan): its limits and its fit to the problem
//===----------------------------------------------------------------------===//

// gemm-select-config records the plan the search picks, and gemm-tile-skinny
// builds it after checking it against the matmul: every plan the search
// returns, on every target, must pass those checks and come back unchanged.
TEST(SkinnyPlanGivenTest, EverySearchedPlanIsAcceptedAsGiven) {
  int checked = 0;
  for (const ::gemm::TargetInfo &target : ::gemm::getTargets())
    for (int64_t s : {1, 3, 16, 33, 64, 100, 128, 256})
      for (int64_t l : {64, 300, 1760, 8192})
        for (int64_t k : {4, 7, 96, 1760, 8624})
          for (int64_t batch : {1, 8})
            for (MatmulLayout layout : {kNN, kNT, kTN, kTT})
              for (bool smallIsN : {true, false}) {
                int64_t m = smallIsN ? l : s, n = smallIsN ? s : l;
                std::string whyNot;
                llvm::raw_string_ostream os(whyNot);
                FailureOr<SkinnyPlan> searched = getSkinnyPlan(
                    batch, m, n, k, layout, target, target.computeUnits, os);
                ASSERT_TRUE(succeeded(searched)) << whyNot;
                const SkinnyLayout &chosen = *searched;
                ASSERT_EQ(chosen.checkRanges(), std::nullopt)
                    << target.name << " " << m << "x" << n << "x" << k;
                FailureOr<SkinnyPlan> given =
                    getSkinnyPlan(batch, m, n, k, layout, chosen, os);
                ASSERT_TRUE(succeeded(given))
                    << target.name << " " << m << "x" << n << "x" << k << ": "
                    << whyNot;
                EXPECT_TRUE(static_cast<const SkinnyLayout &>(*given) ==
                            chosen);
                EXPECT_EQ(given->workgroups(), searched->workgroups());
                ++checked;
              }
  EXPECT_GT(checked, 10000);
}

SkinnyLayout makeLayout(int64_t lanesK, int64_t rowsPerLane,
                        int64_t colsPerGroup, int64_t waves = 1,
                        int64_t unroll = 1, int64_t parts = 1,
                        bool stageY = false, bool scalarY = false) {
  return SkinnyLayout{lanesK,      kWaveSize / lanesK,
                      rowsPerLane, colsPerGroup,
                      waves,       unroll,
                      parts,       stageY,
                      scalarY};
}

struct RangeCase {
  const char *name;
  SkinnyLayout layout;
  /// A part of the refusal; null when the values are in range.
  const char *error;
};

const RangeCase kRangeCases[] = {
    {"InRange", makeLayout(16, 1, 8, 3, 2, 1, true), nullptr},
    {"ScalarYInRange", makeLayout(1, 2, 16, 3, 1, 1, false, true), nullptr},
    {"NotAWave", SkinnyLayout{8, 8, 1, 8, 1, 1, 1, false, false},
     "lanes_k=8 x lanes_l=8 are not the 32 lanes of a wave"},
    {"ScalarYWithLanesAlongK", makeLayout(8, 1, 8, 1, 1, 1, false, true),
     "scalar_y takes lanes_k=1"},
    {"LanesAlongLWithoutScalarY", makeLayout(1, 1, 8), "scalar_y takes"},
    {"ScalarAndStaged", makeLayout(1, 1, 8, 1, 1, 1, true, true),
     "scalar_y and stage_y both place Y"},
    {"TooManySums", makeLayout(8, 16, 8),
     "rows_per_lane=16 x cols_per_group=8 is not 1 to 96 sums a lane"},
    {"TooManyScalarYSums", makeLayout(1, 8, 12, 1, 1, 1, false, true),
     "is not 1 to 64 sums a lane with scalar_y"},
    {"HugeRows", makeLayout(8, int64_t(1) << 62, 4),
     "is not 1 to 96 sums a lane"},
    {"StepBeyondTheRegisters", makeLayout(8, 2, 48),
     "96 sums and a step's loads take 296 VGPRs, more than 200"},
    {"ScalarYStepInRegisters", makeLayout(1, 1, 64, 1, 1, 1, false, true),
     nullptr},
    {"NoWaves", makeLayout(8, 1, 8, 0), "waves=0 is not in 1..8"},
    {"NineWaves", makeLayout(8, 1, 8, 9), "waves=9 is not in 1..8"},
    {"UnrollThree", makeLayout(8, 1, 8, 1, 3), "unroll=3 is not 1 or 2"},
    {"UnrolledBeyondTheRegisters", makeLayout(8, 8, 12, 1, 2),
     "unroll=2 does not fit: 96 sums and two steps' loads take more than 160 "
     "VGPRs"},
    {"SeventeenParts", makeLayout(8, 1, 8, 1, 1, 17),
     "parts=17 is not in 1..16"},
    {"StagedPiecesNotAPowerOfTwo", makeLayout(8, 1, 12, 1, 1, 1, true),
     "cols_per_group=12 is not 4 times a power of 2"},
    {"StagedTilesBeyondTheLds", makeLayout(32, 1, 16, 8, 2, 1, true),
     "the waves' Y tiles take 163840 bytes of LDS, more than 32768"},
};

class SkinnyLayoutRangeTest : public testing::TestWithParam<RangeCase> {};

TEST_P(SkinnyLayoutRangeTest, Ranges) {
  const RangeCase &c = GetParam();
  std::optional<std::string> why = c.layout.checkRanges();
  if (!c.error) {
    EXPECT_EQ(why, std::nullopt);
    return;
  }
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find(c.error), std::string::npos) << *why;
}

INSTANTIATE_TEST_SUITE_P(Layouts, SkinnyLayoutRangeTest,
                         testing::ValuesIn(kRangeCases),
                         [](const testing::TestParamInfo<RangeCase> &info) {
                           return std::string(info.param.name);
                         });

struct FitCase {
  const char *name;
  int64_t batch, m, n, k;
  MatmulLayout layout;
  SkinnyLayout given;
  /// A part of the refusal; null when the plan fits.
  const char *error;
};

const FitCase kFitCases[] = {
    // 4096 x 16 x 4096 NN: X = A along K, Y = B along S; 1024 K steps.
    {"Fits", 1, 4096, 16, 4096, kNN, makeLayout(16, 1, 8, 3, 2, 1, true),
     nullptr},
    {"FourLanesAlongK", 1, 4096, 16, 4096, kNN, makeLayout(4, 1, 8),
     "X is stored along K, which its loads do not take with lanes_k=4"},
    {"EightLanesAlongKOfXAlongL", 1, 4096, 16, 4096, kTN, makeLayout(8, 1, 8),
     "X is stored along L, which its loads do not take with lanes_k=8"},
    {"ScalarYOfXAlongK", 1, 4096, 16, 4096, kNN,
     makeLayout(1, 1, 8, 1, 1, 1, false, true),
     "X is stored along K, which its loads do not take with lanes_k=1 and "
     "scalar_y"},
    {"StagedYAlongK", 1, 4096, 16, 4096, kNT,
     makeLayout(8, 1, 8, 1, 1, 1, true),
     "stage_y is for Y stored along S, and Y is stored along K"},
    {"ColumnsBeyondTheSmallSide", 1, 4096, 4, 4096, kNN, makeLayout(8, 1, 8),
     "cols_per_group=8 is beyond its long side (4096) or small side (4)"},
    {"PartsThatDoNotDivideK", 1, 4096, 16, 4096, kNN,
     makeLayout(8, 1, 8, 1, 1, 3),
     "parts=3 K parts need a plain 2-D matmul whose 1024 K steps they divide"},
    {"PartsOfABatch", 2, 4096, 16, 4096, kNN, makeLayout(8, 1, 8, 1, 1, 2),
     "parts=2 K parts need a plain 2-D matmul"},
    {"WavesBeyondK", 1, 4096, 16, 64, kNN, makeLayout(8, 1, 8, 2),
     "waves=2 leaves a wave fewer than two loop iterations of its 16 K steps "
     "(at most 1 waves)"},
    {"OutOfRange", 1, 4096, 16, 4096, kNN, makeLayout(8, 1, 8, 9),
     "waves=9 is not in 1..8"},
    {"SmallSideTooLarge", 1, 512, 512, 4096, kNN, makeLayout(8, 1, 8),
     "its smaller side (512) is above 256"},
};

class SkinnyPlanFitTest : public testing::TestWithParam<FitCase> {};

TEST_P(SkinnyPlanFitTest, Fit) {
  const FitCase &c = GetParam();
  std::string whyNot;
  llvm::raw_string_ostream os(whyNot);
  FailureOr<SkinnyPlan> plan =
      getSkinnyPlan(c.batch, c.m, c.n, c.k, c.layout, c.given, os);
  if (!c.error) {
    ASSERT_TRUE(succeeded(plan)) << whyNot;
    EXPECT_TRUE(static_cast<const SkinnyLayout &>(*plan) == c.given);
    return;
  }
  EXPECT_TRUE(failed(plan));
  EXPECT_NE(whyNot.find(c.error), std::string::npos) << whyNot;
}

INSTANTIATE_TEST_SUITE_P(Plans, SkinnyPlanFitTest, testing::ValuesIn(kFitCases),
                         [](const testing::TestParamInfo<FitCase> &info) {
                           return std::string(info.param.name);
                         });

} // namespace
