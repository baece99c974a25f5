# Emulator: DPP16 (every RDNA3 dpp_ctrl kind, row_mask, bank_mask,
# bound_ctrl, fi), DPP8, DPP on VOP2, VOP3, VOPC and v_cndmask,
# v_permlane16_b32 / v_permlanex16_b32, v_readfirstlane_b32, v_readlane_b32,
# v_writelane_b32, and the f32 add reductions that upstream MLIR's
# gpu.subgroup_reduce lowering to DPP (populateGpuLowerSubgroupReduceToDPP-
# Patterns and the clustered variant, subgroup size 32, chipset gfx1100)
# becomes after LLVM 22 (instructions copied from llc's output). Semantics:
# ISA guide 7.7 (DPP16, Table 31 BC/FI, DPP8) and the V_PERMLANE*_B32
# descriptions; the expected values were computed by a script from them.
# Lane l: source v1 = 100 + l, the destination's old value 1000 + l.
# REQUIRES: gemm-run
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.hsaco
# RUN: llvm-objdump -d %t.hsaco | FileCheck %s --check-prefix=ASM
# RUN: emu-run %t.hsaco --kernel=dpp16 --arg='u32[32]' --arg='u32[32]' \
# RUN:   --arg='u32[32]' --arg='u32[32]' --arg='u32[32]' --arg='u32[32]' \
# RUN:   --arg='u32[32]' --arg='u32[32]' --arg='u32[32]' --arg='u32[32]' \
# RUN:   --arg='u32[32]' --arg='u32[32]' --arg='u32[32]' --arg='u32[32]' \
# RUN:   --arg='u32[32]' --arg='u32[32]' --dump=0 --dump=1 --dump=2 --dump=3 \
# RUN:   --dump=4 --dump=5 --dump=6 --dump=7 --dump=8 --dump=9 --dump=10 \
# RUN:   --dump=11 --dump=12 --dump=13 --dump=14 --dump=15 \
# RUN:   | FileCheck %s --check-prefix=DPP16
# RUN: emu-run %t.hsaco --kernel=dppalu --arg='u32[32]' --arg='u32[32]' \
# RUN:   --arg='u32[32]' --arg='u32[32]' --arg='u32[32]' --arg='u32[32]' \
# RUN:   --arg='u32[32]' --arg='u32[32]' --dump=0 --dump=1 --dump=2 --dump=3 \
# RUN:   --dump=4 --dump=5 --dump=6 --dump=7 \
# RUN:   | FileCheck %s --check-prefix=DPPALU
# RUN: emu-run %t.hsaco --kernel=lanes --arg='u32[32]' --arg='u32[32]' \
# RUN:   --arg='u32[32]' --arg='u32[32]' --arg='u32[32]' --arg='u32[32]' \
# RUN:   --arg='u32[32]' --arg='u32[32]' --dump=0 --dump=1 --dump=2 --dump=3 \
# RUN:   --dump=4 --dump=5 --dump=6 --dump=7 \
# RUN:   | FileCheck %s --check-prefix=LANES
# RUN: emu-run %t.hsaco --kernel=reduce --arg='f32[32]' --arg='f32[32]' \
# RUN:   --arg='f32[32]' --arg='f32[32]' --arg='f32[32]' --arg='f32[32]' \
# RUN:   --arg='f32[32]' --arg='f32[32]' --dump=0 --dump=1 --dump=2 --dump=3 \
# RUN:   --dump=4 --dump=5 --dump=6 --dump=7 \
# RUN:   | FileCheck %s --check-prefix=REDUCE
# RUN: not emu-run %t.hsaco --kernel=bcast 2>&1 | FileCheck %s --check-prefix=BCAST
# RUN: not emu-run %t.hsaco --kernel=carry 2>&1 | FileCheck %s --check-prefix=CARRY

# The disassembler (which the emulator decodes with) sees the DPP forms.
# ASM: v_mov_b32_dpp v10, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
# ASM: v_mov_b32_dpp v10, v1 dpp8:[7,6,5,4,3,2,1,0]
# ASM: v_permlane16_b32 v14, v1, s50, s51 op_sel:[0,1]
# ASM: v_add_f32_dpp v1, v1, v1 row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
# ASM: v_permlanex16_b32 v2, v1, -1, -1 op_sel:[1,0]

