#include "/work/main/bench/calibration/kernels/kernel5_lds_optim.cpp"
#include "/work/main/bench/calibration/kernels/ockl_shim.h"
