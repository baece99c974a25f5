"""A `dask worker --preload` module: the worker process finds no gemm-opt or
gemm-run (os.access says no), as on a machine without the build."""
import os

_access = os.access


def _hidden(path, mode, *args, **kwargs):
    if os.path.basename(str(path)) in ("gemm-opt", "gemm-run"):
        return False
    return _access(path, mode, *args, **kwargs)


def dask_setup(worker):
    os.access = _hidden
