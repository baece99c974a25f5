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
using gemm::NumVGPRs;
using gemm::ParityUnionFind;
using gemm::VGPRTable;
using gemm::getVGPRNumber;
using gemm::getVOPDHalves;
using gemm::splitVOPD;
using gemm::VOPDHalfOperands;

namespace {

/// One value in one VGPR over positions [Start, End] of the block; -1 is
/// "live into the block", the block's size "live out of it".
struct Interval {
  unsigned Reg;
  int Start, End;
  bool OnlyFMASources = true; // Every read is an FMA's src0 or vsrc1.
};

/// An LDS load whose result only FMA sources read.
struct Fragment {
  MachineInstr *Load;
  int Position;
  unsigned Base, Width;
  bool Split;                     // Loaded anew as ds_load_b64 (+ b32) pieces.
  SmallVector<unsigned, 4> Units; // The interval of each element.
};

/// Elements [Element, Element + Size) of a fragment, kept in one aligned
/// pair (or one VGPR) in one bank half.
struct Piece {
  unsigned FragmentIdx, Element, Size;
  int Start, End;
  unsigned NewBase = 0;
};

/// Width and whether one address reads the whole tuple (so it can be split),
/// per DS load opcode name.
struct LoadKind {
  unsigned Width;
  bool OneAddress;
};

using Busy = std::array<SmallVector<std::pair<int, int>, 8>, NumVGPRs>;

bool overlaps(ArrayRef<std::pair<int, int>> Ranges, int Start, int End) {
  return any_of(Ranges,
                [&](auto B) { return B.first <= End && Start <= B.second; });
}

/// Takes `Header`'s bundle apart; the new loads cannot join it.
void dissolveBundle(MachineInstr &Header) {
  SmallVector<MachineInstr *, 8> Inside;
  for (auto It = std::next(Header.getIterator()),
            End = Header.getParent()->instr_end();
       It != End && It->isBundledWithPred(); ++It)
    Inside.push_back(&*It);
  for (MachineInstr *MI : reverse(Inside))
    MI->unbundleFromPred();
  Header.eraseFromParent();
  for (MachineInstr *MI : Inside)
    for (MachineOperand &MO : MI->operands())
      if (MO.isReg())
        MO.setIsInternalRead(false);
}

} // namespace

namespace {

/// The bank plan of one FMA block, one method per phase. Each phase that can
/// give up returns why (the result's WhyNot); run() strings them together.
class FragmentBankPlanner {
public:
  FragmentBankPlanner(MachineBasicBlock &LoopBB,
                      const gemm::OpcodesByName &Opcodes, unsigned ExtraVGPRs)
      : LoopBB(LoopBB), Opcodes(Opcodes), ExtraVGPRs(ExtraVGPRs),
        MF(*LoopBB.getParent()), TII(*MF.getSubtarget().getInstrInfo()),
        TRI(*MF.getSubtarget().getRegisterInfo()), MRI(MF.getRegInfo()),
        Table(TRI) {}

  gemm::FragmentBankResult run();

private:
  /// A placement of every piece: the highest VGPR it uses, the pieces out of
  /// their half for want of room, and the pieces moved.
  struct Allocation {
    unsigned Highest = 0, OffPlan = 0, Moved = 0;
  };
  using WhyNot = std::optional<std::string>;

  WhyNot findOpcodes();
  void findFMAReads();
  WhyNot buildIntervals();
  WhyNot selectPieces();
  WhyNot assignSides();
  void groupSteps();
  std::optional<Allocation> allocate(unsigned Strategy);
  WhyNot chooseAllocation();
  void applySources();
  void applyLoads();
  void splitClashingVOPDs();

  MachineBasicBlock &LoopBB;
  const gemm::OpcodesByName &Opcodes;
  unsigned ExtraVGPRs;
  MachineFunction &MF;
  const TargetInstrInfo &TII;
  const TargetRegisterInfo &TRI;
  const MachineRegisterInfo &MRI;
  VGPRTable Table;
  gemm::FragmentBankResult Result;

