"""Exits non-zero, naming the first difference, unless two launch manifests
are equal apart from the code object's path."""
import json
import sys


def load(path):
    with open(path) as f:
        manifest = json.load(f)
    manifest.pop("code_object", None)
    return manifest


def first_difference(a, b, where="manifest"):
    if type(a) is not type(b):
        return f"{where}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{where}.{key}: only in one"
            diff = first_difference(a[key], b[key], f"{where}.{key}")
            if diff:
                return diff
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{where}: {len(a)} != {len(b)} entries"
        for i, (x, y) in enumerate(zip(a, b)):
            diff = first_difference(x, y, f"{where}[{i}]")
            if diff:
                return diff
        return None
    return None if a == b else f"{where}: {a!r} != {b!r}"


diff = first_difference(load(sys.argv[1]), load(sys.argv[2]))
if diff:
    sys.exit(f"{sys.argv[1]} and {sys.argv[2]} differ at {diff}")
