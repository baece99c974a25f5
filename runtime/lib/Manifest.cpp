//===- Manifest.cpp - gemm-opt launch manifest reader ---------------------===//

#include "gemm-runtime/Manifest.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace gemm::rt;

const ManifestArg *Manifest::arg(StringRef Role) const {
  for (const ManifestArg &A : Args)
    if (A.Role == Role)
      return &A;
  return nullptr;
}

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

static bool readDims(const json::Object &O, StringRef Key,
                     std::array<uint32_t, 3> &Out) {
  const json::Array *A = O.getArray(Key);
  if (!A || A->size() != 3)
    return false;
  for (unsigned I = 0; I < 3; ++I) {
    std::optional<int64_t> V = (*A)[I].getAsInteger();
    if (!V || *V <= 0 || *V > 0xffffffffll)
      return false;
    Out[I] = *V;
  }
  return true;
}

Expected<Manifest> gemm::rt::readManifest(StringRef Path) {
  auto BufOrErr = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!BufOrErr)
    return makeError("cannot read manifest '" + Path +
                     "': " + BufOrErr.getError().message());
  Expected<json::Value> V = json::parse((*BufOrErr)->getBuffer());
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
  M.Path = Path.str();
  std::optional<StringRef> Format = O->getString("format");
  if (!Format || *Format != "gemm-opt-manifest-1")
    return Bad("\"format\" must be \"gemm-opt-manifest-1\"");
  std::optional<StringRef> CodeObj = O->getString("code_object");
  std::optional<StringRef> Kernel = O->getString("kernel");
  if (!CodeObj || !Kernel)
    return Bad("\"code_object\" and \"kernel\" are required strings");
  SmallString<256> CO(*CodeObj);
  if (sys::path::is_relative(CO)) {
    SmallString<256> Dir(sys::path::parent_path(Path));
    sys::path::append(Dir, CO);
    CO = Dir;
  }
  M.CodeObjectPath = std::string(CO);
  M.Kernel = Kernel->str();
  M.Chip = O->getString("chip").value_or("").str();
  M.CodeObjectVersion = O->getInteger("code_object_version").value_or(0);
  const json::Object *Prob = O->getObject("problem");
  if (!Prob)
    return Bad("\"problem\" object is required");
  std::optional<int64_t> Mv = Prob->getInteger("m"), Nv = Prob->getInteger("n"),
                         Kv = Prob->getInteger("k");
  if (!Mv || !Nv || !Kv || *Mv <= 0 || *Nv <= 0 || *Kv <= 0)
    return Bad("problem.m/n/k must be positive integers");
  M.M = *Mv;
  M.N = *Nv;
  M.K = *Kv;
  M.Batch = Prob->getInteger("batch").value_or(1);
  if (M.Batch <= 0)
    return Bad("problem.batch must be a positive integer");
  M.TransposeA = Prob->getBoolean("transpose_a").value_or(false);
  M.TransposeB = Prob->getBoolean("transpose_b").value_or(false);
  M.Alpha = Prob->getNumber("alpha");
  M.Beta = Prob->getNumber("beta");
  // Manifests from before the epilogue: linalg.matmul, C += A x B.
  if (!Prob->get("alpha") && !Prob->get("beta") &&
      Prob->getBoolean("accumulate").value_or(true))
    M.Alpha = M.Beta = 1.0;
  M.ElementType = Prob->getString("element_type").value_or("f32").str();
  M.Accumulate = Prob->getBoolean("accumulate").value_or(true);
  const json::Array *Args = O->getArray("args");
  if (!Args)
    return Bad("\"args\" array is required");
  for (const json::Value &AV : *Args) {
    const json::Object *A = AV.getAsObject();
    if (!A)
      return Bad("argument entry is not an object");
    ManifestArg MA;
    MA.Index = A->getInteger("index").value_or(M.Args.size());
    MA.Role = A->getString("role").value_or("").str();
    MA.Kind = A->getString("kind").value_or("").str();
    std::optional<int64_t> Off = A->getInteger("offset"),
                           Size = A->getInteger("size");
    if (!Off || !Size || *Off < 0 || *Size <= 0)
      return Bad("argument " + Twine(MA.Index) +
                 ": \"offset\" and \"size\" are required");
    MA.Offset = *Off;
    MA.Size = *Size;
    MA.Rows = A->getInteger("rows").value_or(0);
    MA.Cols = A->getInteger("cols").value_or(0);
    MA.LD = A->getInteger("ld").value_or(MA.Cols);
    MA.BatchStride = A->getInteger("batch_stride").value_or(0);
    M.Args.push_back(std::move(MA));
  }
  M.KernargSize = O->getInteger("kernarg_size").value_or(0);
  if (!readDims(*O, "workgroup_size", M.WorkgroupSize))
    return Bad("\"workgroup_size\" must be three positive integers");
  if (!readDims(*O, "grid", M.Grid))
    return Bad("\"grid\" must be three positive integers (workgroups)");
  M.LdsBytes = O->getInteger("lds_bytes").value_or(0);
  M.VgprCount = O->getInteger("vgpr_count").value_or(0);
  M.SgprCount = O->getInteger("sgpr_count").value_or(0);
  M.ScratchBytes = O->getInteger("scratch_bytes").value_or(0);
  return M;
}
