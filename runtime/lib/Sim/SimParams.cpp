//===- SimParams.cpp - Setting the timing model's parameters by name ------===//
//
// Lets the calibration scripts (bench/calibration/fit.py) try a parameter
// value without rebuilding: gemm-run --sim-param NAME=VALUE.
//
//===----------------------------------------------------------------------===//

#include "gemm-runtime/Simulator.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace gemm::rt;

namespace {
struct ParamEntry {
  const char *Name;
  unsigned SimParams::*Unsigned;
  double SimParams::*Double;
  bool SimParams::*Switch;
};
} // namespace

#define GEMM_SIM_UNSIGNED(N) {#N, &SimParams::N, nullptr, nullptr}
#define GEMM_SIM_DOUBLE(N) {#N, nullptr, &SimParams::N, nullptr}
#define GEMM_SIM_SWITCH(N) {#N, nullptr, nullptr, &SimParams::N}
static const ParamEntry ParamTable[] = {
    GEMM_SIM_UNSIGNED(ValuLatency),
    GEMM_SIM_UNSIGNED(TransCycles),
    GEMM_SIM_UNSIGNED(TransLatency),
    GEMM_SIM_UNSIGNED(DppExtraLatency),
    GEMM_SIM_UNSIGNED(IntMulCycles),
    GEMM_SIM_UNSIGNED(BranchTakenCycles),
    GEMM_SIM_UNSIGNED(BarrierCycles),
    GEMM_SIM_UNSIGNED(LdsBanks),
    GEMM_SIM_UNSIGNED(LdsBytesPerClock),
    GEMM_SIM_UNSIGNED(LdsLatency),
    GEMM_SIM_SWITCH(LdsPairPacking),
    GEMM_SIM_UNSIGNED(L0BytesPerClock),
    GEMM_SIM_UNSIGNED(VmemLanesPerClock),
    GEMM_SIM_UNSIGNED(L0Latency),
    GEMM_SIM_UNSIGNED(L1Latency),
    GEMM_SIM_UNSIGNED(L2Latency),
    GEMM_SIM_DOUBLE(L2BytesPerClockPerCU),
    GEMM_SIM_DOUBLE(MemLatencyNs),
    GEMM_SIM_DOUBLE(ScalarLatencyNs),
    GEMM_SIM_UNSIGNED(WorkgroupLaunchCycles),
    GEMM_SIM_DOUBLE(KernelGapNs),
};
#undef GEMM_SIM_UNSIGNED
#undef GEMM_SIM_DOUBLE
#undef GEMM_SIM_SWITCH

std::string gemm::rt::simParamNames() {
  std::string Names;
  for (const ParamEntry &E : ParamTable)
    Names += (Names.empty() ? "" : ", ") + std::string(E.Name);
  return Names;
}

// The ranges a parameter may take: wide enough for any experiment, narrow
// enough that the model's cycle counts (a latency or a line's DRAM time in
// cycles, at most 10 GHz) stay far below 2^63.
static constexpr unsigned MaxUnsignedParam = 1000000;
static constexpr double MinDoubleParam = 1e-3, MaxDoubleParam = 1e6;

Error gemm::rt::setSimParam(SimParams &P, StringRef Assignment) {
  auto [Name, Value] = Assignment.split('=');
  for (const ParamEntry &E : ParamTable) {
    if (Name != E.Name)
      continue;
    if (E.Unsigned) {
      unsigned V;
      if (Value.getAsInteger(10, V) || V == 0 || V > MaxUnsignedParam)
        return createStringError(
            inconvertibleErrorCode(),
            formatv("--sim-param {0}: '{1}' is not an integer in 1..{2}", Name,
                    Value, MaxUnsignedParam));
      P.*E.Unsigned = V;
    } else if (E.Switch) {
      if (Value != "0" && Value != "1")
        return createStringError(
            inconvertibleErrorCode(),
            formatv("--sim-param {0}: '{1}' is not 0 (off) or 1 (on)", Name,
                    Value));
      P.*E.Switch = Value == "1";
    } else {
      double V;
      if (Value.getAsDouble(V) || !(V >= MinDoubleParam) ||
          !(V <= MaxDoubleParam))
        return createStringError(
            inconvertibleErrorCode(),
            formatv("--sim-param {0}: '{1}' is not a number in [0.001, "
                    "1000000]",
                    Name, Value));
      P.*E.Double = V;
    }
    return Error::success();
  }
  return createStringError(
      inconvertibleErrorCode(),
      formatv("--sim-param: unknown parameter '{0}' (expected NAME=VALUE, "
              "NAME one of {1})",
              Name, simParamNames()));
}

void SimParams::setTarget(const gemm::TargetInfo &T) {
  Target = T.name;
  ComputeUnits = T.computeUnits;
  ClockGHz = T.boostClockGHz;
  DramGBps = T.dramGBps;
  VgprsPerSimd = T.vgprsPerSimd();
  // LLVM's allocation granule for wave32: 24 VGPRs with the 1.5x file, 16
  // with the smaller one (AMDGPUBaseInfo).
  VgprGranule = VgprsPerSimd / 64;
  LdsBytesPerCU = static_cast<unsigned>(T.ldsBytesPerCU());
  L0Bytes = static_cast<unsigned>(T.l0BytesPerCU);
  L1Bytes = static_cast<unsigned>(T.l1BytesPerArray);
  L2BytesPerClockPerCU = T.l2BytesPerClockPerCU;
  MemLatencyNs = T.memLatencyNs;
  KernelGapNs = T.launchGapNs;
}
