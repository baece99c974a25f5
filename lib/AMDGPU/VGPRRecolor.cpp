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

/// The state of one loop's recoloring, phase to phase.
struct LoopPlan {
  MachineBasicBlock *preheader = nullptr, *exit = nullptr;
  /// Groups: VGPRs that some operand uses together move together (a
  /// union-find over VGPR numbers; a group is a contiguous run).
  std::array<unsigned, kNumVGPRs> groupOf;
  std::array<unsigned, kNumVGPRs> groupBase, groupSize;
  std::bitset<kNumVGPRs> usedInLoop;
  std::vector<FMA> fmas;
  std::bitset<kNumVGPRs> isSourceGroup, isFMAGroup;
  std::array<std::optional<bool>, kNumVGPRs> wantedBaseParity;
  std::bitset<kNumVGPRs> liveIntoLoop, liveIntoExit;
  unsigned maxUsed = 0, limit = 0;
  /// Where each moving group goes (kNumVGPRs: it stays), and the VGPRs the
  /// moved groups take.
  std::array<unsigned, kNumVGPRs> newBase;
  std::bitset<kNumVGPRs> taken;
  SmallVector<std::pair<unsigned, unsigned>, 64> entryCopies, exitCopies;
  std::optional<unsigned> temp;
  MoveList entryMoves, exitMoves;

  LoopPlan() { std::iota(groupOf.begin(), groupOf.end(), 0); }
  unsigned findGroup(unsigned r) {
    return groupOf[r] == r ? r : groupOf[r] = findGroup(groupOf[r]);
  }
  unsigned baseOf(unsigned r) { return groupBase[findGroup(r)]; }
  unsigned sizeOf(unsigned r) { return groupSize[findGroup(r)]; }
  /// The parity of a source element within its tuple, for tuple sources.
  std::optional<bool> elementParity(unsigned r) {
    if (!isSourceGroup[findGroup(r)])
      return std::nullopt;
    return gemm::vopd::parityOf(r - baseOf(r));
  }
  unsigned renamed(unsigned r) {
    if (!usedInLoop[r])
      return r;
    unsigned g = findGroup(r);
    return newBase[g] == kNumVGPRs ? r : newBase[g] + (r - groupBase[g]);
  }
};

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
  using WhyNot = std::optional<std::string>;

  WhyNot findBoundary(MachineBasicBlock &loop, LoopPlan &plan);
  WhyNot scanLoop(MachineBasicBlock &loop, LoopPlan &plan);
  void measureGroups(LoopPlan &plan);
  unsigned planParities(LoopPlan &plan);
  std::optional<unsigned> place(LoopPlan &plan,
                                SmallVector<unsigned, 64> moving,
                                const std::bitset<kNumVGPRs> &freeRegs);
  WhyNot placeGroups(MachineBasicBlock &loop, LoopPlan &plan);
  WhyNot planBoundaryMoves(MachineBasicBlock &loop, LoopPlan &plan);
  unsigned apply(MachineBasicBlock &loop, LoopPlan &plan);

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

/// The shape the boundary moves need: one preheader that only enters the
/// loop, one exit that only the loop reaches.
Recolorer::WhyNot Recolorer::findBoundary(MachineBasicBlock &loop,
                                          LoopPlan &plan) {
  for (MachineBasicBlock *pred : loop.predecessors()) {
    if (pred == &loop)
      continue;
    if (plan.preheader)
      return "the loop has more than one entry";
    plan.preheader = pred;
  }
  for (MachineBasicBlock *succ : loop.successors()) {
    if (succ == &loop)
      continue;
    if (plan.exit)
      return "the loop has more than one exit";
    plan.exit = succ;
  }
  if (!plan.preheader || plan.preheader->succ_size() != 1)
    return "the loop has no preheader that only enters it";
  if (!plan.exit || plan.exit->pred_size() != 1)
    return "the loop's exit block has other predecessors";
  return std::nullopt;
}

