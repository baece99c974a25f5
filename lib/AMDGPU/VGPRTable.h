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

inline constexpr unsigned NumVGPRs = 256;

/// Physical registers made of consecutive VGPRs, by (first VGPR, width), read
/// off the register names ("VGPR4", "VGPR4_VGPR5_VGPR6_VGPR7").
class VGPRTable {
public:
  explicit VGPRTable(const llvm::TargetRegisterInfo &TRI) {
    for (unsigned Reg = 1, E = TRI.getNumRegs(); Reg != E; ++Reg) {
      llvm::StringRef Name = TRI.getName(Reg);
      if (!Name.starts_with("VGPR"))
        continue;
      llvm::SmallVector<llvm::StringRef, 8> Parts;
      Name.split(Parts, '_');
      std::optional<unsigned> First;
      unsigned Width = 0;
      bool OK = true;
      for (llvm::StringRef Part : Parts) {
        unsigned Number;
        if (!Part.consume_front("VGPR") || Part.getAsInteger(10, Number) ||
            (First && Number != *First + Width)) {
          OK = false;
          break;
        }
        if (!First)
          First = Number;
        ++Width;
      }
      if (!OK || *First + Width > NumVGPRs)
        continue;
      ByReg[Reg] = {*First, Width};
      ByTuple[{*First, Width}] = Reg;
    }
  }

  /// (first VGPR, width) of `Reg`, or nothing when it is no VGPR tuple.
  std::optional<std::pair<unsigned, unsigned>>
  decode(llvm::Register Reg) const {
    if (!Reg.isPhysical())
      return std::nullopt;
    auto It = ByReg.find(Reg.id());
    if (It == ByReg.end())
      return std::nullopt;
    return It->second;
  }

  /// True for a VGPR-like register the table cannot rename (a 16-bit half).
  static bool isUnrenamableVGPR(llvm::Register Reg,
                                const llvm::TargetRegisterInfo &TRI) {
    return Reg.isPhysical() &&
           llvm::StringRef(TRI.getName(Reg)).starts_with("VGPR");
  }

  /// Sets the VGPRs of `MBB`'s live-ins in `Set`.
  void markLiveIns(const llvm::MachineBasicBlock &MBB,
                   std::bitset<NumVGPRs> &Set) const {
    for (const auto &LiveIn : MBB.liveins())
      if (auto Tuple = decode(LiveIn.PhysReg))
        for (unsigned I = 0; I < Tuple->second; ++I)
          Set.set(Tuple->first + I);
  }

  /// The highest VGPR `MF` names.
  unsigned highestUsed(const llvm::MachineFunction &MF) const {
    unsigned Highest = 0;
    for (const llvm::MachineBasicBlock &MBB : MF)
      for (const llvm::MachineInstr &MI : MBB.instrs())
        for (const llvm::MachineOperand &MO : MI.operands())
          if (MO.isReg())
            if (auto Tuple = decode(MO.getReg()))
              Highest = std::max(Highest, Tuple->first + Tuple->second - 1);
    return Highest;
  }

  llvm::MCRegister get(unsigned First, unsigned Width) const {
    auto It = ByTuple.find({First, Width});
    return It == ByTuple.end() ? llvm::MCRegister()
                               : llvm::MCRegister(It->second);
  }

private:
  llvm::DenseMap<unsigned, std::pair<unsigned, unsigned>> ByReg;
  llvm::DenseMap<std::pair<unsigned, unsigned>, unsigned> ByTuple;
};

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_VGPRTABLE_H
