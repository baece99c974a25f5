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
constexpr unsigned kDst = 0, kSrc0 = 1, kVSrc1 = 2, kAcc = 3;
constexpr unsigned kFMACOperands = 4;
// Operand layout of the FMAC x FMAC VOPD: vdstX, vdstY, src0X, vsrc1X, accX,
// src0Y, vsrc1Y, accY.
constexpr unsigned kVOPDOperands = 8;

/// How far below a single FMAC its partner may be.
constexpr unsigned kWindow = gemm::kPairingWindow;

class Pairer {
public:
  explicit Pairer(const MachineFunction &mf)
      : tii(*mf.getSubtarget().getInstrInfo()),
        tri(*mf.getSubtarget().getRegisterInfo()) {}

  /// Finds the opcodes; false when this LLVM has them under other names or
  /// with another operand layout.
  bool init(const gemm::OpcodesByName &opcodes);
  gemm::VOPDPairingStats run(MachineBasicBlock &mbb);
  /// One greedy pass in block order: each single FMAC pairs with the first
  /// legal one of the next kWindow instructions; returns the pairs formed.
  unsigned pairInOrder(MachineBasicBlock &mbb, bool allowSink);
  /// The repair through one VOPD; returns the pairs it added.
  unsigned repair(MachineBasicBlock &mbb);
  gemm::SingleFMACCensus census(const MachineBasicBlock &mbb) const;

private:
  using FMACRegs = gemm::vopd::FMACRegs;
  FMACRegs regsOf(const MachineInstr &fmac) const {
    return {*vgpr(fmac.getOperand(kDst)), *vgpr(fmac.getOperand(kSrc0)),
            *vgpr(fmac.getOperand(kVSrc1))};
  }
  bool isFMACPair(const MachineInstr &mi) const {
    if (mi.getOpcode() != vopdOpcode || mi.isBundled())
      return false;
    for (unsigned i = 0; i < kVOPDOperands; ++i)
      if (!vgpr(mi.getOperand(i)))
        return false;
    return true;
  }
  /// The X (`half` 0) or Y half of an FMAC x FMAC VOPD.
  FMACRegs halfOf(const MachineInstr &vopd, unsigned half) const {
    unsigned src = half ? 5 : 2;
    return {*vgpr(vopd.getOperand(half)), *vgpr(vopd.getOperand(src)),
            *vgpr(vopd.getOperand(src + 1))};
  }
  /// Fuses single FMACs `x` and a later `y` into a VOPD at `x`'s place,
  /// hoisting `y`, if that is legal, or else, with `allowSink`, at `y`'s
  /// place, sinking `x`; returns the VOPD.
  MachineInstr *tryFuse(MachineInstr &x, MachineInstr &y, bool allowSink);
  /// The same for `a` and `b` in either order, at most 2 kWindow apart,
  /// sinking allowed.
  MachineInstr *tryFuseEitherOrder(MachineInstr &a, MachineInstr &b);
  /// Replaces an FMAC x FMAC VOPD by its X and then its Y half.
  std::pair<MachineInstr *, MachineInstr *> split(MachineInstr &vopd);

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
  /// Whether `y` may be hoisted to just below `x` (`moving` is `y`), or `x`
  /// sunk to just above `y` (`moving` is `x`), over every instruction
  /// strictly between them, and the two then fused.
  bool canMoveTogether(MachineInstr &x, MachineInstr &y,
                       const MachineInstr &moving) const;
  bool dependsOn(const MachineInstr &reader, const MachineInstr &writer) const;

  const TargetInstrInfo &tii;
  const TargetRegisterInfo &tri;
  unsigned fmacOpcode = 0, vopdOpcode = 0, waitcntOpcode = 0, setprioOpcode = 0;
};

