//===- VOPDRules.h - The gfx11 VOPD register rules, in one place -*- C++
//-*-===//
//
// Pure functions on VGPR numbers, shared by everything that forms, repairs,
// plans for or checks VOPD (dual-issue) instructions: the late pass's pairing,
// parity repair, recolouring and LDS bank plan, and gemm-report. To change a
// rule, change it here.
//
// The rules (RDNA3 ISA guide, section 7.6; LLVM's AMDGPU VOPD checks):
//  - the X and Y destinations are one even and one odd VGPR;
//  - the X and Y sources of one slot (src0, vsrc1) read different VGPR banks,
//    a bank being the register number mod 4;
//  - Y does not read X's destination;
//  - gfx11 only: sources of one slot with the same parity lose the
//    destination interlock (a hardware hazard LLVM 22 does not model), so our
//    passes keep them of opposite parity, which implies different banks.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_CODEOBJECT_VOPDRULES_H
#define GEMM_OPT_CODEOBJECT_VOPDRULES_H

#include <optional>
#include <utility>

namespace gemm::vopd {

/// The VGPR bank of a register: its number mod 4.
inline unsigned bankOf(unsigned vgpr) { return vgpr % 4; }

/// Whether a register is in the upper bank half (banks 2-3). A VOPD whose two
/// FMAs each read one source from each half reads four different banks.
inline bool isInHighBankHalf(unsigned vgpr) { return bankOf(vgpr) >= 2; }

/// The parity of a register number: what the gfx11 hazard and the destination
/// rule look at.
inline unsigned parityOf(unsigned vgpr) { return vgpr % 2; }

/// ISA rule: one destination even, the other odd.
inline bool areLegalDestinations(unsigned dstX, unsigned dstY) {
  return parityOf(dstX) != parityOf(dstY);
}

/// ISA rule: the X and Y sources of one slot read different banks.
inline bool isSlotBankLegal(unsigned srcX, unsigned srcY) {
  return bankOf(srcX) != bankOf(srcY);
}

/// gfx11 hazard: the X and Y sources of one slot have the same parity.
inline bool hasParityHazard(unsigned srcX, unsigned srcY) {
  return parityOf(srcX) == parityOf(srcY);
}

/// The sources of one VOPD half as the gfx11 parity hazard sees them: VGPR
/// numbers, or nullopt for a constant, an SGPR or an absent vsrc1 (no hazard).
/// `swappable`: the half may exchange src0 and vsrc1 (its operation commutes
/// and src0 is a VGPR, as vsrc1 must be).
struct HalfSources {
  std::optional<unsigned> src0, vsrc1;
  bool swappable = false;
};

/// Which halves of a VOPD to swap so that neither source slot has the parity
/// hazard: the first legal choice in the order no swap, swap Y, swap X, swap
/// both (the cheapest repair first), or nullopt if none is.
inline std::optional<std::pair<bool, bool>>
getParitySafeSwaps(const HalfSources &x, const HalfSources &y) {
  auto hazard = [](std::optional<unsigned> a, std::optional<unsigned> b) {
    return a && b && hasParityHazard(*a, *b);
  };
  for (auto [swapX, swapY] : {std::pair{false, false}, std::pair{false, true},
                              std::pair{true, false}, std::pair{true, true}}) {
    if ((swapX && !x.swappable) || (swapY && !y.swappable))
      continue;
    if (!hazard(swapX ? x.vsrc1 : x.src0, swapY ? y.vsrc1 : y.src0) &&
        !hazard(swapX ? x.src0 : x.vsrc1, swapY ? y.src0 : y.vsrc1))
      return std::pair{swapX, swapY};
  }
  return std::nullopt;
}

/// The VGPRs of one v_fmac_f32: a single instruction or a VOPD half.
struct FMACRegs {
  unsigned dst, src0, vsrc1;
};

/// Whether `x` and `y` may form a parity-safe VOPD (as X and Y, or as Y and X:
/// the rules are symmetric), and with which half's commutative sources
/// swapped (swapX, swapY), in the order of the HalfSources form.
inline std::optional<std::pair<bool, bool>> getParitySafeSwaps(FMACRegs x,
                                                               FMACRegs y) {
  if (!areLegalDestinations(x.dst, y.dst))
    return std::nullopt;
  return getParitySafeSwaps(HalfSources{x.src0, x.vsrc1, true},
                            HalfSources{y.src0, y.vsrc1, true});
}

} // namespace gemm::vopd

#endif // GEMM_OPT_CODEOBJECT_VOPDRULES_H
