# Timing model rule: a 64- or 128-bit LDS load of a full wave whose lanes 2i
# and 2i+1 read the same address returns the pair's data once, so a pass
# serves twice the lanes (LdsPairPacking; docs/timing-model.md, "LDS").
#
# One wave issues eight independent ds_load_b128 and waits for them once. Each
# lane reads 16 bytes at 16 x lane (PAIRED=0: 4 passes of 8 lanes, 128
# contiguous bytes each, no bank conflict) or at 16 x (lane / 2) (PAIRED=1:
# lanes 2i and 2i+1 read the same address, 2 passes of 16 lanes). The loads
# queue on the LDS, so with LdsPairPacking=1 the paired loads end 8 x 2 = 16
# cycles earlier; with the default (0: the rule is off, see
# docs/timing-model.md, "LDS pair packing and a loaded L2 latency") both
# take the same time.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym PAIRED=0 %s -o %t.lanes.o
# RUN: ld.lld -shared %t.lanes.o -o %t.lanes.hsaco
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj --defsym PAIRED=1 %s -o %t.pairs.o
# RUN: ld.lld -shared %t.pairs.o -o %t.pairs.hsaco
# RUN: emu-run %t.lanes.hsaco --kernel=pairs --block=32 --backend=sim --json --sim-param LdsPairPacking=1 > %t.lanes.json
# RUN: emu-run %t.pairs.hsaco --kernel=pairs --block=32 --backend=sim --json --sim-param LdsPairPacking=1 > %t.pairs.json
# RUN: emu-run %t.pairs.hsaco --kernel=pairs --block=32 --backend=sim --json > %t.off.json
# RUN: %python %S/Inputs/sim-json.py grid.cu_cycles memory.lds_instructions \
# RUN:   -- %t.lanes.json %t.pairs.json %t.off.json | FileCheck %s

# CHECK:      grid.cu_cycles=[[#C:]]
# CHECK-NEXT: memory.lds_instructions=8
# CHECK-NEXT: grid.cu_cycles=[[#C-16]]
# CHECK-NEXT: memory.lds_instructions=8
# CHECK-NEXT: grid.cu_cycles=[[#C]]
# CHECK-NEXT: memory.lds_instructions=8

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl pairs
  .p2align 8
  .type pairs,@function
pairs:
  v_lshrrev_b32 v1, PAIRED, v0        // the same two instructions in both
  v_lshlrev_b32 v1, 4, v1
  .irp r, 4, 8, 12, 16, 20, 24, 28, 32
  ds_load_b128 v[\r:\r+3], v1
  .endr
  s_waitcnt lgkmcnt(0)
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel pairs
    .amdhsa_group_segment_fixed_size 512
    .amdhsa_next_free_vgpr 40
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
    .amdhsa_workgroup_processor_mode 0
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: pairs
    .symbol: pairs.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 4
    .group_segment_fixed_size: 512
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 40
    .max_flat_workgroup_size: 32
...
  .end_amdgpu_metadata
