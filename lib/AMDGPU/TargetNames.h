//===- TargetNames.h - AMDGPU registers and opcodes by name -----*- C++ -*-===//
//
// Internal to the late AMDGPU pass. The AMDGPU register and opcode enums are
// not installed, so registers and opcodes are recognised by their names
// ("VGPR12", "V_FMAC_F32_e32").
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_AMDGPU_TARGETNAMES_H
#define GEMM_OPT_LIB_AMDGPU_TARGETNAMES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/MachineOperand.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
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

/// Every opcode of the target by its name.
using OpcodesByName = llvm::DenseMap<llvm::StringRef, unsigned>;

inline OpcodesByName getOpcodesByName(const llvm::TargetInstrInfo &tii) {
  OpcodesByName opcodes;
  for (unsigned opc = 0, e = tii.getNumOpcodes(); opc != e; ++opc)
    opcodes[tii.getName(opc)] = opc;
  return opcodes;
}

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_TARGETNAMES_H
