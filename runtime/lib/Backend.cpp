//===- Backend.cpp - Backend selection ------------------------------------===//

#include "gemm-runtime/Backend.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace gemm::rt;

Backend::~Backend() = default;

char NoDeviceError::ID = 0;

void NoDeviceError::log(raw_ostream &OS) const { OS << Msg; }

std::error_code NoDeviceError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

Expected<uint64_t> gemm::rt::parseByteSize(StringRef S) {
  StringRef Digits = S.trim();
  unsigned Shift = 0;
  if (!Digits.empty()) {
    size_t Unit = StringRef("KMGT").find(toUpper(Digits.back()));
    if (Unit != StringRef::npos) {
      Shift = 10 * (Unit + 1);
      Digits = Digits.drop_back();
    }
  }
  uint64_t N;
  if (Digits.getAsInteger(10, N) || N > (UINT64_MAX >> Shift))
    return createStringError(inconvertibleErrorCode(),
                             "'" + S +
                                 "' is not a byte count (an integer with an "
                                 "optional K, M, G or T suffix)");
  return N << Shift;
}

Expected<std::unique_ptr<Backend>>
gemm::rt::createBackend(StringRef Kind, uint64_t MemoryLimit) {
  if (Kind == "emu")
    return createEmulatorBackend(MemoryLimit);
  if (Kind == "hip")
    return createHipBackend();
  if (Kind == "auto") {
    auto Hip = createHipBackend();
    if (Hip)
      return Hip;
    // No device is the expected case here; other HIP errors are reported.
    if (Error E = handleErrors(Hip.takeError(), [](const NoDeviceError &) {}))
      return std::move(E);
    return createEmulatorBackend(MemoryLimit);
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
