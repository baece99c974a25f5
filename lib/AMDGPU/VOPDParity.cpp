//===- VOPDParity.cpp - Repair VOPDs that break the gfx11 parity rule -----===//
//
// On gfx11, when the two sources of the same slot of a VOPD (src0X/src0Y or
// vsrc1X/vsrc1Y) have the same parity, the destination interlock can be lost
// and results go wrong (LLVM's "Fix for GFX11 VOPD interlock hazard", not in
// LLVM 22, whose gcn-create-vopd forms such pairs). Each offending VOPD is
// repaired in place where possible: a commutative half (fmac, add, mul, ...)
// may swap its src0 and vsrc1, which keeps the dual issue and the exact
// result. Otherwise the VOPD is split into its two halves, X first: a legal
// VOPD's Y never reads X's destination, and X reading Y's destination sees
// the old value either way.
//
//===----------------------------------------------------------------------===//

#include "VOPDParity.h"
#include "TargetNames.h"
#include "gemm-opt/CodeObject/VOPDRules.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include <optional>

using namespace llvm;
using gemm::getVGPRNumber;

namespace {

/// What the pass needs to know about one half of a VOPD.
struct HalfKind {
  unsigned NumSources; // Explicit use operands in the VOPD, tied ones included.
  bool Commutative;    // src0 and vsrc1 may trade places.
};

/// The halves the repair understands, by the name they have inside a VOPD
/// opcode (V_DUAL_<X>_X_<Y>_gfx11).
std::optional<HalfKind> getHalfKind(StringRef Name) {
  return StringSwitch<std::optional<HalfKind>>(Name)
      .Case("FMAC_F32_e32", HalfKind{3, true}) // src0, vsrc1, tied acc
      .Cases({"ADD_F32_e32", "MUL_F32_e32", "MAX_F32_e32", "MIN_F32_e32"},
             HalfKind{2, true})
      .Cases({"MUL_DX9_ZERO_F32_e32", "ADD_U32_e32", "AND_B32_e32"},
             HalfKind{2, true})
      .Cases({"SUB_F32_e32", "SUBREV_F32_e32", "LSHLREV_B32_e32"},
             HalfKind{2, false})
      .Case("MOV_B32_e32", HalfKind{1, false})
      .Default(std::nullopt);
}

/// One half of a VOPD instruction: its opcode name and operand positions.
struct Half {
  StringRef Name;
  HalfKind Kind;
  unsigned Dst;   // Operand index of the destination.
  unsigned First; // Operand index of src0; vsrc1 follows when there is one.