  unsigned FMACOpcode = 0, ReadB32 = 0, ReadB64 = 0;
  DenseMap<unsigned, LoadKind> LoadKinds;
  /// The block's instructions (bundles looked through), by position.
  SmallVector<MachineInstr *, 1024> Order;
  int BlockEnd = 0;
  /// The FMAs' VGPR sources, and the pairs one FMA multiplies.
  DenseSet<std::pair<unsigned, unsigned>> FMASources;  // (position, operand)
  SmallVector<std::array<unsigned, 3>, 1024> FMAReads; // position, a, b
  /// Every value of every VGPR in the block, in order; which of them each
  /// FMA source reads.
  std::vector<Interval> Intervals;
  DenseMap<std::pair<unsigned, unsigned>, unsigned> IntervalRead;
  std::vector<Fragment> Fragments, Kept;
  std::vector<Piece> Pieces;
  DenseMap<unsigned, unsigned> PieceOfInterval;
  ParityUnionFind Sides;
  /// Registers: the highest the function uses, the bound of the plan, those
  /// the other values hold, those that are not reserved.
  unsigned MaxUsed = 0, Limit = 0;
  Busy Fixed;
  std::bitset<NumVGPRs> Usable;
  /// Pieces in order of definition, and grouped by K step (a set of sides).
  SmallVector<unsigned, 64> ByStart;
  DenseMap<unsigned, unsigned> StepIndex;
  SmallVector<SmallVector<unsigned, 16>, 16> StepPieces;
  std::optional<Allocation> Best;
};

} // namespace

FragmentBankPlanner::WhyNot FragmentBankPlanner::findOpcodes() {
  FMACOpcode = Opcodes.lookup("V_FMAC_F32_e32");
  ReadB32 = Opcodes.lookup("DS_READ_B32_gfx9");
  ReadB64 = Opcodes.lookup("DS_READ_B64_gfx9");
  if (!FMACOpcode || !ReadB32 || !ReadB64)
    return "V_FMAC_F32_e32, DS_READ_B32_gfx9 or DS_READ_B64_gfx9 not found by "
           "name";
  for (auto [Name, Kind] : {std::pair{"DS_READ_B32_gfx9", LoadKind{1, true}},
                            {"DS_READ_B64_gfx9", LoadKind{2, true}},
                            {"DS_READ_B96_gfx9", LoadKind{3, true}},
                            {"DS_READ_B128_gfx9", LoadKind{4, true}},
                            {"DS_READ2_B32_gfx9", LoadKind{2, false}},
                            {"DS_READ2ST64_B32_gfx9", LoadKind{2, false}}}) {
    unsigned Opcode = Opcodes.lookup(Name);
    if (!Opcode)
      continue;
    // Split loads are rebuilt as (vdst, addr, offset, gds).
    if (Kind.OneAddress && (TII.get(Opcode).getNumOperands() != 4 ||
                            TII.get(Opcode).getNumDefs() != 1))
      return (Twine("unexpected operand layout of ") + Name).str();
    LoadKinds[Opcode] = Kind;
  }
  return std::nullopt;
}

void FragmentBankPlanner::findFMAReads() {
  auto IsSingleVGPR = [&](const MachineOperand &MO) {
    auto Tuple = MO.isReg() ? Table.decode(MO.getReg()) : std::nullopt;
    return Tuple && Tuple->second == 1;
  };
  for (unsigned Pos = 0; Pos < Order.size(); ++Pos) {
    const MachineInstr &MI = *Order[Pos];
    auto Add = [&](unsigned A, unsigned B) {
      bool AReg = IsSingleVGPR(MI.getOperand(A));
      bool BReg = IsSingleVGPR(MI.getOperand(B));
      if (AReg)
        FMASources.insert({Pos, A});
      if (BReg)
        FMASources.insert({Pos, B});
      if (AReg && BReg)
        FMAReads.push_back({Pos, A, B});
    };
    if (MI.getOpcode() == FMACOpcode)
      Add(1, 2);
    else if (auto Halves = getVOPDHalves(MI, TII))
      for (const VOPDHalfOperands &Half : {Halves->first, Halves->second})
        if (Half.Name == "FMAC_F32_e32")
          Add(Half.First, Half.First + 1);
  }
}

