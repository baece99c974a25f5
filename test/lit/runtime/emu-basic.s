# Emulator: VALU, exec masking (saveexec/execz), a scalar loop, kernarg and
# workgroup-ID SGPRs, global stores through an SGPR base.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.hsaco
# RUN: emu-run %t.hsaco --kernel=basic --grid=2 --block=64 \
# RUN:   --arg='u32[128]' --dump=0 | FileCheck %s

# out[i] = (i odd ? 3 * i : 1000 + i) + (0 + 1 + 2 + 3 + 4)
# CHECK: arg0: 1010 13 1012 19 1014 25
# CHECK-SAME: 1072 199 1074 205 1076 211
# CHECK-SAME: 1134 385 1136 391{{$}}

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl basic
  .p2align 8
  .type basic,@function
basic:
  s_load_b64 s[4:5], s[0:1], 0x0
  v_and_b32 v1, 0x3ff, v0
  s_lshl_b32 s3, s2, 6
  v_add_nc_u32 v1, s3, v1
  v_lshlrev_b32 v2, 2, v1
  v_and_b32 v3, 1, v1
  v_cmp_eq_u32 vcc_lo, 1, v3
  v_add_nc_u32 v4, 1000, v1
  s_and_saveexec_b32 s6, vcc_lo
  s_cbranch_execz .Lskip
  v_mul_lo_u32 v4, v1, 3
.Lskip:
  s_or_b32 exec_lo, exec_lo, s6
  s_mov_b32 s7, 0
  s_mov_b32 s8, 0
.Lloop:
  s_add_u32 s8, s8, s7
  s_add_u32 s7, s7, 1
  s_cmp_lt_u32 s7, 5
  s_cbranch_scc1 .Lloop
  v_add_nc_u32 v4, s8, v4
  s_waitcnt lgkmcnt(0)
  global_store_b32 v2, v4, s[4:5]
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel basic
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_system_sgpr_workgroup_id_x 1
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 16
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: basic
    .symbol: basic.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 8
    .max_flat_workgroup_size: 256
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
...
  .end_amdgpu_metadata
