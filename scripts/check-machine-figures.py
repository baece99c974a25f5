#!/usr/bin/python3
"""Fails when a machine figure is written outside the target table.

    scripts/check-machine-figures.py [--root DIR] [FILE...]

Every CU count, clock, bandwidth, peak rate and launch gap of the products
gemm-opt targets lives in lib/Target/Target.cpp (docs/targets.md). This
script reads the figures from that table and looks for them in the sources
(C++, TableGen, Python, CMake and shell files under include/, lib/, tools/,
runtime/, bench/, scripts/, examples/ and unittests/; or the FILEs given): a
line that holds one of the figures next to a word of its kind (a clock next
to "GHz" or "clock", a CU count next to "CU" or "compute units", a bandwidth
next to "GB/s" or "bandwidth", a peak next to "TFLOP", a gap next to
"launch" or "gap") is reported as FILE:LINE. Comments count: a figure
restated in a comment goes stale with the table. The lit tests and docs are
not scanned (they quote the tools' output and the sources); the unit tests
are, as they read every figure from the table.

Exit code: 0 clean, 1 figures found, 2 bad usage or an unreadable table.
"""

import argparse
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join("lib", "Target", "Target.cpp")
SCANNED_DIRS = ["include", "lib", "tools", "runtime", "bench", "scripts",
                "examples", "unittests"]
SCANNED_EXTS = (".cpp", ".h", ".td", ".py", ".cmake", ".txt", ".sh", ".in")
# Generated or vendored output that quotes the tools (result tables).
SKIPPED_DIRS = {os.path.join("bench", "results"), "build"}

NUMBER = r"(?<![\w.])(\d+(?:\.\d+)?)(?:e(-?\d+))?(?![\w.])"


def table_figures(path):
    """The figures of each kind, as floats, read from the table's rows."""
    text = open(path).read()
    consts = {name: float(value) for name, value in re.findall(
        r"constexpr double (k\w+) = (\d+(?:\.\d+)?);", text)}
    rows = re.findall(r'\{"([\w-]+)", "(gfx\w+)", "[^"]*",(.*?)\}', text,
                      flags=re.S)
    if not rows:
        raise ValueError(f"{path}: no product rows found")
    kinds = {"cu": set(), "clock": set(), "bandwidth": set(), "peak": set(),
             "gap": set()}

    def value(field):
        field = field.strip()
        if field in consts:
            return consts[field]
        try:
            return float(field)
        except ValueError:
            return None  # derived (the sustained clock) or a size

    for name, isa, body in rows:
        fields = re.split(r",(?![^(]*\))", body)
        if len(fields) != 15:
            raise ValueError(f"{path}: row {name} has {len(fields)} figures, "
                             "expected 15")
        for kind, i in (("cu", 0), ("bandwidth", 9), ("clock", 11),
                        ("peak", 13), ("gap", 14)):
            kinds[kind].add(value(fields[i]))
    kinds["clock"].update(v for k, v in consts.items() if k.endswith("GHz"))
    for k in kinds:
        kinds[k].discard(None)
    return kinds


# A figure is a number written with its unit after it, after a name of its
# kind ("computeUnits = 96", "--clock-ghz=2.5"), as the default of an option
# or parameter named so in the lines around (`cl::init(96)`, "(default 96"),
# or in seconds,
# hertz, flop/s or bytes/s ("960e9", "61.4e12", "5e-6").
UNIT_AFTER = {
    "cu": r"\s*(?:CUs?\b|compute units)",
    "clock": r"\s*GHz",
    "bandwidth": r"\s*(?:GB/s|GBps)",
    "peak": r"\s*TFLOP",
    "gap": r"\s*(?:us|µs)\b",
}
NAME_BEFORE = {
    "cu": r"(?:compute[-_ ]?units|[cC]omputeUnits\w*|compute_units)",
    "clock": r"(?:clock[-_\w]*|Clock\w*)",
    "bandwidth": r"(?:memory-gbps|\w*GBps|\w*[dD]ram\w*|bandwidth)",
    "peak": r"(?:[pP]eak\w*)",
    "gap": r"(?:\w*[gG]ap\w*)",
}
# How a figure of the table (GHz, GB/s, TFLOP/s, ns) may be written.
WRITTEN = {"cu": (1,), "clock": (1, 1e9), "bandwidth": (1, 1e9),
           "peak": (1, 1e12), "gap": (1, 1e-3, 1e-9)}
DEFAULT_BEFORE = r'(?:init\(|Parameter<[^>]*|\(default:?\s)"?$'


def matches(line, kinds, window=""):
    """The figures on `line`, each with its kind; `window` is the lines
    before it, where an option's name stands."""
    found = []
    for m in re.finditer(NUMBER, line):
        try:
            mantissa = float(m.group(1))
            exponent = int(m.group(2)) if m.group(2) else 0
        except (ValueError, OverflowError):
            continue
        if abs(exponent) > 15:
            continue
        v = mantissa * 10.0 ** exponent
        before, after = line[:m.start()], line[m.end():]
        for kind, values in kinds.items():
            if not any(abs(v - f * w) <= 1e-9 * f * w
                       for f in values for w in WRITTEN[kind]):
                continue
            # 960e9 and 5e-6 say what they are; a plain number needs its unit
            # or name.
            if exponent:
                hit = True
            else:
                hit = (re.match(UNIT_AFTER[kind], after) or
                       re.search(NAME_BEFORE[kind] + r"[^\w\n]{1,8}$", before)
                       or (re.search(DEFAULT_BEFORE, before) and
                           re.search(NAME_BEFORE[kind], window + line)))
            if hit:
                found.append(f"{m.group(0)} ({kind})")
    return found


def files(root):
    for d in SCANNED_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, d)):
            rel = os.path.relpath(dirpath, root)
            dirnames[:] = [x for x in dirnames
                           if os.path.join(rel, x) not in SKIPPED_DIRS]
            for f in filenames:
                if f.endswith(SCANNED_EXTS) or f == "CMakeLists.txt":
                    yield os.path.join(dirpath, f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=REPO)
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    try:
        kinds = table_figures(os.path.join(a.root, TABLE))
    except (OSError, ValueError) as e:
        print(f"check-machine-figures: {e}", file=sys.stderr)
        return 2
    # The table, and this script, whose text names figures as examples.
    own = {os.path.realpath(os.path.join(a.root, TABLE)),
           os.path.realpath(__file__)}
    bad = 0
    for path in a.files or files(a.root):
        if os.path.realpath(path) in own:
            continue
        try:
            lines = open(path, errors="replace").read().splitlines()
        except OSError as e:
            print(f"check-machine-figures: {e}", file=sys.stderr)
            return 2
        for n, line in enumerate(lines, 1):
            # An option's name stands in the lines before its default; a
            # TableGen parameter's name in the line after.
            window = "\n".join(lines[max(0, n - 5):n - 1] + lines[n:n + 1])
            for what in matches(line, kinds, window):
                print(f"{os.path.relpath(path, a.root)}:{n}: machine figure "
                      f"{what} outside {TABLE}: {line.strip()}")
                bad += 1
    if bad:
        print(f"check-machine-figures: {bad} figure(s) outside the target "
              "table; read them from gemm::TargetInfo (docs/targets.md)")
        return 1
    print("check-machine-figures: no machine figure outside the target table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
