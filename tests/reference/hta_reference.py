#!/usr/bin/env python3
"""Reference efficiency figures from HolisticTraceAnalysis (HTA) for the shared Kineto traces.

Usage:
    hta_reference.py HTA_SOURCE_DIR SHARED_TRACES_DIR OUTPUT_DIR [--hta-commit SHA]

HTA (https://github.com/facebookresearch/HolisticTraceAnalysis, MIT licence) is NOT part of
Tracelane and none of its code is in this repository: fetch its source separately (a checkout or
`git archive` of the release tag) and pass the directory that contains its `hta/` package as
HTA_SOURCE_DIR. This script only imports and drives it. The committed expected files under
tests/data/expected/hta/ were produced with HTA v0.6.0 (tag v0.6.0, commit
35100d0bd8a8fff6b26aa47142a085b9a4b9b414; v0.6.1 differs only in packaging metadata) on
Python 3.11 with Debian 12's python3-pandas 1.5.3, python3-numpy 1.24.2, python3-plotly 5.4.1,
python3-networkx 2.8.8, python3-pydot, python3-yaml and python3-psutil (no PyPI packages, no
stubs: HTA 0.6's analysis modules import without jupyter).

For each trace listed in TRACES the script copies the file alone into a fresh temporary
directory, builds `hta.trace_analysis.TraceAnalysis(trace_dir=that_dir)` with the default
arguments (so HTA itself reads the rank from `"rank": N` in the file, defaulting to 0, drops the
last ProfilerStep when the trace names at least two, rounds timestamps, ...), and runs with
visualisation off:

  get_temporal_breakdown()                       -> "temporal_breakdown"
  get_gpu_kernel_breakdown()                     -> "kernel_type_breakdown", "kernel_breakdown"
  get_idle_time_breakdown(ranks=[rank])          -> "idle_time_breakdown"
  get_idle_time_breakdown(ranks=[rank], show_idle_interval_stats=True)
                                                 -> "idle_interval_stats" (index kept as column)
  get_comm_comp_overlap()                        -> "comm_comp_overlap"
  get_cuda_kernel_launch_stats(ranks=[rank])     -> "cuda_kernel_launch_stats" (+ summary and
                                                    the three flagged counts, see below)
  get_queue_length_summary(ranks=[rank])         -> "queue_length_summary"
  get_queue_length_time_series(ranks=[rank])     -> "queue_length_time_series"

The per-rank analyses default to rank 0 inside HTA; the script passes the trace's own rank.
All other parameters are HTA's defaults (consecutive_kernel_delay=30, duration_ratio=0.8,
num_kernels=10, include_memory_kernels=True, runtime_cutoff=50, launch_delay_cutoff=100,
include_memory_events=True).

Output: OUTPUT_DIR/<trace name without .json.gz>.json, one per trace. Each dataframe is written
as {"columns": [...], "rows": [[...], ...]} with HTA's column names and values exactly as HTA
returns them (floats are full-precision floats, not rounded here; NaN is written as null).
Where HTA's result has a meaningful index (idle_interval_stats: idle_category; queue length
summary: (rank, stream)) it is turned into leading columns; HTA's two-level column names of the
queue length summary are joined with "_" (HTA's own flatten_column_names convention).
HTA computes the flagged launch counts (short kernels, runtime outliers, launch-delay outliers)
only inside its plotting code; "cuda_kernel_launch_flagged" applies the same three conditions
of CudaKernelAnalysis.visualize_cuda_launch_kernel_info to HTA's returned table.
"hta_internal" records a few facts about HTA's loaded dataframe for debugging a
reimplementation (event counts after HTA's filtering, Trace.min_ts, ...).
Long tables: a table is written whole unless the file would exceed LIMIT_BYTES; then only the
first TRUNCATED_ROWS rows (launch rows sorted by correlation; queue series in HTA's order) are
kept together with "total_rows" and "truncated": true.
If HTA fails on a trace or an analysis, the error message is recorded in place of the result.
Caveat for reimplementations: HTA sorts with pandas' default (unstable, numpy introsort)
argsort, so where timestamps tie, the queue-length series/summary and zero-length rows of the
kernel-type table depend on numpy's tie order (numpy 1.24 here; numpy >= 1.25 on AVX-512 CPUs
sorts differently).
"""

