#include "/work/main/bench/calibration/kernels/kernel3_registers.cpp"
#include "/work/main/bench/calibration/kernels/ockl_shim.h"
