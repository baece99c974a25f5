//===- Manifest.h - The launch manifest's contents --------------*- C++ -*-===//
//
// What gemm-opt's launch manifest (docs/manifest.md) holds: one description
// of an argument, a kernel launch, the problem and the whole manifest, with
// its JSON text and its parser. The writer (gemm-emit-hsaco) fills it from
// the IR and writes it, the reader (gemm-runtime's readManifest) parses into
// it, so that the two cannot disagree on what a manifest says. LLVM only, no
// MLIR: the runtime builds without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_MANIFEST_MANIFEST_H
#define GEMM_OPT_MANIFEST_MANIFEST_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gemm {

// Integers are as wide as what the writer takes them from (the code object's
// metadata, CodeObjectInfo, and size expressions), so that it copies them
// unchanged; parseManifest checks the narrower ranges the format allows.
// A size that is an expression of the sizes given at run time is in the
// *Expr field beside the integer, which is then unused.

/// One explicit kernel argument: an entry of "args".
struct ManifestArg {
  unsigned Index = 0;
  // "A", "B", "C" (global_buffer), "alpha", "beta" (f32 by_value), or a size
  // or stride the kernel takes as an argument: "m", "n", "k", "batch", "lda",
  // ... (a 4- or 8-byte integer by_value; also in a manifest with static
  // sizes, which then gives the value).
  std::string Role;
  // The second role of an argument the program passes twice: "B" for an A
  // that is also B (a matmul of A with itself), "beta" for an alpha that is
  // also beta. Empty for most.
  std::string Also;
  std::string Kind;
  uint64_t Offset = 0, Size = 0; // bytes in the kernarg segment
  // The matrix as stored (A is K x M when transposed, B is N x K); batched
  // matrices are BatchStride elements apart.
  int64_t Rows = 0, Cols = 0, LD = 0, BatchStride = 0;
  std::string RowsExpr, ColsExpr, LDExpr, BatchStrideExpr;
  // Whether the manifest gives "batch_stride" (a batched matrix): a static
  // batch stride of 0 is possible.
  bool Batched = false;
  // Elements allocated past the last matrix, for kernels that read (but do
  // not use) data beyond it, such as a prefetch one step past the end. They
  // hold the gap values: NaN in A and B, the sentinel in C.
  int64_t Slack = 0;

  bool hasRole(llvm::StringRef R) const { return Role == R || Also == R; }
  bool isMatrix() const { return Role == "A" || Role == "B" || Role == "C"; }
  /// Scratch memory the kernels share (a split tail's K parts): Rows x Cols
  /// floats, zero when first allocated, which the kernels leave zero.
  bool isWorkspace() const { return Role == "workspace"; }
  /// An operand of an epilogue beyond alpha/beta, "E0", "E1", ...: a dense
  /// f32 buffer whose sizes are the problem's along its loops
  /// (ManifestProblem::EpilogueOperands).
  bool isEpilogueOperand() const {
    return Role.size() > 1 && Role[0] == 'E' &&
           llvm::all_of(llvm::StringRef(Role).drop_front(),
                        [](char C) { return C >= '0' && C <= '9'; });
  }
  /// Which epilogue operand: N of "EN".
  unsigned getEpilogueOperandIndex() const {
    unsigned Index = 0;
    llvm::StringRef(Role).drop_front().getAsInteger(10, Index);
    return Index;
  }
  bool isSize() const {
    return !isMatrix() && !isWorkspace() && !isEpilogueOperand() &&
           Role != "alpha" && Role != "beta";
  }
};

/// One kernel of the code object and how to launch it: the top level of a
/// manifest for one kernel, or an entry of "kernels".
struct ManifestKernel {
  std::string Kernel;
  // When to launch it: a condition on the sizes (non-zero is true), or "" for
  // always. Not written for a manifest's only kernel.
  std::string When;
  std::vector<ManifestArg> Args;
  std::optional<uint64_t> KernargSize; // unset when the manifest omits it
  std::array<int64_t, 3> WorkgroupSize = {1, 1, 1};
  std::array<int64_t, 3> Grid = {1, 1, 1}; // workgroups
  std::array<std::string, 3> GridExpr;
  uint64_t LdsBytes = 0, VgprCount = 0, SgprCount = 0, ScratchBytes = 0;
};

/// The matmul the kernels compute: "problem".
struct ManifestProblem {
  // 0 for a size given at run time (null in the manifest).
  int64_t M = 0, N = 0, K = 0, Batch = 1;
  bool TransposeA = false, TransposeB = false;
  std::string ElementType = "f32";
  // C = Alpha * op(A) x op(B) + Beta * C; unset when the factor is a kernel
  // argument (role "alpha" or "beta").
  std::optional<double> Alpha, Beta;
  bool Accumulate = true;
  // An epilogue beyond alpha/beta, C = f(T, E0, E1, ..., C) elementwise with
  // T the sum of products: the loops each operand EN keeps ("batch", "m",
  // "n", in order; none for a scalar), and f as steps on named values
  // (docs/manifest.md). Empty for alpha/beta, which Alpha and Beta give.
  std::vector<std::vector<std::string>> EpilogueOperands;
  std::vector<std::string> EpilogueBody;
  bool hasGeneralEpilogue() const { return !EpilogueBody.empty(); }
};

/// A whole manifest.
struct Manifest {
  // The code object's path as written: relative to the manifest's directory,
  // or absolute.
  std::string CodeObject;
  std::string Chip;
  // The product the kernels were chosen for (gemm/Target/Target.h), whose
  // ISA is Chip; empty when the manifest does not say.
  std::string Target;
  int64_t CodeObjectVersion = 0;
  ManifestProblem Problem;
  // Every kernel the manifest offers, in order of preference: "kernels", or
  // the one a manifest for one kernel describes at its top level.
  std::vector<ManifestKernel> Kernels;
  // Kernels launched after the chosen one, in order, on the same buffers
  // ("then"; a split tail's reduction).
  std::vector<ManifestKernel> Then;
};

/// The deepest nesting of JSON arrays and objects parseManifest accepts (a
/// manifest has 5 at most), checked before parsing: the parser recurses per
/// level.
constexpr unsigned MaxManifestDepth = 64;

/// Writes `M` as the manifest's JSON text: a manifest with one kernel
/// describes it at the top level, one with several lists them in "kernels".
void writeManifest(llvm::raw_ostream &OS, const Manifest &M);

/// Parses the manifest's JSON text; `Path` names it in errors.
llvm::Expected<Manifest> parseManifest(llvm::StringRef Text,
                                       llvm::StringRef Path);

} // namespace gemm

#endif // GEMM_OPT_MANIFEST_MANIFEST_H
