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
  unsigned numSources; // Explicit use operands in the VOPD, tied ones included.
  bool commutative;    // src0 and vsrc1 may trade places.
};

/// The halves the repair understands, by the name they have inside a VOPD
/// opcode (V_DUAL_<X>_X_<Y>_gfx11).
std::optional<HalfKind> getHalfKind(StringRef name) {
  return StringSwitch<std::optional<HalfKind>>(name)
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
  StringRef name;
  HalfKind kind;
  unsigned dst;   // Operand index of the destination.
  unsigned first; // Operand index of src0; vsrc1 follows when there is one.

  bool hasVSrc1() const { return kind.numSources >= 2; }
};

/// The sources of `half` as the parity rule sees them (VOPDRules.h).
gemm::vopd::HalfSources getHalfSources(const MachineInstr &mi, const Half &half,
                                       const TargetRegisterInfo &tri) {
  gemm::vopd::HalfSources sources;
  sources.src0 = getVGPRNumber(mi.getOperand(half.first), tri);
  if (half.hasVSrc1())
    sources.vsrc1 = getVGPRNumber(mi.getOperand(half.first + 1), tri);
  sources.swappable =
      half.kind.commutative && half.hasVSrc1() && sources.src0.has_value();
  return sources;
}

void swapSources(MachineInstr &mi, const Half &half) {
  MachineOperand &src0 = mi.getOperand(half.first);
  MachineOperand &vsrc1 = mi.getOperand(half.first + 1);
  Register reg0 = src0.getReg(), reg1 = vsrc1.getReg();
  bool kill0 = src0.isKill(), kill1 = vsrc1.isKill();
  bool renamable0 = src0.isRenamable(), renamable1 = vsrc1.isRenamable();
  src0.setReg(reg1);
  src0.setIsKill(kill1);
  src0.setIsRenamable(renamable1);
  vsrc1.setReg(reg0);
  vsrc1.setIsKill(kill0);
  vsrc1.setIsRenamable(renamable0);
}

/// The single-issue opcode of `half`, if it exists with the operand layout
/// the split assumes.
std::optional<unsigned> getSingleOpcode(const Half &half,
                                        const TargetInstrInfo &tii,
                                        const gemm::OpcodesByName &opcodes) {
  auto it = opcodes.find(("V_" + half.name).str());
  if (it == opcodes.end() ||
      tii.get(it->second).getNumOperands() != 1 + half.kind.numSources)
    return std::nullopt;
  return it->second;
}

/// Emits one half of `mi` as the single instruction `opcode` before `mi`.
void emitHalf(MachineInstr &mi, const Half &half, unsigned opcode,
              const TargetInstrInfo &tii, bool keepKills = true) {
  MachineInstrBuilder single =
      BuildMI(*mi.getParent(), mi, mi.getDebugLoc(), tii.get(opcode));
  single.addReg(mi.getOperand(half.dst).getReg(), RegState::Define);
  for (unsigned i = 0; i < half.kind.numSources; ++i) {
    const MachineOperand &src = mi.getOperand(half.first + i);
    if (src.isReg())
      single.addReg(src.getReg(), getKillRegState(keepKills && src.isKill()) |
                                      getUndefRegState(src.isUndef()));
    else
      single.add(src);
  }
  single->setFlags(mi.getFlags());
}

/// The halves of `mi` if it is a VOPD whose halves the repair models.
std::optional<std::pair<Half, Half>> getHalves(const MachineInstr &mi,
                                               const TargetInstrInfo &tii) {
  StringRef name = tii.getName(mi.getOpcode());
  if (!name.consume_front("V_DUAL_"))
    return std::nullopt;
  auto [xName, rest] = name.split("_X_");
  StringRef yName = rest.rsplit("_gfx").first;
  std::optional<HalfKind> xKind = getHalfKind(xName);
  std::optional<HalfKind> yKind = getHalfKind(yName);
  if (!xKind || !yKind ||
      mi.getDesc().getNumOperands() !=
          2 + xKind->numSources + yKind->numSources)
    return std::nullopt;
  return std::pair{Half{xName, *xKind, 0, 2},
                   Half{yName, *yKind, 1, 2 + xKind->numSources}};
}

} // namespace

namespace gemm {

std::optional<std::pair<VOPDHalfOperands, VOPDHalfOperands>>
getVOPDHalves(const MachineInstr &mi, const TargetInstrInfo &tii) {
  auto halves = getHalves(mi, tii);
  if (!halves)
    return std::nullopt;
  auto convert = [](const Half &h) {
    return VOPDHalfOperands{h.name, h.dst, h.first, h.kind.numSources};
  };
  return std::pair{convert(halves->first), convert(halves->second)};
}

bool canSplitVOPD(const MachineInstr &mi, const OpcodesByName &opcodes) {
  const TargetInstrInfo &tii = *mi.getMF()->getSubtarget().getInstrInfo();
  auto halves = getHalves(mi, tii);
  return halves && getSingleOpcode(halves->first, tii, opcodes) &&
         getSingleOpcode(halves->second, tii, opcodes);
}

bool splitVOPD(MachineInstr &mi, const OpcodesByName &opcodes) {
  if (!canSplitVOPD(mi, opcodes))
    return false;
  const TargetInstrInfo &tii = *mi.getMF()->getSubtarget().getInstrInfo();
  auto [x, y] = *getHalves(mi, tii);
  emitHalf(mi, x, *getSingleOpcode(x, tii, opcodes), tii, /*keepKills=*/false);
  emitHalf(mi, y, *getSingleOpcode(y, tii, opcodes), tii, /*keepKills=*/false);
  mi.eraseFromParent();
  return true;
}

bool isVOPDParityHazardTarget(const MachineFunction &mf) {
  return mf.getSubtarget().getCPU().starts_with("gfx11");
}

VOPDParityStats repairVOPDParity(MachineFunction &mf,
                                 const OpcodesByName &opcodes) {
  VOPDParityStats stats;
  const TargetSubtargetInfo &sti = mf.getSubtarget();
  const TargetInstrInfo &tii = *sti.getInstrInfo();
  const TargetRegisterInfo &tri = *sti.getRegisterInfo();

  for (MachineBasicBlock &mbb : mf) {
    for (MachineInstr &mi : make_early_inc_range(mbb.instrs())) {
      if (!tii.getName(mi.getOpcode()).starts_with("V_DUAL_"))
        continue;
      ++stats.checked;
      auto halves = getHalves(mi, tii);
      if (!halves) {
        ++stats.unknown;
        continue;
      }
      auto [x, y] = *halves;

      auto swaps = gemm::vopd::getParitySafeSwaps(getHalfSources(mi, x, tri),
                                                  getHalfSources(mi, y, tri));
      if (swaps && !swaps->first && !swaps->second)
        continue;
      ++stats.violations;

      // Cheapest repair first: keep the pair, swap commutative sources.
      if (swaps) {
        if (swaps->first)
          swapSources(mi, x);
        if (swaps->second)
          swapSources(mi, y);
        ++stats.swapped;
        continue;
      }

      std::optional<unsigned> xOpcode = getSingleOpcode(x, tii, opcodes);
      std::optional<unsigned> yOpcode = getSingleOpcode(y, tii, opcodes);
      if (!xOpcode || !yOpcode) {
        ++stats.unrepaired;
        continue;
      }
      emitHalf(mi, x, *xOpcode, tii);
      emitHalf(mi, y, *yOpcode, tii);
      mi.eraseFromParent();
      ++stats.split;
    }
  }
  return stats;
}

} // namespace gemm
