//===- Emulator.cpp - Wave32 functional emulator of RDNA3 (gfx1100) -------===//
//
// Decoding: LLVM's AMDGPU MC disassembler turns the bytes into MCInsts; the
// opcode *name* (MCInstrInfo::getName) is resolved once per instruction to an
// internal Op, and the operands to register-file indices / immediates. The
// operand layout is derived from MCInstrDesc (defs first; source-modifier
// operands precede their source; register-or-immediate sources have a register
// class; trailing control immediates such as clamp/omod must be zero), so no
// AMDGPU-internal headers are needed.
//
// Execution: one wave instruction runs for all 32 lanes at once on arrays of
// lane values, results are written under EXEC. Memory operations complete
// immediately (s_waitcnt is a no-op); the waves of a workgroup run in turn
// until each reaches s_barrier or s_endpgm.
//
// This file holds the scheduler of waves (one workgroup at a time, waves in
// turn between barriers) and the launch set-up; decoding, the executing units
// and memory live beside it.
//
//===----------------------------------------------------------------------===//

#include "LaneOps.h"
#include "Launch.h"
#include "Runner.h"
#include "gemm-opt/Target/Target.h"

#include "llvm/Support/MathExtras.h"

#include <cstring>

using namespace llvm;
using namespace gemm::rt;
using namespace gemm::rt::emu;

Error Runner::step(Wave &W) {
  const Inst &I = P.Insts[W.PC];
  switch (I.Opc) {
  case Op::Nop:
    ++W.PC;
    return Error::success();
  case Op::S_ENDPGM:
    W.State = Wave::Done;
    return Error::success();
  case Op::S_BARRIER:
    ++W.PC;
    W.State = Wave::AtBarrier;
    return Error::success();
  case Op::S_BRANCH:
    W.PC = I.Target;
    return Error::success();
  case Op::S_CBRANCH_SCC0:
    W.PC = !W.SCC ? I.Target : W.PC + 1;
    return Error::success();
  case Op::S_CBRANCH_SCC1:
    W.PC = W.SCC ? I.Target : W.PC + 1;
    return Error::success();
  case Op::S_CBRANCH_VCCZ:
    W.PC = W.S[SVccLo] == 0 ? I.Target : W.PC + 1;
    return Error::success();
  case Op::S_CBRANCH_VCCNZ:
    W.PC = W.S[SVccLo] != 0 ? I.Target : W.PC + 1;
    return Error::success();
  case Op::S_CBRANCH_EXECZ:
    W.PC = W.S[SExecLo] == 0 ? I.Target : W.PC + 1;
    return Error::success();
  case Op::S_CBRANCH_EXECNZ:
    W.PC = W.S[SExecLo] != 0 ? I.Target : W.PC + 1;
    return Error::success();
  case Op::S_LOAD:
  case Op::GLOBAL_LOAD:
  case Op::GLOBAL_STORE:
  case Op::BUFFER_LOAD:
  case Op::DS_READ:
  case Op::DS_READ2:
  case Op::DS_WRITE:
  case Op::DS_WRITE2:
    if (Error E = memory(W, I))
      return E;
    ++W.PC;
    return Error::success();
  case Op::Unsupported:
    return fail(I, "unsupported instruction " +
                       StringRef(Impl.MII->getName(I.MCOpcode)) + ": " + I.Why);
  case Op::Undecodable:
    return fail(I, "undecodable instruction bytes");
  case Op::S_CODE_END:
    return fail(I, "execution ran past the end of the kernel code");
  case Op::S_TRAP:
    return fail(I, formatv("kernel executed s_trap {0}", I.Off0));
  case Op::Invalid:
    return fail(I, "internal: invalid instruction");
  default:
    break;
  }
  if (isSimpleValu(I.Opc)) {
    uint32_t T0[32], T1[32], T2[32], R[32], Enable = ~0u;
    const uint32_t *A = I.Dpp != DppKind::None ? dppSrc0(W, I, T0, Enable)
                                               : vsrc(W, I.Src[0], T0);
    const uint32_t *B = I.NumSrc > 1 ? vsrc(W, I.Src[1], T1) : T1;
    const uint32_t *C = I.NumSrc > 2 ? vsrc(W, I.Src[2], T2) : T2;
    if (I.Opc == Op::V_CNDMASK_B32 && C != T2) {
      for (int L = 0; L < 32; ++L)
        T2[L] = C[0];
      C = T2;
    }
    computeValu(I.Opc, A, B, C, R);
    if (I.Dst[0].Kind != OVGPR)
      return fail(I, "vector result to a non-VGPR destination");
    if (Enable != ~0u) {
      // DPP: the lanes not written keep the destination's value.
      const uint32_t *Old = W.vreg(I.Dst[0].Reg);
      for (int L = 0; L < 32; ++L)
        if (!(Enable >> L & 1))
          R[L] = Old[L];
    }
    vwrite(W, I.Dst[0].Reg, R);
    ++W.PC;
    return Error::success();
  }
  Error E = (I.Opc >= Op::S_MOV_B32 && I.Opc <= Op::S_BITCMP1_B32) ||
                    I.Opc == Op::S_CMP
                ? salu(W, I)
                : valuOther(W, I);
  if (E)
    return E;
  ++W.PC;
  return Error::success();
}

