//===- GemmRunProblem.cpp - The multiplication gemm-run performs ----------===//
//
// Reads the problem from the manifest and the options (GemmRunProblem.h).
//
//===----------------------------------------------------------------------===//

#include "GemmRunProblem.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <limits>

using namespace llvm;
using namespace gemm::rt;

Error gemm::rt::makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// A kernel compiled for dynamic sizes takes them at run time: from the
/// options, leading dimensions defaulting to the columns and batch strides
/// to rows x ld. Binds them in \p Man.
static Error bindRunTimeSizes(Manifest &Man, const ProblemOptions &Options,
                              StringMap<int64_t> &SizeValues) {
  std::vector<std::string> Dynamic = Man.dynamicSizes();
  if (Dynamic.empty())
    return Error::success();
  for (auto [Name, Requested, Compiled] :
       {std::tuple("m", Options.M, Man.Problem.M),
        std::tuple("n", Options.N, Man.Problem.N),
        std::tuple("k", Options.K, Man.Problem.K),
        std::tuple("batch", Options.Batch, Man.Problem.Batch)}) {
    if (!Compiled && Requested <= 0)
      return makeError(formatv("the code object takes {0} at run time: give "
                               "a positive --{0}",
                               Name));
    SizeValues[Name] = Compiled ? Compiled : Requested;
  }
  for (auto [Role, RequestedLD] :
       {std::pair("A", Options.Lda), std::pair("B", Options.Ldb),
        std::pair("C", Options.Ldc)}) {
    const ManifestArg *Arg = Man.arg(Role);
    if (!Arg)
      return makeError(
          "manifest must describe arguments with roles A, B and C");
    std::string Lower = StringRef(Role).lower();
    auto Value = [&](int64_t Static, const std::string &Expr) {
      return Expr.empty() ? Expected<int64_t>(Static)
                          : evaluateSize(Expr, SizeValues);
    };
    Expected<int64_t> Rows = Value(Arg->Rows, Arg->RowsExpr);
    Expected<int64_t> Cols = Value(Arg->Cols, Arg->ColsExpr);
    if (!Rows || !Cols)
      return Rows ? Cols.takeError() : Rows.takeError();
    if (llvm::is_contained(Dynamic, "ld" + Lower)) {
      if (RequestedLD && RequestedLD < *Cols)
        return makeError(formatv("--ld{0}={1} is less than {2}'s {3} columns",
                                 Lower, RequestedLD, Role, *Cols));
      SizeValues["ld" + Lower] = RequestedLD ? RequestedLD : *Cols;
    }
    Expected<int64_t> LD = Value(Arg->LD, Arg->LDExpr);
    if (!LD)
      return LD.takeError();
    if (llvm::is_contained(Dynamic, "batch_stride_" + Lower)) {
      std::optional<int64_t> Stride = checkedMul(*Rows, *LD);
      if (!Stride)
        return makeError(formatv("{0}'s batch stride, rows x ld = {1} x {2}, "
                                 "overflows 64 bits",
                                 Role, *Rows, *LD));
      SizeValues["batch_stride_" + Lower] = *Stride;
    }
  }
  for (const std::string &Name : Dynamic)
    if (!SizeValues.count(Name))
      return makeError("the code object takes '" + Name +
                       "' at run time, which gemm-run cannot give");
  return Man.bindSizes(SizeValues);
}