# BCAST: unsupported instruction V_MOV_B32_dpp_gfx11: dpp_ctrl 0x142 is not a DPP16 control of RDNA3
# CARRY: unsupported instruction V_ADD_CO_CI_U32_dpp_gfx11: DPP on this operation is not implemented

# quad_perm:[1,0,3,2]
# DPP16: arg0: 101 100 103 102 105 104 107 106 109 108 111 110 113 112 115 114 117 116 119 118 121 120 123 122 125 124 127 126 129 128 131 130{{$}}
# quad_perm:[3,3,0,1]
# DPP16: arg1: 103 103 100 101 107 107 104 105 111 111 108 109 115 115 112 113 119 119 116 117 123 123 120 121 127 127 124 125 131 131 128 129{{$}}
# row_shl:3 bound_ctrl:1: out of range reads 0
# DPP16: arg2: 103 104 105 106 107 108 109 110 111 112 113 114 115 0 0 0 119 120 121 122 123 124 125 126 127 128 129 130 131 0 0 0{{$}}
# row_shr:3: out of range keeps the old value
# DPP16: arg3: 1000 1001 1002 100 101 102 103 104 105 106 107 108 109 110 111 112 1016 1017 1018 116 117 118 119 120 121 122 123 124 125 126 127 128{{$}}
# row_ror:5
# DPP16: arg4: 111 112 113 114 115 100 101 102 103 104 105 106 107 108 109 110 127 128 129 130 131 116 117 118 119 120 121 122 123 124 125 126{{$}}
# row_mirror
# DPP16: arg5: 115 114 113 112 111 110 109 108 107 106 105 104 103 102 101 100 131 130 129 128 127 126 125 124 123 122 121 120 119 118 117 116{{$}}
# row_half_mirror
# DPP16: arg6: 107 106 105 104 103 102 101 100 115 114 113 112 111 110 109 108 123 122 121 120 119 118 117 116 131 130 129 128 127 126 125 124{{$}}
# row_share:5
# DPP16: arg7: 105 105 105 105 105 105 105 105 105 105 105 105 105 105 105 105 121 121 121 121 121 121 121 121 121 121 121 121 121 121 121 121{{$}}
# row_xmask:6
# DPP16: arg8: 106 107 104 105 102 103 100 101 114 115 112 113 110 111 108 109 122 123 120 121 118 119 116 117 130 131 128 129 126 127 124 125{{$}}
# row_mask:0x2 bank_mask:0x5
# DPP16: arg9: 1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 116 117 118 119 1020 1021 1022 1023 124 125 126 127 1028 1029 1030 1031{{$}}
# inactive source: not written
# DPP16: arg10: 1000 1001 103 102 105 104 107 106 109 108 111 110 113 112 115 114 1016 1017 119 118 121 120 123 122 125 124 127 126 129 128 131 130{{$}}
# inactive source, bound_ctrl:1: 0
# DPP16: arg11: 0 1001 103 102 105 104 107 106 109 108 111 110 113 112 115 114 0 1017 119 118 121 120 123 122 125 124 127 126 129 128 131 130{{$}}
# inactive source, fi:1: fetched
# DPP16: arg12: 101 1001 103 102 105 104 107 106 109 108 111 110 113 112 115 114 117 1017 119 118 121 120 123 122 125 124 127 126 129 128 131 130{{$}}
# row_shr:1 fi:1: out of range keeps the old value
# DPP16: arg13: 1000 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 1016 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130{{$}}
# row_shr:1 bound_ctrl:1 fi:1: out of range reads 0
# DPP16: arg14: 0 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 0 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130{{$}}
# row_ror:15 (VOP3 form)
# DPP16: arg15: 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 100 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 116{{$}}

