//===- Manifest.cpp - gemm-opt launch manifest reader ---------------------===//

#include "gemm-runtime/Manifest.h"
#include "gemm-runtime/CodeObject.h"

#include "gemm-opt/Manifest/ManifestSchema.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace gemm::rt;
namespace key = gemm::manifest::key;

const ManifestArg *Manifest::arg(StringRef Role) const {
  for (const ManifestArg &A : Args)
    if (A.Role == Role)
      return &A;
  return nullptr;
}

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Reads three positive integers, or (with `Exprs`) size expressions.
static bool readDims(const json::Object &O, StringRef Key,
                     std::array<uint32_t, 3> &Out,
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

namespace {
/// Recursive descent over the size expression grammar of evaluateSize.
struct SizeParser {
  StringRef Text;
  const StringMap<int64_t> &Values;
  std::string Error;
  unsigned Depth = 0; // of factor(), which recurses per '(' and '!'

  bool consume(StringRef Token) {
    Text = Text.ltrim();
    return Text.consume_front(Token);
  }
  std::optional<int64_t> fail(const Twine &Msg) {
    if (Error.empty())
      Error = Msg.str();
    return std::nullopt;
  }
  /// \p V, or a failure when an operation overflowed (std::nullopt).
  std::optional<int64_t> checked(std::optional<int64_t> V, StringRef Op) {
    return V ? V : fail("'" + Op + "' overflows 64 bits");
  }
  std::optional<int64_t> either() {
    std::optional<int64_t> V = both();
    while (V && consume("||")) {
      std::optional<int64_t> R = both();
      V = R ? std::optional<int64_t>(*V || *R) : std::nullopt;
    }
    return V;
  }
  std::optional<int64_t> both() {
    std::optional<int64_t> V = comparison();
    while (V && consume("&&")) {
      std::optional<int64_t> R = comparison();
      V = R ? std::optional<int64_t>(*V && *R) : std::nullopt;
    }
    return V;
  }
  std::optional<int64_t> comparison() {
    std::optional<int64_t> V = expr();
    if (!V)
      return V;
    // Two-character operators first.
    static const std::pair<StringRef, bool (*)(int64_t, int64_t)> Ops[] = {
        {"<=", [](int64_t L, int64_t R) { return L <= R; }},
        {">=", [](int64_t L, int64_t R) { return L >= R; }},
        {"==", [](int64_t L, int64_t R) { return L == R; }},
        {"!=", [](int64_t L, int64_t R) { return L != R; }},
        {"<", [](int64_t L, int64_t R) { return L < R; }},
        {">", [](int64_t L, int64_t R) { return L > R; }}};
    for (auto [Token, Compare] : Ops) {
      if (!consume(Token))
        continue;
      std::optional<int64_t> R = expr();
      return R ? std::optional<int64_t>(Compare(*V, *R)) : std::nullopt;
    }
    return V;
  }
  std::optional<int64_t> expr() {
    std::optional<int64_t> V = term();
    while (V) {
      if (consume("+")) {
        std::optional<int64_t> R = term();
        V = R ? checked(checkedAdd(*V, *R), "+") : std::nullopt;
      } else if (consume("-")) {
        std::optional<int64_t> R = term();
        V = R ? checked(checkedSub(*V, *R), "-") : std::nullopt;
      } else {
        break;
      }
    }
    return V;
  }
  std::optional<int64_t> term() {
    std::optional<int64_t> V = factor();
    while (V && consume("*")) {
      std::optional<int64_t> R = factor();
      V = R ? checked(checkedMul(*V, *R), "*") : std::nullopt;
    }
    return V;
  }
  std::optional<int64_t> factor() {
    if (Depth >= MaxManifestDepth)
      return fail("nested deeper than " + Twine(MaxManifestDepth) + " levels");
    ++Depth;
    std::optional<int64_t> V = nested();
    --Depth;
    return V;
  }
  std::optional<int64_t> nested() {
    for (bool Ceil : {true, false}) {
      if (!consume(Ceil ? "ceil(" : "floor("))
        continue;
      std::optional<int64_t> N = expr();
      if (!N || !consume("/"))
        return fail("expected 'x/y' in ceil() or floor()");
      std::optional<int64_t> D = expr();
      if (!D || !consume(")"))
        return fail("expected ')'");
      if (*D <= 0)
        return fail("division by a non-positive value");
      int64_t Q = *N / *D, R = *N % *D;
      return Q + (Ceil && R > 0 ? 1 : 0) - (!Ceil && R < 0 ? 1 : 0);
    }
    if (consume("!")) {
      std::optional<int64_t> V = factor();
      return V ? std::optional<int64_t>(!*V) : std::nullopt;
    }
    if (consume("(")) {
      std::optional<int64_t> V = either();
      if (!V || !consume(")"))
        return fail("expected ')'");
      return V;
    }
    Text = Text.ltrim();
    size_t Len =
        Text.find_if_not([](char C) { return llvm::isAlnum(C) || C == '_'; });
    StringRef Token = Text.take_front(Len);
    Text = Text.drop_front(Token.size());
    int64_t V;
    if (Token.empty())
      return fail("expected a number or a name");
    if (!Token.getAsInteger(10, V))
      return V;
    if (isDigit(Token.front()))
      return fail("'" + Token + "' is not a 64-bit integer");
    auto It = Values.find(Token);
    if (It == Values.end())
      return fail("unknown size '" + Token + "'");
    return It->second;
  }
};
} // namespace

Expected<int64_t> gemm::rt::evaluateSize(StringRef Expr,
                                         const StringMap<int64_t> &Values) {
  SizeParser P{Expr, Values, {}};
  std::optional<int64_t> V = P.either();
  if (V && !P.Text.trim().empty())
    P.fail("unexpected '" + P.Text.trim() + "'");
  if (!P.Error.empty())
    return makeError("size expression '" + Expr + "': " + P.Error);
  return *V;
}

std::vector<std::string> Manifest::dynamicSizes() const {
  std::vector<std::string> Names;
  for (const ManifestKernel &Kernel : Kernels)
    for (const ManifestArg &A : Kernel.Args)
      if (A.isSize() && !llvm::is_contained(Names, A.Role))
        Names.push_back(A.Role);
  return Names;
}

Error Manifest::bindSizes(const StringMap<int64_t> &Values) {
  const ManifestKernel *Chosen = nullptr;
  for (const ManifestKernel &Kernel : Kernels) {
    if (Kernel.When.empty()) {
      Chosen = &Kernel;
      break;
    }
    Expected<int64_t> Holds = evaluateSize(Kernel.When, Values);
    if (!Holds)
      return Holds.takeError();
    if (*Holds) {
      Chosen = &Kernel;
      break;
    }
  }
  if (!Chosen)
    return makeError("no kernel of the manifest is for these sizes");
  static_cast<ManifestKernel &>(*this) = *Chosen;
  auto Bind = [&](const std::string &Expr, int64_t &Out) -> Error {
    if (Expr.empty())
      return Error::success();
    Expected<int64_t> V = evaluateSize(Expr, Values);
    if (!V)
      return V.takeError();
    Out = *V;
    return Error::success();
  };
  for (auto [Name, Out] : {std::pair("m", &M), std::pair("n", &N),
                           std::pair("k", &K), std::pair("batch", &Batch)})
    if (*Out == 0)
      if (Error E = Bind(Name, *Out))
        return E;
  for (ManifestArg &A : Args)
    for (auto [Expr, Out] :
         {std::pair(&A.RowsExpr, &A.Rows), std::pair(&A.ColsExpr, &A.Cols),
          std::pair(&A.LDExpr, &A.LD),
          std::pair(&A.BatchStrideExpr, &A.BatchStride)})
      if (Error E = Bind(*Expr, *Out))
        return E;
  for (unsigned I = 0; I < 3; ++I) {
    int64_t V = Grid[I];
    if (Error E = Bind(GridExpr[I], V))
      return E;
    if (V <= 0 || V > 0xffffffffll)
      return makeError("grid dimension " + GridExpr[I] + " = " + Twine(V) +
                       " is out of range");
    Grid[I] = V;
  }
  return Error::success();
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
    // One argument per role: a second C would be left unset (uninitialized
    // device memory), or get another argument's value.
    for (const ManifestArg &Other : K.Args)
      if (!MA.Role.empty() && Other.Role == MA.Role)
        return makeError(formatv("arguments {0} and {1} both have role "
                                 "\"{2}\"",
                                 Other.Index, MA.Index, MA.Role)
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

/// The line of the first bracket nested deeper than MaxManifestDepth, if
/// any: json::parse recurses per level and would overflow the stack.
static std::optional<unsigned> tooDeep(StringRef Text) {
  unsigned Depth = 0, Line = 1;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    Line += C == '\n';
    if (InString) {
      if (C == '\\')
        ++I; // an escaped character, perhaps '"'
      else if (C == '"')
        InString = false;
    } else if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxManifestDepth)
        return Line;
    } else if ((C == ']' || C == '}') && Depth) {
      --Depth;
    }
  }
  return std::nullopt;
}

