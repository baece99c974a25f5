//===- Simulator.h - Cycle-level timing model of RDNA3 (gfx1100) -*- C++
//-*-===//
//
// Predicts a kernel's time on an RDNA3 GPU by running it on the emulator
// cycle by cycle: one CU (two SIMD32s, its LDS and its memory path) executes
// the workgroups the dispatcher would give it, and the grid's time is that
// CU's time. The model, its parameters and their sources are in
// docs/timing-model.md.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_SIMULATOR_H
#define GEMM_RUNTIME_SIMULATOR_H

#include "gemm-opt/Target/Target.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gemm {
namespace rt {

/// Every latency, bandwidth and limit of the model. The machine's figures are
/// the target's (setTarget; by default the RX 7900 XTX's, the card the rest
/// is calibrated on). docs/timing-model.md gives the source of each other
/// value or says that it was fitted on the walkthrough's kernels.
struct SimParams {
  SimParams() { setTarget(gemm::getDefaultTarget()); }
  /// Takes the machine's figures from `T`: CUs, boost clock, DRAM, register
  /// file, LDS, cache sizes, the L2's rate, the latency behind the L2 and
  /// the gap between kernels.
  void setTarget(const gemm::TargetInfo &T);

  // Machine.
  std::string Target;
  unsigned ComputeUnits;
  double ClockGHz;
  double DramGBps;
  // Occupancy.
  unsigned VgprsPerSimd;
  unsigned VgprGranule;
  unsigned MaxWavesPerSimd = 16;
  unsigned LdsBytesPerCU;
  unsigned LdsGranule = 1024;
  unsigned MaxWorkgroupsPerCU = 16;
  // Issue.
  unsigned ValuLatency = 5;
  unsigned TransCycles = 4;
  unsigned TransLatency = 10;
  unsigned DppExtraLatency = 1; // ISA guide 7.7: DPP adds a cycle of delay
  unsigned IntMulCycles = 4;
  unsigned SaluLatency = 2;
  unsigned BranchTakenCycles = 16; // fitted
  unsigned BarrierCycles = 16;     // fitted
  // LDS (one CU's half: 32 banks of 4 bytes).
  unsigned LdsBanks = 32;
  unsigned LdsBytesPerClock = 128;
  unsigned LdsLatency = 40; // fitted
  /// A 64- or 128-bit load whose lanes 2i and 2i+1 all read the same address
  /// returns two lanes' data per slot: half the passes. Off: not documented
  /// for RDNA3 (NVIDIA documents it for its shared memory), and kernel 4,
  /// which needs it, then ties kernel 3 (docs/timing-model.md, "LDS pair
  /// packing and a loaded L2 latency").
  bool LdsPairPacking = false;
  // Vector memory.
  unsigned LineBytes = 128;
  unsigned L0Bytes;
  unsigned L0Ways = 32;
  unsigned L0BytesPerClock = 64;  // fitted
  unsigned VmemLanesPerClock = 4; // texture addresser: 4 per CU (384 TMUs)
  unsigned L0Latency = 100;       // fitted
  unsigned L1Bytes;
  unsigned L1Ways = 16;
  unsigned L1Latency = 180; // fitted
  unsigned L2Latency = 280; // fitted
  double L2BytesPerClockPerCU;
  // Measured in nanoseconds (the fabric and caches beyond the L2 do not
  // run at the shader clock).
  double MemLatencyNs;           // Infinity Cache (or DRAM), vector path
  double ScalarLatencyNs = 15.4; // scalar cache
  unsigned WorkgroupLaunchCycles = 200;
  /// From the end of one kernel to the start of the next that depends on it
  /// (a split tail's reduction): the target's launch gap, not fitted.
  double KernelGapNs;
};

/// Sets one parameter from "NAME=VALUE" (NAME as the member's name); for
/// calibration. Errors name the parameter and the accepted names.
llvm::Error setSimParam(SimParams &P, llvm::StringRef Assignment);
/// The names setSimParam accepts, comma-separated.
std::string simParamNames();

struct SimOptions {
  SimParams Params;
  /// Stop simulating in detail after this many wave instructions (once a
  /// steady rate of workgroup completions is known) and extrapolate.
  uint64_t MaxWaveInstructions = 60000000;
  /// Simulate every workgroup of the CU whatever the budget.
  bool Full = false;
  /// Record the instructions SIMD 0 issues during this many cycles, from the
  /// first workgroup's end (steady state) on; 0 records nothing.
  uint64_t TimelineCycles = 0;
};

/// One instruction SIMD 0 issued, for the timeline picture.
struct SimIssue {
  uint64_t Cycle = 0;
  unsigned Wave = 0; ///< The wave's slot on the unit (slot x waves + i).
  std::string Unit;  ///< "valu", "vopd", "salu", "smem", "vmem", "lds", ...
  uint64_t Address = 0;
};

/// Cycles charged to one instruction of the kernel.
struct SimStall {
  uint64_t Address = 0;
  std::string Text;
  std::string Reason;
  uint64_t Cycles = 0;
};

/// One kernel of a run of several, as predicted.
struct SimLaunch {
  std::string Kernel;
  double Seconds = 0;
  uint64_t Workgroups = 0;
};

struct SimResult {
  // Occupancy. The simulated unit is a CU (CU mode) or a WGP (WGP mode).
  bool WgpMode = false;
  unsigned VgprsAllocated = 0;
  unsigned WavesPerWorkgroup = 0;
  unsigned WorkgroupsPerCU = 0;
  unsigned WavesPerSimd = 0;
  std::string OccupancyLimit;
  // Grid.
  uint64_t Workgroups = 0;
  uint64_t WorkgroupsOnCU = 0;      ///< the busiest CU's share
  uint64_t SimulatedWorkgroups = 0; ///< of those, timed cycle by cycle
  bool Extrapolated = false;
  // Time.
  double CUCycles = 0;
  double Seconds = 0;
  /// The cycle each wave of the grid's first workgroup ended (issued
  /// s_endpgm), by its index in the workgroup: who finished first, for
  /// tests of the issue rules.
  std::vector<uint64_t> FirstWorkgroupWaveEnds;
  // SIMD-cycle accounting, summed over the CU's SIMDs while simulated.
  uint64_t SimdCycles = 0;
  uint64_t ValuIssueCycles = 0; ///< cycles a VALU instruction issued
  uint64_t ValuInstructions = 0;
  uint64_t BankStallCycles = 0; ///< VALU cycles lost to VGPR bank conflicts
  uint64_t VopdInstructions = 0;
  uint64_t WaveInstructions = 0;
  /// SIMD cycles without a VALU issue, by reason: "lds", "global memory",
  /// "barrier", "valu busy" (a multi-cycle VALU op), "bank conflict"
  /// (VGPR banks, charged to the conflicting instruction), "dependency",
  /// "branch", "no wave", "other issue".
  std::map<std::string, uint64_t> LostCycles;
  /// The instructions most cycles were charged to, most first.
  std::vector<SimStall> Stalls;
  /// SimOptions::TimelineCycles cycles of SIMD 0 from TimelineFrom.
  uint64_t TimelineFrom = 0;
  std::vector<SimIssue> Timeline;
  // Memory.
  uint64_t LdsInstructions = 0, LdsConflictCycles = 0;
  /// Shares of the simulated cycles the LDS halves in use and the CUs'
  /// vector memory address paths were busy: which one bounds the kernel.
  double LdsBusyShare = 0, VmemBusyShare = 0;
  uint64_t VmemInstructions = 0, VmemLines = 0, L0Hits = 0, L1Hits = 0,
           L2Hits = 0, MemAccesses = 0;
  /// Stored lines written back to DRAM (once each).
  uint64_t MemWrites = 0;
  double L2MissRate = 0;
  /// A run of several kernels (a split tail's reduction after the GEMM):
  /// each, in launch order. Seconds is then their sum with the gaps between
  /// them (SimParams::KernelGapNs); every other figure is the first's.
  std::vector<SimLaunch> Launches;
};

/// Adds `Next`, the prediction of kernel `NextKernel` launched after those
/// `Total` holds (the first of which was `FirstKernel`), to `Total`.
void appendSimLaunch(SimResult &Total, llvm::StringRef FirstKernel,
                     llvm::StringRef NextKernel, const SimResult &Next,
                     const SimParams &Params);

/// The prediction as a profiler would show it; \p Flops is the problem's
/// floating-point operation count.
void printSimResult(llvm::raw_ostream &OS, const SimResult &R, double Flops);
llvm::json::Value toJSON(const SimResult &R, double Flops);
/// The timeline of SIMD 0 (SimOptions::TimelineCycles) as JSON, for
/// bench/timeline.py.
llvm::json::Value timelineToJSON(const SimResult &R);

} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_SIMULATOR_H
