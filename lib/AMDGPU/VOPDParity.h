//===- VOPDParity.h - Repair VOPDs that break the gfx11 parity rule -------===//
//
// Internal to the late AMDGPU pass.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_AMDGPU_VOPDPARITY_H
#define GEMM_OPT_LIB_AMDGPU_VOPDPARITY_H

namespace llvm {
class MachineFunction;
} // namespace llvm

#include "TargetNames.h"

namespace gemm {

/// What repairVOPDParity did in one function.
struct VOPDParityStats {
  unsigned checked = 0;    // VOPD instructions seen.
  unsigned violations = 0; // Of those, breaking the parity rule.
  unsigned swapped = 0;    // Repaired by swapping commutative sources.
  unsigned split = 0;      // Repaired by splitting into two instructions.
  unsigned unrepaired = 0; // Violations left: no single-issue form known.
  unsigned unknown = 0;    // VOPDs whose halves the repair does not model.
};

/// True for the targets with the VOPD parity hazard (gfx11).
bool isVOPDParityHazardTarget(const llvm::MachineFunction &mf);

/// Rewrites every VOPD of `mf` whose src0X/src0Y or vsrc1X/vsrc1Y are VGPRs of
/// the same parity, keeping results bit-identical.
VOPDParityStats repairVOPDParity(llvm::MachineFunction &mf,
                                 const OpcodesByName &opcodes);

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_VOPDPARITY_H
