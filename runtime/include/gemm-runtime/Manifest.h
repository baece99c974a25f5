//===- Manifest.h - gemm-opt launch manifest (docs/manifest.md) -*- C++ -*-===//

#ifndef GEMM_RUNTIME_MANIFEST_H
#define GEMM_RUNTIME_MANIFEST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gemm {
namespace rt {

struct ManifestArg {
  unsigned Index = 0;
  std::string Role; // "A", "B", "C"
  std::string Kind; // "global_buffer"
  uint32_t Offset = 0, Size = 0;
  // The matrix as stored (A is K x M when transposed, B is N x K); batched
  // matrices are BatchStride elements apart.
  int64_t Rows = 0, Cols = 0, LD = 0, BatchStride = 0;
};

struct Manifest {
  std::string Path;           // of the manifest itself
  std::string CodeObjectPath; // resolved against the manifest's directory
  std::string Kernel;
  std::string Chip;
  int64_t CodeObjectVersion = 0;
  int64_t M = 0, N = 0, K = 0, Batch = 1;
  bool TransposeA = false, TransposeB = false;
  // C = Alpha * op(A) x op(B) + Beta * C; unset when the factor is a kernel
  // argument (role "alpha" or "beta").
  std::optional<double> Alpha, Beta;
  std::string ElementType;
  bool Accumulate = true;
  std::vector<ManifestArg> Args;
  uint32_t KernargSize = 0;
  std::array<uint32_t, 3> WorkgroupSize = {1, 1, 1};
  std::array<uint32_t, 3> Grid = {1, 1, 1};
  int64_t LdsBytes = 0, VgprCount = 0, SgprCount = 0, ScratchBytes = 0;

  const ManifestArg *arg(llvm::StringRef Role) const;
};

llvm::Expected<Manifest> readManifest(llvm::StringRef Path);

} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_MANIFEST_H