# dpp8:[7,6,5,4,3,2,1,0]
# DPPALU: arg0: 107 106 105 104 103 102 101 100 115 114 113 112 111 110 109 108 123 122 121 120 119 118 117 116 131 130 129 128 127 126 125 124{{$}}
# dpp8, inactive source reads 0
# DPPALU: arg1: 0 1001 103 102 105 104 107 106 109 108 111 110 113 112 115 114 0 1017 119 118 121 120 123 122 125 124 127 126 129 128 131 130{{$}}
# dpp8 fi:1, inactive source fetched
# DPPALU: arg2: 101 1001 103 102 105 104 107 106 109 108 111 110 113 112 115 114 117 1017 119 118 121 120 123 122 125 124 127 126 129 128 131 130{{$}}
# v_sub_nc_u32_dpp: src0[l ^ 1] - l
# DPPALU: arg3: 101 99 101 99 101 99 101 99 101 99 101 99 101 99 101 99 101 99 101 99 101 99 101 99 101 99 101 99 101 99 101 99{{$}}
# v_add_nc_u32_dpp dpp8:[0,...]: src0[l & ~7] + l
# DPPALU: arg4: 100 101 102 103 104 105 106 107 116 117 118 119 120 121 122 123 132 133 134 135 136 137 138 139 148 149 150 151 152 153 154 155{{$}}
# v_add3_u32_e64_dpp row_mirror: src0[mirror] + 2 l + 10000
# DPPALU: arg5: 10115 10116 10117 10118 10119 10120 10121 10122 10123 10124 10125 10126 10127 10128 10129 10130 10163 10164 10165 10166 10167 10168 10169 10170 10171 10172 10173 10174 10175 10176 10177 10178{{$}}
# v_cndmask_b32_dpp, vcc = 0xffff
# DPPALU: arg6: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 131 130 129 128 127 126 125 124 123 122 121 120 119 118 117 116{{$}}
# VCC (preset -1) of v_cmp_lt row_shl:1 = 0, with bound_ctrl:1 0x80008000; EXEC of v_cmpx_gt row_shl:1 bank_mask:0xe 0x7ff07ff0; v_cmp_eq_e64 row_share:0 row_mask:0x1 0xffff
# DPPALU: arg7: 0 2147516416 2146467824 65535 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0{{$}}

# v_permlane16_b32, lane i reads i + 1 of its row
# LANES: arg0: 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 100 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 116{{$}}
# v_permlanex16_b32, i + 1 of the other row
# LANES: arg1: 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 116 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 100{{$}}
# v_permlanex16_b32 -1, -1: lane 15 of the other row
# LANES: arg2: 131 131 131 131 131 131 131 131 131 131 131 131 131 131 131 131 115 115 115 115 115 115 115 115 115 115 115 115 115 115 115 115{{$}}
# inactive source: not written
# LANES: arg3: 1000 1001 103 104 105 106 107 108 109 110 111 112 113 114 115 100 1016 1017 119 120 121 122 123 124 125 126 127 128 129 130 131 116{{$}}
# inactive source, op_sel:[0,1] (bound_ctrl): 0
# LANES: arg4: 0 1001 103 104 105 106 107 108 109 110 111 112 113 114 115 100 0 1017 119 120 121 122 123 124 125 126 127 128 129 130 131 116{{$}}
# inactive source, op_sel:[1,0] (fi): fetched
# LANES: arg5: 101 1001 103 104 105 106 107 108 109 110 111 112 113 114 115 100 117 1017 119 120 121 122 123 124 125 126 127 128 129 130 131 116{{$}}
# v_permlanex16_b32 with vdst = src0
# LANES: arg6: 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 116 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 100{{$}}
# readfirstlane (EXEC 0xfff00000) 120, (EXEC 0) 100; readlane 31: 131, readlane s (37): 105; writelane with EXEC 0: 777
# LANES: arg7: 120 100 131 105 777 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0{{$}}

