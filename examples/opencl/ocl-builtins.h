// OpenCL work-item functions for `clang -nogpulib` on amdgcn-amd-amdhsa.
//
// Without the device library, get_global_id() and friends are undefined
// external calls that ld.lld accepts silently; map them to AMDGPU builtins.
// The group size comes from the code object v5 hidden arguments
// (hidden_group_size_x/y/z: u16 at implicitarg_ptr + 12/14/16).
#ifndef GEMM_OCL_BUILTINS_H
#define GEMM_OCL_BUILTINS_H

#define get_local_id(d)                                                        \
  ((d) == 0   ? __builtin_amdgcn_workitem_id_x()                               \
   : (d) == 1 ? __builtin_amdgcn_workitem_id_y()                               \
              : __builtin_amdgcn_workitem_id_z())
#define get_group_id(d)                                                        \
  ((d) == 0   ? __builtin_amdgcn_workgroup_id_x()                              \
   : (d) == 1 ? __builtin_amdgcn_workgroup_id_y()                              \
              : __builtin_amdgcn_workgroup_id_z())
#define get_local_size(d)                                                      \
  ((uint)((__constant ushort *)__builtin_amdgcn_implicitarg_ptr())[6 + (d)])
#define get_global_id(d) (get_group_id(d) * get_local_size(d) + get_local_id(d))

#ifndef CLK_LOCAL_MEM_FENCE
#define CLK_LOCAL_MEM_FENCE 1
#endif
#define barrier(f)                                                             \
  (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"),                      \
   __builtin_amdgcn_s_barrier(),                                               \
   __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"))
#define fma(a, b, c) __builtin_fmaf(a, b, c)

#endif