/// Checks \p Mat's manifest argument against the shape the problem needs and
/// counts the elements of its buffer; a manifest's or an option's sizes can
/// be anything up to 2^63 - 1, so every product is checked.
static Error sizeMatrix(Matrix &Mat, int64_t Batch) {
  const ManifestArg &A = *Mat.Arg;
  if (A.Kind != "global_buffer" || A.Size != 8)
    return makeError(
        formatv("argument {0} must be an 8-byte global_buffer", Mat.Name));
  if (A.Rows != Mat.Rows || A.Cols != Mat.Cols || A.LD < Mat.Cols)
    return makeError(formatv("argument {0} is {1}x{2} (ld {3}) in the "
                             "manifest, expected {4}x{5} with ld >= {5}",
                             Mat.Name, A.Rows, A.Cols, A.LD, Mat.Rows,
                             Mat.Cols));
  if (Mat.RequestedLD && Mat.RequestedLD != A.LD)
    return makeError(formatv("the code object is compiled for ld{0}={1}; "
                             "requested {2} (leading dimensions are static)",
                             StringRef(Mat.Name).lower(), A.LD,
                             Mat.RequestedLD));
  std::optional<int64_t> Single = checkedMul(Mat.Rows, A.LD);
  if (!Single)
    return makeError(formatv("argument {0}: rows x ld = {1} x {2} overflows "
                             "64 bits",
                             Mat.Name, Mat.Rows, A.LD));
  if (Batch > 1 && A.BatchStride < *Single)
    return makeError(formatv("argument {0} has batch_stride {1}; a batch of "
                             "{2} needs at least rows x ld = {3}",
                             Mat.Name, A.BatchStride, Batch, *Single));
  std::optional<int64_t> Elems =
      checkedMulAdd<int64_t>(Batch - 1, Batch > 1 ? A.BatchStride : 0, *Single);
  std::optional<int64_t> Bytes =
      Elems ? checkedMul<int64_t>(*Elems, 4) : std::nullopt;
  if (!Bytes)
    return makeError(formatv("argument {0}: (batch - 1) x batch_stride + rows "
                             "x ld = ({1} - 1) x {2} + {3} elements of 4 "
                             "bytes overflows 64 bits",
                             Mat.Name, Batch, A.BatchStride, *Single));
  Elems = checkedAdd<int64_t>(*Elems, A.Slack);
  Bytes = Elems ? checkedMul<int64_t>(*Elems, 4) : std::nullopt;
  if (!Bytes)
    return makeError(formatv("argument {0}: slack {1} overflows 64 bits",
                             Mat.Name, A.Slack));
  Mat.Elements = *Elems;
  return Error::success();
}

/// alpha and beta: each either compiled in (the manifest's value) or a
/// 4-byte f32 argument, never both.
static Error resolveScaleFactors(const Manifest &Man,
                                 const ProblemOptions &Options, Problem &P) {
  P.Factors[0].Compiled = Man.Problem.Alpha;
  P.Factors[0].Arg = Man.arg("alpha");
  P.Factors[0].Requested = Options.Alpha;
  P.Factors[1].Compiled = Man.Problem.Beta;
  P.Factors[1].Arg = Man.arg("beta");
  P.Factors[1].Requested = Options.Beta;
  for (ScaleFactor &F : P.Factors) {
    if (F.Arg && F.Compiled)
      return makeError(formatv("manifest gives {0} both as a value and as an "
                               "argument",
                               F.Name));
    if (!F.Arg && !F.Compiled)
      return makeError(formatv("manifest gives neither a value nor an "
                               "argument for {0}",
                               F.Name));
    if (F.Arg && (F.Arg->Kind != "by_value" || F.Arg->Size != 4))
      return makeError(
          formatv("argument {0} must be a 4-byte by_value f32", F.Name));
    // The value is passed as an f32.
    if (F.Requested &&
        !(std::fabs(*F.Requested) <= std::numeric_limits<float>::max()))
      return makeError(formatv("--{0}={1:e} is not a finite f32 value", F.Name,
                               *F.Requested));
    if (F.Compiled && F.Requested && *F.Requested != *F.Compiled)
      return makeError(formatv("the code object is compiled for {0}={1}; "
                               "requested {2}",
                               F.Name, *F.Compiled, *F.Requested));
    F.Value =
        F.Compiled ? *F.Compiled : (double)(float)F.Requested.value_or(1.0);
  }
  // One argument that the program passes as alpha and as beta.
  if (P.Factors[0].Arg && P.Factors[0].Arg == P.Factors[1].Arg) {
    if (Options.Beta && (!Options.Alpha || *Options.Beta != *Options.Alpha))
      return makeError("the kernel takes alpha and beta as one argument: give "
                       "--alpha only");
    P.Factors[1].Value = P.Factors[0].Value;
  }
  return Error::success();
}

