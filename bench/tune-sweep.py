#!/usr/bin/python3
"""gemm-tune's sweep as Dask jobs: shapes x candidates x targets, resumable.

    bench/tune-sweep.py SHAPE... [--shapes-file FILE] -o TABLE
                        [--target NAME]... [--candidate OPTIONS]...
                        [--clock-ghz F] [--compute-units C]
                        [--scheduler tcp://HOST:8786 | --workers N]
                        [--build-dir DIR | --gemm-opt PATH --gemm-run PATH]
                        [--cache-dir DIR] [--timeout S] [--prefilter N]

Writes, for each target, the tuning table `gemm-tune` writes for the same
shapes, candidates, clock and CUs (docs/tuning-table.md), byte for byte, and
prints gemm-tune's rows. One job is (target, shape, candidate): it writes the
shape's matmul, compiles it with `gemm-opt --gemm-rdna3-pipeline=...` and
predicts it with `gemm-run --backend=sim --json`, the commands gemm-tune runs,
and returns the prediction or the reason there is none. Before them, a check
job per (shape, candidate) asks gemm-opt whether the candidate names a
configuration for the shape (gemm-tune's filter of its built-in candidates,
and its refusal of a --candidate), through a one-entry tuning table.

Jobs run on a Dask distributed cluster: without --scheduler, a local one of
--workers processes (default: one per core); with --scheduler, the user's
cluster, whose workers need python3-distributed and the same gemm-opt build at
the same path (`dask worker tcp://HOST:8786`, bench/tuning/README.md). A job is
a pure function of its inputs and of the gemm-opt and gemm-run builds (their
contents' SHA-256); its result is cached under that key in --cache-dir by this
process as it arrives, so that a rerun, an interrupted sweep or an added shape
runs only the jobs that are missing. A worker that dies loses nothing: the
scheduler gives its jobs to another. The table is assembled from the results
in the order of the shapes and candidates, whatever the order they finished
in or the number of workers, so the same inputs give the same bytes.

With --prefilter N, only the N candidates per shape that the compiler's own
cost estimate ranks fastest are compiled and predicted, besides the compiler's
own choice, and a candidate that compiles the same configuration as that
choice or as an earlier candidate takes its prediction: `gemm-tune
--list-candidates --prefilter=N` (run here, from the build) says which, so the
table is the one `gemm-tune --prefilter=N` writes.

-o takes the table's path; with more than one --target it must contain
"{target}", replaced by each target's name. --kill-a-worker-after=N (for the
tests) kills, once N jobs have come back from the cluster, a worker process on
this machine with jobs running, to show that its jobs are run again.

Exit code: 0 when every shape of every target was tuned, 1 when a shape had no
candidate that compiled and predicted (the other entries are written), 2 on
bad input or when the cluster fails (an unreachable scheduler, a worker
without the build, a shape it cannot read), with a one-line error; the jobs
already done stay in the cache.
"""

import argparse
import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "bench"))
import targets  # noqa: E402

# gemm-tune's built-in candidates, in its order (a tie goes to the earlier),
# each kept for a shape where it names a configuration for it. A copy of
# getDefaultTuningCandidates in lib/Passes/TuningCandidates.cpp: test/lit/bench/
# tune-sweep.test compares the two tools' tables with no --candidate.
DEFAULT_CANDIDATES = [
    "kernel=tiled bm=128 bn=128 prefetch=registers",
    "kernel=tiled bm=128 bn=128 prefetch=lds",
    "kernel=tiled bm=64 bn=64",
    "kernel=tiled bm=64 bn=64 waves-m=2 waves-n=1",
    "kernel=tiled bm=64 bn=64 waves-m=4 waves-n=2",
    "kernel=tiled bm=128 bn=64 waves-m=4 waves-n=2",
    "kernel=tiled bm=64 bn=128 waves-m=2 waves-n=2 prefetch=registers",
    "kernel=tiled bm=64 bn=128 waves-m=2 waves-n=2 prefetch=lds",
    "kernel=tiled bm=32 bn=64 waves-m=2 waves-n=1",
    "kernel=tiled bm=64 bn=64 waves-m=2 waves-n=1 wave-priorities=true",
    "kernel=tiled bm=32 bn=64 waves-m=2 waves-n=1 wave-priorities=true",
    "kernel=tiled bm=32 bn=32 waves-m=1 waves-n=1 wave-priorities=true",
    "kernel=skinny",
    "kernel=tiled",
    "kernel=tiled split-tail=1",
]
TABLE_FORMAT = "gemm-opt-tuning-1"
# gemm-select-config's message for a table entry that names no configuration
# for its shape (lib/Passes/TuningTable.cpp).
NO_CONFIGURATION = "that name no configuration for it: "
# Bumped when a job's commands or its result's meaning change.
JOB_FORMAT = "tune-sweep-job-1"


