//===- Decode.cpp - RDNA3 instruction decoding for the emulator -----------===//
//
// Decoding: LLVM's AMDGPU MC disassembler turns the bytes into MCInsts; the
// opcode *name* (MCInstrInfo::getName) is resolved once per instruction to an
// internal Op, and the operands to register-file indices / immediates. The
// operand layout is derived from MCInstrDesc (defs first; source-modifier
// operands precede their source; register-or-immediate sources have a register
// class; trailing control immediates such as clamp/omod must be zero), so no
// AMDGPU-internal headers are needed.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>

using namespace llvm;
using namespace gemm::rt;
using namespace gemm::rt::emu;

Error Emulator::Impl::init() {
  if (Error E = AMDGPUMCLayer::init("gfx1100"))
    return makeError("emulator: " + toString(std::move(E)));

#define GEMM_EMU_NAME(N, A) SimpleOps[#N] = Op::N;
  GEMM_EMU_VALU_OPS(GEMM_EMU_NAME)
  GEMM_EMU_OTHER_OPS(GEMM_EMU_NAME)
#undef GEMM_EMU_NAME
  for (const char *N : {"S_WAITCNT",
                        "S_WAITCNT_VSCNT",
                        "S_WAITCNT_VMCNT",
                        "S_WAITCNT_EXPCNT",
                        "S_WAITCNT_LGKMCNT",
                        "S_WAITCNT_DEPCTR",
                        "S_DELAY_ALU",
                        "S_CLAUSE",
                        "S_NOP",
                        "BUFFER_GL0_INV",
                        "BUFFER_GL1_INV",
                        "S_SENDMSG",
                        "S_ICACHE_INV",
                        "S_INST_PREFETCH",
                        "S_SET_INST_PREFETCH_DISTANCE",
                        "S_SETPRIO",
                        "S_DCACHE_INV",
                        "S_WAIT_IDLE",
                        "S_TTRACEDATA",
                        "S_SLEEP"})
    SimpleOps[N] = Op::Nop;

  // The operand types of source modifiers and of the FMAMK/FMAAK constant are
  // target-specific enum values; read them from instructions of known layout.
  for (unsigned Opc = 0, E = MII->getNumOpcodes(); Opc != E; ++Opc) {
    StringRef N = MII->getName(Opc);
    const MCInstrDesc &D = MII->get(Opc);
    if (N == "V_ADD_F32_e64_gfx11" && D.getNumOperands() > 1)
      ModsType = D.operands()[1].OperandType;
    else if (N == "V_FMAMK_F32_gfx11" && D.getNumOperands() > 2)
      KImmType = D.operands()[2].OperandType;
  }
  if (ModsType < 0 || KImmType < 0)
    return makeError("emulator: unexpected AMDGPU instruction descriptions "
                     "(V_ADD_F32_e64_gfx11 / V_FMAMK_F32_gfx11 not found)");
  OpOf.assign(MII->getNumOpcodes(), Op::Invalid);
  initRegs();
  return Error::success();
}

// Register names of the AMDGPU target: VGPR<n>, SGPR<n>, tuples joined by
// '_', the halves of a VGPR that true16 operations name (VGPRn_LO16,
// VGPRn_HI16), and the special registers. Everything else (TTMPs, SGPR
// halves, apertures, ...) is marked unsupported.
void Emulator::Impl::initRegs() {
  Regs.assign(MRI->getNumRegs(), RegMap());
  for (unsigned R = 1, E = MRI->getNumRegs(); R < E; ++R) {
    StringRef N = MRI->getName(R);
    RegMap M;
    if (N == "VCC_LO")
      M = {OSGPR, SVccLo, 1};
    else if (N == "VCC_HI")
      M = {OSGPR, SVccLo + 1, 1};
    else if (N == "VCC")
      M = {OSGPR, SVccLo, 2};
    else if (N == "EXEC_LO")
      M = {OSGPR, SExecLo, 1};
    else if (N == "EXEC_HI")
      M = {OSGPR, SExecLo + 1, 1};
    else if (N == "EXEC")
      M = {OSGPR, SExecLo, 2};
    else if (N == "M0")
      M = {OSGPR, SM0, 1};
    else if (N.starts_with("SGPR_NULL"))
      M = {OSGPR, SNull, static_cast<uint8_t>(N.contains("64") ? 2 : 1)};
    else if (N == "SCC" || N == "SRC_SCC")
      M = {OSCC, 0, 1};
    else if (N == "SRC_VCCZ")
      M = {OVCCZ, 0, 1};
    else if (N == "SRC_EXECZ")
      M = {OEXECZ, 0, 1};
    else if (N.starts_with("VGPR") &&
             (N.ends_with("_LO16") || N.ends_with("_HI16"))) {
      unsigned Num;
      if (!N.drop_front(4).drop_back(5).getAsInteger(10, Num) && Num < 256)
        M = {OVGPR, static_cast<uint16_t>(Num), 1,
             N.ends_with("_HI16") ? Half::Hi : Half::Lo};
    } else if (N.starts_with("VGPR") || N.starts_with("SGPR")) {
      bool V = N.starts_with("VGPR");
      SmallVector<StringRef, 16> Parts;
      N.split(Parts, '_');
      unsigned First = 0, Prev = 0, Count = 0;
      bool Ok = true;
      for (StringRef P : Parts) {
        unsigned Num;
        if (!P.consume_front(V ? "VGPR" : "SGPR") || P.getAsInteger(10, Num)) {
          Ok = false;
          break;
        }
        if (Count == 0)
          First = Num;
        else if (Num != Prev + 1)
          Ok = false;
        Prev = Num;
        ++Count;
      }
      if (Ok && Count && Count <= 16 && First + Count <= (V ? 256u : 106u))
        M = {V ? OVGPR : OSGPR, static_cast<uint16_t>(First),
             static_cast<uint8_t>(Count)};
    }
    Regs[R] = M;
  }
}

