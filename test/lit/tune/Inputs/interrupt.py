"""Runs gemm-tune with TMPDIR set, interrupts it (SIGINT, as Ctrl-C does) once
its temporary work directory exists, and prints its exit status and what is
left in TMPDIR: interrupt.py TMPDIR gemm-tune ARGS..."""
import os
import signal
import subprocess
import sys
import time

tmpdir = sys.argv[1]
env = dict(os.environ, TMPDIR=tmpdir)
proc = subprocess.Popen(sys.argv[2:], env=env, stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL)
deadline = time.monotonic() + 60
while not os.listdir(tmpdir) and time.monotonic() < deadline:
    if proc.poll() is not None:
        break
    time.sleep(0.01)
seen = sorted(os.listdir(tmpdir))
print("work directory made: %s" % ("yes" if any(
    n.startswith("gemm-tune") for n in seen) else "no"))
proc.send_signal(signal.SIGINT)
rc = proc.wait()
print("exit=%d" % rc)
print("left: [%s]" % " ".join(sorted(os.listdir(tmpdir))))