Error Runner::run(Wave &W, uint64_t &Count) {
  while (W.State == Wave::Running) {
    uint32_t PC = W.PC;
    if (Error E = step(W))
      return E;
    if (++Count > InstructionLimit)
      return instructionLimitError(Kernel, InstructionLimit);
    if (Trace)
      traceStep(W, P.Insts[PC]);
  }
  return Error::success();
}

void Runner::traceStep(const Wave &W, const Inst &I) {
  errs() << formatv("{0:x} {1}", I.Address, Impl.text(P, I));
  for (unsigned D = 0; D < I.NumDst; ++D)
    if (I.Dst[D].Kind == OVGPR)
      errs() << formatv("  v{0}[0]={1:x}", I.Dst[D].Reg,
                        W.V[I.Dst[D].Reg * 32]);
    else if (I.Dst[D].Kind == OSGPR)
      errs() << formatv("  s{0}={1:x}", I.Dst[D].Reg, W.S[I.Dst[D].Reg]);
  errs() << formatv("  scc={0} exec={1:x}\n", W.SCC, W.S[SExecLo]);
}

//===----------------------------------------------------------------------===//
// Emulator
//===----------------------------------------------------------------------===//

Expected<std::unique_ptr<Emulator>> Emulator::create() {
  std::unique_ptr<Emulator> E(new Emulator());
  E->I = std::make_unique<Impl>();
  if (Error Err = E->I->init())
    return std::move(Err);
  return std::move(E);
}

Emulator::~Emulator() = default;

Error Emulator::load(const CodeObject &CO) {
  // The gfx11 chips of gemm-opt's targets share the ISA the emulator
  // implements (decoded as gfx1100); an instruction one of them adds is
  // refused when decoded.
  StringRef Target = CO.target();
  if (!Target.empty() && !gemm::isTargetIsa(CO.isa()))
    return makeError("emulator: code object targets '" + Target +
                     "'; the emulator runs " + gemm::getTargetIsas());
  for (const KernelInfo &K : CO.kernels()) {
    auto Key = std::make_pair(&CO, K.EntryAddress);
    if (I->Programs.count(Key))
      continue;
    uint64_t SecBase;
    auto Code = CO.codeAt(K.EntryAddress, SecBase);
    if (!Code)
      return Code.takeError();
    auto P = I->decode(*Code, K.EntryAddress);
    if (!P)
      return P.takeError();
    I->Programs[Key] = std::move(*P);
  }
  return Error::success();
}

