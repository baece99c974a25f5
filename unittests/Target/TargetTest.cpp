//===- TargetTest.cpp - The RDNA3 product table ---------------------------===//
//
// The lookups by name and ISA, and the table's figures against each other:
// the rules docs/targets.md states about them (AMD's peaks are CUs x 256 flop
// x boost clock, the sustained clock keeps the XTX's ratio, the register file
// follows the ISA). No figure is written here: each is read from the table.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Target/Target.h"
#include "gemm-opt/CodeObject/Occupancy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace gemm;
using llvm::StringRef;

namespace {

//===----------------------------------------------------------------------===//
// Lookup by name
//===----------------------------------------------------------------------===//

struct LookupCase {
  const char *name;
  /// The ISA of the product found, or null when no product has the name.
  const char *isa;
  const char *why;
};

const LookupCase kLookupCases[] = {
    {"rx7900xtx", "gfx1100", "Navi 31, the default product"},
    {"rx7900xt", "gfx1100", "Navi 31"},
    {"rx7900gre", "gfx1100", "Navi 31"},
    {"w7900", "gfx1100", "Navi 31, the workstation card"},
    {"rx7800xt", "gfx1101", "Navi 32"},
    {"rx7700xt", "gfx1101", "Navi 32"},
    {"rx7600", "gfx1102", "Navi 33"},
    {"780m", "gfx1103", "Phoenix's integrated GPU"},
    {"strix-point", "gfx1150", "Strix Point's integrated GPU"},
    {"strix-halo", "gfx1151", "Strix Halo's integrated GPU"},
    {"RX7900XTX", nullptr, "names are matched exactly, case included"},
    {"rx7900", nullptr, "a prefix of several names is no name"},
    {"gfx1100", nullptr, "an ISA is not a product name"},
    {"", nullptr, "the empty name is no product"},
    {"rx7900xtx ", nullptr, "no trimming: a trailing blank is part of it"},
};

class TargetLookupTest : public testing::TestWithParam<LookupCase> {};

TEST_P(TargetLookupTest, FindsTheProductOrNone) {
  const LookupCase &c = GetParam();
  SCOPED_TRACE(c.why);
  const TargetInfo *target = lookupTarget(c.name);
  llvm::Expected<const TargetInfo &> checked = getTarget(c.name);
  if (!c.isa) {
    EXPECT_EQ(target, nullptr);
    ASSERT_FALSE(static_cast<bool>(checked));
    // The error lists the names a user can pick from.
    std::string message = llvm::toString(checked.takeError());
    EXPECT_NE(message.find("unknown target '" + std::string(c.name) + "'"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find(getTargetNames()), std::string::npos) << message;
    return;
  }
  ASSERT_NE(target, nullptr);
  EXPECT_STREQ(target->name, c.name);
  EXPECT_STREQ(target->isa, c.isa);
  ASSERT_TRUE(static_cast<bool>(checked))
      << llvm::toString(checked.takeError());
  EXPECT_EQ(&*checked, target);
}

INSTANTIATE_TEST_SUITE_P(Names, TargetLookupTest,
                         testing::ValuesIn(kLookupCases));

TEST(TargetTableTest, DefaultIsTheFirstAndTheXTX) {
  // The timing model is calibrated on the RX 7900 XTX, which is the default
  // and the first of getTargets().
  ASSERT_FALSE(getTargets().empty());
  EXPECT_EQ(&getDefaultTarget(), &getTargets().front());
  EXPECT_STREQ(getDefaultTarget().name, "rx7900xtx");
}

TEST(TargetTableTest, NamesAreUniqueAndListed) {
  llvm::StringSet<> seen;
  llvm::SmallVector<StringRef> names;
  for (const TargetInfo &target : getTargets()) {
    EXPECT_TRUE(seen.insert(target.name).second)
        << target.name << " is in the table twice";
    names.push_back(target.name);
  }
  // getTargetNames is what messages and --help print: every name, in order.
  EXPECT_EQ(getTargetNames(), llvm::join(names, ", "));
}

//===----------------------------------------------------------------------===//
// ISA names
//===----------------------------------------------------------------------===//

struct IsaCase {
  const char *isa;
  bool isTarget;
  const char *why;
};

const IsaCase kIsaCases[] = {
    {"gfx1100", true, "Navi 31"},
    {"gfx1101", true, "Navi 32"},
    {"gfx1102", true, "Navi 33"},
    {"gfx1103", true, "Phoenix"},
    {"gfx1150", true, "Strix Point"},
    {"gfx1151", true, "Strix Halo"},
    {"gfx1030", false, "RDNA2: another wave and VOPD model"},
    {"gfx1200", false, "RDNA4 is not in the table"},
    {"gfx90a", false, "CDNA2: wave64 only"},
    {"gfx110", false, "a prefix of an ISA is none"},
    {"", false, "no ISA"},
};

class TargetIsaTest : public testing::TestWithParam<IsaCase> {};

TEST_P(TargetIsaTest, IsTargetIsa) {
  const IsaCase &c = GetParam();
  SCOPED_TRACE(c.why);
  EXPECT_EQ(isTargetIsa(c.isa), c.isTarget);
}

INSTANTIATE_TEST_SUITE_P(Isas, TargetIsaTest, testing::ValuesIn(kIsaCases));

TEST(TargetTableTest, IsasAreListedOnceInTableOrder) {
  // Four products share gfx1100 and two gfx1101: each ISA once, in the order
  // of its first product.
  EXPECT_EQ(getTargetIsas(),
            "gfx1100, gfx1101, gfx1102, gfx1103, gfx1150, gfx1151");
  for (const TargetInfo &target : getTargets()) {
    // gemm-opt compiles for RDNA3 (and 3.5) only.
    EXPECT_TRUE(StringRef(target.isa).starts_with("gfx11")) << target.name;
    EXPECT_TRUE(isTargetIsa(target.isa)) << target.name;
  }
}

struct TargetIdCase {
  const char *targetId;
  const char *isa;
  const char *why;
};

const TargetIdCase kTargetIdCases[] = {
    {"amdgcn-amd-amdhsa--gfx1100", "gfx1100", "a plain target ID"},
    {"amdgcn-amd-amdhsa--gfx1100:xnack-", "gfx1100",
     "a feature after ':' is not part of the processor"},
    {"amdgcn-amd-amdhsa--gfx1151:sramecc+:xnack-", "gfx1151",
     "several features"},
    {"amdgcn-amd-amdhsa", "", "a triple without a processor"},
    {"", "", "nothing"},
};

class TargetIdTest : public testing::TestWithParam<TargetIdCase> {};

TEST_P(TargetIdTest, GetTargetIdIsa) {
  const TargetIdCase &c = GetParam();
  SCOPED_TRACE(c.why);
  EXPECT_EQ(getTargetIdIsa(c.targetId), c.isa);
}

INSTANTIATE_TEST_SUITE_P(TargetIds, TargetIdTest,
                         testing::ValuesIn(kTargetIdCases));

//===----------------------------------------------------------------------===//
// The figures against each other
//===----------------------------------------------------------------------===//

// A SIMD32 runs 32 lanes; an FMA is 2 flop; VOPD issues two FMAs a cycle.
// docs/targets.md: AMD's quoted peaks are CUs x 256 x boost clock.
constexpr double kLanesPerSimd = 32, kFlopPerFma = 2, kDualIssue = 2;
// AMD quotes the peaks to 0.1 TFLOP/s or finer: a quoted peak is the product
// above rounded to its last digit, at most 0.05 away.
constexpr double kPeakRoundingTflops = 0.05;

class TargetFiguresTest : public testing::TestWithParam<TargetInfo> {};

TEST_P(TargetFiguresTest, PeakIsCUsTimesSimdRateTimesBoostClock) {
  const TargetInfo &t = GetParam();
  double flopPerCUAndClock =
      t.simdsPerCU * kLanesPerSimd * kFlopPerFma * kDualIssue;
  EXPECT_EQ(flopPerCUAndClock, 256) << "docs/targets.md: 256 flop per CU";
  double tflops = t.computeUnits * flopPerCUAndClock * t.boostClockGHz / 1e3;
  EXPECT_NEAR(t.peakTflops, tflops, kPeakRoundingTflops);
  EXPECT_DOUBLE_EQ(t.peakFlops(), t.peakTflops * 1e12);
}

TEST_P(TargetFiguresTest, SustainedClockKeepsTheXtxRatio) {
  // Only the XTX's sustained clock is measured; every other product keeps its
  // ratio to the boost clock (docs/targets.md, "Figures no source gives").
  const TargetInfo &t = GetParam();
  const TargetInfo &xtx = getDefaultTarget();
  double ratio = xtx.sustainedClockGHz / xtx.boostClockGHz;
  EXPECT_NEAR(t.sustainedClockGHz, t.boostClockGHz * ratio, 1e-12);
  EXPECT_LT(t.sustainedClockGHz, t.boostClockGHz);
}

TEST_P(TargetFiguresTest, RegisterFileFollowsTheIsa) {
  // The 50 % larger VGPR file is an ISA feature (Feature1_5xVGPRs of
  // gfx1100, gfx1101 and gfx1151): the table and the occupancy rule, which
  // gemm-report and the late pass use, must agree on it.
  const TargetInfo &t = GetParam();
  bool largeFile = llvm::is_contained(
      {StringRef("gfx1100"), StringRef("gfx1101"), StringRef("gfx1151")},
      StringRef(t.isa));
  EXPECT_EQ(t.vgprsPerSimd(),
            getVgprFile(/*wave64=*/false, largeFile).registers);
}

TEST_P(TargetFiguresTest, DerivedFiguresAreUnitConversions) {
  const TargetInfo &t = GetParam();
  // CU mode: a CU allocates from half of its WGP's LDS.
  EXPECT_EQ(t.ldsBytesPerCU() * 2, t.ldsBytesPerWGP);
  EXPECT_DOUBLE_EQ(t.dramBytesPerSecond(), t.dramGBps * 1e9);
  EXPECT_DOUBLE_EQ(t.boostClockHz(), t.boostClockGHz * 1e9);
  EXPECT_DOUBLE_EQ(t.launchGapSeconds(), t.launchGapNs * 1e-9);
  // A wave32 VGPR is 32 lanes of 4 bytes.
  EXPECT_EQ(uint64_t(t.vgprsPerSimd()) * 4 * 32, t.vgprFileBytesPerSimd);
}

TEST_P(TargetFiguresTest, FiguresArePositiveAndOrdered) {
  const TargetInfo &t = GetParam();
  EXPECT_GT(t.computeUnits, 0u);
  EXPECT_EQ(t.simdsPerCU, 2u) << "RDNA3: two SIMD32 per CU";
  EXPECT_GT(t.dramGBps, 0);
  EXPECT_GT(t.memLatencyNs, 0);
  EXPECT_GT(t.launchGapNs, 0);
  // The caches grow outwards: L0 per CU < L1 per array < L2 < Infinity Cache
  // (when there is one).
  EXPECT_LT(t.l0BytesPerCU, t.l1BytesPerArray);
  EXPECT_LT(t.l1BytesPerArray, t.l2Bytes);
  if (t.mallBytes)
    EXPECT_LT(t.l2Bytes, t.mallBytes);
}

TEST_P(TargetFiguresTest, ProductsOfOneIsaShareTheCU) {
  // Products of one ISA are one die, cut down or clocked differently: the
  // per-CU figures are the die's.
  const TargetInfo &t = GetParam();
  for (const TargetInfo &other : getTargets()) {
    if (StringRef(other.isa) != t.isa)
      continue;
    EXPECT_EQ(other.vgprFileBytesPerSimd, t.vgprFileBytesPerSimd) << other.name;
    EXPECT_EQ(other.ldsBytesPerWGP, t.ldsBytesPerWGP) << other.name;
    EXPECT_EQ(other.l0BytesPerCU, t.l0BytesPerCU) << other.name;
  }
}

INSTANTIATE_TEST_SUITE_P(Products, TargetFiguresTest,
                         testing::ValuesIn(getTargets()),
                         [](const testing::TestParamInfo<TargetInfo> &info) {
                           // Test names take letters, digits and '_' only.
                           std::string name = info.param.name;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(TargetTableTest, JsonListsEveryProductWithItsFigures) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printTargets(os, /*json=*/true);
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(text);
  ASSERT_TRUE(static_cast<bool>(value)) << llvm::toString(value.takeError());
  const llvm::json::Array *array = value->getAsArray();
  ASSERT_NE(array, nullptr);
  ASSERT_EQ(array->size(), getTargets().size());
  for (auto [entry, target] : llvm::zip_equal(*array, getTargets())) {
    const llvm::json::Object *object = entry.getAsObject();
    ASSERT_NE(object, nullptr);
    EXPECT_EQ(object->getString("name").value_or("").str(), target.name);
    EXPECT_EQ(object->getString("isa").value_or("").str(), target.isa);
    EXPECT_EQ(object->getInteger("compute_units"),
              int64_t(target.computeUnits));
    EXPECT_EQ(object->getNumber("peak_tflops"), target.peakTflops);
  }
}

} // namespace
