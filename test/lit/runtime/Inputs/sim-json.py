"""Prints fields of `--backend=sim --json` predictions (emu-run, gemm-run),
one FIELD=VALUE line per field and file (files in order), so that
FileCheck's numeric variables can check exact differences between runs:

  sim-json.py FIELD... -- FILE...

FIELD is a dotted path into the JSON (grid.cu_cycles, lost_cycles.barrier,
grid.first_workgroup_wave_ends.2). A lost-cycle reason with no cycles is absent
from the JSON and prints 0."""
import json
import sys

sep = sys.argv.index("--")
fields, files = sys.argv[1:sep], sys.argv[sep + 1:]


def get(doc, path):
    v = doc
    for key in path.split("."):
        if isinstance(v, list):
            v = v[int(key)]
        elif key in v:
            v = v[key]
        elif path.startswith("lost_cycles."):
            return 0
        else:
            sys.exit("sim-json.py: no field '%s'" % path)
    return int(v) if isinstance(v, float) and v.is_integer() else v


for f in files:
    doc = json.load(open(f))
    for p in fields:
        print("%s=%s" % (p, get(doc, p)))
