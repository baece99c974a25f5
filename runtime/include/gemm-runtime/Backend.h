//===- Backend.h - Launcher interface: HIP or the RDNA3 emulator -*- C++
//-*-===//
//
// One interface, two backends. Buffers are named by their device address; the
// caller writes the explicit kernel arguments (kernarg bytes up to the first
// hidden argument) and the backend supplies the hidden ones.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_BACKEND_H
#define GEMM_RUNTIME_BACKEND_H

#include "gemm-runtime/CodeObject.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace gemm {
namespace rt {

/// Exit code of the tools when the requested backend has no device.
constexpr int ExitNoDevice = 3;

/// Default of the tools' --memory-limit: the most the emulator may allocate
/// for one run, and the most the buffers of one run may take (the tools also
/// keep host copies of them). Far beyond any test and any emulator run that
/// ends in reasonable time, far below what would make the host swap or
/// abort.
constexpr uint64_t DefaultMemoryLimit = uint64_t(4) << 30;
/// A byte count with an optional K, M, G or T suffix (powers of 1024), as
/// --memory-limit takes it.
llvm::Expected<uint64_t> parseByteSize(llvm::StringRef S);
/// "4294967296 bytes (4.0 GiB)"; "16 bytes" below 1 KiB.
using ::gemm::formatBytes;

struct LaunchParams {
  std::string Kernel;
  std::array<uint32_t, 3> Grid = {1, 1, 1};  // workgroups per dimension
  std::array<uint32_t, 3> Block = {1, 1, 1}; // work-items per workgroup
  std::vector<uint8_t> ExplicitArgs;         // kernarg bytes before hidden args
  /// Called by the emulator after each workgroup with the workgroups done
  /// and their total (saturated at 2^64 - 1); other backends ignore it.
  std::function<void(uint64_t Done, uint64_t Total)> Progress;
  /// The emulator fails the launch once its waves have executed more
  /// instructions than this (0: no limit): the watchdog for code that does
  /// not end and grids far larger than the problem. Other backends ignore it.
  uint64_t MaxWaveInstructions = 0;
};

struct SimOptions;
struct SimResult;

struct LaunchStats {
  double Milliseconds = 0;       // device time (HIP) or wall time (emulator)
  uint64_t WaveInstructions = 0; // emulator only
  uint64_t Waves = 0;            // emulator only
  /// The timing model's prediction (backend "sim"): Milliseconds is then the
  /// predicted device time.
  std::shared_ptr<const SimResult> Sim;
};

class Backend {
public:
  virtual ~Backend();
  virtual llvm::StringRef name() const = 0;
  /// A human description of the device, e.g. "gfx1100 emulator (wave32)".
  virtual std::string deviceDescription() const = 0;

  virtual llvm::Expected<uint64_t> allocate(size_t Bytes) = 0;
  virtual llvm::Error copyToDevice(uint64_t Dst, const void *Src,
                                   size_t Bytes) = 0;
  virtual llvm::Error copyFromDevice(void *Dst, uint64_t Src, size_t Bytes) = 0;

  virtual llvm::Error loadCodeObject(const CodeObject &CO) = 0;
  /// Runs the kernel once and waits for it.
  virtual llvm::Expected<LaunchStats> launch(const LaunchParams &P) = 0;
};

/// Thrown-free signal that no device exists for the backend (HIP not built in,
/// no driver or no GPU). The tools map it to ExitNoDevice.
class NoDeviceError : public llvm::ErrorInfo<NoDeviceError> {
public:
  static char ID;
  explicit NoDeviceError(std::string Msg) : Msg(std::move(Msg)) {}
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

private:
  std::string Msg;
};

/// The built-in wave32 RDNA3 (gfx1100) emulator; its allocations (buffers,
/// kernarg segments) may take at most \p MemoryLimit bytes in all.
llvm::Expected<std::unique_ptr<Backend>>
createEmulatorBackend(uint64_t MemoryLimit = DefaultMemoryLimit);
/// The emulator under the cycle-level timing model (Simulator.h): launch()
/// predicts the time on an RDNA3 GPU and runs only one CU's workgroups.
llvm::Expected<std::unique_ptr<Backend>>
createSimBackend(const SimOptions &Options,
                 uint64_t MemoryLimit = DefaultMemoryLimit);
/// HIP: fails with NoDeviceError if HIP was not found at build time or there
/// is no usable device.
llvm::Expected<std::unique_ptr<Backend>> createHipBackend();
/// "emu", "hip" or "auto" (HIP if a device exists, else the emulator);
/// \p MemoryLimit bounds the emulator's memory.
llvm::Expected<std::unique_ptr<Backend>>
createBackend(llvm::StringRef Kind, uint64_t MemoryLimit = DefaultMemoryLimit);
bool isHipBuiltIn();
/// Consumes \p E; returns ExitNoDevice for a NoDeviceError, else 2, and the
/// message in \p Msg.
int classifyBackendError(llvm::Error E, std::string &Msg);

} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_BACKEND_H
