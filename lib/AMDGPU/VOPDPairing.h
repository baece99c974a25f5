//===- VOPDPairing.h - Pair single FMACs into parity-safe VOPDs -*- C++ -*-===//
//
// Internal to the late AMDGPU pass.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_AMDGPU_VOPDPAIRING_H
#define GEMM_OPT_LIB_AMDGPU_VOPDPAIRING_H

namespace llvm {
class MachineBasicBlock;
class MachineFunction;
} // namespace llvm

#include "TargetNames.h"

namespace gemm {

struct VOPDPairingStats {
  unsigned Paired = 0;      // New FMAC x FMAC VOPDs formed.
  unsigned Sunk = 0;        // Of those, formed in the pass that may sink.
  unsigned Repaired = 0;    // Of those, formed by re-pairing through a VOPD.
  bool Unsupported = false; // The opcodes were not found as expected.
};

/// Why the single FMACs of a block stay single.
struct SingleFMACCensus {
  unsigned Singles = 0;   // FMACs on VGPRs not in a VOPD.
  unsigned NoPartner = 0; // No other single FMAC of the block pairs legally.
  unsigned Blocked = 0;   // One does, but a dependence or the distance
                          // (more than the pairing window) keeps them apart.
};

/// Fuses single V_FMAC_F32_e32 of each block into gfx11 VOPDs that satisfy
/// LLVM's register rules and the parity rule, hoisting the second FMAC of a
/// pair when nothing in between depends on it. Results stay bit-identical.
VOPDPairingStats pairSingleFMACs(llvm::MachineFunction &MF,
                                 const OpcodesByName &Opcodes);

/// Sorts the single FMACs left in `MBB` by why they stay single.
SingleFMACCensus censusSingleFMACs(const llvm::MachineBasicBlock &MBB,
                                   const OpcodesByName &Opcodes);

/// How far below a single FMAC the pairing looks for its partner.
inline constexpr unsigned PairingWindow = 48;

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_VOPDPAIRING_H
