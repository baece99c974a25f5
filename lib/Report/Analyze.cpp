//===- Analyze.cpp - Loop, VOPD, bank and cycle models --------------------===//
//
// Works on the printed instruction text: the AMDGPU operand-name tables are
// not in the installed LLVM headers, and the printed VALU/VOPD syntax names
// every operand in a fixed order (dst, src0, src1, src2). docs/report.md
// documents each model and the constants below.
//
//===----------------------------------------------------------------------===//

#include "ReportInternal.h"

#include "gemm-opt/CodeObject/Occupancy.h"
#include "gemm-opt/CodeObject/VOPDRules.h"
#include "gemm-opt/CodeObject/VgprBankModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>
#include <set>

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

namespace {

/// Backward branches that share a head are one loop: its body runs from the
/// head to the farthest of them (k7/k8 branch back both before and after
/// their LDS stores).
struct Loop {
  size_t head = 0, last = 0; ///< Instruction indices.
  unsigned backEdges = 0;
  bool contains(const Loop &other) const {
    return head <= other.head && other.last <= last &&
           (head != other.head || last != other.last);
  }
};

/// A steady-state path: instruction indices in execution order.
using Path = std::vector<size_t>;

} // namespace

static std::vector<Loop> findLoops(ArrayRef<Instruction> code) {
  std::map<uint64_t, size_t> indexOf;
  for (size_t i = 0; i < code.size(); ++i)
    indexOf[code[i].address] = i;
  std::map<size_t, Loop> byHead;
  for (size_t i = 0; i < code.size(); ++i) {
    const Instruction &inst = code[i];
    if (!inst.hasTarget || inst.target > inst.address)
      continue;
    auto head = indexOf.find(inst.target);
    if (head == indexOf.end())
      continue;
    Loop &loop = byHead[head->second];
    loop.head = head->second;
    loop.last = std::max(loop.last, i);
    ++loop.backEdges;
  }
  std::vector<Loop> loops;
  for (auto &[head, loop] : byHead)
    loops.push_back(loop);
  return loops;
}

/// "s13" -> 13; "s[12:13]" -> {12, 13}; anything else -> nothing.
static std::optional<std::pair<unsigned, unsigned>> parseSgprs(StringRef t) {
  t = t.trim();
  if (!t.consume_front("s"))
    return std::nullopt;
  unsigned first = 0, last = 0;
  if (t.consume_front("[")) {
    if (t.consumeInteger(10, first) || !t.consume_front(":") ||
        t.consumeInteger(10, last) || t != "]")
      return std::nullopt;
  } else if (t.getAsInteger(10, first)) {
    return std::nullopt;
  } else {
    last = first;
  }
  return std::make_pair(first, last);
}

static std::optional<int64_t> parseInteger(StringRef t) {
  t = t.trim();
  bool negative = t.consume_front("-");
  uint64_t value = 0;
  if (t.getAsInteger(0, value) || value > UINT32_MAX)
    return std::nullopt;
  return negative ? -static_cast<int64_t>(value) : static_cast<int64_t>(value);
}

static std::vector<Operand> operandsOf(const Instruction &inst) {
  return parseOperandList(StringRef(inst.text).split(' ').second);
}

/// Whether `inst` may write SGPR `reg`. Errs on the side of "yes".
static bool writesSgpr(const Instruction &inst, unsigned reg) {
  StringRef m = inst.mnemonic;
  auto names = [&](const Operand &op) {
    auto range = parseSgprs(op.text);
    return range && range->first <= reg && reg <= range->second;
  };
  if (m.starts_with("v_")) {
    // VALU writes SGPRs only through its scalar destinations (a carry-out,
    // a v_cmp mask, v_readlane).
    for (const ValuOp &op : valuOps(inst))
      if (llvm::any_of(op.dsts, names))
        return true;
    return false;
  }
  if (!m.starts_with("s_") || m.starts_with("s_cmp") ||
      m.starts_with("s_bitcmp") || isBranchMnemonic(m) || isHint(m) ||
      m.starts_with("s_waitcnt") || m == "s_barrier" || m == "s_endpgm")
    return false;
  std::vector<Operand> ops = operandsOf(inst);
  return !ops.empty() && names(ops.front());
}

