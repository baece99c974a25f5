//===- VgprBankModel.cpp - RDNA3 VGPR bank and operand cache model --------===//

#include "gemm-opt/CodeObject/VgprBankModel.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;
using namespace gemm;

void VgprBankModel::reset() {
  for (auto &bank : cache)
    bank.fill(-1);
  pending.clear();
}

void VgprBankModel::overwrite(ArrayRef<unsigned> regs) {
  for (unsigned reg : regs)
    for (int &entry : cache[reg % 4])
      if (entry == static_cast<int>(reg))
        entry = -1;
}

VgprBankIssue VgprBankModel::issue(ArrayRef<VgprBankOp> ops, bool backToBack) {
  VgprBankIssue result;
  // Results written in an earlier cycle no longer meet this read.
  if (!backToBack) {
    for (const auto &half : pending)
      overwrite(half);
    pending.clear();
  }
  // Hits are decided against the cache before this instruction: both VOPD
  // halves read in the same cycle.
  SmallVector<std::pair<unsigned, unsigned>, 6> fills; // (reg, port)
  for (size_t h = 0; h < ops.size(); ++h) {
    if (h < pending.size() && !pending[h].empty()) {
      for (unsigned reg : pending[h])
        ++result.uses[reg % 4];
      result.writes.push_back(static_cast<int>(pending[h].front()));
    } else {
      result.writes.push_back(-1);
    }
    for (unsigned port = 0; port < numPorts; ++port) {
      for (unsigned reg : ops[h].srcs[port]) {
        unsigned bank = reg % 4;
        bool cached = cache[bank][port] == static_cast<int>(reg);
        ++result.uses[bank];
        if (cached)
          ++result.cachedReads;
        else
          ++result.freshReads[bank];
        result.reads.push_back({static_cast<unsigned>(h), port, reg, cached});
        fills.emplace_back(reg, port);
      }
    }
  }
  // Writes of the previous instruction that land in a half this one does
  // not have (e.g. a VOPD followed by a VOP2) still use their bank.
  for (size_t h = ops.size(); h < pending.size(); ++h)
    for (unsigned reg : pending[h])
      ++result.uses[reg % 4];
  for (const auto &half : pending)
    overwrite(half);
  for (auto [reg, port] : fills)
    cache[reg % 4][port] = reg;
  pending.clear();
  for (const VgprBankOp &op : ops)
    pending.push_back(op.dsts);

  result.maxUses = *llvm::max_element(result.uses);
  // A bank used more than twice stalls only when one of the uses reads its
  // RAM: operand-cache hits and the previous instruction's writes alone do
  // not. Fitted on the measured kernel 5 (docs/timing-model.md).
  for (unsigned bank = 0; bank < 4; ++bank)
    if (result.freshReads[bank])
      result.stallCycles =
          std::max(result.stallCycles, stallCycles(result.uses[bank]));
  return result;
}