/// The groups, the VGPRs the loop uses, and its FMAs with the values their
/// sources hold; refuses loops the rename cannot keep exact.
Recolorer::WhyNot Recolorer::scanLoop(MachineBasicBlock &loop, LoopPlan &plan) {
  std::array<unsigned, kNumVGPRs> values;
  std::iota(values.begin(), values.end(), 0);
  unsigned nextValue = kNumVGPRs;
  for (MachineInstr &mi : loop.instrs()) {
    if (mi.getOpcode() == writelaneOpcode)
      return "the loop writes single lanes (v_writelane)";
    if (mi.modifiesRegister(execLo, &tri))
      return "the loop changes EXEC";
    StringRef name = tii.getName(mi.getOpcode());
    if (name.starts_with("V_DUAL_") && !gemm::canSplitVOPD(mi, opcodes))
      return (Twine("the loop has a VOPD the pass cannot split (") + name + ")")
          .str();
    for (const MachineOperand &op : mi.operands()) {
      if (!op.isReg() || !op.getReg())
        continue;
      auto tuple = table.decode(op.getReg());
      if (!tuple) {
        if (VGPRTable::isUnrenamableVGPR(op.getReg(), tri))
          return (Twine("the loop uses ") + tri.getName(op.getReg()) +
                  ", which the recoloring does not rename")
              .str();
        continue;
      }
      for (unsigned i = 0; i < tuple->second; ++i) {
        plan.usedInLoop.set(tuple->first + i);
        if (i)
          plan.groupOf[plan.findGroup(tuple->first + i)] =
              plan.findGroup(tuple->first);
      }
    }
    if (mi.isBundle())
      continue;
    for (const FMA &fma : getFMAs(mi, values))
      plan.fmas.push_back(fma);
    for (const MachineOperand &op : mi.operands())
      if (op.isReg() && op.isDef())
        if (auto tuple = table.decode(op.getReg()))
          for (unsigned i = 0; i < tuple->second; ++i)
            values[tuple->first + i] = nextValue++;
  }
  return std::nullopt;
}

/// Group extents, and which groups hold FMA operands and tuple sources:
/// sources loaded as tuples get even bases, so an element's parity is its
/// offset's; sources in single VGPRs are left where they are.
void Recolorer::measureGroups(LoopPlan &plan) {
  plan.groupBase.fill(kNumVGPRs);
  plan.groupSize.fill(0);
  for (unsigned r = 0; r < kNumVGPRs; ++r) {
    if (!plan.usedInLoop[r])
      continue;
    unsigned g = plan.findGroup(r);
    plan.groupBase[g] = std::min(plan.groupBase[g], r);
    ++plan.groupSize[g];
  }
  for (const FMA &f : plan.fmas) {
    for (unsigned src : {f.s, f.t})
      if (plan.sizeOf(src) > 1)
        plan.isSourceGroup.set(plan.findGroup(src));
    for (unsigned r : {f.acc, f.s, f.t})
      plan.isFMAGroup.set(plan.findGroup(r));
  }
}

