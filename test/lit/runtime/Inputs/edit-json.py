"""Writes a copy of a JSON file with some fields replaced, for tests of bad
manifests: edit-json.py IN OUT PATH=VALUE... where PATH is dotted keys and
list indices (problem.m, args.0.rows; an index one past the end appends) and
VALUE is JSON, or a JSON string when it does not parse."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for edit in sys.argv[3:]:
    path, value = edit.split("=", 1)
    try:
        value = json.loads(value)
    except ValueError:
        pass
    keys = path.split(".")
    node = doc
    for key in keys[:-1]:
        node = node[int(key)] if isinstance(node, list) else node[key]
    last = keys[-1]
    if isinstance(node, list):
        if int(last) == len(node):
            node.append(value)
        else:
            node[int(last)] = value
    else:
        node[last] = value
json.dump(doc, open(sys.argv[2], "w"), indent=2)
