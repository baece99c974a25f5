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
using gemm::KeyedParityUnionFind;
using gemm::NumVGPRs;
using gemm::VGPRTable;

namespace {

/// One FMA of the block: Acc += S * T, and the values S and T held.
struct FMA {
  unsigned Acc, S, T;
  unsigned ValueS, ValueT;
};

/// dst <- src register moves, in an order that is correct for a parallel copy.
using MoveList = SmallVector<std::pair<unsigned, unsigned>, 64>;

/// Orders the parallel copy `Copies` (dst -> src, distinct dsts) into
/// sequential moves, breaking cycles through `Temp`. Nothing when a cycle
/// needs a temp and there is none.
std::optional<MoveList>
sequentialize(SmallVector<std::pair<unsigned, unsigned>, 64> Copies,
              std::optional<unsigned> Temp) {
  MoveList Moves;
  erase_if(Copies, [](auto &C) { return C.first == C.second; });
  while (!Copies.empty()) {
    auto IsSource = [&](unsigned Reg) {
      return any_of(Copies, [&](auto &C) { return C.second == Reg; });
    };
    auto Ready = find_if(Copies, [&](auto &C) { return !IsSource(C.first); });
    if (Ready != Copies.end()) {
      Moves.push_back(*Ready);
      Copies.erase(Ready);
      continue;
    }
    // Only cycles are left: save one destination's value, then it is free.
    if (!Temp)
      return std::nullopt;
    unsigned Saved = Copies.front().first;
    Moves.push_back({*Temp, Saved});
    for (auto &C : Copies)
      if (C.second == Saved)
        C.second = *Temp;
  }
  return Moves;
}

/// The state of one loop's recoloring, phase to phase.
struct LoopPlan {
  MachineBasicBlock *Preheader = nullptr, *Exit = nullptr;
  /// Groups: VGPRs that some operand uses together move together (a
  /// union-find over VGPR numbers; a group is a contiguous run).
  std::array<unsigned, NumVGPRs> GroupOf;
  std::array<unsigned, NumVGPRs> GroupBase, GroupSize;
  std::bitset<NumVGPRs> UsedInLoop;
  std::vector<FMA> FMAs;
  std::bitset<NumVGPRs> IsSourceGroup, IsFMAGroup;
  std::array<std::optional<bool>, NumVGPRs> WantedBaseParity;
  /// For source tuples of a loop that multiplies along K within its tuples:
  /// the base each group wants modulo 4 (0 or 2), so that the two sides'
  /// elements of one K step sit in different banks.
  std::array<std::optional<unsigned>, NumVGPRs> WantedBaseMod4;
  std::bitset<NumVGPRs> LiveIntoLoop, LiveIntoExit;
  unsigned MaxUsed = 0, Limit = 0;
  /// Where each moving group goes (NumVGPRs: it stays), and the VGPRs the
  /// moved groups take.
  std::array<unsigned, NumVGPRs> NewBase;
  std::bitset<NumVGPRs> Taken;
  SmallVector<std::pair<unsigned, unsigned>, 64> EntryCopies, ExitCopies;
  std::optional<unsigned> Temp;
  MoveList EntryMoves, ExitMoves;