class BadInput(Exception):
    """Bad usage or input, or a cluster that cannot run the sweep: exit 2."""


class ToolMissing(Exception):
    """Raised by a job on a worker without the build."""


# ---------------------------------------------------------------------------
# Shapes, as gemm-tune reads them (lib/Passes/TuningTable.cpp).

def parse_shape(text):
    """A shape dict from MxNxK[xBATCH][:LAYOUT]; BadInput as gemm-tune says."""
    quoted = text[:60] + "..." if len(text) > 64 else text

    def bad(why):
        return BadInput(f"'{quoted}' is not a shape: {why} (expected MxNxK or "
                        "MxNxKxBATCH, optionally followed by :nn, :nt, :tn or "
                        ":tt, for example 4096x16x4096:nt)")
    sizes_text, _, layout = text.partition(":")
    ta = tb = False
    if ":" in text:
        if len(layout) != 2 or any(c not in "nt" for c in layout):
            raise bad(f"the layout '{layout}' is not nn, nt, tn or tt")
        ta, tb = layout[0] == "t", layout[1] == "t"
    sizes = sizes_text.split("x")
    if len(sizes) not in (3, 4):
        raise bad(f"it has {len(sizes)} size(s), not 3 or 4")
    values = []
    for size in sizes:
        if not size or not all(c in "0123456789" for c in size) or \
                not 1 <= int(size) <= 2**31 - 1:
            raise bad(f"'{size}' is not a size from 1 to 2147483647")
        values.append(int(size))
    return make_shape(*values, *([1] if len(values) == 3 else []),
                      transpose_a=ta, transpose_b=tb)


def make_shape(m, n, k, batch, transpose_a=False, transpose_b=False):
    return {"m": m, "n": n, "k": k, "batch": batch,
            "transpose_a": transpose_a, "transpose_b": transpose_b}


def shape_str(s):
    """TuningShape::str(): MxNxK[xB]:LAYOUT."""
    text = f"{s['m']}x{s['n']}x{s['k']}"
    if s["batch"] != 1:
        text += f"x{s['batch']}"
    return (text + ":" + ("t" if s["transpose_a"] else "n")
            + ("t" if s["transpose_b"] else "n"))


