# Timing model rule: a DPP instruction issues like any VALU instruction, and
# its result comes DppExtraLatency cycles later (ISA guide 7.7: "DPP
# instructions incur an extra cycle of delay to execute"; default 1).
#
# One wave runs 8 dependent v_add_f32 (DPP=0) or 8 dependent v_add_f32_dpp
# (DPP=1): each waits for the previous result, 7 of them for a DPP result in
# the DPP chain. That chain takes 7 cycles longer than the plain one at the
# default, and 7 x 3 = 21 with DppExtraLatency=3, all lost to "dependency";
# the plain chain does not change. Both have 8 + 2 VALU instructions.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym DPP=0 %s -o %t.plain.o
# RUN: ld.lld -shared %t.plain.o -o %t.plain.hsaco
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym DPP=1 %s -o %t.dpp.o
# RUN: ld.lld -shared %t.dpp.o -o %t.dpp.hsaco
# RUN: emu-run %t.plain.hsaco --kernel=chain --backend=sim --json > %t.plain1.json
# RUN: emu-run %t.dpp.hsaco --kernel=chain --backend=sim --json > %t.dpp1.json
# RUN: emu-run %t.plain.hsaco --kernel=chain --backend=sim --json --sim-param DppExtraLatency=3 > %t.plain3.json
# RUN: emu-run %t.dpp.hsaco --kernel=chain --backend=sim --json --sim-param DppExtraLatency=3 > %t.dpp3.json
# RUN: %python %S/Inputs/sim-json.py grid.cu_cycles lost_cycles.dependency valu_instructions \
# RUN:   -- %t.plain1.json %t.dpp1.json %t.plain3.json %t.dpp3.json | FileCheck %s

# CHECK:      grid.cu_cycles=[[#C:]]
# CHECK-NEXT: lost_cycles.dependency=[[#D:]]
# CHECK-NEXT: valu_instructions=10
# CHECK-NEXT: grid.cu_cycles=[[#C+7]]
# CHECK-NEXT: lost_cycles.dependency=[[#D+7]]
# CHECK-NEXT: valu_instructions=10
# CHECK-NEXT: grid.cu_cycles=[[#C]]
# CHECK-NEXT: lost_cycles.dependency=[[#D]]
# CHECK-NEXT: valu_instructions=10
# CHECK-NEXT: grid.cu_cycles=[[#C+21]]
# CHECK-NEXT: lost_cycles.dependency=[[#D+21]]
# CHECK-NEXT: valu_instructions=10

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl chain
  .p2align 8
  .type chain,@function
chain:
  v_mov_b32 v1, 1.0
  v_mov_b32 v2, 0
  .rept 8
.if DPP
  v_add_f32_dpp v1, v1, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
.else
  v_add_f32 v1, v1, v1
.endif
  .endr
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel chain
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: chain
    .symbol: chain.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 4
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 8
    .max_flat_workgroup_size: 32
...
  .end_amdgpu_metadata
