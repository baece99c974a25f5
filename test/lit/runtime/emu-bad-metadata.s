# A code object whose metadata puts an argument outside the kernarg segment,
# or past 32 bits, is refused when read (the launchers size their kernarg
# buffers from it): exit 2, never a 4 GiB buffer or a wrapped offset.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.hsaco
# RUN: %python %S/Inputs/exit-code.py emu-run %t.hsaco --kernel=k --arg='u32[4]' \
# RUN:   | FileCheck %s --check-prefix=PAST
# PAST: error: metadata: kernel 'k': its explicit arguments end at byte 4294967288, past its kernarg segment of 8 bytes
# PAST-NEXT: exit=2
# RUN: sed 's/.offset: 4294967280/.offset: 4294967295/' %s > %t.wrap.s
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %t.wrap.s -o %t.wrap.o
# RUN: ld.lld -shared %t.wrap.o -o %t.wrap.hsaco
# RUN: %python %S/Inputs/exit-code.py emu-run %t.wrap.hsaco --kernel=k --arg='u32[4]' \
# RUN:   | FileCheck %s --check-prefix=WRAP
# WRAP: error: metadata: kernel 'k': argument 'out' (offset 4294967295, size 8) ends beyond 32 bits
# WRAP-NEXT: exit=2

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl k
  .p2align 8
  .type k,@function
k:
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel k
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: k
    .symbol: k.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 8
    .max_flat_workgroup_size: 256
    .args:
      - { .name: out, .offset: 4294967280, .size: 8, .value_kind: global_buffer, .address_space: global }
...
  .end_amdgpu_metadata