  LoopPlan() { std::iota(GroupOf.begin(), GroupOf.end(), 0); }
  unsigned findGroup(unsigned R) {
    return GroupOf[R] == R ? R : GroupOf[R] = findGroup(GroupOf[R]);
  }
  unsigned baseOf(unsigned R) { return GroupBase[findGroup(R)]; }
  unsigned sizeOf(unsigned R) { return GroupSize[findGroup(R)]; }
  /// The parity of a source element within its tuple, for tuple sources.
  std::optional<bool> elementParity(unsigned R) {
    if (!IsSourceGroup[findGroup(R)])
      return std::nullopt;
    return gemm::vopd::parityOf(R - baseOf(R));
  }
  unsigned renamed(unsigned R) {
    if (!UsedInLoop[R])
      return R;
    unsigned G = findGroup(R);
    return NewBase[G] == NumVGPRs ? R : NewBase[G] + (R - GroupBase[G]);
  }
};

class Recolorer {
public:
  Recolorer(MachineFunction &MF, const gemm::OpcodesByName &Opcodes,
            unsigned ExtraVGPRs)
      : MF(MF), Opcodes(Opcodes), TII(*MF.getSubtarget().getInstrInfo()),
        TRI(*MF.getSubtarget().getRegisterInfo()), MRI(MF.getRegInfo()),
        Table(TRI), ExtraVGPRs(ExtraVGPRs) {
    FMACOpcode = Opcodes.lookup("V_FMAC_F32_e32");
    VOPDOpcode = Opcodes.lookup("V_DUAL_FMAC_F32_e32_X_FMAC_F32_e32_gfx11");
    MovOpcode = Opcodes.lookup("V_MOV_B32_e32");
    WritelaneOpcode = Opcodes.lookup("V_WRITELANE_B32");
    for (unsigned Reg = 1, E = TRI.getNumRegs(); Reg != E; ++Reg)
      if (TRI.getName(Reg) == StringRef("EXEC_LO"))
        ExecLo = Reg;
  }

  /// Why this LLVM's opcodes do not fit the assumed layout, if they do not.
  std::optional<std::string> checkLayout() const {
    if (!FMACOpcode || !VOPDOpcode || !MovOpcode || !ExecLo)
      return "V_FMAC_F32_e32, its VOPD form, V_MOV_B32_e32 or EXEC_LO not "
             "found by name";
    if (TII.get(FMACOpcode).getNumOperands() != 4 ||
        TII.get(VOPDOpcode).getNumOperands() != 8 ||
        TII.get(VOPDOpcode).getNumDefs() != 2 ||
        TII.get(MovOpcode).getNumOperands() != 2)
      return "unexpected operand layout of V_FMAC_F32_e32, its VOPD form or "
             "V_MOV_B32_e32";
    return std::nullopt;
  }

  gemm::RecolorResult run(MachineBasicBlock &LoopBB);

private:
  using WhyNot = std::optional<std::string>;

  WhyNot findBoundary(MachineBasicBlock &LoopBB, LoopPlan &Plan);
  WhyNot scanLoop(MachineBasicBlock &LoopBB, LoopPlan &Plan);
  void measureGroups(LoopPlan &Plan);
  unsigned planParities(LoopPlan &Plan);
  bool planAlongK(LoopPlan &Plan);
  std::optional<unsigned> place(LoopPlan &Plan,
                                SmallVector<unsigned, 64> Moving,
                                const std::bitset<NumVGPRs> &FreeRegs);
  WhyNot placeGroups(MachineBasicBlock &LoopBB, LoopPlan &Plan);
  WhyNot planBoundaryMoves(MachineBasicBlock &LoopBB, LoopPlan &Plan);
  unsigned apply(MachineBasicBlock &LoopBB, LoopPlan &Plan);

  /// The FMAs of `MI` (one, two for an FMAC x FMAC VOPD, or none), given the
  /// current value of each VGPR.
  SmallVector<FMA, 2> getFMAs(const MachineInstr &MI,
                              const std::array<unsigned, NumVGPRs> &Values) {
    SmallVector<FMA, 2> FMAs;
    auto SingleVGPR = [&](unsigned Reg) -> std::optional<unsigned> {
      auto T = Table.decode(Reg);
      if (!T || T->second != 1)
        return std::nullopt;
      return T->first;
    };
    auto Add = [&](unsigned Dst, unsigned S, unsigned T, unsigned Acc) {
      for (unsigned I : {Dst, S, T, Acc})
        if (!MI.getOperand(I).isReg())
          return;
      auto D = SingleVGPR(MI.getOperand(Dst).getReg()),
           A = SingleVGPR(MI.getOperand(S).getReg()),
           B = SingleVGPR(MI.getOperand(T).getReg()),
           C = SingleVGPR(MI.getOperand(Acc).getReg());
      if (D && A && B && C && *D == *C)
        FMAs.push_back({*D, *A, *B, Values[*A], Values[*B]});
    };
    if (MI.getOpcode() == FMACOpcode) {
      Add(0, 1, 2, 3);
    } else if (auto Halves = gemm::getVOPDHalves(MI, TII)) {
      for (const gemm::VOPDHalfOperands &Half : {Halves->first, Halves->second})
        if (Half.Name == "FMAC_F32_e32")
          Add(Half.Dst, Half.First, Half.First + 1, Half.First + 2);
    }
    return FMAs;
  }

