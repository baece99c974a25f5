"""Runs a command with its stderr on a pseudo-terminal and its stdout on a
pipe, then prints what each received ('stdout:' and 'stderr:' sections, the
terminal's carriage returns shown as <CR> and erase-line sequences as <EL>)
and 'exit=<code>', so that tests can check output meant for a terminal."""
import os
import pty
import subprocess
import sys
import threading

master, slave = pty.openpty()
proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=slave)
os.close(slave)
out = []
reader = threading.Thread(target=lambda: out.append(proc.stdout.read()))
reader.start()
err = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: the command closed the terminal.
        break
    if not chunk:
        break
    err += chunk
reader.join()
proc.wait()
os.close(master)
text = err.decode(errors="replace").replace("\r\n", "\n")
text = text.replace("\r", "<CR>").replace("\x1b[K", "<EL>")
sys.stdout.write("stdout:\n" + out[0].decode(errors="replace"))
sys.stdout.write("stderr:\n" + text + "\n")
print("exit=%d" % proc.returncode)
