//===- GemmCheckInput.cpp - Reject input the pipeline cannot compile ------===//
//
// Upstream lowering passes fail on unsupported input with messages about their
// own internals (or not at all, producing a wrong kernel). This pass states
// what gemm-opt supports, at the offending operation, before anything runs.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/Passes.h"
#include "gemm-opt/Passes/Pipeline.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMCHECKINPUT
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {

constexpr llvm::StringLiteral kOperandNames[] = {"A", "B", "C"};

struct GemmCheckInputPass
    : public mlir::gemm::impl::GemmCheckInputBase<GemmCheckInputPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Checks one matmul; on success returns the `gemm.matmul` attribute.
  FailureOr<DictionaryAttr> checkMatmul(linalg::MatmulOp matmul);
};

} // namespace

FailureOr<DictionaryAttr>
GemmCheckInputPass::checkMatmul(linalg::MatmulOp matmul) {
  if (matmul.hasPureTensorSemantics() || !matmul.hasPureBufferSemantics())
    return matmul.emitOpError()
           << "on tensors is not supported: gemm-opt compiles linalg.matmul "
              "on memrefs (bufferize first)";
  if (matmul.hasUserDefinedMaps())
    return matmul.emitOpError()
           << "with user-defined indexing_maps (transposed operands) is not "
              "supported yet: gemm-opt compiles C += A x B with row-major A, "
              "B and C";

  auto func = matmul->getParentOfType<func::FuncOp>();
  if (!func)
    return matmul.emitOpError() << "must be inside a func.func";

  Value operands[] = {matmul.getDpsInputs()[0], matmul.getDpsInputs()[1],
                      matmul.getDpsInits()[0]};
  SmallVector<MemRefType> types;
  for (Value operand : operands)
    types.push_back(cast<MemRefType>(operand.getType()));

  if (llvm::any_of(types, [](MemRefType type) {
        return !type.getElementType().isF32();
      }))
    return matmul.emitOpError()
           << "has element types (A: " << types[0].getElementType()
           << ", B: " << types[1].getElementType()
           << ", C: " << types[2].getElementType()
           << "); gemm-opt supports f32 A, B and C only";

  for (auto [name, type] : llvm::zip_equal(kOperandNames, types)) {
    if (!type.hasStaticShape())
      return matmul.emitOpError()
             << "operand " << name << " has dynamic shape " << type
             << "; gemm-opt supports static shapes only for now";
    if (!type.getLayout().isIdentity())
      return matmul.emitOpError()
             << "operand " << name << " has a non-identity layout " << type
             << "; gemm-opt supports contiguous row-major memrefs only for now";
    if (type.getMemorySpace())
      return matmul.emitOpError()
             << "operand " << name << " is in memory space "
             << type.getMemorySpace()
             << "; gemm-opt expects the default (global) memory space";
  }

  Builder builder(&getContext());
  SmallVector<NamedAttribute> fields;
  for (auto [name, operand] : llvm::zip_equal(kOperandNames, operands)) {
    auto arg = dyn_cast<BlockArgument>(operand);
    if (!arg || arg.getOwner() != &func.getBody().front())
      return matmul.emitOpError()
             << "operand " << name
             << " must be an argument of the enclosing function, so that the "
                "kernel can take it as a buffer argument";
    fields.push_back(
        builder.getNamedAttr(llvm::StringRef(name).lower(),
                             builder.getI64IntegerAttr(arg.getArgNumber())));
  }
  if (operands[2] == operands[0] || operands[2] == operands[1])
    return matmul.emitOpError()
           << "writes C into one of its inputs; A, B and C must be distinct";

  fields.push_back(builder.getNamedAttr(
      "m", builder.getI64IntegerAttr(types[0].getDimSize(0))));
  fields.push_back(builder.getNamedAttr(
      "n", builder.getI64IntegerAttr(types[1].getDimSize(1))));
  fields.push_back(builder.getNamedAttr(
      "k", builder.getI64IntegerAttr(types[0].getDimSize(1))));
  return builder.getDictionaryAttr(fields);
}

/// Where to report problems of the module as a whole. An implicit top-level
/// module sits at line 0 of the file; its first operation is a better place.
static Location getModuleDiagnosticLoc(ModuleOp module) {
  auto fileLoc = dyn_cast<FileLineColLoc>(module.getLoc());
  if ((!fileLoc || fileLoc.getLine() == 0) && !module.getBody()->empty())
    return module.getBody()->front().getLoc();
  return module.getLoc();
}

void GemmCheckInputPass::runOnOperation() {
  ModuleOp module = getOperation();
  Location moduleLoc = getModuleDiagnosticLoc(module);

  if (!isSupportedChip(chip)) {
    InFlightDiagnostic diag = emitError(moduleLoc)
                              << "unknown chip '" << chip
                              << "': gemm-opt targets RDNA3, one of ";
    llvm::interleaveComma(getSupportedChips(), diag);
    return signalPassFailure();
  }
  if (codeObjectVersion < 4 || codeObjectVersion > 6) {
    emitError(moduleLoc) << "unsupported code object version "
                         << codeObjectVersion.getValue()
                         << ": LLVM 22 emits 4, 5 or 6";
    return signalPassFailure();
  }

  // Contractions other than linalg.matmul would be silently left on the host
  // by the lowering; say so instead.
  WalkResult unsupported = module.walk([](linalg::LinalgOp op) {
    if (isa<linalg::MatmulOp>(op) || !linalg::isaContractionOpInterface(op))
      return WalkResult::advance();
    op.emitOpError() << "is not supported yet: gemm-opt compiles "
                        "linalg.matmul";
    return WalkResult::interrupt();
  });
  if (unsupported.wasInterrupted())
    return signalPassFailure();

  SmallVector<linalg::MatmulOp> matmuls;
  module.walk([&](linalg::MatmulOp op) { matmuls.push_back(op); });
  if (matmuls.empty()) {
    emitError(moduleLoc) << "no linalg.matmul to compile: gemm-opt expects a "
                            "func.func containing one f32 linalg.matmul on "
                            "memrefs";
    return signalPassFailure();
  }
  if (matmuls.size() > 1) {
    InFlightDiagnostic diag =
        matmuls[1].emitOpError()
        << "is a second matmul in the module: gemm-opt compiles one "
           "linalg.matmul per module, into one kernel";
    diag.attachNote(matmuls[0].getLoc()) << "first matmul is here";
    return signalPassFailure();
  }

  linalg::MatmulOp matmul = matmuls.front();
  FailureOr<DictionaryAttr> record = checkMatmul(matmul);
  if (failed(record))
    return signalPassFailure();
  matmul->getParentOfType<func::FuncOp>()->setAttr(kMatmulAttrName, *record);
}