def read_shapes_file(path):
    """The shapes of a gemm-opt-shapes-1 JSON file or of one per line."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(f"cannot read shapes file '{path}': {e}")
    if not text.lstrip().startswith("{"):
        shapes = []
        for index, line in enumerate(text.split("\n")):
            shape = line.split("#")[0].strip()
            if shape:
                try:
                    shapes.append(parse_shape(shape))
                except BadInput as e:
                    raise BadInput(f"{path}:{index + 1}: {e}")
        return shapes
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise BadInput(f"shapes file '{path}': {e}")
    if not isinstance(doc, dict) or doc.get("format") != "gemm-opt-shapes-1" \
            or not isinstance(doc.get("shapes"), list):
        raise BadInput(f"shapes file '{path}': not a gemm-opt-shapes-1 "
                       "document with a \"shapes\" array")
    shapes = []
    for index, value in enumerate(doc["shapes"]):
        why = None
        if not isinstance(value, dict):
            why = "is not a JSON object"
        else:
            sizes = {}
            for key in ("m", "n", "k", "batch"):
                v = value.get(key, 1 if key == "batch" else None)
                if v is None:
                    why = why or f"has no \"{key}\""
                elif isinstance(v, bool) or not isinstance(v, int) or \
                        not 1 <= v <= 2**31 - 1:
                    why = why or (f"\"{key}\" is not an integer from 1 to "
                                  "2147483647")
                sizes[key] = v
            flags = {}
            for key in ("transpose_a", "transpose_b"):
                v = value.get(key, False)
                if not isinstance(v, bool):
                    why = why or f"\"{key}\" is not true or false"
                flags[key] = v
        if why:
            raise BadInput(f"shapes file '{path}': shape {index} {why}")
        shapes.append(make_shape(sizes["m"], sizes["n"], sizes["k"],
                                 sizes["batch"], **flags))
    return shapes


def matmul_ir(s):
    """gemm-tune's function of one static matmul of shape `s`."""
    batched = s["batch"] != 1
    lead = f"{s['batch']}x" if batched else ""
    dims = "(b, m, n, k)" if batched else "(m, n, k)"
    b = "b, " if batched else ""

    def ty(rows, cols):
        return f"memref<{lead}{rows}x{cols}xf32>"
    m, n, k = s["m"], s["n"], s["k"]
    a_type = ty(k, m) if s["transpose_a"] else ty(m, k)
    b_type = ty(n, k) if s["transpose_b"] else ty(k, n)
    c_type = ty(m, n)
    op = "linalg.batch_matmul" if batched else "linalg.matmul"
    a_map = "k, m" if s["transpose_a"] else "m, k"
    b_map = "n, k" if s["transpose_b"] else "k, n"
    return (f"func.func @sgemm(%A: {a_type}, %B: {b_type}, %C: {c_type}) {{\n"
            f"  {op} indexing_maps = [affine_map<{dims} -> ({b}{a_map})>, "
            f"affine_map<{dims} -> ({b}{b_map})>, "
            f"affine_map<{dims} -> ({b}m, n)>]\n"
            f"      ins(%A, %B : {a_type}, {b_type}) outs(%C : {c_type})\n"
            "  return\n}\n")


# ---------------------------------------------------------------------------
# The jobs. They run on the workers: each needs only the standard library and
# the two tools, and writes nothing outside its temporary directory.

def _exec(argv, stdout_path, stderr_path, timeout):
    """gemm-tune's exec(): None, or why the tool failed (with the last two
    lines of its stderr); raises ToolMissing when it cannot run at all."""
    program = argv[0]
    if not os.access(program, os.X_OK):
        raise ToolMissing(f"{program} is not an executable file on worker "
                          f"{os.uname().nodename}")
    with open(stdout_path or os.devnull, "wb") as out, \
            open(stderr_path, "wb") as err:
        try:
            rc = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=err, timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            rc = None
        except OSError as e:
            raise ToolMissing(f"{program} cannot run on worker "
                              f"{os.uname().nodename}: {e}")
    if rc == 0:
        return None
    why = "timed out" if rc is None else f"exited with {rc}"
    try:
        with open(stderr_path, encoding="utf-8", errors="replace") as f:
            lines = f.read().strip().split("\n")
        for line in lines[-2:]:
            why += " / " + line.strip()
    except OSError:
        pass
    return f"{os.path.basename(program)} {why}"


