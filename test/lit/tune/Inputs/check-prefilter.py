"""Checks `gemm-tune --list-candidates` output against the prefilter's rule:
of the candidates with a job of their own, the N with the shortest estimate
are kept (no estimate ranks last); a candidate that takes another job's
prediction is kept with that job. Prints one line per shape."""
import json
import sys

doc = json.load(open(sys.argv[1]))
n = doc["prefilter"]
for entry in doc["shapes"]:
    candidates = entry["candidates"]
    own = [c for c in candidates if c["job_options"] == c["options"]]
    kept = [c for c in own if c["kept"]]
    dropped = [c for c in own if not c["kept"]]

    def rank(c):
        return float("inf") if c["estimated_cycles"] is None \
            else c["estimated_cycles"]
    assert len(kept) == (len(own) if n == 0 else min(n, len(own))), entry
    assert not dropped or max(map(rank, kept)) <= min(map(rank, dropped)), \
        entry
    jobs = {c["options"]: c["kept"] for c in own}
    for c in candidates:
        if c["job_options"] not in ("", c["options"]):
            assert c["kept"] == jobs[c["job_options"]], (entry["shape"], c)
        if c["job_options"] == "":
            assert c["kept"], (entry["shape"], c)
    print(f"{entry['shape']}: {len(kept)} of {len(own)} jobs kept, "
          f"{sum(c['kept'] for c in candidates)} of {len(candidates)} "
          "candidates in the table")