// The disassembler does not always fill tied source operands with the register
// they are tied to (seen for vdstY of VOPD); read the defining operand.
const MCOperand &Emulator::Impl::tiedOperand(const MCInst &MI, unsigned K) {
  const MCInstrDesc &D = MII->get(MI.getOpcode());
  if (K < D.getNumOperands()) {
    int T = D.getOperandConstraint(K, MCOI::TIED_TO);
    if (T >= 0 && (unsigned)T < MI.getNumOperands())
      return MI.getOperand(T);
  }
  return MI.getOperand(K);
}

bool Emulator::Impl::convertOperand(const MCOperand &MO, Opnd &O,
                                    std::string &Why) {
  if (MO.isImm()) {
    O.Kind = OImm;
    O.Imm = static_cast<uint64_t>(MO.getImm());
    return true;
  }
  if (MO.isReg()) {
    unsigned R = MO.getReg().id();
    if (R < Regs.size() && Regs[R].Kind != ONone) {
      O.Kind = Regs[R].Kind;
      O.Part = Regs[R].Part;
      O.Reg = Regs[R].Reg;
      O.Count = Regs[R].Count;
      return true;
    }
    Why =
        ("register " + StringRef(MRI->getName(R)) + " is not supported").str();
    return false;
  }
  Why = "operand that is neither a register nor an immediate";
  return false;
}

static std::string stripSuffixes(StringRef N) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (StringRef S : {"_gfx11", "_gfx12", "_gfx10", "_e32", "_e64", "_dpp8",
                        "_dpp", "_w32", "_w64"})
      if (N.consume_back(S))
        Changed = true;
  }
  return N.str();
}

