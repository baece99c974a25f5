//===- VOPDPairing.h - Pair single FMACs into parity-safe VOPDs -*- C++ -*-===//
//
// Internal to the late AMDGPU pass.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_AMDGPU_VOPDPAIRING_H
#define GEMM_OPT_LIB_AMDGPU_VOPDPAIRING_H

namespace llvm {
class MachineFunction;
} // namespace llvm

#include "TargetNames.h"

namespace gemm {

struct VOPDPairingStats {
  unsigned paired = 0;      // New FMAC x FMAC VOPDs formed.
  bool unsupported = false; // The opcodes were not found as expected.
};

/// Fuses single V_FMAC_F32_e32 of each block into gfx11 VOPDs that satisfy
/// LLVM's register rules and the parity rule, hoisting the second FMAC of a
/// pair when nothing in between depends on it. Results stay bit-identical.
VOPDPairingStats pairSingleFMACs(llvm::MachineFunction &mf,
                                 const OpcodesByName &opcodes);

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_VOPDPAIRING_H
