# Emulator errors are clear messages, never crashes: an unimplemented
# instruction names its opcode, an access outside the buffers given and an LDS
# access outside the allocation are reported with the lane and address, and a
# kernel that never ends is stopped by the instruction limit (exit 2), in the
# functional emulator and in the timing model.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.hsaco
# RUN: not emu-run %t.hsaco --kernel=unsupported --arg='f32[32]' 2>&1 \
# RUN:   | FileCheck %s --check-prefix=UNSUP
# RUN: not emu-run %t.hsaco --kernel=oob --arg='f32[32]' 2>&1 \
# RUN:   | FileCheck %s --check-prefix=OOB
# RUN: not emu-run %t.hsaco --kernel=ldsoob --arg='f32[32]' 2>&1 \
# RUN:   | FileCheck %s --check-prefix=LDS
# RUN: not emu-run %t.hsaco --kernel=nosuch --arg='f32[32]' 2>&1 \
# RUN:   | FileCheck %s --check-prefix=NOKERNEL
# RUN: not emu-run %t.hsaco --kernel=oob 2>&1 \
# RUN:   | FileCheck %s --check-prefix=ARGS
# RUN: %python %S/Inputs/exit-code.py emu-run %t.hsaco --kernel=spin --arg='f32[32]' \
# RUN:   --max-instructions=1000 | FileCheck %s --check-prefix=SPIN
# RUN: %python %S/Inputs/exit-code.py emu-run %t.hsaco --kernel=spin --arg='f32[32]' \
# RUN:   --max-instructions=1000 --backend=sim | FileCheck %s --check-prefix=SPIN
# RUN: %python %S/Inputs/exit-code.py emu-run %t.hsaco --kernel=spin --arg='f32[32]' \
# RUN:   --max-instructions=1000 --backend=sim --grid=64 | FileCheck %s --check-prefix=SPIN

# UNSUP: error: emulator: kernel 'unsupported' at 0x{{[0-9a-f]+}}: unsupported instruction V_SIN_F32_e32_gfx11
# UNSUP-NEXT: instruction: v_sin_f32_e32 v1, v0
# OOB: error: emulator: kernel 'oob' at 0x{{[0-9a-f]+}}: lane 0: store of 4 bytes at 0x{{[0-9a-f]+}} is outside every buffer
# LDS: error: emulator: kernel 'ldsoob' at 0x{{[0-9a-f]+}}: lane 0: LDS write of 4 bytes at 256 is outside the 256-byte LDS allocation
# NOKERNEL: error: kernel 'nosuch' not found in code object (has: unsupported, oob, ldsoob, spin)
# ARGS: error: kernel 'oob' has 1 explicit arguments, 0 given
# SPIN: error: emulator: kernel 'spin' executed more than 1000 wave instructions, the limit of this launch (--max-instructions): its code does not end, or its grid is far larger than its problem
# SPIN-NEXT: exit=2

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl unsupported
  .p2align 8
  .type unsupported,@function
unsupported:
  v_sin_f32 v1, v0
  s_endpgm

  .globl oob
  .p2align 8
  .type oob,@function
oob:
  s_load_b64 s[4:5], s[0:1], 0x0
  v_mov_b32 v1, 0
  s_waitcnt lgkmcnt(0)
  // 32 floats are 128 bytes: offset 128 is one past the end.
  global_store_b32 v1, v1, s[4:5] offset:128
  s_endpgm

  .globl ldsoob
  .p2align 8
  .type ldsoob,@function
ldsoob:
  v_mov_b32 v1, 0
  ds_store_b32 v1, v1 offset:256
  s_endpgm

  .globl spin
  .p2align 8
  .type spin,@function
spin:
  s_mov_b32 s2, 0
.Lspin:
  s_add_u32 s2, s2, 1
  s_branch .Lspin
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel unsupported
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel
  .p2align 6
  .amdhsa_kernel oob
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel
  .p2align 6
  .amdhsa_kernel ldsoob
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_group_segment_fixed_size 256
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel
  .p2align 6
  .amdhsa_kernel spin
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 8
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: unsupported
    .symbol: unsupported.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 8
    .max_flat_workgroup_size: 32
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer }
  - .name: oob
    .symbol: oob.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 8
    .max_flat_workgroup_size: 32
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer }
  - .name: ldsoob
    .symbol: ldsoob.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 256
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 8
    .max_flat_workgroup_size: 32
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer }
  - .name: spin
    .symbol: spin.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 8
    .max_flat_workgroup_size: 32
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer }
...
  .end_amdgpu_metadata