def run_job(job, tools, timeout):
    """One job's result: for "check", {"applies": bool, "why": str}; for
    "run", {"ms": float, "failure": str} (ms 0 when failure is set),
    "timed_out" when a tool passed the timeout (not cached)."""
    gemm_opt, gemm_run = tools
    s = job["shape"]
    with tempfile.TemporaryDirectory(prefix="tune-sweep-") as tmp:
        stem = os.path.join(tmp, "c")
        with open(stem + ".mlir", "w", encoding="utf-8") as f:
            f.write(matmul_ir(s))
        if job["kind"] == "check":
            entry = dict(s, options=job["options"])
            table = {"format": TABLE_FORMAT, "target": job["check_target"],
                     "entries": [entry]}
            with open(stem + ".table.json", "w", encoding="utf-8") as f:
                json.dump(table, f)
            why = _exec([gemm_opt, stem + ".mlir",
                         f"--gemm-select-config=target={job['check_target']}"
                         f" tuning-table={stem}.table.json", "-o", os.devnull],
                        None, stem + ".check.log", timeout)
            if why is None:
                return {"applies": True, "why": ""}
            with open(stem + ".check.log", encoding="utf-8",
                      errors="replace") as f:
                log = f.read()
            at = log.find(NO_CONFIGURATION)
            if at < 0:
                # Not the table's check: the compile will say more.
                return {"applies": True, "why": ""}
            return {"applies": False,
                    "why": log[at + len(NO_CONFIGURATION):].split("\n")[0]}
        pipeline = (f"--gemm-rdna3-pipeline=hsaco={stem}.hsaco "
                    f"target={job['target']} "
                    f"compute-units={job['compute_units']} {job['options']}")
        why = _exec([gemm_opt, stem + ".mlir", pipeline, "-o", os.devnull],
                    None, stem + ".compile.log", timeout)
        if why is None:
            # The clock as gemm-tune formats it (raw_ostream: %e).
            why = _exec([gemm_run, stem + ".manifest.json", "--backend=sim",
                         "--json", f"--target={job['target']}",
                         "--clock-ghz=%e" % job["clock_ghz"],
                         f"--compute-units={job['compute_units']}"],
                        stem + ".sim.json", stem + ".sim.log", timeout)
        if why is not None:
            return {"ms": 0, "failure": why,
                    "timed_out": why.split(" / ")[0].endswith("timed out")}
        with open(stem + ".sim.json", encoding="utf-8",
                  errors="replace") as f:
            text = f.read()
        ms = None
        brace = text.find("{")
        try:
            report = json.loads(text[brace:]) if brace >= 0 else None
            if isinstance(report, dict):
                ms = report.get("milliseconds")
        except ValueError:
            pass
        if isinstance(ms, bool) or not isinstance(ms, (int, float)) or \
                not ms > 0:
            return {"ms": 0, "failure": "gemm-run printed no prediction"}
        return {"ms": float(ms), "failure": ""}


def probe_worker(tools):
    """What a worker finds at the tools' paths: their versions and sizes,
    or why they are missing."""
    found = []
    for path in tools:
        if not os.access(path, os.X_OK):
            return {"error": f"no executable {path} on "
                             f"{os.uname().nodename}"}
        p = subprocess.run([path, "--version"], capture_output=True,
                           text=True)
        found.append([p.stdout.strip(), os.path.getsize(path)])
    return {"tools": found}


# ---------------------------------------------------------------------------
# The table, written as gemm-tune's writeTuningTable (llvm::json::OStream with
# an indent of 2; doubles as %.17g).

def _quote(text):
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) >= 0x20:
            out.append(ch)
        else:
            out.append({"\t": "\\t", "\n": "\\n", "\r": "\\r"}.get(
                ch, "\\u%04x" % ord(ch)))
    out.append('"')
    return "".join(out)


def _value(v, indent):
    pad = "  " * (indent + 1)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "%.17g" % v
    if isinstance(v, str):
        return _quote(v)
    if isinstance(v, list):
        if not v:
            return "[]"
        return ("[\n" + ",\n".join(pad + _value(x, indent + 1) for x in v)
                + "\n" + "  " * indent + "]")
    if not v:
        return "{}"
    return ("{\n" + ",\n".join(f"{pad}{_quote(k)}: {_value(x, indent + 1)}"
                               for k, x in v.items())
            + "\n" + "  " * indent + "}")


def table_text(target, clock_ghz, compute_units, entries):
    entries_json = []
    for e in entries:
        s = e["shape"]
        obj = {"shape": shape_str(s), "m": s["m"], "n": s["n"], "k": s["k"],
               "batch": s["batch"], "transpose_a": s["transpose_a"],
               "transpose_b": s["transpose_b"], "options": e["options"],
               "predicted_ms": float(e["predicted_ms"])}
        if e["default_ms"] > 0:
            obj["default_ms"] = float(e["default_ms"])
        obj["candidates"] = [{"options": o, "predicted_ms": float(ms)}
                             for o, ms in e["candidates"]]
        entries_json.append(obj)
    doc = {"format": TABLE_FORMAT, "target": target,
           "prediction_not_measurement": True, "clock_ghz": float(clock_ghz),
           "compute_units": int(compute_units), "entries": entries_json}
    return _value(doc, 0) + "\n"


# ---------------------------------------------------------------------------
# The cache: one JSON file per job, named by the SHA-256 of its inputs.

def file_sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class Cache:
    def __init__(self, directory, build_id):
        self.dir = directory
        self.build_id = build_id

    def key(self, job):
        identity = dict(job, format=JOB_FORMAT, build=self.build_id)
        return hashlib.sha256(json.dumps(identity, sort_keys=True)
                              .encode()).hexdigest()

    def path(self, key):
        return os.path.join(self.dir, key[:2], key + ".json")

    def get(self, key):
        try:
            with open(self.path(key), encoding="utf-8") as f:
                return json.load(f)["result"]
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, key, job, result):
        path = self.path(key)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"job": job, "result": result}, f, sort_keys=True)
        os.replace(tmp, path)