# x = (lane + 1)^2
# REDUCE: arg0: 1 4 9 16 25 36 49 64 81 100 121 144 169 196 225 256 289 324 361 400 441 484 529 576 625 676 729 784 841 900 961 1024{{$}}
# cluster 4
# REDUCE: arg1: 30 30 30 30 174 174 174 174 446 446 446 446 846 846 846 846 1374 1374 1374 1374 2030 2030 2030 2030 2814 2814 2814 2814 3726 3726 3726 3726{{$}}
# cluster 8
# REDUCE: arg2: 204 204 204 204 204 204 204 204 1292 1292 1292 1292 1292 1292 1292 1292 3404 3404 3404 3404 3404 3404 3404 3404 6540 6540 6540 6540 6540 6540 6540 6540{{$}}
# cluster 16
# REDUCE: arg3: 1496 1496 1496 1496 1496 1496 1496 1496 1496 1496 1496 1496 1496 1496 1496 1496 9944 9944 9944 9944 9944 9944 9944 9944 9944 9944 9944 9944 9944 9944 9944 9944{{$}}
# 32 lanes before the broadcast
# REDUCE: arg4: 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440{{$}}
# cluster 32 / whole wave: 11440 = sum of x
# REDUCE: arg5: 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440 11440{{$}}
# -x[l ^ 1] + x[l] (neg modifier on the DPP source)
# REDUCE: arg6: -3 3 -7 7 -11 11 -15 15 -19 19 -23 23 -27 27 -31 31 -35 35 -39 39 -43 43 -47 47 -51 51 -55 55 -59 59 -63 63{{$}}
# v_fmac_f32_dpp: 1 + x[row's lane 0] * 2
# REDUCE: arg7: 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 579 579 579 579 579 579 579 579 579 579 579 579 579 579 579 579{{$}}

  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text

# The destination's old value: 1000 + lane.
.macro OLD reg
  v_add_nc_u32 \reg, 0x3e8, v0
.endm

# DPP16 controls on v_mov_b32_dpp, row_mask / bank_mask, bound_ctrl and fi.
# v1 = 100 + lane is the source.
  .globl dpp16
  .p2align 8
  .type dpp16,@function
dpp16:
  s_load_b512 s[8:23], s[0:1], 0x0
  s_load_b512 s[24:39], s[0:1], 0x40
  v_lshlrev_b32 v3, 2, v0
  v_add_nc_u32 v1, 0x64, v0
  OLD v10
  v_mov_b32_dpp v10, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
  OLD v11
  v_mov_b32_dpp v11, v1 quad_perm:[3,3,0,1] row_mask:0xf bank_mask:0xf
  OLD v12
  v_mov_b32_dpp v12, v1 row_shl:3 row_mask:0xf bank_mask:0xf bound_ctrl:1
  OLD v13
  v_mov_b32_dpp v13, v1 row_shr:3 row_mask:0xf bank_mask:0xf
  OLD v14
  v_mov_b32_dpp v14, v1 row_ror:5 row_mask:0xf bank_mask:0xf
  OLD v15
  v_mov_b32_dpp v15, v1 row_mirror row_mask:0xf bank_mask:0xf
  OLD v16
  v_mov_b32_dpp v16, v1 row_half_mirror row_mask:0xf bank_mask:0xf
  OLD v17
  v_mov_b32_dpp v17, v1 row_share:5 row_mask:0xf bank_mask:0xf
  OLD v18
  v_mov_b32_dpp v18, v1 row_xmask:6 row_mask:0xf bank_mask:0xf
  # Only row 1, banks 0 and 2 (lanes 16-19, 24-27) are written.
  OLD v19
  v_mov_b32_dpp v19, v1 quad_perm:[0,1,2,3] row_mask:0x2 bank_mask:0x5
  # Lanes 1 and 17 inactive: lanes 0 and 16 read an inactive lane.
  OLD v20
  OLD v21
  OLD v22
  s_mov_b32 exec_lo, 0xfffdfffd
  v_mov_b32_dpp v20, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
  v_mov_b32_dpp v21, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_mov_b32_dpp v22, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf fi:1
  s_mov_b32 exec_lo, -1
  # Out of range (lanes 0 and 16): fi does not fetch, bound_ctrl decides.
  OLD v23
  v_mov_b32_dpp v23, v1 row_shr:1 row_mask:0xf bank_mask:0xf fi:1
  OLD v24
  v_mov_b32_dpp v24, v1 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1 fi:1
  OLD v25
  v_mov_b32_e64_dpp v25, v1 row_ror:15 row_mask:0xf bank_mask:0xf
  s_waitcnt lgkmcnt(0)
  global_store_b32 v3, v10, s[8:9]
  global_store_b32 v3, v11, s[10:11]
  global_store_b32 v3, v12, s[12:13]
  global_store_b32 v3, v13, s[14:15]
  global_store_b32 v3, v14, s[16:17]
  global_store_b32 v3, v15, s[18:19]
  global_store_b32 v3, v16, s[20:21]
  global_store_b32 v3, v17, s[22:23]
  global_store_b32 v3, v18, s[24:25]
  global_store_b32 v3, v19, s[26:27]
  global_store_b32 v3, v20, s[28:29]
  global_store_b32 v3, v21, s[30:31]
  global_store_b32 v3, v22, s[32:33]
  global_store_b32 v3, v23, s[34:35]
  global_store_b32 v3, v24, s[36:37]
  global_store_b32 v3, v25, s[38:39]
  s_endpgm

