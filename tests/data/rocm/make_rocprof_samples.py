#!/usr/bin/env python3
"""Writes the small rocprofv3 JSON files the tests and the fuzzer start from.

  rocprofv3_handmade.json            hand-made: two processes with HIP and HSA calls,
                                     kernels, a memory copy, ROCTx ranges and marks,
                                     skipped kinds, damaged records; the second
                                     process lists its records before its tables
  ../../fuzz/corpus/rocprof_json/    a few KB each, cut from the real fixture and
                                     from the hand-made file

The string tables (kind and operation names) are those of the real fixture,
rocprofv3_908_results.json.gz, so operation numbers mean what rocprofv3 means.
Run from anywhere: python3 tests/data/rocm/make_rocprof_samples.py
"""
import copy
import gzip
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "fuzz", "corpus", "rocprof_json")


def real_entry():
    with gzip.open(os.path.join(HERE, "rocprofv3_908_results.json.gz"), "rt") as f:
        return json.load(f)["rocprofiler-sdk-tool"][0]


def op(strings, kind, name):
    return strings["buffer_records"][kind]["operations"].index(name)


def api(strings, kind, name, corr, tid, start, end):
    return {"size": 64, "kind": kind, "operation": op(strings, kind, name),
            "correlation_id": {"internal": corr, "external": 0},
            "start_timestamp": start, "end_timestamp": end, "thread_id": tid}


def dispatch(corr, tid, start, end, agent, queue, kernel, grid, wg):
    return {"size": 184, "kind": 11, "operation": 2, "thread_id": tid,
            "correlation_id": {"internal": corr, "external": 0},
            "start_timestamp": start, "end_timestamp": end,
            "dispatch_info": {"size": 72, "agent_id": {"handle": agent}, "queue_id": {"handle": queue},
                              "kernel_id": kernel, "dispatch_id": corr, "private_segment_size": 0,
                              "group_segment_size": 1024,
                              "workgroup_size": {"x": wg, "y": 1, "z": 1},
                              "grid_size": {"x": grid, "y": 1, "z": 1}},
            "stream_id": {"handle": 0}}


def agents():
    return [{"id": {"handle": 1}, "type": 1, "logical_node_id": 0, "logical_node_type_id": 0,
             "name": "AMD EPYC", "product_name": "AMD EPYC"},
            {"id": {"handle": 2}, "type": 2, "logical_node_id": 1, "logical_node_type_id": 0,
             "name": "gfx942", "product_name": "AMD Instinct MI300X"},
            {"id": {"handle": 3}, "type": 2, "logical_node_id": 2, "logical_node_type_id": 1,
             "name": "gfx942", "product_name": "AMD Instinct MI300X"}]


def symbols():
    return [{"kernel_id": 0, "kernel_name": "", "formatted_kernel_name": "0"},
            {"kernel_id": 1, "kernel_name": "_Z6vecAddPfS_i.kd", "formatted_kernel_name": "vecAdd(float*, float*, int)",
             "sgpr_count": 16, "arch_vgpr_count": 8, "accum_vgpr_count": 0},
            {"kernel_id": 2, "kernel_name": "Cijk_Alik_Bljk_HHS_BH_MT128x128.kd",
             "formatted_kernel_name": "Cijk_Alik_Bljk_HHS_BH_MT128x128"}]