# ---------------------------------------------------------------------------
# The cluster.

class Progress:
    """done/total, failures and ETA on stderr: one line redrawn on a
    terminal, else a line every 10 s and at the end."""

    def __init__(self, what, total, cached, failed, failed_word):
        self.what, self.total, self.cached = what, total, cached
        self.failed_word = failed_word
        self.done = cached
        self.failed = failed
        self.start = time.time()
        self.last = 0
        self.tty = sys.stderr.isatty()

    def step(self, failed=False):
        self.done += 1
        self.failed += failed
        self.show()

    def show(self, final=False):
        now = time.time()
        if not final and not self.tty and now - self.last < 10:
            return
        self.last = now
        ran = self.done - self.cached
        left = self.total - self.done
        if final or not left:
            eta = "done"
        elif ran:
            secs = int((now - self.start) / ran * left)
            eta = f"ETA {secs // 60}:{secs % 60:02d}"
        else:
            eta = "ETA -"
        line = (f"tune-sweep: {self.what} {self.done}/{self.total} "
                f"({self.cached} cached), {self.failed} {self.failed_word}, "
                f"{eta}")
        sys.stderr.write(("\r" + line + ("\n" if final else "")) if self.tty
                         else line + "\n")
        sys.stderr.flush()


def connect(args, tools):
    """A Dask client: the --scheduler's cluster, or a local one."""
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise BadInput("Dask is not installed: apt-get install "
                       "python3-distributed (or pip install distributed)")
    import logging
    dask.config.set({"distributed.scheduler.allowed-failures": 3})
    if args.scheduler:
        try:
            client = Client(args.scheduler, timeout=args.connect_timeout)
        except (OSError, TimeoutError) as e:
            raise BadInput(f"cannot reach the scheduler {args.scheduler}: "
                           f"{str(e).splitlines()[0] if str(e) else e}")
        try:
            client.wait_for_workers(1, timeout=args.connect_timeout)
        except (OSError, TimeoutError):
            client.close()
            raise BadInput(f"the scheduler {args.scheduler} has no worker "
                           f"after {args.connect_timeout} s (start one with "
                           f"`dask worker {args.scheduler}`)")
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1,
                               processes=True, dashboard_address=None,
                               silence_logs=logging.ERROR)
        client = Client(cluster)
    # Every worker has the build, the same one.
    mine = probe_worker(tools)
    for address, found in sorted(client.run(probe_worker, tools).items()):
        if "error" in found:
            client.close()
            raise BadInput(f"worker {address}: {found['error']}")
        if found["tools"] != mine["tools"]:
            client.close()
            raise BadInput(f"worker {address}: its {tools[0]} or {tools[1]} "
                           "is not this build (another version or size)")
    return client


def kill_a_worker(client):
    """Kills a worker process on this machine that has jobs running."""
    busy = sorted(a for a, keys in client.processing().items() if keys)
    if not busy:
        return None
    address = busy[0]
    pid = client.run(os.getpid, workers=[address])[address]
    os.kill(pid, signal.SIGKILL)
    return address, pid