  bool hasVSrc1() const { return Kind.NumSources >= 2; }
};

/// The sources of `H` as the parity rule sees them (VOPDRules.h).
gemm::vopd::HalfSources getHalfSources(const MachineInstr &MI, const Half &H,
                                       const TargetRegisterInfo &TRI) {
  gemm::vopd::HalfSources Sources;
  Sources.src0 = getVGPRNumber(MI.getOperand(H.First), TRI);
  if (H.hasVSrc1())
    Sources.vsrc1 = getVGPRNumber(MI.getOperand(H.First + 1), TRI);
  Sources.swappable =
      H.Kind.Commutative && H.hasVSrc1() && Sources.src0.has_value();
  return Sources;
}

void swapSources(MachineInstr &MI, const Half &H) {
  MachineOperand &Src0 = MI.getOperand(H.First);
  MachineOperand &VSrc1 = MI.getOperand(H.First + 1);
  Register Reg0 = Src0.getReg(), Reg1 = VSrc1.getReg();
  bool Kill0 = Src0.isKill(), Kill1 = VSrc1.isKill();
  bool Renamable0 = Src0.isRenamable(), Renamable1 = VSrc1.isRenamable();
  Src0.setReg(Reg1);
  Src0.setIsKill(Kill1);
  Src0.setIsRenamable(Renamable1);
  VSrc1.setReg(Reg0);
  VSrc1.setIsKill(Kill0);
  VSrc1.setIsRenamable(Renamable0);
}

/// The single-issue opcode of `H`, if it exists with the operand layout
/// the split assumes.
std::optional<unsigned> getSingleOpcode(const Half &H,
                                        const TargetInstrInfo &TII,
                                        const gemm::OpcodesByName &Opcodes) {
  auto It = Opcodes.find(("V_" + H.Name).str());
  if (It == Opcodes.end() ||
      TII.get(It->second).getNumOperands() != 1 + H.Kind.NumSources)
    return std::nullopt;
  return It->second;
}

/// Emits one half of `MI` as the single instruction `Opcode` before `MI`.
void emitHalf(MachineInstr &MI, const Half &H, unsigned Opcode,
              const TargetInstrInfo &TII, bool KeepKills = true) {
  MachineInstrBuilder MIB =
      BuildMI(*MI.getParent(), MI, MI.getDebugLoc(), TII.get(Opcode));
  MIB.addReg(MI.getOperand(H.Dst).getReg(), RegState::Define);
  for (unsigned I = 0; I < H.Kind.NumSources; ++I) {
    const MachineOperand &Src = MI.getOperand(H.First + I);
    if (Src.isReg())
      MIB.addReg(Src.getReg(), getKillRegState(KeepKills && Src.isKill()) |
                                   getUndefRegState(Src.isUndef()));
    else
      MIB.add(Src);
  }
  MIB->setFlags(MI.getFlags());
}

/// The halves of `MI` if it is a VOPD whose halves the repair models.
std::optional<std::pair<Half, Half>> getHalves(const MachineInstr &MI,
                                               const TargetInstrInfo &TII) {
  StringRef Name = TII.getName(MI.getOpcode());
  if (!Name.consume_front("V_DUAL_"))
    return std::nullopt;
  auto [XName, Rest] = Name.split("_X_");
  StringRef YName = Rest.rsplit("_gfx").first;
  std::optional<HalfKind> XKind = getHalfKind(XName);
  std::optional<HalfKind> YKind = getHalfKind(YName);
  if (!XKind || !YKind ||
      MI.getDesc().getNumOperands() !=
          2 + XKind->NumSources + YKind->NumSources)
    return std::nullopt;
  return std::pair{Half{XName, *XKind, 0, 2},
                   Half{YName, *YKind, 1, 2 + XKind->NumSources}};
}

/// The halves of `MI` in an order that runs them one after the other with
/// the VOPD's effect: a VOPD reads every source before either half writes,
/// so a half that reads the other's destination goes first. Nothing when
/// each half reads the other's destination.
std::optional<std::pair<Half, Half>>
getSequentialOrder(const MachineInstr &MI, const Half &X, const Half &Y,
                   const TargetRegisterInfo &TRI) {
  auto Reads = [&](const Half &H, const Half &Other) {
    Register Written = MI.getOperand(Other.Dst).getReg();
    for (unsigned I = 0; I < H.Kind.NumSources; ++I) {
      const MachineOperand &Src = MI.getOperand(H.First + I);
      if (Src.isReg() && TRI.regsOverlap(Src.getReg(), Written))
        return true;
    }
    return false;
  };
  bool YReadsX = Reads(Y, X), XReadsY = Reads(X, Y);
  if (YReadsX && XReadsY)
    return std::nullopt;
  if (YReadsX)
    return std::pair{Y, X};
  return std::pair{X, Y};
}

/// Emits the halves of `MI`, in `Order` (getSequentialOrder), as single
/// instructions before it.
void emitHalves(MachineInstr &MI, const std::pair<Half, Half> &Order,
                const TargetInstrInfo &TII, const gemm::OpcodesByName &Opcodes,
                bool KeepKills) {
  for (const Half &H : {Order.first, Order.second})
    emitHalf(MI, H, *getSingleOpcode(H, TII, Opcodes), TII, KeepKills);
}

} // namespace