FragmentBankPlanner::WhyNot FragmentBankPlanner::buildIntervals() {
  std::bitset<NumVGPRs> LiveIn, LiveOut;
  Table.markLiveIns(LoopBB, LiveIn);
  for (const MachineBasicBlock *Succ : LoopBB.successors())
    Table.markLiveIns(*Succ, LiveOut);

  std::array<int, NumVGPRs> Current;
  Current.fill(-1);
  auto Open = [&](unsigned Reg, int Start) {
    Intervals.push_back({Reg, Start, Start});
    Current[Reg] = Intervals.size() - 1;
  };
  for (unsigned R = 0; R < NumVGPRs; ++R)
    if (LiveIn[R])
      Open(R, -1);
  for (int Pos = 0; Pos < BlockEnd; ++Pos) {
    MachineInstr &MI = *Order[Pos];
    for (unsigned I = 0; I < MI.getNumOperands(); ++I) {
      const MachineOperand &MO = MI.getOperand(I);
      if (MO.isRegMask())
        return "the loop has a call";
      if (!MO.isReg() || !MO.getReg() || !MO.isUse())
        continue;
      auto Tuple = Table.decode(MO.getReg());
      if (!Tuple) {
        if (VGPRTable::isUnrenamableVGPR(MO.getReg(), TRI))
          return (Twine("the loop uses ") + TRI.getName(MO.getReg()) +
                  ", which the bank plan does not track")
              .str();
        continue;
      }
      bool FMASource = FMASources.contains({unsigned(Pos), I});
      for (unsigned K = 0; K < Tuple->second; ++K) {
        unsigned R = Tuple->first + K;
        if (Current[R] < 0)
          Open(R, -1);
        Interval &IV = Intervals[Current[R]];
        IV.End = Pos;
        IV.OnlyFMASources &= FMASource;
        if (FMASource)
          IntervalRead[{unsigned(Pos), I}] = Current[R];
      }
    }
    for (unsigned I = 0; I < MI.getNumOperands(); ++I) {
      const MachineOperand &MO = MI.getOperand(I);
      if (!MO.isReg() || !MO.getReg() || !MO.isDef())
        continue;
      auto Tuple = Table.decode(MO.getReg());
      if (!Tuple)
        continue;
      SmallVector<unsigned, 4> Units;
      for (unsigned K = 0; K < Tuple->second; ++K) {
        Open(Tuple->first + K, Pos);
        Units.push_back(Current[Tuple->first + K]);
      }
      auto Kind = LoadKinds.find(MI.getOpcode());
      if (I == 0 && Kind != LoadKinds.end() &&
          Kind->second.Width == Tuple->second) {
        Fragments.push_back({&MI, Pos, Tuple->first, Tuple->second,
                             Kind->second.OneAddress && Tuple->second > 2,
                             Units});
      }
    }
  }
  for (unsigned R = 0; R < NumVGPRs; ++R)
    if (LiveOut[R]) {
      if (Current[R] < 0)
        Open(R, -1);
      Intervals[Current[R]].End = BlockEnd;
    }
  return std::nullopt;
}

/// Fragments: loads whose every element only FMA sources read before the
/// register is written again. An element's parity must survive the move into
/// an aligned pair, so tuples start on even VGPRs.
FragmentBankPlanner::WhyNot FragmentBankPlanner::selectPieces() {
  for (const Fragment &Frag : Fragments) {
    ArrayRef<unsigned> Units = Frag.Units;
    if (any_of(Units, [&](unsigned IV) {
          return Intervals[IV].End == BlockEnd || !Intervals[IV].OnlyFMASources;
        }))
      continue;
    if (Frag.Width > 1 && Frag.Base % 2)
      continue;
    if (Frag.Split &&
        Frag.Load->getOperand(2).getImm() + 4 * (Frag.Width - 1) > 0xffff)
      continue;
    unsigned Index = Kept.size();
    Kept.push_back(Frag);
    for (unsigned Element = 0; Element < Frag.Width; Element += 2) {
      unsigned Size = std::min(2u, Frag.Width - Element);
      Piece P{Index, Element, Size, Frag.Position, Frag.Position};
      for (unsigned K = 0; K < Size; ++K)
        P.End = std::max(P.End, Intervals[Units[Element + K]].End);
      // Half a split load that nothing reads is not loaded at all.
      if (Frag.Split && P.End == P.Start)
        continue;
      for (unsigned K = 0; K < Size; ++K)
        PieceOfInterval[Units[Element + K]] = Pieces.size();
      Pieces.push_back(P);
    }
  }
  if (Pieces.empty())
    return "no LDS load in the loop feeds only FMA sources";
  return std::nullopt;
}