# DPP8, and DPP on VOP2, VOP3, VOPC (VCC, EXEC, an SGPR) and v_cndmask.
  .globl dppalu
  .p2align 8
  .type dppalu,@function
dppalu:
  s_load_b512 s[8:23], s[0:1], 0x0
  v_lshlrev_b32 v3, 2, v0
  v_add_nc_u32 v1, 0x64, v0
  v_add_nc_u32 v6, 0x64, v0
  v_lshlrev_b32 v8, 1, v0
  v_mov_b32 v5, 0x2710
  v_mov_b32 v17, 0
  OLD v10
  v_mov_b32_dpp v10, v1 dpp8:[7,6,5,4,3,2,1,0]
  # Lanes 1 and 17 inactive: DPP8 reads zero from them unless fi.
  OLD v11
  OLD v12
  s_mov_b32 exec_lo, 0xfffdfffd
  v_mov_b32_dpp v11, v1 dpp8:[1,0,3,2,5,4,7,6]
  v_mov_b32_dpp v12, v1 dpp8:[1,0,3,2,5,4,7,6] fi:1
  s_mov_b32 exec_lo, -1
  # Only src0 is read across lanes.
  v_sub_nc_u32_dpp v13, v1, v0 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
  v_add_nc_u32_dpp v14, v1, v0 dpp8:[0,0,0,0,0,0,0,0]
  v_add3_u32_e64_dpp v15, v1, v8, v5 row_mirror row_mask:0xf bank_mask:0xf
  s_mov_b32 vcc_lo, 0xffff
  v_cndmask_b32_dpp v16, v1, v0, vcc_lo row_mirror row_mask:0xf bank_mask:0xf
  # Compares: a lane not written gets a zero bit.
  s_mov_b32 vcc_lo, -1
  v_cmp_lt_u32_dpp vcc_lo, v1, v6 row_shl:1 row_mask:0xf bank_mask:0xf
  v_writelane_b32 v17, vcc_lo, 0
  s_mov_b32 vcc_lo, -1
  v_cmp_lt_u32_dpp vcc_lo, v1, v6 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_writelane_b32 v17, vcc_lo, 1
  v_cmpx_gt_u32_dpp v1, v6 row_shl:1 row_mask:0xf bank_mask:0xe
  s_mov_b32 s40, exec_lo
  s_mov_b32 exec_lo, -1
  v_writelane_b32 v17, s40, 2
  v_and_b32 v7, 16, v0
  v_add_nc_u32 v7, 0x64, v7
  v_cmp_eq_u32_e64_dpp s41, v1, v7 row_share:0 row_mask:0x1 bank_mask:0xf
  v_writelane_b32 v17, s41, 3
  s_waitcnt lgkmcnt(0)
  global_store_b32 v3, v10, s[8:9]
  global_store_b32 v3, v11, s[10:11]
  global_store_b32 v3, v12, s[12:13]
  global_store_b32 v3, v13, s[14:15]
  global_store_b32 v3, v14, s[16:17]
  global_store_b32 v3, v15, s[18:19]
  global_store_b32 v3, v16, s[20:21]
  global_store_b32 v3, v17, s[22:23]
  s_endpgm

# v_permlane16_b32, v_permlanex16_b32 (op_sel:[fi,bound_ctrl]),
# v_readfirstlane_b32, v_readlane_b32, v_writelane_b32.
  .globl lanes
  .p2align 8
  .type lanes,@function