// VALU (and SALU) layout: defs, then for each source an optional modifier
// operand and the source; tied operands are sources (the FMAC accumulator);
// trailing control immediates (clamp, omod, ...) must be zero. Only the
// operands before \p End are read (decodeDpp reads the DPP controls after
// them). A DPP instruction's "old" operand, tied to the destination right
// after the defs, is the destination's value where no result is written, not
// a source.
bool Emulator::Impl::decodeValu(const MCInst &MI, Inst &I, Op O, unsigned End) {
  const MCInstrDesc &D = MII->get(MI.getOpcode());
  unsigned NumDefs = D.getNumDefs();
  End = std::min<unsigned>(End, MI.getNumOperands());
  if (End < NumDefs || NumDefs > 2) {
    I.Why = "unexpected operand layout";
    return false;
  }
  I.NumDst = NumDefs;
  for (unsigned K = 0; K < NumDefs; ++K)
    if (!convertOperand(MI.getOperand(K), I.Dst[K], I.Why))
      return false;
  uint8_t PendingMods = 0;
  bool SeenTrailing = false;
  bool IsSopk = StringRef(MII->getName(MI.getOpcode())).starts_with("S_") &&
                StringRef(MII->getName(MI.getOpcode())).contains("K_");
  for (unsigned K = NumDefs; K < End; ++K) {
    if (I.Dpp != DppKind::None && NumDefs && K == NumDefs &&
        K < D.getNumOperands() && D.getOperandConstraint(K, MCOI::TIED_TO) == 0)
      continue;
    const MCOperand &MO = tiedOperand(MI, K);
    int Type = K < D.getNumOperands() ? D.operands()[K].OperandType : -1;
    int RC = K < D.getNumOperands() ? D.operands()[K].RegClass : -1;
    if (Type == ModsType && MO.isImm()) {
      PendingMods = MO.getImm();
      continue;
    }
    if (RC != -1 || Type == KImmType || MO.isReg() || IsSopk) {
      if (SeenTrailing || I.NumSrc >= 3) {
        I.Why = "unexpected operand layout";
        return false;
      }
      Opnd &S = I.Src[I.NumSrc++];
      if (!convertOperand(MO, S, I.Why))
        return false;
      S.Mods = PendingMods;
      PendingMods = 0;
      continue;
    }
    SeenTrailing = true;
    if (MO.isImm() && MO.getImm() != 0) {
      I.Why = "clamp/omod/op_sel control bits are not supported";
      return false;
    }
  }
  // A true16 operation's op_sel bits (SISrcMods::OP_SEL_0/1) say which
  // halves its operands are, as their registers (VGPRn_HI16) already do.
  if (isTrue16Op(O) || ((O == Op::V_CMP || O == Op::V_CMPX) &&
                        (I.Type == TI16 || I.Type == TU16)))
    for (unsigned K = 0; K < I.NumSrc; ++K)
      I.Src[K].Mods &= ~12u;
  for (unsigned K = 0; K < I.NumSrc; ++K)
    if ((I.Src[K].Mods & ~3u) ||
        (I.Src[K].Mods && !isFloatOp(O) &&
         !((O == Op::V_CMP || O == Op::V_CMPX) && I.Type == TF32))) {
      I.Why = "source modifiers on this operation are not supported";
      return false;
    }
  // Implicit VCC operands of the VOP2/VOPC encodings.
  auto Vcc = [] {
    Opnd V;
    V.Kind = OSGPR;
    V.Reg = SVccLo;
    return V;
  };
  switch (O) {
  case Op::V_CNDMASK_B32:
    if (I.NumSrc == 2)
      I.Src[I.NumSrc++] = Vcc();
    break;
  case Op::V_ADD_CO_U32:
  case Op::V_SUB_CO_U32:
  case Op::V_SUBREV_CO_U32:
    if (I.NumDst == 1)
      I.Dst[I.NumDst++] = Vcc();
    break;
  case Op::V_ADD_CO_CI_U32:
  case Op::V_SUB_CO_CI_U32:
  case Op::V_SUBREV_CO_CI_U32:
    if (I.NumDst == 1)
      I.Dst[I.NumDst++] = Vcc();
    if (I.NumSrc == 2)
      I.Src[I.NumSrc++] = Vcc();
    break;
  case Op::V_CMP:
    if (I.NumDst == 0)
      I.Dst[I.NumDst++] = Vcc();
    break;
  default:
    break;
  }
  unsigned Want =
      (O == Op::V_CMP || O == Op::V_CMPX || O == Op::S_CMP) ? 2 : valuArity(O);
  if (I.NumSrc != Want) {
    I.Why = formatv("unexpected operand layout ({0} sources, expected {1})",
                    I.NumSrc, Want)
                .str();
    return false;
  }
  return true;
}

// The DPP16 controls of RDNA3 (ISA guide 7.7.1): quad_perm, row_shl,
// row_shr, row_ror 1-15, row_mirror, row_half_mirror, row_share, row_xmask.
// The GFX9 wave shifts and row broadcasts are not RDNA3 controls.
static bool isRdna3DppCtrl(unsigned C) {
  return C <= 0xff || (C >= 0x101 && C <= 0x10f) ||
         (C >= 0x111 && C <= 0x11f) || (C >= 0x121 && C <= 0x12f) ||
         C == 0x140 || C == 0x141 || (C >= 0x150 && C <= 0x16f);
}

// DPP16 and DPP8 forms of VOP1, VOP2, VOPC and VOP3 (the *_dpp / *_dpp8 MC
// opcodes): the ordinary operands, then the controls, last:
//   DPP16: dpp_ctrl, row_mask, bank_mask, bound_ctrl, fi
//   DPP8:  the eight 3-bit lane selects, then fi as the src0 encoding
//          (0xe9 DPP8, 0xea DPP8FI).
// src0 must be a VGPR. Only 32-bit operations: the ISA guide (Table 30)
// allows DPP on no 64-bit opcode.
bool Emulator::Impl::decodeDpp(const MCInst &MI, Inst &I, Op O) {
  unsigned N = MI.getNumOperands();
  unsigned NumCtl = I.Dpp == DppKind::Dpp16 ? 5 : 2;
  if (N < NumCtl) {
    I.Why = "unexpected DPP operand layout";
    return false;
  }
  for (unsigned K = N - NumCtl; K < N; ++K)
    if (!MI.getOperand(K).isImm()) {
      I.Why = "unexpected DPP operand layout";
      return false;
    }
  auto Ctl = [&](unsigned K) {
    return static_cast<uint64_t>(MI.getOperand(N - NumCtl + K).getImm());
  };
  if (I.Dpp == DppKind::Dpp16) {
    I.DppCtrl = Ctl(0);
    I.RowMask = Ctl(1) & 0xf;
    I.BankMask = Ctl(2) & 0xf;
    I.BoundCtrl = Ctl(3) != 0;
    I.FetchInactive = Ctl(4) != 0;
    if (Ctl(0) > 0x1ff || !isRdna3DppCtrl(I.DppCtrl)) {
      I.Why = formatv("dpp_ctrl {0:x} is not a DPP16 control of RDNA3", Ctl(0))
                  .str();
      return false;
    }
  } else {
    I.Dpp8Sel = Ctl(0) & 0xffffff;
    if (Ctl(1) != 0xe9 && Ctl(1) != 0xea) {
      I.Why = "unexpected DPP8 fi operand";
      return false;
    }
    I.FetchInactive = Ctl(1) == 0xea;
  }
  bool Cmp = O == Op::V_CMP || O == Op::V_CMPX;
  if (Cmp ? (I.Type == TI64 || I.Type == TU64 || I.Type == TI16 ||
             I.Type == TU16)
          : !isSimpleValu(O)) {
    I.Why = "DPP on this operation is not implemented";
    return false;
  }
  if (!decodeValu(MI, I, O, N - NumCtl))
    return false;
  if (I.Src[0].Kind != OVGPR || I.Src[0].Count != 1) {
    I.Why = "DPP source 0 is not a VGPR";
    return false;
  }
  return true;
}

