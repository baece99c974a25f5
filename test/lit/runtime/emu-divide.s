# Emulator: the three steps around the reciprocal in LLVM's IEEE f32
# division (v_div_scale_f32, v_div_fmas_f32, v_div_fixup_f32), which a fused
# epilogue's arith.divf (SiLU) and the erf approximation compile to; an f32
# compare with an absolute-value source modifier (the tanh approximation's
# |x| < 0.0004); and a 16-bit compare of VGPR halves (v_cmp_lt_u16, in the
# stream-K fix-up kernel of a batch).
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr=+real-true16 -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.hsaco
# RUN: emu-run %t.hsaco --kernel=divide --arg='u32[10]' --dump=0 | FileCheck %s

# 1 / 3 = 0x3eaaaaab (1051372203), correctly rounded; 7 / -2 = -3.5
# (0xc0600000 = 3227516928); 0 / 5 = +0 and 5 / 0 = +inf (0x7f800000 =
# 2139095040), the fixup's special results; -0.25 / 0.125 = -2 (0xc0000000 =
# 3221225472).
# v_cmp_gt_f32 0.5, |-0.75| is false and 0.5 > |0.25| true: 0 then 1.
# v_cmp_lt_u16 of v1.l = 0x0003 < v1.h = 0x8000 (unsigned) is true, of the
# halves swapped false; as i16 0x8000 < 3: 1, 0, 1 in bits 0-2.
# 7 / +inf = +0 and -7 / +inf = -0 (0x80000000 = 2147483648): an infinite
# denominator is not scaled, and the fixup gives the signed zero (SiLU's
# x / (1 + exp(-x)) where exp(-x) overflows).
# CHECK: arg0: 1051372203 3227516928 0 2139095040 3221225472 0 1 5 0 2147483648{{$}}

# LLVM's IEEE f32 division of v1 by v2 into dst, as it compiles arith.divf.
  .macro ieee_div dst
  v_div_scale_f32 v3, null, v2, v2, v1
  v_rcp_f32 v4, v3
  v_fma_f32 v5, -v3, v4, 1.0
  v_fmac_f32 v4, v5, v4
  v_div_scale_f32 v5, vcc_lo, v1, v2, v1
  v_mul_f32 v6, v5, v4
  v_fma_f32 v7, -v3, v6, v5
  v_fmac_f32 v6, v7, v4
  v_fma_f32 v3, -v3, v6, v5
  v_div_fmas_f32 v3, v3, v4, v6
  v_div_fixup_f32 \dst, v3, v2, v1
  .endm

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl divide
  .p2align 8
  .type divide,@function
divide:
  s_load_b64 s[4:5], s[0:1], 0x0
  v_mov_b32 v1, 1.0
  v_mov_b32 v2, 0x40400000
  ieee_div v10
  v_mov_b32 v1, 0x40e00000
  v_mov_b32 v2, -2.0
  ieee_div v11
  v_mov_b32 v1, 0
  v_mov_b32 v2, 0x40a00000
  ieee_div v12
  v_mov_b32 v1, 0x40a00000
  v_mov_b32 v2, 0
  ieee_div v13
  v_mov_b32 v1, -0.25
  v_mov_b32 v2, 0x3e000000
  ieee_div v14
  v_mov_b32 v1, 0x40e00000
  v_mov_b32 v2, 0x7f800000
  ieee_div v20
  v_mov_b32 v1, 0xc0e00000
  ieee_div v21
  v_mov_b32 v1, 0xbf400000
  v_cmp_gt_f32_e64 s6, 0.5, |v1|
  v_cndmask_b32_e64 v15, 0, 1, s6
  v_mov_b32 v1, 0.25
  v_cmp_gt_f32_e64 s6, 0.5, |v1|
  v_cndmask_b32_e64 v16, 0, 1, s6
  v_mov_b32 v1, 0x80000003
  v_cmp_lt_u16_e64 s6, v1.l, v1.h
  v_cndmask_b32_e64 v17, 0, 1, s6
  v_cmp_lt_u16_e64 s6, v1.h, v1.l
  v_cndmask_b32_e64 v18, 0, 2, s6
  v_cmp_lt_i16_e64 s6, v1.h, v1.l
  v_cndmask_b32_e64 v19, 0, 4, s6
  v_or3_b32 v17, v17, v18, v19
  v_mov_b32 v0, 0
  s_waitcnt lgkmcnt(0)
  global_store_b32 v0, v10, s[4:5]
  global_store_b32 v0, v11, s[4:5] offset:4
  global_store_b32 v0, v12, s[4:5] offset:8
  global_store_b32 v0, v13, s[4:5] offset:12
  global_store_b32 v0, v14, s[4:5] offset:16
  global_store_b32 v0, v15, s[4:5] offset:20
  global_store_b32 v0, v16, s[4:5] offset:24
  global_store_b32 v0, v17, s[4:5] offset:28
  global_store_b32 v0, v20, s[4:5] offset:32
  global_store_b32 v0, v21, s[4:5] offset:36
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel divide
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_next_free_vgpr 22
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: divide
    .symbol: divide.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 22
    .max_flat_workgroup_size: 32
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
...
  .end_amdgpu_metadata