/// Plans each accumulator's parity, that of its A element, per K step (a
/// component of the graph of values multiplied together): the first step
/// names a side A; each later step takes the side that agrees best. Then
/// each FMA group's wanted base parity: even for sources, by vote for
/// accumulators (a tuple of accumulators moves as a whole). Returns the
/// FMAs whose accumulator parity is planned.
unsigned Recolorer::planParities(LoopPlan &plan) {
  ParityUnionFind sides;
  DenseMap<unsigned, unsigned> node;
  auto nodeOf = [&](unsigned value) {
    auto [it, inserted] = node.try_emplace(value, 0);
    if (inserted)
      it->second = sides.add();
    return it->second;
  };
  for (const FMA &f : plan.fmas)
    sides.unionOpposite(nodeOf(f.valueS), nodeOf(f.valueT));
  MapVector<unsigned, SmallVector<const FMA *, 128>> steps;
  for (const FMA &f : plan.fmas)
    steps[sides.find(nodeOf(f.valueS)).first].push_back(&f);

  std::array<std::optional<bool>, kNumVGPRs> accParity;
  for (const FMA &f : plan.fmas)
    if (plan.isSourceGroup[plan.findGroup(f.acc)])
      accParity[f.acc] = plan.elementParity(f.acc);
  auto anchorOf = [&](const FMA &f, bool side) {
    return sides.find(nodeOf(f.valueS)).second == side ? f.s : f.t;
  };
  for (auto &[root, stepFMAs] : steps) {
    std::array<unsigned, 2> agreement = {0, 0};
    for (bool side : {false, true})
      for (const FMA *f : stepFMAs) {
        auto p = plan.elementParity(anchorOf(*f, side));
        if (p && accParity[f->acc] && *accParity[f->acc] == *p)
          ++agreement[side];
      }
    bool side = agreement[1] > agreement[0];
    for (const FMA *f : stepFMAs)
      if (auto p = plan.elementParity(anchorOf(*f, side));
          p && !accParity[f->acc])
        accParity[f->acc] = *p;
  }

  std::array<std::array<unsigned, 2>, kNumVGPRs> votes{};
  for (unsigned r = 0; r < kNumVGPRs; ++r)
    if (plan.usedInLoop[r] && accParity[r])
      ++votes[plan.findGroup(r)]
             [*accParity[r] ^ gemm::vopd::parityOf(r - plan.baseOf(r))];
  for (unsigned g = 0; g < kNumVGPRs; ++g) {
    if (!plan.isFMAGroup[g] || plan.groupBase[g] == kNumVGPRs)
      continue;
    if (plan.isSourceGroup[g])
      plan.wantedBaseParity[g] = false;
    else if (votes[g][0] + votes[g][1])
      plan.wantedBaseParity[g] = votes[g][1] > votes[g][0];
  }
  unsigned anchored = 0;
  for (const FMA &f : plan.fmas)
    if (accParity[f.acc] && plan.elementParity(f.s).has_value())
      ++anchored;
  return anchored;
}

