//===- Manifest.cpp - The launch manifest's JSON text and parser ----------===//
//
// The writer's text is what tests and users diff: the key order, the
// indentation and the number formats here are the format's.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Manifest/Manifest.h"
#include "gemm-opt/Manifest/ManifestSchema.h"
#include "gemm-opt/Support/Files.h"
#include "gemm-opt/Target/Target.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace gemm;
namespace key = gemm::manifest::key;

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

/// A size: an integer, or the expression that stands for it.
static void writeSize(json::OStream &J, StringRef Name, int64_t Value,
                      StringRef Expr) {
  if (Expr.empty())
    J.attribute(Name, Value);
  else
    J.attribute(Name, Expr);
}

/// A kernel's launch: the top level of a manifest for one kernel, or an
/// entry of "kernels".
static void writeLaunch(json::OStream &J, const ManifestKernel &K) {
  J.attributeArray(key::Args, [&] {
    for (const ManifestArg &A : K.Args) {
      J.object([&] {
        J.attribute(key::Index, static_cast<int64_t>(A.Index));
        J.attribute(key::Role, A.Role);
        if (!A.Also.empty())
          J.attribute(key::Also, A.Also);
        J.attribute(key::Kind, A.Kind);
        J.attribute(key::Offset, A.Offset);
        J.attribute(key::Size, A.Size);
        if (A.isWorkspace()) {
          J.attribute(key::Rows, A.Rows);
          J.attribute(key::Cols, A.Cols);
        }
        if (A.isMatrix()) {
          writeSize(J, key::Rows, A.Rows, A.RowsExpr);
          writeSize(J, key::Cols, A.Cols, A.ColsExpr);
          writeSize(J, key::LD, A.LD, A.LDExpr);
          if (A.Batched)
            writeSize(J, key::BatchStride, A.BatchStride, A.BatchStrideExpr);
        }
        if (A.Slack)
          J.attribute(key::Slack, A.Slack);
      });
    }
  });
  if (K.KernargSize)
    J.attribute(key::KernargSize, *K.KernargSize);
  J.attributeArray(key::WorkgroupSize, [&] {
    for (int64_t Size : K.WorkgroupSize)
      J.value(Size);
  });
  J.attributeArray(key::Grid, [&] {
    for (unsigned I = 0; I < 3; ++I) {
      if (K.GridExpr[I].empty())
        J.value(K.Grid[I]);
      else
        J.value(K.GridExpr[I]);
    }
  });
  J.attribute(key::LdsBytes, K.LdsBytes);
  J.attribute(key::VgprCount, K.VgprCount);
  J.attribute(key::SgprCount, K.SgprCount);
  J.attribute(key::ScratchBytes, K.ScratchBytes);
}

/// The problem: a size given at run time is null (and a kernel argument of
/// its name), a factor that is a kernel argument absent.
static void writeProblem(json::OStream &J, const ManifestProblem &P) {
  J.attributeObject(key::Problem, [&] {
    for (auto [Name, Size] :
         {std::pair(key::M, P.M), std::pair(key::N, P.N),
          std::pair(key::K, P.K), std::pair(key::Batch, P.Batch)}) {
      if (Size)
        J.attribute(Name, Size);
      else
        J.attribute(Name, nullptr);
    }
    J.attribute(key::TransposeA, P.TransposeA);
    J.attribute(key::TransposeB, P.TransposeB);
    J.attribute(key::ElementType, P.ElementType);
    if (P.Alpha)
      J.attribute(key::Alpha, *P.Alpha);
    if (P.Beta)
      J.attribute(key::Beta, *P.Beta);
    J.attribute(key::Accumulate, P.Accumulate);
    if (P.hasGeneralEpilogue())
      J.attributeObject(key::Epilogue, [&] {
        J.attributeArray(key::Operands, [&] {
          for (const std::vector<std::string> &Dims : P.EpilogueOperands)
            J.object([&] {
              J.attributeArray(key::Dims, [&] {
                for (const std::string &Dim : Dims)
                  J.value(Dim);
              });
            });
        });
        J.attributeArray(key::Body, [&] {
          for (const std::string &Step : P.EpilogueBody)
            J.value(Step);
        });
      });
  });
}

