"""Runs a command, forwards its output and prints 'exit=<code>' so that tests
can check an exact exit code (lit's `not` only checks for non-zero)."""
import subprocess
import sys

proc = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE,
                      stderr=subprocess.STDOUT)
sys.stdout.write(proc.stdout.decode(errors="replace"))
print("exit=%d" % proc.returncode)
