//===- LDSFragmentBanks.cpp - LDS fragments in their bank halves ----------===//
//
// A VGPR's bank is its number mod 4; an instruction that reads one bank more
// than twice (the previous instruction's writes included) waits a cycle. A
// VOPD of two FMAs reads four sources right after two writes, and the
// walkthrough's kernel 6 issues every one in a cycle by keeping one source of
// every FMA in banks 0-1 and the other in banks 2-3: a parity-legal pair then
// reads four different banks.
//
// The recoloring only plans parities, and the register allocator gives the
// registers of LDS fragments to other values in between (the global prefetch
// reuses them), so a rename of whole registers cannot do this. Here each LDS
// load result that only FMA sources read is allocated anew, on its own, over
// the instruction positions of the block; every other value keeps its
// register. The two sources of an FMA take opposite bank halves, so each K
// step's values split into two sides, and each side gets one half. A 128-bit
// tuple spans all four banks, so such a load becomes two ds_load_b64 (a few
// more LDS instructions per K step, far below its VALU time). Every element
// keeps its VGPR parity, so the pairing plan stays legal.
//
// Upstream has no post-RA reallocation, and the allocator's hints cannot say
// "banks 2-3", hence this.
//
//===----------------------------------------------------------------------===//

#include "LDSFragmentBanks.h"
#include "ParityUnionFind.h"
#include "VGPRTable.h"
#include "VOPDParity.h"
#include "gemm-opt/CodeObject/VOPDRules.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

#include <array>
#include <bitset>
#include <climits>
#include <numeric>
#include <optional>

using namespace llvm;
using gemm::kNumVGPRs;
using gemm::ParityUnionFind;
using gemm::VGPRTable;
using gemm::getVGPRNumber;
using gemm::getVOPDHalves;
using gemm::splitVOPD;
using gemm::VOPDHalfOperands;

namespace {

/// One value in one VGPR over positions [start, end] of the block; -1 is
/// "live into the block", the block's size "live out of it".
struct Interval {
  unsigned reg;
  int start, end;
  bool onlyFMASources = true; // Every read is an FMA's src0 or vsrc1.
};

/// An LDS load whose result only FMA sources read.
struct Fragment {
  MachineInstr *load;
  int position;
  unsigned base, width;
  bool split;                     // Loaded anew as ds_load_b64 (+ b32) pieces.
  SmallVector<unsigned, 4> units; // The interval of each element.
};

/// Elements [element, element + size) of a fragment, kept in one aligned
/// pair (or one VGPR) in one bank half.
struct Piece {
  unsigned fragment, element, size;
  int start, end;
  unsigned newBase = 0;
};

/// Width and whether one address reads the whole tuple (so it can be split),
/// per DS load opcode name.
struct LoadKind {
  unsigned width;
  bool oneAddress;
};

using Busy = std::array<SmallVector<std::pair<int, int>, 8>, kNumVGPRs>;

bool overlaps(ArrayRef<std::pair<int, int>> busy, int start, int end) {
  return any_of(busy,
                [&](auto b) { return b.first <= end && start <= b.second; });
}

/// Takes `header`'s bundle apart; the new loads cannot join it.
void dissolveBundle(MachineInstr &header) {
  SmallVector<MachineInstr *, 8> inside;
  for (auto it = std::next(header.getIterator()),
            end = header.getParent()->instr_end();
       it != end && it->isBundledWithPred(); ++it)
    inside.push_back(&*it);
  for (MachineInstr *mi : reverse(inside))
    mi->unbundleFromPred();
  header.eraseFromParent();
  for (MachineInstr *mi : inside)
    for (MachineOperand &op : mi->operands())
      if (op.isReg())
        op.setIsInternalRead(false);
}

} // namespace

namespace {

/// The bank plan of one FMA block, one method per phase. Each phase that can
/// give up returns why (the result's whyNot); run() strings them together.
class FragmentBankPlanner {
public:
  FragmentBankPlanner(MachineBasicBlock &loop,
                      const gemm::OpcodesByName &opcodes, unsigned extraVGPRs)
      : loop(loop), opcodes(opcodes), extraVGPRs(extraVGPRs),
        mf(*loop.getParent()), tii(*mf.getSubtarget().getInstrInfo()),
        tri(*mf.getSubtarget().getRegisterInfo()), mri(mf.getRegInfo()),
        table(tri) {}