/// Whether `inst` may change SCC. Errs on the side of "yes".
static bool writesScc(const Instruction &inst) {
  StringRef m = inst.mnemonic;
  if (!m.starts_with("s_"))
    return false;
  return !(m.starts_with("s_mov") || m.starts_with("s_cmov") ||
           m.starts_with("s_cselect") || m.starts_with("s_waitcnt") ||
           m.starts_with("s_load_") || m.starts_with("s_buffer_load_") ||
           isHint(m) || m == "s_barrier" || m == "s_getpc_b64");
}

namespace {
/// The trip count of a loop per entry, or why it cannot be read.
struct TripCount {
  std::optional<uint64_t> count;
  std::string how; ///< How it was read, or why not.
};
} // namespace

/// The value SGPR `iv` enters the loop at `head` with: a constant move after
/// `limit`, reached only by falling through to the head (no other branch
/// targets an instruction in between).
static std::optional<int64_t> readStartValue(ArrayRef<Instruction> code,
                                             size_t head, uint64_t headAddr,
                                             uint64_t backEdgeAddr,
                                             size_t limit, unsigned iv) {
  std::set<uint64_t> targets;
  for (const Instruction &inst : code)
    if (inst.hasTarget &&
        !(inst.address >= headAddr && inst.address <= backEdgeAddr &&
          inst.target == headAddr))
      targets.insert(inst.target);
  std::optional<int64_t> init;
  for (size_t i = head; i-- > limit;) {
    const Instruction &inst = code[i];
    if (targets.count(code[i + 1].address) ||
        (isBranchMnemonic(inst.mnemonic) &&
         !StringRef(inst.mnemonic).starts_with("s_cbranch")))
      break;
    if (!writesSgpr(inst, iv))
      continue;
    std::vector<Operand> ops = operandsOf(inst);
    if ((inst.mnemonic == "s_mov_b32" || inst.mnemonic == "s_movk_i32") &&
        ops.size() == 2)
      init = parseInteger(ops[1].text);
    if (inst.mnemonic == "s_movk_i32" && init && *init >= 0x8000 &&
        *init <= 0xffff)
      *init -= 0x10000;
    break;
  }
  return init;
}

