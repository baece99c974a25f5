//===- SimReport.cpp - Printing the timing model's prediction -------------===//

#include "gemm-runtime/Simulator.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace gemm::rt;

static double share(uint64_t Part, uint64_t Whole) {
  return Whole ? 100.0 * Part / Whole : 0.0;
}

void gemm::rt::appendSimLaunch(SimResult &Total, StringRef FirstKernel,
                               StringRef NextKernel, const SimResult &Next,
                               const SimParams &Params) {
  if (Total.Launches.empty())
    Total.Launches.push_back(
        {FirstKernel.str(), Total.Seconds, Total.Workgroups});
  Total.Launches.push_back({NextKernel.str(), Next.Seconds, Next.Workgroups});
  Total.Seconds += Params.KernelGapNs * 1e-9 + Next.Seconds;
}

void gemm::rt::printSimResult(raw_ostream &OS, const SimResult &R,
                              double Flops) {
  OS << formatv("predicted time: {0:F3} ms, {1:F1} TFLOP/s (timing model, "
                "not a measurement)\n",
                R.Seconds * 1e3, R.Seconds > 0 ? Flops / R.Seconds / 1e12 : 0);
  if (!R.Launches.empty()) {
    OS << "kernels, in launch order (the figures below are the first's):";
    for (const SimLaunch &L : R.Launches)
      OS << formatv(" {0} {1:F3} ms ({2} workgroups);", L.Kernel,
                    L.Seconds * 1e3, L.Workgroups);
    OS << " and the gaps between them\n";
  }
  const char *Unit = R.WgpMode ? "WGP" : "CU";
  OS << formatv("occupancy: {0} VGPRs allocated, {1} waves per workgroup, {2} "
                "workgroups per {5}{6}, {3} waves per SIMD (limited by {4})\n",
                R.VgprsAllocated, R.WavesPerWorkgroup, R.WorkgroupsPerCU,
                R.WavesPerSimd, R.OccupancyLimit, Unit,
                R.WgpMode ? " (WGP mode)" : "");
  OS << formatv("grid: {0} workgroups, {1} on the busiest {5}, {2} of them "
                "simulated{3}; {4:F0} cycles\n",
                R.Workgroups, R.WorkgroupsOnCU, R.SimulatedWorkgroups,
                R.Extrapolated ? " (the rest extrapolated)" : "", R.CUCycles,
                Unit);
  OS << "first workgroup: its waves end at cycle";
  for (uint64_t C : R.FirstWorkgroupWaveEnds)
    OS << ' ' << C;
  OS << "\n";
  OS << formatv("VALU busy: {0:F1} % of SIMD cycles; {1:F1} % of VALU "
                "instructions are VOPD\n",
                share(R.ValuIssueCycles, R.SimdCycles),
                share(R.VopdInstructions, R.ValuInstructions));
  OS << "SIMD cycles without a VALU issue:";
  for (const auto &[Why, Cycles] : R.LostCycles)
    OS << formatv(" {0} {1:F1} %,", Why, share(Cycles, R.SimdCycles));
  OS << "\n";
  OS << formatv("memory: {0} LDS instructions ({1} bank-conflict cycles), {2} "
                "global instructions, {3} lines: L0 {4:F1} %, L1 {5:F1} %, "
                "L2 {6:F1} %, memory {7:F1} % (L2 first-touch miss rate "
                "{8:F3})\n",
                R.LdsInstructions, R.LdsConflictCycles, R.VmemInstructions,
                R.VmemLines, share(R.L0Hits, R.VmemLines),
                share(R.L1Hits, R.VmemLines), share(R.L2Hits, R.VmemLines),
                share(R.MemAccesses, R.VmemLines), R.L2MissRate);
  OS << formatv("busy: LDS {0:F1} % of the cycles (of the LDS halves in use), "
                "vector memory address path {1:F1} %\n",
                100 * R.LdsBusyShare, 100 * R.VmemBusyShare);
  if (!R.Stalls.empty()) {
    OS << "stall cycles by instruction (SIMD cycles without a VALU issue):\n";
    for (const SimStall &S : R.Stalls)
      OS << formatv("  {0,10} {1,5:F1} %  {2,-14} {3:x}: {4}\n", S.Cycles,
                    share(S.Cycles, R.SimdCycles), S.Reason, S.Address, S.Text);
  }
}

