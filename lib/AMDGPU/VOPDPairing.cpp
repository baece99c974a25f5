//===- VOPDPairing.cpp - Pair single FMACs into parity-safe VOPDs ---------===//
//
// LLVM's gcn-create-vopd only fuses neighbours, and (in LLVM 22) ignores the
// gfx11 parity hazard; after the parity repair splits hazardous pairs, many
// single v_fmac_f32 are left that could pair legally with another FMAC a few
// instructions away. This greedy step looks, for each single FMAC, for a later
// FMAC within a window that
//   - can legally be its Y half: destinations of opposite parity, src0X/src0Y
//     and vsrc1X/vsrc1Y VGPRs of opposite parity (the bank rule and the
//     hazard rule at once), commutative sources swapped if that helps;
//   - does not depend on the first one or on anything in between, so it can
//     be hoisted to the first one's place.
// Greedy leaves singles whose legal partners were taken first. The repair
// then re-pairs through one VOPD: single X and VOPD (P :: Q) become (X :: P)
// and (Q :: Z) for another single Z, when both pairs are legal and movable.
// Each accumulator keeps its FMA order (two FMAs into one register never
// pair, and nothing is hoisted past an instruction it depends on), so the
// results are bit-identical.
//
//===----------------------------------------------------------------------===//

#include "VOPDPairing.h"
#include "TargetNames.h"
#include "gemm-opt/CodeObject/VOPDRules.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include <optional>
#include <set>
#include <tuple>

using namespace llvm;

namespace {

// Operand layout of V_FMAC_F32_e32: vdst, src0, vsrc1, src2 (tied to vdst).
constexpr unsigned DstIdx = 0, Src0Idx = 1, VSrc1Idx = 2, AccIdx = 3;
constexpr unsigned NumFMACOperands = 4;
// Operand layout of the FMAC x FMAC VOPD: vdstX, vdstY, src0X, vsrc1X, accX,
// src0Y, vsrc1Y, accY.
constexpr unsigned NumVOPDOperands = 8;

/// How far below a single FMAC its partner may be.
constexpr unsigned Window = gemm::PairingWindow;

class Pairer {
public:
  explicit Pairer(const MachineFunction &MF)
      : TII(*MF.getSubtarget().getInstrInfo()),
        TRI(*MF.getSubtarget().getRegisterInfo()) {}

  /// Finds the opcodes; false when this LLVM has them under other names or
  /// with another operand layout.
  bool init(const gemm::OpcodesByName &Opcodes);
  gemm::VOPDPairingStats run(MachineBasicBlock &MBB);
  /// One greedy pass in block order: each single FMAC pairs with the first
  /// legal one of the next Window instructions; returns the pairs formed.
  unsigned pairInOrder(MachineBasicBlock &MBB, bool AllowSink);
  /// The repair through one VOPD; returns the pairs it added.
  unsigned repair(MachineBasicBlock &MBB);
  gemm::SingleFMACCensus census(const MachineBasicBlock &MBB) const;

private:
  using FMACRegs = gemm::vopd::FMACRegs;
  FMACRegs regsOf(const MachineInstr &FMAC) const {
    return {*vgpr(FMAC.getOperand(DstIdx)), *vgpr(FMAC.getOperand(Src0Idx)),
            *vgpr(FMAC.getOperand(VSrc1Idx))};
  }
  bool isFMACPair(const MachineInstr &MI) const {
    if (MI.getOpcode() != VOPDOpcode || MI.isBundled())
      return false;
    for (unsigned I = 0; I < NumVOPDOperands; ++I)
      if (!vgpr(MI.getOperand(I)))
        return false;
    return true;
  }
  /// The X (`Half` 0) or Y half of an FMAC x FMAC VOPD.
  FMACRegs halfOf(const MachineInstr &VOPD, unsigned Half) const {
    unsigned Src = Half ? 5 : 2;
    return {*vgpr(VOPD.getOperand(Half)), *vgpr(VOPD.getOperand(Src)),
            *vgpr(VOPD.getOperand(Src + 1))};
  }
  /// Fuses single FMACs `X` and a later `Y` into a VOPD at `X`'s place,
  /// hoisting `Y`, if that is legal, or else, with `AllowSink`, at `Y`'s
  /// place, sinking `X`; returns the VOPD.
  MachineInstr *tryFuse(MachineInstr &X, MachineInstr &Y, bool AllowSink);
  /// The same for `A` and `B` in either order, at most 2 Window apart,
  /// sinking allowed.
  MachineInstr *tryFuseEitherOrder(MachineInstr &A, MachineInstr &B);
  /// Replaces an FMAC x FMAC VOPD by its X and then its Y half.
  std::pair<MachineInstr *, MachineInstr *> split(MachineInstr &VOPD);

