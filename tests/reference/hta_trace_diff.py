#!/usr/bin/env python3
"""Reference TraceDiff tables from HolisticTraceAnalysis (HTA) for pairs of shared Kineto traces.

Usage:
    hta_trace_diff.py HTA_SOURCE_DIR SHARED_TRACES_DIR OUTPUT_DIR [--hta-commit SHA]

HTA (https://github.com/facebookresearch/HolisticTraceAnalysis, MIT licence) is NOT part of
Tracelane and none of its code is in this repository: pass the directory that contains its
`hta/` package (a checkout or `git archive` of the release tag) as HTA_SOURCE_DIR. This script
only imports and drives it, like hta_reference.py. The committed files under
tests/data/expected/hta/ were produced with HTA v0.6.0 (tag v0.6.0, commit
35100d0bd8a8fff6b26aa47142a085b9a4b9b414) on Python 3.11 with Debian 12's python3-pandas 1.5.3
and python3-numpy 1.24.2 (plus python3-plotly, -networkx, -pydot, -yaml, -psutil for HTA's
imports).

For each pair in PAIRS the script copies each trace alone into a fresh temporary directory,
wraps it as `hta.trace_diff.LabeledTrace(label=..., trace_dir=that_dir)` (labels "control" and
"test") and writes `TraceDiff.compare_traces(control, test, control_iteration=N,
test_iteration=N)` with every other argument at HTA's default (first rank, all devices, full
names). N is None (HTA's default: the first iteration of each trace) or the chosen iteration;
a third run per pair takes the default iterations with use_short_name=True. For ResNet-50
against DLRM two more: every iteration of each trace (the lists of their iterations), and the
default iterations with device_type=DeviceType.GPU.

Output: OUTPUT_DIR/trace_diff_<pair>_<first|iterationN|first_short|all|first_gpu>.csv, HTA's dataframe exactly as pandas'
to_csv writes it: the index column `name`, then control_counts, control_total_duration,
test_counts, test_total_duration, diff_counts, diff_duration, counts_change_categories; rows in
HTA's order (sorted by name; a short name is the group's index), durations in HTA's
microseconds. Two lines starting with `#` come first (readers skip exactly two: names may start
with `#`): the generator, HTA version and commit and package versions; the traces and arguments.
"""

import argparse
import logging
import os
import shutil
import sys
import tempfile

from hta_source import use_hta

# (file stem, control trace, test trace, chosen iteration); paths under SHARED_TRACES_DIR, or
# under this repository's tests/data/ where they start with "data/" (hand-written fixtures)
PAIRS = [
    ("sampled_ranks", "hta/sampled_rank-0.json.gz", "hta/sampled_rank-1.json.gz", 552),
    ("resnet50_dlrm", "kineto/resnet50_train.json.gz", "kineto/dlrm_train.json.gz", 5),
    ("hand_written", "data/chrome/hta_diff_control.json", "data/chrome/hta_diff_test.json", 2),
]
TESTS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def trace_path(shared_traces_dir, rel):
    return os.path.join(TESTS_DIR if rel.startswith("data/") else shared_traces_dir, rel)


def labeled(label, trace_path, workdir):
    from hta.trace_diff import LabeledTrace

    d = os.path.join(workdir, label)
    os.makedirs(d)
    shutil.copy(trace_path, os.path.join(d, os.path.basename(trace_path)))
    return LabeledTrace(label=label, trace_dir=d)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("hta_source_dir")
    ap.add_argument("shared_traces_dir")
    ap.add_argument("output_dir")
    ap.add_argument("--hta-commit", default=None)
    a = ap.parse_args()

    commit = use_hta(a.hta_source_dir, a.hta_commit)
    import hta.version
    import numpy
    import pandas
    from hta.trace_diff import DeviceType, TraceDiff

    logging.disable(logging.WARNING)
    header = (f"# generator=tests/reference/hta_trace_diff.py hta_version="
              f"{getattr(hta.version, '__version__', 'unknown')} hta_commit={commit} "
              f"pandas={pandas.__version__} numpy={numpy.__version__} units=microseconds\n")
    os.makedirs(a.output_dir, exist_ok=True)
    for stem, control_rel, test_rel, chosen in PAIRS:
        with tempfile.TemporaryDirectory(prefix="hta_diff_") as work:
            control = labeled("control", trace_path(a.shared_traces_dir, control_rel), work)
            test = labeled("test", trace_path(a.shared_traces_dir, test_rel), work)
            every = {"control_iteration": control.iterations(), "test_iteration": test.iterations()}
            runs = [("first", {}),
                    (f"iteration{chosen}", {"control_iteration": chosen, "test_iteration": chosen}),
                    ("first_short", {"use_short_name": True})]
            if stem == "resnet50_dlrm":
                runs += [("all", every), ("first_gpu", {"device_type": DeviceType.GPU})]
            for suffix, kwargs in runs:
                comp = TraceDiff.compare_traces(control, test, **kwargs)
                comp.index.name = "name"
                path = os.path.join(a.output_dir, f"trace_diff_{stem}_{suffix}.csv")
                with open(path, "w", newline="") as f:
                    f.write(header)
                    args = ", ".join(f"{k}={v}" for k, v in kwargs.items()) or "defaults"
                    f.write(f"# control={control_rel} test={test_rel} arguments: {args}\n")
                    comp.to_csv(f, lineterminator="\n")
                print(f"{path}: {len(comp)} rows", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