/// Sides: the two sources of an FMA take opposite bank halves.
FragmentBankPlanner::WhyNot FragmentBankPlanner::assignSides() {
  for (unsigned I = 0; I < Pieces.size(); ++I)
    Sides.add();
  for (auto [Pos, A, B] : FMAReads) {
    auto PieceRead = [&](unsigned Operand) -> std::optional<unsigned> {
      auto IV = IntervalRead.find({Pos, Operand});
      if (IV == IntervalRead.end())
        return std::nullopt;
      auto PieceIt = PieceOfInterval.find(IV->second);
      if (PieceIt == PieceOfInterval.end())
        return std::nullopt;
      return PieceIt->second;
    };
    std::optional<unsigned> PieceA = PieceRead(A), PieceB = PieceRead(B);
    if (!PieceA || !PieceB)
      continue;
    if (!Sides.unionOpposite(*PieceA, *PieceB))
      return "an FMA multiplies two LDS values that other FMAs put on one "
             "side";
  }
  return std::nullopt;
}

/// The registers the pieces may take (those no other value holds at the
/// time, below the function's highest VGPR plus the allowance), and the
/// pieces by definition and by K step.
void FragmentBankPlanner::groupSteps() {
  MaxUsed = Table.highestUsed(MF);
  Limit = std::min(NumVGPRs, MaxUsed + 1 + ExtraVGPRs);
  for (unsigned IV = 0; IV < Intervals.size(); ++IV)
    if (!PieceOfInterval.count(IV))
      Fixed[Intervals[IV].Reg].push_back(
          {Intervals[IV].Start, Intervals[IV].End});
  for (unsigned R = 0; R < Limit; ++R)
    Usable[R] = !MRI.isReserved(Table.get(R, 1));

  ByStart.resize(Pieces.size());
  std::iota(ByStart.begin(), ByStart.end(), 0);
  stable_sort(ByStart, [&](unsigned A, unsigned B) {
    return Pieces[A].Start < Pieces[B].Start;
  });
  for (unsigned P : ByStart)
    StepIndex.try_emplace(Sides.find(P).first, StepIndex.size());
  StepPieces.resize(StepIndex.size());
  for (unsigned P : ByStart)
    StepPieces[StepIndex[Sides.find(P).first]].push_back(P);
}

