//===- VOPDParity.h - Repair VOPDs that break the gfx11 parity rule -------===//
//
// Internal to the late AMDGPU pass.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_AMDGPU_VOPDPARITY_H
#define GEMM_OPT_LIB_AMDGPU_VOPDPARITY_H

namespace llvm {
class MachineFunction;
class MachineInstr;
class TargetInstrInfo;
} // namespace llvm

#include <optional>
#include <utility>

#include "TargetNames.h"

namespace gemm {

/// What repairVOPDParity did in one function.
struct VOPDParityStats {
  unsigned Checked = 0;    // VOPD instructions seen.
  unsigned Violations = 0; // Of those, breaking the parity rule.
  unsigned Swapped = 0;    // Repaired by swapping commutative sources.
  unsigned Split = 0;      // Repaired by splitting into two instructions.
  unsigned Unrepaired = 0; // Violations left: no single-issue form known.
  unsigned Unknown = 0;    // VOPDs whose halves the repair does not model.
};

/// One half of a VOPD the repair models: its name inside the VOPD opcode
/// (V_DUAL_<X>_X_<Y>_gfx11) and its operand positions.
struct VOPDHalfOperands {
  llvm::StringRef Name; // "FMAC_F32_e32", "MOV_B32_e32", ...
  unsigned Dst;         // Operand index of the destination.
  unsigned First;       // Operand index of src0; the other sources follow.
  unsigned NumSources;  // Explicit use operands, tied ones included.
};

/// The X and Y halves of the VOPD `MI`, or nothing when `MI` is no VOPD or
/// has a half the repair does not model.
std::optional<std::pair<VOPDHalfOperands, VOPDHalfOperands>>
getVOPDHalves(const llvm::MachineInstr &MI, const llvm::TargetInstrInfo &TII);

/// Whether splitVOPD can take `MI` apart: both halves have single-issue
/// forms, and they do not each read the other's destination.
bool canSplitVOPD(const llvm::MachineInstr &MI, const OpcodesByName &Opcodes);

/// Replaces the VOPD `MI` by its halves as single-issue instructions that
/// compute the same: X then Y, or Y first where Y reads X's destination (a
/// VOPD reads all its sources before it writes; LLVM forms such pairs, for
/// example `v_dual_add_f32 v0, v2, v4 :: v_dual_add_f32 v1, v0, v6`). Kill
/// flags are dropped. False, with nothing changed, when canSplitVOPD is
/// false.
bool splitVOPD(llvm::MachineInstr &MI, const OpcodesByName &Opcodes);

/// True for the targets with the VOPD parity hazard (gfx11).
bool isVOPDParityHazardTarget(const llvm::MachineFunction &MF);

/// Rewrites every VOPD of `MF` whose src0X/src0Y or vsrc1X/vsrc1Y are VGPRs of
/// the same parity, keeping results bit-identical.
VOPDParityStats repairVOPDParity(llvm::MachineFunction &MF,
                                 const OpcodesByName &Opcodes);

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_VOPDPARITY_H
