//===- Passes.h - gemm-opt MLIR passes --------------------------*- C++ -*-===//
//
// Declarations of gemm-opt's MLIR passes and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_PASSES_H
#define GEMM_OPT_PASSES_PASSES_H

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::gemm {

/// How gemm-prefetch fetches the next K-slice while the current one is
/// multiplied.
enum class PrefetchMode {
  None,      // Load, store to LDS, multiply: global latency is exposed.
  Registers, // Next slice in VGPRs during the multiply (walkthrough kernel 4).
  Lds,       // Two LDS stages: one barrier per K step instead of two.
};

#define GEN_PASS_DECL
#include "gemm-opt/Passes/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "gemm-opt/Passes/Passes.h.inc"

/// Name of the function attribute in which gemm-check-input records the
/// matmul's sizes and operand argument indices.
inline constexpr llvm::StringLiteral kMatmulAttrName = "gemm.matmul";

} // namespace mlir::gemm

#endif // GEMM_OPT_PASSES_PASSES_H
