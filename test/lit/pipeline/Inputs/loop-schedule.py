"""Reads the steady-state K loop of a kernel from `llvm-objdump -d` output and
prints how its global loads are covered.

Usage: llvm-objdump -d --mcpu=gfx1100 K.hsaco | loop-schedule.py
The loop is the body of the last backward branch. For each global or buffer
load it counts the VALU instructions (a VOPD counts once) between the load
and the s_waitcnt that waits for it: the first `vmcnt(N)` with N no larger
than the loads issued after it, wrapping to the loop's top. Prints:
  loop: <instructions> instructions, <VALU> VALU, <waits> s_waitcnt
  global loads: <count>, cover min <VALU> max <VALU>
"""
import re
import sys

lines = []
for line in sys.stdin:
    m = re.match(r"\s+(\S+)(.*?)//\s*([0-9A-F]+):", line)
    if m:
        lines.append((int(m.group(3), 16), m.group(1), m.group(2)))
if not lines:
    sys.exit("loop-schedule.py: no instructions in the input")

start = end = None
for i, (addr, op, rest) in enumerate(lines):
    target = re.search(r"<\S+\+0x([0-9a-f]+)>", rest)
    if op.startswith("s_cbranch") or op == "s_branch":
        m = re.match(r"\s*(-?\d+)", rest)
        if m:
            offset = int(m.group(1))
            offset = offset - 65536 if offset >= 32768 else offset
            dest = addr + 4 + 4 * offset
            if dest < addr:
                start = next(j for j, l in enumerate(lines) if l[0] == dest)
                end = i
if start is None:
    sys.exit("loop-schedule.py: no backward branch")
body = lines[start:end + 1]


def is_valu(op):
    return op.startswith("v_")


def is_global_load(op):
    return op.startswith("global_load") or op.startswith("buffer_load")


loads = [i for i, (_, op, _) in enumerate(body) if is_global_load(op)]
waits = [i for i, (_, op, _) in enumerate(body) if op == "s_waitcnt"]
covers = []
for n, i in enumerate(loads):
    valu = 0
    issued_after = 0
    found = False
    # Up to one trip around the loop.
    for step in range(1, len(body) + 1):
        j = (i + step) % len(body)
        _, op, rest = body[j]
        if j == i:
            break
        if is_global_load(op):
            issued_after += 1
        m = re.search(r"vmcnt\((\d+)\)", rest) if op == "s_waitcnt" else None
        if m and int(m.group(1)) <= issued_after:
            found = True
            break
        if is_valu(op):
            valu += 1
    covers.append(valu if found else None)

print(f"loop: {len(body)} instructions, "
      f"{sum(is_valu(op) for _, op, _ in body)} VALU, {len(waits)} s_waitcnt")
known = [c for c in covers if c is not None]
if known:
    print(f"global loads: {len(loads)}, cover min {min(known)} max {max(known)}")
else:
    print(f"global loads: {len(loads)}, no wait found")
