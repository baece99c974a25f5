"""Makes the special files the file tests need: special.py fifo PATH makes a
FIFO; special.py deep PATH N writes N nested '[' ; special.py big PATH BYTES
writes BYTES spaces; special.py workspace IN OUT ROWS sets the rows of every
workspace argument of a manifest."""
import json
import os
import sys

what, path = sys.argv[1], sys.argv[2]
if what == "fifo":
    os.mkfifo(path)
elif what == "deep":
    with open(path, "w") as f:
        f.write("[" * int(sys.argv[3]))
elif what == "big":
    with open(path, "w") as f:
        f.write(" " * int(sys.argv[3]))
elif what == "workspace":
    doc = json.load(open(path))
    for kernel in [doc] + doc.get("then", []) + doc.get("kernels", []):
        for arg in kernel.get("args", []):
            if arg.get("role") == "workspace":
                arg["rows"] = int(sys.argv[4])
    json.dump(doc, open(sys.argv[3], "w"), indent=2)
