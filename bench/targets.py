"""The target table (docs/targets.md) as the benchmarks read it: from
`gemm-run --list-targets --json`, so that no script writes a machine figure
of its own."""

import json
import subprocess

DEFAULT = "rx7900xtx"


def load_targets(gemm_run):
    """Every product, as a list of dicts (the JSON of --list-targets)."""
    p = subprocess.run([gemm_run, "--list-targets", "--json"],
                       capture_output=True, text=True)
    if p.returncode:
        raise ValueError(f"{gemm_run} --list-targets failed: "
                         f"{p.stderr.strip()}")
    return json.loads(p.stdout)


def load_target(gemm_run, name):
    """The product called `name`; ValueError naming the products if none."""
    table = load_targets(gemm_run)
    for t in table:
        if t["name"] == name:
            return t
    raise ValueError(f"unknown target '{name}': expected one of "
                     + ", ".join(t["name"] for t in table))
