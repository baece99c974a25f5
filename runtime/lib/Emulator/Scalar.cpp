//===- Scalar.cpp - Scalar ALU operations of the emulator -----------------===//
//
// SOP1/SOP2/SOPK/SOPC operations on SGPRs, SCC and EXEC.
//
//===----------------------------------------------------------------------===//

#include "LaneOps.h"
#include "Runner.h"

#include <cstring>

using namespace llvm;
using namespace gemm::rt;
using namespace gemm::rt::emu;

namespace {
/// One scalar ALU instruction of a wave: its 32-bit sources, read once before
/// it executes, and the writers of its destination. Each family's member
/// executes the instruction and returns true if it is one of its opcodes.
class ScalarOp {
public:
  ScalarOp(Wave &W, const Inst &I)
      : W(W), I(I), D(I.Dst[0]), A(I.NumSrc > 0 ? sread32(W, I.Src[0]) : 0),
        B(I.NumSrc > 1 ? sread32(W, I.Src[1]) : 0), Exec(W.S[SExecLo]) {}
  /// Moves, unary bit operations, sign extensions and the EXEC saves (SOP1).
  bool unary();
  /// Additions, subtractions and multiplications with their carries.
  bool arithmetic();
  /// Bitwise logic, shifts, bit-field extracts and masks, packing.
  bool logic();
  /// Minimum, maximum, conditional selects and bit compares to SCC.
  bool select();
  /// The integer compares (s_cmp_*) to SCC; false for an unsupported type.
  bool compare();

private:
  Wave &W;
  const Inst &I;
  const Opnd &D;
  uint32_t A;
  uint32_t B;
  uint32_t &Exec;

  void w32(uint32_t V) { swrite32(W, D, V); }
  void w32Scc(uint32_t V) {
    swrite32(W, D, V);
    W.SCC = V != 0;
  }
  uint64_t a64() { return sread64(W, I.Src[0]); }
  uint64_t b64() { return sread64(W, I.Src[1]); }
  void w64Scc(uint64_t V) {
    swrite64(W, D, V);
    W.SCC = V != 0;
  }
};
} // namespace

bool ScalarOp::unary() {
  switch (I.Opc) {
  case Op::S_MOV_B32:
  case Op::S_MOVK_I32:
    w32(A);
    break;
  case Op::S_MOV_B64:
    swrite64(W, D, a64());
    break;
  case Op::S_CMOV_B32:
    if (W.SCC)
      w32(A);
    break;
  case Op::S_CMOV_B64:
    if (W.SCC)
      swrite64(W, D, a64());
    break;
  case Op::S_NOT_B32:
    w32Scc(~A);
    break;
  case Op::S_NOT_B64:
    w64Scc(~a64());
    break;
  case Op::S_BREV_B32:
    w32(reverseBits(A));
    break;
  // The destination is also the input (LLVM ties it; the MC operand list
  // holds the bit index as the one source).
  case Op::S_BITSET0_B32:
    w32(sread32(W, D) & ~(1u << (A & 31)));
    break;
  case Op::S_BITSET1_B32:
    w32(sread32(W, D) | 1u << (A & 31));
    break;
  case Op::S_FF1_I32_B32:
    w32(A ? llvm::countr_zero(A) : ~0u);
    break;
  case Op::S_FLBIT_I32_B32:
    w32(A ? llvm::countl_zero(A) : ~0u);
    break;
  case Op::S_BCNT1_I32_B32:
    w32Scc(llvm::popcount(A));
    break;
  case Op::S_SEXT_I32_I8:
    w32((uint32_t)(int32_t)(int8_t)A);
    break;
  case Op::S_SEXT_I32_I16:
    w32((uint32_t)(int32_t)(int16_t)A);
    break;
  case Op::S_ABS_I32: {
    int32_t X = (int32_t)A;
    w32Scc(X < 0 ? 0u - A : A);
    break;
  }
  case Op::S_AND_SAVEEXEC_B32:
  case Op::S_OR_SAVEEXEC_B32:
  case Op::S_XOR_SAVEEXEC_B32:
  case Op::S_ANDN2_SAVEEXEC_B32:
  case Op::S_ANDN1_SAVEEXEC_B32: {
    uint32_t Old = Exec, New;
    switch (I.Opc) {
    case Op::S_AND_SAVEEXEC_B32:
      New = A & Old;
      break;
    case Op::S_OR_SAVEEXEC_B32:
      New = A | Old;
      break;
    case Op::S_XOR_SAVEEXEC_B32:
      New = A ^ Old;
      break;
    case Op::S_ANDN2_SAVEEXEC_B32:
      New = A & ~Old;
      break;
    default:
      New = ~A & Old;
      break;
    }
    w32(Old);
    Exec = New;
    W.SCC = New != 0;
    break;
  }
  case Op::S_GETPC_B64:
    swrite64(W, D, I.Address + I.Size);
    break;
  default:
    return false;
  }
  return true;
}

