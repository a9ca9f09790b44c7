#!/usr/bin/env python3
"""Reference straggler detection from HolisticTraceAnalysis (HTA) for a folder of rank traces.

Usage:
    hta_straggler.py HTA_SOURCE_DIR NAME OUTPUT_DIR TRACE [TRACE ...] [--hta-commit SHA]

HTA (https://github.com/facebookresearch/HolisticTraceAnalysis, MIT licence) is NOT part of
Tracelane and none of its code is in this repository: pass the directory that contains its
`hta/` package (a checkout or `git archive` of a commit) as HTA_SOURCE_DIR. This script only
imports and drives it, like hta_reference.py. The committed files were produced from commit
f4d0062 on Python 3.11 with Debian 12's python3-pandas 1.5.3 and python3-numpy 1.24.2.

The TRACE files (one per rank) are linked into a fresh temporary folder (with
--as-ranks N, copies filed in turn under ranks 0..N-1) and read with
`TraceAnalysis(trace_dir=that_folder)`, which files each trace under the rank its text names
(`"rank": N`). For each run in RUNS the script writes what HTA's
`TraceAnalysis.get_potential_stragglers(profiler_steps, num_candidates)` returns, and, from
the same data frame and HTA's own module functions (hta.analyzers.straggler), the steps it
offers, the metric rows of `_compute_normalized_start_time_of_significant_comm_kernels`, the
straggler counts of `_get_top_k_stragglers_with_metric`, and the quantities in between
(t_min, mean iteration time, the chosen stream and kernel, each candidate's mean standard
deviation). Where HTA raises, the run records the exception instead.

The committed sets (from tests/reference, with S=/work/shared/traces/hta or wherever the
shared traces are, H=../data/chrome/hta_straggler, O=../data/expected/hta, and
`--hta-commit f4d0062` on each):

    hta_straggler.py HTA sampled_ranks $O $S/sampled_rank-0.json.gz $S/sampled_rank-1.json.gz
    hta_straggler.py HTA sampled_ranks_x20 $O $S/sampled_rank-0.json.gz $S/sampled_rank-1.json.gz --as-ranks 20
    hta_straggler.py HTA mixed_ranks $O $S/nccl_distributed_rank.json.gz $S/sampled_rank-1.json.gz
    hta_straggler.py HTA hand_three_ranks $O $H/three_ranks/*.json      (likewise hand_no_steps, hand_no_nccl)
    hta_straggler.py HTA hand_one_rank $O $H/three_ranks/rank-0.json
    hta_straggler.py HTA nccl_4ranks $O ../data/chrome/ranks/nccl_4ranks/*.json.gz --as-ranks 4

The generated nccl_4ranks files write compact JSON ("rank":N), which HTA's rank pattern
does not match (it would file all four as rank 0), hence --as-ranks there.

Output: OUTPUT_DIR/straggler_NAME.json, with each trace's SHA-256. Floats are written as Python's repr (they read back
to the same double); NaN is null. Times are HTA's microseconds after its alignment of the
ranks (the earliest row of any rank at 0).
"""

import argparse
import json
import logging
import math
import os
import sys
import tempfile

from hta_source import use_hta


def number(x):
    if x is None:
        return None
    if isinstance(x, float) or hasattr(x, "dtype") and x.dtype.kind == "f":
        x = float(x)
        return None if math.isnan(x) else x
    return int(x)


def sha256_of(path):
    import hashlib
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def copy_as_rank(path, rank, folder):
    """A copy of the trace whose distributedInfo names `rank` (the first "rank": N)."""
    import gzip
    import re
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        text = f.read()
    text = re.sub(r'"rank":\s*\d+', f'"rank": {rank}', text, count=1)
    with open(os.path.join(folder, f"rank-{rank}.json"), "w") as f:
        f.write(text)


def runs_for(steps):
    """Defaults; one step alone (the single-iteration path); one and three candidates;
    a step HTA does not hold (its error)."""
    runs = [{}, {"num_candidates": 1}, {"num_candidates": 3}]
    if steps:
        runs.append({"profiler_steps": [steps[0]]})
        if len(steps) > 1:
            runs.append({"profiler_steps": [steps[-1], steps[0]]})
    runs.append({"profiler_steps": [max(steps, default=0) + 1000]})
    return runs


