//===- VgprBankModelTest.cpp - The VGPR bank and operand cache model ------===//
//
// The rule of docs/report.md ("VGPR bank model"), which gemm-report and the
// timing model share, on short synthetic instruction streams: 4 banks
// (register mod 4), a one-entry operand cache per bank and source port, the
// previous VALU instruction's writes landing in the cycle this one reads, and
// a stall of ceil(uses / 2) - 1 cycles when a bank is used more than twice
// and one of the uses reads its RAM. Each step's expected figures are worked
// out by hand in the case's comment.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/CodeObject/VgprBankModel.h"

#include "llvm/ADT/STLExtras.h"

#include "gtest/gtest.h"

#include <vector>

using namespace gemm;

namespace {

TEST(VgprBankModelTest, StallCyclesPerBankUses) {
  struct Case {
    unsigned uses, stall;
    const char *why;
  };
  const Case cases[] = {
      {0, 0, "an unused bank"},
      {1, 0, "one access"},
      {2, 0, "two accesses a cycle are free"},
      {3, 1, "ceil(3 / 2) - 1: one more cycle"},
      {4, 1, "ceil(4 / 2) - 1: the second pair takes the extra cycle"},
      {5, 2, "ceil(5 / 2) - 1"},
      {6, 2, "ceil(6 / 2) - 1"},
      {7, 3, "ceil(7 / 2) - 1"},
  };
  for (const Case &c : cases)
    EXPECT_EQ(VgprBankModel::stallCycles(c.uses), c.stall) << c.why;
}

/// One VALU operation (a whole instruction or a VOPD half): its destination
/// and its sources by port, -1 for none.
struct Half {
  int dst = -1, src0 = -1, src1 = -1, src2 = -1;
};

/// One step of a stream: a VALU instruction of one or two halves, issued
/// right after the previous VALU instruction or not, after a load that
/// overwrote some registers; and what the model should say about it.
struct Step {
  std::vector<Half> halves;
  bool backToBack = true;
  std::vector<unsigned> loadedBefore = {};
  unsigned maxUses, cachedReads, stallCycles;
};

struct StreamCase {
  const char *name;
  std::vector<Step> steps;
  const char *why;
};

VgprBankOp toOp(const Half &half) {
  VgprBankOp op;
  if (half.dst >= 0)
    op.dsts.push_back(half.dst);
  int srcs[] = {half.src0, half.src1, half.src2};
  for (unsigned port = 0; port < 3; ++port)
    if (srcs[port] >= 0)
      op.srcs[port].push_back(srcs[port]);
  return op;
}

const StreamCase kStreamCases[] = {
    {"DistinctBanks",
     // v_fmac_f32 v8, v1, v2: banks 1 and 2 once each (the accumulator is
     // not a read).
     {{{{8, 1, 2}}, true, {}, 1, 0, 0}},
     "each bank used once: no conflict"},
    {"ThreeFreshReadsOfOneBank",
     // v_fma_f32 v3, v0, v4, v8: bank 0 read three times from its RAM.
     {{{{3, 0, 4, 8}}, true, {}, 3, 0, 1}},
     "three uses with fresh reads: ceil(3 / 2) - 1 = 1 cycle"},
    {"PreviousWritesMakeAFifthUse",
     // 1: v16 = v1 * v5 reads bank 1 twice. 2: a VOPD reading v0, v4 (X) and
     // v8, v12 (Y), all bank 0, right after 1, whose write of v16 (bank 0)
     // lands in the same cycle: 4 reads + 1 write = 5 uses, 2 cycles.
     {{{{16, 1, 5}}, true, {}, 2, 0, 0},
      {{{32, 0, 4}, {33, 8, 12}}, true, {}, 5, 0, 2}},
     "the previous instruction's writes count as uses of their bank"},
    {"AlternatingRegistersConflict",
     // The lit test sim-rule-vopd-bank-conflict.s in three steps: each VOPD
     // reads bank 0 (src0X, vsrc1X) and bank 1 (src0Y, vsrc1Y) through
     // registers the previous one did not read, so every read misses; the
     // previous VOPD's accumulators v32+4i (bank 0) and v33+4i (bank 1)
     // land in the same banks: 2 reads + 1 write = 3 uses, 1 cycle.
     {{{{32, 0, 4}, {33, 1, 5}}, true, {}, 2, 0, 0},
      {{{36, 8, 12}, {37, 9, 13}}, true, {}, 3, 0, 1},
      {{{40, 0, 4}, {41, 1, 5}}, true, {}, 3, 0, 1}},
     "fresh reads and a landing write in one bank: a conflict per VOPD"},
    {"AccumulatorsInTheOtherBanks",
     // As above with the accumulators in banks 2 and 3 (v34+4i, v35+4i):
     // banks 0 and 1 have 2 reads each, banks 2 and 3 one write each.
     {{{{34, 0, 4}, {35, 1, 5}}, true, {}, 2, 0, 0},
      {{{38, 8, 12}, {39, 9, 13}}, true, {}, 2, 0, 0},
      {{{42, 0, 4}, {43, 1, 5}}, true, {}, 2, 0, 0}},
     "the kernel's layout: writes in banks the reads do not use"},
    {"SameRegistersHitTheCache",
     // The same reads each time: the second VOPD finds v0, v4, v1, v5 in
     // the caches of their bank and port; bank 0 then has 2 cached reads +
     // the write of v32 = 3 uses, but no fresh read.
     {{{{32, 0, 4}, {33, 1, 5}}, true, {}, 2, 0, 0},
      {{{36, 0, 4}, {37, 1, 5}}, true, {}, 3, 4, 0}},
     "cache hits and writes alone do not stall"},
    {"NotBackToBack",
     // The alternating stream again, with a cycle between the VOPDs: the
     // writes of v32 and v33 have landed before the second reads, 2 uses.
     {{{{32, 0, 4}, {33, 1, 5}}, true, {}, 2, 0, 0},
      {{{36, 8, 12}, {37, 9, 13}}, false, {}, 2, 0, 0}},
     "results written in an earlier cycle do not meet the reads"},
    {"LoadReplacesTheCachedCopy",
     // 1: v40 = v0 * v4 (2 fresh reads of bank 0). 2: v44 = v0 * v4 right
     // after: both hit, + the write of v40 (bank 0) = 3 uses, no fresh read.
     // 3: the same after a load into v0: v0 reads the RAM, v4 hits, + the
     // write of v44 (bank 0) = 3 uses with a fresh read, 1 cycle.
     {{{{40, 0, 4}}, true, {}, 2, 0, 0},
      {{{44, 0, 4}}, true, {}, 3, 2, 0},
      {{{48, 0, 4}}, true, {0}, 3, 1, 1}},
     "a load's result replaces the register's cached copy"},
    {"ValuWriteReplacesTheCachedCopy",
     // 1: v0 = v0 + v4 caches v0 (port 0) and v4 (port 1), and writes v0.
     // 2, a cycle later: v8 = v0 * v4: v0 was rewritten, so only v4 hits.
     {{{{0, 0, 4}}, true, {}, 2, 0, 0}, {{{8, 0, 4}}, false, {}, 2, 1, 0}},
     "a VALU result replaces the register's cached copy"},
    {"PortsCacheSeparately",
     // 1: v8 = v0 * v4 caches v0 for port 0 and v4 for port 1. 2: v9 = v4 *
     // v0 reads them through the other ports: both miss.
     {{{{8, 0, 4}}, true, {}, 2, 0, 0}, {{{9, 4, 0}}, false, {}, 2, 0, 0}},
     "the operand cache is per bank and source port"},
    {"VopdThenVop2",
     // 1: a VOPD writing v35 (X, bank 3) and v36 (Y, bank 0). 2: v9 = v0 *
     // v4 right after: bank 0 has its 2 fresh reads + Y's write of v36,
     // which lands though this instruction has no Y half: 3 uses, 1 cycle.
     {{{{35, 1, 6}, {36, 2, 7}}, true, {}, 2, 0, 0},
      {{{9, 0, 4}}, true, {}, 3, 0, 1}},
     "a VOPD's Y half writes its bank even when a VOP2 follows"},
};

class VgprBankStreamTest : public testing::TestWithParam<StreamCase> {};

TEST_P(VgprBankStreamTest, IssueCosts) {
  const StreamCase &c = GetParam();
  SCOPED_TRACE(c.why);
  VgprBankModel model;
  for (auto [index, step] : llvm::enumerate(c.steps)) {
    SCOPED_TRACE("step " + std::to_string(index + 1));
    if (!step.loadedBefore.empty())
      model.overwrite(step.loadedBefore);
    llvm::SmallVector<VgprBankOp, 2> ops;
    for (const Half &half : step.halves)
      ops.push_back(toOp(half));
    VgprBankIssue issue = model.issue(ops, step.backToBack);
    EXPECT_EQ(issue.maxUses, step.maxUses);
    EXPECT_EQ(issue.cachedReads, step.cachedReads);
    EXPECT_EQ(issue.stallCycles, step.stallCycles);
    // Every read is either a hit or a fresh read of its bank.
    unsigned fresh = 0;
    for (unsigned bank = 0; bank < 4; ++bank)
      fresh += issue.freshReads[bank];
    EXPECT_EQ(fresh + issue.cachedReads, issue.reads.size());
  }
}

INSTANTIATE_TEST_SUITE_P(Streams, VgprBankStreamTest,
                         testing::ValuesIn(kStreamCases),
                         [](const testing::TestParamInfo<StreamCase> &info) {
                           return std::string(info.param.name);
                         });

TEST(VgprBankModelTest, ResetEmptiesTheCaches) {
  // After reset the same reads miss again: a kernel's analysis starts cold.
  VgprBankModel model;
  VgprBankOp op = toOp({8, 0, 4});
  model.issue(op);
  EXPECT_EQ(model.issue(op, /*backToBack=*/false).cachedReads, 2u);
  model.reset();
  EXPECT_EQ(model.issue(op, /*backToBack=*/false).cachedReads, 0u);
}

} // namespace