bool ScalarOp::arithmetic() {
  switch (I.Opc) {
  case Op::S_ADD_U32: {
    uint64_t R = (uint64_t)A + B;
    w32((uint32_t)R);
    W.SCC = R >> 32;
    break;
  }
  case Op::S_ADDC_U32: {
    uint64_t R = (uint64_t)A + B + W.SCC;
    w32((uint32_t)R);
    W.SCC = R >> 32;
    break;
  }
  case Op::S_SUB_U32:
    w32(A - B);
    W.SCC = B > A;
    break;
  case Op::S_SUBB_U32: {
    uint64_t Sub = (uint64_t)B + W.SCC;
    w32((uint32_t)(A - Sub));
    W.SCC = Sub > A;
    break;
  }
  case Op::S_ADD_I32:
  case Op::S_ADDK_I32: {
    uint32_t R = A + B;
    w32(R);
    W.SCC = ((~(A ^ B)) & (A ^ R)) >> 31;
    break;
  }
  case Op::S_SUB_I32: {
    uint32_t R = A - B;
    w32(R);
    W.SCC = ((A ^ B) & (A ^ R)) >> 31;
    break;
  }
  case Op::S_MUL_I32:
  case Op::S_MULK_I32:
    w32(A * B);
    break;
  case Op::S_MUL_HI_U32:
    w32((uint32_t)(((uint64_t)A * B) >> 32));
    break;
  case Op::S_MUL_HI_I32:
    w32((uint32_t)(((int64_t)(int32_t)A * (int32_t)B) >> 32));
    break;
  case Op::S_LSHL1_ADD_U32:
  case Op::S_LSHL2_ADD_U32:
  case Op::S_LSHL3_ADD_U32:
  case Op::S_LSHL4_ADD_U32: {
    unsigned Sh = 1 + (unsigned)I.Opc - (unsigned)Op::S_LSHL1_ADD_U32;
    uint64_t R = ((uint64_t)A << Sh) + B;
    w32((uint32_t)R);
    W.SCC = R >> 32;
    break;
  }
  default:
    return false;
  }
  return true;
}