json::Value gemm::rt::toJSON(const SimResult &R, double Flops) {
  json::Object Lost;
  for (const auto &[Why, Cycles] : R.LostCycles)
    Lost[Why] = Cycles;
  json::Array Stalls;
  for (const SimStall &S : R.Stalls)
    Stalls.push_back(json::Object{{"address", S.Address},
                                  {"instruction", S.Text},
                                  {"reason", S.Reason},
                                  {"cycles", S.Cycles}});
  json::Array Launches;
  for (const SimLaunch &L : R.Launches)
    Launches.push_back(json::Object{{"kernel", L.Kernel},
                                    {"milliseconds", L.Seconds * 1e3},
                                    {"workgroups", L.Workgroups}});
  return json::Object{
      {"model", "gemm-opt timing model (prediction)"},
      {"launches", std::move(Launches)},
      {"milliseconds", R.Seconds * 1e3},
      {"tflops", R.Seconds > 0 ? Flops / R.Seconds / 1e12 : 0},
      {"occupancy", json::Object{{"wgp_mode", R.WgpMode},
                                 {"vgprs_allocated", R.VgprsAllocated},
                                 {"waves_per_workgroup", R.WavesPerWorkgroup},
                                 {"workgroups_per_cu", R.WorkgroupsPerCU},
                                 {"waves_per_simd", R.WavesPerSimd},
                                 {"limit", R.OccupancyLimit}}},
      {"grid", json::Object{{"workgroups", R.Workgroups},
                            {"workgroups_on_cu", R.WorkgroupsOnCU},
                            {"simulated_workgroups", R.SimulatedWorkgroups},
                            {"extrapolated", R.Extrapolated},
                            {"cu_cycles", R.CUCycles},
                            {"first_workgroup_wave_ends",
                             json::Array(R.FirstWorkgroupWaveEnds)}}},
      {"simd_cycles", R.SimdCycles},
      {"valu_issue_cycles", R.ValuIssueCycles},
      {"valu_instructions", R.ValuInstructions},
      {"bank_stall_cycles", R.BankStallCycles},
      {"vopd_instructions", R.VopdInstructions},
      {"wave_instructions", R.WaveInstructions},
      {"lost_cycles", std::move(Lost)},
      {"stalls", std::move(Stalls)},
      {"memory", json::Object{{"lds_instructions", R.LdsInstructions},
                              {"lds_conflict_cycles", R.LdsConflictCycles},
                              {"lds_busy_share", R.LdsBusyShare},
                              {"vector_path_busy_share", R.VmemBusyShare},
                              {"global_instructions", R.VmemInstructions},
                              {"global_lines", R.VmemLines},
                              {"l0_hits", R.L0Hits},
                              {"l1_hits", R.L1Hits},
                              {"l2_hits", R.L2Hits},
                              {"memory_accesses", R.MemAccesses},
                              {"memory_write_backs", R.MemWrites},
                              {"l2_first_touch_miss_rate", R.L2MissRate}}}};
}

json::Value gemm::rt::timelineToJSON(const SimResult &R) {
  json::Array Issues;
  for (const SimIssue &I : R.Timeline)
    Issues.push_back(json::Array{I.Cycle, I.Wave, I.Unit, I.Address});
  return json::Object{{"format", "gemm-sim-timeline-1"},
                      {"simd", 0},
                      {"from_cycle", R.TimelineFrom},
                      {"waves_per_simd", R.WavesPerSimd},
                      {"issues", std::move(Issues)}};
}