/// Reads the trip count of `loop` when clang's usual counted-loop shape is
/// there: an SGPR set to a constant before the head (after `limit`, the
/// enclosing loop's head, so every entry starts it again), stepped once per
/// iteration by a constant and compared with a constant right before the
/// only back-edge, an `s_cbranch_scc0/1`. Runs the counter as the branch
/// would rather than solving for it, so every compare and step sign works.
static TripCount readTripCount(ArrayRef<Instruction> code, ArrayRef<Loop> loops,
                               const Loop &loop, size_t limit) {
  auto unknown = [](std::string why) { return TripCount{std::nullopt, why}; };
  if (loop.backEdges != 1)
    return unknown(formatv("{0} back-edges", loop.backEdges).str());
  const Instruction &branch = code[loop.last];
  StringRef bm = branch.mnemonic;
  if (bm != "s_cbranch_scc0" && bm != "s_cbranch_scc1")
    return unknown(("the back-edge is " + bm).str());
  uint64_t headAddr = code[loop.head].address;
  for (size_t i = loop.head; i < loop.last; ++i) {
    const Instruction &inst = code[i];
    if (isBranchMnemonic(inst.mnemonic) &&
        (!inst.hasTarget || inst.target < headAddr ||
         inst.target > branch.address))
      return unknown("a branch leaves the loop before its back-edge");
  }

  // The compare that sets SCC for the back-edge.
  size_t cmp = loop.last;
  for (size_t i = loop.last; i-- > loop.head;) {
    if (StringRef(code[i].mnemonic).starts_with("s_cmp")) {
      cmp = i;
      break;
    }
    if (writesScc(code[i]))
      return unknown("SCC comes from " + code[i].mnemonic);
  }
  if (cmp == loop.last)
    return unknown("no s_cmp before the back-edge");
  // s_cmp_<cc>_<type> or s_cmpk_<cc>_<type>.
  SmallVector<StringRef, 4> parts;
  StringRef(code[cmp].mnemonic).split(parts, '_');
  if (parts.size() != 4 || (parts[3] != "i32" && parts[3] != "u32"))
    return unknown("the compare is " + code[cmp].mnemonic);
  StringRef cc = parts[2];
  if (!llvm::is_contained({"eq", "lg", "gt", "ge", "lt", "le"}, cc))
    return unknown("the compare is " + code[cmp].mnemonic);
  bool isSigned = parts[3] == "i32", isK = parts[1] == "cmpk";
  std::vector<Operand> cmpOps = operandsOf(code[cmp]);
  if (cmpOps.size() != 2)
    return unknown("cannot read the compare");
  auto reg0 = parseSgprs(cmpOps[0].text), reg1 = parseSgprs(cmpOps[1].text);
  bool swapped = !reg0 && reg1;
  auto ivReg = swapped ? reg1 : reg0;
  std::optional<int64_t> bound = parseInteger(cmpOps[swapped ? 0 : 1].text);
  if (!ivReg || ivReg->first != ivReg->second || !bound)
    return unknown("the compare has no constant bound: " + code[cmp].text);
  unsigned iv = ivReg->first;
  // s_cmpk takes a 16-bit immediate: sign-extended for i32.
  if (isK && isSigned && *bound >= 0x8000 && *bound <= 0xffff)
    *bound -= 0x10000;

  // The one step of the counter in the body.
  std::optional<size_t> step;
  int64_t stepBy = 0;
  for (size_t i = loop.head; i < loop.last; ++i) {
    if (!writesSgpr(code[i], iv))
      continue;
    if (step)
      return unknown(formatv("s{0} is written more than once", iv).str());
    bool inInner = llvm::any_of(loops, [&](const Loop &other) {
      return loop.contains(other) && other.head <= i && i <= other.last;
    });
    StringRef m = code[i].mnemonic;
    std::vector<Operand> ops = operandsOf(code[i]);
    auto isIv = [&](const Operand &op) {
      auto r = parseSgprs(op.text);
      return r && r->first == iv && r->second == iv;
    };
    std::optional<int64_t> by;
    if (m == "s_addk_i32" && ops.size() == 2) {
      by = parseInteger(ops[1].text);
      if (by && *by >= 0x8000 && *by <= 0xffff)
        *by -= 0x10000;
    } else if ((m == "s_add_i32" || m == "s_add_u32" || m == "s_sub_i32" ||
                m == "s_sub_u32") &&
               ops.size() == 3) {
      if (isIv(ops[1]))
        by = parseInteger(ops[2].text);
      else if (isIv(ops[2]) && m.starts_with("s_add"))
        by = parseInteger(ops[1].text);
      if (by && m.starts_with("s_sub"))
        *by = -*by;
    }
    if (inInner || !by)
      return unknown(
          ("s" + Twine(iv) + " is not stepped by a constant: " + code[i].text)
              .str());
    step = i;
    stepBy = *by;
  }
  if (!step)
    return unknown(formatv("s{0} is not stepped in the loop", iv).str());

  std::optional<int64_t> init =
      readStartValue(code, loop.head, headAddr, branch.address, limit, iv);
  if (!init)
    return unknown(
        formatv("no constant start value of s{0} on the way in", iv).str());

  auto taken = [&](uint32_t v) {
    int64_t a = isSigned ? static_cast<int64_t>(static_cast<int32_t>(v))
                         : static_cast<int64_t>(v);
    int64_t b = isSigned ? static_cast<int64_t>(static_cast<int32_t>(*bound))
                         : static_cast<int64_t>(static_cast<uint32_t>(*bound));
    if (swapped)
      std::swap(a, b);
    bool scc = cc == "eq"   ? a == b
               : cc == "lg" ? a != b
               : cc == "gt" ? a > b
               : cc == "ge" ? a >= b
               : cc == "lt" ? a < b
                            : a <= b;
    return scc == (bm == "s_cbranch_scc1");
  };
  constexpr uint64_t maxTrips = 1 << 16;
  uint32_t v = static_cast<uint32_t>(*init);
  for (uint64_t trip = 1; trip <= maxTrips; ++trip) {
    bool again;
    if (*step < cmp) {
      v += static_cast<uint32_t>(stepBy);
      again = taken(v);
    } else {
      again = taken(v);
      v += static_cast<uint32_t>(stepBy);
    }
    if (!again)
      return {trip, formatv("s{0} from {1} step {2}, {3} against {4}", iv,
                            *init, stepBy, code[cmp].mnemonic, *bound)
                        .str()};
  }
  return unknown(formatv("more than {0} iterations", maxTrips).str());
}