void gemm::writeManifest(raw_ostream &OS, const Manifest &M) {
  json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute(key::Format, manifest::FormatTag);
    J.attribute(key::CodeObject, M.CodeObject);
    if (M.Kernels.size() == 1)
      J.attribute(key::Kernel, M.Kernels.front().Kernel);
    J.attribute(key::Chip, M.Chip);
    if (!M.Target.empty())
      J.attribute(key::Target, M.Target);
    J.attribute(key::CodeObjectVersion, M.CodeObjectVersion);
    writeProblem(J, M.Problem);
    if (M.Kernels.size() == 1) {
      writeLaunch(J, M.Kernels.front());
      if (!M.Then.empty())
        J.attributeArray(key::Then, [&] {
          for (const ManifestKernel &K : M.Then)
            J.object([&] {
              J.attribute(key::Kernel, K.Kernel);
              writeLaunch(J, K);
            });
        });
      return;
    }
    // Several kernels, each for the sizes its condition accepts.
    J.attributeArray(key::Kernels, [&] {
      for (const ManifestKernel &K : M.Kernels)
        J.object([&] {
          J.attribute(key::Kernel, K.Kernel);
          J.attribute(key::When, K.When);
          writeLaunch(J, K);
        });
    });
  });
  OS << "\n";
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Reads three positive integers, or (with `Exprs`) size expressions.
static bool readDims(const json::Object &O, StringRef Key,
                     std::array<int64_t, 3> &Out,
                     std::array<std::string, 3> *Exprs = nullptr) {
  const json::Array *A = O.getArray(Key);
  if (!A || A->size() != 3)
    return false;
  for (unsigned I = 0; I < 3; ++I) {
    if (std::optional<StringRef> E = (*A)[I].getAsString(); E && Exprs) {
      (*Exprs)[I] = E->str();
      continue;
    }
    std::optional<int64_t> V = (*A)[I].getAsInteger();
    if (!V || *V <= 0 || *V > 0xffffffffll)
      return false;
    Out[I] = *V;
  }
  return true;
}

/// Reads an integer or a size expression.
static void readSize(const json::Object &O, StringRef Key, int64_t &Value,
                     std::string &Expr) {
  if (std::optional<StringRef> E = O.getString(Key))
    Expr = E->str();
  else if (std::optional<int64_t> V = O.getInteger(Key))
    Value = *V;
}

/// The fields of one kernel, from a "kernels" entry or the top level.
static Expected<ManifestKernel> readKernel(const json::Object &O) {
  ManifestKernel K;
  std::optional<StringRef> Name = O.getString(key::Kernel);
  if (!Name)
    return makeError("\"kernel\" is a required string");
  K.Kernel = Name->str();
  K.When = O.getString(key::When).value_or("").str();
  const json::Array *Args = O.getArray(key::Args);
  if (!Args)
    return makeError("\"args\" array is required");
  for (const json::Value &AV : *Args) {
    const json::Object *A = AV.getAsObject();
    if (!A)
      return makeError("argument entry is not an object");
    ManifestArg MA;
    MA.Index = A->getInteger(key::Index).value_or(K.Args.size());
    MA.Role = A->getString(key::Role).value_or("").str();
    MA.Kind = A->getString(key::Kind).value_or("").str();
    if (const json::Value *Also = A->get(key::Also)) {
      std::optional<StringRef> Name = Also->getAsString();
      // Only these can be one value of the program: A == C and B == C are
      // refused by gemm-opt (C is written).
      if (!Name || !((MA.Role == "A" && *Name == "B") ||
                     (MA.Role == "alpha" && *Name == "beta")))
        return makeError(formatv("argument {0}: \"also\" must be \"B\" for "
                                 "role \"A\" or \"beta\" for role "
                                 "\"alpha\"",
                                 MA.Index)
                             .str());
      MA.Also = Name->str();
    }
    // One argument per role: a second C would be left unset (uninitialized
    // device memory), or get another argument's value.
    for (const ManifestArg &Other : K.Args)
      for (StringRef Role : {StringRef(MA.Role), StringRef(MA.Also)})
        if (!Role.empty() && Other.hasRole(Role))
          return makeError(formatv("arguments {0} and {1} both have role "
                                   "\"{2}\"",
                                   Other.Index, MA.Index, Role)
                               .str());
    std::optional<int64_t> Off = A->getInteger(key::Offset),
                           Size = A->getInteger(key::Size);
    if (!Off || !Size || *Off < 0 || *Size <= 0)
      return makeError("argument " + Twine(MA.Index) +
                       ": \"offset\" and \"size\" are required");
    // Kernarg offsets are 32-bit (code object metadata).
    if (*Off > UINT32_MAX || *Size > UINT32_MAX - *Off)
      return makeError(formatv("argument {0}: \"offset\" {1} + \"size\" {2} "
                               "is beyond 32 bits",
                               MA.Index, *Off, *Size)
                           .str());
    MA.Offset = *Off;
    MA.Size = *Size;
    readSize(*A, key::Rows, MA.Rows, MA.RowsExpr);
    readSize(*A, key::Cols, MA.Cols, MA.ColsExpr);
    MA.LD = MA.Cols;
    if (!A->get(key::LD))
      MA.LDExpr = MA.ColsExpr;
    readSize(*A, key::LD, MA.LD, MA.LDExpr);
    MA.Batched = A->get(key::BatchStride) != nullptr;
    readSize(*A, key::BatchStride, MA.BatchStride, MA.BatchStrideExpr);
    if (const json::Value *V = A->get(key::Slack)) {
      std::optional<int64_t> Slack = V->getAsInteger();
      if (!Slack || *Slack < 0 || *Slack > UINT32_MAX)
        return makeError(formatv("argument {0}: \"slack\" must be an integer "
                                 "in [0, 2^32) (elements)",
                                 MA.Index)
                             .str());
      MA.Slack = *Slack;
    }
    K.Args.push_back(std::move(MA));
  }
  if (const json::Value *V = O.get(key::KernargSize)) {
    std::optional<int64_t> Size = V->getAsInteger();
    if (!Size || *Size < 0 || *Size > UINT32_MAX)
      return makeError("\"kernarg_size\" must be an integer in [0, 2^32)");
    K.KernargSize = *Size;
  }
  if (!readDims(O, key::WorkgroupSize, K.WorkgroupSize))
    return makeError("\"workgroup_size\" must be three positive integers");
  if (!readDims(O, key::Grid, K.Grid, &K.GridExpr))
    return makeError("\"grid\" must be three positive integers or size "
                     "expressions (workgroups)");
  K.LdsBytes = O.getInteger(key::LdsBytes).value_or(0);
  K.VgprCount = O.getInteger(key::VgprCount).value_or(0);
  K.SgprCount = O.getInteger(key::SgprCount).value_or(0);
  K.ScratchBytes = O.getInteger(key::ScratchBytes).value_or(0);
  return K;
}

