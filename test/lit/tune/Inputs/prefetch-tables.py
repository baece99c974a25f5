"""Writes made-up gemm-tune tables for compare-prefetch.test into argv[1]."""
import json
import os
import sys


def entry(shape, transpose_b, options, ms):
    return {"shape": shape, "transpose_b": transpose_b,
            "candidates": [{"options": options, "predicted_ms": ms}]}


def table(entries):
    return {"format": "gemm-opt-tuning-1", "entries": entries}


tile = "bm=128 bn=128 split-tail=1"
named = "bm=128 bn=128 prefetch=registers split-tail=1"
lds = "bm=128 bn=128 prefetch=lds split-tail=1"
out = sys.argv[1]
json.dump(table([entry("1024x1024x1024:nn", False, tile, 1.0),
                 entry("2048x1024x1024:nn", False, tile, 1.0),
                 entry("1024x1024x1024:nt", True, named, 1.0)]),
          open(os.path.join(out, "registers.json"), "w"))
json.dump(table([entry("1024x1024x1024:nn", False, lds, 0.9),
                 entry("2048x1024x1024:nn", False, lds, 1.1),
                 entry("1024x1024x1024:nt", True, lds, 0.8),
                 entry("4096x1024x1024:nn", False, lds, 0.5)]),
          open(os.path.join(out, "lds.json"), "w"))
