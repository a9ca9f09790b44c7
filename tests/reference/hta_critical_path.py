#!/usr/bin/env python3
"""Reference critical path summaries from HolisticTraceAnalysis (HTA) for the shared Kineto traces.

Usage:
    hta_critical_path.py HTA_SOURCE_DIR SHARED_TRACES_DIR OUTPUT_DIR [--hta-commit SHA]

HTA (https://github.com/facebookresearch/HolisticTraceAnalysis, MIT licence) is NOT part of
Tracelane and none of its code is in this repository: pass the directory that contains its
`hta/` package (a checkout or `git archive` of the release tag) as HTA_SOURCE_DIR. This script
only imports and drives it, like hta_reference.py. The committed files under
tests/data/expected/hta/ were produced with HTA v0.6.0 (tag v0.6.0, commit
35100d0bd8a8fff6b26aa47142a085b9a4b9b414) on Python 3.11 with Debian 12's python3-pandas 1.5.3,
python3-numpy 1.24.2 and python3-networkx 2.8.8 (plus python3-plotly, -pydot, -yaml, -psutil
for HTA's imports). Run it with Debian's /usr/bin/python3: HTA sorts with numpy's unstable
quicksort and networkx breaks ties in the longest path by insertion order, so other versions
may pick another path of the same length.

For each trace in CASES the script copies the file alone into a fresh temporary directory,
builds `hta.trace_analysis.TraceAnalysis(trace_dir=that_dir)` with the default arguments (HTA
reads the rank from `"rank": N` in the file, drops the last ProfilerStep when the trace names
at least two, rounds timestamps, ...), and for each listed instance id K calls

    critical_path_analysis(rank=<the trace's rank>, annotation="ProfilerStep", instance_id=K)

(data_load_events None, or the list a case names), then the returned graph's get_critical_path_breakdown() and
summary(). The rank is the trace's own (0 for all but sampled_rank-1, which HTA files under 1).
HTA's instance_id is a position among the rows of its data frame whose name contains
"ProfilerStep": the kept GPU rows first, then the CPU side in file order, GPU-side step
annotations (gpu_user_annotation, which HTA counts as CPU rows) included; the second `#` line
of each file names the row K picked.

Output: OUTPUT_DIR/critical_path_<trace>_<K>[_<data load texts>].csv. Two lines starting with `#` come first
(readers skip exactly two): the generator, HTA version and commit and package versions; the
trace, the arguments, the picked annotation row and HTA's status (`ok`, or `error:` with the
exception HTA raised, or `failed:` when critical_path() returned False). Then the columns

    bound_by,edges,duration,percent

one row per bound_by value in HTA's summary order (sorted; the empty value collects the
dependency and sync edges, which weigh 0): the number of critical path edges, the sum of their
weights in HTA's microseconds (HTA's `duration` column summed per group), and HTA's summary()
value (percent of the total, written with Python's repr, so to full precision). A last row
`total` has the edge count and the summed duration of the whole path and an empty percent.
A file of a failed run has the header and no rows.
"""

import argparse
import contextlib
import io
import logging
import os
import re
import shutil
import sys
import tempfile

from hta_source import use_hta

# (trace under SHARED_TRACES_DIR, or under this repository's tests/data/ where it starts
# with "data/"; instance ids; data_load_events, named in the file name when given)
CASES = [
    ("kineto/resnet50_train.json.gz", [0, 2, 5], None),
    ("kineto/dlrm_train.json.gz", [0, 2], None),
    ("kineto/dlrm_train.json.gz", [0], ["Data loading"]),
    ("kineto/transformer_train_2streams.json.gz", [0, 2], None),
    ("kineto/compiled_mlp_train.json.gz", [0, 2, 5], None),
    ("hta/sampled_rank-0.json.gz", [0, 1], None),
    ("hta/sampled_rank-1.json.gz", [0], None),
    ("hta/nccl_distributed_rank.json.gz", [0, 1], None),
    ("hta/amd_mi250_rocm62.json.gz", [0, 1], None),
    ("hta/triton_example.json.gz", [0], None),
    ("hta/mtia_rank0.json.gz", [0], None),
    ("data/chrome/hta_critical_path_sync.json", [0, 1, 2, 3, 4, 5, 6], None),
    ("data/chrome/hta_critical_path_sync.json", [1], ["aten::c"]),
]
TESTS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def trace_path(shared_traces_dir, rel):
    return os.path.join(TESTS_DIR if rel.startswith("data/") else shared_traces_dir, rel)


