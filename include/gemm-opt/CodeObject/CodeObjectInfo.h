//===- CodeObjectInfo.h - Read AMDGPU code object metadata ------*- C++ -*-===//
//
// Reads what a runtime or a report needs from an AMDHSA code object: the
// target, the code object version and, per kernel, the resources and kernarg
// layout recorded in the NT_AMDGPU_METADATA note. LLVM only, no MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_CODEOBJECT_CODEOBJECTINFO_H
#define GEMM_OPT_CODEOBJECT_CODEOBJECTINFO_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gemm {

/// One entry of a kernel's `.args` metadata.
struct KernelArgInfo {
  std::string Name;         ///< `.name`, empty when the producer gave none.
  std::string ValueKind;    ///< `.value_kind`, e.g. "global_buffer".
  std::string AddressSpace; ///< `.address_space`, empty when not a pointer.
  uint64_t Offset = 0;      ///< Byte offset in the kernarg segment.
  uint64_t Size = 0;        ///< Byte size in the kernarg segment.
};

/// One entry of `amdhsa.kernels`.
struct KernelInfo {
  std::string Name;   ///< `.name`: the source-level kernel name.
  std::string Symbol; ///< `.symbol`: the kernel descriptor symbol (`*.kd`).
  uint64_t GroupSegmentSize = 0;   ///< Static LDS bytes.
  uint64_t PrivateSegmentSize = 0; ///< Scratch bytes per lane.
  uint64_t KernargSegmentSize = 0;
  uint64_t KernargSegmentAlign = 0;
  uint64_t VgprCount = 0;
  uint64_t SgprCount = 0;
  uint64_t VgprSpillCount = 0;
  uint64_t SgprSpillCount = 0;
  uint64_t WavefrontSize = 0;
  uint64_t MaxFlatWorkgroupSize = 0;
  /// `.reqd_workgroup_size`; all zero when the kernel does not require one.
  std::array<uint64_t, 3> ReqdWorkgroupSize = {0, 0, 0};
  std::vector<KernelArgInfo> Args;
};

struct CodeObjectInfo {
  std::string Target;             ///< e.g. "amdgcn-amd-amdhsa--gfx1100".
  unsigned CodeObjectVersion = 0; ///< 4, 5 or 6.
  std::vector<KernelInfo> Kernels;

  /// Returns the kernel named `name`, or null.
  const KernelInfo *findKernel(llvm::StringRef Name) const;
};

/// Parses the ELF code object in `bytes`. Fails with a message naming what is
/// missing when `bytes` is not an AMDHSA code object with a metadata note.
llvm::Expected<CodeObjectInfo> readCodeObjectInfo(llvm::StringRef bytes);

} // namespace gemm

#endif // GEMM_OPT_CODEOBJECT_CODEOBJECTINFO_H