import argparse
import json
import logging
import math
import os
import shutil
import sys
import tempfile
import traceback

from hta_source import use_hta

TRACES = [
    "kineto/compiled_mlp_train.json.gz",
    "kineto/dlrm_train.json.gz",
    "kineto/resnet50_train.json.gz",
    "kineto/transformer_train_2streams.json.gz",
    "hta/nccl_distributed_rank.json.gz",
    "hta/sampled_rank-0.json.gz",
    "hta/sampled_rank-1.json.gz",
    "hta/amd_mi250_rocm62.json.gz",
    "hta/triton_example.json.gz",
]

LIMIT_BYTES = 1_000_000
TRUNCATED_ROWS = 200


def to_json_value(v):
    """Convert numpy/pandas scalars to plain JSON values without rounding."""
    import numpy as np
    import pandas as pd

    if v is None:
        return None
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    if isinstance(v, (float, np.floating)):
        f = float(v)
        return None if math.isnan(f) else f
    if v is pd.NA or v is pd.NaT:
        return None
    if isinstance(v, (list, tuple)):
        return [to_json_value(x) for x in v]
    return str(v) if not isinstance(v, str) else v


def frame(df, keep_index=False):
    """A dataframe as {"columns": [...], "rows": [[...]]}."""
    if df is None:
        return None
    if keep_index:
        df = df.reset_index()
    cols = []
    for c in df.columns:
        if isinstance(c, tuple):
            cols.append("_".join(str(x) for x in c if str(x) != "").rstrip("_"))
        else:
            cols.append(str(c))
    rows = [[to_json_value(v) for v in row] for row in df.itertuples(index=False, name=None)]
    return {"columns": cols, "rows": rows}


