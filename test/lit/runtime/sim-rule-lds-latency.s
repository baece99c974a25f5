# Timing model rule: LDS data returns LdsLatency cycles after the
# instruction's last pass, and s_waitcnt lgkmcnt waits for it.
#
# One wave chases a pointer through LDS: each ds_load_b32 takes its address
# from the previous load's result (LDS is zero, so every lane reads address 0:
# one pass), with s_waitcnt lgkmcnt(0) in between as real code needs. Each of
# the 8 loads waits for the previous one's data, so raising LdsLatency from 40
# to 140 adds exactly 8 x 100 = 800 cycles, all of them lost to "lds". The
# same 8 loads without the dependence (INDEP=1, distinct destinations, one
# s_waitcnt at the end) are pipelined and pay the latency once: +100.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym INDEP=0 %s -o %t.chain.o
# RUN: ld.lld -shared %t.chain.o -o %t.chain.hsaco
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym INDEP=1 %s -o %t.indep.o
# RUN: ld.lld -shared %t.indep.o -o %t.indep.hsaco
# RUN: emu-run %t.chain.hsaco --kernel=lds --backend=sim --json --sim-param LdsLatency=40 > %t.chain40.json
# RUN: emu-run %t.chain.hsaco --kernel=lds --backend=sim --json --sim-param LdsLatency=140 > %t.chain140.json
# RUN: emu-run %t.indep.hsaco --kernel=lds --backend=sim --json --sim-param LdsLatency=40 > %t.indep40.json
# RUN: emu-run %t.indep.hsaco --kernel=lds --backend=sim --json --sim-param LdsLatency=140 > %t.indep140.json
# RUN: %python %S/Inputs/sim-json.py grid.cu_cycles lost_cycles.lds memory.lds_instructions \
# RUN:   -- %t.chain40.json %t.chain140.json | FileCheck %s --check-prefix=CHAIN
# RUN: %python %S/Inputs/sim-json.py grid.cu_cycles lost_cycles.lds memory.lds_instructions \
# RUN:   -- %t.indep40.json %t.indep140.json | FileCheck %s --check-prefix=INDEP

# CHAIN:      grid.cu_cycles=[[#C:]]
# CHAIN-NEXT: lost_cycles.lds=[[#L:]]
# CHAIN-NEXT: memory.lds_instructions=8
# CHAIN-NEXT: grid.cu_cycles=[[#C+800]]
# CHAIN-NEXT: lost_cycles.lds=[[#L+800]]
# CHAIN-NEXT: memory.lds_instructions=8

# INDEP:      grid.cu_cycles=[[#C:]]
# INDEP-NEXT: lost_cycles.lds=[[#L:]]
# INDEP-NEXT: memory.lds_instructions=8
# INDEP-NEXT: grid.cu_cycles=[[#C+100]]
# INDEP-NEXT: lost_cycles.lds=[[#L+100]]
# INDEP-NEXT: memory.lds_instructions=8

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl lds
  .p2align 8
  .type lds,@function
lds:
  v_mov_b32 v1, 0
.if INDEP
  .irp r, 2, 3, 4, 5, 6, 7, 8, 9
  ds_load_b32 v\r, v1
  .endr
  s_waitcnt lgkmcnt(0)
.else
  .rept 8
  ds_load_b32 v1, v1
  s_waitcnt lgkmcnt(0)
  .endr
.endif
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel lds
    .amdhsa_group_segment_fixed_size 256
    .amdhsa_next_free_vgpr 16
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
    .amdhsa_workgroup_processor_mode 0
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: lds
    .symbol: lds.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 4
    .group_segment_fixed_size: 256
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 16
    .max_flat_workgroup_size: 32
...
  .end_amdgpu_metadata