  gemm::FragmentBankResult run();

private:
  /// A placement of every piece: the highest VGPR it uses, the pieces out of
  /// their half for want of room, and the pieces moved.
  struct Allocation {
    unsigned highest = 0, offPlan = 0, moved = 0;
  };
  using WhyNot = std::optional<std::string>;

  WhyNot findOpcodes();
  void findFMAReads();
  WhyNot buildIntervals();
  WhyNot selectPieces();
  WhyNot assignSides();
  void groupSteps();
  std::optional<Allocation> allocate(unsigned strategy);
  WhyNot chooseAllocation();
  void applySources();
  void applyLoads();
  void splitClashingVOPDs();

  MachineBasicBlock &loop;
  const gemm::OpcodesByName &opcodes;
  unsigned extraVGPRs;
  MachineFunction &mf;
  const TargetInstrInfo &tii;
  const TargetRegisterInfo &tri;
  const MachineRegisterInfo &mri;
  VGPRTable table;
  gemm::FragmentBankResult result;

  unsigned fmacOpcode = 0, readB32 = 0, readB64 = 0;
  DenseMap<unsigned, LoadKind> loadKinds;
  /// The block's instructions (bundles looked through), by position.
  SmallVector<MachineInstr *, 1024> order;
  int blockEnd = 0;
  /// The FMAs' VGPR sources, and the pairs one FMA multiplies.
  DenseSet<std::pair<unsigned, unsigned>> fmaSources;  // (position, operand)
  SmallVector<std::array<unsigned, 3>, 1024> fmaReads; // position, a, b
  /// Every value of every VGPR in the block, in order; which of them each
  /// FMA source reads.
  std::vector<Interval> intervals;
  DenseMap<std::pair<unsigned, unsigned>, unsigned> intervalRead;
  std::vector<Fragment> fragments, kept;
  std::vector<Piece> pieces;
  DenseMap<unsigned, unsigned> pieceOfInterval;
  ParityUnionFind sides;
  /// Registers: the highest the function uses, the bound of the plan, those
  /// the other values hold, those that are not reserved.
  unsigned maxUsed = 0, limit = 0;
  Busy fixed;
  std::bitset<kNumVGPRs> usable;
  /// Pieces in order of definition, and grouped by K step (a set of sides).
  SmallVector<unsigned, 64> byStart;
  DenseMap<unsigned, unsigned> stepIndex;
  SmallVector<SmallVector<unsigned, 16>, 16> stepPieces;
  std::optional<Allocation> best;
};

} // namespace

FragmentBankPlanner::WhyNot FragmentBankPlanner::findOpcodes() {
  fmacOpcode = opcodes.lookup("V_FMAC_F32_e32");
  readB32 = opcodes.lookup("DS_READ_B32_gfx9");
  readB64 = opcodes.lookup("DS_READ_B64_gfx9");
  if (!fmacOpcode || !readB32 || !readB64)
    return "V_FMAC_F32_e32, DS_READ_B32_gfx9 or DS_READ_B64_gfx9 not found by "
           "name";
  for (auto [name, kind] : {std::pair{"DS_READ_B32_gfx9", LoadKind{1, true}},
                            {"DS_READ_B64_gfx9", LoadKind{2, true}},
                            {"DS_READ_B96_gfx9", LoadKind{3, true}},
                            {"DS_READ_B128_gfx9", LoadKind{4, true}},
                            {"DS_READ2_B32_gfx9", LoadKind{2, false}},
                            {"DS_READ2ST64_B32_gfx9", LoadKind{2, false}}}) {
    unsigned opcode = opcodes.lookup(name);
    if (!opcode)
      continue;
    // Split loads are rebuilt as (vdst, addr, offset, gds).
    if (kind.oneAddress && (tii.get(opcode).getNumOperands() != 4 ||
                            tii.get(opcode).getNumDefs() != 1))
      return (Twine("unexpected operand layout of ") + name).str();
    loadKinds[opcode] = kind;
  }
  return std::nullopt;
}