def run_step(out, key, fn):
    try:
        out[key] = fn()
    except Exception as e:  # record HTA's failure instead of the result
        out[key] = {"error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc(limit=4)}


def analyse(hta_mod, trace_path, meta):
    from hta.trace_analysis import TraceAnalysis
    from hta.common.trace_filter import GPUKernelFilter

    out = dict(meta)
    with tempfile.TemporaryDirectory(prefix="hta_ref_") as d:
        shutil.copy(trace_path, os.path.join(d, os.path.basename(trace_path)))
        try:
            analyzer = TraceAnalysis(trace_dir=d)
        except Exception as e:
            out["error"] = f"{type(e).__name__}: {e}"
            out["traceback"] = traceback.format_exc(limit=6)
            return out
        t = analyzer.t
        ranks = t.get_ranks()
        out["ranks"] = ranks
        if not ranks:
            out["error"] = "HTA loaded no rank with analyzable events"
            return out
        rank = ranks[0]

        def internal():
            df = t.get_trace(rank)
            st = t.symbol_table
            return {
                "rank": rank,
                "device_type": t.get_device_type(),
                "min_ts": to_json_value(t.min_ts),
                "ts_dtype": str(df["ts"].dtype),
                "dur_dtype": str(df["dur"].dtype),
                "profiler_step_names": sorted(st.sym_table[i] for i in st.get_profiler_step_ids()),
                "events_after_filter": int(len(df)),
                "events_stream_not_minus1": int(df["stream"].ne(-1).sum()),
                "gpu_kernel_filter_events": int(len(GPUKernelFilter()(df, st))),
                "max_ts_stream_not_minus1": to_json_value(df.loc[df["stream"].ne(-1), "ts"].max()),
            }

        run_step(out, "hta_internal", internal)
        run_step(out, "temporal_breakdown",
                 lambda: frame(analyzer.get_temporal_breakdown(visualize=False)))

        def kernels():
            kt, kb = analyzer.get_gpu_kernel_breakdown(visualize=False)
            out["kernel_breakdown"] = frame(kb)
            return frame(kt)

        run_step(out, "kernel_type_breakdown", kernels)
        run_step(out, "idle_time_breakdown", lambda: frame(
            analyzer.get_idle_time_breakdown(ranks=[rank], visualize=False)[0]))
        run_step(out, "idle_interval_stats", lambda: frame(
            analyzer.get_idle_time_breakdown(ranks=[rank], visualize=False,
                                             show_idle_interval_stats=True)[1], keep_index=True))
        run_step(out, "comm_comp_overlap",
                 lambda: frame(analyzer.get_comm_comp_overlap(visualize=False)))

        def launches():
            df = analyzer.get_cuda_kernel_launch_stats(ranks=[rank], visualize=False)[rank]
            runtime_cutoff, launch_delay_cutoff = 50, 100  # HTA defaults
            out["cuda_kernel_launch_flagged"] = {
                "runtime_cutoff": runtime_cutoff,
                "launch_delay_cutoff": launch_delay_cutoff,
                "short_kernels": int(((df["cpu_duration"] <= runtime_cutoff)
                                      & (df["gpu_duration"] < df["cpu_duration"])).sum()),
                "runtime_outliers": int((df["cpu_duration"] > runtime_cutoff).sum()),
                "launch_delay_outliers": int((df["launch_delay"] > launch_delay_cutoff).sum()),
            }
            out["cuda_kernel_launch_summary"] = frame(
                df[["cpu_duration", "gpu_duration", "launch_delay"]].describe(), keep_index=True)
            return frame(df)

        run_step(out, "cuda_kernel_launch_stats", launches)
        run_step(out, "queue_length_summary", lambda: frame(
            analyzer.get_queue_length_summary(ranks=[rank]), keep_index=True))

        def queue_series():
            series = analyzer.get_queue_length_time_series(ranks=[rank])
            return frame(series[rank]) if rank in series else None

        run_step(out, "queue_length_time_series", queue_series)
    return out


def dumps(obj, indent=0):
    """JSON text with one table row per line (small, diff-friendly)."""
    pad = " " * indent
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = [f'{pad} {json.dumps(k)}: {dumps(v, indent + 1)}' for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list) and obj and all(isinstance(x, list) for x in obj):
        rows = [pad + "  " + json.dumps(x, allow_nan=False) for x in obj]
        return "[\n" + ",\n".join(rows) + "\n" + pad + " ]"
    return json.dumps(obj, allow_nan=False)


def size_of(obj):
    return len(dumps(obj))


def truncate(out, key, sort_col=None):
    tab = out.get(key)
    if not isinstance(tab, dict) or "rows" not in tab:
        return
    rows = tab["rows"]
    if sort_col is not None:
        i = tab["columns"].index(sort_col)
        rows = sorted(rows, key=lambda r: r[i])
    tab["total_rows"] = len(tab["rows"])
    tab["truncated"] = True
    tab["note"] = (f"file would exceed {LIMIT_BYTES} bytes: first {TRUNCATED_ROWS} rows kept"
                   + (f", sorted by {sort_col}" if sort_col else ", in HTA's order"))
    tab["rows"] = rows[:TRUNCATED_ROWS]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("hta_source_dir")
    ap.add_argument("shared_traces_dir")
    ap.add_argument("output_dir")
    ap.add_argument("--hta-commit", default=None,
                    help="commit of the HTA source (read with git when HTA_SOURCE_DIR is a checkout)")
    a = ap.parse_args()

    commit = use_hta(a.hta_source_dir, a.hta_commit)
    import hta  # noqa: F401
    import hta.version
    import numpy
    import pandas
    logging.getLogger("hta").setLevel(logging.ERROR)

    meta = {
        "generator": "tests/reference/hta_reference.py",
        "hta_version": getattr(hta.version, "__version__", "unknown"),
        "hta_commit": commit,
        "pandas_version": pandas.__version__,
        "numpy_version": numpy.__version__,
        "units": "microseconds, as HTA computes them",
    }
    os.makedirs(a.output_dir, exist_ok=True)
    failures = []
    for rel in TRACES:
        path = os.path.join(a.shared_traces_dir, rel)
        name = os.path.basename(rel)[: -len(".json.gz")]
        out = analyse(hta, path, dict(meta, trace=rel))
        if size_of(out) > LIMIT_BYTES:
            truncate(out, "queue_length_time_series")
        if size_of(out) > LIMIT_BYTES:
            truncate(out, "cuda_kernel_launch_stats", sort_col="correlation")
        errs = [k for k, v in out.items() if isinstance(v, dict) and "error" in v]
        if "error" in out:
            errs.insert(0, "load")
        if errs:
            failures.append((rel, errs))
        with open(os.path.join(a.output_dir, name + ".json"), "w") as f:
            f.write(dumps(out) + "\n")
        print(f"{rel}: {'errors in ' + ', '.join(errs) if errs else 'ok'}", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