// v_permlane16_b32 / v_permlanex16_b32 (VOP3): vdst, then src0 (a VGPR) and
// the two lane-select words src1, src2 (SGPRs or constants), each after its
// modifier operand, then vdst_in (the destination's old value). op_sel[0]
// (the OP_SEL_0 bit of src0's modifiers) is DPP's fi, op_sel[1] (the same bit
// of src1's) DPP's bound_ctrl (ISA guide, V_PERMLANE16_B32); ABS, NEG and the
// other op_sel bits must be zero.
bool Emulator::Impl::decodePermlane(const MCInst &MI, Inst &I) {
  const MCInstrDesc &D = MII->get(MI.getOpcode());
  if (D.getNumDefs() != 1 || MI.getNumOperands() != 8) {
    I.Why = "unexpected permlane operand layout";
    return false;
  }
  if (!convertOperand(MI.getOperand(0), I.Dst[0], I.Why))
    return false;
  I.NumDst = 1;
  constexpr int64_t OpSel0 = 4;
  int64_t Mods[3];
  for (unsigned S = 0; S < 3; ++S) {
    const MCOperand &M = MI.getOperand(1 + 2 * S);
    if (!M.isImm() || (int)D.operands()[1 + 2 * S].OperandType != ModsType) {
      I.Why = "unexpected permlane operand layout";
      return false;
    }
    Mods[S] = M.getImm();
    if (!convertOperand(MI.getOperand(2 + 2 * S), I.Src[S], I.Why))
      return false;
  }
  I.NumSrc = 3;
  if ((Mods[0] & ~OpSel0) || (Mods[1] & ~OpSel0) || Mods[2]) {
    I.Why = "permlane source modifiers other than op_sel[0:1] (fi, "
            "bound_ctrl) are not supported";
    return false;
  }
  I.FetchInactive = Mods[0] & OpSel0;
  I.BoundCtrl = Mods[1] & OpSel0;
  if (I.Dst[0].Kind != OVGPR || I.Src[0].Kind != OVGPR || I.Src[0].Count != 1 ||
      I.Src[1].Kind == OVGPR || I.Src[2].Kind == OVGPR) {
    I.Why = "unexpected permlane operands";
    return false;
  }
  return true;
}

// VOPD: vdstX, vdstY, the X sources (tied accumulator and literal included),
// then the Y sources. V_CNDMASK_B32 reads VCC implicitly.
bool Emulator::Impl::decodeVopd(const MCInst &MI, Inst &I, StringRef Name) {
  StringRef Rest = Name.drop_front(strlen("V_DUAL_"));
  size_t Split = Rest.find("_X_");
  if (Split == StringRef::npos) {
    I.Why = "unrecognized VOPD name";
    return false;
  }
  auto Resolve = [&](StringRef Part, Op &Out) {
    std::string N = "V_" + stripSuffixes(Part);
    if (N == "V_ADD_U32")
      N = "V_ADD_NC_U32";
    auto It = SimpleOps.find(N);
    if (It == SimpleOps.end() || !isSimpleValu(It->second))
      return false;
    Out = It->second;
    return true;
  };
  if (!Resolve(Rest.take_front(Split), I.OpX) ||
      !Resolve(Rest.drop_front(Split + 3), I.OpY)) {
    I.Why = "VOPD half not implemented";
    return false;
  }
  if (MI.getNumOperands() < 2) {
    I.Why = "unexpected VOPD operand layout";
    return false;
  }
  if (!convertOperand(MI.getOperand(0), I.Dst[0], I.Why) ||
      !convertOperand(MI.getOperand(1), I.Dst[1], I.Why))
    return false;
  I.NumDst = 2;
  auto McArity = [](Op O) {
    return O == Op::V_CNDMASK_B32 ? 2u : valuArity(O);
  };
  unsigned NX = McArity(I.OpX), NY = McArity(I.OpY);
  if (MI.getNumOperands() != 2 + NX + NY) {
    I.Why = "unexpected VOPD operand layout";
    return false;
  }
  for (unsigned K = 0; K < NX; ++K)
    if (!convertOperand(tiedOperand(MI, 2 + K), I.Src[K], I.Why))
      return false;
  for (unsigned K = 0; K < NY; ++K)
    if (!convertOperand(tiedOperand(MI, 2 + NX + K), I.Src[3 + K], I.Why))
      return false;
  Opnd V;
  V.Kind = OSGPR;
  V.Reg = SVccLo;
  if (I.OpX == Op::V_CNDMASK_B32)
    I.Src[2] = V;
  if (I.OpY == Op::V_CNDMASK_B32)
    I.Src[5] = V;
  I.Opc = Op::VOPD;
  return true;
}

