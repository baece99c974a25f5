# Emulator: the true16 operations LLVM 22 selects for gfx11 where a value
# fits in 16 bits (the skinny kernel's sum kernel divides its element index
# by C's columns with v_mul_lo_u16 and v_sub_nc_u16). They read and write
# one half of a VGPR (v1.l: bits 0-15, v1.h: bits 16-31); the other half
# keeps its bits, and only the lanes of EXEC are written.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr=+real-true16 -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.hsaco
# RUN: emu-run %t.hsaco --kernel=true16 --arg='u32[8]' --dump=0 | FileCheck %s

# v2 = 0x0000159e: .h zeroed, .l = 0x5678 >> 2.
# v3 = 0xffff54a0: .l = low 16 bits of 0x5678 * 300 = 0x6554a0.
# v4 = 0x27d240da: .l = 0x5678 - 0x159e, .h = 0x1234 + 0x159e.
# v5 = 0x000091a0: .l = 0x1234 << 3.
# v6 = 0xf8001234: .h = 0x8000 >> 4, arithmetic.
# v7 = 0x8000ffff: .l = max(0x8000, 0xffff) unsigned, .h = min as signed.
# v8 = 0x00070006 in lane 0, whose EXEC is off for the write of .l = 5 ^ 9;
# 0x0007000c in lane 1.
# CHECK: arg0: 5534 4294923424 668090586 37280 4160754228 2147549183 458758 458764{{$}}

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl true16
  .p2align 8
  .type true16,@function
true16:
  s_load_b64 s[4:5], s[0:1], 0x0
  v_mov_b32 v1, 0x12345678
  v_mov_b32 v2, 0xaaaabbbb
  v_mov_b32 v3, -1
  v_mov_b32 v4, 0x11112222
  v_mov_b32 v5, 0
  v_mov_b32 v6, 0x00001234
  v_mov_b32 v7, 0xffff8000
  v_mov_b16_e32 v2.h, 0
  v_lshrrev_b16 v2.l, 2, v1.l
  v_mul_lo_u16 v3.l, 0x12c, v1.l
  v_sub_nc_u16 v4.l, v1.l, v2.l
  v_add_nc_u16 v4.h, v1.h, v2.l
  v_lshlrev_b16 v5.l, 3, v1.h
  v_ashrrev_i16 v6.h, 4, v7.l
  v_min_i16 v9.l, v7.l, v7.h
  v_max_u16 v7.l, v7.l, v7.h
  v_mov_b16_e32 v7.h, v9.l
  v_mov_b32 v8, 0x00070006
  v_mov_b16_e32 v10.l, 5
  v_mov_b16_e32 v10.h, 9
  v_cmpx_ne_u32 0, v0
  v_xor_b16 v8.l, v10.l, v10.h
  s_mov_b32 exec_lo, -1
  v_readlane_b32 s6, v8, 0
  v_readlane_b32 s7, v8, 1
  v_mov_b32 v8, s6
  v_mov_b32 v9, s7
  v_mov_b32 v0, 0
  s_waitcnt lgkmcnt(0)
  global_store_b32 v0, v2, s[4:5]
  global_store_b32 v0, v3, s[4:5] offset:4
  global_store_b32 v0, v4, s[4:5] offset:8
  global_store_b32 v0, v5, s[4:5] offset:12
  global_store_b32 v0, v6, s[4:5] offset:16
  global_store_b32 v0, v7, s[4:5] offset:20
  global_store_b32 v0, v8, s[4:5] offset:24
  global_store_b32 v0, v9, s[4:5] offset:28
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel true16
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_next_free_vgpr 12
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: true16
    .symbol: true16.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 12
    .max_flat_workgroup_size: 32
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
...
  .end_amdgpu_metadata