def stem_of(rel):
    name = os.path.basename(rel)
    for suffix in (".json.gz", ".json"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def picked_annotation(ta, rank, annotation, k):
    """The row HTA's positional slice [k:k+1] takes, as 'name@ts' (HTA's microseconds)."""
    df = ta.t.get_trace(rank)
    table = ta.t.symbol_table.get_sym_table()
    ids = [i for i, s in enumerate(table) if annotation in s]
    rows = df[df.name.isin(ids)]
    if not 0 <= k < len(rows):
        return "none"
    row = rows.iloc[k]
    return f"{table[int(row['name'])]}@{row['ts']}"


def run_case(ta, rank, k, data_load_events):
    """(status, rows): rows are (bound_by, edges, duration, percent)."""
    try:
        result = ta.critical_path_analysis(rank=rank, annotation="ProfilerStep", instance_id=k,
                                           data_load_events=data_load_events)
    except Exception as e:  # HTA's own failure is the expected result
        return f"error: {type(e).__name__}: {e}".replace("\n", " "), []
    if result is None:
        return "error: critical_path_analysis returned None", []
    graph, ok = result
    if not ok:
        return "failed: critical_path() returned False", []
    try:
        edf = graph.get_critical_path_breakdown()
        with contextlib.redirect_stdout(io.StringIO()):  # summary() prints a title
            summary = graph.summary()
    except Exception as e:
        return f"error: {type(e).__name__}: {e}".replace("\n", " "), []
    groups = edf.groupby("bound_by").duration
    sums, counts = groups.sum(), groups.size()
    rows = [(b, int(counts[b]), sums[b], summary[b]) for b in summary.index]
    rows.append(("total", len(edf), edf.duration.sum(), None))
    return "ok", rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("hta_source_dir")
    ap.add_argument("shared_traces_dir")
    ap.add_argument("output_dir")
    ap.add_argument("--hta-commit", default=None)
    a = ap.parse_args()

    commit = use_hta(a.hta_source_dir, a.hta_commit)
    import hta.version
    import networkx
    import numpy
    import pandas
    from hta.trace_analysis import TraceAnalysis

    logging.disable(logging.WARNING)
    header = (f"# generator=tests/reference/hta_critical_path.py hta_version="
              f"{getattr(hta.version, '__version__', 'unknown')} hta_commit={commit} "
              f"pandas={pandas.__version__} numpy={numpy.__version__} "
              f"networkx={networkx.__version__} units=microseconds\n")
    os.makedirs(a.output_dir, exist_ok=True)
    for rel, instances, data_load_events in CASES:
        with tempfile.TemporaryDirectory(prefix="hta_cp_") as work:
            src = trace_path(a.shared_traces_dir, rel)
            shutil.copy(src, os.path.join(work, os.path.basename(src)))
            ta = TraceAnalysis(trace_dir=work)
            rank = ta.t.get_ranks()[0]
            for k in instances:
                picked = picked_annotation(ta, rank, "ProfilerStep", k)
                status, rows = run_case(ta, rank, k, data_load_events)
                suffix = "" if data_load_events is None else "_" + "_".join(
                    re.sub(r"[^a-z0-9]+", "_", p.lower()).strip("_") for p in data_load_events)
                path = os.path.join(a.output_dir, f"critical_path_{stem_of(rel)}_{k}{suffix}.csv")
                with open(path, "w", newline="") as f:
                    f.write(header)
                    f.write(f"# trace={rel} arguments: rank={rank}, annotation=ProfilerStep, "
                            f"instance_id={k}, data_load_events={data_load_events} "
                            f"annotation_row={picked} status={status}\n")
                    f.write("bound_by,edges,duration,percent\n")
                    for bound_by, edges, duration, percent in rows:
                        pct = "" if percent is None else repr(float(percent))
                        f.write(f"{bound_by},{edges},{float(duration)!r},{pct}\n")
                print(f"{path}: {status}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