static bool parseCond(StringRef C, bool Float, uint8_t &Out) {
  static const std::pair<const char *, CmpCond> Table[] = {
      {"F", CF},     {"LT", CLT},   {"EQ", CEQ},   {"LE", CLE},   {"GT", CGT},
      {"LG", CLG},   {"NE", CLG},   {"GE", CGE},   {"O", CO},     {"U", CU},
      {"NGE", CNGE}, {"NLG", CNLG}, {"NGT", CNGT}, {"NLE", CNLE}, {"NEQ", CNEQ},
      {"NLT", CNLT}, {"T", CT},     {"TRU", CT}};
  for (auto &E : Table)
    if (C == E.first) {
      bool FloatOnly = E.second >= CO && E.second <= CNLT;
      if (FloatOnly && !Float)
        return false;
      Out = E.second;
      return true;
    }
  return false;
}

static bool parseCmpType(StringRef T, uint8_t &Out) {
  if (T == "F32")
    Out = TF32;
  else if (T == "I32")
    Out = TI32;
  else if (T == "U32")
    Out = TU32;
  else if (T == "I64")
    Out = TI64;
  else if (T == "U64")
    Out = TU64;
  else if (T == "I16")
    Out = TI16;
  else if (T == "U16")
    Out = TU16;
  else
    return false;
  return true;
}

/// Records \p Why as the reason \p I is not decoded, unless one is recorded
/// already, and returns false.
static bool unsupported(Inst &I, StringRef Why) {
  if (I.Why.empty())
    I.Why = Why.str();
  return false;
}

// Compares: V_CMP[X]_<cond>_<type>, S_CMP[K]_<cond>_<type>.
bool Emulator::Impl::decodeCompare(const MCInst &MI, Inst &I, StringRef Name) {
  SmallVector<StringRef, 4> P;
  Name.split(P, '_');
  // 16-bit integers compare true16 halves: V_CMP_<cond>_U16_t16.
  bool Is16 = P.size() == 5 && P[4] == "t16";
  if ((P.size() != 4 && !Is16) || !parseCmpType(P[3], I.Type) ||
      Is16 != (I.Type == TI16 || I.Type == TU16) ||
      !parseCond(P[2], I.Type == TF32, I.Cond))
    return unsupported(I, "compare not implemented");
  Op O = Name.starts_with("V_CMPX_")  ? Op::V_CMPX
         : Name.starts_with("V_CMP_") ? Op::V_CMP
                                      : Op::S_CMP;
  if (I.Dpp != DppKind::None ? !decodeDpp(MI, I, O) : !decodeValu(MI, I, O))
    return false;
  if (P[1] == "CMPK") {
    // SOPK: 16-bit immediate, sign- or zero-extended by the type.
    Opnd &S = I.Src[1];
    S.Imm = I.Type == TI32 ? (uint64_t)(int64_t)(int16_t)S.Imm
                           : (uint64_t)(uint16_t)S.Imm;
  }
  I.Opc = O;
  return true;
}

// Scalar memory: S_LOAD_B<bits>_{IMM,SGPR,SGPR_IMM}.
bool Emulator::Impl::decodeScalarLoad(const MCInst &MI, Inst &I,
                                      StringRef Name) {
  StringRef R = Name.drop_front(strlen("S_LOAD_B"));
  unsigned Bits;
  if (R.consumeInteger(10, Bits) || Bits % 32 || Bits > 512)
    return unsupported(I, "scalar load form not implemented");
  bool HasSOff = R.contains("SGPR"), HasImm = R.contains("IMM");
  unsigned K = 0;
  if (!convertOperand(MI.getOperand(K++), I.Dst[0], I.Why) ||
      !convertOperand(MI.getOperand(K++), I.Src[0], I.Why))
    return false;
  if (HasSOff && !convertOperand(MI.getOperand(K++), I.Src[1], I.Why))
    return false;
  if (HasImm)
    I.Off0 = SignExtend64<21>(MI.getOperand(K++).getImm());
  I.MemBytes = Bits / 8;
  I.NumDst = 1;
  I.NumSrc = HasSOff ? 2 : 1;
  if (I.Dst[0].Kind != OSGPR || I.Src[0].Kind != OSGPR)
    return unsupported(I, "unexpected scalar load operands");
  I.Opc = Op::S_LOAD;
  return true;
}