def handmade(strings):
    s = copy.deepcopy(strings)
    s["marker_api"] = [{"key": 7, "value": "forward"}, {"key": 9, "value": "checkpoint"},
                       {"key": 12, "value": "inner"}]
    first = {
        "metadata": {"pid": 100, "init_time": 1000, "fini_time": 900000,
                     "command": ["python3", "train.py"], "node": {"hostname": "node-a"}},
        "agents": agents(), "counters": [], "strings": s, "kernel_symbols": symbols(),
        "callback_records": {"counter_collection": []},
        "buffer_records": {
            "kernel_dispatch": [
                dispatch(1, 100, 5000, 9000, 2, 5, 1, 4096, 256),
                dispatch(3, 101, 7000, 7500, 3, 6, 2, 512, 64),
                dispatch(10, 100, 9500, 9700, 2, 5, 1, 256, 256),   # no API call in the file
                dispatch(11, 100, 9800, 9900, 2, 5, 99, 64, 64),    # kernel_id not in kernel_symbols
                {"kind": 11, "operation": 2, "thread_id": 100, "correlation_id": {"internal": 13},
                 "start_timestamp": 9950,                            # no end_timestamp: skipped
                 "dispatch_info": {"agent_id": {"handle": 2}, "queue_id": {"handle": 5}, "kernel_id": 1}},
            ],
            "hip_api": [
                api(s, 5, "hipLaunchKernel", 1, 100, 2000, 3000),
                api(s, 5, "hipMemcpyAsync", 2, 100, 3100, 3300),
                api(s, 5, "hipLaunchKernel", 3, 101, 2500, 2600),
                api(s, 5, "hipDeviceSynchronize", 4, 100, 3400, 9800),
                {"kind": 5, "operation": "hipMalloc", "correlation_id": {"internal": 14},  # operation not a number
                 "start_timestamp": 3500, "end_timestamp": 3600, "thread_id": 100},
            ],
            "hsa_api": [api(s, 1, "hsa_signal_store_relaxed", 5, 100, 2200, 2300)],
            "memory_copy": [{"size": 80, "kind": 10, "operation": 2, "thread_id": 100,
                             "correlation_id": {"internal": 2, "external": 0},
                             "start_timestamp": 4000, "end_timestamp": 4800,
                             "dst_agent_id": {"handle": 2}, "src_agent_id": {"handle": 1}, "bytes": 4096}],
            "marker_api": [api(s, 7, "roctxRangePushA", 7, 100, 1500, 9900),
                           api(s, 7, "roctxRangePushA", 12, 100, 1600, 3000),
                           api(s, 7, "roctxMarkA", 9, 101, 6000, 6000)],
            "memory_allocation": [{"kind": 16, "operation": 1, "thread_id": 100, "start_timestamp": 1,
                                   "end_timestamp": 2}] * 2,
            "scratch_memory": [{"kind": 12, "operation": 1, "thread_id": 100, "start_timestamp": 1,
                                "end_timestamp": 2}],
        },
    }
    # The second process repeats correlation id 1: ids are per process.
    second = {
        "buffer_records": {
            "kernel_dispatch": [dispatch(1, 200, 20000, 26000, 2, 5, 2, 8192, 256)],
            "hip_api": [api(s, 5, "hipLaunchKernel", 1, 200, 19000, 19500)],
        },
        "metadata": {"pid": 200, "init_time": 1000, "fini_time": 900000, "command": ["python3", "eval.py"]},
        "agents": agents(), "strings": {"buffer_records": s["buffer_records"], "marker_api": []},
        "kernel_symbols": symbols(),
    }
    return {"rocprofiler-sdk-tool": [first, second]}


def trimmed_strings(strings, kinds=("KERNEL_DISPATCH",), keep=300):
    """Kind names, with operations only for `kinds`: seeds stay a few KB."""
    return {"callback_records": [], "marker_api": [],
            "buffer_records": [{"kind": k["kind"], "operations": k["operations"][:keep] if k["kind"] in kinds else []}
                               for k in strings["buffer_records"]]}


def real_seed(entry, first, count):
    records = entry["buffer_records"]["kernel_dispatch"][first:first + count]
    ids = {r["dispatch_info"]["kernel_id"] for r in records}
    keep = ["kernel_id", "kernel_name", "formatted_kernel_name", "sgpr_count", "arch_vgpr_count"]
    syms = [{k: s[k] for k in keep} for s in entry["kernel_symbols"] if s["kernel_id"] in ids]
    gpu = [a for a in entry["agents"] if a["type"] == 2][:1]
    small_agents = [{k: a[k] for k in ["id", "type", "logical_node_id", "logical_node_type_id", "name",
                                       "product_name"]} for a in gpu]
    return {"rocprofiler-sdk-tool": [{
        "metadata": {k: entry["metadata"][k] for k in ["pid", "init_time", "fini_time"]},
        "agents": small_agents, "strings": trimmed_strings(entry["strings"]), "kernel_symbols": syms,
        "buffer_records": {"kernel_dispatch": records, "hip_api": [], "memory_copy": []}}]}


def write(path, doc, indent=None):
    with open(path, "w") as f:
        json.dump(doc, f, indent=indent, separators=(",", ":") if indent is None else None)
        f.write("\n")


def main():
    entry = real_entry()
    strings = {"buffer_records": entry["strings"]["buffer_records"]}
    write(os.path.join(HERE, "rocprofv3_handmade.json"), handmade(strings))
    os.makedirs(CORPUS, exist_ok=True)
    write(os.path.join(CORPUS, "real_kernels_head.json"), real_seed(entry, 0, 6))
    write(os.path.join(CORPUS, "real_kernels_middle.json"), real_seed(entry, 20000, 5))
    small = handmade(trimmed_strings(entry["strings"], ("HIP_RUNTIME_API", "HSA_CORE_API", "MARKER_CORE_API",
                                                        "MEMORY_COPY", "KERNEL_DISPATCH")))
    write(os.path.join(CORPUS, "handmade_two_processes.json"), small)


if __name__ == "__main__":
    main()
