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
// Each accumulator keeps its FMA order (two FMAs into one register never
// pair, and nothing is hoisted past an instruction it depends on), so the
// results are bit-identical.
//
//===----------------------------------------------------------------------===//

#include "VOPDPairing.h"
#include "TargetNames.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include <optional>

using namespace llvm;

namespace {

// Operand layout of V_FMAC_F32_e32: vdst, src0, vsrc1, src2 (tied to vdst).
constexpr unsigned kDst = 0, kSrc0 = 1, kVSrc1 = 2, kAcc = 3;
constexpr unsigned kFMACOperands = 4;
// Operand layout of the FMAC x FMAC VOPD: vdstX, vdstY, src0X, vsrc1X, accX,
// src0Y, vsrc1Y, accY.
constexpr unsigned kVOPDOperands = 8;

/// How far below a single FMAC its partner may be.
constexpr unsigned kWindow = 48;

class Pairer {
public:
  Pairer(MachineFunction &mf)
      : tii(*mf.getSubtarget().getInstrInfo()),
        tri(*mf.getSubtarget().getRegisterInfo()) {}

  /// Finds the opcodes; false when this LLVM has them under other names or
  /// with another operand layout.
  bool init(const gemm::OpcodesByName &opcodes);
  gemm::VOPDPairingStats run(MachineBasicBlock &mbb);

private:
  std::optional<unsigned> vgpr(const MachineOperand &op) const {
    return gemm::getVGPRNumber(op, tri);
  }
  bool isPairableFMAC(const MachineInstr &mi) const {
    if (mi.getOpcode() != fmacOpcode || mi.isBundled())
      return false;
    for (unsigned i : {kDst, kSrc0, kVSrc1, kAcc})
      if (!vgpr(mi.getOperand(i)))
        return false;
    return true;
  }
  /// The (src0, vsrc1) registers of `mi`, swapped if asked.
  std::pair<unsigned, unsigned> sources(const MachineInstr &mi,
                                        bool swap) const {
    unsigned s0 = *vgpr(mi.getOperand(kSrc0)),
             s1 = *vgpr(mi.getOperand(kVSrc1));
    return swap ? std::pair{s1, s0} : std::pair{s0, s1};
  }
  /// Whether `y` may be hoisted to just before `x`'s successor, i.e. over
  /// every instruction strictly between them, and then fused with `x`.
  bool canHoist(MachineInstr &x, MachineInstr &y) const;
  bool dependsOn(const MachineInstr &reader, const MachineInstr &writer) const;

  const TargetInstrInfo &tii;
  const TargetRegisterInfo &tri;
  unsigned fmacOpcode = 0, vopdOpcode = 0;
};

bool Pairer::init(const gemm::OpcodesByName &opcodes) {
  fmacOpcode = opcodes.lookup("V_FMAC_F32_e32");
  vopdOpcode = opcodes.lookup("V_DUAL_FMAC_F32_e32_X_FMAC_F32_e32_gfx11");
  return fmacOpcode && vopdOpcode &&
         tii.get(fmacOpcode).getNumOperands() == kFMACOperands &&
         tii.get(vopdOpcode).getNumOperands() == kVOPDOperands &&
         tii.get(vopdOpcode).getNumDefs() == 2;
}

/// True when `reader` reads or writes a register `writer` writes, or writes
/// one `writer` reads: any order constraint between the two.
bool Pairer::dependsOn(const MachineInstr &reader,
                       const MachineInstr &writer) const {
  for (const MachineOperand &w : writer.operands()) {
    if (!w.isReg() || !w.getReg())
      continue;
    for (const MachineOperand &r : reader.operands()) {
      if (!r.isReg() || !r.getReg())
        continue;
      if (!w.isDef() && !r.isDef())
        continue;
      if (tri.regsOverlap(w.getReg(), r.getReg()))
        return true;
    }
  }
  return false;
}

bool Pairer::canHoist(MachineInstr &x, MachineInstr &y) const {
  if (dependsOn(y, x))
    return false;
  for (auto it = std::next(x.getIterator()); &*it != &y; ++it) {
    if (it->hasUnmodeledSideEffects() || it->isCall() || it->isBarrier() ||
        it->isTerminator() || dependsOn(y, *it))
      return false;
  }
  return true;
}

gemm::VOPDPairingStats Pairer::run(MachineBasicBlock &mbb) {
  gemm::VOPDPairingStats stats;
  for (auto it = mbb.begin(); it != mbb.end(); ++it) {
    MachineInstr &x = *it;
    if (!isPairableFMAC(x))
      continue;
    unsigned dstX = *vgpr(x.getOperand(kDst));
    unsigned scanned = 0;
    for (auto cand = std::next(it); cand != mbb.end() && scanned < kWindow;
         ++cand, ++scanned) {
      MachineInstr &y = *cand;
      if (!isPairableFMAC(y))
        continue;
      unsigned dstY = *vgpr(y.getOperand(kDst));
      if (dstX % 2 == dstY % 2)
        continue;
      std::optional<std::pair<bool, bool>> swaps;
      for (auto [swapX, swapY] :
           {std::pair{false, false}, std::pair{false, true},
            std::pair{true, false}, std::pair{true, true}}) {
        auto [s0X, s1X] = sources(x, swapX);
        auto [s0Y, s1Y] = sources(y, swapY);
        if (s0X % 2 != s0Y % 2 && s1X % 2 != s1Y % 2) {
          swaps = std::pair{swapX, swapY};
          break;
        }
      }
      if (!swaps || !canHoist(x, y))
        continue;

      auto srcOperand = [&](MachineInstr &mi, bool swap, unsigned slot) {
        return mi
            .getOperand(swap ? (slot == 0 ? kVSrc1 : kSrc0)
                             : (slot == 0 ? kSrc0 : kVSrc1))
            .getReg();
      };
      // Kill flags are dropped: conservative, and Y's may not hold at X.
      MachineInstrBuilder vopd =
          BuildMI(mbb, x, x.getDebugLoc(), tii.get(vopdOpcode))
              .addReg(x.getOperand(kDst).getReg(), RegState::Define)
              .addReg(y.getOperand(kDst).getReg(), RegState::Define)
              .addReg(srcOperand(x, swaps->first, 0))
              .addReg(srcOperand(x, swaps->first, 1))
              .addReg(x.getOperand(kAcc).getReg())
              .addReg(srcOperand(y, swaps->second, 0))
              .addReg(srcOperand(y, swaps->second, 1))
              .addReg(y.getOperand(kAcc).getReg());
      vopd->setFlags(x.getFlags() & y.getFlags());
      it = vopd->getIterator();
      x.eraseFromParent();
      y.eraseFromParent();
      ++stats.paired;
      break;
    }
  }
  return stats;
}

} // namespace

namespace gemm {

VOPDPairingStats pairSingleFMACs(MachineFunction &mf,
                                 const OpcodesByName &opcodes) {
  VOPDPairingStats total;
  Pairer pairer(mf);
  if (!pairer.init(opcodes)) {
    total.unsupported = true;
    return total;
  }
  for (MachineBasicBlock &mbb : mf)
    total.paired += pairer.run(mbb).paired;
  return total;
}

} // namespace gemm