  std::optional<unsigned> vgpr(const MachineOperand &MO) const {
    return gemm::getVGPRNumber(MO, TRI);
  }
  bool isPairableFMAC(const MachineInstr &MI) const {
    if (MI.getOpcode() != FMACOpcode || MI.isBundled())
      return false;
    for (unsigned I : {DstIdx, Src0Idx, VSrc1Idx, AccIdx})
      if (!vgpr(MI.getOperand(I)))
        return false;
    return true;
  }
  /// Whether `Y` may be hoisted to just below `X` (`Moving` is `Y`), or `X`
  /// sunk to just above `Y` (`Moving` is `X`), over every instruction
  /// strictly between them, and the two then fused.
  bool canMoveTogether(MachineInstr &X, MachineInstr &Y,
                       const MachineInstr &Moving) const;
  bool dependsOn(const MachineInstr &Reader, const MachineInstr &Writer) const;

  const TargetInstrInfo &TII;
  const TargetRegisterInfo &TRI;
  unsigned FMACOpcode = 0, VOPDOpcode = 0, WaitcntOpcode = 0, SetprioOpcode = 0;
};

bool Pairer::init(const gemm::OpcodesByName &Opcodes) {
  FMACOpcode = Opcodes.lookup("V_FMAC_F32_e32");
  VOPDOpcode = Opcodes.lookup("V_DUAL_FMAC_F32_e32_X_FMAC_F32_e32_gfx11");
  WaitcntOpcode = Opcodes.lookup("S_WAITCNT");
  SetprioOpcode = Opcodes.lookup("S_SETPRIO");
  return FMACOpcode && VOPDOpcode &&
         TII.get(FMACOpcode).getNumOperands() == NumFMACOperands &&
         TII.get(VOPDOpcode).getNumOperands() == NumVOPDOperands &&
         TII.get(VOPDOpcode).getNumDefs() == 2;
}

/// True when `Reader` reads or writes a register `Writer` writes, or writes
/// one `Writer` reads: any order constraint between the two.
bool Pairer::dependsOn(const MachineInstr &Reader,
                       const MachineInstr &Writer) const {
  for (const MachineOperand &W : Writer.operands()) {
    if (!W.isReg() || !W.getReg())
      continue;
    for (const MachineOperand &R : Reader.operands()) {
      if (!R.isReg() || !R.getReg())
        continue;
      if (!W.isDef() && !R.isDef())
        continue;
      if (TRI.regsOverlap(W.getReg(), R.getReg()))
        return true;
    }
  }
  return false;
}

bool Pairer::canMoveTogether(MachineInstr &X, MachineInstr &Y,
                             const MachineInstr &Moving) const {
  if (dependsOn(Y, X))
    return false;
  bool Sinking = &Moving == &X;
  for (auto It = std::next(X.getIterator()); &*It != &Y; ++It) {
    // A wait only delays what follows it: an FMA may sink below one (the
    // tiling passes' one wait per K step stands between FMAs that pair),
    // but not rise above one, whose loads it may read.
    if (Sinking && WaitcntOpcode && It->getOpcode() == WaitcntOpcode)
      continue;
    // A priority change orders nothing: FMAs move across it either way.
    if (SetprioOpcode && It->getOpcode() == SetprioOpcode)
      continue;
    if (It->hasUnmodeledSideEffects() || It->isCall() || It->isBarrier() ||
        It->isTerminator() || dependsOn(Moving, *It))
      return false;
  }
  return true;
}

MachineInstr *Pairer::tryFuse(MachineInstr &X, MachineInstr &Y,
                              bool AllowSink) {
  std::optional<std::pair<bool, bool>> Swaps =
      gemm::vopd::getParitySafeSwaps(regsOf(X), regsOf(Y));
  if (!Swaps)
    return nullptr;
  MachineInstr *At = &X;
  if (!canMoveTogether(X, Y, /*Moving=*/Y)) {
    if (!AllowSink || !canMoveTogether(X, Y, /*Moving=*/X))
      return nullptr;
    At = &Y;
    // x now reads its sources below the instructions it passes: their kill
    // flags on those registers no longer hold.
    for (auto It = std::next(X.getIterator()); &*It != &Y; ++It)
      for (MachineOperand &MO : It->operands())
        if (MO.isReg() && MO.isUse() && MO.isKill() &&
            (TRI.regsOverlap(MO.getReg(), X.getOperand(Src0Idx).getReg()) ||
             TRI.regsOverlap(MO.getReg(), X.getOperand(VSrc1Idx).getReg())))
          MO.setIsKill(false);
  }
  auto SrcOperand = [&](MachineInstr &MI, bool Swap, unsigned Slot) {
    return MI
        .getOperand(Swap ? (Slot == 0 ? VSrc1Idx : Src0Idx)
                         : (Slot == 0 ? Src0Idx : VSrc1Idx))
        .getReg();
  };
  MachineBasicBlock &MBB = *X.getParent();
  // Kill flags are dropped: conservative, and Y's may not hold at X.
  MachineInstrBuilder VOPD =
      BuildMI(MBB, *At, X.getDebugLoc(), TII.get(VOPDOpcode))
          .addReg(X.getOperand(DstIdx).getReg(), RegState::Define)
          .addReg(Y.getOperand(DstIdx).getReg(), RegState::Define)
          .addReg(SrcOperand(X, Swaps->first, 0))
          .addReg(SrcOperand(X, Swaps->first, 1))
          .addReg(X.getOperand(AccIdx).getReg())
          .addReg(SrcOperand(Y, Swaps->second, 0))
          .addReg(SrcOperand(Y, Swaps->second, 1))
          .addReg(Y.getOperand(AccIdx).getReg());
  VOPD->setFlags(X.getFlags() & Y.getFlags());
  X.eraseFromParent();
  Y.eraseFromParent();
  return VOPD;
}

MachineInstr *Pairer::tryFuseEitherOrder(MachineInstr &A, MachineInstr &B) {
  auto IsBelow = [](MachineInstr &From, MachineInstr &To) {
    unsigned Steps = 0;
    for (MachineBasicBlock::iterator It = From.getIterator(),
                                     E = From.getParent()->end();
         It != E && Steps <= 2 * Window; ++It, ++Steps)
      if (&*It == &To)
        return true;
    return false;
  };
  if (IsBelow(A, B))
    return tryFuse(A, B, /*AllowSink=*/true);
  if (IsBelow(B, A))
    return tryFuse(B, A, /*AllowSink=*/true);
  return nullptr;
}

std::pair<MachineInstr *, MachineInstr *> Pairer::split(MachineInstr &VOPD) {
  MachineBasicBlock &MBB = *VOPD.getParent();
  MachineInstr *Halves[2];
  for (unsigned Half : {0u, 1u}) {
    unsigned Src = Half ? 5 : 2;
    Halves[Half] = BuildMI(MBB, VOPD, VOPD.getDebugLoc(), TII.get(FMACOpcode))
                       .addReg(VOPD.getOperand(Half).getReg(), RegState::Define)
                       .addReg(VOPD.getOperand(Src).getReg())
                       .addReg(VOPD.getOperand(Src + 1).getReg())
                       .addReg(VOPD.getOperand(Src + 2).getReg());
    Halves[Half]->setFlags(VOPD.getFlags());
  }
  VOPD.eraseFromParent();
  return {Halves[0], Halves[1]};
}

unsigned Pairer::pairInOrder(MachineBasicBlock &MBB, bool AllowSink) {
  unsigned Paired = 0;
  for (auto It = MBB.begin(); It != MBB.end();) {
    MachineInstr &X = *It;
    // Scan on below x's old place: a hoisted pair sits there, a sunk one
    // lower down, with singles in between.
    auto Next = std::next(It);
    unsigned Scanned = 0;
    for (auto Cand = Next;
         isPairableFMAC(X) && Cand != MBB.end() && Scanned < Window;
         ++Cand, ++Scanned) {
      if (!isPairableFMAC(*Cand))
        continue;
      bool Adjacent = Cand == Next;
      if (MachineInstr *VOPD = tryFuse(X, *Cand, AllowSink)) {
        if (Adjacent)
          Next = std::next(VOPD->getIterator());
        ++Paired;
        break;
      }
    }
    It = Next;
  }
  return Paired;
}

gemm::VOPDPairingStats Pairer::run(MachineBasicBlock &MBB) {
  gemm::VOPDPairingStats Stats;
  Stats.Paired = pairInOrder(MBB, /*AllowSink=*/false);
  // The singles left, sinking the first of a pair where hoisting the
  // second is not possible.
  Stats.Sunk = pairInOrder(MBB, /*AllowSink=*/true);
  Stats.Paired += Stats.Sunk;
  Stats.Repaired = repair(MBB);
  Stats.Paired += Stats.Repaired;
  return Stats;
}

unsigned Pairer::repair(MachineBasicBlock &MBB) {
  unsigned Repaired = 0;
  // A failed attempt can leave the block with as many pairs as before but
  // other singles; the budget keeps the search finite.
  unsigned Budget = 0;
  for (MachineInstr &MI : MBB)
    Budget += 4 * isPairableFMAC(MI);
  std::set<std::tuple<unsigned, unsigned, unsigned>> Tried;
  bool Restart = true;
  while (Restart && Budget) {
    Restart = false;
    DenseMap<const MachineInstr *, unsigned> Position;
    SmallVector<MachineInstr *, 16> Singles, Pairs;
    for (MachineInstr &MI : MBB) {
      Position[&MI] = Position.size();
      if (isPairableFMAC(MI))
        Singles.push_back(&MI);
      else if (isFMACPair(MI))
        Pairs.push_back(&MI);
    }
    auto Near = [&](const MachineInstr *A, const MachineInstr *B) {
      unsigned PosA = Position.lookup(A), PosB = Position.lookup(B);
      return (PosA > PosB ? PosA - PosB : PosB - PosA) <= Window;
    };
    for (MachineInstr *X : Singles) {
      FMACRegs XRegs = regsOf(*X);
      if (!Tried.insert({XRegs.dst, XRegs.src0, XRegs.vsrc1}).second)
        continue;
      for (MachineInstr *&VOPD : Pairs) {
        if (!Near(X, VOPD))
          continue;
        for (unsigned Give : {0u, 1u}) {
          if (!gemm::vopd::getParitySafeSwaps(XRegs, halfOf(*VOPD, Give)))
            continue;
          FMACRegs KeepRegs = halfOf(*VOPD, 1 - Give);
          MachineInstr *Z = nullptr;
          for (MachineInstr *Candidate : Singles)
            if (Candidate != X && Near(Candidate, VOPD) &&
                gemm::vopd::getParitySafeSwaps(KeepRegs, regsOf(*Candidate))) {
              Z = Candidate;
              break;
            }
          if (!Z || Budget == 0)
            continue;
          --Budget;
          unsigned At = Position.lookup(VOPD);
          auto [First, Second] = split(*VOPD);
          MachineInstr *Given = Give ? Second : First;
          MachineInstr *Kept = Give ? First : Second;
          if (!tryFuseEitherOrder(*X, *Given)) {
            // Put the VOPD back as it was: adjacent halves of a legal VOPD
            // fuse again, unless it broke the parity rule (with the parity
            // repair off); then the halves stay single.
            VOPD = tryFuse(*First, *Second, /*AllowSink=*/false);
            if (VOPD) {
              Position[VOPD] = At;
              continue;
            }
            Restart = true;
            break;
          }
          if (tryFuseEitherOrder(*Kept, *Z))
            ++Repaired;
          Restart = true;
          break;
        }
        if (Restart)
          break;
      }
      if (Restart)
        break;
    }
  }
  return Repaired;
}

gemm::SingleFMACCensus Pairer::census(const MachineBasicBlock &MBB) const {
  gemm::SingleFMACCensus Census;
  SmallVector<const MachineInstr *, 16> Singles;
  for (const MachineInstr &MI : MBB)
    if (isPairableFMAC(MI))
      Singles.push_back(&MI);
  for (const MachineInstr *X : Singles) {
    ++Census.Singles;
    bool Legal = any_of(Singles, [&](const MachineInstr *Y) {
      return Y != X && gemm::vopd::getParitySafeSwaps(regsOf(*X), regsOf(*Y));
    });
    ++(Legal ? Census.Blocked : Census.NoPartner);
  }
  return Census;
}

} // namespace

namespace gemm {

VOPDPairingStats pairSingleFMACs(MachineFunction &MF,
                                 const OpcodesByName &Opcodes) {
  VOPDPairingStats Total;
  Pairer Impl(MF);
  if (!Impl.init(Opcodes)) {
    Total.Unsupported = true;
    return Total;
  }
  for (MachineBasicBlock &MBB : MF) {
    VOPDPairingStats Stats = Impl.run(MBB);
    Total.Paired += Stats.Paired;
    Total.Sunk += Stats.Sunk;
    Total.Repaired += Stats.Repaired;
  }
  return Total;
}

SingleFMACCensus censusSingleFMACs(const MachineBasicBlock &MBB,
                                   const OpcodesByName &Opcodes) {
  Pairer Impl(*MBB.getParent());
  if (!Impl.init(Opcodes))
    return {};
  return Impl.census(MBB);
}

} // namespace gemm
