//===- SimParamsTest.cpp - The timing model's parameters ------------------===//
//
// SimParams::setTarget takes the machine's figures from the target table
// (docs/timing-model.md: the register file and its granule, LDS, caches, the
// L2's rate, the latencies and the launch gap), and setSimParam sets one
// parameter by name for calibration (gemm-run --sim-param NAME=VALUE) within
// its documented range.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/CodeObject/Occupancy.h"
#include "gemm-runtime/Simulator.h"

#include "llvm/ADT/SmallVector.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <functional>
#include <string>

using namespace gemm;
using namespace gemm::rt;

namespace {

class SimTargetTest : public testing::TestWithParam<TargetInfo> {};

TEST_P(SimTargetTest, SetTargetTakesTheTablesFigures) {
  const TargetInfo &t = GetParam();
  SimParams p;
  p.setTarget(t);
  EXPECT_EQ(p.Target, t.name);
  EXPECT_EQ(p.ComputeUnits, t.computeUnits);
  EXPECT_EQ(p.ClockGHz, t.boostClockGHz);
  EXPECT_EQ(p.DramGBps, t.dramGBps);
  EXPECT_EQ(p.LdsBytesPerCU, t.ldsBytesPerCU()) << "CU mode";
  EXPECT_EQ(p.L0Bytes, t.l0BytesPerCU);
  EXPECT_EQ(p.L1Bytes, t.l1BytesPerArray);
  EXPECT_EQ(p.L2BytesPerClockPerCU, t.l2BytesPerClockPerCU);
  EXPECT_EQ(p.MemLatencyNs, t.memLatencyNs);
  EXPECT_EQ(p.KernelGapNs, t.launchGapNs);
}

TEST_P(SimTargetTest, OccupancyCountsWavesAsTheReportDoes) {
  // The timing model's register file and granule must be the occupancy
  // rule's (Occupancy.h), or the two would give one kernel different waves:
  // 1536 in granules of 24, or 1024 in granules of 16.
  const TargetInfo &t = GetParam();
  SimParams p;
  p.setTarget(t);
  bool largeFile = t.vgprsPerSimd() > getVgprFile(false, false).registers;
  VgprFile file = getVgprFile(/*wave64=*/false, largeFile);
  EXPECT_EQ(p.VgprsPerSimd, file.registers);
  EXPECT_EQ(p.VgprGranule, file.granule);
  EXPECT_EQ(p.MaxWavesPerSimd, kMaxWavesPerSimd);
}

INSTANTIATE_TEST_SUITE_P(Products, SimTargetTest,
                         testing::ValuesIn(getTargets()),
                         [](const testing::TestParamInfo<TargetInfo> &info) {
                           std::string name = info.param.name;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(SimParamsTest, DefaultIsTheDefaultTarget) {
  // The calibration's card, unless --target says otherwise.
  EXPECT_EQ(SimParams().Target, getDefaultTarget().name);
}

struct AssignmentCase {
  const char *assignment;
  /// A part of the error; null when accepted.
  const char *error;
  /// What an accepted assignment set.
  std::function<bool(const SimParams &)> check;
  const char *why;
};

const AssignmentCase kAssignmentCases[] = {
    {"ValuLatency=6", nullptr,
     [](const SimParams &p) { return p.ValuLatency == 6; },
     "an integer parameter"},
    {"LdsLatency=1000000", nullptr,
     [](const SimParams &p) { return p.LdsLatency == 1000000; },
     "the largest integer a parameter takes"},
    {"LdsPairPacking=1", nullptr,
     [](const SimParams &p) { return p.LdsPairPacking; }, "a switch on"},
    {"LdsPairPacking=0", nullptr,
     [](const SimParams &p) { return !p.LdsPairPacking; }, "a switch off"},
    {"ScalarLatencyNs=20.5", nullptr,
     [](const SimParams &p) { return p.ScalarLatencyNs == 20.5; },
     "a real parameter"},
    {"MemLatencyNs=0.001", nullptr,
     [](const SimParams &p) { return p.MemLatencyNs == 0.001; },
     "the smallest real a parameter takes"},
    {"ValuLatency=0",
     "--sim-param ValuLatency: '0' is not an integer in "
     "1..1000000",
     nullptr, "a latency of 0 would issue dependants in the same cycle"},
    {"ValuLatency=1000001", "is not an integer in 1..1000000", nullptr,
     "beyond the range that keeps cycle counts far from overflow"},
    {"ValuLatency=-1", "is not an integer in 1..1000000", nullptr, "negative"},
    {"ValuLatency=5.5", "is not an integer in 1..1000000", nullptr,
     "an integer parameter takes no fraction"},
    {"ValuLatency", "is not an integer in 1..1000000", nullptr,
     "no '=': an empty value"},
    {"LdsPairPacking=2", "'2' is not 0 (off) or 1 (on)", nullptr,
     "a switch is 0 or 1"},
    {"LdsPairPacking=true", "is not 0 (off) or 1 (on)", nullptr,
     "a switch is 0 or 1, not a word"},
    {"MemLatencyNs=0.0001", "is not a number in [0.001, 1000000]", nullptr,
     "below the smallest real"},
    {"MemLatencyNs=nan", "is not a number in [0.001, 1000000]", nullptr,
     "NaN is in no range"},
    {"MemLatencyNs=fast", "is not a number", nullptr, "not a number"},
    {"Nope=1",
     "unknown parameter 'Nope' (expected NAME=VALUE, NAME one of "
     "ValuLatency,",
     nullptr, "the message lists the names"},
    {"valulatency=6", "unknown parameter 'valulatency'", nullptr,
     "names are SimParams' members, case and all"},
    {"ComputeUnits=4", "unknown parameter 'ComputeUnits'", nullptr,
     "machine figures come from --target and its overrides, not here"},
};

class SimParamAssignmentTest : public testing::TestWithParam<AssignmentCase> {};

TEST_P(SimParamAssignmentTest, SetsOrRefuses) {
  const AssignmentCase &c = GetParam();
  SCOPED_TRACE(c.why);
  SimParams p;
  llvm::Error error = setSimParam(p, c.assignment);
  if (!c.error) {
    ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
    EXPECT_TRUE(c.check(p)) << c.assignment;
    return;
  }
  ASSERT_TRUE(static_cast<bool>(error)) << c.assignment << " was accepted";
  std::string message = llvm::toString(std::move(error));
  EXPECT_NE(message.find(c.error), std::string::npos) << message;
}

INSTANTIATE_TEST_SUITE_P(Assignments, SimParamAssignmentTest,
                         testing::ValuesIn(kAssignmentCases));

TEST(SimParamsTest, EveryListedNameIsSettable) {
  // simParamNames is what the error lists: each name must take a value in
  // every parameter's range (1 is an integer, a switch and a real).
  std::string list = simParamNames();
  llvm::SmallVector<llvm::StringRef> names;
  llvm::StringRef(list).split(names, ", ");
  EXPECT_GT(names.size(), 10u);
  for (llvm::StringRef name : names) {
    SimParams p;
    llvm::Error error = setSimParam(p, (name + "=1").str());
    EXPECT_FALSE(static_cast<bool>(error))
        << name.str() << ": " << llvm::toString(std::move(error));
  }
}

} // namespace