// Global / flat memory.
bool Emulator::Impl::decodeGlobal(const MCInst &MI, Inst &I, StringRef Name) {
  bool Global = Name.starts_with("GLOBAL_");
  StringRef R = Name.drop_front(Global ? 7 : 5);
  bool Load = R.consume_front("LOAD_");
  bool Store = !Load && R.consume_front("STORE_");
  bool SAddr = R.consume_back("_SADDR");
  static const struct {
    const char *N;
    uint8_t Bytes;
    bool Signed;
  } Types[] = {{"DWORD", 4, false},    {"DWORDX2", 8, false},
               {"DWORDX3", 12, false}, {"DWORDX4", 16, false},
               {"UBYTE", 1, false},    {"SBYTE", 1, true},
               {"USHORT", 2, false},   {"SSHORT", 2, true},
               {"BYTE", 1, false},     {"SHORT", 2, false}};
  I.MemBytes = 0;
  for (auto &T : Types)
    if (R == T.N) {
      I.MemBytes = T.Bytes;
      I.MemSigned = T.Signed;
    }
  if ((!Load && !Store) || !I.MemBytes)
    return unsupported(I, "global/flat memory operation not implemented");
  // Loads: vdst, vaddr, [saddr], offset, cpol.
  // Loads with saddr: vdst, saddr, vaddr, offset, cpol.
  // Stores: vaddr, vdata, [saddr], offset, cpol.
  unsigned K = 0;
  Opnd VAddr, SA, Data;
  if (Load) {
    if (!convertOperand(MI.getOperand(K++), I.Dst[0], I.Why))
      return false;
    if (SAddr && !convertOperand(MI.getOperand(K++), SA, I.Why))
      return false;
    if (!convertOperand(MI.getOperand(K++), VAddr, I.Why))
      return false;
    I.NumDst = 1;
  } else {
    if (!convertOperand(MI.getOperand(K++), VAddr, I.Why) ||
        !convertOperand(MI.getOperand(K++), Data, I.Why))
      return false;
    if (SAddr && !convertOperand(MI.getOperand(K++), SA, I.Why))
      return false;
  }
  int64_t Off = MI.getOperand(K).getImm();
  I.Off0 = Global ? SignExtend64<13>(Off) : Off;
  I.Src[0] = VAddr;
  I.Src[1] = SA;
  I.Src[2] = Data;
  I.SAddr = SAddr && SA.Kind == OSGPR && SA.Reg != SNull;
  I.Flat = !Global;
  if (VAddr.Kind != OVGPR || (Load && I.Dst[0].Kind != OVGPR) ||
      (Store && Data.Kind != OVGPR) || (!SAddr && VAddr.Count != 2))
    return unsupported(I, "unexpected global memory operands");
  I.Opc = Load ? Op::GLOBAL_LOAD : Op::GLOBAL_STORE;
  return true;
}

// Raw buffer loads with a VGPR offset (what amdgpu.raw_buffer_load
// becomes): vdata, vaddr, srsrc, soffset, offset, cpol, swz.
bool Emulator::Impl::decodeBufferLoad(const MCInst &MI, Inst &I,
                                      StringRef Name) {
  StringRef R = Name.drop_front(12).drop_back(6);
  static const struct {
    const char *N;
    uint8_t Bytes;
  } Types[] = {{"DWORD", 4}, {"DWORDX2", 8}, {"DWORDX3", 12}, {"DWORDX4", 16}};
  I.MemBytes = 0;
  for (auto &T : Types)
    if (R == T.N)
      I.MemBytes = T.Bytes;
  if (!I.MemBytes)
    return unsupported(I, "buffer load not implemented");
  if (!convertOperand(MI.getOperand(0), I.Dst[0], I.Why) ||
      !convertOperand(MI.getOperand(1), I.Src[0], I.Why) ||
      !convertOperand(MI.getOperand(2), I.Src[1], I.Why) ||
      !convertOperand(MI.getOperand(3), I.Src[2], I.Why))
    return false;
  I.Off0 = MI.getOperand(4).getImm();
  I.NumDst = 1;
  if (I.Dst[0].Kind != OVGPR || I.Src[0].Kind != OVGPR ||
      I.Src[1].Kind != OSGPR || I.Src[1].Count != 4 ||
      (I.Src[2].Kind != OSGPR && I.Src[2].Kind != OImm))
    return unsupported(I, "unexpected buffer load operands");
  I.Opc = Op::BUFFER_LOAD;
  return true;
}