lanes:
  s_load_b512 s[8:23], s[0:1], 0x0
  v_lshlrev_b32 v3, 2, v0
  v_add_nc_u32 v1, 0x64, v0
  v_mov_b32 v17, 0
  # Lane i reads lane i + 1 of its row (the ISA guide's rotation example).
  s_mov_b32 s50, 0x87654321
  s_mov_b32 s51, 0x0fedcba9
  OLD v10
  v_permlane16_b32 v10, v1, s50, s51
  OLD v11
  v_permlanex16_b32 v11, v1, s50, s51
  OLD v12
  v_permlanex16_b32 v12, v1, -1, -1
  # Lanes 1 and 17 inactive: lanes 0 and 16 read an inactive lane.
  OLD v13
  OLD v14
  OLD v15
  s_mov_b32 exec_lo, 0xfffdfffd
  v_permlane16_b32 v13, v1, s50, s51
  v_permlane16_b32 v14, v1, s50, s51 op_sel:[0,1]
  v_permlane16_b32 v15, v1, s50, s51 op_sel:[1,0]
  s_mov_b32 exec_lo, -1
  # The destination is the source.
  v_mov_b32 v16, v1
  v_permlanex16_b32 v16, v16, s50, s51
  # readfirstlane: the lowest active lane, lane 0 if none; writelane ignores
  # EXEC; readlane uses the lane select's low 5 bits (37 -> 5).
  s_mov_b32 exec_lo, 0xfff00000
  v_readfirstlane_b32 s40, v1
  s_mov_b32 exec_lo, 0
  v_readfirstlane_b32 s41, v1
  s_movk_i32 s53, 0x309
  v_writelane_b32 v17, s53, 4
  s_mov_b32 exec_lo, -1
  v_readlane_b32 s42, v1, 31
  s_mov_b32 s52, 37
  v_readlane_b32 s43, v1, s52
  v_writelane_b32 v17, s40, 0
  v_writelane_b32 v17, s41, 1
  v_writelane_b32 v17, s42, 2
  v_writelane_b32 v17, s43, 3
  s_waitcnt lgkmcnt(0)
  global_store_b32 v3, v10, s[8:9]
  global_store_b32 v3, v11, s[10:11]
  global_store_b32 v3, v12, s[12:13]
  global_store_b32 v3, v13, s[14:15]
  global_store_b32 v3, v14, s[16:17]
  global_store_b32 v3, v15, s[18:19]
  global_store_b32 v3, v16, s[20:21]
  global_store_b32 v3, v17, s[22:23]
  s_endpgm

# An f32 add reduction, x = (lane + 1)^2, in the instruction sequences that
# upstream MLIR's gpu.subgroup_reduce DPP lowering (wave32, gfx1100) gives
# after LLVM 22's llc: cluster sizes 4, 8, 16, 32 (the last one is also the
# whole wave's sequence). Then an fneg source modifier on a DPP source, and
# v_fmac_f32_dpp's accumulator.
  .globl reduce
  .p2align 8
  .type reduce,@function
reduce:
  s_load_b512 s[8:23], s[0:1], 0x0
  v_lshlrev_b32 v3, 2, v0
  v_add_nc_u32 v4, 1, v0
  v_mul_u32_u24 v4, v4, v4
  v_cvt_f32_u32 v10, v4
  # cluster(size = 4)
  v_mov_b32 v1, v10
  v_add_f32_dpp v1, v1, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_delay_alu instid0(VALU_DEP_1)
  v_add_f32_dpp v1, v1, v1 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_mov_b32 v11, v1
  # cluster(size = 8)
  v_mov_b32 v1, v10
  v_add_f32_dpp v1, v1, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
  v_add_f32_dpp v1, v1, v1 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_add_f32_dpp v1, v1, v1 row_half_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_mov_b32 v12, v1
  # cluster(size = 16)
  v_mov_b32 v1, v10
  v_add_f32_dpp v1, v1, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
  v_add_f32_dpp v1, v1, v1 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_add_f32_dpp v1, v1, v1 row_half_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_delay_alu instid0(VALU_DEP_1)
  v_add_f32_dpp v1, v1, v1 row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_mov_b32 v13, v1
  # The 32-lane sum in every lane before the final broadcast.
  v_mov_b32 v1, v10
  v_add_f32_dpp v1, v1, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_add_f32_dpp v1, v1, v1 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_add_f32_dpp v1, v1, v1 row_half_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_add_f32_dpp v1, v1, v1 row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_permlanex16_b32 v2, v1, -1, -1 op_sel:[1,0]
  v_add_f32_e32 v1, v1, v2
  v_mov_b32 v14, v1
  # cluster(size = 32) and the whole wave (no cluster): the same sequence.
  v_mov_b32 v1, v10
  v_add_f32_dpp v1, v1, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
  v_add_f32_dpp v1, v1, v1 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_add_f32_dpp v1, v1, v1 row_half_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
  v_add_f32_dpp v1, v1, v1 row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_permlanex16_b32 v2, v1, -1, -1 op_sel:[1,0]
  s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
  v_add_f32_e32 v1, v1, v2
  v_readlane_b32 s2, v1, 31
  s_delay_alu instid0(VALU_DEP_1)
  v_mov_b32_e32 v1, s2
  v_mov_b32 v15, v1
  # -x[lane ^ 1] + x[lane]; 1 + x[row's lane 0] * 2.
  v_add_f32_dpp v16, -v10, v10 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
  v_mov_b32 v17, 1.0
  v_mov_b32 v18, 2.0
  v_fmac_f32_dpp v17, v10, v18 row_share:0 row_mask:0xf bank_mask:0xf
  s_mov_b32 s2, 0
  v_mov_b32 v1, 0
  s_waitcnt lgkmcnt(0)
  global_store_b32 v3, v10, s[8:9]
  global_store_b32 v3, v11, s[10:11]
  global_store_b32 v3, v12, s[12:13]
  global_store_b32 v3, v13, s[14:15]
  global_store_b32 v3, v14, s[16:17]
  global_store_b32 v3, v15, s[18:19]
  global_store_b32 v3, v16, s[20:21]
  global_store_b32 v3, v17, s[22:23]
  s_endpgm

