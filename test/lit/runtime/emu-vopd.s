# Emulator: VOPD reads all four sources before either half writes. In the
# first pair Y reads X's destination v10 and must see its old value (100.0);
# then a v_dual_fmac_f32 pair and a pair with an inline literal.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.hsaco
# RUN: llvm-objdump -d %t.hsaco | FileCheck %s --check-prefix=ASM
# RUN: emu-run %t.hsaco --kernel=vopd --block=32 --arg='f32[8]' --dump=0 \
# RUN:   | FileCheck %s

# ASM: v_dual_mov_b32 v10, v1 :: v_dual_add_f32 v11, v10, v3
# ASM: v_dual_fmac_f32 v20, v1, v2 :: v_dual_fmac_f32 v21, v4, v7
# CHECK: arg0: 1 103 12 48 7 13 0 0{{$}}

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl vopd
  .p2align 8
  .type vopd,@function
vopd:
  s_load_b64 s[4:5], s[0:1], 0x0
  v_mov_b32 v1, 1.0
  v_mov_b32 v2, 2.0
  v_mov_b32 v3, 0x40400000
  v_mov_b32 v4, 4.0
  v_mov_b32 v7, 0x40e00000
  v_mov_b32 v10, 0x42c80000
  v_mov_b32 v20, 0x41200000
  v_mov_b32 v21, 0x41a00000
  v_dual_mov_b32 v10, v1 :: v_dual_add_f32 v11, v10, v3
  v_dual_fmac_f32 v20, v1, v2 :: v_dual_fmac_f32 v21, v4, v7
  v_dual_add_f32 v30, v3, v4 :: v_dual_fmaak_f32 v31, v2, v7, 0xbf800000
  # Only lane 0 stores.
  v_cmpx_eq_u32 0, v0
  v_mov_b32 v0, 0
  s_waitcnt lgkmcnt(0)
  global_store_b32 v0, v10, s[4:5]
  global_store_b32 v0, v11, s[4:5] offset:4
  global_store_b32 v0, v20, s[4:5] offset:8
  global_store_b32 v0, v21, s[4:5] offset:12
  global_store_b32 v0, v30, s[4:5] offset:16
  global_store_b32 v0, v31, s[4:5] offset:20
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel vopd
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_next_free_vgpr 32
    .amdhsa_next_free_sgpr 16
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: vopd
    .symbol: vopd.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 32
    .max_flat_workgroup_size: 32
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
...
  .end_amdgpu_metadata
