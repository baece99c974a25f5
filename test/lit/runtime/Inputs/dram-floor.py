"""Checks that gemm-run --backend=sim --json's prediction is no faster than
moving BYTES (read and written) at the card's DRAM bandwidth. Usage:
dram-floor.py JSON BYTES"""
import json
import sys

with open(sys.argv[1]) as f:
    text = f.read()
sim = json.loads(text[text.index("{"):])
predicted_us = float(sim["milliseconds"]) * 1000
dram_bytes = int(sys.argv[2])
floor_us = dram_bytes / 960e9 * 1e6
verdict = "ok" if predicted_us >= floor_us else "FAIL"
print(f"{verdict}: predicted {predicted_us:.1f} us >= {floor_us:.1f} us to "
      f"move {dram_bytes} bytes at 960 GB/s")
sys.exit(0 if verdict == "ok" else 1)
