//===- Epilogue.cpp - A manifest's epilogue body, evaluated ---------------===//

#include "gemm-opt/Manifest/Epilogue.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace gemm;
using namespace llvm;

static Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// The ordered and unordered comparisons of arith.cmpf.
static bool compare(StringRef Predicate, double L, double R) {
  bool Unordered = std::isnan(L) || std::isnan(R);
  if (Predicate == "false")
    return false;
  if (Predicate == "true")
    return true;
  if (Predicate == "ord")
    return !Unordered;
  if (Predicate == "uno")
    return Unordered;
  bool IsUnordered = Predicate.starts_with("u");
  StringRef Relation = Predicate.drop_front();
  if (Unordered)
    return IsUnordered;
  return StringSwitch<bool>(Relation)
      .Case("eq", L == R)
      .Case("gt", L > R)
      .Case("ge", L >= R)
      .Case("lt", L < R)
      .Case("le", L <= R)
      .Case("ne", L != R)
      .Default(false);
}

static bool isPredicate(StringRef Predicate) {
  return is_contained({"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                       "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"},
                      Predicate);
}

Expected<EpilogueProgram> EpilogueProgram::parse(ArrayRef<std::string> Body,
                                                 unsigned NumOperands) {
  EpilogueProgram P;
  P.NumOperands = NumOperands;
  StringMap<int> Names;
  Names["T"] = 0;
  Names["C"] = 1;
  for (unsigned I = 0; I < NumOperands; ++I)
    Names["E" + std::to_string(I)] = 2 + I;
  int NextValue = 2 + NumOperands;
  for (auto [Index, Text] : enumerate(Body)) {
    auto Bad = [&, Index = Index, Text = Text](const Twine &Why) {
      return makeError(formatv("epilogue step {0} '{1}': ", Index, Text) + Why);
    };
    StringRef Line = StringRef(Text).trim();
    auto Lookup = [&](StringRef Name, int &Out) {
      auto It = Names.find(Name.trim());
      if (It == Names.end())
        return false;
      Out = It->second;
      P.ReadsC |= Out == 1;
      return true;
    };
    if (Line.consume_front("yield ")) {
      if (Index + 1 != Body.size())
        return Bad("yield must be the last step");
      if (!Lookup(Line, P.Result))
        return Bad("yields an unknown value");
      return std::move(P);
    }
    auto [Name, Rest] = Line.split(" = ");
    if (Rest.empty() || !Name.starts_with("%") || Names.count(Name))
      return Bad("expected '%N = op operands' with a new name %N");
    auto [OpName, Operands] = Rest.split(' ');
    Step S;
    std::optional<Op> Kind = StringSwitch<std::optional<Op>>(OpName)
                                 .Case("arith.constant", Op::Constant)
                                 .Case("arith.addf", Op::AddF)
                                 .Case("arith.subf", Op::SubF)
                                 .Case("arith.mulf", Op::MulF)
                                 .Case("arith.divf", Op::DivF)
                                 .Case("arith.maximumf", Op::MaximumF)
                                 .Case("arith.minimumf", Op::MinimumF)
                                 .Case("arith.maxnumf", Op::MaxNumF)
                                 .Case("arith.minnumf", Op::MinNumF)
                                 .Case("arith.negf", Op::NegF)
                                 .Case("arith.cmpf", Op::CmpF)
                                 .Case("arith.select", Op::Select)
                                 .Case("math.exp", Op::Exp)
                                 .Case("math.tanh", Op::Tanh)
                                 .Case("math.erf", Op::Erf)
                                 .Case("math.absf", Op::AbsF)
                                 .Case("math.sqrt", Op::Sqrt)
                                 .Case("math.rsqrt", Op::Rsqrt)
                                 .Case("math.fma", Op::Fma)
                                 .Default(std::nullopt);
    if (!Kind)
      return Bad("unknown operation '" + OpName + "'");
    S.Kind = *Kind;
    Operands = Operands.trim();
    if (S.Kind == Op::Constant) {
      if (Operands == "true" || Operands == "false")
        S.Value = Operands == "true";
      else if (Operands.getAsDouble(S.Value))
        return Bad("expected a number, true or false");
    } else {
      if (S.Kind == Op::CmpF) {
        auto [Predicate, Tail] = Operands.split(',');
        S.Predicate = Predicate.trim().str();
        if (!isPredicate(S.Predicate))
          return Bad("unknown predicate '" + S.Predicate + "'");
        Operands = Tail;
      }
      SmallVector<StringRef> Parts;
      Operands.split(Parts, ',');
      for (StringRef Part : Parts) {
        int Value;
        if (!Lookup(Part, Value))
          return Bad("unknown operand '" + Part.trim() + "'");
        S.Args.push_back(Value);
      }
      unsigned Arity =
          StringSwitch<unsigned>(OpName)
              .Cases({"arith.negf", "math.exp", "math.tanh", "math.erf",
                      "math.absf", "math.sqrt", "math.rsqrt"},
                     1)
              .Cases({"arith.select", "math.fma"}, 3)
              .Default(2);
      if (S.Args.size() != Arity)
        return Bad(formatv("expected {0} operand(s)", Arity).str());
    }
    P.Steps.push_back(std::move(S));
    Names[Name] = NextValue++;
  }
  return makeError("epilogue body has no final 'yield'");
}

double EpilogueProgram::run(double T, ArrayRef<double> Operands, double C,
                            double *MaxMagnitude,
                            unsigned *Transcendentals) const {
  std::vector<double> Values = {T, C};
  Values.insert(Values.end(), Operands.begin(), Operands.end());
  auto Note = [&](double V) {
    if (MaxMagnitude && std::isfinite(V))
      *MaxMagnitude = std::max(*MaxMagnitude, std::fabs(V));
  };
  for (double V : Values)
    Note(V);
  for (const Step &S : Steps) {
    auto Arg = [&](unsigned I) { return Values[S.Args[I]]; };
    double R = 0;
    switch (S.Kind) {
    case Op::Constant:
      R = S.Value;
      break;
    case Op::AddF:
      R = Arg(0) + Arg(1);
      break;
    case Op::SubF:
      R = Arg(0) - Arg(1);
      break;
    case Op::MulF:
      R = Arg(0) * Arg(1);
      break;
    case Op::DivF:
      R = Arg(0) / Arg(1);
      break;
    // maximumf/minimumf propagate NaN; maxnumf/minnumf prefer the number.
    case Op::MaximumF:
      R = std::isnan(Arg(0)) || std::isnan(Arg(1)) ? NAN
                                                   : std::max(Arg(0), Arg(1));
      break;
    case Op::MinimumF:
      R = std::isnan(Arg(0)) || std::isnan(Arg(1)) ? NAN
                                                   : std::min(Arg(0), Arg(1));
      break;
    case Op::MaxNumF:
      R = std::fmax(Arg(0), Arg(1));
      break;
    case Op::MinNumF:
      R = std::fmin(Arg(0), Arg(1));
      break;
    case Op::NegF:
      R = -Arg(0);
      break;
    case Op::CmpF:
      R = compare(S.Predicate, Arg(0), Arg(1));
      break;
    case Op::Select:
      R = Arg(0) != 0 ? Arg(1) : Arg(2);
      break;
    case Op::Exp:
      R = std::exp(Arg(0));
      break;
    case Op::Tanh:
      R = std::tanh(Arg(0));
      break;
    case Op::Erf:
      R = std::erf(Arg(0));
      break;
    case Op::AbsF:
      R = std::fabs(Arg(0));
      break;
    case Op::Sqrt:
      R = std::sqrt(Arg(0));
      break;
    case Op::Rsqrt:
      R = 1.0 / std::sqrt(Arg(0));
      break;
    case Op::Fma:
      R = Arg(0) * Arg(1) + Arg(2);
      break;
    }
    if (Transcendentals &&
        (S.Kind == Op::Exp || S.Kind == Op::Tanh || S.Kind == Op::Erf))
      ++*Transcendentals;
    // Comparisons and constants are exact.
    if (S.Kind != Op::CmpF && S.Kind != Op::Constant)
      Note(R);
    Values.push_back(R);
  }
  return Values[Result];
}

double EpilogueProgram::evaluate(double T, ArrayRef<double> Operands,
                                 double C) const {
  return run(T, Operands, C, nullptr, nullptr);
}

double EpilogueProgram::evaluate(double T, ArrayRef<double> Operands, double C,
                                 double TError, double &Tolerance) const {
  double MaxMagnitude = 0;
  unsigned Transcendentals = 0;
  double Result = run(T, Operands, C, &MaxMagnitude, &Transcendentals);
  double Carried = 0;
  for (double Shifted : {T - TError, T + TError}) {
    double Other = run(Shifted, Operands, C, &MaxMagnitude, nullptr);
    Carried = std::max(Carried, std::fabs(Other - Result));
  }
  const double Unit = 0x1p-24;
  Tolerance = Carried + 8.0 * Steps.size() * Unit * MaxMagnitude +
              Transcendentals * 0x1p-19 * std::max(1.0, MaxMagnitude);
  return Result;
}
