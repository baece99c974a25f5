//===- Analyze.cpp - Loop, VOPD, bank and cycle models --------------------===//
//
// Works on the printed instruction text: the AMDGPU operand-name tables are
// not in the installed LLVM headers, and the printed VALU/VOPD syntax names
// every operand in a fixed order (dst, src0, src1, src2). docs/report.md
// documents each model and the constants below.
//
//===----------------------------------------------------------------------===//

#include "ReportInternal.h"

#include "gemm-opt/CodeObject/VgprBankModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace gemm {
namespace report {

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

namespace {

/// One printed operand: the VGPRs it names, if any.
struct Operand {
  std::string text;
  std::vector<unsigned> vgprs;
  bool isVgpr() const { return !vgprs.empty(); }
};

/// One VALU operation: a whole VOP1/2/3 instruction or one VOPD half.
struct ValuOp {
  std::string mnemonic;
  std::vector<Operand> dsts;
  /// Sources in hardware port order (0 = src0, 1 = src1, 2 = src2).
  std::vector<Operand> srcs;
};

} // namespace

/// Parses "v5", "v[184:187]", optionally under -, |..|, abs(), neg().
static std::vector<unsigned> parseVgprs(StringRef token) {
  token = token.trim();
  while (true) {
    if (token.consume_front("-") || token.consume_front("|") ||
        token.consume_front("abs(") || token.consume_front("neg(")) {
      token = token.ltrim();
      continue;
    }
    break;
  }
  if (!token.consume_front("v"))
    return {};
  unsigned first = 0, last = 0;
  if (token.consume_front("[")) {
    if (token.consumeInteger(10, first) || !token.consume_front(":") ||
        token.consumeInteger(10, last) || !token.starts_with("]") ||
        last < first)
      return {};
  } else {
    if (token.consumeInteger(10, first))
      return {};
    last = first;
    // "v1.l"/"v1.h" 16-bit halves still read the 32-bit register's bank.
  }
  std::vector<unsigned> regs;
  for (unsigned r = first; r <= last; ++r)
    regs.push_back(r);
  return regs;
}

/// Splits "a, b, op_sel:[0,1]" at top-level commas.
static std::vector<Operand> parseOperandList(StringRef text) {
  std::vector<Operand> ops;
  int depth = 0;
  size_t start = 0;
  auto add = [&](StringRef piece) {
    piece = piece.trim();
    if (piece.empty())
      return;
    Operand op;
    op.text = piece.str();
    op.vgprs = parseVgprs(piece);
    ops.push_back(std::move(op));
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '[' || c == '(')
      ++depth;
    else if (c == ']' || c == ')')
      --depth;
    else if (c == ',' && depth == 0) {
      add(text.slice(start, i));
      start = i + 1;
    }
  }
  add(text.substr(start));
  return ops;
}

/// "v_fmac_f32_e32" -> "v_fmac_f32".
static StringRef baseMnemonic(StringRef mnemonic) {
  for (StringRef suffix : {"_e32", "_e64", "_dpp", "_sdwa"})
    if (mnemonic.consume_back(suffix))
      break;
  return mnemonic;
}

static bool isFmaOp(StringRef mnemonic) {
  StringRef base = baseMnemonic(mnemonic);
  return base == "v_fmac_f32" || base == "v_fma_f32" || base == "v_fmamk_f32" ||
         base == "v_fmaak_f32" || base == "v_dual_fmac_f32" ||
         base == "v_dual_fmamk_f32" || base == "v_dual_fmaak_f32";
}

