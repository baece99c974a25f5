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
  unsigned checked = 0;    // VOPD instructions seen.
  unsigned violations = 0; // Of those, breaking the parity rule.
  unsigned swapped = 0;    // Repaired by swapping commutative sources.
  unsigned split = 0;      // Repaired by splitting into two instructions.
  unsigned unrepaired = 0; // Violations left: no single-issue form known.
  unsigned unknown = 0;    // VOPDs whose halves the repair does not model.
};

/// One half of a VOPD the repair models: its name inside the VOPD opcode
/// (V_DUAL_<X>_X_<Y>_gfx11) and its operand positions.
struct VOPDHalfOperands {
  llvm::StringRef name; // "FMAC_F32_e32", "MOV_B32_e32", ...
  unsigned dst;         // Operand index of the destination.
  unsigned first;       // Operand index of src0; the other sources follow.
  unsigned numSources;  // Explicit use operands, tied ones included.
};

/// The X and Y halves of the VOPD `mi`, or nothing when `mi` is no VOPD or
/// has a half the repair does not model.
std::optional<std::pair<VOPDHalfOperands, VOPDHalfOperands>>
getVOPDHalves(const llvm::MachineInstr &mi, const llvm::TargetInstrInfo &tii);

/// Whether splitVOPD can take `mi` apart.
bool canSplitVOPD(const llvm::MachineInstr &mi, const OpcodesByName &opcodes);

/// Replaces the VOPD `mi` by its X half and then its Y half as single-issue
/// instructions, which computes the same (a legal VOPD's Y never reads X's
/// destination). Kill flags are dropped. False, with nothing changed, when
/// canSplitVOPD is false.
bool splitVOPD(llvm::MachineInstr &mi, const OpcodesByName &opcodes);

/// True for the targets with the VOPD parity hazard (gfx11).
bool isVOPDParityHazardTarget(const llvm::MachineFunction &mf);

/// Rewrites every VOPD of `mf` whose src0X/src0Y or vsrc1X/vsrc1Y are VGPRs of
/// the same parity, keeping results bit-identical.
VOPDParityStats repairVOPDParity(llvm::MachineFunction &mf,
                                 const OpcodesByName &opcodes);

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_VOPDPARITY_H