Expected<Manifest> gemm::rt::readManifest(StringRef Path) {
  auto BufOrErr = readInputFile(Path, MaxManifestBytes);
  if (!BufOrErr)
    return makeError("cannot read manifest '" + Path +
                     "': " + toString(BufOrErr.takeError()));
  if (std::optional<unsigned> Line = tooDeep((*BufOrErr)->getBuffer()))
    return makeError(formatv("manifest '{0}': arrays and objects are nested "
                             "deeper than {1} levels (line {2})",
                             Path, MaxManifestDepth, *Line)
                         .str());
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
  std::optional<StringRef> Format = O->getString(key::Format);
  if (!Format || *Format != gemm::manifest::FormatTag)
    return Bad("\"format\" must be \"gemm-opt-manifest-1\"");
  std::optional<StringRef> CodeObj = O->getString(key::CodeObject);
  if (!CodeObj)
    return Bad("\"code_object\" is a required string");
  SmallString<256> CO(*CodeObj);
  if (sys::path::is_relative(CO)) {
    SmallString<256> Dir(sys::path::parent_path(Path));
    sys::path::append(Dir, CO);
    CO = Dir;
  }
  M.CodeObjectPath = std::string(CO);
  M.Chip = O->getString(key::Chip).value_or("").str();
  // gemm-opt and the runtime target RDNA3 only; another chip's code object
  // would be launched with the wrong ABI (wave64, another descriptor).
  if (O->get(key::Chip) && !StringRef(M.Chip).starts_with("gfx11"))
    return Bad("\"chip\" must be a gfx11 (RDNA3) target such as \"gfx1100\", "
               "not " +
               formatv("{0}", *O->get(key::Chip)).str());
  M.CodeObjectVersion = O->getInteger(key::CodeObjectVersion).value_or(0);
  const json::Object *Prob = O->getObject(key::Problem);
  if (!Prob)
    return Bad("\"problem\" object is required");
  // A size given at run time is null (and a kernel argument of its name).
  for (auto [Name, Out] :
       {std::pair(key::M, &M.M), std::pair(key::N, &M.N),
        std::pair(key::K, &M.K), std::pair(key::Batch, &M.Batch)}) {
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
  M.TransposeA = Prob->getBoolean(key::TransposeA).value_or(false);
  M.TransposeB = Prob->getBoolean(key::TransposeB).value_or(false);
  M.Alpha = Prob->getNumber(key::Alpha);
  M.Beta = Prob->getNumber(key::Beta);
  // Manifests from before the epilogue: linalg.matmul, C += A x B.
  if (!Prob->get(key::Alpha) && !Prob->get(key::Beta) &&
      Prob->getBoolean(key::Accumulate).value_or(true))
    M.Alpha = M.Beta = 1.0;
  M.ElementType = Prob->getString(key::ElementType).value_or("f32").str();
  M.Accumulate = Prob->getBoolean(key::Accumulate).value_or(true);
  // Several kernels ("kernels", each with its "when"), or one described at
  // the top level.
  if (const json::Array *Kernels = O->getArray(key::Kernels)) {
    if (Kernels->empty())
      return Bad("\"kernels\" is empty");
    for (const json::Value &KV : *Kernels) {
      const json::Object *KO = KV.getAsObject();
      if (!KO)
        return Bad("kernel entry is not an object");
      Expected<ManifestKernel> K = readKernel(*KO);
      if (!K)
        return Bad(toString(K.takeError()));
      M.Kernels.push_back(std::move(*K));
    }
  } else {
    Expected<ManifestKernel> K = readKernel(*O);
    if (!K)
      return Bad(toString(K.takeError()));
    M.Kernels.push_back(std::move(*K));
  }
  // The first until bindSizes picks one: the matrices' shapes are the same
  // in all.
  static_cast<ManifestKernel &>(M) = M.Kernels.front();
  return M;
}