/// Builds a ValuOp from a mnemonic and its printed operands.
static ValuOp makeValuOp(StringRef mnemonic, StringRef operandText) {
  ValuOp op;
  op.mnemonic = mnemonic.str();
  std::vector<Operand> ops = parseOperandList(operandText);
  StringRef base = baseMnemonic(mnemonic);
  size_t numDsts = 1;
  if (base.starts_with("v_cmpx_") || ops.empty())
    numDsts = 0;
  // A carry-out or second scalar destination follows the vector one.
  bool twoDsts = base.contains("_co_") || base.starts_with("v_mad_u64") ||
                 base.starts_with("v_mad_i64") ||
                 base.starts_with("v_div_scale");
  if (twoDsts && ops.size() > 1 && !ops[1].isVgpr())
    numDsts = 2;
  numDsts = std::min(numDsts, ops.size());
  op.dsts.assign(ops.begin(), ops.begin() + numDsts);
  for (size_t i = numDsts; i < ops.size(); ++i) {
    // The K of fmamk is a literal between src0 and src1.
    if (base.ends_with("fmamk_f32") && i == numDsts + 1)
      continue;
    op.srcs.push_back(ops[i]);
  }
  return op;
}

/// Splits a VALU instruction into its operations (two for a VOPD).
static std::vector<ValuOp> valuOps(const Instruction &inst) {
  std::vector<ValuOp> ops;
  StringRef text = inst.text;
  SmallVector<StringRef, 2> halves;
  text.split(halves, " :: ");
  for (StringRef half : halves) {
    auto [mnemonic, operands] = half.trim().split(' ');
    ops.push_back(makeValuOp(mnemonic, operands));
  }
  return ops;
}

//===----------------------------------------------------------------------===//
// Instruction mix
//===----------------------------------------------------------------------===//

/// Bytes per lane of a DS load or store, from its mnemonic.
static unsigned dsBytes(StringRef mnemonic) {
  SmallVector<StringRef, 6> parts;
  mnemonic.split(parts, '_');
  unsigned bits = 0;
  for (StringRef part : ArrayRef<StringRef>(parts).drop_front(2)) {
    if (part.size() < 2 ||
        !(part[0] == 'b' || part[0] == 'u' || part[0] == 'i'))
      continue;
    if (!part.drop_front().getAsInteger(10, bits))
      break;
    bits = 0;
  }
  unsigned bytes = bits / 8;
  return mnemonic.contains("2addr") ? 2 * bytes : bytes;
}

static bool isBranchMnemonic(StringRef m) {
  return m == "s_branch" || m.starts_with("s_cbranch_") || m == "s_setpc_b64" ||
         m == "s_swappc_b64" || m == "s_call_b64";
}

static bool isHint(StringRef m) {
  return m == "s_delay_alu" || m == "s_nop" || m == "s_clause" ||
         m == "s_set_inst_prefetch_distance" || m == "s_inst_prefetch" ||
         m == "s_sleep" || m == "s_setprio" || m == "s_ttracedata";
}

static void countInstruction(const Instruction &inst, InstrCounts &counts) {
  StringRef m = inst.mnemonic;
  ++counts.instructions;
  if (m.starts_with("v_dual_")) {
    ++counts.vopd;
    unsigned fmas = 0;
    for (const ValuOp &op : valuOps(inst))
      fmas += isFmaOp(op.mnemonic);
    counts.fmas += fmas;
    counts.vopdFmas += fmas;
    if (fmas)
      ++counts.fmaInstrs;
    else
      ++counts.otherValu;
  } else if (m.starts_with("v_")) {
    if (isFmaOp(m)) {
      ++counts.fmas;
      ++counts.fmaInstrs;
    } else {
      ++counts.otherValu;
    }
  } else if (m.starts_with("ds_")) {
    if (m.starts_with("ds_load") || m.starts_with("ds_read")) {
      ++counts.ldsLoads;
      counts.ldsLoadBytes += dsBytes(m);
    } else if (m.starts_with("ds_store") || m.starts_with("ds_write")) {
      ++counts.ldsStores;
      counts.ldsStoreBytes += dsBytes(m);
    } else {
      ++counts.ldsOther;
    }
  } else if (m.starts_with("global_") || m.starts_with("buffer_") ||
             m.starts_with("flat_") || m.starts_with("scratch_") ||
             m.starts_with("tbuffer_")) {
    if (m.contains("_load"))
      ++counts.globalLoads;
    else if (m.contains("_store"))
      ++counts.globalStores;
    else
      ++counts.vmemOther;
  } else if (m.starts_with("s_load_") || m.starts_with("s_buffer_load_")) {
    ++counts.smem;
  } else if (m.starts_with("s_waitcnt")) {
    ++counts.waitcnts;
  } else if (m == "s_barrier") {
    ++counts.barriers;
  } else if (isBranchMnemonic(m)) {
    ++counts.branches;
  } else if (isHint(m)) {
    ++counts.delayNops;
  } else if (m.starts_with("s_") && m != "s_endpgm" && m != "s_code_end" &&
             !m.starts_with("s_sendmsg") && m != "s_trap" &&
             !m.ends_with("_inv")) {
    ++counts.salu;
  } else {
    ++counts.other;
  }
}

