"""Runs bench/tune-sweep.py on a cluster of separate processes, as a user
would start one: a `dask scheduler` on 127.0.0.1 and WORKERS `dask worker`
processes, then the sweep with --scheduler, then stops them. Prints the
sweep's stdout, its stderr and 'exit=<code>'.

    tune-sweep-cluster.py WORKERS [--hide-tools] TUNE-SWEEP.PY ARG...

--hide-tools starts the workers with Inputs/tune-sweep-hide-tools.py
preloaded: they see no gemm-opt or gemm-run, as on a machine without the
build."""
import os
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
workers = int(sys.argv[1])
rest = sys.argv[2:]
hide = rest[:1] == ["--hide-tools"]
if hide:
    rest = rest[1:]
cli = [sys.executable, "-m"]
procs = []
with tempfile.TemporaryDirectory(prefix="tune-sweep-cluster-") as tmp:
    address_file = os.path.join(tmp, "scheduler.json")
    try:
        procs.append(subprocess.Popen(
            cli + ["distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                   "--port", "0", "--no-dashboard",
                   "--scheduler-file", address_file],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.time() + 30
        address = None
        while address is None:
            if time.time() > deadline:
                sys.exit("the scheduler did not start")
            try:
                import json
                with open(address_file) as f:
                    address = json.load(f)["address"]
            except (OSError, ValueError, KeyError):
                time.sleep(0.2)
        for _ in range(workers):
            procs.append(subprocess.Popen(
                cli + ["distributed.cli.dask_worker", address, "--nthreads",
                       "1", "--no-dashboard"]
                + (["--preload", os.path.join(here,
                                              "tune-sweep-hide-tools.py")]
                   if hide else []),
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        p = subprocess.run([sys.executable, rest[0], "--scheduler", address,
                            "--connect-timeout", "30"] + rest[1:],
                           capture_output=True, text=True)
        sys.stdout.write(p.stdout)
        sys.stdout.write(p.stderr)
        print("exit=%d" % p.returncode)
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in reversed(procs):
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
