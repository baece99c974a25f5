# Timing model rule: a VALU instruction whose VGPR reads plus the writes of
# the VALU instruction issued the cycle before use one bank (register mod 4)
# more than twice, one of the reads missing the bank's operand cache, holds
# the SIMD's VALU one cycle per further pair (VgprBankModel), charged as
# "bank conflict" to that instruction.
#
# A loop of 4 iterations of 12 v_dual_fmac_f32 reading bank 0 (src0X,
# vsrc1X) and bank 1 (src0Y, vsrc1Y); VOPD allows it: the two src0 and the
# two vsrc1 are in different banks, the destinations of opposite parity. Each
# port alternates between two registers of its bank (v0/v8, v4/v12, v1/v9,
# v5/v13), so every read misses the operand cache: with the same registers
# every time, the reads would hit and nothing would stall (CACHED below).
# The fmac accumulators (not counted as reads) rotate over 6 pairs so that no
# instruction waits for a result. ACC places them:
# - ACC=0: v32+4i, v33+4i, banks 0 and 1. An instruction issued right after
#   another meets its writes: banks 0 and 1 are used 2 reads + 1 write = 3
#   times, one cycle of stall.
# - ACC=2: v34+4i, v35+4i, banks 2 and 3: at most 2 uses a bank, no stall.
# The first VOPD of an iteration follows the loop's taken branch, not a VALU
# instruction of the cycle before, so it does not conflict: 11 of the 12 do,
# 4 x 11 = 44 stall cycles, and the conflicting loop takes exactly 44 cycles
# more.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym ACC=0 --defsym ALT=8 %s -o %t.conflict.o
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym ACC=2 --defsym ALT=8 %s -o %t.balanced.o
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym ACC=0 --defsym ALT=0 %s -o %t.cached.o
# RUN: ld.lld -shared %t.cached.o -o %t.cached.hsaco
# RUN: emu-run %t.cached.hsaco --kernel=vopd --backend=sim --json > %t.cached.json
# RUN: ld.lld -shared %t.conflict.o -o %t.conflict.hsaco
# RUN: ld.lld -shared %t.balanced.o -o %t.balanced.hsaco
# RUN: llvm-objdump -d %t.conflict.hsaco | FileCheck %s --check-prefix=ASM
# RUN: emu-run %t.balanced.hsaco --kernel=vopd --backend=sim --json > %t.balanced.json
# RUN: emu-run %t.conflict.hsaco --kernel=vopd --backend=sim --json > %t.conflict.json
# RUN: %python %S/Inputs/sim-json.py grid.cu_cycles vopd_instructions bank_stall_cycles \
# RUN:   'lost_cycles.bank conflict' -- %t.balanced.json %t.conflict.json | FileCheck %s
# RUN: %python %S/Inputs/sim-json.py grid.cu_cycles bank_stall_cycles \
# RUN:   -- %t.balanced.json %t.cached.json | FileCheck %s --check-prefix=CACHED
# RUN: emu-run %t.conflict.hsaco --kernel=vopd --backend=sim | FileCheck %s --check-prefix=PROFILE
# RUN: emu-run %t.balanced.hsaco --kernel=vopd --backend=sim \
# RUN:   | FileCheck %s --check-prefix=PROFILE-NONE --implicit-check-not='bank conflict'

# ASM: v_dual_fmac_f32 v32, v0, v4 :: v_dual_fmac_f32 v33, v1, v5
# ASM: v_dual_fmac_f32 v36, v8, v12 :: v_dual_fmac_f32 v37, v9, v13

# The same writes with cache hits only: no stall, as fast as the balanced loop.
# CACHED:      grid.cu_cycles=[[#B:]]
# CACHED-NEXT: bank_stall_cycles=0
# CACHED-NEXT: grid.cu_cycles=[[#B]]
# CACHED-NEXT: bank_stall_cycles=0

# CHECK:      grid.cu_cycles=[[#C:]]
# CHECK-NEXT: vopd_instructions=48
# CHECK-NEXT: bank_stall_cycles=0
# CHECK-NEXT: lost_cycles.bank conflict=0
# CHECK-NEXT: grid.cu_cycles=[[#C+44]]
# CHECK-NEXT: vopd_instructions=48
# CHECK-NEXT: bank_stall_cycles=44
# CHECK-NEXT: lost_cycles.bank conflict=44

# Each conflicting instruction is charged its 4 stall cycles (one per
# iteration).
# PROFILE: stall cycles by instruction
# PROFILE: {{^ +}}4 {{.*}} bank conflict {{.*}}: v_dual_fmac_f32 v{{[0-9]+}}, v{{0|8}}, v{{4|12}} :: v_dual_fmac_f32 v{{[0-9]+}}, v{{1|9}}, v{{5|13}}
# PROFILE-NONE: stall cycles by instruction

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl vopd
  .p2align 8
  .type vopd,@function
vopd:
  s_mov_b32 s2, 4
.Lloop:
  .rept 2
  .irp i, 0, 4, 8, 12, 16, 20
  v_dual_fmac_f32 v[32+\i+ACC], v[0+((\i/4)%2)*ALT], v[4+((\i/4)%2)*ALT] :: v_dual_fmac_f32 v[33+\i+ACC], v[1+((\i/4)%2)*ALT], v[5+((\i/4)%2)*ALT]
  .endr
  .endr
  s_sub_u32 s2, s2, 1
  s_cmp_lg_u32 s2, 0
  s_cbranch_scc1 .Lloop
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel vopd
    .amdhsa_next_free_vgpr 64
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
    .amdhsa_workgroup_processor_mode 0
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: vopd
    .symbol: vopd.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 4
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 64
    .max_flat_workgroup_size: 32
...
  .end_amdgpu_metadata