namespace {
/// Why a loop iteration could not be expanded: a headline and the details.
struct ExpandFailure {
  std::string what, detail;
};
} // namespace

/// Appends one iteration of `loop` to `path`, each loop nested in it
/// repeated its trip count times. Returns why it could not, if it could not.
static std::optional<ExpandFailure>
expandIteration(ArrayRef<Instruction> code, ArrayRef<Loop> loops,
                const Loop &loop, Path &path, std::vector<InnerLoop> &inner) {
  // Enough for any real kernel; stops a huge trip count from eating memory.
  constexpr size_t maxPath = 1 << 22;
  for (size_t i = loop.head; i <= loop.last;) {
    const Loop *child = nullptr;
    if (i != loop.head)
      for (const Loop &other : loops)
        if (other.head == i && loop.contains(other))
          child = &other;
    if (!child) {
      path.push_back(i++);
      continue;
    }
    TripCount trips = readTripCount(code, loops, *child, loop.head);
    if (!trips.count)
      return ExpandFailure{"inner loop trip count unknown",
                           formatv("inner loop 0x{0}..0x{1}: {2}",
                                   utohexstr(code[child->head].address, true),
                                   utohexstr(code[child->last].address, true),
                                   trips.how)
                               .str()};
    inner.push_back({code[child->head].address, code[child->last].address,
                     *trips.count, trips.how});
    Path body;
    if (auto why = expandIteration(code, loops, *child, body, inner))
      return why;
    if (path.size() + body.size() * *trips.count > maxPath)
      return ExpandFailure{"steady-state path too long to expand",
                           formatv("over {0} instructions", maxPath).str()};
    for (uint64_t t = 0; t < *trips.count; ++t)
      path.insert(path.end(), body.begin(), body.end());
    i = child->last + 1;
  }
  return std::nullopt;
}

static InstrCounts countPath(ArrayRef<Instruction> code, const Path &path) {
  InstrCounts counts;
  for (size_t i : path)
    countInstruction(code[i], counts);
  return counts;
}

