//===- VGPRRecolor.cpp - Recolor an FMA loop's VGPRs for VOPD -------------===//
//
// A VOPD pairs two FMACs only when their destinations, their src0s and their
// vsrc1s each have opposite VGPR parity (LLVM's bank rule plus the gfx11
// hazard rule). In an outer-product block acc[i][j] += a[i] * b[j], all of
// them can pair, as (i,j) with (i^1,j^1), if every A and B element has the
// parity of its index and every accumulator the parity of its A element. The
// register allocator knows nothing of this, so after it we rename: tuples
// loaded from LDS get even bases, accumulators the parity of their A
// element. Which source of an FMA is "A" is found per K step: the FMAs of one
// step form a bipartite graph between the A and B values loaded for it, and
// the side whose element parity agrees with the accumulators already planned
// is A.
//
// The rename is a permutation applied to the whole loop block, so every value
// inside the block keeps its producers and consumers; the values live into
// and out of the loop are moved with v_mov_b32 in the preheader and the exit
// block (once per wave, negligible next to the loop). VOPDs the block already
// has are taken apart first; the pairing step forms them again.
//
// Upstream has no post-RA register recoloring in the AMDGPU backend (the
// allocator's hints cannot express "opposite parity of that other FMA's
// operand"), hence this.
//
//===----------------------------------------------------------------------===//

#include "VGPRRecolor.h"
#include "ParityUnionFind.h"
#include "VGPRTable.h"
#include "VOPDParity.h"
#include "gemm-opt/CodeObject/VOPDRules.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

#include <array>
#include <bitset>
#include <numeric>
#include <optional>

using namespace llvm;
using gemm::kNumVGPRs;
using gemm::ParityUnionFind;
using gemm::VGPRTable;

namespace {

/// One FMA of the block: acc += s * t, and the values s and t held.
struct FMA {
  unsigned acc, s, t;
  unsigned valueS, valueT;
};

/// dst <- src register moves, in an order that is correct for a parallel copy.
using MoveList = SmallVector<std::pair<unsigned, unsigned>, 64>;

/// Orders the parallel copy `copies` (dst -> src, distinct dsts) into
/// sequential moves, breaking cycles through `temp`. Nothing when a cycle
/// needs a temp and there is none.
std::optional<MoveList>
sequentialize(SmallVector<std::pair<unsigned, unsigned>, 64> copies,
              std::optional<unsigned> temp) {
  MoveList moves;
  erase_if(copies, [](auto &c) { return c.first == c.second; });
  while (!copies.empty()) {
    auto isSource = [&](unsigned reg) {
      return any_of(copies, [&](auto &c) { return c.second == reg; });
    };
    auto ready = find_if(copies, [&](auto &c) { return !isSource(c.first); });
    if (ready != copies.end()) {
      moves.push_back(*ready);
      copies.erase(ready);
      continue;
    }
    // Only cycles are left: save one destination's value, then it is free.
    if (!temp)
      return std::nullopt;
    unsigned saved = copies.front().first;
    moves.push_back({*temp, saved});
    for (auto &c : copies)
      if (c.second == saved)
        c.second = *temp;
  }
  return moves;
}

class Recolorer {
public:
  Recolorer(MachineFunction &mf, const gemm::OpcodesByName &opcodes,
            unsigned extraVGPRs)
      : mf(mf), opcodes(opcodes), tii(*mf.getSubtarget().getInstrInfo()),
        tri(*mf.getSubtarget().getRegisterInfo()), mri(mf.getRegInfo()),
        table(tri), extraVGPRs(extraVGPRs) {
    fmacOpcode = opcodes.lookup("V_FMAC_F32_e32");
    vopdOpcode = opcodes.lookup("V_DUAL_FMAC_F32_e32_X_FMAC_F32_e32_gfx11");
    movOpcode = opcodes.lookup("V_MOV_B32_e32");
    writelaneOpcode = opcodes.lookup("V_WRITELANE_B32");
    for (unsigned reg = 1, e = tri.getNumRegs(); reg != e; ++reg)
      if (tri.getName(reg) == StringRef("EXEC_LO"))
        execLo = reg;
  }