static InstrCounts countRange(ArrayRef<Instruction> code) {
  InstrCounts counts;
  for (const Instruction &inst : code)
    countInstruction(inst, counts);
  return counts;
}

//===----------------------------------------------------------------------===//
// Steady-state loop
//===----------------------------------------------------------------------===//

/// The innermost loop (a backward branch with no other inside it) with the
/// most FMAs, as [first, last] instruction indices.
static std::optional<std::pair<size_t, size_t>>
findLoop(ArrayRef<Instruction> code) {
  std::vector<std::pair<size_t, size_t>> loops;
  for (size_t i = 0; i < code.size(); ++i) {
    const Instruction &inst = code[i];
    if (!inst.hasTarget || inst.target > inst.address)
      continue;
    auto head = llvm::find_if(
        code, [&](const Instruction &c) { return c.address == inst.target; });
    if (head == code.end())
      continue;
    loops.emplace_back(head - code.begin(), i);
  }
  std::optional<std::pair<size_t, size_t>> best;
  unsigned bestFmas = 0;
  for (auto loop : loops) {
    bool innermost = llvm::none_of(loops, [&](auto other) {
      return other != loop && other.first >= loop.first &&
             other.second <= loop.second;
    });
    if (!innermost)
      continue;
    unsigned fmas =
        countRange(code.slice(loop.first, loop.second - loop.first + 1)).fmas;
    if (!best || fmas > bestFmas) {
      best = loop;
      bestFmas = fmas;
    }
  }
  return best;
}

//===----------------------------------------------------------------------===//
// VOPD rules
//===----------------------------------------------------------------------===//

static int firstVgpr(const std::vector<Operand> &ops, size_t i) {
  return i < ops.size() && ops[i].isVgpr() ? ops[i].vgprs.front() : -1;
}

static void checkVopd(const Instruction &inst,
                      std::vector<VopdViolation> &out) {
  std::vector<ValuOp> halves = valuOps(inst);
  if (halves.size() != 2)
    return;
  const ValuOp &x = halves[0], &y = halves[1];
  auto add = [&](std::string rule) {
    out.push_back({inst.address, inst.text, std::move(rule)});
  };
  int dstX = firstVgpr(x.dsts, 0), dstY = firstVgpr(y.dsts, 0);
  if (dstX >= 0 && dstY >= 0 && dstX % 2 == dstY % 2)
    add(formatv("dst-parity: vdstX v{0} and vdstY v{1} have the same parity",
                dstX, dstY));
  static const char *slotNames[] = {"src0", "vsrc1"};
  for (unsigned slot = 0; slot < 2; ++slot) {
    int rx = firstVgpr(x.srcs, slot), ry = firstVgpr(y.srcs, slot);
    if (rx < 0 || ry < 0)
      continue;
    if (rx % 4 == ry % 4)
      add(formatv("{0}-bank: {0}X v{1} and {0}Y v{2} are both in bank {3}",
                  slotNames[slot], rx, ry, rx % 4));
    if (rx % 2 == ry % 2)
      add(formatv("{0}-parity-hazard: {0}X v{1} and {0}Y v{2} have the same "
                  "parity (gfx11 VOPD hazard)",
                  slotNames[slot], rx, ry));
  }
  if (dstX >= 0)
    for (const Operand &src : y.srcs)
      if (llvm::is_contained(src.vgprs, static_cast<unsigned>(dstX)))
        add(formatv("y-reads-x-dst: Y reads v{0}, the destination of X", dstX));
}