/// An epilogue beyond alpha/beta: its body, and the size of each operand,
/// the product of the problem's sizes along its loops. Every argument with
/// an operand's role must name one the problem describes.
static Error readEpilogue(const Manifest &Man, Problem &P) {
  Expected<gemm::EpilogueProgram> Program = gemm::EpilogueProgram::parse(
      Man.Problem.EpilogueBody, Man.Problem.EpilogueOperands.size());
  if (!Program)
    return Program.takeError();
  P.Epilogue = std::move(*Program);
  for (const std::vector<std::string> &Dims : Man.Problem.EpilogueOperands) {
    int64_t Elements = 1;
    for (const std::string &Dim : Dims)
      Elements *= Dim == "batch" ? P.Batch : Dim == "m" ? P.M : P.N;
    P.OperandElements.push_back(Elements);
  }
  for (const std::vector<ManifestKernel> *List : {&Man.Kernels, &Man.Then})
    for (const ManifestKernel &K : *List)
      for (const ManifestArg &A : K.Args)
        if (A.isEpilogueOperand() &&
            (A.getEpilogueOperandIndex() >= P.OperandElements.size() ||
             A.Kind != "global_buffer" || A.Size != 8))
          return makeError(formatv("argument {0} ({1}) must be an 8-byte "
                                   "global_buffer of an operand that "
                                   "problem.epilogue describes",
                                   A.Index, A.Role));
  return Error::success();
}

Expected<Problem> gemm::rt::readProblem(Manifest &Man,
                                        const ProblemOptions &Options,
                                        uint64_t MemoryLimit) {
  Problem P;
  if (Error E = bindRunTimeSizes(Man, Options, P.SizeValues))
    return std::move(E);
  P.M = Options.M ? Options.M : Man.Problem.M;
  P.N = Options.N ? Options.N : Man.Problem.N;
  P.K = Options.K ? Options.K : Man.Problem.K;
  P.Batch = Options.Batch ? Options.Batch : Man.Problem.Batch;
  if (P.M != Man.Problem.M || P.N != Man.Problem.N || P.K != Man.Problem.K ||
      P.Batch != Man.Problem.Batch)
    return makeError(formatv("the code object is compiled for M={0} N={1} "
                             "K={2} batch={3}; requested M={4} N={5} K={6} "
                             "batch={7} (sizes are static)",
                             Man.Problem.M, Man.Problem.N, Man.Problem.K,
                             Man.Problem.Batch, P.M, P.N, P.K, P.Batch));
  if ((Options.TransposeA && *Options.TransposeA != Man.Problem.TransposeA) ||
      (Options.TransposeB && *Options.TransposeB != Man.Problem.TransposeB))
    return makeError(formatv("the code object is compiled for transpose-a={0} "
                             "transpose-b={1}; the layout is static",
                             Man.Problem.TransposeA, Man.Problem.TransposeB));
  const ManifestArg *AA = Man.arg("A"), *BA = Man.arg("B"), *CA = Man.arg("C");
  if (!AA || !BA || !CA)
    return makeError("manifest must describe arguments with roles A, B and C");
  P.Matrices = {Matrix{"A", AA, Man.Problem.TransposeA ? P.K : P.M,
                       Man.Problem.TransposeA ? P.M : P.K, Options.Lda},
                Matrix{"B", BA, Man.Problem.TransposeB ? P.N : P.K,
                       Man.Problem.TransposeB ? P.K : P.N, Options.Ldb},
                Matrix{"C", CA, P.M, P.N, Options.Ldc}};
  uint64_t TotalBytes = 0;
  for (Matrix &Mat : P.Matrices) {
    if (Error E = sizeMatrix(Mat, P.Batch))
      return std::move(E);
    // Each is below 2^63 bytes: the sum of three fits 64 unsigned bits.
    TotalBytes += Mat.Elements * 4;
  }
  // A matmul of A with itself: B is A's buffer.
  if (AA == BA)
    TotalBytes -= P.Matrices[1].Elements * 4;
  // The workspace the kernels share (below 2^40 floats: the parser checks).
  uint64_t WorkspaceBytes = 0;
  for (const std::vector<ManifestKernel> *List : {&Man.Kernels, &Man.Then})
    for (const ManifestKernel &K : *List)
      for (const ManifestArg &A : K.Args)
        if (A.isWorkspace())
          WorkspaceBytes =
              std::max<uint64_t>(WorkspaceBytes, uint64_t(A.Rows * A.Cols) * 4);
  TotalBytes += WorkspaceBytes;
  if (TotalBytes > MemoryLimit)
    return makeError(formatv(
        "the matrices A, B and C{5} take {0} + {1} + {2}{6} = {3}, more than "
        "the memory limit of {4}; raise it with --memory-limit",
        P.Matrices[0].Elements * 4, P.Matrices[1].Elements * 4,
        P.Matrices[2].Elements * 4, formatBytes(TotalBytes),
        formatBytes(MemoryLimit), WorkspaceBytes ? " and the workspace" : "",
        WorkspaceBytes ? formatv(" + {0}", WorkspaceBytes).str() : ""));
  if (Man.Problem.hasGeneralEpilogue()) {
    if (Error E = readEpilogue(Man, P))
      return std::move(E);
    return std::move(P);
  }
  if (Error E = resolveScaleFactors(Man, Options, P))
    return std::move(E);
  return std::move(P);
}

