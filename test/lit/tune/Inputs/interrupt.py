"""Runs gemm-tune with TMPDIR set, interrupts it once its temporary work
directory exists (SIGINT to its process group, as Ctrl-C in a terminal does:
its compiles get it too), and prints its exit status and what is left in
TMPDIR: interrupt.py TMPDIR gemm-tune ARGS..."""
import os
import signal
import subprocess
import sys
import time

tmpdir = sys.argv[1]
env = dict(os.environ, TMPDIR=tmpdir)
proc = subprocess.Popen(sys.argv[2:], env=env, stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL, start_new_session=True)
deadline = time.monotonic() + 60
while not os.listdir(tmpdir) and time.monotonic() < deadline:
    if proc.poll() is not None:
        break
    time.sleep(0.01)
seen = sorted(os.listdir(tmpdir))
print("work directory made: %s" % ("yes" if any(
    n.startswith("gemm-tune") for n in seen) else "no"))
os.killpg(proc.pid, signal.SIGINT)
rc = proc.wait()
print("exit=%d" % rc)
print("left: [%s]" % " ".join(sorted(os.listdir(tmpdir))))
