"""Counts the cost rows fit-tile-costs.py printed (its first argument) that
the table named by the third argument in TiledEstimate.cpp (the second)
lists with the same constants; prints a missing row as it was printed."""
import re
import sys

ROW = re.compile(r"\{(\d+), (\d+), (\d+), (\d+), (\w+), (\w+), (\w+), "
                 r"(\d+), ([\d.]+), ([\d.]+)")
printed = [m.groups() for m in map(ROW.search, open(sys.argv[1]))
           if m]
source = open(sys.argv[2]).read()
start = source.index(sys.argv[3] + "[] = {")
listed = {m.groups() for m in ROW.finditer(source[start:
                                                 source.index("};", start)])}
for row in printed:
    if row not in listed:
        print("not listed:", ", ".join(row))
print(f"{sum(row in listed for row in printed)} of {len(printed)} rows listed")
