//===- VGPRTable.h - VGPR tuples by number ----------------------*- C++ -*-===//
//
// The AMDGPU register enums are not installed, so the late pass reads VGPR
// numbers and tuple widths off the register names.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_AMDGPU_VGPRTABLE_H
#define GEMM_OPT_LIB_AMDGPU_VGPRTABLE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/Register.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/MC/MCRegister.h"

#include <algorithm>
#include <bitset>
#include <optional>
#include <utility>

namespace gemm {

inline constexpr unsigned kNumVGPRs = 256;

/// Physical registers made of consecutive VGPRs, by (first VGPR, width), read
/// off the register names ("VGPR4", "VGPR4_VGPR5_VGPR6_VGPR7").
class VGPRTable {
public:
  explicit VGPRTable(const llvm::TargetRegisterInfo &tri) {
    for (unsigned reg = 1, e = tri.getNumRegs(); reg != e; ++reg) {
      llvm::StringRef name = tri.getName(reg);
      if (!name.starts_with("VGPR"))
        continue;
      llvm::SmallVector<llvm::StringRef, 8> parts;
      name.split(parts, '_');
      std::optional<unsigned> first;
      unsigned width = 0;
      bool ok = true;
      for (llvm::StringRef part : parts) {
        unsigned number;
        if (!part.consume_front("VGPR") || part.getAsInteger(10, number) ||
            (first && number != *first + width)) {
          ok = false;
          break;
        }
        if (!first)
          first = number;
        ++width;
      }
      if (!ok || *first + width > kNumVGPRs)
        continue;
      byReg[reg] = {*first, width};
      byTuple[{*first, width}] = reg;
    }
  }

  /// (first VGPR, width) of `reg`, or nothing when it is no VGPR tuple.
  std::optional<std::pair<unsigned, unsigned>>
  decode(llvm::Register reg) const {
    if (!reg.isPhysical())
      return std::nullopt;
    auto it = byReg.find(reg.id());
    if (it == byReg.end())
      return std::nullopt;
    return it->second;
  }

  /// True for a VGPR-like register the table cannot rename (a 16-bit half).
  static bool isUnrenamableVGPR(llvm::Register reg,
                                const llvm::TargetRegisterInfo &tri) {
    return reg.isPhysical() &&
           llvm::StringRef(tri.getName(reg)).starts_with("VGPR");
  }

  /// Sets the VGPRs of `mbb`'s live-ins in `set`.
  void markLiveIns(const llvm::MachineBasicBlock &mbb,
                   std::bitset<kNumVGPRs> &set) const {
    for (const auto &liveIn : mbb.liveins())
      if (auto tuple = decode(liveIn.PhysReg))
        for (unsigned i = 0; i < tuple->second; ++i)
          set.set(tuple->first + i);
  }

  /// The highest VGPR `mf` names.
  unsigned highestUsed(const llvm::MachineFunction &mf) const {
    unsigned highest = 0;
    for (const llvm::MachineBasicBlock &mbb : mf)
      for (const llvm::MachineInstr &mi : mbb.instrs())
        for (const llvm::MachineOperand &op : mi.operands())
          if (op.isReg())
            if (auto tuple = decode(op.getReg()))
              highest = std::max(highest, tuple->first + tuple->second - 1);
    return highest;
  }

  llvm::MCRegister get(unsigned first, unsigned width) const {
    auto it = byTuple.find({first, width});
    return it == byTuple.end() ? llvm::MCRegister()
                               : llvm::MCRegister(it->second);
  }

private:
  llvm::DenseMap<unsigned, std::pair<unsigned, unsigned>> byReg;
  llvm::DenseMap<std::pair<unsigned, unsigned>, unsigned> byTuple;
};

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_VGPRTABLE_H