Error gemm::rt::checkKernelArguments(const Manifest &Man,
                                     const ManifestKernel &K,
                                     const KernelInfo &KI) {
  if (K.KernargSize && *K.KernargSize != KI.KernargSegmentSize)
    return makeError(formatv("manifest '{0}': \"kernarg_size\" is {1}, but "
                             "kernel '{2}' of the code object has a kernarg "
                             "segment of {3} bytes",
                             Man.Path, *K.KernargSize, KI.Name,
                             KI.KernargSegmentSize));
  for (const ManifestArg &A : K.Args) {
    bool Found = false;
    for (const KernelArg &KA : KI.Args)
      Found |=
          KA.Offset == A.Offset && KA.Size == A.Size && KA.ValueKind == A.Kind;
    if (!Found)
      return makeError(formatv("manifest argument {0} ({1}, offset {2}, size "
                               "{3}) does not match the code object's "
                               "metadata",
                               A.Index, A.Role, A.Offset, A.Size));
    if ((uint64_t)A.Offset + A.Size > KI.KernargSegmentSize)
      return makeError(formatv("manifest argument {0} ({1}, offset {2}, size "
                               "{3}) is outside the code object's kernarg "
                               "segment of {4} bytes",
                               A.Index, A.Role, A.Offset, A.Size,
                               KI.KernargSegmentSize));
  }
  return Error::success();
}

void gemm::rt::printProblem(const Manifest &Man, const Problem &P,
                            unsigned Seed) {
  // The manifest's choice among several kernels, by the run-time sizes.
  if (Man.Kernels.size() > 1)
    outs() << formatv("kernel: {0} (of {1}; when {2})\n", Man.Kernel,
                      Man.Kernels.size(),
                      Man.When.empty() ? "always" : Man.When);
  double Alpha = P.alpha(), Beta = P.beta();
  std::string Epilogue =
      P.Epilogue
          ? formatv(
                "C = epilogue({0} steps; T{1}{2}) of T = ",
                P.Epilogue->numSteps(), P.Epilogue->readsC() ? ", C" : "",
                P.OperandElements.size() > 1
                    ? formatv(", E0..E{0}", P.OperandElements.size() - 1).str()
                : P.OperandElements.empty() ? std::string()
                                            : std::string(", E0"))
                .str()
      : Alpha == 1 && Beta == 1
          ? std::string("C += ")
          : formatv("C = {0}{1}",
                    Beta == 0 ? "" : formatv("{0} C + ", Beta).str(),
                    Alpha == 1 ? "" : formatv("{0} ", Alpha).str())
                .str();
  auto LD = [&](unsigned I, const char *Name) {
    const ManifestArg &A = *P.Matrices[I].Arg;
    return A.LD != A.Cols ? formatv(" {0}={1}", Name, A.LD).str()
                          : std::string();
  };
  outs() << formatv("problem: M={0} N={1} K={2}{3}{4}{5}, {9}{6} x {7}, "
                    "seed {8}\n",
                    P.M, P.N, P.K,
                    P.Batch > 1 ? formatv(" batch={0}", P.Batch).str() : "",
                    LD(0, "lda"), LD(1, "ldb") + LD(2, "ldc"),
                    Man.Problem.TransposeA ? "A^T" : "A",
                    Man.Problem.TransposeB ? "B^T" : "B", Seed, Epilogue);
}
