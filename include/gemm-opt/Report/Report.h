//===- Report.h - Static ISA report for gfx11 SGEMM kernels -----*- C++ -*-===//
//
// Disassembles a gfx1100 code object (or assembles a .s file) and reports,
// per kernel: resources and occupancy, the steady-state loop's instruction
// mix, VOPD legality (LLVM's gfx11 rules plus the gfx11 parity hazard rule),
// a VGPR bank/operand-cache model and a cycle estimate. The models are
// documented in docs/report.md. LLVM only, no MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_REPORT_REPORT_H
#define GEMM_OPT_REPORT_REPORT_H

#include "gemm-opt/Target/Target.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gemm {
namespace report {

/// The machine the estimate is for: a product of the target table (the
/// default product unless set), with its CU count and clock overridable.
struct MachineModel {
  const TargetInfo *target = &getDefaultTarget();
  unsigned computeUnits = getDefaultTarget().computeUnits; ///< 2 SIMD32 each.
  double clockGHz = getDefaultTarget().boostClockGHz;
};

struct ReportOptions {
  /// Report only this kernel (`.name` or descriptor symbol); empty: all.
  std::string kernel;
  /// Check every VOPD of the kernel, not only the loop's.
  bool vopdWholeKernel = false;
  /// Keep the per-instruction bank model rows (for --bank-trace).
  bool keepBankTrace = false;
  /// Score one pass from empty operand caches (as the walkthrough's tables
  /// do) instead of the loop's steady state.
  bool coldCache = false;
  /// Violations listed in the text form; 0 lists all.
  size_t maxViolations = 0;
  MachineModel machine;
};

/// One decoded instruction.
struct Instruction {
  uint64_t address = 0;
  unsigned size = 0;
  std::string text; ///< As LLVM prints it, e.g. "v_fmac_f32_e32 v1, v2, v3".
  std::string mnemonic;   ///< First word of `text`; "<undecodable>" on failure.
  bool hasTarget = false; ///< A direct branch: `target` is where it jumps.
  uint64_t target = 0;
};

/// Instruction mix of a code range. Every instruction lands in exactly one of
/// the buckets from `fmaInstrs` to `other`.
struct InstrCounts {
  unsigned instructions = 0;
  unsigned fmas = 0;      ///< FMA operations: a VOPD can hold two.
  unsigned vopdFmas = 0;  ///< FMAs issued as halves of a v_dual_*.
  unsigned fmaInstrs = 0; ///< Instructions holding at least one FMA.
  unsigned vopd = 0;      ///< All v_dual_* instructions (FMA or not).
  unsigned otherValu = 0;
  unsigned ldsLoads = 0;
  unsigned ldsLoadBytes = 0; ///< Per lane.
  unsigned ldsStores = 0;
  unsigned ldsStoreBytes = 0; ///< Per lane.
  unsigned ldsOther = 0;      ///< Atomics, ds_swizzle, ds_permute, ...
  unsigned globalLoads = 0;   ///< global_/buffer_/flat_/scratch_ loads.
  unsigned globalStores = 0;
  unsigned vmemOther = 0; ///< Vector memory atomics and the rest.
  unsigned smem = 0;      ///< s_load_*, s_buffer_load_*.
  unsigned salu = 0;
  unsigned waitcnts = 0;  ///< s_waitcnt*.
  unsigned barriers = 0;  ///< s_barrier.
  unsigned branches = 0;  ///< s_branch, s_cbranch_*, s_setpc/s_swappc.
  unsigned delayNops = 0; ///< s_delay_alu, s_nop, s_clause and other hints.
  unsigned other = 0;     ///< s_endpgm, s_code_end, undecodable, ...
};

/// A broken VOPD rule.
struct VopdViolation {
  uint64_t address = 0;
  std::string text;
  std::string rule;
};

/// The bank model's view of one VALU instruction (docs/report.md).
struct BankRow {
  uint64_t address = 0;
  std::string text;
  /// Per bank: operand reads (cached or not) plus writes landing this cycle.
  std::array<unsigned, 4> uses = {0, 0, 0, 0};
  std::array<unsigned, 4> freshReads = {0, 0, 0, 0}; ///< Not served by a cache.
  unsigned stallCycles = 0;
  /// The walkthrough's notation: "W<b>" write, "R<b>" fresh read,
  /// "Cache<b>" cache hit, in DSTX SRC0X SRC1X DSTY SRC0Y SRC1Y order.
  std::string trace;
};

struct BankSummary {
  unsigned valuInstrs = 0;
  unsigned freshReads = 0;
  unsigned cachedReads = 0;
  unsigned conflicting = 0; ///< Instructions with a bank used > 2 times.
  unsigned stallCycles = 0;
  unsigned maxBankUses = 0;
  std::vector<BankRow> rows; ///< Only with ReportOptions::keepBankTrace.
};

/// Issue cycles of one loop iteration, per wave (docs/report.md): a lower
/// bound with no latency or wave scheduling.
struct CycleEstimate {
  double valu = 0;        ///< VALU + VOPD issue plus bank stall cycles.
  double scalar = 0;      ///< SALU, SMEM, branches, waits, barriers, hints.
  double ldsIssue = 0;    ///< DS instructions.
  double ldsData = 0;     ///< LDS data cycles at this SIMD's share of the CU.
  double vmemIssue = 0;   ///< Vector memory instructions.
  double serial = 0;      ///< One wave per SIMD: everything serialises.
  double interleaved = 0; ///< >= 2 waves: per-unit issue overlaps.
  bool usedInterleaved = false;
  double cycles = 0; ///< The estimate: `interleaved` or `serial`.
  std::string bound; ///< Which term sets `cycles`.
  /// The throughput `cycles` allows on the machine: a ceiling, not a
  /// prediction (gemm-run --backend=sim predicts).
  double tflopsCeiling = 0;
};

/// A loop inside the steady-state range, run `tripCount` times per iteration.
struct InnerLoop {
  uint64_t begin = 0, end = 0;
  uint64_t tripCount = 0;
  /// How the trip count was read, e.g. "s13 from 0 step 512,
  /// s_cmpk_lg_i32 against 4096".
  std::string how;
};

struct LoopReport {
  bool found = false;
  /// The whole input is the loop (a plain instruction list).
  bool wholeInput = false;
  uint64_t begin = 0; ///< Address of the loop head.
  uint64_t end = 0;   ///< Address of its farthest back-edge (or the last one).
  /// How the range was chosen: "innermost" (the innermost loop with the most
  /// FMAs, no loop around it), "outer iteration" (one iteration of the loop
  /// around it, inner loops weighted by their trip counts), "inner
  /// iteration" (a loop is around it but an inner trip count is unknown),
  /// "whole input".
  std::string pick;
  std::string why;        ///< The pick in words, as the text form prints it.
  unsigned backEdges = 0; ///< Branches back to `begin`.
  std::vector<InnerLoop> innerLoops; ///< For "outer iteration".
  /// For "inner iteration": the enclosing loop that was not taken.
  uint64_t enclosingBegin = 0, enclosingEnd = 0;
  InstrCounts counts; ///< Per iteration, inner loops times their trip count.
  BankSummary banks;
  CycleEstimate estimate;
};

struct Resources {
  bool known = false; ///< False for a plain instruction list.
  uint64_t vgprs = 0, sgprs = 0, ldsBytes = 0, scratchBytes = 0;
  uint64_t vgprSpills = 0, sgprSpills = 0;
  uint64_t wavefrontSize = 0;
  uint64_t workgroupSize = 0; ///< reqd_workgroup_size product, else max flat.
  bool workgroupSizeRequired = false;
  bool wgpMode = false; ///< COMPUTE_PGM_RSRC1.WGP_MODE of the descriptor.
  unsigned wavesByVgprs = 0, wavesByLds = 0, wavesBySlots = 0;
  unsigned waves = 0;  ///< Waves per SIMD.
  std::string limiter; ///< "VGPRs", "LDS", "wave slots".
};

struct KernelReport {
  std::string name;
  uint64_t entry = 0;
  uint64_t codeBytes = 0;
  Resources resources;
  InstrCounts kernelCounts;
  LoopReport loop;
  /// The range the VOPD checks covered: "loop" or "kernel".
  std::string vopdScope;
  unsigned vopdChecked = 0;
  std::vector<VopdViolation> vopdViolations;
};

struct Report {
  std::string input;
  std::string target;
  std::vector<KernelReport> kernels;
};

/// Reads `path`: a `.s`/`.S` file is assembled for gfx1100, anything else must
/// be an AMDGPU ELF code object.
llvm::Expected<Report> analyzeFile(llvm::StringRef path,
                                   const ReportOptions &options);

/// Prints the human-readable tables.
void printReport(const Report &report, const ReportOptions &options,
                 llvm::raw_ostream &os);

/// The `--json` form; docs/report.md describes its fields.
llvm::json::Value toJSON(const Report &report);

} // namespace report
} // namespace gemm

#endif // GEMM_OPT_REPORT_REPORT_H