void FragmentBankPlanner::findFMAReads() {
  auto isSingleVGPR = [&](const MachineOperand &op) {
    auto tuple = op.isReg() ? table.decode(op.getReg()) : std::nullopt;
    return tuple && tuple->second == 1;
  };
  for (unsigned pos = 0; pos < order.size(); ++pos) {
    const MachineInstr &mi = *order[pos];
    auto add = [&](unsigned a, unsigned b) {
      bool aReg = isSingleVGPR(mi.getOperand(a));
      bool bReg = isSingleVGPR(mi.getOperand(b));
      if (aReg)
        fmaSources.insert({pos, a});
      if (bReg)
        fmaSources.insert({pos, b});
      if (aReg && bReg)
        fmaReads.push_back({pos, a, b});
    };
    if (mi.getOpcode() == fmacOpcode)
      add(1, 2);
    else if (auto halves = getVOPDHalves(mi, tii))
      for (const VOPDHalfOperands &half : {halves->first, halves->second})
        if (half.name == "FMAC_F32_e32")
          add(half.first, half.first + 1);
  }
}

FragmentBankPlanner::WhyNot FragmentBankPlanner::buildIntervals() {
  std::bitset<kNumVGPRs> liveIn, liveOut;
  table.markLiveIns(loop, liveIn);
  for (const MachineBasicBlock *succ : loop.successors())
    table.markLiveIns(*succ, liveOut);

  std::array<int, kNumVGPRs> current;
  current.fill(-1);
  auto open = [&](unsigned reg, int start) {
    intervals.push_back({reg, start, start});
    current[reg] = intervals.size() - 1;
  };
  for (unsigned r = 0; r < kNumVGPRs; ++r)
    if (liveIn[r])
      open(r, -1);
  for (int pos = 0; pos < blockEnd; ++pos) {
    MachineInstr &mi = *order[pos];
    for (unsigned i = 0; i < mi.getNumOperands(); ++i) {
      const MachineOperand &op = mi.getOperand(i);
      if (op.isRegMask())
        return "the loop has a call";
      if (!op.isReg() || !op.getReg() || !op.isUse())
        continue;
      auto tuple = table.decode(op.getReg());
      if (!tuple) {
        if (VGPRTable::isUnrenamableVGPR(op.getReg(), tri))
          return (Twine("the loop uses ") + tri.getName(op.getReg()) +
                  ", which the bank plan does not track")
              .str();
        continue;
      }
      bool fmaSource = fmaSources.contains({unsigned(pos), i});
      for (unsigned k = 0; k < tuple->second; ++k) {
        unsigned r = tuple->first + k;
        if (current[r] < 0)
          open(r, -1);
        Interval &iv = intervals[current[r]];
        iv.end = pos;
        iv.onlyFMASources &= fmaSource;
        if (fmaSource)
          intervalRead[{unsigned(pos), i}] = current[r];
      }
    }
    for (unsigned i = 0; i < mi.getNumOperands(); ++i) {
      const MachineOperand &op = mi.getOperand(i);
      if (!op.isReg() || !op.getReg() || !op.isDef())
        continue;
      auto tuple = table.decode(op.getReg());
      if (!tuple)
        continue;
      SmallVector<unsigned, 4> units;
      for (unsigned k = 0; k < tuple->second; ++k) {
        open(tuple->first + k, pos);
        units.push_back(current[tuple->first + k]);
      }
      auto kind = loadKinds.find(mi.getOpcode());
      if (i == 0 && kind != loadKinds.end() &&
          kind->second.width == tuple->second) {
        fragments.push_back({&mi, pos, tuple->first, tuple->second,
                             kind->second.oneAddress && tuple->second > 2,
                             units});
      }
    }
  }
  for (unsigned r = 0; r < kNumVGPRs; ++r)
    if (liveOut[r]) {
      if (current[r] < 0)
        open(r, -1);
      intervals[current[r]].end = blockEnd;
    }
  return std::nullopt;
}

