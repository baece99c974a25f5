# Emulator: LDS and s_barrier across four waves. Every iteration each lane
# reads the element of the next wave, waits at a barrier, writes it back plus
# one and waits again; after four rotations LDS[t] = t + 4. The result is read
# back with ds_load_2addr_b32 (LDS[t] and LDS[t+1]; LDS[128] is 0).
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.hsaco
# RUN: emu-run %t.hsaco --kernel=lds --block=128 --arg='u32[128]' --dump=0 \
# RUN:   | FileCheck %s

# out[t] = (t + 4) + (t + 5) for t < 127, out[127] = 131.
# CHECK: arg0: 9 11 13 15
# CHECK-SAME: 69 71 73 75
# CHECK-SAME: 259 261 131{{$}}

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl lds
  .p2align 8
  .type lds,@function
lds:
  s_load_b64 s[4:5], s[0:1], 0x0
  v_and_b32 v1, 0x3ff, v0             // t
  v_lshlrev_b32 v2, 2, v1             // &LDS[t]
  v_add_nc_u32 v3, 32, v1
  v_and_b32 v3, 0x7f, v3
  v_lshlrev_b32 v3, 2, v3             // &LDS[(t + 32) % 128]
  ds_store_b32 v2, v1
  v_mov_b32 v6, 0
  ds_store_b32 v2, v6 offset:512      // LDS[128 + t] = 0
  s_waitcnt lgkmcnt(0)
  s_barrier
  s_mov_b32 s6, 4
.Lloop:
  ds_load_b32 v4, v3
  s_waitcnt lgkmcnt(0)
  s_barrier
  v_add_nc_u32 v4, 1, v4
  ds_store_b32 v2, v4
  s_waitcnt lgkmcnt(0)
  s_barrier
  s_sub_u32 s6, s6, 1
  s_cmp_lg_u32 s6, 0
  s_cbranch_scc1 .Lloop
  ds_load_2addr_b32 v[4:5], v2 offset1:1
  s_waitcnt lgkmcnt(0)
  v_add_nc_u32 v4, v4, v5
  s_waitcnt lgkmcnt(0)
  global_store_b32 v2, v4, s[4:5]
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel lds
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_group_segment_fixed_size 1024
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 16
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: lds
    .symbol: lds.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 1024
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 8
    .max_flat_workgroup_size: 128
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
...
  .end_amdgpu_metadata
