// As nested-loops.s, but the inner loop's bound is a register (s5): its trip
// count cannot be read from the code.
  s_mov_b32 s2, 0
outer:
  s_add_i32 s2, s2, 8
  s_cmp_ge_i32 s2, s4
  s_cbranch_scc1 done
  s_mov_b32 s3, 10
inner:
  v_fmac_f32 v0, v1, v2
  s_sub_i32 s3, s3, 3
  s_cmp_gt_u32 s3, s5
  s_delay_alu instid0(SALU_CYCLE_1)
  s_cbranch_scc1 inner
  ds_store_b32 v3, v4
  s_barrier
  s_branch outer
done:
  s_endpgm