//===----------------------------------------------------------------------===//
// VGPR bank model
//===----------------------------------------------------------------------===//

namespace {

/// Feeds printed instructions to the shared VgprBankModel and keeps the
/// walkthrough's trace notation.
class BankModel {
public:
  explicit BankModel(bool keepRows) : keepRows(keepRows) {}

  /// Feeds one instruction; `score` adds it to the summary.
  void step(const Instruction &inst, bool score, BankSummary &summary);

private:
  bool keepRows;
  VgprBankModel model;
};

} // namespace

void BankModel::step(const Instruction &inst, bool score,
                     BankSummary &summary) {
  StringRef m = inst.mnemonic;
  if (!m.starts_with("v_")) {
    // A load result overwrites the register behind any cached copy.
    if ((m.starts_with("ds_") || m.starts_with("global_") ||
         m.starts_with("buffer_") || m.starts_with("flat_") ||
         m.starts_with("scratch_")) &&
        m.contains("load")) {
      std::vector<Operand> ops =
          parseOperandList(StringRef(inst.text).split(' ').second);
      if (!ops.empty())
        model.overwrite(ops.front().vgprs);
    }
    return;
  }

  // An accumulating op (v_fmac, v_dual_fmac) prints its tied src2 only as
  // the destination, so that read is left out, as in the walkthrough's
  // tables; a real src2 (v_fma_f32) is read through port 2.
  SmallVector<VgprBankOp, 2> bankOps;
  for (const ValuOp &op : valuOps(inst)) {
    VgprBankOp &b = bankOps.emplace_back();
    for (const Operand &dst : op.dsts)
      b.dsts.append(dst.vgprs.begin(), dst.vgprs.end());
    for (size_t port = 0; port < op.srcs.size() && port < b.srcs.size();
         ++port)
      b.srcs[port].append(op.srcs[port].vgprs.begin(),
                          op.srcs[port].vgprs.end());
  }
  VgprBankIssue issue = model.issue(bankOps);
  summary.cachedReads += issue.cachedReads;
  if (!score)
    return;

  BankRow row;
  row.address = inst.address;
  row.text = inst.text;
  row.uses = issue.uses;
  row.freshReads = issue.freshReads;
  row.stallCycles = issue.stallCycles;
  std::string trace;
  for (size_t h = 0; h < bankOps.size(); ++h) {
    trace += issue.writes[h] < 0 ? std::string("- ")
                                 : "W" + std::to_string(issue.writes[h] % 4) +
                                       " ";
    for (const VgprBankIssue::Read &read : issue.reads)
      if (read.half == h)
        trace += (read.cached ? "Cache" : "R") + std::to_string(read.reg % 4) +
                 " ";
  }
  row.trace = StringRef(trace).rtrim().str();
  ++summary.valuInstrs;
  for (unsigned fresh : row.freshReads)
    summary.freshReads += fresh;
  summary.maxBankUses = std::max(summary.maxBankUses, issue.maxUses);
  if (row.stallCycles) {
    ++summary.conflicting;
    summary.stallCycles += row.stallCycles;
  }
  if (keepRows)
    summary.rows.push_back(std::move(row));
}

static BankSummary modelBanks(ArrayRef<Instruction> body, bool steadyState,
                              bool keepRows) {
  BankSummary summary;
  BankModel model(keepRows);
  // In a loop, the second pass starts from the caches and pending writes
  // the previous iteration left behind.
  if (steadyState)
    for (const Instruction &inst : body)
      model.step(inst, /*score=*/false, summary);
  summary.cachedReads = 0;
  for (const Instruction &inst : body)
    model.step(inst, /*score=*/true, summary);
  return summary;
}

