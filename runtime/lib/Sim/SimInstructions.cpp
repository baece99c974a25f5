//===- SimInstructions.cpp - What an instruction costs the timing model ---===//
//
// SimInstructions.h.
//
//===----------------------------------------------------------------------===//

#include "SimInstructions.h"

using namespace llvm;
using namespace gemm::rt;
using namespace gemm::rt::emu;
using namespace gemm::rt::sim;

const char *sim::reasonName(Reason R) {
  static const char *Names[] = {
      "none",        "lds",           "global memory", "barrier",
      "valu busy",   "dependency",    "no wave",       "branch",
      "other issue", "bank conflict", "scalar memory"};
  return Names[R];
}

bool sim::isSalu(Op O) {
  return (O >= Op::S_MOV_B32 && O <= Op::S_BITCMP1_B32) || O == Op::S_CMP;
}

Unit sim::unitOf(const Inst &I) {
  switch (I.Opc) {
  case Op::S_LOAD:
    return USmem;
  case Op::GLOBAL_LOAD:
  case Op::GLOBAL_STORE:
  case Op::BUFFER_LOAD:
    return UVmem;
  case Op::DS_READ:
  case Op::DS_READ2:
  case Op::DS_WRITE:
  case Op::DS_WRITE2:
    return ULds;
  case Op::Nop:
  case Op::S_BARRIER:
  case Op::S_ENDPGM:
    return UMisc;
  default:
    break;
  }
  if (isBranch(I.Opc))
    return UBranch;
  if (isSalu(I.Opc))
    return USalu;
  return UValu;
}

unsigned sim::valuCycles(const Inst &I, const SimParams &P) {
  switch (I.Opc) {
  case Op::V_RCP_F32:
  case Op::V_RCP_IFLAG_F32:
  case Op::V_RSQ_F32:
  case Op::V_SQRT_F32:
  case Op::V_EXP_F32:
  case Op::V_LOG_F32:
    return P.TransCycles;
  case Op::V_MUL_LO_U32:
  case Op::V_MUL_HI_U32:
  case Op::V_MUL_HI_I32:
  case Op::V_MAD_U64_U32:
  case Op::V_MAD_I64_I32:
    return P.IntMulCycles;
  case Op::V_LSHLREV_B64:
  case Op::V_LSHRREV_B64:
  case Op::V_ASHRREV_I64:
    return 2;
  default:
    return 1;
  }
}

/// The VGPRs one VALU operation reads, by hardware port: source S of the
/// decoded operation. v_fmac's tied accumulator is left out and fmamk's
/// literal sits between src0 and src1, as gemm-report reads them.
static void addBankOp(Op O, const Opnd &Dst, const Opnd *Srcs, unsigned NumSrcs,
                      SmallVectorImpl<gemm::VgprBankOp> &Out) {
  gemm::VgprBankOp &B = Out.emplace_back();
  auto Regs = [](const Opnd &O, SmallVectorImpl<unsigned> &To) {
    if (O.Kind == OVGPR)
      for (unsigned K = 0; K < O.Count; ++K)
        To.push_back(O.Reg + K);
  };
  Regs(Dst, B.dsts);
  unsigned Port = 0;
  for (unsigned S = 0; S < NumSrcs; ++S) {
    if (O == Op::V_FMAC_F32 && S == 2)
      continue;
    if (O == Op::V_FMAMK_F32 && S == 1)
      continue;
    Regs(Srcs[S], B.srcs[Port++]);
  }
}

SmallVector<gemm::VgprBankOp, 2> sim::bankOps(const Inst &I) {
  SmallVector<gemm::VgprBankOp, 2> Ops;
  if (I.Opc == Op::VOPD) {
    addBankOp(I.OpX, I.Dst[0], &I.Src[0], 3, Ops);
    addBankOp(I.OpY, I.Dst[1], &I.Src[3], 3, Ops);
    return Ops;
  }
  Opnd NoDst;
  addBankOp(I.Opc, I.NumDst ? I.Dst[0] : NoDst, I.Src, I.NumSrc, Ops);
  for (unsigned D = 1; D < I.NumDst; ++D)
    if (I.Dst[D].Kind == OVGPR)
      for (unsigned K = 0; K < I.Dst[D].Count; ++K)
        Ops.front().dsts.push_back(I.Dst[D].Reg + K);
  return Ops;
}
