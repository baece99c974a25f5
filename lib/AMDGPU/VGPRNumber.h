//===- VGPRNumber.h - The VGPR number of a machine operand ------*- C++ -*-===//
//
// Internal to the late AMDGPU pass. The AMDGPU register enums are not
// installed, so VGPRs are recognised by their register names ("VGPR12").
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_AMDGPU_VGPRNUMBER_H
#define GEMM_OPT_LIB_AMDGPU_VGPRNUMBER_H

#include "llvm/CodeGen/MachineOperand.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"

#include <optional>

namespace gemm {

/// Returns the number of the VGPR `op` names, or nothing when `op` is not a
/// physical 32-bit VGPR.
inline std::optional<unsigned>
getVGPRNumber(const llvm::MachineOperand &op,
              const llvm::TargetRegisterInfo &tri) {
  if (!op.isReg() || !op.getReg().isPhysical())
    return std::nullopt;
  llvm::StringRef name = tri.getName(op.getReg());
  unsigned number;
  if (!name.consume_front("VGPR") || name.getAsInteger(10, number))
    return std::nullopt;
  return number;
}

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_VGPRNUMBER_H