def one_run(t, kwargs):
    import pandas as pd
    from hta.analyzers import straggler as st
    from hta.analyzers.straggler_analysis import StragglerAnalysis
    from hta.analyzers.timeline import _get_unique_values

    out = {"arguments": kwargs}
    try:
        out["stragglers"] = [int(r) for r in StragglerAnalysis.get_potential_stragglers(t, **kwargs)]
    except Exception as e:  # HTA's own failure is part of the expected behaviour
        out["error"] = f"{type(e).__name__}: {e}"
        return out

    # The intermediates, from the same frame get_potential_stragglers builds.
    n = max(kwargs.get("num_candidates", 2), 1)
    available = StragglerAnalysis.get_profiler_steps(t)
    requested = kwargs.get("profiler_steps")
    valid = available if requested is None else [i for i in requested if i in available]
    ranks = list(t.get_all_traces().keys())
    df_all = pd.concat([t.get_trace(r) for r in ranks], axis=0, keys=ranks,
                       names=["rank", "idx"]).reset_index()
    df = df_all.loc[df_all["iteration"].isin(valid)]
    iterations = _get_unique_values(df, "iteration")
    df = df.loc[df["iteration"].isin(iterations)]
    t_min = df["ts"].min()
    mean_iter_time = ((df["ts"] + df["dur"]).max() - t_min) / float(len(iterations))
    metric_df, metric_name = st._compute_normalized_start_time_of_significant_comm_kernels(
        df, t.symbol_table)
    counts = st._get_top_k_stragglers_with_metric(metric_df, metric_name, n_stragglers=n)

    # HTA's candidate ranking, repeated here to record each candidate's score.
    sym = t.symbol_table.get_sym_table()
    comm = [t.symbol_table.get_sym_id_map()[s] for s in sym if s.startswith("ncclKernel")]
    long = df.loc[(df["stream"] > 0) & (df["iteration"] > 0)
                  & (df["dur"] >= mean_iter_time * 0.01) & (df["name"].isin(comm))]
    last = long.groupby(["rank", "stream", "iteration", "name"], as_index=False).last()
    last["duration"] = last["dur"] / mean_iter_time
    avg = last.groupby(["stream", "iteration", "name"])["duration"].std().groupby(["stream", "name"]).mean()

    first = metric_df.iloc[0]
    out.update({
        "available_steps": [int(i) for i in available],
        "iterations": [int(i) for i in iterations],
        "t_min": number(t_min),
        "mean_iter_time": number(mean_iter_time),
        "stream": int(first["stream"]),
        "kernel": sym[int(first["name"])],
        "candidates": [{"stream": int(s), "kernel": sym[int(k)], "mean_std": number(v)}
                       for (s, k), v in avg.items()],
        "metric": [{"rank": int(r.rank), "iteration": int(r.iteration), "stream": int(r.stream),
                    "kernel": sym[int(r.name)], "ts": number(r.ts), "dur": number(r.dur),
                    "normalized_start_time": number(getattr(r, metric_name))}
                   for r in metric_df.itertuples(index=False)],
        "counts": [{"rank": int(r), "count": int(c)} for r, c in counts.items()],
    })
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("hta_source_dir")
    ap.add_argument("name")
    ap.add_argument("output_dir")
    ap.add_argument("traces", nargs="+")
    ap.add_argument("--hta-commit", default=None)
    ap.add_argument("--as-ranks", type=int, default=0,
                    help="file the traces, in turn, under ranks 0..N-1 (copies with the rank "
                         "rewritten as '\"rank\": N': HTA's pattern needs the blank that compact "
                         "JSON lacks)")
    a = ap.parse_args()

    commit = use_hta(a.hta_source_dir, a.hta_commit)
    import numpy
    import pandas
    from hta.analyzers.straggler_analysis import StragglerAnalysis
    from hta.trace_analysis import TraceAnalysis

    logging.disable(logging.WARNING)
    with tempfile.TemporaryDirectory(prefix="hta_straggler_") as work:
        if a.as_ranks:
            for rank in range(a.as_ranks):
                copy_as_rank(a.traces[rank % len(a.traces)], rank, work)
        else:
            for path in a.traces:
                os.symlink(os.path.abspath(path), os.path.join(work, os.path.basename(path)))
        analysis = TraceAnalysis(trace_dir=work)
        t = analysis.t
        steps = [int(s) for s in StragglerAnalysis.get_profiler_steps(t)]
        result = {
            "generator": "tests/reference/hta_straggler.py",
            "hta_commit": commit,
            "pandas": pandas.__version__,
            "numpy": numpy.__version__,
            "units": "microseconds",
            "traces": [os.path.basename(p) for p in a.traces],
            "sha256": [sha256_of(p) for p in a.traces],
            "as_ranks": a.as_ranks,
            "ranks": sorted(int(r) for r in t.get_all_traces().keys()),
            "runs": [one_run(t, kwargs) for kwargs in runs_for(steps)],
        }
    os.makedirs(a.output_dir, exist_ok=True)
    path = os.path.join(a.output_dir, f"straggler_{a.name}.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    print(f"{path}: {len(result['runs'])} runs", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