/// Greedy in order of definition, a piece's own registers first (a layout
/// that already fits stays). Which side of a K step takes which half is free:
/// strategy 0 and 1 orient every step one way (FMAs of two steps oriented
/// apart could pair with both sources of a slot in one half); strategy 2
/// orients each step on its own, which balances the halves' demand when that
/// is short. Sets each piece's NewBase.
std::optional<FragmentBankPlanner::Allocation>
FragmentBankPlanner::allocate(unsigned Strategy) {
  Busy Occupied = Fixed;
  Allocation A;
  // Per K step, whether side `true` takes banks 0-1 instead of 2-3.
  SmallVector<int, 16> Flip(StepIndex.size(), Strategy < 2 ? Strategy : -1);
  // Free aligned pairs of one half at `Pos`.
  auto FreePairs = [&](bool High, int Pos) {
    unsigned Count = 0;
    for (unsigned B = High ? 2 : 0; B + 1 < Limit; B += 4)
      Count += Usable[B] && Usable[B + 1] && !overlaps(Occupied[B], Pos, Pos) &&
               !overlaps(Occupied[B + 1], Pos, Pos);
    return Count;
  };
  // Orients a K step so that its larger side meets the half with more room:
  // the worst shortfall over the step's definitions is smallest.
  auto Orient = [&](unsigned Step) {
    int BestShortfall = INT_MAX;
    for (int F : {0, 1}) {
      int Shortfall = INT_MIN;
      for (unsigned P : StepPieces[Step]) {
        int Pos = Pieces[P].Start;
        std::array<int, 2> Need = {0, 0};
        for (unsigned Q : StepPieces[Step])
          if (Pieces[Q].Start <= Pos && Pos <= Pieces[Q].End)
            ++Need[Sides.find(Q).second != bool(F)];
        for (bool High : {false, true})
          Shortfall =
              std::max(Shortfall, Need[High] - int(FreePairs(High, Pos)));
      }
      if (Shortfall < BestShortfall) {
        BestShortfall = Shortfall;
        Flip[Step] = F;
      }
    }
  };
  for (unsigned PI : ByStart) {
    Piece &P = Pieces[PI];
    unsigned OldBase = Kept[P.FragmentIdx].Base + P.Element;
    auto [Root, Side] = Sides.find(PI);
    unsigned Step = StepIndex[Root];
    if (Flip[Step] < 0)
      Orient(Step);
    bool High = Side != bool(Flip[Step]);
    auto Fits = [&](unsigned B, bool Half) {
      if (B + P.Size > Limit || gemm::vopd::isInHighBankHalf(B) != Half ||
          gemm::vopd::parityOf(B) != gemm::vopd::parityOf(OldBase))
        return false;
      for (unsigned K = 0; K < P.Size; ++K)
        if (!Usable[B + K] || overlaps(Occupied[B + K], P.Start, P.End))
          return false;
      return true;
    };
    // Best fit: the registers next needed soonest after the piece, so long
    // free stretches stay for long pieces; new VGPRs last.
    auto Slack = [&](unsigned B) {
      int Next = INT_MAX;
      for (unsigned K = 0; K < P.Size; ++K)
        for (auto [Start, End] : Occupied[B + K])
          if (Start > P.End)
            Next = std::min(Next, Start);
      return std::pair{B + P.Size - 1 > MaxUsed, Next};
    };
    std::optional<unsigned> Found;
    if (Fits(OldBase, High))
      Found = OldBase;
    for (unsigned B = 0; B < Limit && !(Found && *Found == OldBase); ++B)
      if (Fits(B, High) && (!Found || Slack(B) < Slack(*Found)))
        Found = B;
    // Short of room in its half, a piece takes the other one: its FMAs then
    // read one bank twice, the rest of the block still gains.
    for (unsigned B = 0; B < Limit && !Found; ++B)
      if (Fits(B, !High))
        Found = B;
    if (!Found)
      return std::nullopt;
    A.OffPlan += gemm::vopd::isInHighBankHalf(*Found) != High;
    P.NewBase = *Found;
    for (unsigned K = 0; K < P.Size; ++K)
      Occupied[*Found + K].push_back({P.Start, P.End});
    A.Highest = std::max(A.Highest, *Found + P.Size - 1);
    A.Moved += *Found != OldBase;
  }
  return A;
}

/// The fewest VGPRs, then the fewest pieces out of their half, then the
/// fewest moves win; the winner's placement is left in the pieces.
FragmentBankPlanner::WhyNot FragmentBankPlanner::chooseAllocation() {
  unsigned BestStrategy = 0;
  auto Key = [&](const Allocation &A) {
    return std::tuple{std::max(A.Highest, MaxUsed), A.OffPlan, A.Moved};
  };
  for (unsigned Strategy = 0; Strategy < 3; ++Strategy)
    if (std::optional<Allocation> A = allocate(Strategy);
        A && (!Best || Key(*A) < Key(*Best))) {
      Best = A;
      BestStrategy = Strategy;
    }
  if (!Best)
    return formatv("no room to place {0} LDS values by bank half within "
                   "v0..v{1}",
                   Pieces.size(), Limit - 1)
        .str();
  if (Best->Moved == 0 && none_of(Kept, [](auto &F) { return F.Split; }))
    return std::string(Best->OffPlan
                           ? "no room to move any LDS value into its bank half"
                           : "the LDS values already sit in their bank halves");
  allocate(BestStrategy);
  return std::nullopt;
}

/// Renames the FMA sources (positions still index `Order`). Bundles holding
/// a changed instruction are taken apart first, since their headers list the
/// old registers.
void FragmentBankPlanner::applySources() {
  auto LeaveBundle = [](MachineInstr &MI) {
    if (MI.isBundledWithPred() || MI.isBundledWithSucc())
      dissolveBundle(*getBundleStart(MI.getIterator()));
  };
  for (auto [Key, IV] : IntervalRead)
    if (PieceOfInterval.count(IV))
      LeaveBundle(*Order[Key.first]);
  for (const Fragment &Frag : Kept)
    LeaveBundle(*Frag.Load);
  for (auto [Key, IV] : IntervalRead) {
    auto PieceIt = PieceOfInterval.find(IV);
    if (PieceIt == PieceOfInterval.end())
      continue;
    const Piece &P = Pieces[PieceIt->second];
    unsigned Offset = Intervals[IV].Reg - Kept[P.FragmentIdx].Base - P.Element;
    Order[Key.first]
        ->getOperand(Key.second)
        .setReg(Table.get(P.NewBase + Offset, 1));
  }
}