bool ScalarOp::logic() {
  switch (I.Opc) {
  case Op::S_AND_B32:
    w32Scc(A & B);
    break;
  case Op::S_OR_B32:
    w32Scc(A | B);
    break;
  case Op::S_XOR_B32:
    w32Scc(A ^ B);
    break;
  case Op::S_ANDN2_B32:
    w32Scc(A & ~B);
    break;
  case Op::S_ORN2_B32:
    w32Scc(A | ~B);
    break;
  case Op::S_NAND_B32:
    w32Scc(~(A & B));
    break;
  case Op::S_NOR_B32:
    w32Scc(~(A | B));
    break;
  case Op::S_XNOR_B32:
    w32Scc(~(A ^ B));
    break;
  case Op::S_AND_B64:
    w64Scc(a64() & b64());
    break;
  case Op::S_OR_B64:
    w64Scc(a64() | b64());
    break;
  case Op::S_XOR_B64:
    w64Scc(a64() ^ b64());
    break;
  case Op::S_ANDN2_B64:
    w64Scc(a64() & ~b64());
    break;
  case Op::S_ORN2_B64:
    w64Scc(a64() | ~b64());
    break;
  case Op::S_LSHL_B32:
    w32Scc(A << (B & 31));
    break;
  case Op::S_LSHR_B32:
    w32Scc(A >> (B & 31));
    break;
  case Op::S_ASHR_I32:
    w32Scc((uint32_t)((int32_t)A >> (B & 31)));
    break;
  case Op::S_LSHL_B64:
    w64Scc(a64() << (B & 63));
    break;
  case Op::S_LSHR_B64:
    w64Scc(a64() >> (B & 63));
    break;
  case Op::S_ASHR_I64:
    w64Scc((uint64_t)((int64_t)a64() >> (B & 63)));
    break;
  case Op::S_BFE_U32:
    w32Scc(bfe(A, B & 31, (B >> 16) & 0x7f));
    break;
  case Op::S_BFE_I32:
    w32Scc((uint32_t)sbfe(A, B & 31, (B >> 16) & 0x7f));
    break;
  case Op::S_BFE_U64: {
    uint32_t Off = B & 63, Wd = (B >> 16) & 0x7f;
    uint64_t X = a64() >> Off;
    if (Wd < 64)
      X &= (1ull << Wd) - 1;
    w64Scc(X);
    break;
  }
  case Op::S_BFM_B32:
    w32((((A & 31) == 0) ? 0u : ((1u << (A & 31)) - 1)) << (B & 31));
    break;
  case Op::S_PACK_LL_B32_B16:
    w32((A & 0xffff) | (B << 16));
    break;
  default:
    return false;
  }
  return true;
}

bool ScalarOp::select() {
  switch (I.Opc) {
  case Op::S_MIN_I32:
    W.SCC = (int32_t)A < (int32_t)B;
    w32(W.SCC ? A : B);
    break;
  case Op::S_MIN_U32:
    W.SCC = A < B;
    w32(W.SCC ? A : B);
    break;
  case Op::S_MAX_I32:
    W.SCC = (int32_t)A > (int32_t)B;
    w32(W.SCC ? A : B);
    break;
  case Op::S_MAX_U32:
    W.SCC = A > B;
    w32(W.SCC ? A : B);
    break;
  case Op::S_CSELECT_B32:
    w32(W.SCC ? A : B);
    break;
  case Op::S_CSELECT_B64:
    swrite64(W, D, W.SCC ? a64() : b64());
    break;
  case Op::S_BITCMP0_B32:
    W.SCC = !((A >> (B & 31)) & 1);
    break;
  case Op::S_BITCMP1_B32:
    W.SCC = (A >> (B & 31)) & 1;
    break;
  default:
    return false;
  }
  return true;
}

bool ScalarOp::compare() {
  if (I.Type == TU64)
    W.SCC = cmpInt<uint64_t>(I.Cond, a64(), b64());
  else if (I.Type == TI32)
    W.SCC = cmpInt<int32_t>(I.Cond, A, B);
  else if (I.Type == TU32)
    W.SCC = cmpInt<uint32_t>(I.Cond, A, B);
  else
    return false;
  return true;
}

Error Runner::salu(Wave &W, const Inst &I) {
  ScalarOp S(W, I);
  if (I.Opc == Op::S_CMP) {
    if (!S.compare())
      return fail(I, "unsupported scalar compare type");
    return Error::success();
  }
  if (!S.unary() && !S.arithmetic() && !S.logic() && !S.select())
    return fail(I, "internal: not a scalar ALU operation");
  return Error::success();
}
