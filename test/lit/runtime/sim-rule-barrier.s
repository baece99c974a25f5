# Timing model rule: s_barrier holds every wave of the workgroup until the
# last one arrives, and releases them BarrierCycles later.
#
# A 2-wave workgroup in CU mode (one wave per SIMD): wave 0 runs a dependent
# chain of N v_add_f32 (5 cycles each: the VALU latency) before s_barrier,
# wave 1 goes straight to it; after it both issue one v_mov and end.
# - N = 8 -> 24: the long path grows by 16 x 5 = 80 cycles. Wave 1 is held:
#   it ends with wave 0, 80 cycles later too, and the SIMD cycles lost to
#   "barrier" (wave 1's wait, on SIMD 1) grow by the same 80.
# - BarrierCycles = 16 -> 116 (N = 8): both waves leave the barrier 100
#   cycles later; the time grows by 100 and the "barrier" cycles by 2 x 100,
#   one wait per SIMD.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym N=8 %s -o %t.n8.o
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym N=24 %s -o %t.n24.o
# RUN: ld.lld -shared %t.n8.o -o %t.n8.hsaco
# RUN: ld.lld -shared %t.n24.o -o %t.n24.hsaco
# RUN: emu-run %t.n8.hsaco --kernel=bar --block=64 --backend=sim --json --sim-param BarrierCycles=16 > %t.n8.json
# RUN: emu-run %t.n24.hsaco --kernel=bar --block=64 --backend=sim --json --sim-param BarrierCycles=16 > %t.n24.json
# RUN: emu-run %t.n8.hsaco --kernel=bar --block=64 --backend=sim --json --sim-param BarrierCycles=116 > %t.n8-b116.json
# RUN: %python %S/Inputs/sim-json.py grid.cu_cycles grid.first_workgroup_wave_ends.0 \
# RUN:   grid.first_workgroup_wave_ends.1 lost_cycles.barrier \
# RUN:   -- %t.n8.json %t.n24.json | FileCheck %s --check-prefix=WORK
# RUN: %python %S/Inputs/sim-json.py grid.cu_cycles lost_cycles.barrier \
# RUN:   -- %t.n8.json %t.n8-b116.json | FileCheck %s --check-prefix=RELEASE

# WORK:      grid.cu_cycles=[[#C:]]
# WORK-NEXT: grid.first_workgroup_wave_ends.0=[[#C]]
# WORK-NEXT: grid.first_workgroup_wave_ends.1=[[#C]]
# WORK-NEXT: lost_cycles.barrier=[[#B:]]
# WORK-NEXT: grid.cu_cycles=[[#C+80]]
# WORK-NEXT: grid.first_workgroup_wave_ends.0=[[#C+80]]
# WORK-NEXT: grid.first_workgroup_wave_ends.1=[[#C+80]]
# WORK-NEXT: lost_cycles.barrier=[[#B+80]]

# RELEASE:      grid.cu_cycles=[[#C:]]
# RELEASE-NEXT: lost_cycles.barrier=[[#B:]]
# RELEASE-NEXT: grid.cu_cycles=[[#C+100]]
# RELEASE-NEXT: lost_cycles.barrier=[[#B+200]]

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl bar
  .p2align 8
  .type bar,@function
bar:
  v_readfirstlane_b32 s2, v0
  s_lshr_b32 s2, s2, 5                // the wave's index in the workgroup
  s_cmp_eq_u32 s2, 0
  s_cbranch_scc0 .Lwait               // wave 1
  .rept N
  v_add_f32 v1, 1.0, v1               // wave 0
  .endr
.Lwait:
  s_barrier
  v_mov_b32 v2, 0
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel bar
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
    .amdhsa_workgroup_processor_mode 0
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: bar
    .symbol: bar.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 4
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 8
    .max_flat_workgroup_size: 64
...
  .end_amdgpu_metadata
