# emu-run --backend=sim: the kernel runs under the timing model, the buffers
# are computed as on the emulator (the default single CU runs every
# workgroup), and the prediction follows the dumps, as text or JSON. The
# model's options are checked: a bad value, or one given to another backend,
# exits 2 and names the option.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.hsaco
# RUN: emu-run %t.hsaco --kernel=iota --grid=2 --block=64 --arg='u32[128]' \
# RUN:   --dump=0 --backend=sim --clock-ghz=2 --emu-stats | FileCheck %s
# CHECK: arg0: 1 2 3
# CHECK-SAME: 127 128{{$}}
# CHECK-NEXT: predicted time: {{[0-9.]+}} ms, 0.0 TFLOP/s (timing model, not a measurement)
# CHECK-NEXT: occupancy: 24 VGPRs allocated, 2 waves per workgroup, 16 workgroups per CU, 16 waves per SIMD
# CHECK-NEXT: grid: 2 workgroups, 2 on the busiest CU, 2 of them simulated; {{[0-9]+}} cycles
# CHECK-NEXT: first workgroup: its waves end at cycle [[#]] [[#]]
# CHECK: backend: sim

# More CUs: this CU runs every second workgroup only, so workgroup 1's half of
# the buffer is left as it was.
# RUN: emu-run %t.hsaco --kernel=iota --grid=2 --block=64 --arg='u32[128]' \
# RUN:   --dump=0 --backend=sim --compute-units=2 --json | FileCheck %s --check-prefix=JSON
# JSON: arg0: 1 2 {{.*}} 63 64 0 0 {{.*}} 0 0{{$}}
# JSON-NEXT: {
# JSON-DAG: "first_workgroup_wave_ends": [
# JSON-DAG: "workgroups_on_cu": 1
# JSON-DAG: "simulated_workgroups": 1

# RUN: %python %S/Inputs/exit-code.py emu-run %t.hsaco --kernel=iota --arg='u32[128]' --backend=sim --compute-units=0 | FileCheck %s --check-prefix=CU
# CU: error: --compute-units must be an integer in 1..1024, not '0'
# CU: exit=2
# RUN: %python %S/Inputs/exit-code.py emu-run %t.hsaco --kernel=iota --arg='u32[128]' --backend=sim --clock-ghz=fast | FileCheck %s --check-prefix=CLOCK
# CLOCK: error: --clock-ghz must be a number in (0, 10], not 'fast'
# CLOCK: exit=2
# RUN: %python %S/Inputs/exit-code.py emu-run %t.hsaco --kernel=iota --arg='u32[128]' --backend=sim --sim-param LdsLatency=0 | FileCheck %s --check-prefix=PARAM
# PARAM: error: --sim-param LdsLatency: '0' is not an integer in 1..1000000
# PARAM: exit=2
# RUN: %python %S/Inputs/exit-code.py emu-run %t.hsaco --kernel=iota --arg='u32[128]' --backend=sim --sim-param LdsPairPacking=yes | FileCheck %s --check-prefix=SWITCH
# SWITCH: error: --sim-param LdsPairPacking: 'yes' is not 0 (off) or 1 (on)
# SWITCH: exit=2
# RUN: %python %S/Inputs/exit-code.py emu-run %t.hsaco --kernel=iota --arg='u32[128]' --backend=sim --sim-param Nope=1 | FileCheck %s --check-prefix=NAME
# NAME: error: --sim-param: unknown parameter 'Nope' (expected NAME=VALUE, NAME one of ValuLatency,
# NAME: exit=2
# RUN: %python %S/Inputs/exit-code.py emu-run %t.hsaco --kernel=iota --arg='u32[128]' --json | FileCheck %s --check-prefix=NOSIM
# NOSIM: error: --json needs --backend=sim
# NOSIM: exit=2

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl iota
  .p2align 8
  .type iota,@function
iota:
  s_load_b64 s[4:5], s[0:1], 0x0
  v_and_b32 v0, 0x3ff, v0
  s_lshl_b32 s6, s2, 6                // workgroup x * 64
  v_add_nc_u32 v1, s6, v0
  v_add_nc_u32 v2, 1, v1
  v_lshlrev_b32 v1, 2, v1
  s_waitcnt lgkmcnt(0)
  global_store_b32 v1, v2, s[4:5]
  s_endpgm

  .rodata
  .p2align 6
  .amdhsa_kernel iota
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_system_sgpr_workgroup_id_x 1
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 16
    .amdhsa_wavefront_size32 1
    .amdhsa_workgroup_processor_mode 0
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: iota
    .symbol: iota.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 8
    .max_flat_workgroup_size: 64
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
...
  .end_amdgpu_metadata