namespace gemm {

std::optional<std::pair<VOPDHalfOperands, VOPDHalfOperands>>
getVOPDHalves(const MachineInstr &MI, const TargetInstrInfo &TII) {
  auto Halves = getHalves(MI, TII);
  if (!Halves)
    return std::nullopt;
  auto Convert = [](const Half &H) {
    return VOPDHalfOperands{H.Name, H.Dst, H.First, H.Kind.NumSources};
  };
  return std::pair{Convert(Halves->first), Convert(Halves->second)};
}

bool canSplitVOPD(const MachineInstr &MI, const OpcodesByName &Opcodes) {
  const TargetInstrInfo &TII = *MI.getMF()->getSubtarget().getInstrInfo();
  auto Halves = getHalves(MI, TII);
  return Halves && getSingleOpcode(Halves->first, TII, Opcodes) &&
         getSingleOpcode(Halves->second, TII, Opcodes) &&
         getSequentialOrder(MI, Halves->first, Halves->second,
                            *MI.getMF()->getSubtarget().getRegisterInfo());
}

bool splitVOPD(MachineInstr &MI, const OpcodesByName &Opcodes) {
  if (!canSplitVOPD(MI, Opcodes))
    return false;
  const TargetInstrInfo &TII = *MI.getMF()->getSubtarget().getInstrInfo();
  auto [X, Y] = *getHalves(MI, TII);
  emitHalves(MI,
             *getSequentialOrder(MI, X, Y,
                                 *MI.getMF()->getSubtarget().getRegisterInfo()),
             TII, Opcodes, /*KeepKills=*/false);
  MI.eraseFromParent();
  return true;
}

bool isVOPDParityHazardTarget(const MachineFunction &MF) {
  return MF.getSubtarget().getCPU().starts_with("gfx11");
}

VOPDParityStats repairVOPDParity(MachineFunction &MF,
                                 const OpcodesByName &Opcodes) {
  VOPDParityStats Stats;
  const TargetSubtargetInfo &ST = MF.getSubtarget();
  const TargetInstrInfo &TII = *ST.getInstrInfo();
  const TargetRegisterInfo &TRI = *ST.getRegisterInfo();

  for (MachineBasicBlock &MBB : MF) {
    for (MachineInstr &MI : make_early_inc_range(MBB.instrs())) {
      if (!TII.getName(MI.getOpcode()).starts_with("V_DUAL_"))
        continue;
      ++Stats.Checked;
      auto Halves = getHalves(MI, TII);
      if (!Halves) {
        ++Stats.Unknown;
        continue;
      }
      auto [X, Y] = *Halves;

      auto Swaps = gemm::vopd::getParitySafeSwaps(getHalfSources(MI, X, TRI),
                                                  getHalfSources(MI, Y, TRI));
      if (Swaps && !Swaps->first && !Swaps->second)
        continue;
      ++Stats.Violations;

      // Cheapest repair first: keep the pair, swap commutative sources.
      if (Swaps) {
        if (Swaps->first)
          swapSources(MI, X);
        if (Swaps->second)
          swapSources(MI, Y);
        ++Stats.Swapped;
        continue;
      }

      std::optional<unsigned> XOpcode = getSingleOpcode(X, TII, Opcodes);
      std::optional<unsigned> YOpcode = getSingleOpcode(Y, TII, Opcodes);
      auto Order = getSequentialOrder(MI, X, Y, TRI);
      if (!XOpcode || !YOpcode || !Order) {
        ++Stats.Unrepaired;
        continue;
      }
      // Y first when it reads X's destination; a kill flag of Y's may then
      // end a register X still reads, so they are dropped.
      bool InOrder = Order->first.Dst == X.Dst;
      emitHalves(MI, *Order, TII, Opcodes, /*KeepKills=*/InOrder);
      MI.eraseFromParent();
      ++Stats.Split;
    }
  }
  return Stats;
}

} // namespace gemm