  /// Why this LLVM's opcodes do not fit the assumed layout, if they do not.
  std::optional<std::string> checkLayout() const {
    if (!fmacOpcode || !vopdOpcode || !movOpcode || !execLo)
      return "V_FMAC_F32_e32, its VOPD form, V_MOV_B32_e32 or EXEC_LO not "
             "found by name";
    if (tii.get(fmacOpcode).getNumOperands() != 4 ||
        tii.get(vopdOpcode).getNumOperands() != 8 ||
        tii.get(vopdOpcode).getNumDefs() != 2 ||
        tii.get(movOpcode).getNumOperands() != 2)
      return "unexpected operand layout of V_FMAC_F32_e32, its VOPD form or "
             "V_MOV_B32_e32";
    return std::nullopt;
  }

  gemm::RecolorResult run(MachineBasicBlock &loop);

private:
  /// The FMAs of `mi` (one, two for an FMAC x FMAC VOPD, or none), given the
  /// current value of each VGPR.
  SmallVector<FMA, 2> getFMAs(const MachineInstr &mi,
                              const std::array<unsigned, kNumVGPRs> &values) {
    SmallVector<FMA, 2> fmas;
    auto single = [&](unsigned reg) -> std::optional<unsigned> {
      auto t = table.decode(reg);
      if (!t || t->second != 1)
        return std::nullopt;
      return t->first;
    };
    auto add = [&](unsigned dst, unsigned s, unsigned t, unsigned acc) {
      for (unsigned i : {dst, s, t, acc})
        if (!mi.getOperand(i).isReg())
          return;
      auto d = single(mi.getOperand(dst).getReg()),
           a = single(mi.getOperand(s).getReg()),
           b = single(mi.getOperand(t).getReg()),
           c = single(mi.getOperand(acc).getReg());
      if (d && a && b && c && *d == *c)
        fmas.push_back({*d, *a, *b, values[*a], values[*b]});
    };
    if (mi.getOpcode() == fmacOpcode) {
      add(0, 1, 2, 3);
    } else if (auto halves = gemm::getVOPDHalves(mi, tii)) {
      for (const gemm::VOPDHalfOperands &half : {halves->first, halves->second})
        if (half.name == "FMAC_F32_e32")
          add(half.dst, half.first, half.first + 1, half.first + 2);
    }
    return fmas;
  }

  void emitMoves(MachineBasicBlock &mbb, MachineBasicBlock::iterator at,
                 const MoveList &moves) {
    for (auto [dst, src] : moves)
      BuildMI(mbb, at, DebugLoc(), tii.get(movOpcode), table.get(dst, 1))
          .addReg(table.get(src, 1));
  }

