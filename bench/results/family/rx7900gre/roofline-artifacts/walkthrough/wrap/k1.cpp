#include "/work/main/bench/calibration/kernels/kernel1_naive.cpp"
#include "/work/main/bench/calibration/kernels/ockl_shim.h"
