"""Checks a gemm-tune table: the format tag, and for each entry with
candidates, that its options are those of the fastest candidate (ties: the
first) and its predicted_ms that candidate's. Prints one line per entry."""
import json
import sys

doc = json.load(open(sys.argv[1]))
assert doc["format"] == "gemm-opt-tuning-1", doc["format"]
assert doc["prediction_not_measurement"] is True
for e in doc["entries"]:
    ran = [c for c in e.get("candidates", []) if c["predicted_ms"] > 0]
    if ran:
        best = min(ran, key=lambda c: c["predicted_ms"])
        assert e["options"] == best["options"], (e["shape"], e["options"])
        assert e["predicted_ms"] == best["predicted_ms"], e["shape"]
    print(f"{e['shape']} [{e['options']}] {len(ran)} of "
          f"{len(e.get('candidates', []))} candidates predicted")
