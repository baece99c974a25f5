//===- HipBackend.cpp - Backend on a real GPU through HIP -----------------===//
//
// Compiled against HIP only when CMake found it (GEMM_RUNTIME_HAVE_HIP);
// otherwise createHipBackend() reports that there is no HIP device.
//
//===----------------------------------------------------------------------===//

#include "gemm-runtime/Backend.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace gemm::rt;

#ifndef GEMM_RUNTIME_HAVE_HIP

bool gemm::rt::isHipBuiltIn() { return false; }

Expected<std::unique_ptr<Backend>> gemm::rt::createHipBackend() {
  return make_error<NoDeviceError>(
      "no HIP device: this build has no HIP support (HIP was not found at "
      "configure time)");
}

#else

#include <hip/hip_runtime_api.h>

namespace {

Error hipError(hipError_t E, StringRef What) {
  return createStringError(
      inconvertibleErrorCode(),
      formatv("HIP: {0} failed: {1}", What, hipGetErrorString(E)));
}

class HipBackend : public Backend {
public:
  HipBackend(int Device, std::string Desc) : Device(Device), Desc(Desc) {}
  ~HipBackend() override {
    for (void *P : Allocations)
      (void)hipFree(P);
    if (Module)
      (void)hipModuleUnload(Module);
  }
  StringRef name() const override { return "hip"; }
  std::string deviceDescription() const override { return Desc; }

  Expected<uint64_t> allocate(size_t Bytes) override {
    void *P = nullptr;
    if (hipError_t E = hipMalloc(&P, Bytes))
      return hipError(E, "hipMalloc");
    Allocations.push_back(P);
    return reinterpret_cast<uint64_t>(P);
  }
  Error copyToDevice(uint64_t Dst, const void *Src, size_t Bytes) override {
    if (hipError_t E = hipMemcpy(reinterpret_cast<void *>(Dst), Src, Bytes,
                                 hipMemcpyHostToDevice))
      return hipError(E, "hipMemcpy to device");
    return Error::success();
  }
  Error copyFromDevice(void *Dst, uint64_t Src, size_t Bytes) override {
    if (hipError_t E = hipMemcpy(Dst, reinterpret_cast<void *>(Src), Bytes,
                                 hipMemcpyDeviceToHost))
      return hipError(E, "hipMemcpy from device");
    return Error::success();
  }
  Error loadCodeObject(const CodeObject &CO) override {
    if (hipError_t E = hipModuleLoadData(&Module, CO.image().data()))
      return hipError(E, "hipModuleLoadData");
    return Error::success();
  }
  Expected<LaunchStats> launch(const LaunchParams &P) override {
    hipFunction_t F;
    if (hipError_t E = hipModuleGetFunction(&F, Module, P.Kernel.c_str()))
      return hipError(E, "hipModuleGetFunction(" + P.Kernel + ")");
    // The runtime appends the hidden arguments itself.
    std::vector<uint8_t> Args = P.ExplicitArgs;
    size_t Size = Args.size();
    void *Extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, Args.data(),
                     HIP_LAUNCH_PARAM_BUFFER_SIZE, &Size, HIP_LAUNCH_PARAM_END};
    hipEvent_t Start, Stop;
    if (hipError_t E = hipEventCreate(&Start))
      return hipError(E, "hipEventCreate");
    if (hipError_t E = hipEventCreate(&Stop))
      return hipError(E, "hipEventCreate");
    (void)hipEventRecord(Start, nullptr);
    hipError_t E = hipModuleLaunchKernel(
        F, P.Grid[0], P.Grid[1], P.Grid[2], P.Block[0], P.Block[1], P.Block[2],
        /*sharedMemBytes=*/0, /*stream=*/nullptr, nullptr, Extra);
    (void)hipEventRecord(Stop, nullptr);
    if (E == hipSuccess)
      E = hipEventSynchronize(Stop);
    float Ms = 0;
    if (E == hipSuccess)
      E = hipEventElapsedTime(&Ms, Start, Stop);
    (void)hipEventDestroy(Start);
    (void)hipEventDestroy(Stop);
    if (E != hipSuccess)
      return hipError(E, "kernel launch");
    LaunchStats S;
    S.Milliseconds = Ms;
    return S;
  }

private:
  int Device;
  std::string Desc;
  hipModule_t Module = nullptr;
  std::vector<void *> Allocations;
};

} // namespace

bool gemm::rt::isHipBuiltIn() { return true; }

Expected<std::unique_ptr<Backend>> gemm::rt::createHipBackend() {
  int Count = 0;
  hipError_t E = hipGetDeviceCount(&Count);
  if (E != hipSuccess || Count == 0)
    return make_error<NoDeviceError>(
        formatv("no HIP device: {0}", E != hipSuccess
                                          ? hipGetErrorString(E)
                                          : "the HIP runtime reports 0 devices")
            .str());
  if (hipError_t E2 = hipSetDevice(0))
    return hipError(E2, "hipSetDevice");
  hipDeviceProp_t Prop;
  std::string Desc = "HIP device 0";
  if (hipGetDeviceProperties(&Prop, 0) == hipSuccess)
    Desc = formatv("HIP device 0: {0} ({1})", Prop.name, Prop.gcnArchName);
  return std::make_unique<HipBackend>(0, Desc);
}

#endif
