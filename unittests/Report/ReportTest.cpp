//===- ReportTest.cpp - gemm-report's models on synthetic streams ---------===//
//
// gemm-report's analysis (docs/report.md) of instruction lists written as
// LLVM prints them, without assembling them: the VOPD checks, the bank
// model's trace and stalls, the per-iteration cycle estimate, and the
// occupancy that the metadata's VGPRs, LDS and workgroup size allow. Each
// case's figures are worked out by hand from the doc's rules.
//
//===----------------------------------------------------------------------===//

#include "ReportInternal.h"

#include "llvm/ADT/StringRef.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace gemm;
using namespace gemm::report;

namespace {

/// A plain instruction list, as gemm-report reads a .s file without a
/// kernel: the whole list is one loop iteration.
KernelCode plainList(const std::vector<const char *> &lines) {
  KernelCode kernel;
  kernel.name = "list";
  kernel.plainList = true;
  uint64_t address = 0;
  for (const char *line : lines) {
    Instruction inst;
    inst.address = address;
    inst.size = 8;
    inst.text = line;
    inst.mnemonic = llvm::StringRef(line).split(' ').first.str();
    kernel.code.push_back(inst);
    address += inst.size;
  }
  return kernel;
}

//===----------------------------------------------------------------------===//
// VOPD checks
//===----------------------------------------------------------------------===//

struct VopdCase {
  const char *name;
  const char *text;
  /// The rules broken, in the order the report lists them.
  std::vector<std::string> rules;
  const char *why;
};

const VopdCase kVopdCases[] = {
    {"Legal",
     "v_dual_fmac_f32 v32, v0, v5 :: v_dual_fmac_f32 v33, v1, v4",
     {},
     "destinations 32/33; src0 v0/v1 and vsrc1 v5/v4: other banks, other "
     "parities"},
    {"DestinationParity",
     "v_dual_fmac_f32 v32, v0, v5 :: v_dual_fmac_f32 v34, v1, v4",
     {"dst-parity"},
     "v32 and v34 are both even"},
    {"SameBanks",
     "v_dual_fmac_f32 v32, v0, v5 :: v_dual_fmac_f32 v33, v4, v1",
     {"src0-bank", "src0-parity-hazard", "vsrc1-bank", "vsrc1-parity-hazard"},
     "v0/v4 and v5/v1 share a bank, hence a parity: both rules, both slots"},
    {"ParityOnly",
     "v_dual_fmac_f32 v32, v0, v5 :: v_dual_fmac_f32 v33, v2, v7",
     {"src0-parity-hazard", "vsrc1-parity-hazard"},
     "banks 0/2 and 1/3 are legal for LLVM, but of one parity each"},
    {"YReadsXDestination",
     "v_dual_add_f32 v0, v3, v5 :: v_dual_add_f32 v1, v0, v6",
     {"y-reads-x-dst"},
     "Y reads v0, which X writes"},
    {"ConstantSources",
     "v_dual_mul_f32 v10, 1.0, v4 :: v_dual_mul_f32 v11, 2.0, v6",
     {"vsrc1-parity-hazard"},
     "constants in src0 have no bank; vsrc1 v4/v6 are both even"},
    {"SgprSources",
     "v_dual_fmac_f32 v10, s0, v4 :: v_dual_fmac_f32 v11, s1, v8",
     {"vsrc1-bank", "vsrc1-parity-hazard"},
     "SGPRs in src0 have no bank; vsrc1 v4/v8 are both in bank 0"},
    {"FmamkAndMov",
     "v_dual_fmamk_f32 v10, v1, 0x40000000, v4 :: v_dual_mov_b32 v11, v3",
     {"src0-parity-hazard"},
     "fmamk's K is no source slot; src0 v1/v3 are both odd, and the mov has "
     "no vsrc1"},
    {"NotVopd", "v_fmac_f32_e32 v0, v2, v4", {}, "only v_dual_* is checked"},
};

class ReportVopdTest : public testing::TestWithParam<VopdCase> {};

TEST_P(ReportVopdTest, Rules) {
  const VopdCase &c = GetParam();
  SCOPED_TRACE(c.why);
  KernelReport report = analyzeKernel(plainList({c.text}), ReportOptions());
  EXPECT_EQ(report.vopdChecked,
            llvm::StringRef(c.text).starts_with("v_dual_") ? 1u : 0u);
  std::vector<std::string> rules;
  for (const VopdViolation &violation : report.vopdViolations)
    rules.push_back(llvm::StringRef(violation.rule).split(':').first.str());
  EXPECT_EQ(rules, c.rules);
}

INSTANTIATE_TEST_SUITE_P(Instructions, ReportVopdTest,
                         testing::ValuesIn(kVopdCases),
                         [](const testing::TestParamInfo<VopdCase> &info) {
                           return std::string(info.param.name);
                         });

//===----------------------------------------------------------------------===//
// Bank model
//===----------------------------------------------------------------------===//

struct BankCase {
  const char *name;
  std::vector<const char *> lines;
  /// Scored from empty caches (the walkthrough's tables) rather than in the
  /// loop's steady state (a pass that leaves its caches and writes first).
  bool coldCache;
  /// Per VALU instruction: the walkthrough's trace and the stall cycles.
  std::vector<std::pair<std::string, unsigned>> rows;
  unsigned cachedReads, conflicting, stallCycles, maxBankUses;
  const char *why;
};

const char *const kVopdA =
    "v_dual_fmac_f32 v32, v0, v4 :: v_dual_fmac_f32 v33, v1, v5";
const char *const kVopdB =
    "v_dual_fmac_f32 v36, v8, v12 :: v_dual_fmac_f32 v37, v9, v13";
const char *const kVopdARepeated =
    "v_dual_fmac_f32 v36, v0, v4 :: v_dual_fmac_f32 v37, v1, v5";

const BankCase kBankCases[] = {
    {"AlternatingCold",
     {kVopdA, kVopdB},
     true,
     {{"- R0 R0 - R1 R1", 0}, {"W0 R0 R0 W1 R1 R1", 1}},
     0,
     1,
     1,
     3,
     "the second VOPD reads other registers of banks 0 and 1 while the "
     "first one's v32 and v33 land there: 3 uses, 1 cycle"},
    {"AlternatingSteadyState",
     {kVopdA, kVopdB},
     false,
     {{"W0 R0 R0 W1 R1 R1", 1}, {"W0 R0 R0 W1 R1 R1", 1}},
     0,
     2,
     2,
     3,
     "in the loop the first VOPD meets the last one's writes too"},
    {"RepeatedRegisters",
     {kVopdA, kVopdARepeated},
     true,
     {{"- R0 R0 - R1 R1", 0}, {"W0 Cache0 Cache0 W1 Cache1 Cache1", 0}},
     4,
     0,
     0,
     3,
     "the same registers again hit the operand caches: no RAM read, no "
     "stall"},
    {"LoadBetween",
     {"v_fmac_f32_e32 v40, v0, v4", "ds_load_b32 v0, v20",
      "v_fmac_f32_e32 v44, v0, v4"},
     true,
     {{"- R0 R0", 0}, {"W0 R0 Cache0", 1}},
     1,
     1,
     1,
     3,
     "the load replaced v0's cached copy: a RAM read beside v4's hit and "
     "v40's write"},
    {"NoLoadBetween",
     {"v_fmac_f32_e32 v40, v0, v4", "v_fmac_f32_e32 v44, v0, v4"},
     true,
     {{"- R0 R0", 0}, {"W0 Cache0 Cache0", 0}},
     2,
     0,
     0,
     3,
     "both reads hit: 3 uses, none of them the RAM"},
    {"RealSrc2",
     {"v_fma_f32 v3, v0, v4, v8"},
     true,
     {{"- R0 R0 R0", 1}},
     0,
     1,
     1,
     3,
     "v_fma_f32 reads its src2 through port 2: 3 reads of bank 0"},
    {"TiedAccumulator",
     {"v_fmac_f32_e32 v8, v0, v4"},
     true,
     {{"- R0 R0", 0}},
     0,
     0,
     0,
     2,
     "v_fmac's accumulator (v8, bank 0) is not counted as a read"},
};

class ReportBankTest : public testing::TestWithParam<BankCase> {};

TEST_P(ReportBankTest, TraceAndStalls) {
  const BankCase &c = GetParam();
  SCOPED_TRACE(c.why);
  ReportOptions options;
  options.keepBankTrace = true;
  options.coldCache = c.coldCache;
  KernelReport report = analyzeKernel(plainList(c.lines), options);
  ASSERT_TRUE(report.loop.found);
  EXPECT_TRUE(report.loop.wholeInput);
  const BankSummary &banks = report.loop.banks;
  ASSERT_EQ(banks.rows.size(), c.rows.size());
  for (size_t i = 0; i < c.rows.size(); ++i) {
    EXPECT_EQ(banks.rows[i].trace, c.rows[i].first) << "row " << i;
    EXPECT_EQ(banks.rows[i].stallCycles, c.rows[i].second) << "row " << i;
  }
  EXPECT_EQ(banks.valuInstrs, c.rows.size());
  EXPECT_EQ(banks.cachedReads, c.cachedReads);
  EXPECT_EQ(banks.conflicting, c.conflicting);
  EXPECT_EQ(banks.stallCycles, c.stallCycles);
  EXPECT_EQ(banks.maxBankUses, c.maxBankUses);
}

INSTANTIATE_TEST_SUITE_P(Streams, ReportBankTest, testing::ValuesIn(kBankCases),
                         [](const testing::TestParamInfo<BankCase> &info) {
                           return std::string(info.param.name);
                         });

//===----------------------------------------------------------------------===//
// Cycle estimate
//===----------------------------------------------------------------------===//

struct EstimateCase {
  const char *name;
  std::vector<const char *> lines;
  /// The terms of docs/report.md: VALU (instructions + bank stalls), scalar,
  /// LDS issue, LDS bandwidth (bytes per lane x 32 / 64), VMEM issue.
  double valu, scalar, ldsIssue, ldsData, vmemIssue;
  /// The bound with at least 2 waves per SIMD (a plain list): the busiest
  /// unit.
  const char *bound;
  unsigned fmas;
  const char *why;
};

// The VOPDs below keep their accumulators in banks 2 and 3 and read the
// loaded v20, v21 (banks 0, 1) and v24, v25 (banks 0, 1): at most 2 uses a
// bank, no stall even right after the loads.
const EstimateCase kEstimateCases[] = {
    {"LdsBound",
     {"ds_load_b128 v[20:23], v100", "ds_load_b128 v[24:27], v100 offset:256",
      "s_waitcnt lgkmcnt(0)",
      "v_dual_fmac_f32 v34, v20, v25 :: v_dual_fmac_f32 v35, v21, v24",
      "v_dual_fmac_f32 v38, v20, v25 :: v_dual_fmac_f32 v39, v21, v24",
      "v_dual_fmac_f32 v42, v20, v25 :: v_dual_fmac_f32 v43, v21, v24",
      "v_dual_fmac_f32 v46, v20, v25 :: v_dual_fmac_f32 v47, v21, v24"},
     4,
     1,
     2,
     32.0 * 32 / 64,
     0,
     "LDS bandwidth",
     8,
     "32 bytes a lane: 16 cycles of the SIMD's half of 128 bytes a clock, "
     "against 4 VOPDs"},
    {"ValuBound",
     {"ds_load_b64 v[20:21], v100", "s_waitcnt lgkmcnt(0)",
      "v_dual_fmac_f32 v34, v20, v25 :: v_dual_fmac_f32 v35, v21, v24",
      "v_dual_fmac_f32 v38, v20, v25 :: v_dual_fmac_f32 v39, v21, v24",
      "v_dual_fmac_f32 v42, v20, v25 :: v_dual_fmac_f32 v43, v21, v24",
      "v_dual_fmac_f32 v46, v20, v25 :: v_dual_fmac_f32 v47, v21, v24",
      "v_dual_fmac_f32 v50, v20, v25 :: v_dual_fmac_f32 v51, v21, v24",
      "v_dual_fmac_f32 v54, v20, v25 :: v_dual_fmac_f32 v55, v21, v24",
      "v_dual_fmac_f32 v58, v20, v25 :: v_dual_fmac_f32 v59, v21, v24",
      "v_dual_fmac_f32 v62, v20, v25 :: v_dual_fmac_f32 v63, v21, v24"},
     8,
     1,
     1,
     8.0 * 32 / 64,
     0,
     "VALU",
     16,
     "8 VOPDs against 4 cycles of LDS data"},
    {"BankStallsAreValuCycles",
     {kVopdA, kVopdB},
     2 + 2,
     0,
     0,
     0,
     0,
     "VALU",
     4,
     "2 VOPDs and, in the steady state, a stall cycle each"},
    {"GlobalLoads",
     {"global_load_b128 v[20:23], v1, s[0:1]",
      "global_load_b128 v[24:27], v1, s[0:1] offset:16",
      "global_store_b32 v1, v2, s[2:3]", "s_add_u32 s0, s0, 16",
      "s_cbranch_scc1 0"},
     0,
     2,
     0,
     0,
     3,
     "VMEM issue",
     0,
     "3 vector memory instructions; a SALU op and a branch are scalar"},
};

class ReportEstimateTest : public testing::TestWithParam<EstimateCase> {};

TEST_P(ReportEstimateTest, Terms) {
  const EstimateCase &c = GetParam();
  SCOPED_TRACE(c.why);
  ReportOptions options;
  KernelReport report = analyzeKernel(plainList(c.lines), options);
  ASSERT_TRUE(report.loop.found);
  const CycleEstimate &e = report.loop.estimate;
  EXPECT_EQ(e.valu, c.valu);
  EXPECT_EQ(e.scalar, c.scalar);
  EXPECT_EQ(e.ldsIssue, c.ldsIssue);
  EXPECT_EQ(e.ldsData, c.ldsData);
  EXPECT_EQ(e.vmemIssue, c.vmemIssue);
  EXPECT_EQ(e.serial,
            std::max(c.valu + c.scalar + c.ldsIssue + c.vmemIssue, c.ldsData));
  EXPECT_TRUE(e.usedInterleaved) << "no metadata: at least 2 waves assumed";
  double busiest =
      std::max({c.valu, c.scalar, c.ldsIssue, c.ldsData, c.vmemIssue});
  EXPECT_EQ(e.cycles, busiest);
  EXPECT_EQ(e.bound, c.bound);
  EXPECT_EQ(report.loop.counts.fmas, c.fmas);
  // The ceiling: 2 flop per FMA and lane, 32 lanes, per estimated cycle, on
  // every SIMD (2 per CU) of the machine at its clock.
  const MachineModel &machine = options.machine;
  double ceiling = c.fmas * 2.0 * 32 / busiest * machine.computeUnits * 2 *
                   machine.clockGHz * 1e9 / 1e12;
  EXPECT_DOUBLE_EQ(e.tflopsCeiling, ceiling);
}

INSTANTIATE_TEST_SUITE_P(Streams, ReportEstimateTest,
                         testing::ValuesIn(kEstimateCases),
                         [](const testing::TestParamInfo<EstimateCase> &info) {
                           return std::string(info.param.name);
                         });

//===----------------------------------------------------------------------===//
// Occupancy
//===----------------------------------------------------------------------===//

/// The LDS sizes of a case, as parts of the target's so that no size is
/// written here.
enum class Lds { None, HalfACU, TwoWGPs };

struct OccupancyCase {
  const char *name;
  const char *target;
  uint64_t vgprs;
  Lds lds;
  uint64_t workgroupSize, wavefrontSize;
  bool wgpMode;
  unsigned wavesByVgprs, wavesByLds, waves;
  const char *limiter;
  const char *why;
};

const OccupancyCase kOccupancyCases[] = {
    {"Kernel8", "rx7900xtx", 216, Lds::None, 128, 32, false, 7, 16, 6,
     "VGPRs (whole workgroups)",
     "docs/timing-model.md: 216 VGPRs allow 7 waves, 3 workgroups of 4 = 6"},
    {"LdsLimited", "rx7900xtx", 128, Lds::HalfACU, 256, 32, false, 10, 8, 8,
     "LDS", "2 workgroups of 8 waves fit a CU's LDS: 16 waves on 2 SIMDs"},
    {"LdsLimitedWgpMode", "rx7900xtx", 128, Lds::HalfACU, 256, 32, true, 10, 8,
     8, "LDS", "a WGP's LDS holds 4 such workgroups for its 4 SIMDs"},
    {"SmallRegisterFile", "rx7600", 128, Lds::None, 256, 32, false, 8, 16, 8,
     "VGPRs", "1024 VGPRs: 8 waves of 128"},
    {"LargeRegisterFile", "rx7900xtx", 128, Lds::None, 256, 32, false, 10, 16,
     8, "VGPRs (whole workgroups)",
     "1536 VGPRs: 10 waves of 144, but workgroups of 8 waves place 8"},
    {"Wave64", "rx7900xtx", 128, Lds::None, 256, 64, false, 5, 16, 4,
     "VGPRs (whole workgroups)",
     "768 wave64 VGPRs in granules of 12: 132 allocated, 5 waves; 4 waves a "
     "workgroup place 4"},
    {"TooMuchLds", "rx7900xtx", 64, Lds::TwoWGPs, 256, 32, true, 16, 0, 0,
     "LDS", "a workgroup takes at most 64 KiB of LDS: none fits"},
    {"FewVgprs", "rx7900xtx", 24, Lds::None, 64, 32, false, 16, 16, 16,
     "wave slots", "a SIMD holds at most 16 waves"},
};

class ReportOccupancyTest : public testing::TestWithParam<OccupancyCase> {};

TEST_P(ReportOccupancyTest, Waves) {
  const OccupancyCase &c = GetParam();
  SCOPED_TRACE(c.why);
  const TargetInfo *target = lookupTarget(c.target);
  ASSERT_NE(target, nullptr);
  KernelCode kernel;
  kernel.name = "k";
  kernel.wgpMode = c.wgpMode;
  KernelInfo info;
  info.VgprCount = c.vgprs;
  info.GroupSegmentSize = c.lds == Lds::None      ? 0
                          : c.lds == Lds::HalfACU ? target->ldsBytesPerCU() / 2
                                                  : 2 * target->ldsBytesPerWGP;
  info.WavefrontSize = c.wavefrontSize;
  info.MaxFlatWorkgroupSize = c.workgroupSize;
  kernel.info = info;
  ReportOptions options;
  options.machine.target = target;
  Resources r = analyzeKernel(kernel, options).resources;
  ASSERT_TRUE(r.known);
  EXPECT_EQ(r.wavesByVgprs, c.wavesByVgprs);
  EXPECT_EQ(r.wavesByLds, c.wavesByLds);
  EXPECT_EQ(r.waves, c.waves);
  EXPECT_EQ(r.limiter, c.limiter);
}

INSTANTIATE_TEST_SUITE_P(Kernels, ReportOccupancyTest,
                         testing::ValuesIn(kOccupancyCases),
                         [](const testing::TestParamInfo<OccupancyCase> &info) {
                           return std::string(info.param.name);
                         });

} // namespace