def run_jobs(client, what, jobs, cache, tools, args, is_failure,
             failed_word, state):
    """The results of `jobs` (by cache key): from the cache, else from the
    cluster, each cached as it arrives."""
    from distributed import as_completed
    results = {}
    todo = {}
    for job in jobs:
        key = cache.key(job)
        if key in results or key in todo:
            continue
        cached = cache.get(key)
        if cached is not None:
            results[key] = cached
        else:
            todo[key] = job
    progress = Progress(what, len(results) + len(todo), len(results),
                        sum(map(is_failure, results.values())), failed_word)
    if not todo:
        progress.show(final=True)
        return results
    client = client()
    progress.show()
    futures = {client.submit(run_job, job, tools, args.timeout,
                             key=f"tune-sweep-{key}", pure=False): key
               for key, job in todo.items()}
    try:
        for future in as_completed(list(futures)):
            key = futures[future]
            try:
                result = future.result()
            except Exception as e:
                # The class comes back by value: known by its name.
                if type(e).__name__ == "ToolMissing":
                    raise BadInput(str(e))
                # A worker died too often, or the cluster went away.
                raise BadInput(f"job {todo[key]['kind']} "
                               f"{shape_str(todo[key]['shape'])} "
                               f"[{todo[key]['options']}] failed on the "
                               f"cluster: {type(e).__name__}: {e}")
            results[key] = result
            if not result.get("timed_out"):
                cache.put(key, todo[key], result)
            state["ran"] += 1
            progress.step(is_failure(result))
            if args.kill_a_worker_after and not state["killed"] and \
                    state["ran"] >= args.kill_a_worker_after:
                killed = kill_a_worker(client)
                if killed:
                    state["killed"] = True
                    print(f"tune-sweep: killed worker {killed[0]} "
                          f"(pid {killed[1]}) with jobs running",
                          file=sys.stderr)
    finally:
        for future in futures:
            future.cancel()
    progress.show(final=True)
    return results


# ---------------------------------------------------------------------------

def resolve_tools(args):
    tools = []
    for name, given in (("gemm-opt", args.gemm_opt),
                        ("gemm-run", args.gemm_run)):
        path = os.path.abspath(given or os.path.join(args.build_dir, "bin",
                                                     name))
        if not os.access(path, os.X_OK) or os.path.isdir(path):
            raise BadInput(f"{path} is not an executable file; give "
                           f"--build-dir or --{name}")
        tools.append(path)
    return tools


def prefiltered_candidates(args, name, units, shapes):
    """Per shape, [(options, job options)] of the candidates `gemm-tune
    --list-candidates --prefilter=N` keeps for target `name` on `units` CUs:
    the table's candidates, and the job whose prediction each takes."""
    gemm_tune = os.path.abspath(args.gemm_tune or os.path.join(
        args.build_dir, "bin", "gemm-tune"))
    if not os.access(gemm_tune, os.X_OK) or os.path.isdir(gemm_tune):
        raise BadInput(f"{gemm_tune} is not an executable file; give "
                       "--build-dir or --gemm-tune (--prefilter asks it for "
                       "the compiler's estimates)")
    argv = [gemm_tune, "--list-candidates", f"--prefilter={args.prefilter}",
            f"--target={name}", f"--compute-units={units}"]
    argv += [f"--candidate={o}" for o in args.candidate or []]
    argv += args.shapes
    if args.shapes_file:
        argv.append(f"--shapes-file={args.shapes_file}")
    run = subprocess.run(argv, capture_output=True, text=True)
    if run.returncode != 0:
        lines = run.stderr.strip().splitlines() or ["no message"]
        raise BadInput(lines[-1].replace("gemm-tune: error: ", "")
                       .replace("error: ", ""))
    listed = json.loads(run.stdout)["shapes"]
    if [entry["shape"] for entry in listed] != [shape_str(s) for s in shapes]:
        raise BadInput(f"{gemm_tune} listed other shapes than this sweep's")
    return [[(c["options"], c["job_options"]) for c in entry["candidates"]
             if c["kept"]] for entry in listed]


def target_settings(args, gemm_run):
    """(name, clock GHz, CUs) of each --target."""
    try:
        table = targets.load_targets(gemm_run)
    except (ValueError, OSError) as e:
        raise BadInput(str(e))
    by_name = {t["name"]: t for t in table}
    out = []
    for name in args.target or [targets.DEFAULT]:
        t = by_name.get(name)
        if t is None:
            raise BadInput(f"--target: unknown target '{name}': expected one "
                           "of " + ", ".join(by_name))
        clock = args.clock_ghz if args.clock_ghz is not None \
            else float(t["boost_clock_ghz"])
        units = args.compute_units if args.compute_units is not None \
            else int(t["compute_units"])
        if not (0 < clock <= 10) or not 1 <= units <= 1024:
            raise BadInput("--clock-ghz must be in (0, 10] and "
                           "--compute-units in 1..1024")
        if name in [o[0] for o in out]:
            raise BadInput(f"--target {name} given twice")
        out.append((name, clock, units))
    return out


