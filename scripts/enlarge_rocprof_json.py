#!/usr/bin/env python3
"""Writes a large rocprofv3 JSON file for bench_rocprof_import from the recorded
fixture: its kernel dispatches repeated COPIES times, each copy shifted past the
last in time and in correlation id, and with --api one hipLaunchKernel record
per dispatch on the launching thread (the launch arrows a --hip-trace run has).

  python3 scripts/enlarge_rocprof_json.py OUT.json [--copies 8] [--api]
"""
import argparse
import copy
import gzip
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "tests", "data", "rocm", "rocprofv3_908_results.json.gz")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--copies", type=int, default=8)
    parser.add_argument("--api", action="store_true")
    args = parser.parse_args()
    with gzip.open(FIXTURE, "rt") as f:
        doc = json.load(f)
    entry = doc["rocprofiler-sdk-tool"][0]
    dispatches = entry["buffer_records"]["kernel_dispatch"]
    span = max(r["end_timestamp"] for r in dispatches) - min(r["start_timestamp"] for r in dispatches) + 1000
    max_id = max(r["correlation_id"]["internal"] for r in dispatches) + 1
    launch = entry["strings"]["buffer_records"][5]["operations"].index("hipLaunchKernel")

    head = copy.copy(entry)
    head["buffer_records"] = {}
    with open(args.out, "w") as out:
        text = json.dumps({"rocprofiler-sdk-tool": [head]})
        # Everything up to the empty buffer_records object, then the records written in pieces.
        cut = text.rindex('"buffer_records": {}')
        out.write(text[:cut] + '"buffer_records": {"kernel_dispatch": [')
        first = True
        for c in range(args.copies):
            for r in dispatches:
                r2 = copy.deepcopy(r)
                r2["start_timestamp"] += c * span
                r2["end_timestamp"] += c * span
                r2["correlation_id"]["internal"] += c * max_id
                out.write(("" if first else ",") + json.dumps(r2))
                first = False
        out.write('], "hip_api": [')
        first = True
        if args.api:
            for c in range(args.copies):
                for r in dispatches:
                    start = r["start_timestamp"] + c * span - 20000
                    call = {"size": 64, "kind": 5, "operation": launch,
                            "correlation_id": {"internal": r["correlation_id"]["internal"] + c * max_id, "external": 0},
                            "start_timestamp": start, "end_timestamp": start + 5000, "thread_id": r["thread_id"]}
                    out.write(("" if first else ",") + json.dumps(call))
                    first = False
        out.write("]}" + text[cut + len('"buffer_records": {}'):])
    print(args.out, os.path.getsize(args.out) / 1e6, "MB")


if __name__ == "__main__":
    main()