Expected<LaunchSetup> Emulator::prepare(const CodeObject &CO,
                                        const EmuLaunch &L) {
  const KernelInfo &K = *L.Kernel;
  const KernelDescriptor &KD = K.KD;

  if (!KD.isWave32())
    return makeError("emulator: kernel '" + K.Name +
                     "' is compiled for wave64; only wave32 is emulated");
  if (KD.PrivateSegmentFixedSize || K.PrivateSegmentSize ||
      KD.usesDynamicStack())
    return makeError(formatv(
        "emulator: kernel '{0}' uses {1} bytes of "
        "scratch (private segment); scratch is not "
        "emulated",
        K.Name,
        std::max<uint64_t>(KD.PrivateSegmentFixedSize, K.PrivateSegmentSize)));
  if (KD.kernargPreloadLength())
    return makeError("emulator: kernarg preloading is not supported");
  uint64_t Lanes = (uint64_t)L.Block[0] * L.Block[1] * L.Block[2];
  if (!Lanes || L.Block[0] > 1024 || L.Block[1] > 1024 || L.Block[2] > 1024 ||
      Lanes > 1024)
    return makeError(formatv("emulator: invalid workgroup size {0}x{1}x{2}",
                             L.Block[0], L.Block[1], L.Block[2]));
  if (K.MaxFlatWorkgroupSize && Lanes > K.MaxFlatWorkgroupSize)
    return makeError(formatv("emulator: workgroup of {0} work-items exceeds "
                             "the kernel's max_flat_workgroup_size {1}",
                             Lanes, K.MaxFlatWorkgroupSize));
  if (K.ReqdWorkgroupSize[0] && (K.ReqdWorkgroupSize[0] != L.Block[0] ||
                                 K.ReqdWorkgroupSize[1] != L.Block[1] ||
                                 K.ReqdWorkgroupSize[2] != L.Block[2]))
    return makeError(formatv(
        "emulator: kernel '{0}' requires workgroup size {1}x{2}x{3}, launched "
        "with {4}x{5}x{6}",
        K.Name, K.ReqdWorkgroupSize[0], K.ReqdWorkgroupSize[1],
        K.ReqdWorkgroupSize[2], L.Block[0], L.Block[1], L.Block[2]));
  if (L.Block[1] > 1 && KD.enableVgprWorkitemId() < 1)
    return makeError("emulator: workgroup has a y dimension but the kernel "
                     "descriptor does not enable the workitem ID y");
  if (L.Block[2] > 1 && KD.enableVgprWorkitemId() < 2)
    return makeError("emulator: workgroup has a z dimension but the kernel "
                     "descriptor does not enable the workitem ID z");

  // User SGPRs in the order of the AMDHSA ABI; LLVM may reserve more than it
  // enables, so the system SGPRs start at USER_SGPR_COUNT.
  LaunchSetup S;
  S.Launch = L;
  S.User = {{KD.hasPrivateSegmentBuffer(), 4, 0},
            {KD.hasDispatchPtr(), 2, L.DispatchPtr},
            {KD.hasQueuePtr(), 2, 0},
            {KD.hasKernargSegmentPtr(), 2, L.KernargAddress},
            {KD.hasDispatchId(), 2, 0},
            {KD.hasFlatScratchInit(), 2, 0},
            {KD.hasPrivateSegmentSize(), 1, 0}};
  unsigned NumUser = 0;
  for (const LaunchSetup::UserSgpr &U : S.User)
    NumUser += U.Enabled ? U.Count : 0;
  if (NumUser > KD.userSgprCount())
    return makeError(formatv("emulator: kernel descriptor enables {0} user "
                             "SGPRs but USER_SGPR_COUNT is {1}",
                             NumUser, KD.userSgprCount()));

  auto It = I->Programs.find({&CO, K.EntryAddress});
  if (It == I->Programs.end())
    return makeError("emulator: code object not loaded");
  S.Program = It->second.get();
  S.LdsBytes = KD.GroupSegmentFixedSize + L.DynamicLdsBytes;
  if (S.LdsBytes > 65536)
    return makeError(
        formatv("emulator: {0} bytes of LDS exceed 64 KiB", S.LdsBytes));
  S.Lanes = Lanes;
  S.NumWaves = (Lanes + 31) / 32;
  S.Entry = S.Program->indexOf(K.EntryAddress);
  if (S.Entry < 0)
    return makeError("emulator: kernel entry is not decodable");
  return S;
}

