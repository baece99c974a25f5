# Timing model rule: the waves of one SIMD share its VALU (one VALU
# instruction per SIMD per cycle, oldest wave first) and hide each other's
# VALU latency; waves on different SIMDs run in parallel.
#
# A 3-wave workgroup in CU mode: waves 0 and 2 go to SIMD 0, wave 1 to SIMD 1.
# The wave whose index is IDLE ends at once, so IDLE=2 gives a working pair on
# two SIMDs and IDLE=1 a working pair on SIMD 0; everything else is equal.
#
# Independent work (CHAIN=0: 32 v_add_f32 over 8 registers, each result read
# 8 instructions later, no VGPR bank conflict): the pair on one SIMD needs the
# VALU for 2 x 32 cycles instead of 32, so it ends exactly 32 cycles later;
# wave 0 (older) issues all of its work first and ends as it would alone.
#
# A dependent chain (CHAIN=1: 32 v_add_f32 on v1, each waiting the 5-cycle
# VALU latency for the previous one): the second wave issues in the first
# one's latency gaps, so the pair on one SIMD ends 2 cycles later, not
# 32 x 5 = 160 (wave 2 lost one cycle to wave 0 for the VALU at
# v_readfirstlane and one for the SALU at s_lshr_b32).
#
# Placement: two 1-wave workgroups (--block=32 --grid=2) go to different
# SIMDs (waves are dealt to the SIMDs in turn across workgroups), so they take
# exactly as long as one.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym IDLE=2 --defsym CHAIN=0 %s -o %t.two.o
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym IDLE=1 --defsym CHAIN=0 %s -o %t.one.o
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym IDLE=2 --defsym CHAIN=1 %s -o %t.two-chain.o
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym IDLE=1 --defsym CHAIN=1 %s -o %t.one-chain.o
# RUN: ld.lld -shared %t.two.o -o %t.two.hsaco
# RUN: ld.lld -shared %t.one.o -o %t.one.hsaco
# RUN: ld.lld -shared %t.two-chain.o -o %t.two-chain.hsaco
# RUN: ld.lld -shared %t.one-chain.o -o %t.one-chain.hsaco
# RUN: emu-run %t.two.hsaco --kernel=work --block=96 --backend=sim --json > %t.two.json
# RUN: emu-run %t.one.hsaco --kernel=work --block=96 --backend=sim --json > %t.one.json
# RUN: emu-run %t.two-chain.hsaco --kernel=work --block=96 --backend=sim --json > %t.two-chain.json
# RUN: emu-run %t.one-chain.hsaco --kernel=work --block=96 --backend=sim --json > %t.one-chain.json
# RUN: %python %S/Inputs/sim-json.py grid.cu_cycles grid.first_workgroup_wave_ends.0 \
# RUN:   grid.first_workgroup_wave_ends.1 grid.first_workgroup_wave_ends.2 \
# RUN:   -- %t.two.json %t.one.json | FileCheck %s --check-prefix=INDEP
# RUN: %python %S/Inputs/sim-json.py grid.cu_cycles valu_instructions \
# RUN:   -- %t.two-chain.json %t.one-chain.json | FileCheck %s --check-prefix=CHAIN
# RUN: emu-run %t.two.hsaco --kernel=work --block=32 --grid=1 --backend=sim --json > %t.wg1.json
# RUN: emu-run %t.two.hsaco --kernel=work --block=32 --grid=2 --backend=sim --json > %t.wg2.json
# RUN: %python %S/Inputs/sim-json.py grid.cu_cycles grid.workgroups \
# RUN:   -- %t.wg1.json %t.wg2.json | FileCheck %s --check-prefix=PLACE

# Two SIMDs: waves 0 and 1 end together. One SIMD: wave 0 ends at the same
# cycle, wave 2 32 cycles later.
# INDEP:      grid.cu_cycles=[[#C:]]
# INDEP-NEXT: grid.first_workgroup_wave_ends.0=[[#C]]
# INDEP-NEXT: grid.first_workgroup_wave_ends.1=[[#C]]
# INDEP-NEXT: grid.first_workgroup_wave_ends.2={{[0-9]+}}
# INDEP-NEXT: grid.cu_cycles=[[#C+32]]
# INDEP-NEXT: grid.first_workgroup_wave_ends.0=[[#C]]
# INDEP-NEXT: grid.first_workgroup_wave_ends.1={{[0-9]+}}
# INDEP-NEXT: grid.first_workgroup_wave_ends.2=[[#C+32]]

# PLACE:      grid.cu_cycles=[[#W:]]
# PLACE-NEXT: grid.workgroups=1
# PLACE-NEXT: grid.cu_cycles=[[#W]]
# PLACE-NEXT: grid.workgroups=2

# 2 waves x (1 v_readfirstlane + 32 v_add) + 1 v_readfirstlane of the idle
# wave = 67 VALU instructions in both.
# CHAIN:      grid.cu_cycles=[[#C:]]
# CHAIN-NEXT: valu_instructions=67
# CHAIN-NEXT: grid.cu_cycles=[[#C+2]]
# CHAIN-NEXT: valu_instructions=67

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl work
  .p2align 8
  .type work,@function
work:
  v_readfirstlane_b32 s2, v0
  s_lshr_b32 s2, s2, 5                // the wave's index in the workgroup
  s_cmp_eq_u32 s2, IDLE
  s_cbranch_scc1 .Lend
.if CHAIN
  .rept 32
  v_add_f32 v1, 1.0, v1
  .endr
.else
  .rept 4
  .irp r, 1, 2, 3, 4, 5, 6, 7, 8
  v_add_f32 v\r, 1.0, v\r
  .endr
  .endr
.endif
.Lend:
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel work
    .amdhsa_next_free_vgpr 16
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
    .amdhsa_workgroup_processor_mode 0
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: work
    .symbol: work.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 4
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 16
    .max_flat_workgroup_size: 96
...
  .end_amdgpu_metadata