def sweep(args):
    shapes = [parse_shape(text) for text in args.shapes]
    if args.shapes_file:
        shapes += read_shapes_file(args.shapes_file)
    if not shapes:
        raise BadInput("no shapes: give shapes as arguments or --shapes-file")
    for options in args.candidate or []:
        if not options.strip():
            raise BadInput("--candidate: empty options; give a configuration "
                           "such as \"kernel=tiled bm=64 bn=64\"")
    if args.prefilter < 0:
        raise BadInput("--prefilter must be 0 (all candidates) or more")
    if args.workers is not None and args.workers < 1:
        raise BadInput("--workers must be at least 1")
    tools = resolve_tools(args)
    settings = target_settings(args, tools[1])
    if len(settings) > 1 and "{target}" not in args.output:
        raise BadInput("-o must contain {target} when more than one --target "
                       "is given")
    outputs = [args.output.replace("{target}", name) for name, _, _ in
               settings]
    for path in outputs:
        if os.path.isdir(path):
            raise BadInput(f"-o {path} is a directory")
    build_id = [file_sha256(path) for path in tools]
    cache = Cache(args.cache_dir, build_id)

    # Which candidate is tried for which shape: gemm-tune keeps a built-in
    # candidate where it names a configuration for the shape on the default
    # target, and refuses a --candidate that names none for the tuned one.
    explicit = bool(args.candidate)
    candidates = args.candidate or DEFAULT_CANDIDATES
    # With --prefilter, gemm-tune's listing says which, and makes the checks.
    kept = {name: prefiltered_candidates(args, name, units, shapes)
            for name, _, units in settings} if args.prefilter else None
    checks = {}
    for name, _, _ in (settings if kept is None else []):
        check_target = name if explicit else targets.DEFAULT
        for s in shapes:
            for options in candidates:
                checks[(check_target, shape_str(s), options)] = {
                    "kind": "check", "check_target": check_target,
                    "shape": s, "options": options}
    # The cluster is started, or reached, for the first job not cached.
    state = {"ran": 0, "killed": False, "client": None}

    def client():
        if state["client"] is None:
            state["client"] = connect(args, tools)
        return state["client"]
    try:
        check_results = run_jobs(client, "checks", list(checks.values()),
                                 cache, tools, args,
                                 lambda r: not r["applies"],
                                 "name no configuration", state)
        applies = {}
        for ident, job in checks.items():
            result = check_results[cache.key(job)]
            if explicit and not result["applies"]:
                raise BadInput(f"--candidate=\"{ident[2]}\" for {ident[1]}: "
                               f"{result['why']}")
            applies[ident] = result["applies"]

        # (target index, shape index, options, the key of the job whose
        # prediction they take, whether that job is theirs) in table order;
        # "" is the compiler's own choice.
        plan = []
        jobs = {}
        for t, (name, clock, units) in enumerate(settings):
            check_target = name if explicit else targets.DEFAULT
            for i, s in enumerate(shapes):
                if kept is None:
                    pairs = [(o, o) for o in candidates
                             if applies[(check_target, shape_str(s), o)]]
                else:
                    pairs = kept[name][i]
                for options, job_options in [("", "")] + pairs:
                    job = {"kind": "run", "target": name, "clock_ghz": clock,
                           "compute_units": units, "shape": s,
                           "options": job_options}
                    key = cache.key(job)
                    plan.append((t, i, options, key, options == job_options))
                    jobs.setdefault(key, job)
        jobs = list(jobs.values())
        results = run_jobs(client, "jobs", jobs, cache, tools, args,
                           lambda r: bool(r["failure"]), "failed", state)
    finally:
        if state["client"] is not None:
            state["client"].close()

    exit_code = 0
    for t, (name, clock, units) in enumerate(settings):
        entries = []
        if len(settings) > 1:
            print(f"{name}:")
        print("shape | configuration | predicted ms | compiler's own choice "
              "ms | candidates")
        for i, s in enumerate(shapes):
            entry = {"shape": s, "options": "", "predicted_ms": 0,
                     "default_ms": 0, "candidates": []}
            for pt, pi, options, key, own_job in plan:
                if pt != t or pi != i:
                    continue
                r = results[key]
                if r["failure"] and own_job:
                    print(f"tune-sweep: {shape_str(s)} "
                          f"[{options or 'no options'}]: {r['failure']}",
                          file=sys.stderr)
                if not options:
                    entry["default_ms"] = r["ms"]
                    continue
                entry["candidates"].append((options, r["ms"]))
                if r["ms"] > 0 and (entry["predicted_ms"] == 0 or
                                    r["ms"] < entry["predicted_ms"]):
                    entry["predicted_ms"] = r["ms"]
                    entry["options"] = options
            own = "%.4f" % entry["default_ms"] if entry["default_ms"] > 0 \
                else "-"
            if entry["predicted_ms"] == 0:
                print(f"{shape_str(s)} | none compiled and predicted | - | "
                      f"{own} | {len(entry['candidates'])}")
                exit_code = 1
                continue
            print(f"{shape_str(s)} | {entry['options']} | "
                  f"{entry['predicted_ms']:.4f} | {own} | "
                  f"{len(entry['candidates'])}")
            # A shape given twice keeps its first place, the last result.
            for j, old in enumerate(entries):
                if old["shape"] == s:
                    entries[j] = entry
                    break
            else:
                entries.append(entry)
        print(f"(predictions of the calibrated timing model for {name} at "
              f"{clock:.3f} GHz, {units} CUs; not measurements)")
        text = table_text(name, clock, units, entries)
        directory = os.path.dirname(os.path.abspath(outputs[t]))
        os.makedirs(directory, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=directory, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, outputs[t])
    print(f"tune-sweep: {state['ran']} job(s) run on the cluster, the others "
          "from the cache", file=sys.stderr)
    return exit_code


