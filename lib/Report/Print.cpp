//===- Print.cpp - Text and JSON forms of a report ------------------------===//

#include "gemm-opt/Report/Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gemm {
namespace report {

static std::string hex(uint64_t value) { return "0x" + utohexstr(value, true); }

static double share(unsigned part, unsigned whole) {
  return whole ? 100.0 * part / whole : 0.0;
}

static double perFma(unsigned bytes, unsigned fmas) {
  return fmas ? static_cast<double>(bytes) / fmas : 0.0;
}

/// "src0-bank: ..." -> {"src0-bank", "..."}.
static std::pair<StringRef, StringRef> splitRule(StringRef rule) {
  auto [id, message] = rule.split(": ");
  return {id, message};
}

static void printCounts(const InstrCounts &c, raw_ostream &os) {
  auto line = [&](StringRef name, unsigned value, std::string extra = "") {
    os << formatv("    {0,-24}{1,6}", name, value);
    if (!extra.empty())
      os << "   " << extra;
    os << "\n";
  };
  line("FMAs", c.fmas,
       formatv("{0} in VOPD ({1:F1} %)", c.vopdFmas, share(c.vopdFmas, c.fmas))
           .str());
  line("instructions", c.instructions);
  line("VOPD instructions", c.vopd);
  line("LDS loads", c.ldsLoads,
       formatv("{0} B/lane, {1:F3} B per FMA", c.ldsLoadBytes,
               perFma(c.ldsLoadBytes, c.fmas))
           .str());
  line("LDS stores", c.ldsStores, formatv("{0} B/lane", c.ldsStoreBytes).str());
  if (c.ldsOther)
    line("LDS other", c.ldsOther);
  line("global loads", c.globalLoads);
  line("global stores", c.globalStores);
  if (c.vmemOther)
    line("other vector memory", c.vmemOther);
  line("other VALU", c.otherValu);
  line("SALU", c.salu);
  if (c.smem)
    line("scalar loads", c.smem);
  line("s_waitcnt", c.waitcnts);
  line("barriers", c.barriers);
  line("branches", c.branches);
  line("s_delay_alu/s_nop/hints", c.delayNops);
  if (c.other)
    line("other", c.other);
}

/// The term that bounds the ceiling, as "<term> bound" reads it.
static std::string boundName(const CycleEstimate &e) {
  if (!e.usedInterleaved && e.bound != "LDS bandwidth")
    return "single-wave serial issue";
  if (e.bound == "VALU" || e.bound == "scalar")
    return e.bound + " issue";
  return e.bound;
}

static void printKernel(const KernelReport &k, const ReportOptions &options,
                        raw_ostream &os) {
  os << formatv("kernel {0} (entry {1}, {2} bytes, {3} instructions)\n", k.name,
                hex(k.entry), k.codeBytes, k.kernelCounts.instructions);
  const Resources &r = k.resources;
  if (r.known) {
    os << formatv("  resources   VGPRs {0}, SGPRs {1}, LDS {2} B, scratch {3} "
                  "B/lane, spills {4} VGPR / {5} SGPR\n",
                  r.vgprs, r.sgprs, r.ldsBytes, r.scratchBytes, r.vgprSpills,
                  r.sgprSpills);
    os << formatv("  occupancy   {0} waves/SIMD, limited by {1} (VGPRs {2}, "
                  "LDS {3}, wave slots {4}); wave{5}, {6} mode, workgroup {7} "
                  "lanes ({8})\n",
                  r.waves, r.limiter, r.wavesByVgprs, r.wavesByLds,
                  r.wavesBySlots, r.wavefrontSize, r.wgpMode ? "WGP" : "CU",
                  r.workgroupSize,
                  r.workgroupSizeRequired ? "required" : "max flat size");
  } else {
    os << "  resources   unknown (no kernel metadata: plain instruction "
          "list)\n";
  }

  const LoopReport &loop = k.loop;
  if (!loop.found) {
    os << "  loop        none (no backward branch); kernel-wide counts:\n";
    printCounts(k.kernelCounts, os);
  } else {
    if (loop.wholeInput)
      os << formatv("  loop        the whole input is one iteration ({0}..{1})"
                    "\n",
                    hex(loop.begin), hex(loop.end));
    else
      os << formatv("  loop        {0}..{1} ({2}), per iteration:\n",
                    hex(loop.begin), hex(loop.end), loop.why);
    printCounts(loop.counts, os);
  }

  os << formatv("  VOPD rules  {0} v_dual_* checked ({1}), {2} violation{3}\n",
                k.vopdChecked, k.vopdScope, k.vopdViolations.size(),
                k.vopdViolations.size() == 1 ? "" : "s");
  size_t shown = 0;
  for (const VopdViolation &v : k.vopdViolations) {
    if (options.maxViolations && shown++ == options.maxViolations) {
      os << formatv("    ... {0} more (--max-violations=0 lists all; --json "
                    "has every one)\n",
                    k.vopdViolations.size() - options.maxViolations);
      break;
    }
    os << formatv("    {0}  {1}\n            {2}\n", hex(v.address), v.rule,
                  v.text);
  }

  if (!loop.found)
    return;
  const BankSummary &b = loop.banks;
  os << formatv("  banks       {0} VALU instructions: {1} fresh reads, {2} "
                "cache hits, max {3} uses of one bank, {4} conflicting "
                "(a bank used > 2x with a fresh read), {5} stall cycles ({6})\n",
                b.valuInstrs, b.freshReads, b.cachedReads, b.maxBankUses,
                b.conflicting, b.stallCycles,
                options.coldCache ? "cold caches" : "steady state");
  if (options.keepBankTrace) {
    os << "    trace: DSTX SRC0X SRC1X [DSTY SRC0Y SRC1Y]; uses per bank "
          "0/1/2/3\n";
    for (const BankRow &row : b.rows)
      os << formatv("    {0,-8} {1,-38} {2}/{3}/{4}/{5}{6}  {7}\n",
                    hex(row.address), row.trace, row.uses[0], row.uses[1],
                    row.uses[2], row.uses[3],
                    row.stallCycles ? formatv(" +{0}", row.stallCycles).str()
                                    : std::string("   "),
                    row.text);
  }
  const CycleEstimate &e = loop.estimate;
  os << formatv(
      "  cycles      model estimate: {0:F1} per wave and iteration "
      "(bound: {1}; VALU {2:F0}, scalar {3:F0}, LDS issue {4:F0}, "
      "LDS bandwidth {5:F1}, VMEM issue {6:F0}; {7})\n",
      e.cycles, e.bound, e.valu, e.scalar, e.ldsIssue, e.ldsData, e.vmemIssue,
      e.usedInterleaved ? "waves interleave" : "one wave per SIMD, serial");
  // The cycles above are issue cycles only: the TFLOP/s they imply is an
  // upper bound, and gemm-run's timing model is what predicts.
  os << formatv(
      "  TFLOP/s     ceiling: {0:F1} ({1} CUs x 2 SIMD32, {2} GHz, peak "
      "{3:F1}; {4} bound, no latency or scheduling: predict with "
      "gemm-run --backend=sim)\n",
      e.tflopsCeiling, options.machine.computeUnits, options.machine.clockGHz,
      options.machine.target->peakTflops /
          options.machine.target->computeUnits /
          options.machine.target->boostClockGHz * options.machine.computeUnits *
          options.machine.clockGHz,
      boundName(e));
}

void printReport(const Report &report, const ReportOptions &options,
                 raw_ostream &os) {
  os << "gemm-report: " << report.input << " (" << report.target << ")\n";
  for (const KernelReport &kernel : report.kernels) {
    os << "\n";
    printKernel(kernel, options, os);
  }
}

static json::Object countsToJSON(const InstrCounts &c) {
  return json::Object{
      {"instructions", c.instructions},
      {"fmas", c.fmas},
      {"vopd_fmas", c.vopdFmas},
      {"vopd_fma_share", share(c.vopdFmas, c.fmas) / 100},
      {"fma_instructions", c.fmaInstrs},
      {"vopd", c.vopd},
      {"other_valu", c.otherValu},
      {"lds_loads", c.ldsLoads},
      {"lds_load_bytes", c.ldsLoadBytes},
      {"lds_load_bytes_per_fma", perFma(c.ldsLoadBytes, c.fmas)},
      {"lds_stores", c.ldsStores},
      {"lds_store_bytes", c.ldsStoreBytes},
      {"lds_other", c.ldsOther},
      {"global_loads", c.globalLoads},
      {"global_stores", c.globalStores},
      {"vmem_other", c.vmemOther},
      {"scalar_loads", c.smem},
      {"salu", c.salu},
      {"waitcnts", c.waitcnts},
      {"barriers", c.barriers},
      {"branches", c.branches},
      {"delay_nops", c.delayNops},
      {"other", c.other},
  };
}

static json::Value kernelToJSON(const KernelReport &k) {
  json::Object out{{"name", k.name},
                   {"entry", k.entry},
                   {"code_bytes", k.codeBytes},
                   {"counts", countsToJSON(k.kernelCounts)}};
  const Resources &r = k.resources;
  if (r.known)
    out["resources"] = json::Object{
        {"vgprs", r.vgprs},
        {"sgprs", r.sgprs},
        {"lds_bytes", r.ldsBytes},
        {"scratch_bytes", r.scratchBytes},
        {"vgpr_spills", r.vgprSpills},
        {"sgpr_spills", r.sgprSpills},
        {"wavefront_size", r.wavefrontSize},
        {"workgroup_size", r.workgroupSize},
        {"workgroup_size_required", r.workgroupSizeRequired},
        {"lds_mode", r.wgpMode ? "wgp" : "cu"},
        {"occupancy", json::Object{{"waves_per_simd", r.waves},
                                   {"limiter", r.limiter},
                                   {"by_vgprs", r.wavesByVgprs},
                                   {"by_lds", r.wavesByLds},
                                   {"by_wave_slots", r.wavesBySlots}}}};
  else
    out["resources"] = nullptr;

  const LoopReport &loop = k.loop;
  if (loop.found) {
    const BankSummary &b = loop.banks;
    const CycleEstimate &e = loop.estimate;
    json::Array inner;
    for (const InnerLoop &l : loop.innerLoops)
      inner.push_back(json::Object{{"begin", l.begin},
                                   {"end", l.end},
                                   {"trip_count", l.tripCount},
                                   {"how", l.how}});
    json::Value enclosing = nullptr;
    if (loop.pick == "inner iteration")
      enclosing = json::Object{{"begin", loop.enclosingBegin},
                               {"end", loop.enclosingEnd}};
    out["loop"] = json::Object{
        {"whole_input", loop.wholeInput},
        {"begin", loop.begin},
        {"end", loop.end},
        {"pick", loop.pick},
        {"why", loop.why},
        {"back_edges", loop.backEdges},
        {"inner_loops", std::move(inner)},
        {"enclosing", std::move(enclosing)},
        {"counts", countsToJSON(loop.counts)},
        {"bank_model", json::Object{{"valu_instructions", b.valuInstrs},
                                    {"fresh_reads", b.freshReads},
                                    {"cached_reads", b.cachedReads},
                                    {"max_bank_uses", b.maxBankUses},
                                    {"conflicting", b.conflicting},
                                    {"stall_cycles", b.stallCycles}}},
        {"estimate", json::Object{{"label", "model estimate"},
                                  {"cycles_per_iteration", e.cycles},
                                  {"bound", e.bound},
                                  {"waves_interleave", e.usedInterleaved},
                                  {"valu_cycles", e.valu},
                                  {"scalar_cycles", e.scalar},
                                  {"lds_issue_cycles", e.ldsIssue},
                                  {"lds_bandwidth_cycles", e.ldsData},
                                  {"vmem_issue_cycles", e.vmemIssue},
                                  {"serial_cycles", e.serial},
                                  {"interleaved_cycles", e.interleaved},
                                  {"tflops_ceiling", e.tflopsCeiling}}}};
  } else {
    out["loop"] = nullptr;
  }

  json::Array violations;
  for (const VopdViolation &v : k.vopdViolations) {
    auto [id, message] = splitRule(v.rule);
    violations.push_back(json::Object{{"address", v.address},
                                      {"rule", id},
                                      {"message", message},
                                      {"text", v.text}});
  }
  out["vopd"] = json::Object{{"scope", k.vopdScope},
                             {"checked", k.vopdChecked},
                             {"violations", std::move(violations)}};
  return std::move(out);
}

json::Value toJSON(const Report &report) {
  json::Array kernels;
  for (const KernelReport &kernel : report.kernels)
    kernels.push_back(kernelToJSON(kernel));
  return json::Object{{"format", "gemm-report-1"},
                      {"input", report.input},
                      {"target", report.target},
                      {"kernels", std::move(kernels)}};
}

} // namespace report
} // namespace gemm
