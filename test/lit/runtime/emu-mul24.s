# Emulator: the 24-bit multiplies keep the low (or high) 32 bits of the
# 48-bit product, signs included. v_mul_i32_i24 multiplied two ints, which
# overflows (UBSan report on a fuzzed code object, fuzz.py seed 1 case 9363).
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.hsaco
# RUN: emu-run %t.hsaco --kernel=mul24 --arg='u32[4]' --dump=0 | FileCheck %s

# (2^23 - 1)^2 = 2^46 - 2^24 + 1: low word 0xff000001, high word 0x3fff;
# (-2^23)^2 = 2^46: low word 0; -2^23 (2^23 - 1) = -2^46 + 2^23: low word 2^23.
# CHECK: arg0: 4278190081 16383 0 8388608{{$}}

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl mul24
  .p2align 8
  .type mul24,@function
mul24:
  s_load_b64 s[4:5], s[0:1], 0x0
  v_mov_b32 v1, 0x7fffff
  v_mov_b32 v2, 0x800000
  v_mov_b32 v0, 0
  v_mul_i32_i24 v3, v1, v1
  v_mul_hi_i32_i24 v4, v1, v1
  v_mul_i32_i24 v5, v2, v2
  v_mul_i32_i24 v6, v2, v1
  s_waitcnt lgkmcnt(0)
  global_store_b32 v0, v3, s[4:5]
  global_store_b32 v0, v4, s[4:5] offset:4
  global_store_b32 v0, v5, s[4:5] offset:8
  global_store_b32 v0, v6, s[4:5] offset:12
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel mul24
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: mul24
    .symbol: mul24.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 8
    .max_flat_workgroup_size: 32
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
...
  .end_amdgpu_metadata