  MachineFunction &mf;
  const gemm::OpcodesByName &opcodes;
  const TargetInstrInfo &tii;
  const TargetRegisterInfo &tri;
  MachineRegisterInfo &mri;
  VGPRTable table;
  unsigned extraVGPRs;
  unsigned fmacOpcode = 0, vopdOpcode = 0, movOpcode = 0, writelaneOpcode = 0;
  unsigned execLo = 0;
};

gemm::RecolorResult Recolorer::run(MachineBasicBlock &loop) {
  gemm::RecolorResult result;
  auto leave = [&](const Twine &why) {
    result.whyNot = why.str();
    return result;
  };

  // The shape the boundary moves need: one preheader that only enters the
  // loop, one exit that only the loop reaches.
  MachineBasicBlock *preheader = nullptr, *exit = nullptr;
  for (MachineBasicBlock *pred : loop.predecessors()) {
    if (pred == &loop)
      continue;
    if (preheader)
      return leave("the loop has more than one entry");
    preheader = pred;
  }
  for (MachineBasicBlock *succ : loop.successors()) {
    if (succ == &loop)
      continue;
    if (exit)
      return leave("the loop has more than one exit");
    exit = succ;
  }
  if (!preheader || preheader->succ_size() != 1)
    return leave("the loop has no preheader that only enters it");
  if (!exit || exit->pred_size() != 1)
    return leave("the loop's exit block has other predecessors");

  // Groups: VGPRs that some operand uses together must move together.
  std::array<unsigned, kNumVGPRs> groupOf;
  std::iota(groupOf.begin(), groupOf.end(), 0);
  std::function<unsigned(unsigned)> findGroup = [&](unsigned r) {
    return groupOf[r] == r ? r : groupOf[r] = findGroup(groupOf[r]);
  };
  std::bitset<kNumVGPRs> usedInLoop;
  std::array<unsigned, kNumVGPRs> values;
  std::iota(values.begin(), values.end(), 0);
  unsigned nextValue = kNumVGPRs;
  std::vector<FMA> fmas;
  for (MachineInstr &mi : loop.instrs()) {
    if (mi.getOpcode() == writelaneOpcode)
      return leave("the loop writes single lanes (v_writelane)");
    if (mi.modifiesRegister(execLo, &tri))
      return leave("the loop changes EXEC");
    StringRef name = tii.getName(mi.getOpcode());
    if (name.starts_with("V_DUAL_") && !gemm::canSplitVOPD(mi, opcodes))
      return leave(Twine("the loop has a VOPD the pass cannot split (") + name +
                   ")");
    for (const MachineOperand &op : mi.operands()) {
      if (!op.isReg() || !op.getReg())
        continue;
      auto tuple = table.decode(op.getReg());
      if (!tuple) {
        if (VGPRTable::isUnrenamableVGPR(op.getReg(), tri))
          return leave(Twine("the loop uses ") + tri.getName(op.getReg()) +
                       ", which the recoloring does not rename");
        continue;
      }
      for (unsigned i = 0; i < tuple->second; ++i) {
        usedInLoop.set(tuple->first + i);
        if (i)
          groupOf[findGroup(tuple->first + i)] = findGroup(tuple->first);
      }
    }
    if (mi.isBundle())
      continue;
    for (const FMA &fma : getFMAs(mi, values))
      fmas.push_back(fma);
    for (const MachineOperand &op : mi.operands())
      if (op.isReg() && op.isDef())
        if (auto tuple = table.decode(op.getReg()))
          for (unsigned i = 0; i < tuple->second; ++i)
            values[tuple->first + i] = nextValue++;
  }
  result.fmas = fmas.size();

  // Group extents: a group is a contiguous run of VGPRs.
  std::array<unsigned, kNumVGPRs> groupBase, groupSize;
  groupBase.fill(kNumVGPRs);
  groupSize.fill(0);
  for (unsigned r = 0; r < kNumVGPRs; ++r) {
    if (!usedInLoop[r])
      continue;
    unsigned g = findGroup(r);
    groupBase[g] = std::min(groupBase[g], r);
    ++groupSize[g];
  }
  auto baseOf = [&](unsigned r) { return groupBase[findGroup(r)]; };
  auto sizeOf = [&](unsigned r) { return groupSize[findGroup(r)]; };

  // Sources loaded as tuples get even bases, so an element's parity is its
  // offset's; sources in single VGPRs are left where they are.
  std::bitset<kNumVGPRs> isSourceGroup, isFMAGroup;
  for (const FMA &f : fmas) {
    for (unsigned src : {f.s, f.t})
      if (sizeOf(src) > 1)
        isSourceGroup.set(findGroup(src));
    for (unsigned r : {f.acc, f.s, f.t})
      isFMAGroup.set(findGroup(r));
  }
  auto elementParity = [&](unsigned r) -> std::optional<bool> {
    if (!isSourceGroup[findGroup(r)])
      return std::nullopt;
    return gemm::vopd::parityOf(r - baseOf(r));
  };

  // The K steps: components of the graph of values multiplied together.
  ParityUnionFind sides;
  DenseMap<unsigned, unsigned> node;
  auto nodeOf = [&](unsigned value) {
    auto [it, inserted] = node.try_emplace(value, 0);
    if (inserted)
      it->second = sides.add();
    return it->second;
  };
  for (const FMA &f : fmas)
    sides.unionOpposite(nodeOf(f.valueS), nodeOf(f.valueT));
  MapVector<unsigned, SmallVector<const FMA *, 128>> steps;
  for (const FMA &f : fmas)
    steps[sides.find(nodeOf(f.valueS)).first].push_back(&f);

  // Plan each accumulator's parity: that of its A element. The first step
  // names a side A; each later step takes the side that agrees best.
  std::array<std::optional<bool>, kNumVGPRs> accParity;
  for (const FMA &f : fmas)
    if (isSourceGroup[findGroup(f.acc)])
      accParity[f.acc] = elementParity(f.acc);
  auto anchorOf = [&](const FMA &f, bool side) {
    return sides.find(nodeOf(f.valueS)).second == side ? f.s : f.t;
  };
  for (auto &[root, stepFMAs] : steps) {
    std::array<unsigned, 2> agreement = {0, 0};
    for (bool side : {false, true})
      for (const FMA *f : stepFMAs) {
        auto p = elementParity(anchorOf(*f, side));
        if (p && accParity[f->acc] && *accParity[f->acc] == *p)
          ++agreement[side];
      }
    bool side = agreement[1] > agreement[0];
    for (const FMA *f : stepFMAs)
      if (auto p = elementParity(anchorOf(*f, side)); p && !accParity[f->acc])
        accParity[f->acc] = *p;
  }

  // Each FMA group's wanted base parity: even for sources, by vote for
  // accumulators (a tuple of accumulators moves as a whole).
  std::array<std::optional<bool>, kNumVGPRs> wantedBaseParity;
  {
    std::array<std::array<unsigned, 2>, kNumVGPRs> votes{};
    for (unsigned r = 0; r < kNumVGPRs; ++r)
      if (usedInLoop[r] && accParity[r])
        ++votes[findGroup(r)]
               [*accParity[r] ^ gemm::vopd::parityOf(r - baseOf(r))];
    for (unsigned g = 0; g < kNumVGPRs; ++g) {
      if (!isFMAGroup[g] || groupBase[g] == kNumVGPRs)
        continue;
      if (isSourceGroup[g])
        wantedBaseParity[g] = false;
      else if (votes[g][0] + votes[g][1])
        wantedBaseParity[g] = votes[g][1] > votes[g][0];
    }
  }
  for (const FMA &f : fmas)
    if (accParity[f.acc] && elementParity(f.s).has_value())
      ++result.anchored;

  // Registers the new homes may come from: those of the groups that move,
  // and those the loop neither uses nor has live on entry.
  std::bitset<kNumVGPRs> liveIntoLoop, liveIntoExit;
  table.markLiveIns(loop, liveIntoLoop);
  table.markLiveIns(*exit, liveIntoExit);

  unsigned maxUsed = table.highestUsed(mf);
  unsigned limit = std::min(kNumVGPRs, maxUsed + 1 + extraVGPRs);
  auto isFreeReg = [&](unsigned r) {
    return !usedInLoop[r] && !liveIntoLoop[r] && !liveIntoExit[r] &&
           !mri.isReserved(table.get(r, 1));
  };

  std::bitset<kNumVGPRs> freeRegs;
  for (unsigned r = 0; r < limit; ++r)
    if (isFreeReg(r))
      freeRegs.set(r);

  // Places `moving` (largest first; four-wide groups on four-aligned bases
  // if possible, for ds_load_b128 and the bank plan) into their own VGPRs and
  // the free ones. Nothing when some group finds no room.
  std::array<unsigned, kNumVGPRs> newBase;
  std::bitset<kNumVGPRs> taken;
  auto place =
      [&](SmallVector<unsigned, 64> moving) -> std::optional<unsigned> {
    std::bitset<kNumVGPRs> pool = freeRegs;
    for (unsigned g : moving)
      for (unsigned i = 0; i < groupSize[g]; ++i)
        pool.set(groupBase[g] + i);
    stable_sort(moving, [&](unsigned a, unsigned b) {
      return groupSize[a] > groupSize[b];
    });
    newBase.fill(kNumVGPRs);
    taken.reset();
    for (unsigned g : moving) {
      unsigned size = groupSize[g];
      bool parity = *wantedBaseParity[g];
      auto fits = [&](unsigned b) {
        if (b + size > kNumVGPRs)
          return false;
        for (unsigned i = 0; i < size; ++i)
          if (!pool[b + i] || taken[b + i])
            return false;
        return true;
      };
      std::optional<unsigned> found;
      for (unsigned align : {size >= 4 && !parity ? 4u : 2u, 2u}) {
        for (unsigned b = parity; b < kNumVGPRs && !found; b += align)
          if (fits(b))
            found = b;
        if (found)
          break;
      }
      if (!found)
        return g;
      newBase[g] = *found;
      for (unsigned i = 0; i < size; ++i)
        taken.set(*found + i);
    }
    return std::nullopt;
  };

  // Fewest moves first: only the groups of the wrong parity. If they find no
  // room, every planned group is placed anew, which defragments.
  SmallVector<unsigned, 64> wrongParity, planned;
  for (unsigned g = 0; g < kNumVGPRs; ++g) {
    if (!wantedBaseParity[g])
      continue;
    planned.push_back(g);
    if (gemm::vopd::parityOf(groupBase[g]) != *wantedBaseParity[g])
      wrongParity.push_back(g);
  }
  if (wrongParity.empty())
    return leave("the registers already fit the pairing plan");
  if (place(wrongParity))
    if (std::optional<unsigned> stuck = place(planned))
      return leave(formatv("no {0} free VGPRs of the planned parity for the "
                           "group at v{1} within v0..v{2}",
                           groupSize[*stuck], groupBase[*stuck], limit - 1));

  auto renamed = [&](unsigned r) -> unsigned {
    if (!usedInLoop[r])
      return r;
    unsigned g = findGroup(r);
    return newBase[g] == kNumVGPRs ? r : newBase[g] + (r - groupBase[g]);
  };
  // Every tuple the loop names must exist at its new place.
  for (MachineInstr &mi : loop.instrs())
    for (const MachineOperand &op : mi.operands())
      if (op.isReg())
        if (auto tuple = table.decode(op.getReg()))
          if (!table.get(renamed(tuple->first), tuple->second))
            return leave(formatv("no {0}-VGPR register at v{1}", tuple->second,
                                 renamed(tuple->first)));

  // Boundary moves, as parallel copies made sequential.
  SmallVector<std::pair<unsigned, unsigned>, 64> entryCopies, exitCopies;
  std::bitset<kNumVGPRs> busy = liveIntoLoop | liveIntoExit | taken;
  for (unsigned r = 0; r < kNumVGPRs; ++r) {
    if (renamed(r) == r)
      continue;
    busy.set(r);
    if (liveIntoLoop[r])
      entryCopies.push_back({renamed(r), r});
    if (liveIntoExit[r])
      exitCopies.push_back({r, renamed(r)});
  }
  std::optional<unsigned> temp;
  for (unsigned r = 0; r < limit && !temp; ++r)
    if (!busy[r] && !usedInLoop[r] && !mri.isReserved(table.get(r, 1)))
      temp = r;
  std::optional<MoveList> entryMoves = sequentialize(entryCopies, temp);
  std::optional<MoveList> exitMoves = sequentialize(exitCopies, temp);
  if (!entryMoves || !exitMoves)
    return leave("no free VGPR to break a cycle of boundary moves");

  // Apply: take the block's VOPDs apart (the pairing step forms new ones),
  // rename the block, fix live-ins, move values at the boundaries.
  for (MachineInstr &mi : make_early_inc_range(loop.instrs()))
    if (tii.getName(mi.getOpcode()).starts_with("V_DUAL_"))
      result.vopdsSplit += gemm::splitVOPD(mi, opcodes);
  for (MachineInstr &mi : loop.instrs())
    for (MachineOperand &op : mi.operands())
      if (op.isReg())
        if (auto tuple = table.decode(op.getReg()))
          if (unsigned to = renamed(tuple->first); to != tuple->first)
            op.setReg(table.get(to, tuple->second));

  auto renameLiveIns = [&](MachineBasicBlock &mbb) {
    SmallVector<MachineBasicBlock::RegisterMaskPair, 64> liveIns(
        mbb.liveins().begin(), mbb.liveins().end());
    mbb.clearLiveIns();
    for (auto &liveIn : liveIns) {
      auto tuple = table.decode(liveIn.PhysReg);
      bool moves = false;
      for (unsigned i = 0; tuple && i < tuple->second; ++i)
        moves |= renamed(tuple->first + i) != tuple->first + i;
      if (!moves) {
        mbb.addLiveIn(liveIn);
        continue;
      }
      for (unsigned i = 0; i < tuple->second; ++i)
        mbb.addLiveIn(table.get(renamed(tuple->first + i), 1));
    }
    mbb.sortUniqueLiveIns();
  };
  renameLiveIns(loop);
  renameLiveIns(*exit);
  emitMoves(*preheader, preheader->getFirstTerminator(), *entryMoves);
  emitMoves(*exit, exit->SkipPHIsAndLabels(exit->begin()), *exitMoves);

  result.recolored = true;
  for (unsigned r = 0; r < kNumVGPRs; ++r)
    result.movedRegs += renamed(r) != r;
  result.entryCopies = entryMoves->size();
  result.exitCopies = exitMoves->size();
  unsigned newMax = maxUsed;
  for (unsigned r = 0; r < kNumVGPRs; ++r)
    if (usedInLoop[r])
      newMax = std::max(newMax, renamed(r));
  if (temp && (entryMoves->size() > entryCopies.size() ||
               exitMoves->size() > exitCopies.size()))
    newMax = std::max(newMax, *temp);
  result.extraVGPRs = newMax - maxUsed;
  return result;
}

} // namespace