// LDS.
bool Emulator::Impl::decodeLds(const MCInst &MI, Inst &I, StringRef Name) {
  bool Read = Name.starts_with("DS_READ");
  StringRef R = Name.drop_front(Read ? 7 : 8);
  bool Two = R.consume_front("2");
  bool ST64 = Two && R.consume_front("ST64");
  if (!R.consume_front("_"))
    return unsupported(I, "LDS operation not implemented");
  static const struct {
    const char *N;
    uint8_t Bytes;
    bool Signed;
  } Types[] = {{"B32", 4, false},   {"B64", 8, false}, {"B96", 12, false},
               {"B128", 16, false}, {"U8", 1, false},  {"I8", 1, true},
               {"U16", 2, false},   {"I16", 2, true},  {"B8", 1, false},
               {"B16", 2, false}};
  I.MemBytes = 0;
  for (auto &T : Types)
    if (R == T.N) {
      I.MemBytes = T.Bytes;
      I.MemSigned = T.Signed;
    }
  if (!I.MemBytes || (Two && I.MemBytes != 4 && I.MemBytes != 8))
    return unsupported(I, "LDS operation not implemented");
  unsigned K = 0;
  if (Read) {
    if (!convertOperand(MI.getOperand(K++), I.Dst[0], I.Why))
      return false;
    I.NumDst = 1;
  }
  if (!convertOperand(MI.getOperand(K++), I.Src[0], I.Why))
    return false;
  if (!Read) {
    if (!convertOperand(MI.getOperand(K++), I.Src[1], I.Why))
      return false;
    if (Two && !convertOperand(MI.getOperand(K++), I.Src[2], I.Why))
      return false;
  }
  I.Off0 = MI.getOperand(K++).getImm();
  if (Two) {
    I.Off1 = MI.getOperand(K++).getImm();
    int64_t Scale = I.MemBytes * (ST64 ? 64 : 1);
    I.Off0 *= Scale;
    I.Off1 *= Scale;
  }
  if (MI.getOperand(K).isImm() && MI.getOperand(K).getImm() != 0)
    return unsupported(I, "GDS is not supported");
  I.Opc = Read ? (Two ? Op::DS_READ2 : Op::DS_READ)
               : (Two ? Op::DS_WRITE2 : Op::DS_WRITE);
  return true;
}

// s_waitcnt and the other instructions without an effect on the state:
// their kind and immediate, for the timing model.
bool Emulator::Impl::decodeNop(const MCInst &MI, Inst &I, StringRef Name) {
  static const std::pair<const char *, NopKind> Kinds[] = {
      {"S_WAITCNT", NopKind::WaitCnt},
      {"S_WAITCNT_VMCNT", NopKind::WaitVmCnt},
      {"S_WAITCNT_VSCNT", NopKind::WaitVsCnt},
      {"S_WAITCNT_LGKMCNT", NopKind::WaitLgkmCnt},
      {"S_SETPRIO", NopKind::SetPrio},
      {"S_SLEEP", NopKind::Sleep},
      {"S_NOP", NopKind::SNop},
      {"S_DELAY_ALU", NopKind::DelayAlu}};
  for (auto [N, K] : Kinds)
    if (Name == N)
      I.Nop = K;
  unsigned NumOps = MI.getNumOperands();
  if (NumOps && MI.getOperand(NumOps - 1).isImm())
    I.Off0 = MI.getOperand(NumOps - 1).getImm();
  // The register form of the split waits (a count in an SGPR) is not
  // modelled: only the null register with an immediate count.
  if ((I.Nop == NopKind::WaitVmCnt || I.Nop == NopKind::WaitVsCnt ||
       I.Nop == NopKind::WaitLgkmCnt) &&
      NumOps == 2 && MI.getOperand(0).isReg()) {
    Opnd R;
    std::string Why;
    if (!convertOperand(MI.getOperand(0), R, Why) || R.Kind != OSGPR ||
        R.Reg != SNull)
      return unsupported(I, "s_waitcnt_*cnt with a count in an SGPR");
  }
  I.Opc = Op::Nop;
  return true;
}