def main():
    p = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="See bench/tuning/README.md and docs/tuning-table.md.")
    p.add_argument("shapes", nargs="*", metavar="SHAPE",
                   help="MxNxK or MxNxKxBATCH, optionally :nn, :nt, :tn, :tt")
    p.add_argument("--shapes-file", help="gemm-opt-shapes-1 JSON or one "
                   "shape per line, as gemm-tune takes")
    p.add_argument("-o", dest="output", required=True,
                   help="the table to write ({target}: the target's name)")
    p.add_argument("--candidate", action="append",
                   help="gemm-rdna3-pipeline options to try (repeatable; "
                   "replaces gemm-tune's built-in set)")
    p.add_argument("--target", action="append",
                   help="a product to tune for (repeatable; default "
                   f"{targets.DEFAULT})")
    p.add_argument("--clock-ghz", type=float,
                   help="clock of the prediction (default: each target's "
                   "boost clock)")
    p.add_argument("--compute-units", type=int,
                   help="CUs (default: each target's)")
    p.add_argument("--scheduler", help="a Dask scheduler's address, "
                   "tcp://HOST:8786 (default: a local cluster)")
    p.add_argument("--workers", type=int,
                   help="the local cluster's worker processes (default: one "
                   "per core)")
    p.add_argument("--connect-timeout", type=float, default=10,
                   help="seconds to reach the scheduler and a worker")
    p.add_argument("--build-dir", default=os.path.join(REPO, "build"),
                   help="gemm-opt's build, with bin/gemm-opt and "
                   "bin/gemm-run (default: %(default)s)")
    p.add_argument("--gemm-opt", help="the gemm-opt to compile with")
    p.add_argument("--gemm-run", help="the gemm-run to predict with")
    p.add_argument("--cache-dir", default=os.path.join(
        os.environ.get("XDG_CACHE_HOME") or
        os.path.join(os.path.expanduser("~"), ".cache"),
        "gemm-opt", "tune-sweep"), help="the jobs' results (default: "
        "%(default)s)")
    p.add_argument("--timeout", type=float, default=600,
                   help="seconds for one compile or prediction")
    p.add_argument("--prefilter", type=int, default=0, metavar="N",
                   help="compile and predict only the N candidates per shape "
                   "the compiler's estimate ranks fastest, as gemm-tune "
                   "--prefilter=N does (default 0: all; bench/tuning/"
                   "README.md gives the figures for 2)")
    p.add_argument("--gemm-tune", help="the gemm-tune that lists the "
                   "candidates --prefilter keeps")
    p.add_argument("--kill-a-worker-after", type=int, default=0,
                   metavar="N", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.workers is None and not args.scheduler:
        args.workers = os.cpu_count() or 1
    try:
        return sweep(args)
    except BadInput as e:
        print(f"tune-sweep: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("tune-sweep: interrupted; the jobs done are cached",
              file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
