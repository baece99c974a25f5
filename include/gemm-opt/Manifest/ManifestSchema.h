//===- ManifestSchema.h - The launch manifest's names -----------*- C++ -*-===//
//
// The JSON keys and format tag of gemm-opt's launch manifest
// (docs/manifest.md), shared by its JSON writer and its parser
// (gemm-opt/Manifest/Manifest.h), so that the two cannot drift apart: a key
// is renamed here, once.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_MANIFEST_MANIFESTSCHEMA_H
#define GEMM_OPT_MANIFEST_MANIFESTSCHEMA_H

#include "llvm/ADT/StringRef.h"

namespace gemm {
namespace manifest {

/// The value of the "format" key.
inline constexpr llvm::StringLiteral FormatTag = "gemm-opt-manifest-1";

namespace key {
// Top level.
inline constexpr llvm::StringLiteral Format = "format";
inline constexpr llvm::StringLiteral CodeObject = "code_object";
inline constexpr llvm::StringLiteral Chip = "chip";
inline constexpr llvm::StringLiteral Target = "target";
inline constexpr llvm::StringLiteral CodeObjectVersion = "code_object_version";
inline constexpr llvm::StringLiteral Problem = "problem";
inline constexpr llvm::StringLiteral Kernels = "kernels";
inline constexpr llvm::StringLiteral Then = "then";
// The problem.
inline constexpr llvm::StringLiteral M = "m";
inline constexpr llvm::StringLiteral N = "n";
inline constexpr llvm::StringLiteral K = "k";
inline constexpr llvm::StringLiteral Batch = "batch";
inline constexpr llvm::StringLiteral TransposeA = "transpose_a";
inline constexpr llvm::StringLiteral TransposeB = "transpose_b";
inline constexpr llvm::StringLiteral ElementType = "element_type";
inline constexpr llvm::StringLiteral Alpha = "alpha";
inline constexpr llvm::StringLiteral Beta = "beta";
inline constexpr llvm::StringLiteral Accumulate = "accumulate";
inline constexpr llvm::StringLiteral Epilogue = "epilogue";
// The problem's "epilogue".
inline constexpr llvm::StringLiteral Operands = "operands";
inline constexpr llvm::StringLiteral Dims = "dims";
inline constexpr llvm::StringLiteral Body = "body";
// A kernel: at the top level, or an entry of "kernels".
inline constexpr llvm::StringLiteral Kernel = "kernel";
inline constexpr llvm::StringLiteral When = "when";
inline constexpr llvm::StringLiteral Args = "args";
inline constexpr llvm::StringLiteral KernargSize = "kernarg_size";
inline constexpr llvm::StringLiteral WorkgroupSize = "workgroup_size";
inline constexpr llvm::StringLiteral Grid = "grid";
inline constexpr llvm::StringLiteral LdsBytes = "lds_bytes";
inline constexpr llvm::StringLiteral VgprCount = "vgpr_count";
inline constexpr llvm::StringLiteral SgprCount = "sgpr_count";
inline constexpr llvm::StringLiteral ScratchBytes = "scratch_bytes";
// An entry of "args".
inline constexpr llvm::StringLiteral Index = "index";
inline constexpr llvm::StringLiteral Role = "role";
inline constexpr llvm::StringLiteral Also = "also";
inline constexpr llvm::StringLiteral Kind = "kind";
inline constexpr llvm::StringLiteral Offset = "offset";
inline constexpr llvm::StringLiteral Size = "size";
inline constexpr llvm::StringLiteral Rows = "rows";
inline constexpr llvm::StringLiteral Cols = "cols";
inline constexpr llvm::StringLiteral LD = "ld";
inline constexpr llvm::StringLiteral BatchStride = "batch_stride";
inline constexpr llvm::StringLiteral Slack = "slack";
} // namespace key

} // namespace manifest
} // namespace gemm

#endif // GEMM_OPT_MANIFEST_MANIFESTSCHEMA_H