  void emitMoves(MachineBasicBlock &MBB, MachineBasicBlock::iterator At,
                 const MoveList &Moves) {
    for (auto [Dst, Src] : Moves)
      BuildMI(MBB, At, DebugLoc(), TII.get(MovOpcode), Table.get(Dst, 1))
          .addReg(Table.get(Src, 1));
  }

  MachineFunction &MF;
  const gemm::OpcodesByName &Opcodes;
  const TargetInstrInfo &TII;
  const TargetRegisterInfo &TRI;
  MachineRegisterInfo &MRI;
  VGPRTable Table;
  unsigned ExtraVGPRs;
  unsigned FMACOpcode = 0, VOPDOpcode = 0, MovOpcode = 0, WritelaneOpcode = 0;
  unsigned ExecLo = 0;
};

/// The shape the boundary moves need: one preheader that only enters the
/// loop, one exit that only the loop reaches.
Recolorer::WhyNot Recolorer::findBoundary(MachineBasicBlock &LoopBB,
                                          LoopPlan &Plan) {
  for (MachineBasicBlock *Pred : LoopBB.predecessors()) {
    if (Pred == &LoopBB)
      continue;
    if (Plan.Preheader)
      return "the loop has more than one entry";
    Plan.Preheader = Pred;
  }
  for (MachineBasicBlock *Succ : LoopBB.successors()) {
    if (Succ == &LoopBB)
      continue;
    if (Plan.Exit)
      return "the loop has more than one exit";
    Plan.Exit = Succ;
  }
  if (!Plan.Preheader || Plan.Preheader->succ_size() != 1)
    return "the loop has no preheader that only enters it";
  if (!Plan.Exit || Plan.Exit->pred_size() != 1)
    return "the loop's exit block has other predecessors";
  return std::nullopt;
}

/// The groups, the VGPRs the loop uses, and its FMAs with the values their
/// sources hold; refuses loops the rename cannot keep exact.
Recolorer::WhyNot Recolorer::scanLoop(MachineBasicBlock &LoopBB,
                                      LoopPlan &Plan) {
  std::array<unsigned, NumVGPRs> Values;
  std::iota(Values.begin(), Values.end(), 0);
  unsigned NextValue = NumVGPRs;
  for (MachineInstr &MI : LoopBB.instrs()) {
    if (MI.getOpcode() == WritelaneOpcode)
      return "the loop writes single lanes (v_writelane)";
    if (MI.modifiesRegister(ExecLo, &TRI))
      return "the loop changes EXEC";
    StringRef Name = TII.getName(MI.getOpcode());
    if (Name.starts_with("V_DUAL_") && !gemm::canSplitVOPD(MI, Opcodes))
      return (Twine("the loop has a VOPD the pass cannot split (") + Name + ")")
          .str();
    for (const MachineOperand &MO : MI.operands()) {
      if (!MO.isReg() || !MO.getReg())
        continue;
      auto Tuple = Table.decode(MO.getReg());
      if (!Tuple) {
        if (VGPRTable::isUnrenamableVGPR(MO.getReg(), TRI))
          return (Twine("the loop uses ") + TRI.getName(MO.getReg()) +
                  ", which the recoloring does not rename")
              .str();
        continue;
      }
      for (unsigned I = 0; I < Tuple->second; ++I) {
        Plan.UsedInLoop.set(Tuple->first + I);
        if (I)
          Plan.GroupOf[Plan.findGroup(Tuple->first + I)] =
              Plan.findGroup(Tuple->first);
      }
    }
    if (MI.isBundle())
      continue;
    for (const FMA &F : getFMAs(MI, Values))
      Plan.FMAs.push_back(F);
    for (const MachineOperand &MO : MI.operands())
      if (MO.isReg() && MO.isDef())
        if (auto Tuple = Table.decode(MO.getReg()))
          for (unsigned I = 0; I < Tuple->second; ++I)
            Values[Tuple->first + I] = NextValue++;
  }
  return std::nullopt;
}

/// Group extents, and which groups hold FMA operands and tuple sources:
/// sources loaded as tuples get even bases, so an element's parity is its
/// offset's; sources in single VGPRs are left where they are.
void Recolorer::measureGroups(LoopPlan &Plan) {
  Plan.GroupBase.fill(NumVGPRs);
  Plan.GroupSize.fill(0);
  for (unsigned R = 0; R < NumVGPRs; ++R) {
    if (!Plan.UsedInLoop[R])
      continue;
    unsigned G = Plan.findGroup(R);
    Plan.GroupBase[G] = std::min(Plan.GroupBase[G], R);
    ++Plan.GroupSize[G];
  }
  for (const FMA &F : Plan.FMAs) {
    for (unsigned Src : {F.S, F.T})
      if (Plan.sizeOf(Src) > 1)
        Plan.IsSourceGroup.set(Plan.findGroup(Src));
    for (unsigned R : {F.Acc, F.S, F.T})
      Plan.IsFMAGroup.set(Plan.findGroup(R));
  }
}

/// Plans each accumulator's parity, that of its A element, per K step (a
/// component of the graph of values multiplied together): the first step
/// names a side A; each later step takes the side that agrees best. Then
/// each FMA group's wanted base parity: even for sources, by vote for
/// accumulators (a tuple of accumulators moves as a whole). Returns the
/// FMAs whose accumulator parity is planned.
unsigned Recolorer::planParities(LoopPlan &Plan) {
  if (planAlongK(Plan))
    return Plan.FMAs.size();
  KeyedParityUnionFind Sides;
  for (const FMA &F : Plan.FMAs)
    Sides.unionOpposite(F.ValueS, F.ValueT);
  MapVector<unsigned, SmallVector<const FMA *, 128>> Steps;
  for (const FMA &F : Plan.FMAs)
    Steps[Sides.find(F.ValueS).first].push_back(&F);

  std::array<std::optional<bool>, NumVGPRs> AccParity;
  for (const FMA &F : Plan.FMAs)
    if (Plan.IsSourceGroup[Plan.findGroup(F.Acc)])
      AccParity[F.Acc] = Plan.elementParity(F.Acc);
  auto AnchorOf = [&](const FMA &F, bool Side) {
    return Sides.find(F.ValueS).second == Side ? F.S : F.T;
  };
  for (auto &[Root, StepFMAs] : Steps) {
    std::array<unsigned, 2> Agreement = {0, 0};
    for (bool Side : {false, true})
      for (const FMA *F : StepFMAs) {
        auto P = Plan.elementParity(AnchorOf(*F, Side));
        if (P && AccParity[F->Acc] && *AccParity[F->Acc] == *P)
          ++Agreement[Side];
      }
    bool Side = Agreement[1] > Agreement[0];
    for (const FMA *F : StepFMAs)
      if (auto P = Plan.elementParity(AnchorOf(*F, Side));
          P && !AccParity[F->Acc])
        AccParity[F->Acc] = *P;
  }

  std::array<std::array<unsigned, 2>, NumVGPRs> Votes{};
  for (unsigned R = 0; R < NumVGPRs; ++R)
    if (Plan.UsedInLoop[R] && AccParity[R])
      ++Votes[Plan.findGroup(R)]
             [*AccParity[R] ^ gemm::vopd::parityOf(R - Plan.baseOf(R))];
  for (unsigned G = 0; G < NumVGPRs; ++G) {
    if (!Plan.IsFMAGroup[G] || Plan.GroupBase[G] == NumVGPRs)
      continue;
    if (Plan.IsSourceGroup[G])
      Plan.WantedBaseParity[G] = false;
    else if (Votes[G][0] + Votes[G][1])
      Plan.WantedBaseParity[G] = Votes[G][1] > Votes[G][0];
  }
  unsigned Anchored = 0;
  for (const FMA &F : Plan.FMAs)
    if (AccParity[F.Acc] && Plan.elementParity(F.S).has_value())
      ++Anchored;
  return Anchored;
}

/// A loop whose tuples run along K (acc[r][c] += x[r][k] * y[c][k], each
/// tuple four K values of one row or column, as the skinny kernel loads
/// them) gives both sources of every FMA the parity of k, and each
/// accumulator meets every k: no accumulator parity follows from a source.
/// Any FMA of an even k pairs with one of an odd k whose accumulator has the
/// other parity, so the accumulators alternate. The two sides' tuples go to
/// bases 0 and 2 modulo 4: a pair's four sources then use the four banks
/// once each, and the previous instruction's two writes never make a bank
/// serve three accesses. False, planning nothing, for any other loop.
bool Recolorer::planAlongK(LoopPlan &Plan) {
  if (Plan.FMAs.empty())
    return false;
  for (const FMA &F : Plan.FMAs) {
    std::optional<bool> PS = Plan.elementParity(F.S),
                        PT = Plan.elementParity(F.T);
    if (!PS || !PT || *PS != *PT || Plan.IsSourceGroup[Plan.findGroup(F.Acc)])
      return false;
  }
  // The sides: two-colour the source groups by the FMAs that multiply them.
  KeyedParityUnionFind Sides;
  bool TwoSides = true;
  for (const FMA &F : Plan.FMAs)
    TwoSides &= Sides.unionOpposite(Plan.findGroup(F.S), Plan.findGroup(F.T));
  for (unsigned Group : llvm::make_first_range(Sides.keys())) {
    Plan.WantedBaseParity[Group] = false;
    Plan.WantedBaseMod4[Group] = TwoSides && Sides.find(Group).second ? 2 : 0;
  }
  bool Next = false;
  for (unsigned G = 0; G < NumVGPRs; ++G) {
    if (!Plan.IsFMAGroup[G] || Plan.IsSourceGroup[G] ||
        Plan.GroupBase[G] == NumVGPRs || G != Plan.findGroup(G))
      continue;
    Plan.WantedBaseParity[G] = Next;
    Next = !Next;
  }
  return true;
}

/// Places `Moving` (largest first; four-wide groups on four-aligned bases if
/// possible, for ds_load_b128 and the bank plan) into their own VGPRs and
/// `FreeRegs`. The group that finds no room, if one does not.
std::optional<unsigned>
Recolorer::place(LoopPlan &Plan, SmallVector<unsigned, 64> Moving,
                 const std::bitset<NumVGPRs> &FreeRegs) {
  std::bitset<NumVGPRs> Pool = FreeRegs;
  for (unsigned G : Moving)
    for (unsigned I = 0; I < Plan.GroupSize[G]; ++I)
      Pool.set(Plan.GroupBase[G] + I);
  stable_sort(Moving, [&](unsigned A, unsigned B) {
    return Plan.GroupSize[A] > Plan.GroupSize[B];
  });
  Plan.NewBase.fill(NumVGPRs);
  Plan.Taken.reset();
  for (unsigned G : Moving) {
    unsigned Size = Plan.GroupSize[G];
    bool Parity = *Plan.WantedBaseParity[G];
    auto Fits = [&](unsigned B) {
      if (B + Size > NumVGPRs)
        return false;
      for (unsigned I = 0; I < Size; ++I)
        if (!Pool[B + I] || Plan.Taken[B + I])
          return false;
      return true;
    };
    // (first base, step) in order of preference.
    std::pair<unsigned, unsigned> Preferred = {Parity, 2};
    if (Plan.WantedBaseMod4[G])
      Preferred = {*Plan.WantedBaseMod4[G], 4};
    else if (Size >= 4 && !Parity)
      Preferred = {0, 4};
    std::optional<unsigned> Found;
    for (auto [First, Step] :
         {Preferred, std::pair<unsigned, unsigned>{Parity, 2}}) {
      for (unsigned B = First; B < NumVGPRs && !Found; B += Step)
        if (Fits(B))
          Found = B;
      if (Found)
        break;
    }
    if (!Found)
      return G;
    Plan.NewBase[G] = *Found;
    for (unsigned I = 0; I < Size; ++I)
      Plan.Taken.set(*Found + I);
  }
  return std::nullopt;
}

/// New homes for the groups of the wrong parity, from their own registers
/// and those the loop neither uses nor has live on entry or exit; if they
/// find no room, every planned group is placed anew, which defragments.
Recolorer::WhyNot Recolorer::placeGroups(MachineBasicBlock &LoopBB,
                                         LoopPlan &Plan) {
  Table.markLiveIns(LoopBB, Plan.LiveIntoLoop);
  Table.markLiveIns(*Plan.Exit, Plan.LiveIntoExit);
  Plan.MaxUsed = Table.highestUsed(MF);
  Plan.Limit = std::min(NumVGPRs, Plan.MaxUsed + 1 + ExtraVGPRs);
  std::bitset<NumVGPRs> FreeRegs;
  for (unsigned R = 0; R < Plan.Limit; ++R)
    if (!Plan.UsedInLoop[R] && !Plan.LiveIntoLoop[R] && !Plan.LiveIntoExit[R] &&
        !MRI.isReserved(Table.get(R, 1)))
      FreeRegs.set(R);

  SmallVector<unsigned, 64> WrongParity, Planned;
  for (unsigned G = 0; G < NumVGPRs; ++G) {
    if (!Plan.WantedBaseParity[G])
      continue;
    Planned.push_back(G);
    if (gemm::vopd::parityOf(Plan.GroupBase[G]) != *Plan.WantedBaseParity[G] ||
        (Plan.WantedBaseMod4[G] &&
         Plan.GroupBase[G] % 4 != *Plan.WantedBaseMod4[G]))
      WrongParity.push_back(G);
  }
  if (WrongParity.empty())
    return "the registers already fit the pairing plan";
  if (place(Plan, WrongParity, FreeRegs))
    if (std::optional<unsigned> Stuck = place(Plan, Planned, FreeRegs))
      return formatv("no {0} free VGPRs of the planned parity for the group "
                     "at v{1} within v0..v{2}",
                     Plan.GroupSize[*Stuck], Plan.GroupBase[*Stuck],
                     Plan.Limit - 1)
          .str();
  return std::nullopt;
}

/// Checks that every tuple the loop names exists at its new place, and
/// orders the boundary moves (parallel copies made sequential).
Recolorer::WhyNot Recolorer::planBoundaryMoves(MachineBasicBlock &LoopBB,
                                               LoopPlan &Plan) {
  for (MachineInstr &MI : LoopBB.instrs())
    for (const MachineOperand &MO : MI.operands())
      if (MO.isReg())
        if (auto Tuple = Table.decode(MO.getReg()))
          if (!Table.get(Plan.renamed(Tuple->first), Tuple->second))
            return formatv("no {0}-VGPR register at v{1}", Tuple->second,
                           Plan.renamed(Tuple->first))
                .str();

  std::bitset<NumVGPRs> Busy =
      Plan.LiveIntoLoop | Plan.LiveIntoExit | Plan.Taken;
  for (unsigned R = 0; R < NumVGPRs; ++R) {
    if (Plan.renamed(R) == R)
      continue;
    Busy.set(R);
    if (Plan.LiveIntoLoop[R])
      Plan.EntryCopies.push_back({Plan.renamed(R), R});
    if (Plan.LiveIntoExit[R])
      Plan.ExitCopies.push_back({R, Plan.renamed(R)});
  }
  for (unsigned R = 0; R < Plan.Limit && !Plan.Temp; ++R)
    if (!Busy[R] && !Plan.UsedInLoop[R] && !MRI.isReserved(Table.get(R, 1)))
      Plan.Temp = R;
  std::optional<MoveList> EntryMoves =
      sequentialize(Plan.EntryCopies, Plan.Temp);
  std::optional<MoveList> ExitMoves = sequentialize(Plan.ExitCopies, Plan.Temp);
  if (!EntryMoves || !ExitMoves)
    return "no free VGPR to break a cycle of boundary moves";
  Plan.EntryMoves = std::move(*EntryMoves);
  Plan.ExitMoves = std::move(*ExitMoves);
  return std::nullopt;
}

/// Takes the block's VOPDs apart (the pairing step forms new ones), renames
/// the block, fixes live-ins and moves values at the boundaries. Returns the
/// VOPDs split.
unsigned Recolorer::apply(MachineBasicBlock &LoopBB, LoopPlan &Plan) {
  unsigned VOPDsSplit = 0;
  for (MachineInstr &MI : make_early_inc_range(LoopBB.instrs()))
    if (TII.getName(MI.getOpcode()).starts_with("V_DUAL_"))
      VOPDsSplit += gemm::splitVOPD(MI, Opcodes);
  for (MachineInstr &MI : LoopBB.instrs())
    for (MachineOperand &MO : MI.operands())
      if (MO.isReg())
        if (auto Tuple = Table.decode(MO.getReg()))
          if (unsigned To = Plan.renamed(Tuple->first); To != Tuple->first)
            MO.setReg(Table.get(To, Tuple->second));

  auto RenameLiveIns = [&](MachineBasicBlock &MBB) {
    SmallVector<MachineBasicBlock::RegisterMaskPair, 64> LiveIns(
        MBB.liveins().begin(), MBB.liveins().end());
    MBB.clearLiveIns();
    for (auto &LiveIn : LiveIns) {
      auto Tuple = Table.decode(LiveIn.PhysReg);
      bool Moves = false;
      for (unsigned I = 0; Tuple && I < Tuple->second; ++I)
        Moves |= Plan.renamed(Tuple->first + I) != Tuple->first + I;
      if (!Moves) {
        MBB.addLiveIn(LiveIn);
        continue;
      }
      for (unsigned I = 0; I < Tuple->second; ++I)
        MBB.addLiveIn(Table.get(Plan.renamed(Tuple->first + I), 1));
    }
    MBB.sortUniqueLiveIns();
  };
  RenameLiveIns(LoopBB);
  RenameLiveIns(*Plan.Exit);
  emitMoves(*Plan.Preheader, Plan.Preheader->getFirstTerminator(),
            Plan.EntryMoves);
  emitMoves(*Plan.Exit, Plan.Exit->SkipPHIsAndLabels(Plan.Exit->begin()),
            Plan.ExitMoves);
  return VOPDsSplit;
}

gemm::RecolorResult Recolorer::run(MachineBasicBlock &LoopBB) {
  gemm::RecolorResult Result;
  LoopPlan Plan;
  if (WhyNot Why = findBoundary(LoopBB, Plan)) {
    Result.WhyNot = *Why;
    return Result;
  }
  if (WhyNot Why = scanLoop(LoopBB, Plan)) {
    Result.WhyNot = *Why;
    return Result;
  }
  Result.FMAs = Plan.FMAs.size();
  measureGroups(Plan);
  Result.Anchored = planParities(Plan);
  if (WhyNot Why = placeGroups(LoopBB, Plan)) {
    Result.WhyNot = *Why;
    return Result;
  }
  if (WhyNot Why = planBoundaryMoves(LoopBB, Plan)) {
    Result.WhyNot = *Why;
    return Result;
  }
  Result.VOPDsSplit = apply(LoopBB, Plan);

  Result.Recolored = true;
  for (unsigned R = 0; R < NumVGPRs; ++R)
    Result.MovedRegs += Plan.renamed(R) != R;
  Result.EntryCopies = Plan.EntryMoves.size();
  Result.ExitCopies = Plan.ExitMoves.size();
  unsigned NewMax = Plan.MaxUsed;
  for (unsigned R = 0; R < NumVGPRs; ++R)
    if (Plan.UsedInLoop[R])
      NewMax = std::max(NewMax, Plan.renamed(R));
  if (Plan.Temp && (Plan.EntryMoves.size() > Plan.EntryCopies.size() ||
                    Plan.ExitMoves.size() > Plan.ExitCopies.size()))
    NewMax = std::max(NewMax, *Plan.Temp);
  Result.ExtraVGPRs = NewMax - Plan.MaxUsed;
  return Result;
}

} // namespace

