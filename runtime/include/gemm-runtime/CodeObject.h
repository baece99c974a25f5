//===- CodeObject.h - AMDGPU code object (ELF) reader -----------*- C++ -*-===//
//
// Reads what a launcher needs from an AMDHSA code object: the kernel symbols,
// their 64-byte kernel descriptors (`<kernel>.kd`) and the NT_AMDGPU_METADATA
// msgpack note (argument layout including hidden arguments).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_CODEOBJECT_H
#define GEMM_RUNTIME_CODEOBJECT_H

#include "gemm-opt/CodeObject/CodeObjectInfo.h"
#include "gemm-opt/Support/Files.h"
#include "gemm-opt/Target/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gemm {
namespace rt {

/// The AMDHSA kernel descriptor (llvm/Support/AMDHSAKernelDescriptor.h).
struct KernelDescriptor {
  uint32_t GroupSegmentFixedSize = 0;
  uint32_t PrivateSegmentFixedSize = 0;
  uint32_t KernargSize = 0;
  int64_t KernelCodeEntryByteOffset = 0;
  uint32_t ComputePgmRsrc3 = 0;
  uint32_t ComputePgmRsrc1 = 0;
  uint32_t ComputePgmRsrc2 = 0;
  uint16_t KernelCodeProperties = 0;
  uint16_t KernargPreload = 0;

  // compute_pgm_rsrc2 fields (gfx6-gfx11 layout).
  bool enablePrivateSegment() const { return ComputePgmRsrc2 & 1; }
  unsigned userSgprCount() const { return (ComputePgmRsrc2 >> 1) & 31; }
  bool enableWorkgroupId(unsigned Dim) const {
    return (ComputePgmRsrc2 >> (7 + Dim)) & 1;
  }
  bool enableWorkgroupInfo() const { return (ComputePgmRsrc2 >> 10) & 1; }
  /// 0: x only, 1: x and y, 2: x, y and z.
  unsigned enableVgprWorkitemId() const { return (ComputePgmRsrc2 >> 11) & 3; }
  // kernel_code_properties bits.
  bool hasPrivateSegmentBuffer() const { return KernelCodeProperties & 1; }
  bool hasDispatchPtr() const { return KernelCodeProperties & 2; }
  bool hasQueuePtr() const { return KernelCodeProperties & 4; }
  bool hasKernargSegmentPtr() const { return KernelCodeProperties & 8; }
  bool hasDispatchId() const { return KernelCodeProperties & 16; }
  bool hasFlatScratchInit() const { return KernelCodeProperties & 32; }
  bool hasPrivateSegmentSize() const { return KernelCodeProperties & 64; }
  bool isWave32() const { return KernelCodeProperties & 1024; }
  bool usesDynamicStack() const { return KernelCodeProperties & 2048; }
  unsigned kernargPreloadLength() const { return KernargPreload & 127; }
};

/// One entry of `.amdhsa.kernels[].args`, as gemm-opt's metadata reader
/// gives it.
using KernelArg = ::gemm::KernelArgInfo;

/// A kernel of the code object: its metadata, from the reader gemm-opt's
/// manifest writer uses (one KernelInfo for both), which loading checks
/// against the launchers' 32-bit argument arithmetic; and where its
/// descriptor and code are.
struct KernelInfo : ::gemm::KernelInfo {
  uint64_t DescriptorAddress = 0; // virtual address of `<name>.kd`
  uint64_t EntryAddress = 0;      // first instruction
  KernelDescriptor KD;

  /// Size in bytes of the explicit (non-hidden) arguments.
  uint32_t explicitArgsSize() const;
};

/// An input file (manifest, code object, buffer) of at most a limit: a
/// regular file only (gemm-opt/Support/Files.h).
using ::gemm::readInputFile;

/// The most gemm-run and emu-run read of a code object: the SGEMM code
/// objects are tens of KiB.
constexpr uint64_t MaxCodeObjectBytes = uint64_t(64) << 20;

class CodeObject {
public:
  /// Reads at most MaxCodeObjectBytes.
  static llvm::Expected<std::unique_ptr<CodeObject>>
  loadFile(llvm::StringRef Path);
  static llvm::Expected<std::unique_ptr<CodeObject>>
  load(std::unique_ptr<llvm::MemoryBuffer> Buffer);

  /// The whole ELF image, as hipModuleLoadData wants it.
  llvm::StringRef image() const { return Buffer->getBuffer(); }
  llvm::StringRef target() const { return Target; }
  /// The processor target() names ("gfx1100"); empty when unknown.
  llvm::StringRef isa() const { return gemm::getTargetIdIsa(Target); }
  const std::vector<KernelInfo> &kernels() const { return Kernels; }
  /// The kernel named \p Name, or an error listing the kernels present.
  llvm::Expected<const KernelInfo &> kernel(llvm::StringRef Name) const;

  /// Bytes of the executable section holding \p Address, from that address
  /// to the section end.
  llvm::Expected<llvm::ArrayRef<uint8_t>> codeAt(uint64_t Address,
                                                 uint64_t &SectionBase) const;

private:
  struct Section {
    uint64_t Address;
    llvm::ArrayRef<uint8_t> Bytes;
    bool Executable;
  };
  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  std::string Target;
  std::vector<KernelInfo> Kernels;
  std::vector<Section> Sections;

  llvm::Error parse();
};

} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_CODEOBJECT_H