# Not implemented: an error that names the instruction, no assertion.
# row_bcast:15 (dpp_ctrl 0x142), a GFX9 control the disassembler still
# decodes for gfx1100, and DPP on a carry-out operation.
  .globl bcast
  .p2align 8
  .type bcast,@function
bcast:
  .byte 0xfa, 0x02, 0x02, 0x7e, 0x02, 0x42, 0x01, 0xff
  s_endpgm

  .globl carry
  .p2align 8
  .type carry,@function
carry:
  v_add_co_ci_u32_dpp v1, vcc_lo, v2, v3, vcc_lo row_shl:1 row_mask:0xf bank_mask:0xf
  s_endpgm

  .rodata
  .p2align 6
.macro KD name, sgprs
  .amdhsa_kernel \name
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_next_free_vgpr 32
    .amdhsa_next_free_sgpr \sgprs
    .amdhsa_wavefront_size32 1
  .end_amdhsa_kernel
.endm
  KD dpp16, 40
  KD dppalu, 48
  KD lanes, 56
  KD reduce, 24
  KD bcast, 8
  KD carry, 8

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: dpp16
    .symbol: dpp16.kd
    .kernarg_segment_size: 128
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 56
    .vgpr_count: 32
    .max_flat_workgroup_size: 32
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 24, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 32, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 40, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 48, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 56, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 64, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 72, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 80, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 88, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 96, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 104, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 112, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 120, .size: 8, .value_kind: global_buffer, .address_space: global }
  - .name: dppalu
    .symbol: dppalu.kd
    .kernarg_segment_size: 64
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 56
    .vgpr_count: 32
    .max_flat_workgroup_size: 32
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 24, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 32, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 40, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 48, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 56, .size: 8, .value_kind: global_buffer, .address_space: global }
  - .name: lanes
    .symbol: lanes.kd
    .kernarg_segment_size: 64
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 56
    .vgpr_count: 32
    .max_flat_workgroup_size: 32
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 24, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 32, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 40, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 48, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 56, .size: 8, .value_kind: global_buffer, .address_space: global }
  - .name: reduce
    .symbol: reduce.kd
    .kernarg_segment_size: 64
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 56
    .vgpr_count: 32
    .max_flat_workgroup_size: 32
    .args:
      - { .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 24, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 32, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 40, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 48, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 56, .size: 8, .value_kind: global_buffer, .address_space: global }
  - .name: bcast
    .symbol: bcast.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 56
    .vgpr_count: 32
    .max_flat_workgroup_size: 32
  - .name: carry
    .symbol: carry.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 56
    .vgpr_count: 32
    .max_flat_workgroup_size: 32
...
  .end_amdgpu_metadata
