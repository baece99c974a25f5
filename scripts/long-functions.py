#!/usr/bin/env python3
"""Lists the functions of lib/, tools/ and runtime/ longer than a limit
(default 150 lines), longest first: the code aims at no function over about
150 lines. A brace counter, not a parser: a function is a top-level `{ ... }`
(outside namespaces) whose opening line is not a class, struct, enum or union.

Usage: scripts/long-functions.py [--limit N] [PATH ...]
"""
import argparse
import os
import re
import subprocess
import sys


def long_functions(path, limit):
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    depth, start, name, found = 0, None, None, []
    for i, line in enumerate(lines):
        code = re.sub(r"//.*", "", line)
        code = re.sub(r'"(\\.|[^"\\])*"', '""', code)
        code = re.sub(r"'(\\.|[^'\\])*'", "''", code)
        if re.match(r'\s*(namespace\b.*|extern "C")\s*\{\s*$', code) or \
                re.match(r"\s*\}\s*//\s*(end\s+)?(anonymous\s+)?namespace", line):
            continue
        if depth == 0 and "{" in code:
            if code.strip().startswith("{") and i > 0:
                start, name = i - 1, lines[i - 1].strip()
            elif not re.match(r"\s*(struct|class|enum|union)\b", code):
                start, name = i, code.strip()
        before = depth
        depth += code.count("{") - code.count("}")
        if before > 0 and depth == 0 and start is not None:
            if i - start + 1 > limit:
                found.append((i - start + 1, path, start + 1, name[:80]))
            start = None
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=150)
    ap.add_argument("paths", nargs="*", default=["lib", "tools", "runtime"])
    args = ap.parse_args()
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = subprocess.check_output(["git", "-C", repo, "ls-files", "--"] + args.paths,
                                    text=True).split()
    found = []
    for f in files:
        if f.endswith((".cpp", ".h")):
            found += long_functions(os.path.join(repo, f), args.limit)
    for n, path, line, name in sorted(found, reverse=True):
        print("%5d  %s:%d  %s" % (n, os.path.relpath(path, repo), line, name))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
