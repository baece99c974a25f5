//===- Backend.cpp - Backend selection ------------------------------------===//

#include "gemm-runtime/Backend.h"

using namespace llvm;
using namespace gemm::rt;

Backend::~Backend() = default;

char NoDeviceError::ID = 0;

void NoDeviceError::log(raw_ostream &OS) const { OS << Msg; }

std::error_code NoDeviceError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

Expected<std::unique_ptr<Backend>> gemm::rt::createBackend(StringRef Kind) {
  if (Kind == "emu")
    return createEmulatorBackend();
  if (Kind == "hip")
    return createHipBackend();
  if (Kind == "auto") {
    auto Hip = createHipBackend();
    if (Hip)
      return Hip;
    // No device is the expected case here; other HIP errors are reported.
    if (Error E = handleErrors(Hip.takeError(), [](const NoDeviceError &) {}))
      return std::move(E);
    return createEmulatorBackend();
  }
  return createStringError(inconvertibleErrorCode(),
                           "unknown backend '" + Kind +
                               "' (expected emu, hip or auto)");
}

int gemm::rt::classifyBackendError(Error E, std::string &Msg) {
  int Code = 2;
  handleAllErrors(
      std::move(E),
      [&](const NoDeviceError &N) {
        Code = ExitNoDevice;
        Msg = N.message();
      },
      [&](const ErrorInfoBase &EI) { Msg = EI.message(); });
  return Code;
}