//===----------------------------------------------------------------------===//
// Occupancy and cycles
//===----------------------------------------------------------------------===//

// gfx1100/gfx1101 wave32 (LLVM AMDGPUBaseInfo: Feature1_5xVGPRs): 1536 VGPRs
// per SIMD lane, allocated in granules of 24 (wave64: 768 and 12).
static constexpr unsigned maxWavesPerSimd = 16;
static constexpr unsigned ldsPerCu = 64 * 1024;
static constexpr unsigned ldsPerWgp = 128 * 1024;
static constexpr unsigned maxLdsPerWorkgroup = 64 * 1024;
// The CU's LDS returns 32 banks x 4 bytes per clock to its two SIMDs.
static constexpr double ldsBytesPerClockPerSimd = 128.0 / 2;

static void computeOccupancy(Resources &r) {
  bool wave64 = r.wavefrontSize == 64;
  unsigned totalVgprs = wave64 ? 768 : 1536;
  unsigned granule = wave64 ? 12 : 24;
  unsigned waveSize = wave64 ? 64 : 32;
  uint64_t allocated = alignTo(std::max<uint64_t>(r.vgprs, 1), granule);
  r.wavesByVgprs = std::min<uint64_t>(
      maxWavesPerSimd, std::max<uint64_t>(totalVgprs / allocated, 0));
  r.wavesBySlots = maxWavesPerSimd;

  unsigned simds = r.wgpMode ? 4 : 2;
  uint64_t wavesPerGroup = std::max<uint64_t>(
      1, divideCeil(std::max<uint64_t>(r.workgroupSize, 1), waveSize));
  r.wavesByLds = maxWavesPerSimd;
  if (r.ldsBytes > maxLdsPerWorkgroup) {
    r.wavesByLds = 0;
  } else if (r.ldsBytes > 0) {
    uint64_t groups = (r.wgpMode ? ldsPerWgp : ldsPerCu) / r.ldsBytes;
    r.wavesByLds =
        std::min<uint64_t>(maxWavesPerSimd, groups * wavesPerGroup / simds);
  }

  r.waves = r.wavesBySlots;
  r.limiter = "wave slots";
  if (r.wavesByVgprs < r.waves) {
    r.waves = r.wavesByVgprs;
    r.limiter = "VGPRs";
  }
  if (r.wavesByLds < r.waves) {
    r.waves = r.wavesByLds;
    r.limiter = "LDS";
  }
  // Workgroups are placed whole: round down to whole workgroups per CU/WGP.
  uint64_t groups = r.waves * simds / wavesPerGroup;
  uint64_t whole = groups * wavesPerGroup / simds;
  if (whole < r.waves && whole > 0) {
    r.waves = whole;
    r.limiter += " (whole workgroups)";
  }
}