/// Picks the steady-state path: the innermost loop with the most FMAs, or,
/// when a loop encloses it, one iteration of that loop with the inner loops
/// run their trip count times (the K slice's global loads, LDS stores and
/// barriers sit outside a rolled inner k loop).
static std::optional<Path> pickLoop(ArrayRef<Instruction> code,
                                    LoopReport &report) {
  std::vector<Loop> loops = findLoops(code);
  const Loop *best = nullptr;
  unsigned bestFmas = 0;
  for (const Loop &loop : loops) {
    bool innermost = llvm::none_of(
        loops, [&](const Loop &other) { return loop.contains(other); });
    if (!innermost)
      continue;
    unsigned fmas =
        countRange(code.slice(loop.head, loop.last - loop.head + 1)).fmas;
    if (!best || fmas > bestFmas) {
      best = &loop;
      bestFmas = fmas;
    }
  }
  if (!best)
    return std::nullopt;

  const Loop *enclosing = nullptr;
  for (const Loop &loop : loops)
    if (loop.contains(*best) &&
        (!enclosing ||
         loop.last - loop.head < enclosing->last - enclosing->head))
      enclosing = &loop;

  auto edges = [](const Loop &loop) {
    return formatv("head to its farthest back-edge ({0} back-edge{1})",
                   loop.backEdges, loop.backEdges == 1 ? "" : "s")
        .str();
  };
  Path path;
  if (enclosing) {
    std::vector<InnerLoop> inner;
    std::optional<ExpandFailure> why =
        expandIteration(code, loops, *enclosing, path, inner);
    if (!why) {
      report.pick = "outer iteration";
      report.backEdges = enclosing->backEdges;
      report.innerLoops = std::move(inner);
      std::string innerText;
      for (const InnerLoop &l : report.innerLoops)
        innerText += formatv("; inner loop 0x{0}..0x{1} x {2} ({3})",
                             utohexstr(l.begin, true), utohexstr(l.end, true),
                             l.tripCount, l.how);
      report.why = "one iteration of the loop around the innermost loop with "
                   "the most FMAs, " +
                   edges(*enclosing) + innerText;
      report.begin = code[enclosing->head].address;
      report.end = code[enclosing->last].address;
      return path;
    }
    path.clear();
    report.pick = "inner iteration";
    report.enclosingBegin = code[enclosing->head].address;
    report.enclosingEnd = code[enclosing->last].address;
    report.why = formatv("the innermost loop with the most FMAs, {0}; {1}: "
                         "the figures are per inner iteration ({2}; "
                         "enclosing loop 0x{3}..0x{4})",
                         edges(*best), why->what, why->detail,
                         utohexstr(report.enclosingBegin, true),
                         utohexstr(report.enclosingEnd, true))
                     .str();
  } else {
    report.pick = "innermost";
    report.why = "the innermost loop with the most FMAs, " + edges(*best);
  }
  report.backEdges = best->backEdges;
  report.begin = code[best->head].address;
  report.end = code[best->last].address;
  for (size_t i = best->head; i <= best->last; ++i)
    path.push_back(i);
  return path;
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
  if (dstX >= 0 && dstY >= 0 && !vopd::areLegalDestinations(dstX, dstY))
    add(formatv("dst-parity: vdstX v{0} and vdstY v{1} have the same parity",
                dstX, dstY));
  static const char *slotNames[] = {"src0", "vsrc1"};
  for (unsigned slot = 0; slot < 2; ++slot) {
    int rx = firstVgpr(x.srcs, slot), ry = firstVgpr(y.srcs, slot);
    if (rx < 0 || ry < 0)
      continue;
    if (!vopd::isSlotBankLegal(rx, ry))
      add(formatv("{0}-bank: {0}X v{1} and {0}Y v{2} are both in bank {3}",
                  slotNames[slot], rx, ry, vopd::bankOf(rx)));
    if (vopd::hasParityHazard(rx, ry))
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
    for (size_t port = 0; port < op.srcs.size() && port < b.srcs.size(); ++port)
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
    trace += issue.writes[h] < 0
                 ? std::string("- ")
                 : "W" + std::to_string(issue.writes[h] % 4) + " ";
    for (const VgprBankIssue::Read &read : issue.reads)
      if (read.half == h)
        trace +=
            (read.cached ? "Cache" : "R") + std::to_string(read.reg % 4) + " ";
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

static BankSummary modelBanks(ArrayRef<Instruction> code, const Path &path,
                              bool steadyState, bool keepRows) {
  BankSummary summary;
  BankModel model(keepRows);
  // In a loop, the second pass starts from the caches and pending writes
  // the previous iteration left behind.
  if (steadyState)
    for (size_t i : path)
      model.step(code[i], /*score=*/false, summary);
  summary.cachedReads = 0;
  for (size_t i : path)
    model.step(code[i], /*score=*/true, summary);
  return summary;
}

//===----------------------------------------------------------------------===//
// Occupancy and cycles
//===----------------------------------------------------------------------===//

// The ISA's limit on one workgroup's LDS.
static constexpr unsigned maxLdsPerWorkgroup = 64 * 1024;
// The CU's LDS returns 32 banks x 4 bytes per clock to its two SIMDs.
static constexpr double ldsBytesPerClockPerSimd = 128.0 / 2;

static void computeOccupancy(Resources &r, const TargetInfo &target) {
  bool wave64 = r.wavefrontSize == 64;
  unsigned waveSize = wave64 ? 64 : 32;
  // The target's register file: 1.5x on gfx1100, gfx1101 and gfx1151
  // (LLVM AMDGPUBaseInfo: Feature1_5xVGPRs).
  bool largeFile = target.vgprsPerSimd() > 1024;
  r.wavesByVgprs = gemm::getWavesPerSimdByVgprs(
      r.vgprs, gemm::getVgprFile(wave64, largeFile));
  r.wavesBySlots = gemm::kMaxWavesPerSimd;

  unsigned simds = r.wgpMode ? 4 : 2;
  uint64_t wavesPerGroup = std::max<uint64_t>(
      1, divideCeil(std::max<uint64_t>(r.workgroupSize, 1), waveSize));
  r.wavesByLds = gemm::kMaxWavesPerSimd;
  if (r.ldsBytes > maxLdsPerWorkgroup) {
    r.wavesByLds = 0;
  } else if (r.ldsBytes > 0) {
    uint64_t groups =
        (r.wgpMode ? target.ldsBytesPerWGP : target.ldsBytesPerCU()) /
        r.ldsBytes;
    r.wavesByLds = std::min<uint64_t>(gemm::kMaxWavesPerSimd,
                                      groups * wavesPerGroup / simds);
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
    e.tflopsCeiling =
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
    r.vgprs = info.VgprCount;
    r.sgprs = info.SgprCount;
    r.ldsBytes = info.GroupSegmentSize;
    r.scratchBytes = info.PrivateSegmentSize;
    r.vgprSpills = info.VgprSpillCount;
    r.sgprSpills = info.SgprSpillCount;
    r.wavefrontSize = info.WavefrontSize ? info.WavefrontSize : 32;
    uint64_t required = info.ReqdWorkgroupSize[0] * info.ReqdWorkgroupSize[1] *
                        info.ReqdWorkgroupSize[2];
    r.workgroupSizeRequired = required != 0;
    r.workgroupSize = required ? required : info.MaxFlatWorkgroupSize;
    r.wgpMode = kernel.wgpMode;
    computeOccupancy(r, *options.machine.target);
  }

  LoopReport &loop = report.loop;
  std::optional<Path> path = pickLoop(code, loop);
  if (!path && kernel.plainList && !code.empty()) {
    loop.wholeInput = true;
    loop.pick = "whole input";
    loop.why = "the whole input is one iteration";
    loop.begin = code.front().address;
    loop.end = code.back().address;
    path.emplace();
    for (size_t i = 0; i < code.size(); ++i)
      path->push_back(i);
  }
  // The range the loop spans, each instruction once.
  ArrayRef<Instruction> body;
  if (path) {
    loop.found = true;
    auto first = llvm::find_if(
        code, [&](const Instruction &c) { return c.address == loop.begin; });
    auto last = llvm::find_if(
        code, [&](const Instruction &c) { return c.address == loop.end; });
    body = ArrayRef<Instruction>(&*first, &*last + 1);
    loop.counts = countPath(code, *path);
    loop.banks =
        modelBanks(code, *path, !options.coldCache, options.keepBankTrace);
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
