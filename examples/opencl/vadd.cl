// c[i] = a[i] + b[i] for i < n: the smallest useful emulator test.
#include "ocl-builtins.h"

__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c, uint n) {
  uint i = get_global_id(0);
  if (i < n)
    c[i] = a[i] + b[i];
}
