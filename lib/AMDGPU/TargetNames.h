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

/// Returns the number of the VGPR `MO` names, or nothing when `MO` is not a
/// physical 32-bit VGPR.
inline std::optional<unsigned>
getVGPRNumber(const llvm::MachineOperand &MO,
              const llvm::TargetRegisterInfo &TRI) {
  if (!MO.isReg() || !MO.getReg().isPhysical())
    return std::nullopt;
  llvm::StringRef Name = TRI.getName(MO.getReg());
  unsigned Number;
  if (!Name.consume_front("VGPR") || Name.getAsInteger(10, Number))
    return std::nullopt;
  return Number;
}

/// Every opcode of the target by its name.
using OpcodesByName = llvm::DenseMap<llvm::StringRef, unsigned>;

inline OpcodesByName getOpcodesByName(const llvm::TargetInstrInfo &TII) {
  OpcodesByName Opcodes;
  for (unsigned Opc = 0, E = TII.getNumOpcodes(); Opc != E; ++Opc)
    Opcodes[TII.getName(Opc)] = Opc;
  return Opcodes;
}

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_TARGETNAMES_H
