#include "/work/main/bench/calibration/kernels/kernel4_gmem_df.cpp"
#include "/work/main/bench/calibration/kernels/ockl_shim.h"
