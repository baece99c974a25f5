//===- SimInstructions.h - What an instruction costs the timing model -*- C++
//-*-===//
//
// The timing model's view of one decoded instruction: the unit it issues to,
// its VALU issue cycles, the VGPRs its operations read by port, and the
// reasons a SIMD cycle goes without a VALU issue.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_LIB_SIM_SIMINSTRUCTIONS_H
#define GEMM_RUNTIME_LIB_SIM_SIMINSTRUCTIONS_H

#include "../Emulator/ISA.h"

#include "gemm-opt/CodeObject/VgprBankModel.h"
#include "gemm-runtime/Simulator.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace gemm::rt::sim {

/// The execution unit an instruction issues to; each takes one instruction
/// a cycle per SIMD.
enum Unit : uint8_t { UValu, USalu, USmem, UVmem, ULds, UBranch, UMisc };
/// Why a SIMD cycle went without a VALU issue, as the report counts them.
enum Reason : uint8_t {
  RNone,
  RLds,
  RGlobal,
  RBarrier,
  RValuBusy,
  RDependency,
  RNoWave,
  RBranch,
  RIssue,  // the wave issued something other than a VALU instruction
  RBank,   // the VALU is held by a VGPR bank conflict
  RScalar, // waiting for a scalar memory load
  NumReasons
};

/// The name of a stall reason, as the report prints it.
const char *reasonName(Reason R);

/// Whether \p O is a scalar ALU operation.
bool isSalu(emu::Op O);

/// The execution unit \p I issues to.
Unit unitOf(const emu::Inst &I);

/// Issue cycles of a VALU instruction on a SIMD32 for wave32.
unsigned valuCycles(const emu::Inst &I, const SimParams &P);

/// The VGPRs each VALU operation of \p I reads and writes, by hardware
/// port (two operations for a VOPD instruction), for the bank model.
llvm::SmallVector<gemm::VgprBankOp, 2> bankOps(const emu::Inst &I);

} // namespace gemm::rt::sim

#endif // GEMM_RUNTIME_LIB_SIM_SIMINSTRUCTIONS_H