static CycleEstimate estimateCycles(const InstrCounts &c,
                                    const BankSummary &banks, unsigned fmas,
                                    bool interleave,
                                    const MachineModel &machine) {
  CycleEstimate e;
  unsigned valuInstrs = c.fmaInstrs + c.otherValu;
  e.valu = valuInstrs + banks.stallCycles;
  e.scalar = c.salu + c.smem + c.branches + c.waitcnts + c.barriers +
             c.delayNops + c.other;
  e.ldsIssue = c.ldsLoads + c.ldsStores + c.ldsOther;
  e.ldsData =
      (c.ldsLoadBytes + c.ldsStoreBytes) * 32.0 / ldsBytesPerClockPerSimd;
  e.vmemIssue = c.globalLoads + c.globalStores + c.vmemOther;
  e.serial = std::max(e.valu + e.scalar + e.ldsIssue + e.vmemIssue, e.ldsData);
  std::pair<double, const char *> terms[] = {{e.valu, "VALU"},
                                             {e.scalar, "scalar"},
                                             {e.ldsIssue, "LDS issue"},
                                             {e.ldsData, "LDS bandwidth"},
                                             {e.vmemIssue, "VMEM issue"}};
  auto *maxTerm = std::max_element(
      std::begin(terms), std::end(terms),
      [](const auto &a, const auto &b) { return a.first < b.first; });
  e.interleaved = maxTerm->first;
  e.usedInterleaved = interleave;
  if (interleave) {
    e.cycles = e.interleaved;
    e.bound = maxTerm->second;
  } else {
    e.cycles = e.serial;
    e.bound = e.ldsData > e.valu + e.scalar + e.ldsIssue + e.vmemIssue
                  ? "LDS bandwidth"
                  : "single wave, serial issue";
  }
  if (e.cycles > 0) {
    // Flop per clock per SIMD: 2 per FMA and lane, 32 lanes.
    double flopPerClock = fmas * 2.0 * 32 / e.cycles;
    e.tflops =
        flopPerClock * machine.computeUnits * 2 * machine.clockGHz * 1e9 / 1e12;
  }
  return e;
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

KernelReport analyzeKernel(const KernelCode &kernel,
                           const ReportOptions &options) {
  KernelReport report;
  report.name = kernel.name;
  report.entry = kernel.entry;
  ArrayRef<Instruction> code = kernel.code;
  if (!code.empty())
    report.codeBytes =
        code.back().address + code.back().size - code.front().address;
  report.kernelCounts = countRange(code);

  Resources &r = report.resources;
  if (kernel.info) {
    const KernelInfo &info = *kernel.info;
    r.known = true;
    r.vgprs = info.vgprCount;
    r.sgprs = info.sgprCount;
    r.ldsBytes = info.groupSegmentSize;
    r.scratchBytes = info.privateSegmentSize;
    r.vgprSpills = info.vgprSpillCount;
    r.sgprSpills = info.sgprSpillCount;
    r.wavefrontSize = info.wavefrontSize ? info.wavefrontSize : 32;
    uint64_t required = info.reqdWorkgroupSize[0] * info.reqdWorkgroupSize[1] *
                        info.reqdWorkgroupSize[2];
    r.workgroupSizeRequired = required != 0;
    r.workgroupSize = required ? required : info.maxFlatWorkgroupSize;
    r.wgpMode = kernel.wgpMode;
    computeOccupancy(r);
  }

  LoopReport &loop = report.loop;
  std::optional<std::pair<size_t, size_t>> range = findLoop(code);
  ArrayRef<Instruction> body;
  if (range) {
    loop.found = true;
    body = code.slice(range->first, range->second - range->first + 1);
  } else if (kernel.plainList && !code.empty()) {
    loop.found = true;
    loop.wholeInput = true;
    body = code;
  }
  if (loop.found) {
    loop.begin = body.front().address;
    loop.end = body.back().address;
    loop.counts = countRange(body);
    loop.banks = modelBanks(body, !options.coldCache, options.keepBankTrace);
    // Without metadata the wave count is unknown: assume the usual >= 2.
    bool interleave = !r.known || r.waves >= 2;
    loop.estimate = estimateCycles(loop.counts, loop.banks, loop.counts.fmas,
                                   interleave, options.machine);
  }

  ArrayRef<Instruction> checked =
      loop.found && !options.vopdWholeKernel ? body : code;
  report.vopdScope = loop.found && !options.vopdWholeKernel
                         ? (loop.wholeInput ? "input" : "loop")
                         : "kernel";
  for (const Instruction &inst : checked)
    if (StringRef(inst.mnemonic).starts_with("v_dual_")) {
      ++report.vopdChecked;
      checkVopd(inst, report.vopdViolations);
    }
  return report;
}

Expected<Report> analyzeFile(StringRef path, const ReportOptions &options) {
  Expected<DecodedInput> input = decodeInput(path, options.kernel);
  if (!input)
    return input.takeError();
  Report report;
  report.input = path.str();
  report.target = input->target;
  for (const KernelCode &kernel : input->kernels)
    report.kernels.push_back(analyzeKernel(kernel, options));
  return report;
}

} // namespace report
} // namespace gemm