/// Places `moving` (largest first; four-wide groups on four-aligned bases if
/// possible, for ds_load_b128 and the bank plan) into their own VGPRs and
/// `freeRegs`. The group that finds no room, if one does not.
std::optional<unsigned>
Recolorer::place(LoopPlan &plan, SmallVector<unsigned, 64> moving,
                 const std::bitset<kNumVGPRs> &freeRegs) {
  std::bitset<kNumVGPRs> pool = freeRegs;
  for (unsigned g : moving)
    for (unsigned i = 0; i < plan.groupSize[g]; ++i)
      pool.set(plan.groupBase[g] + i);
  stable_sort(moving, [&](unsigned a, unsigned b) {
    return plan.groupSize[a] > plan.groupSize[b];
  });
  plan.newBase.fill(kNumVGPRs);
  plan.taken.reset();
  for (unsigned g : moving) {
    unsigned size = plan.groupSize[g];
    bool parity = *plan.wantedBaseParity[g];
    auto fits = [&](unsigned b) {
      if (b + size > kNumVGPRs)
        return false;
      for (unsigned i = 0; i < size; ++i)
        if (!pool[b + i] || plan.taken[b + i])
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
    plan.newBase[g] = *found;
    for (unsigned i = 0; i < size; ++i)
      plan.taken.set(*found + i);
  }
  return std::nullopt;
}

/// New homes for the groups of the wrong parity, from their own registers
/// and those the loop neither uses nor has live on entry or exit; if they
/// find no room, every planned group is placed anew, which defragments.
Recolorer::WhyNot Recolorer::placeGroups(MachineBasicBlock &loop,
                                         LoopPlan &plan) {
  table.markLiveIns(loop, plan.liveIntoLoop);
  table.markLiveIns(*plan.exit, plan.liveIntoExit);
  plan.maxUsed = table.highestUsed(mf);
  plan.limit = std::min(kNumVGPRs, plan.maxUsed + 1 + extraVGPRs);
  std::bitset<kNumVGPRs> freeRegs;
  for (unsigned r = 0; r < plan.limit; ++r)
    if (!plan.usedInLoop[r] && !plan.liveIntoLoop[r] && !plan.liveIntoExit[r] &&
        !mri.isReserved(table.get(r, 1)))
      freeRegs.set(r);

  SmallVector<unsigned, 64> wrongParity, planned;
  for (unsigned g = 0; g < kNumVGPRs; ++g) {
    if (!plan.wantedBaseParity[g])
      continue;
    planned.push_back(g);
    if (gemm::vopd::parityOf(plan.groupBase[g]) != *plan.wantedBaseParity[g])
      wrongParity.push_back(g);
  }
  if (wrongParity.empty())
    return "the registers already fit the pairing plan";
  if (place(plan, wrongParity, freeRegs))
    if (std::optional<unsigned> stuck = place(plan, planned, freeRegs))
      return formatv("no {0} free VGPRs of the planned parity for the group "
                     "at v{1} within v0..v{2}",
                     plan.groupSize[*stuck], plan.groupBase[*stuck],
                     plan.limit - 1)
          .str();
  return std::nullopt;
}

/// Checks that every tuple the loop names exists at its new place, and
/// orders the boundary moves (parallel copies made sequential).
Recolorer::WhyNot Recolorer::planBoundaryMoves(MachineBasicBlock &loop,
                                               LoopPlan &plan) {
  for (MachineInstr &mi : loop.instrs())
    for (const MachineOperand &op : mi.operands())
      if (op.isReg())
        if (auto tuple = table.decode(op.getReg()))
          if (!table.get(plan.renamed(tuple->first), tuple->second))
            return formatv("no {0}-VGPR register at v{1}", tuple->second,
                           plan.renamed(tuple->first))
                .str();

  std::bitset<kNumVGPRs> busy =
      plan.liveIntoLoop | plan.liveIntoExit | plan.taken;
  for (unsigned r = 0; r < kNumVGPRs; ++r) {
    if (plan.renamed(r) == r)
      continue;
    busy.set(r);
    if (plan.liveIntoLoop[r])
      plan.entryCopies.push_back({plan.renamed(r), r});
    if (plan.liveIntoExit[r])
      plan.exitCopies.push_back({r, plan.renamed(r)});
  }
  for (unsigned r = 0; r < plan.limit && !plan.temp; ++r)
    if (!busy[r] && !plan.usedInLoop[r] && !mri.isReserved(table.get(r, 1)))
      plan.temp = r;
  std::optional<MoveList> entryMoves =
      sequentialize(plan.entryCopies, plan.temp);
  std::optional<MoveList> exitMoves = sequentialize(plan.exitCopies, plan.temp);
  if (!entryMoves || !exitMoves)
    return "no free VGPR to break a cycle of boundary moves";
  plan.entryMoves = std::move(*entryMoves);
  plan.exitMoves = std::move(*exitMoves);
  return std::nullopt;
}

/// Takes the block's VOPDs apart (the pairing step forms new ones), renames
/// the block, fixes live-ins and moves values at the boundaries. Returns the
/// VOPDs split.
unsigned Recolorer::apply(MachineBasicBlock &loop, LoopPlan &plan) {
  unsigned vopdsSplit = 0;
  for (MachineInstr &mi : make_early_inc_range(loop.instrs()))
    if (tii.getName(mi.getOpcode()).starts_with("V_DUAL_"))
      vopdsSplit += gemm::splitVOPD(mi, opcodes);
  for (MachineInstr &mi : loop.instrs())
    for (MachineOperand &op : mi.operands())
      if (op.isReg())
        if (auto tuple = table.decode(op.getReg()))
          if (unsigned to = plan.renamed(tuple->first); to != tuple->first)
            op.setReg(table.get(to, tuple->second));

  auto renameLiveIns = [&](MachineBasicBlock &mbb) {
    SmallVector<MachineBasicBlock::RegisterMaskPair, 64> liveIns(
        mbb.liveins().begin(), mbb.liveins().end());
    mbb.clearLiveIns();
    for (auto &liveIn : liveIns) {
      auto tuple = table.decode(liveIn.PhysReg);
      bool moves = false;
      for (unsigned i = 0; tuple && i < tuple->second; ++i)
        moves |= plan.renamed(tuple->first + i) != tuple->first + i;
      if (!moves) {
        mbb.addLiveIn(liveIn);
        continue;
      }
      for (unsigned i = 0; i < tuple->second; ++i)
        mbb.addLiveIn(table.get(plan.renamed(tuple->first + i), 1));
    }
    mbb.sortUniqueLiveIns();
  };
  renameLiveIns(loop);
  renameLiveIns(*plan.exit);
  emitMoves(*plan.preheader, plan.preheader->getFirstTerminator(),
            plan.entryMoves);
  emitMoves(*plan.exit, plan.exit->SkipPHIsAndLabels(plan.exit->begin()),
            plan.exitMoves);
  return vopdsSplit;
}

gemm::RecolorResult Recolorer::run(MachineBasicBlock &loop) {
  gemm::RecolorResult result;
  LoopPlan plan;
  if (WhyNot why = findBoundary(loop, plan)) {
    result.whyNot = *why;
    return result;
  }
  if (WhyNot why = scanLoop(loop, plan)) {
    result.whyNot = *why;
    return result;
  }
  result.fmas = plan.fmas.size();
  measureGroups(plan);
  result.anchored = planParities(plan);
  if (WhyNot why = placeGroups(loop, plan)) {
    result.whyNot = *why;
    return result;
  }
  if (WhyNot why = planBoundaryMoves(loop, plan)) {
    result.whyNot = *why;
    return result;
  }
  result.vopdsSplit = apply(loop, plan);

  result.recolored = true;
  for (unsigned r = 0; r < kNumVGPRs; ++r)
    result.movedRegs += plan.renamed(r) != r;
  result.entryCopies = plan.entryMoves.size();
  result.exitCopies = plan.exitMoves.size();
  unsigned newMax = plan.maxUsed;
  for (unsigned r = 0; r < kNumVGPRs; ++r)
    if (plan.usedInLoop[r])
      newMax = std::max(newMax, plan.renamed(r));
  if (plan.temp && (plan.entryMoves.size() > plan.entryCopies.size() ||
                    plan.exitMoves.size() > plan.exitCopies.size()))
    newMax = std::max(newMax, *plan.temp);
  result.extraVGPRs = newMax - plan.maxUsed;
  return result;
}

} // namespace

namespace gemm {

/// A loop whose trip count LLVM cannot prove non-zero (K bounds computed
/// from the workgroup id, dynamic sizes) gets a guard that branches around
/// it to its exit block. The boundary moves need an exit only the loop
/// reaches: give the loop's exit edge a block of its own.
static void splitSharedExit(MachineBasicBlock &loop, MachineLoopInfo &loops) {
  MachineBasicBlock *exit = nullptr;
  for (MachineBasicBlock *succ : loop.successors())
    if (succ != &loop)
      exit = exit ? nullptr : succ;
  if (!exit || exit->pred_size() == 1 ||
      !loop.canSplitCriticalEdge(exit, &loops))
    return;
  MachineBasicBlock::SplitCriticalEdgeAnalyses analyses{nullptr, nullptr,
                                                        nullptr, &loops};
  loop.SplitCriticalEdge(exit, analyses, /*LiveInSets=*/nullptr,
                         /*MDTU=*/nullptr);
}

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
    else {
      splitSharedExit(mbb, loops);
      result = recolorer->run(mbb);
    }
    if (!result.fmas)
      result.fmas = fmas;
    report(mbb, result);
  }
}

} // namespace gemm
