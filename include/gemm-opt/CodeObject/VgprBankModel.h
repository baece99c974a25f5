//===- VgprBankModel.h - RDNA3 VGPR bank and operand cache model -*- C++ -*-===//
//
// The issue cost of a VALU instruction's VGPR accesses on gfx11: four banks
// (register number mod 4), each with a one-entry operand cache per source
// port. The rule is the walkthrough's (docs/report.md, "banks"): a bank that
// an instruction reads, or that the previous VALU instruction writes in the
// same cycle, more than twice costs issue cycles, when one of those reads
// misses the operand cache (fitted on the measured kernel 5,
// docs/timing-model.md). Shared by gemm-report (on
// printed instructions) and the timing model (on decoded ones), so both
// charge the same stalls.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_CODEOBJECT_VGPRBANKMODEL_H
#define GEMM_OPT_CODEOBJECT_VGPRBANKMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <array>

namespace gemm {

/// The VGPRs of one VALU operation (a whole VOP1/2/3 instruction or one VOPD
/// half) by hardware source port. The tied accumulator of v_fmac is left out
/// of the sources, as in the walkthrough's tables.
struct VgprBankOp {
  llvm::SmallVector<unsigned, 2> dsts;
  std::array<llvm::SmallVector<unsigned, 2>, 3> srcs;
};

/// What one instruction did to the banks.
struct VgprBankIssue {
  struct Read {
    unsigned half, port, reg;
    bool cached;
  };
  /// Per bank: operand reads (cached or not) plus writes landing this cycle.
  std::array<unsigned, 4> uses = {0, 0, 0, 0};
  std::array<unsigned, 4> freshReads = {0, 0, 0, 0}; ///< Not from a cache.
  unsigned cachedReads = 0;
  unsigned maxUses = 0;
  unsigned stallCycles = 0;
  llvm::SmallVector<Read, 6> reads; ///< In half, then port order.
  /// Per half of this instruction: the first VGPR the previous instruction
  /// writes in that half's slot this cycle, or -1.
  llvm::SmallVector<int, 2> writes;
};

class VgprBankModel {
public:
  VgprBankModel() { reset(); }

  void reset();

  /// Issues one VALU instruction. \p backToBack says the previous VALU
  /// instruction issued in the cycle before, so its results are written
  /// while this one reads.
  VgprBankIssue issue(llvm::ArrayRef<VgprBankOp> ops, bool backToBack = true);

  /// A non-VALU write (a load result) replaces the registers' cached copies.
  void overwrite(llvm::ArrayRef<unsigned> regs);

  /// Issue cycles lost by an instruction that uses one bank \p maxUses times,
  /// one of them a read from the bank's RAM:
  /// two accesses per bank per cycle are free (the walkthrough's kernel 6
  /// never exceeds two and issues a VOPD per cycle); each further pair costs
  /// one cycle.
  static unsigned stallCycles(unsigned maxUses) {
    return maxUses > 2 ? (maxUses + 1) / 2 - 1 : 0;
  }

private:
  static constexpr unsigned numPorts = 3;
  std::array<std::array<int, numPorts>, 4> cache;
  /// Destinations of the previous VALU instruction, per half.
  llvm::SmallVector<llvm::SmallVector<unsigned, 2>, 2> pending;
};

} // namespace gemm

#endif // GEMM_OPT_CODEOBJECT_VGPRBANKMODEL_H
