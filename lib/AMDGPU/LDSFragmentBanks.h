//===- LDSFragmentBanks.h - LDS fragments in their bank halves --*- C++ -*-===//

#ifndef GEMM_OPT_LIB_AMDGPU_LDSFRAGMENTBANKS_H
#define GEMM_OPT_LIB_AMDGPU_LDSFRAGMENTBANKS_H

#include "TargetNames.h"

#include <string>

namespace llvm {
class MachineBasicBlock;
} // namespace llvm

namespace gemm {

struct FragmentBankResult {
  bool placed = false;
  std::string whyNot;      // Set when the block was left alone.
  unsigned fragments = 0;  // LDS load results placed by bank.
  unsigned pieces = 0;     // Aligned pairs (or single VGPRs) placed.
  unsigned offPlan = 0;    // Of those, in the other half for want of room.
  unsigned loadsSplit = 0; // ds_load_b128 / b96 split into b64 (+ b32).
  unsigned vopdsSplit = 0; // VOPDs the new banks made illegal, split.
  unsigned extraVGPRs = 0; // VGPRs above the function's previous maximum.
};

/// Places the LDS loads of FMA block `loop` (a single-block loop) that feed
/// only FMA sources so that one source of every FMA is in VGPR banks 0-1 and
/// the other in banks 2-3, keeping each VGPR's parity; wide loads are split.
/// Up to `extraVGPRs` VGPRs above the function's highest may be used.
FragmentBankResult placeFragmentsByBank(llvm::MachineBasicBlock &loop,
                                        const OpcodesByName &opcodes,
                                        unsigned extraVGPRs);

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_LDSFRAGMENTBANKS_H