/// Renames the loads' destinations; a split load becomes one ds_load_b64 (or
/// b32) per piece.
void FragmentBankPlanner::applyLoads() {
  for (unsigned F = 0; F < Kept.size(); ++F) {
    MachineInstr &Load = *Kept[F].Load;
    SmallVector<const Piece *, 2> Own;
    for (const Piece &P : Pieces)
      if (P.FragmentIdx == F)
        Own.push_back(&P);
    if (!Kept[F].Split) {
      Load.getOperand(0).setReg(
          Table.get(Own.front()->NewBase, Own.front()->Size));
      continue;
    }
    for (auto [I, P] : enumerate(Own)) {
      MachineOperand Addr = Load.getOperand(1);
      Addr.setIsKill(Addr.isKill() && I + 1 == Own.size());
      MachineInstrBuilder MIB =
          BuildMI(LoopBB, Load.getIterator(), Load.getDebugLoc(),
                  TII.get(P->Size == 2 ? ReadB64 : ReadB32),
                  Table.get(P->NewBase, P->Size))
              .add(Addr)
              .addImm(Load.getOperand(2).getImm() + 4 * P->Element)
              .addImm(Load.getOperand(3).getImm());
      if (Load.hasOneMemOperand())
        MIB.addMemOperand(
            MF.getMachineMemOperand(Load.memoperands().front(), 4 * P->Element,
                                    LocationSize::precise(4 * P->Size)));
      MIB->setFlags(Load.getFlags());
    }
    Load.eraseFromParent();
    ++Result.LoadsSplit;
  }
}

/// A VOPD formed before keeps its parities, but two same-parity sources of
/// one slot may now share a bank, which LLVM's VOPD rule forbids.
void FragmentBankPlanner::splitClashingVOPDs() {
  for (MachineInstr &MI : make_early_inc_range(LoopBB)) {
    auto Halves = getVOPDHalves(MI, TII);
    if (!Halves || Halves->first.Name != "FMAC_F32_e32" ||
        Halves->second.Name != "FMAC_F32_e32")
      continue;
    bool Clash = false;
    for (unsigned K = 0; K < 2; ++K) {
      auto X = getVGPRNumber(MI.getOperand(Halves->first.First + K), TRI);
      auto Y = getVGPRNumber(MI.getOperand(Halves->second.First + K), TRI);
      Clash |= X && Y && !gemm::vopd::isSlotBankLegal(*X, *Y);
    }
    if (Clash)
      Result.VOPDsSplit += splitVOPD(MI, Opcodes);
  }
}

gemm::FragmentBankResult FragmentBankPlanner::run() {
  if (!MRI.tracksLiveness()) {
    Result.WhyNot = "the function does not track liveness";
    return Result;
  }
  if (WhyNot Why = findOpcodes()) {
    Result.WhyNot = *Why;
    return Result;
  }
  for (MachineInstr &MI : LoopBB.instrs())
    if (!MI.isBundle())
      Order.push_back(&MI);
  BlockEnd = Order.size();
  findFMAReads();
  for (auto Phase : {&FragmentBankPlanner::buildIntervals,
                     &FragmentBankPlanner::selectPieces,
                     &FragmentBankPlanner::assignSides}) {
    if (WhyNot Why = (this->*Phase)()) {
      Result.WhyNot = *Why;
      return Result;
    }
  }
  groupSteps();
  if (WhyNot Why = chooseAllocation()) {
    Result.WhyNot = *Why;
    return Result;
  }
  applySources();
  applyLoads();
  splitClashingVOPDs();
  Result.Placed = true;
  Result.Fragments = Kept.size();
  Result.Pieces = Pieces.size();
  Result.OffPlan = Best->OffPlan;
  Result.ExtraVGPRs = Best->Highest > MaxUsed ? Best->Highest - MaxUsed : 0;
  return Result;
}

namespace gemm {

FragmentBankResult placeFragmentsByBank(MachineBasicBlock &LoopBB,
                                        const OpcodesByName &Opcodes,
                                        unsigned ExtraVGPRs) {
  return FragmentBankPlanner(LoopBB, Opcodes, ExtraVGPRs).run();
}

} // namespace gemm
