"""run-timeout.py SECONDS COMMAND...: runs COMMAND, forwards its output and prints
'exit=<code>', or 'timeout' if it ran longer than SECONDS (and kills it)."""
import subprocess
import sys

try:
    proc = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          timeout=float(sys.argv[1]))
except subprocess.TimeoutExpired as e:
    sys.stdout.write((e.output or b"").decode(errors="replace"))
    print("timeout")
    sys.exit(0)
sys.stdout.write(proc.stdout.decode(errors="replace"))
print("exit=%d" % proc.returncode)