void Emulator::Impl::decodeOne(const MCInst &MI, Inst &I) {
  StringRef Full = MII->getName(MI.getOpcode());
  std::string NameS = stripSuffixes(Full);
  StringRef Name = NameS;
  I.MCOpcode = MI.getOpcode();
  I.Opc = Op::Unsupported;
  auto Fail = [&](StringRef Why) {
    I.Opc = Op::Unsupported;
    if (I.Why.empty())
      I.Why = Why.str();
  };

  // DPP forms (ISA guide 7.7): the MC opcode name says which.
  if (Full.contains("_dpp8"))
    I.Dpp = DppKind::Dpp8;
  else if (Full.contains("_dpp"))
    I.Dpp = DppKind::Dpp16;

  if (Name.starts_with("V_DUAL_")) {
    if (!decodeVopd(MI, I, Name))
      Fail("");
    return;
  }
  if (Name.starts_with("V_CMP_") || Name.starts_with("V_CMPX_") ||
      Name.starts_with("S_CMP_") || Name.starts_with("S_CMPK_")) {
    if (!decodeCompare(MI, I, Name))
      Fail("");
    return;
  }
  if (Name.starts_with("S_LOAD_B")) {
    if (!decodeScalarLoad(MI, I, Name))
      Fail("");
    return;
  }
  if (Name.starts_with("GLOBAL_") || Name.starts_with("FLAT_")) {
    if (!decodeGlobal(MI, I, Name))
      Fail("");
    return;
  }
  if (Name.starts_with("BUFFER_LOAD_") && Name.ends_with("_OFFEN")) {
    if (!decodeBufferLoad(MI, I, Name))
      Fail("");
    return;
  }
  if (Name.starts_with("DS_READ") || Name.starts_with("DS_WRITE")) {
    if (!decodeLds(MI, I, Name))
      Fail("");
    return;
  }

  auto It = SimpleOps.find(Name);
  if (It == SimpleOps.end())
    return Fail("not implemented by the emulator");
  Op O = It->second;
  if (I.Dpp != DppKind::None) {
    if (!decodeDpp(MI, I, O))
      return Fail("");
    I.Opc = O;
    return;
  }
  if (O == Op::V_PERMLANE16_B32 || O == Op::V_PERMLANEX16_B32) {
    if (!decodePermlane(MI, I))
      return Fail("");
    I.Opc = O;
    return;
  }
  if (O == Op::Nop) {
    if (!decodeNop(MI, I, Name))
      Fail("");
    return;
  }
  if (O == Op::S_ENDPGM || O == Op::S_BARRIER || O == Op::S_CODE_END ||
      O == Op::S_TRAP) {
    if (O == Op::S_TRAP && MI.getNumOperands())
      I.Off0 = MI.getOperand(0).getImm();
    I.Opc = O;
    return;
  }
  if (isBranch(O)) {
    I.Off0 = SignExtend64<16>(MI.getOperand(0).getImm());
    I.Opc = O;
    return;
  }
  if (!decodeValu(MI, I, O))
    return Fail("");
  if (O == Op::S_MOVK_I32 || O == Op::S_ADDK_I32 || O == Op::S_MULK_I32)
    I.Src[I.NumSrc - 1].Imm =
        (uint64_t)(int64_t)(int16_t)I.Src[I.NumSrc - 1].Imm;
  I.Opc = O;
}

Expected<std::unique_ptr<DecodedProgram>>
Emulator::Impl::decode(ArrayRef<uint8_t> Code, uint64_t Base) {
  auto P = std::make_unique<DecodedProgram>();
  P->Base = Base;
  P->Bytes.assign(Code.begin(), Code.end());
  P->IndexOf.assign(Code.size() / 4 + 1, -1);
  for (uint64_t Off = 0; Off + 4 <= Code.size();) {
    MCInst MI;
    uint64_t Size = 0;
    Inst I;
    I.Address = Base + Off;
    auto St =
        Disasm->getInstruction(MI, Size, Code.slice(Off), Base + Off, nulls());
    if (St != MCDisassembler::Success || Size == 0) {
      I.Opc = Op::Undecodable;
      Size = 4;
    } else {
      decodeOne(MI, I);
      // Only the true16 operations (and compares) read and write VGPR
      // halves; any other reading a whole register would be wrong.
      auto IsHalf = [](const Opnd &O) { return O.Part != Half::Whole; };
      bool Is16BitCompare = (I.Opc == Op::V_CMP || I.Opc == Op::V_CMPX) &&
                            (I.Type == TI16 || I.Type == TU16);
      if (I.Opc != Op::Unsupported && !isTrue16Op(I.Opc) && !Is16BitCompare &&
          (llvm::any_of(I.Dst, IsHalf) || llvm::any_of(I.Src, IsHalf))) {
        I.Opc = Op::Unsupported;
        I.Why = "16-bit VGPR halves on an operation the emulator runs on "
                "whole registers only";
      }
    }
    I.Size = Size;
    P->IndexOf[Off / 4] = P->Insts.size();
    P->Insts.push_back(std::move(I));
    Off += Size;
  }
  // Resolve branch targets to instruction indices.
  for (Inst &I : P->Insts)
    if (isBranch(I.Opc)) {
      uint64_t T = I.Address + 4 + I.Off0 * 4;
      int32_t Idx = P->indexOf(T);
      if (Idx < 0) {
        I.Opc = Op::Unsupported;
        I.Why = formatv("branch target {0:x} is not an instruction", T).str();
      } else {
        I.Target = Idx;
      }
    }
  // The end of the section must not be fallen through into.
  Inst End;
  End.Opc = Op::S_CODE_END;
  End.Address = Base + Code.size();
  P->Insts.push_back(End);
  return std::move(P);
}

std::string Emulator::Impl::text(const DecodedProgram &P, const Inst &I) {
  MCInst MI;
  uint64_t Size;
  ArrayRef<uint8_t> Bytes(P.Bytes);
  if (I.Address < P.Base || I.Address - P.Base >= Bytes.size())
    return "<end of code>";
  if (Disasm->getInstruction(MI, Size, Bytes.drop_front(I.Address - P.Base),
                             I.Address, nulls()) != MCDisassembler::Success)
    return "<undecodable>";
  std::string S;
  raw_string_ostream OS(S);
  Printer->printInst(&MI, I.Address, "", *STI, OS);
  StringRef T = StringRef(S).trim();
  return (T + " (" + MII->getName(MI.getOpcode()) + ")").str();
}