/// Fragments: loads whose every element only FMA sources read before the
/// register is written again. An element's parity must survive the move into
/// an aligned pair, so tuples start on even VGPRs.
FragmentBankPlanner::WhyNot FragmentBankPlanner::selectPieces() {
  for (const Fragment &fragment : fragments) {
    ArrayRef<unsigned> units = fragment.units;
    if (any_of(units, [&](unsigned iv) {
          return intervals[iv].end == blockEnd || !intervals[iv].onlyFMASources;
        }))
      continue;
    if (fragment.width > 1 && fragment.base % 2)
      continue;
    if (fragment.split &&
        fragment.load->getOperand(2).getImm() + 4 * (fragment.width - 1) >
            0xffff)
      continue;
    unsigned index = kept.size();
    kept.push_back(fragment);
    for (unsigned element = 0; element < fragment.width; element += 2) {
      unsigned size = std::min(2u, fragment.width - element);
      Piece piece{index, element, size, fragment.position, fragment.position};
      for (unsigned k = 0; k < size; ++k)
        piece.end = std::max(piece.end, intervals[units[element + k]].end);
      // Half a split load that nothing reads is not loaded at all.
      if (fragment.split && piece.end == piece.start)
        continue;
      for (unsigned k = 0; k < size; ++k)
        pieceOfInterval[units[element + k]] = pieces.size();
      pieces.push_back(piece);
    }
  }
  if (pieces.empty())
    return "no LDS load in the loop feeds only FMA sources";
  return std::nullopt;
}

/// Sides: the two sources of an FMA take opposite bank halves.
FragmentBankPlanner::WhyNot FragmentBankPlanner::assignSides() {
  for (unsigned i = 0; i < pieces.size(); ++i)
    sides.add();
  for (auto [pos, a, b] : fmaReads) {
    auto pieceRead = [&](unsigned operand) -> std::optional<unsigned> {
      auto iv = intervalRead.find({pos, operand});
      if (iv == intervalRead.end())
        return std::nullopt;
      auto piece = pieceOfInterval.find(iv->second);
      if (piece == pieceOfInterval.end())
        return std::nullopt;
      return piece->second;
    };
    std::optional<unsigned> pa = pieceRead(a), pb = pieceRead(b);
    if (!pa || !pb)
      continue;
    if (!sides.unionOpposite(*pa, *pb))
      return "an FMA multiplies two LDS values that other FMAs put on one "
             "side";
  }
  return std::nullopt;
}

/// The registers the pieces may take (those no other value holds at the
/// time, below the function's highest VGPR plus the allowance), and the
/// pieces by definition and by K step.
void FragmentBankPlanner::groupSteps() {
  maxUsed = table.highestUsed(mf);
  limit = std::min(kNumVGPRs, maxUsed + 1 + extraVGPRs);
  for (unsigned iv = 0; iv < intervals.size(); ++iv)
    if (!pieceOfInterval.count(iv))
      fixed[intervals[iv].reg].push_back(
          {intervals[iv].start, intervals[iv].end});
  for (unsigned r = 0; r < limit; ++r)
    usable[r] = !mri.isReserved(table.get(r, 1));

  byStart.resize(pieces.size());
  std::iota(byStart.begin(), byStart.end(), 0);
  stable_sort(byStart, [&](unsigned a, unsigned b) {
    return pieces[a].start < pieces[b].start;
  });
  for (unsigned p : byStart)
    stepIndex.try_emplace(sides.find(p).first, stepIndex.size());
  stepPieces.resize(stepIndex.size());
  for (unsigned p : byStart)
    stepPieces[stepIndex[sides.find(p).first]].push_back(p);
}