namespace gemm {

/// A loop whose trip count LLVM cannot prove non-zero (K bounds computed
/// from the workgroup id, dynamic sizes) gets a guard that branches around
/// it to its exit block. The boundary moves need an exit only the loop
/// reaches: give the loop's exit edge a block of its own.
static void splitSharedExit(MachineBasicBlock &LoopBB, MachineLoopInfo &Loops) {
  MachineBasicBlock *Exit = nullptr;
  for (MachineBasicBlock *Succ : LoopBB.successors())
    if (Succ != &LoopBB)
      Exit = Exit ? nullptr : Succ;
  if (!Exit || Exit->pred_size() == 1 ||
      !LoopBB.canSplitCriticalEdge(Exit, &Loops))
    return;
  MachineBasicBlock::SplitCriticalEdgeAnalyses Analyses{nullptr, nullptr,
                                                        nullptr, &Loops};
  LoopBB.SplitCriticalEdge(Exit, Analyses, /*LiveInSets=*/nullptr,
                           /*MDTU=*/nullptr);
}

void recolorFMALoops(MachineFunction &MF, MachineLoopInfo &Loops,
                     const OpcodesByName &Opcodes, unsigned MinFMAs,
                     unsigned ExtraVGPRs, const RecolorCallback &Report) {
  // Built on the first FMA block: its register tables scan every register.
  std::optional<Recolorer> Impl;
  std::optional<std::string> LayoutProblem;
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  unsigned FMACOpcode = Opcodes.lookup("V_FMAC_F32_e32");
  for (MachineBasicBlock &MBB : MF) {
    MachineLoop *L = Loops.getLoopFor(&MBB);
    if (!L || !L->isInnermost())
      continue;
    // Cheap count first: only FMA blocks are reported.
    unsigned FMAs = 0;
    for (const MachineInstr &MI : MBB.instrs()) {
      if (FMACOpcode && MI.getOpcode() == FMACOpcode)
        ++FMAs;
      else if (auto Halves = getVOPDHalves(MI, TII))
        FMAs += (Halves->first.Name == "FMAC_F32_e32") +
                (Halves->second.Name == "FMAC_F32_e32");
    }
    if (FMAs < MinFMAs || FMAs == 0)
      continue;
    if (!Impl) {
      Impl.emplace(MF, Opcodes, ExtraVGPRs);
      LayoutProblem = Impl->checkLayout();
    }
    RecolorResult Result;
    if (LayoutProblem)
      Result.WhyNot = *LayoutProblem;
    else if (L->getNumBlocks() != 1)
      Result.WhyNot = "the loop has more than one block";
    else {
      splitSharedExit(MBB, Loops);
      Result = Impl->run(MBB);
    }
    if (!Result.FMAs)
      Result.FMAs = FMAs;
    Report(MBB, Result);
  }
}

} // namespace gemm