namespace gemm {

void recolorFMALoops(MachineFunction &mf, MachineLoopInfo &loops,
                     const OpcodesByName &opcodes, unsigned minFMAs,
                     unsigned extraVGPRs, const RecolorCallback &report) {
  // Built on the first FMA block: its register tables scan every register.
  std::optional<Recolorer> recolorer;
  std::optional<std::string> layoutProblem;
  const TargetInstrInfo &tii = *mf.getSubtarget().getInstrInfo();
  unsigned fmacOpcode = opcodes.lookup("V_FMAC_F32_e32");
  for (MachineBasicBlock &mbb : mf) {
    MachineLoop *loop = loops.getLoopFor(&mbb);
    if (!loop || !loop->isInnermost())
      continue;
    // Cheap count first: only FMA blocks are reported.
    unsigned fmas = 0;
    for (const MachineInstr &mi : mbb.instrs()) {
      if (fmacOpcode && mi.getOpcode() == fmacOpcode)
        ++fmas;
      else if (auto halves = getVOPDHalves(mi, tii))
        fmas += (halves->first.name == "FMAC_F32_e32") +
                (halves->second.name == "FMAC_F32_e32");
    }
    if (fmas < minFMAs || fmas == 0)
      continue;
    if (!recolorer) {
      recolorer.emplace(mf, opcodes, extraVGPRs);
      layoutProblem = recolorer->checkLayout();
    }
    RecolorResult result;
    if (layoutProblem)
      result.whyNot = *layoutProblem;
    else if (loop->getNumBlocks() != 1)
      result.whyNot = "the loop has more than one block";
    else
      result = recolorer->run(mbb);
    if (!result.fmas)
      result.fmas = fmas;
    report(mbb, result);
  }
}

} // namespace gemm