/// Greedy in order of definition, a piece's own registers first (a layout
/// that already fits stays). Which side of a K step takes which half is free:
/// strategy 0 and 1 orient every step one way (FMAs of two steps oriented
/// apart could pair with both sources of a slot in one half); strategy 2
/// orients each step on its own, which balances the halves' demand when that
/// is short. Sets each piece's newBase.
std::optional<FragmentBankPlanner::Allocation>
FragmentBankPlanner::allocate(unsigned strategy) {
  Busy busy = fixed;
  Allocation a;
  // Per K step, whether side `true` takes banks 0-1 instead of 2-3.
  SmallVector<int, 16> flip(stepIndex.size(), strategy < 2 ? strategy : -1);
  // Free aligned pairs of one half at `pos`.
  auto freePairs = [&](bool high, int pos) {
    unsigned count = 0;
    for (unsigned b = high ? 2 : 0; b + 1 < limit; b += 4)
      count += usable[b] && usable[b + 1] && !overlaps(busy[b], pos, pos) &&
               !overlaps(busy[b + 1], pos, pos);
    return count;
  };
  // Orients a K step so that its larger side meets the half with more room:
  // the worst shortfall over the step's definitions is smallest.
  auto orient = [&](unsigned step) {
    int bestShortfall = INT_MAX;
    for (int f : {0, 1}) {
      int shortfall = INT_MIN;
      for (unsigned p : stepPieces[step]) {
        int pos = pieces[p].start;
        std::array<int, 2> need = {0, 0};
        for (unsigned q : stepPieces[step])
          if (pieces[q].start <= pos && pos <= pieces[q].end)
            ++need[sides.find(q).second != bool(f)];
        for (bool high : {false, true})
          shortfall =
              std::max(shortfall, need[high] - int(freePairs(high, pos)));
      }
      if (shortfall < bestShortfall) {
        bestShortfall = shortfall;
        flip[step] = f;
      }
    }
  };
  for (unsigned p : byStart) {
    Piece &piece = pieces[p];
    unsigned oldBase = kept[piece.fragment].base + piece.element;
    auto [root, side] = sides.find(p);
    unsigned step = stepIndex[root];
    if (flip[step] < 0)
      orient(step);
    bool high = side != bool(flip[step]);
    auto fits = [&](unsigned b, bool half) {
      if (b + piece.size > limit || gemm::vopd::isInHighBankHalf(b) != half ||
          gemm::vopd::parityOf(b) != gemm::vopd::parityOf(oldBase))
        return false;
      for (unsigned k = 0; k < piece.size; ++k)
        if (!usable[b + k] || overlaps(busy[b + k], piece.start, piece.end))
          return false;
      return true;
    };
    // Best fit: the registers next needed soonest after the piece, so long
    // free stretches stay for long pieces; new VGPRs last.
    auto slack = [&](unsigned b) {
      int next = INT_MAX;
      for (unsigned k = 0; k < piece.size; ++k)
        for (auto [start, end] : busy[b + k])
          if (start > piece.end)
            next = std::min(next, start);
      return std::pair{b + piece.size - 1 > maxUsed, next};
    };
    std::optional<unsigned> found;
    if (fits(oldBase, high))
      found = oldBase;
    for (unsigned b = 0; b < limit && !(found && *found == oldBase); ++b)
      if (fits(b, high) && (!found || slack(b) < slack(*found)))
        found = b;
    // Short of room in its half, a piece takes the other one: its FMAs then
    // read one bank twice, the rest of the block still gains.
    for (unsigned b = 0; b < limit && !found; ++b)
      if (fits(b, !high))
        found = b;
    if (!found)
      return std::nullopt;
    a.offPlan += gemm::vopd::isInHighBankHalf(*found) != high;
    piece.newBase = *found;
    for (unsigned k = 0; k < piece.size; ++k)
      busy[*found + k].push_back({piece.start, piece.end});
    a.highest = std::max(a.highest, *found + piece.size - 1);
    a.moved += *found != oldBase;
  }
  return a;
}

/// The fewest VGPRs, then the fewest pieces out of their half, then the
/// fewest moves win; the winner's placement is left in the pieces.
FragmentBankPlanner::WhyNot FragmentBankPlanner::chooseAllocation() {
  unsigned bestStrategy = 0;
  auto key = [&](const Allocation &a) {
    return std::tuple{std::max(a.highest, maxUsed), a.offPlan, a.moved};
  };
  for (unsigned strategy = 0; strategy < 3; ++strategy)
    if (std::optional<Allocation> a = allocate(strategy);
        a && (!best || key(*a) < key(*best))) {
      best = a;
      bestStrategy = strategy;
    }
  if (!best)
    return formatv("no room to place {0} LDS values by bank half within "
                   "v0..v{1}",
                   pieces.size(), limit - 1)
        .str();
  if (best->moved == 0 && none_of(kept, [](auto &f) { return f.split; }))
    return std::string(best->offPlan
                           ? "no room to move any LDS value into its bank half"
                           : "the LDS values already sit in their bank halves");
  allocate(bestStrategy);
  return std::nullopt;
}

/// Renames the FMA sources (positions still index `order`). Bundles holding
/// a changed instruction are taken apart first, since their headers list the
/// old registers.
void FragmentBankPlanner::applySources() {
  auto leaveBundle = [](MachineInstr &mi) {
    if (mi.isBundledWithPred() || mi.isBundledWithSucc())
      dissolveBundle(*getBundleStart(mi.getIterator()));
  };
  for (auto [key, iv] : intervalRead)
    if (pieceOfInterval.count(iv))
      leaveBundle(*order[key.first]);
  for (const Fragment &fragment : kept)
    leaveBundle(*fragment.load);
  for (auto [key, iv] : intervalRead) {
    auto piece = pieceOfInterval.find(iv);
    if (piece == pieceOfInterval.end())
      continue;
    const Piece &p = pieces[piece->second];
    unsigned offset = intervals[iv].reg - kept[p.fragment].base - p.element;
    order[key.first]
        ->getOperand(key.second)
        .setReg(table.get(p.newBase + offset, 1));
  }
}