void LaunchSetup::initWave(Wave &W, unsigned WI,
                           const std::array<uint32_t, 3> &Gid) const {
  const KernelDescriptor &KD = Launch.Kernel->KD;
  if (W.V.size() != NumVgprs * 32)
    W.V.assign(NumVgprs * 32, 0);
  std::memset(W.S, 0, sizeof(W.S));
  W.SCC = false;
  W.PC = Entry;
  W.State = Wave::Running;
  unsigned S = 0;
  for (const UserSgpr &U : User) {
    if (!U.Enabled)
      continue;
    for (unsigned K = 0; K < U.Count; ++K)
      W.S[S + K] = static_cast<uint32_t>(U.Value >> (32 * (K & 1)));
    S += U.Count;
  }
  S = KD.userSgprCount();
  for (unsigned D = 0; D < 3; ++D)
    if (KD.enableWorkgroupId(D))
      W.S[S++] = Gid[D];
  if (KD.enableWorkgroupInfo())
    W.S[S++] = 0;
  if (KD.enablePrivateSegment())
    W.S[S++] = 0;
  // gfx11 packs the work-item IDs into v0: x | y << 10 | z << 20.
  uint32_t Exec = 0;
  uint32_t *V0 = W.vreg(0);
  const std::array<uint32_t, 3> &Block = Launch.Block;
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    uint64_t Flat = WI * 32 + Lane;
    if (Flat >= Lanes) {
      V0[Lane] = 0;
      continue;
    }
    Exec |= 1u << Lane;
    uint32_t X = Flat % Block[0];
    uint32_t Y = (Flat / Block[0]) % Block[1];
    uint32_t Z = Flat / ((uint64_t)Block[0] * Block[1]);
    V0[Lane] = X | (KD.enableVgprWorkitemId() >= 1 ? Y << 10 : 0) |
               (KD.enableVgprWorkitemId() >= 2 ? Z << 20 : 0);
  }
  W.S[SExecLo] = Exec;
}

Error Emulator::run(const CodeObject &CO, const EmuLaunch &L, EmuStats &Stats) {
  Expected<LaunchSetup> SetupOrErr = prepare(CO, L);
  if (!SetupOrErr)
    return SetupOrErr.takeError();
  const LaunchSetup &Setup = *SetupOrErr;
  std::vector<uint8_t> LDS(Setup.LdsBytes);
  std::vector<Wave> Waves(Setup.NumWaves);
  Runner R(*I, *Setup.Program, Memory, LDS, L.Kernel->Name);
  if (L.MaxWaveInstructions)
    R.InstructionLimit = L.MaxWaveInstructions;
  const char *TraceEnv = getenv("GEMM_EMU_TRACE");
  bool TraceFirstWave = TraceEnv && *TraceEnv && *TraceEnv != '0';
  uint64_t Done = 0,
           Total = SaturatingMultiply<uint64_t>(
               SaturatingMultiply<uint64_t>(L.Grid[0], L.Grid[1]), L.Grid[2]);

  for (uint32_t GZ = 0; GZ < L.Grid[2]; ++GZ)
    for (uint32_t GY = 0; GY < L.Grid[1]; ++GY)
      for (uint32_t GX = 0; GX < L.Grid[0]; ++GX) {
        std::fill(LDS.begin(), LDS.end(), 0);
        for (unsigned WI = 0; WI < Setup.NumWaves; ++WI)
          Setup.initWave(Waves[WI], WI, {GX, GY, GZ});
        bool FirstGroup = GX == 0 && GY == 0 && GZ == 0;
        if (Error E = runWorkgroup(Waves, [&](Wave &W) {
              R.Trace = TraceFirstWave && FirstGroup && &W == &Waves[0];
              return R.run(W, Stats.WaveInstructions);
            }))
          return E;
        Stats.Waves += Setup.NumWaves;
        if (L.Progress)
          L.Progress(++Done, Total);
      }
  return Error::success();
}