bool Pairer::init(const gemm::OpcodesByName &opcodes) {
  fmacOpcode = opcodes.lookup("V_FMAC_F32_e32");
  vopdOpcode = opcodes.lookup("V_DUAL_FMAC_F32_e32_X_FMAC_F32_e32_gfx11");
  waitcntOpcode = opcodes.lookup("S_WAITCNT");
  setprioOpcode = opcodes.lookup("S_SETPRIO");
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

bool Pairer::canMoveTogether(MachineInstr &x, MachineInstr &y,
                             const MachineInstr &moving) const {
  if (dependsOn(y, x))
    return false;
  bool sinking = &moving == &x;
  for (auto it = std::next(x.getIterator()); &*it != &y; ++it) {
    // A wait only delays what follows it: an FMA may sink below one (the
    // tiling passes' one wait per K step stands between FMAs that pair),
    // but not rise above one, whose loads it may read.
    if (sinking && waitcntOpcode && it->getOpcode() == waitcntOpcode)
      continue;
    // A priority change orders nothing: FMAs move across it either way.
    if (setprioOpcode && it->getOpcode() == setprioOpcode)
      continue;
    if (it->hasUnmodeledSideEffects() || it->isCall() || it->isBarrier() ||
        it->isTerminator() || dependsOn(moving, *it))
      return false;
  }
  return true;
}

MachineInstr *Pairer::tryFuse(MachineInstr &x, MachineInstr &y,
                              bool allowSink) {
  std::optional<std::pair<bool, bool>> swaps =
      gemm::vopd::getParitySafeSwaps(regsOf(x), regsOf(y));
  if (!swaps)
    return nullptr;
  MachineInstr *at = &x;
  if (!canMoveTogether(x, y, /*moving=*/y)) {
    if (!allowSink || !canMoveTogether(x, y, /*moving=*/x))
      return nullptr;
    at = &y;
    // x now reads its sources below the instructions it passes: their kill
    // flags on those registers no longer hold.
    for (auto it = std::next(x.getIterator()); &*it != &y; ++it)
      for (MachineOperand &op : it->operands())
        if (op.isReg() && op.isUse() && op.isKill() &&
            (tri.regsOverlap(op.getReg(), x.getOperand(kSrc0).getReg()) ||
             tri.regsOverlap(op.getReg(), x.getOperand(kVSrc1).getReg())))
          op.setIsKill(false);
  }
  auto srcOperand = [&](MachineInstr &mi, bool swap, unsigned slot) {
    return mi
        .getOperand(swap ? (slot == 0 ? kVSrc1 : kSrc0)
                         : (slot == 0 ? kSrc0 : kVSrc1))
        .getReg();
  };
  MachineBasicBlock &mbb = *x.getParent();
  // Kill flags are dropped: conservative, and Y's may not hold at X.
  MachineInstrBuilder vopd =
      BuildMI(mbb, *at, x.getDebugLoc(), tii.get(vopdOpcode))
          .addReg(x.getOperand(kDst).getReg(), RegState::Define)
          .addReg(y.getOperand(kDst).getReg(), RegState::Define)
          .addReg(srcOperand(x, swaps->first, 0))
          .addReg(srcOperand(x, swaps->first, 1))
          .addReg(x.getOperand(kAcc).getReg())
          .addReg(srcOperand(y, swaps->second, 0))
          .addReg(srcOperand(y, swaps->second, 1))
          .addReg(y.getOperand(kAcc).getReg());
  vopd->setFlags(x.getFlags() & y.getFlags());
  x.eraseFromParent();
  y.eraseFromParent();
  return vopd;
}

MachineInstr *Pairer::tryFuseEitherOrder(MachineInstr &a, MachineInstr &b) {
  auto isBelow = [](MachineInstr &from, MachineInstr &to) {
    unsigned steps = 0;
    for (MachineBasicBlock::iterator it = from.getIterator(),
                                     e = from.getParent()->end();
         it != e && steps <= 2 * kWindow; ++it, ++steps)
      if (&*it == &to)
        return true;
    return false;
  };
  if (isBelow(a, b))
    return tryFuse(a, b, /*allowSink=*/true);
  if (isBelow(b, a))
    return tryFuse(b, a, /*allowSink=*/true);
  return nullptr;
}

std::pair<MachineInstr *, MachineInstr *> Pairer::split(MachineInstr &vopd) {
  MachineBasicBlock &mbb = *vopd.getParent();
  MachineInstr *halves[2];
  for (unsigned half : {0u, 1u}) {
    unsigned src = half ? 5 : 2;
    halves[half] = BuildMI(mbb, vopd, vopd.getDebugLoc(), tii.get(fmacOpcode))
                       .addReg(vopd.getOperand(half).getReg(), RegState::Define)
                       .addReg(vopd.getOperand(src).getReg())
                       .addReg(vopd.getOperand(src + 1).getReg())
                       .addReg(vopd.getOperand(src + 2).getReg());
    halves[half]->setFlags(vopd.getFlags());
  }
  vopd.eraseFromParent();
  return {halves[0], halves[1]};
}

unsigned Pairer::pairInOrder(MachineBasicBlock &mbb, bool allowSink) {
  unsigned paired = 0;
  for (auto it = mbb.begin(); it != mbb.end();) {
    MachineInstr &x = *it;
    // Scan on below x's old place: a hoisted pair sits there, a sunk one
    // lower down, with singles in between.
    auto next = std::next(it);
    unsigned scanned = 0;
    for (auto cand = next;
         isPairableFMAC(x) && cand != mbb.end() && scanned < kWindow;
         ++cand, ++scanned) {
      if (!isPairableFMAC(*cand))
        continue;
      bool adjacent = cand == next;
      if (MachineInstr *vopd = tryFuse(x, *cand, allowSink)) {
        if (adjacent)
          next = std::next(vopd->getIterator());
        ++paired;
        break;
      }
    }
    it = next;
  }
  return paired;
}

gemm::VOPDPairingStats Pairer::run(MachineBasicBlock &mbb) {
  gemm::VOPDPairingStats stats;
  stats.paired = pairInOrder(mbb, /*allowSink=*/false);
  // The singles left, sinking the first of a pair where hoisting the
  // second is not possible.
  stats.sunk = pairInOrder(mbb, /*allowSink=*/true);
  stats.paired += stats.sunk;
  stats.repaired = repair(mbb);
  stats.paired += stats.repaired;
  return stats;
}

unsigned Pairer::repair(MachineBasicBlock &mbb) {
  unsigned repaired = 0;
  // A failed attempt can leave the block with as many pairs as before but
  // other singles; the budget keeps the search finite.
  unsigned budget = 0;
  for (MachineInstr &mi : mbb)
    budget += 4 * isPairableFMAC(mi);
  std::set<std::tuple<unsigned, unsigned, unsigned>> tried;
  bool restart = true;
  while (restart && budget) {
    restart = false;
    DenseMap<const MachineInstr *, unsigned> position;
    SmallVector<MachineInstr *, 16> singles, pairs;
    for (MachineInstr &mi : mbb) {
      position[&mi] = position.size();
      if (isPairableFMAC(mi))
        singles.push_back(&mi);
      else if (isFMACPair(mi))
        pairs.push_back(&mi);
    }
    auto near = [&](const MachineInstr *a, const MachineInstr *b) {
      unsigned pa = position.lookup(a), pb = position.lookup(b);
      return (pa > pb ? pa - pb : pb - pa) <= kWindow;
    };
    for (MachineInstr *x : singles) {
      FMACRegs xRegs = regsOf(*x);
      if (!tried.insert({xRegs.dst, xRegs.src0, xRegs.vsrc1}).second)
        continue;
      for (MachineInstr *&vopd : pairs) {
        if (!near(x, vopd))
          continue;
        for (unsigned give : {0u, 1u}) {
          if (!gemm::vopd::getParitySafeSwaps(xRegs, halfOf(*vopd, give)))
            continue;
          FMACRegs keepRegs = halfOf(*vopd, 1 - give);
          MachineInstr *z = nullptr;
          for (MachineInstr *candidate : singles)
            if (candidate != x && near(candidate, vopd) &&
                gemm::vopd::getParitySafeSwaps(keepRegs, regsOf(*candidate))) {
              z = candidate;
              break;
            }
          if (!z || budget == 0)
            continue;
          --budget;
          unsigned at = position.lookup(vopd);
          auto [first, second] = split(*vopd);
          MachineInstr *given = give ? second : first;
          MachineInstr *kept = give ? first : second;
          if (!tryFuseEitherOrder(*x, *given)) {
            // Put the VOPD back as it was: adjacent halves of a legal VOPD
            // fuse again, unless it broke the parity rule (with the parity
            // repair off); then the halves stay single.
            vopd = tryFuse(*first, *second, /*allowSink=*/false);
            if (vopd) {
              position[vopd] = at;
              continue;
            }
            restart = true;
            break;
          }
          if (tryFuseEitherOrder(*kept, *z))
            ++repaired;
          restart = true;
          break;
        }
        if (restart)
          break;
      }
      if (restart)
        break;
    }
  }
  return repaired;
}

gemm::SingleFMACCensus Pairer::census(const MachineBasicBlock &mbb) const {
  gemm::SingleFMACCensus census;
  SmallVector<const MachineInstr *, 16> singles;
  for (const MachineInstr &mi : mbb)
    if (isPairableFMAC(mi))
      singles.push_back(&mi);
  for (const MachineInstr *x : singles) {
    ++census.singles;
    bool legal = any_of(singles, [&](const MachineInstr *y) {
      return y != x && gemm::vopd::getParitySafeSwaps(regsOf(*x), regsOf(*y));
    });
    ++(legal ? census.blocked : census.noPartner);
  }
  return census;
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
  for (MachineBasicBlock &mbb : mf) {
    VOPDPairingStats stats = pairer.run(mbb);
    total.paired += stats.paired;
    total.sunk += stats.sunk;
    total.repaired += stats.repaired;
  }
  return total;
}

SingleFMACCensus censusSingleFMACs(const MachineBasicBlock &mbb,
                                   const OpcodesByName &opcodes) {
  Pairer pairer(*mbb.getParent());
  if (!pairer.init(opcodes))
    return {};
  return pairer.census(mbb);
}

} // namespace gemm