/// Renames the loads' destinations; a split load becomes one ds_load_b64 (or
/// b32) per piece.
void FragmentBankPlanner::applyLoads() {
  for (unsigned f = 0; f < kept.size(); ++f) {
    MachineInstr &load = *kept[f].load;
    SmallVector<const Piece *, 2> own;
    for (const Piece &p : pieces)
      if (p.fragment == f)
        own.push_back(&p);
    if (!kept[f].split) {
      load.getOperand(0).setReg(
          table.get(own.front()->newBase, own.front()->size));
      continue;
    }
    for (auto [i, p] : enumerate(own)) {
      MachineOperand addr = load.getOperand(1);
      addr.setIsKill(addr.isKill() && i + 1 == own.size());
      MachineInstrBuilder piece =
          BuildMI(loop, load.getIterator(), load.getDebugLoc(),
                  tii.get(p->size == 2 ? readB64 : readB32),
                  table.get(p->newBase, p->size))
              .add(addr)
              .addImm(load.getOperand(2).getImm() + 4 * p->element)
              .addImm(load.getOperand(3).getImm());
      if (load.hasOneMemOperand())
        piece.addMemOperand(
            mf.getMachineMemOperand(load.memoperands().front(), 4 * p->element,
                                    LocationSize::precise(4 * p->size)));
      piece->setFlags(load.getFlags());
    }
    load.eraseFromParent();
    ++result.loadsSplit;
  }
}

/// A VOPD formed before keeps its parities, but two same-parity sources of
/// one slot may now share a bank, which LLVM's VOPD rule forbids.
void FragmentBankPlanner::splitClashingVOPDs() {
  for (MachineInstr &mi : make_early_inc_range(loop)) {
    auto halves = getVOPDHalves(mi, tii);
    if (!halves || halves->first.name != "FMAC_F32_e32" ||
        halves->second.name != "FMAC_F32_e32")
      continue;
    bool clash = false;
    for (unsigned k = 0; k < 2; ++k) {
      auto x = getVGPRNumber(mi.getOperand(halves->first.first + k), tri);
      auto y = getVGPRNumber(mi.getOperand(halves->second.first + k), tri);
      clash |= x && y && !gemm::vopd::isSlotBankLegal(*x, *y);
    }
    if (clash)
      result.vopdsSplit += splitVOPD(mi, opcodes);
  }
}

gemm::FragmentBankResult FragmentBankPlanner::run() {
  if (!mri.tracksLiveness()) {
    result.whyNot = "the function does not track liveness";
    return result;
  }
  if (WhyNot why = findOpcodes()) {
    result.whyNot = *why;
    return result;
  }
  for (MachineInstr &mi : loop.instrs())
    if (!mi.isBundle())
      order.push_back(&mi);
  blockEnd = order.size();
  findFMAReads();
  for (auto phase : {&FragmentBankPlanner::buildIntervals,
                     &FragmentBankPlanner::selectPieces,
                     &FragmentBankPlanner::assignSides}) {
    if (WhyNot why = (this->*phase)()) {
      result.whyNot = *why;
      return result;
    }
  }
  groupSteps();
  if (WhyNot why = chooseAllocation()) {
    result.whyNot = *why;
    return result;
  }
  applySources();
  applyLoads();
  splitClashingVOPDs();
  result.placed = true;
  result.fragments = kept.size();
  result.pieces = pieces.size();
  result.offPlan = best->offPlan;
  result.extraVGPRs = best->highest > maxUsed ? best->highest - maxUsed : 0;
  return result;
}

namespace gemm {

FragmentBankResult placeFragmentsByBank(MachineBasicBlock &loop,
                                        const OpcodesByName &opcodes,
                                        unsigned extraVGPRs) {
  return FragmentBankPlanner(loop, opcodes, extraVGPRs).run();
}

} // namespace gemm
