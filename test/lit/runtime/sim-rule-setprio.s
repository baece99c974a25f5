# Timing model rule: each SIMD tries its waves by priority (s_setprio), then
# age, so a younger wave that raises its priority takes the VALU from an
# older one.
#
# A 3-wave workgroup in CU mode: waves 0 and 2 share SIMD 0 and each issue
# 32 independent v_add_f32 (one VALU cycle each); wave 1 (SIMD 1) ends at
# once. Wave 2 runs s_setprio PRIO before its work; both working waves take
# one taken branch to get there, so only the priority differs between builds.
# PRIO=0: wave 0 is older and issues all 32 of its instructions first; wave 2
# ends exactly 32 cycles after it. PRIO=3: wave 2 takes over the VALU as soon
# as it reaches its work and ends first. Wave 0 has issued 4 of its
# instructions by then: each of wave 2's first four instructions waited a
# cycle for wave 0's (the SIMD issues one VALU, one SALU and one branch a
# cycle). With E wave 0's end at PRIO=0, wave 2 ends at E + 4 and wave 0 at
# E + 32, where wave 2 ended at PRIO=0: the VALU is busy from wave 0's first
# v_add to the end either way, so the workgroup's time is the same.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym PRIO=0 %s -o %t.p0.o
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym PRIO=3 %s -o %t.p3.o
# RUN: ld.lld -shared %t.p0.o -o %t.p0.hsaco
# RUN: ld.lld -shared %t.p3.o -o %t.p3.hsaco
# RUN: emu-run %t.p0.hsaco --kernel=prio --block=96 --backend=sim --json > %t.p0.json
# RUN: emu-run %t.p3.hsaco --kernel=prio --block=96 --backend=sim --json > %t.p3.json
# RUN: %python %S/Inputs/sim-json.py grid.cu_cycles grid.first_workgroup_wave_ends.0 \
# RUN:   grid.first_workgroup_wave_ends.2 -- %t.p0.json %t.p3.json | FileCheck %s

# CHECK:      grid.cu_cycles=[[#C:]]
# CHECK-NEXT: grid.first_workgroup_wave_ends.0=[[#E:]]
# CHECK-NEXT: grid.first_workgroup_wave_ends.2=[[#E+32]]
# CHECK-NEXT: grid.cu_cycles=[[#C]]
# CHECK-NEXT: grid.first_workgroup_wave_ends.0=[[#E+32]]
# CHECK-NEXT: grid.first_workgroup_wave_ends.2=[[#E+4]]

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl prio
  .p2align 8
  .type prio,@function
prio:
  v_readfirstlane_b32 s2, v0
  s_lshr_b32 s2, s2, 5                // the wave's index in the workgroup
  s_cmp_eq_u32 s2, 1
  s_cbranch_scc1 .Lend                // wave 1 (SIMD 1) ends
  s_cmp_eq_u32 s2, 2
  s_cbranch_scc1 .Lyoung              // wave 2
  s_branch .Lwork                     // wave 0
.Lyoung:
  s_setprio PRIO
.Lwork:
  .rept 4
  .irp r, 1, 2, 3, 4, 5, 6, 7, 8
  v_add_f32 v\r, 1.0, v\r
  .endr
  .endr
.Lend:
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel prio
    .amdhsa_next_free_vgpr 16
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
    .amdhsa_workgroup_processor_mode 0
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: prio
    .symbol: prio.kd
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
