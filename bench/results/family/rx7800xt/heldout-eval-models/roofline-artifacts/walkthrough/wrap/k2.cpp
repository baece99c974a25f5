#include "/work/main/bench/calibration/kernels/kernel2_lds.cpp"
#include "/work/main/bench/calibration/kernels/ockl_shim.h"