/// The kernels of a JSON array ("kernels", "then"), appended to `Out`;
/// `What` names an entry in the error for one that is not an object.
static Error readKernels(const json::Array &Array, StringRef What,
                         std::vector<ManifestKernel> &Out) {
  for (const json::Value &KV : Array) {
    const json::Object *KO = KV.getAsObject();
    if (!KO)
      return makeError(What + " is not an object");
    Expected<ManifestKernel> K = readKernel(*KO);
    if (!K)
      return K.takeError();
    Out.push_back(std::move(*K));
  }
  return Error::success();
}

Expected<Manifest> gemm::parseManifest(StringRef Text, StringRef Path) {
  if (std::optional<unsigned> Line = findJsonTooDeep(Text, MaxManifestDepth))
    return makeError(formatv("manifest '{0}': arrays and objects are nested "
                             "deeper than {1} levels (line {2})",
                             Path, MaxManifestDepth, *Line)
                         .str());
  Expected<json::Value> V = json::parse(Text);
  if (!V)
    return makeError("manifest '" + Path +
                     "' is not valid JSON: " + toString(V.takeError()));
  const json::Object *O = V->getAsObject();
  if (!O)
    return makeError("manifest '" + Path + "': top level is not an object");
  auto Bad = [&](const Twine &What) {
    return makeError("manifest '" + Path + "': " + What);
  };
  Manifest M;
  std::optional<StringRef> Format = O->getString(key::Format);
  if (!Format || *Format != manifest::FormatTag)
    return Bad("\"format\" must be \"gemm-opt-manifest-1\"");
  std::optional<StringRef> CodeObj = O->getString(key::CodeObject);
  if (!CodeObj)
    return Bad("\"code_object\" is a required string");
  M.CodeObject = CodeObj->str();
  M.Chip = O->getString(key::Chip).value_or("").str();
  // gemm-opt and the runtime target RDNA3 only; another chip's code object
  // would be launched with the wrong ABI (wave64, another descriptor).
  if (O->get(key::Chip) && !StringRef(M.Chip).starts_with("gfx11"))
    return Bad("\"chip\" must be a gfx11 (RDNA3) target such as \"gfx1100\", "
               "not " +
               formatv("{0}", *O->get(key::Chip)).str());
  if (const json::Value *TargetValue = O->get(key::Target)) {
    std::optional<StringRef> Name = TargetValue->getAsString();
    const TargetInfo *Info = Name ? lookupTarget(*Name) : nullptr;
    if (!Info)
      return Bad("\"target\" must be one of " + getTargetNames() + ", not " +
                 formatv("{0}", *TargetValue).str());
    if (O->get(key::Chip) && M.Chip != Info->isa)
      return Bad("\"target\" " + Twine(Info->name) + " is a " + Info->isa +
                 ", not the \"chip\" " + M.Chip);
    M.Target = Info->name;
  }
  M.CodeObjectVersion = O->getInteger(key::CodeObjectVersion).value_or(0);
  const json::Object *Prob = O->getObject(key::Problem);
  if (!Prob)
    return Bad("\"problem\" object is required");
  ManifestProblem &P = M.Problem;
  // A size given at run time is null (and a kernel argument of its name).
  for (auto [Name, Out] :
       {std::pair(key::M, &P.M), std::pair(key::N, &P.N),
        std::pair(key::K, &P.K), std::pair(key::Batch, &P.Batch)}) {
    const json::Value *V = Prob->get(Name);
    if (!V && Name == key::Batch)
      continue;
    if (V && V->getAsNull())
      *Out = 0;
    else if (std::optional<int64_t> I = V ? V->getAsInteger() : std::nullopt;
             I && *I > 0)
      *Out = *I;
    else
      return Bad("problem." + Twine(Name) +
                 " must be a positive integer or null");
  }
  P.TransposeA = Prob->getBoolean(key::TransposeA).value_or(false);
  P.TransposeB = Prob->getBoolean(key::TransposeB).value_or(false);
  P.Alpha = Prob->getNumber(key::Alpha);
  P.Beta = Prob->getNumber(key::Beta);
  // Manifests from before the epilogue: linalg.matmul, C += A x B.
  if (!Prob->get(key::Alpha) && !Prob->get(key::Beta) &&
      Prob->getBoolean(key::Accumulate).value_or(true))
    P.Alpha = P.Beta = 1.0;
  if (const json::Value *EpilogueValue = Prob->get(key::Epilogue)) {
    const json::Object *Epilogue = EpilogueValue->getAsObject();
    const json::Array *Operands =
        Epilogue ? Epilogue->getArray(key::Operands) : nullptr;
    const json::Array *Body =
        Epilogue ? Epilogue->getArray(key::Body) : nullptr;
    if (!Operands || !Body || Body->empty())
      return Bad("problem.epilogue must be an object with an \"operands\" "
                 "array and a non-empty \"body\" array");
    for (const json::Value &OperandValue : *Operands) {
      const json::Object *Operand = OperandValue.getAsObject();
      const json::Array *Dims =
          Operand ? Operand->getArray(key::Dims) : nullptr;
      if (!Dims)
        return Bad("problem.epilogue.operands: each must be an object with a "
                   "\"dims\" array");
      std::vector<std::string> &Out = P.EpilogueOperands.emplace_back();
      for (const json::Value &Dim : *Dims) {
        std::optional<StringRef> Name = Dim.getAsString();
        if (!Name || !llvm::is_contained({"batch", "m", "n"}, *Name) ||
            llvm::is_contained(Out, *Name))
          return Bad("problem.epilogue.operands: \"dims\" must name "
                     "distinct loops among \"batch\", \"m\" and \"n\"");
        Out.push_back(Name->str());
      }
    }
    for (const json::Value &Step : *Body) {
      std::optional<StringRef> Text = Step.getAsString();
      if (!Text)
        return Bad("problem.epilogue.body: each step must be a string");
      P.EpilogueBody.push_back(Text->str());
    }
  }
  P.ElementType = Prob->getString(key::ElementType).value_or("f32").str();
  P.Accumulate = Prob->getBoolean(key::Accumulate).value_or(true);
  // Several kernels ("kernels", each with its "when"), or one described at
  // the top level.
  if (const json::Array *Kernels = O->getArray(key::Kernels)) {
    if (Kernels->empty())
      return Bad("\"kernels\" is empty");
    if (Error E = readKernels(*Kernels, "kernel entry", M.Kernels))
      return Bad(toString(std::move(E)));
  } else {
    Expected<ManifestKernel> K = readKernel(*O);
    if (!K)
      return Bad(toString(K.takeError()));
    M.Kernels.push_back(std::move(*K));
  }
  if (const json::Value *ThenValue = O->get(key::Then)) {
    const json::Array *Then = ThenValue->getAsArray();
    if (!Then || M.Kernels.size() != 1)
      return Bad("\"then\" must be an array of kernels, after a manifest's "
                 "only kernel");
    if (Error E = readKernels(*Then, "\"then\" entry", M.Then))
      return Bad(toString(std::move(E)));
    for (const ManifestKernel &K : M.Then)
      if (llvm::any_of(K.GridExpr,
                       [](const std::string &E) { return !E.empty(); }))
        return Bad("kernel " + K.Kernel +
                   " in \"then\": its grid must be static");
  }
  // The workspace: static, positive, and no larger than the runtime's
  // allocations can be.
  for (const std::vector<ManifestKernel> *List : {&M.Kernels, &M.Then})
    for (const ManifestKernel &K : *List)
      for (const ManifestArg &A : K.Args)
        if (A.isWorkspace() &&
            (A.Rows <= 0 || A.Cols <= 0 || !A.RowsExpr.empty() ||
             !A.ColsExpr.empty() || A.Rows > (int64_t(1) << 40) / A.Cols))
          return Bad(formatv("kernel {0}: the workspace's \"rows\" and "
                             "\"cols\" must be positive integers (floats) "
                             "whose product is below 2^40",
                             K.Kernel)
                         .str());
  return M;
}
