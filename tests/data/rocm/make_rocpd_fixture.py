#!/usr/bin/env python3
"""Builds a small rocpd database (the SQLite format rocprofv3 writes by default
since ROCm 7) from a real rocprofv3 JSON recording, for the rocpd importer's
tests. No public rocpd file is known, so the database is made here: tables
with a per-run suffix, as rocprofv3 names them, and over them the views its
documentation lists (kernels, regions, memory_copies, memory_allocations,
rocpd_info_agent, ...) with the documented column names. Readers must use the
views only; the suffix proves that.

Usage: make_rocpd_fixture.py RESULTS_JSON_GZ OUT_DB [--kernels N]

Kernel dispatches, agents, queues, streams, threads and kernel symbols come
from the recording (its first N dispatches). The recording holds no HIP API
calls, markers or copies, so the script adds a few of its own, marked as such
in the README: a hipLaunchKernel region before each dispatch
with the dispatch's correlation id, roctx ranges over groups of them, one
roctx mark, host-to-device copies with their hipMemcpyAsync calls, and two
allocations. Standard library only.
"""

import argparse
import gzip
import json
import os
import sqlite3

SUFFIX = "_0c4f2a9e_5d1b_4e37_9a60_3f1e2d7c8b45"
GUID = "0c4f2a9e-5d1b-4e37-9a60-3f1e2d7c8b45"

TABLES = {
    "rocpd_string": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, string TEXT NOT NULL UNIQUE",
    "rocpd_metadata": "id INTEGER PRIMARY KEY, tag TEXT NOT NULL, value TEXT NOT NULL",
    "rocpd_info_node": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, hostname TEXT, system_name TEXT",
    "rocpd_info_process": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, nid INTEGER, pid INTEGER, command TEXT",
    "rocpd_info_thread": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, nid INTEGER, pid INTEGER, tid INTEGER, name TEXT",
    "rocpd_info_agent": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, nid INTEGER, pid INTEGER, type TEXT, "
                        "absolute_index INTEGER, logical_index INTEGER, type_index INTEGER, name TEXT, "
                        "product_name TEXT",
    "rocpd_info_queue": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, nid INTEGER, pid INTEGER, name TEXT",
    "rocpd_info_stream": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, nid INTEGER, pid INTEGER, name TEXT",
    "rocpd_info_kernel_symbol": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, pid INTEGER, code_object_id INTEGER, "
                                "kernel_name TEXT, display_name TEXT, group_segment_size INTEGER, "
                                "private_segment_size INTEGER, sgpr_count INTEGER, arch_vgpr_count INTEGER, "
                                "accum_vgpr_count INTEGER",
    "rocpd_event": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, category_id INTEGER, stack_id INTEGER, "
                   "parent_stack_id INTEGER, correlation_id INTEGER",
    "rocpd_region": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, nid INTEGER, pid INTEGER, tid INTEGER, "
                    "start INTEGER, end INTEGER, name_id INTEGER, event_id INTEGER",
    "rocpd_kernel_dispatch": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, nid INTEGER, pid INTEGER, tid INTEGER, "
                             "agent_id INTEGER, kernel_id INTEGER, dispatch_id INTEGER, queue_id INTEGER, "
                             "stream_id INTEGER, start INTEGER, end INTEGER, private_segment_size INTEGER, "
                             "group_segment_size INTEGER, workgroup_size_x INTEGER, workgroup_size_y INTEGER, "
                             "workgroup_size_z INTEGER, grid_size_x INTEGER, grid_size_y INTEGER, "
                             "grid_size_z INTEGER, region_name_id INTEGER, event_id INTEGER",
    "rocpd_memory_copy": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, nid INTEGER, pid INTEGER, tid INTEGER, "
                         "start INTEGER, end INTEGER, name_id INTEGER, dst_agent_id INTEGER, dst_address INTEGER, "
                         "src_agent_id INTEGER, src_address INTEGER, size INTEGER, queue_id INTEGER, "
                         "stream_id INTEGER, region_name_id INTEGER, event_id INTEGER",
    "rocpd_memory_allocate": "id INTEGER PRIMARY KEY, guid TEXT NOT NULL, nid INTEGER, pid INTEGER, tid INTEGER, "
                             "agent_id INTEGER, type TEXT, level TEXT, start INTEGER, end INTEGER, "
                             "address INTEGER, size INTEGER, queue_id INTEGER, stream_id INTEGER, "
                             "event_id INTEGER",
}

# The documented views, each written as a join over the plain-named views.
DATA_VIEWS = """
CREATE VIEW regions AS
SELECT r.id, r.guid,
       (SELECT c.string FROM rocpd_string c WHERE c.id = e.category_id AND c.guid = e.guid) AS category,
       n.string AS name, r.nid, p.pid, t.tid, r.start, r.end, r.end - r.start AS duration, r.event_id,
       e.stack_id, e.parent_stack_id, e.correlation_id AS corr_id
FROM rocpd_region r
JOIN rocpd_event e ON e.id = r.event_id AND e.guid = r.guid
JOIN rocpd_string n ON n.id = r.name_id AND n.guid = r.guid
JOIN rocpd_info_process p ON p.id = r.pid AND p.guid = r.guid
JOIN rocpd_info_thread t ON t.id = r.tid AND t.guid = r.guid;

CREATE VIEW kernels AS
SELECT k.id, k.guid, t.tid,
       (SELECT c.string FROM rocpd_string c WHERE c.id = e.category_id AND c.guid = e.guid) AS category,
       rn.string AS region, s.display_name AS name, k.nid, p.pid,
       a.absolute_index AS agent_abs_index, a.logical_index AS agent_log_index,
       a.type_index AS agent_type_index, a.type AS agent_type, s.code_object_id, k.kernel_id, k.dispatch_id,
       k.stream_id, k.queue_id, q.name AS queue, st.name AS stream, k.start, k.end, k.end - k.start AS duration,
       k.grid_size_x AS grid_x, k.grid_size_y AS grid_y, k.grid_size_z AS grid_z,
       k.workgroup_size_x AS workgroup_x, k.workgroup_size_y AS workgroup_y, k.workgroup_size_z AS workgroup_z,
       k.group_segment_size AS lds_size, k.private_segment_size AS scratch_size,
       s.arch_vgpr_count AS vgpr_count, s.accum_vgpr_count, s.sgpr_count,
       s.group_segment_size AS static_lds_size, s.private_segment_size AS static_scratch_size,
       e.stack_id, e.parent_stack_id, e.correlation_id AS corr_id
FROM rocpd_kernel_dispatch k
JOIN rocpd_info_agent a ON a.id = k.agent_id AND a.guid = k.guid
JOIN rocpd_event e ON e.id = k.event_id AND e.guid = k.guid
JOIN rocpd_string rn ON rn.id = k.region_name_id AND rn.guid = k.guid
JOIN rocpd_info_kernel_symbol s ON s.id = k.kernel_id AND s.guid = k.guid
LEFT JOIN rocpd_info_stream st ON st.id = k.stream_id AND st.guid = k.guid
LEFT JOIN rocpd_info_queue q ON q.id = k.queue_id AND q.guid = k.guid
JOIN rocpd_info_process p ON p.id = k.pid AND p.guid = k.guid
JOIN rocpd_info_thread t ON t.id = k.tid AND t.guid = k.guid;

CREATE VIEW memory_copies AS
SELECT m.id, m.guid,
       (SELECT c.string FROM rocpd_string c WHERE c.id = e.category_id AND c.guid = e.guid) AS category,
       m.nid, p.pid, t.tid, m.start, m.end, m.end - m.start AS duration, n.string AS name,
       rn.string AS region_name, m.stream_id, m.queue_id, st.name AS stream_name, q.name AS queue_name, m.size,
       d.name AS dst_device, d.absolute_index AS dst_agent_abs_index, d.logical_index AS dst_agent_log_index,
       d.type_index AS dst_agent_type_index, d.type AS dst_agent_type, m.dst_address,
       s.name AS src_device, s.absolute_index AS src_agent_abs_index, s.logical_index AS src_agent_log_index,
       s.type_index AS src_agent_type_index, s.type AS src_agent_type, m.src_address,
       e.stack_id, e.parent_stack_id, e.correlation_id AS corr_id
FROM rocpd_memory_copy m
JOIN rocpd_string n ON n.id = m.name_id AND n.guid = m.guid
LEFT JOIN rocpd_string rn ON rn.id = m.region_name_id AND rn.guid = m.guid
JOIN rocpd_info_agent d ON d.id = m.dst_agent_id AND d.guid = m.guid
JOIN rocpd_info_agent s ON s.id = m.src_agent_id AND s.guid = m.guid
LEFT JOIN rocpd_info_queue q ON q.id = m.queue_id AND q.guid = m.guid
LEFT JOIN rocpd_info_stream st ON st.id = m.stream_id AND st.guid = m.guid
JOIN rocpd_event e ON e.id = m.event_id AND e.guid = m.guid
JOIN rocpd_info_process p ON p.id = m.pid AND p.guid = m.guid
JOIN rocpd_info_thread t ON t.id = m.tid AND t.guid = m.guid;

CREATE VIEW memory_allocations AS
SELECT m.id, m.guid,
       (SELECT c.string FROM rocpd_string c WHERE c.id = e.category_id AND c.guid = e.guid) AS category,
       m.nid, p.pid, t.tid, m.start, m.end, m.end - m.start AS duration, m.type, m.level,
       a.name AS agent_name, a.absolute_index AS agent_abs_index, a.logical_index AS agent_log_index,
       a.type_index AS agent_type_index, a.type AS agent_type, m.address, m.size, m.queue_id,
       q.name AS queue_name, m.stream_id, st.name AS stream_name,
       e.stack_id, e.parent_stack_id, e.correlation_id AS corr_id
FROM rocpd_memory_allocate m
LEFT JOIN rocpd_info_agent a ON a.id = m.agent_id AND a.guid = m.guid
LEFT JOIN rocpd_info_queue q ON q.id = m.queue_id AND q.guid = m.guid
LEFT JOIN rocpd_info_stream st ON st.id = m.stream_id AND st.guid = m.guid
JOIN rocpd_event e ON e.id = m.event_id AND e.guid = m.guid
JOIN rocpd_info_process p ON p.id = m.pid AND p.guid = m.guid
JOIN rocpd_info_thread t ON t.id = m.tid AND t.guid = m.guid;
"""


class Writer:
    def __init__(self, db):
        self.db = db
        self.strings = {}
        self.next_event = 1

    def string(self, text):
        if text not in self.strings:
            self.strings[text] = len(self.strings) + 1
            self.insert("rocpd_string", id=self.strings[text], string=text)
        return self.strings[text]

    def insert(self, table, **values):
        if table != "rocpd_metadata":
            values.setdefault("guid", GUID)
        names = ", ".join(values)
        marks = ", ".join("?" for _ in values)
        self.db.execute(f"INSERT INTO {table}{SUFFIX} ({names}) VALUES ({marks})", list(values.values()))

    def event(self, category, correlation):
        event_id = self.next_event
        self.next_event += 1
        self.insert("rocpd_event", id=event_id, category_id=self.string(category), stack_id=0,
                    parent_stack_id=0, correlation_id=correlation)
        return event_id


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results_json_gz")
    parser.add_argument("out_db")
    parser.add_argument("--kernels", type=int, default=5000, help="dispatches taken from the recording")
    args = parser.parse_args()

    with gzip.open(args.results_json_gz, "rt") as f:
        tool = json.load(f)["rocprofiler-sdk-tool"][0]
    dispatches = sorted(tool["buffer_records"]["kernel_dispatch"],
                        key=lambda r: r["correlation_id"]["internal"])[: args.kernels]

    if os.path.exists(args.out_db):
        os.remove(args.out_db)
    db = sqlite3.connect(args.out_db)
    for table, columns in TABLES.items():
        db.execute(f"CREATE TABLE {table}{SUFFIX} ({columns})")
        db.execute(f"CREATE VIEW {table} AS SELECT * FROM {table}{SUFFIX}")
    db.executescript(DATA_VIEWS)
    w = Writer(db)

    meta = tool["metadata"]
    w.insert("rocpd_metadata", tag="schema_version", value="3")
    w.insert("rocpd_metadata", tag="source", value="made by make_rocpd_fixture.py from a rocprofv3 JSON recording")
    w.insert("rocpd_info_node", id=1, hostname=meta["node"]["hostname"], system_name=meta["node"]["system_name"])
    pid = meta["pid"]
    w.insert("rocpd_info_process", id=1, nid=1, pid=pid, command=" ".join(meta.get("command", [])))

    agent_ids = {}
    for n, agent in enumerate(tool["agents"], start=1):
        handle = agent["id"]["handle"]
        agent_ids[handle] = n
        kind = {1: "CPU", 2: "GPU"}.get(agent["type"], "CPU")
        w.insert("rocpd_info_agent", id=n, nid=1, pid=1, type=kind, absolute_index=agent["node_id"],
                 logical_index=agent["logical_node_id"], type_index=agent["logical_node_type_id"],
                 name=agent["name"], product_name=agent.get("product_name") or agent["name"])

    threads = {}

    def thread(tid):
        if tid not in threads:
            threads[tid] = len(threads) + 1
            w.insert("rocpd_info_thread", id=threads[tid], nid=1, pid=1, tid=tid, name=None)
        return threads[tid]

    queues, streams = set(), set()
    symbols = {s["kernel_id"]: s for s in tool["kernel_symbols"]}
    used_symbols = set()
    launch_names = w.string("hipLaunchKernel")
    for n, r in enumerate(dispatches, start=1):
        info = r["dispatch_info"]
        queue, stream = info["queue_id"]["handle"], r["stream_id"]["handle"]
        if queue not in queues:
            queues.add(queue)
            w.insert("rocpd_info_queue", id=queue, nid=1, pid=1, name=f"Queue {queue}")
        if stream not in streams:
            streams.add(stream)
            w.insert("rocpd_info_stream", id=stream, nid=1, pid=1, name=f"Stream {stream}")
        kernel = info["kernel_id"]
        if kernel not in used_symbols:
            used_symbols.add(kernel)
            s = symbols[kernel]
            w.insert("rocpd_info_kernel_symbol", id=kernel, pid=1, code_object_id=s["code_object_id"],
                     kernel_name=s["kernel_name"], display_name=s["formatted_kernel_name"],
                     group_segment_size=s["group_segment_size"], private_segment_size=s["private_segment_size"],
                     sgpr_count=s["sgpr_count"], arch_vgpr_count=s["arch_vgpr_count"],
                     accum_vgpr_count=s["accum_vgpr_count"])
        correlation = r["correlation_id"]["internal"]
        tid = thread(r["thread_id"])
        event = w.event("KERNEL_DISPATCH", correlation)
        w.insert("rocpd_kernel_dispatch", id=n, nid=1, pid=1, tid=tid, agent_id=agent_ids[info["agent_id"]["handle"]],
                 kernel_id=kernel, dispatch_id=info["dispatch_id"], queue_id=queue, stream_id=stream,
                 start=r["start_timestamp"], end=r["end_timestamp"],
                 private_segment_size=info["private_segment_size"], group_segment_size=info["group_segment_size"],
                 workgroup_size_x=info["workgroup_size"]["x"], workgroup_size_y=info["workgroup_size"]["y"],
                 workgroup_size_z=info["workgroup_size"]["z"], grid_size_x=info["grid_size"]["x"],
                 grid_size_y=info["grid_size"]["y"], grid_size_z=info["grid_size"]["z"],
                 region_name_id=launch_names, event_id=event)

    # Made up: the recording traced kernels only. Each dispatch gets a launch
    # call on its thread, ending 1 us before the kernel starts and never
    # overlapping the thread's previous call.
    region = 0
    launched = dispatches
    last_end = {}
    for r in launched:
        region += 1
        tid = r["thread_id"]
        start = max(r["start_timestamp"] - 4000, last_end.get(tid, 0))
        end = max(start + 1, r["start_timestamp"] - 1000)
        last_end[tid] = end
        w.insert("rocpd_region", id=region, nid=1, pid=1, tid=thread(tid), start=start, end=end,
                 name_id=launch_names,
                 event_id=w.event("HIP_RUNTIME_API_EXT", r["correlation_id"]["internal"]))
    # roctx ranges over groups of 400 launches, and one mark.
    for g in range(0, len(launched), 400):
        group = launched[g:g + 400]
        region += 1
        w.insert("rocpd_region", id=region, nid=1, pid=1, tid=thread(group[0]["thread_id"]),
                 start=group[0]["start_timestamp"] - 6000, end=group[-1]["start_timestamp"] - 6001,
                 name_id=w.string(f"step {g // 400}"), event_id=w.event("MARKER_CORE_RANGE_API", None))
    region += 1
    w.insert("rocpd_region", id=region, nid=1, pid=1, tid=thread(pid), start=dispatches[0]["start_timestamp"],
             end=dispatches[0]["start_timestamp"], name_id=w.string("checkpoint"),
             event_id=w.event("MARKER_CORE_API", None))
    # Host-to-device copies on GPU 0 with their hipMemcpyAsync calls.
    cpu = next(n for h, n in agent_ids.items() if n == 1)
    gpu = agent_ids[dispatches[0]["dispatch_info"]["agent_id"]["handle"]]
    copy_name = w.string("MEMORY_COPY_HOST_TO_DEVICE")
    memcpy_name = w.string("hipMemcpyAsync")
    first_correlation = max(r["correlation_id"]["internal"] for r in dispatches) + 1
    t0 = dispatches[0]["start_timestamp"] - 1_000_000
    for n in range(20):
        correlation = first_correlation + n
        start = t0 + n * 20_000
        region += 1
        w.insert("rocpd_region", id=region, nid=1, pid=1, tid=thread(pid), start=start, end=start + 4000,
                 name_id=memcpy_name, event_id=w.event("HIP_RUNTIME_API_EXT", correlation))
        w.insert("rocpd_memory_copy", id=n + 1, nid=1, pid=1, tid=thread(pid), start=start + 5000,
                 end=start + 5000 + 1000 * (n + 1), name_id=copy_name, dst_agent_id=gpu, dst_address=0x7000 + n,
                 src_agent_id=cpu, src_address=0x1000 + n, size=65536 * (n + 1), queue_id=None, stream_id=None,
                 region_name_id=memcpy_name, event_id=w.event("MEMORY_COPY", correlation))
    for n, kind in enumerate(("ALLOC", "FREE")):
        w.insert("rocpd_memory_allocate", id=n + 1, nid=1, pid=1, tid=thread(pid), agent_id=gpu, type=kind,
                 level="REAL", start=t0 - 10_000 + n, end=t0 - 9_000 + n, address=0x7000, size=1 << 20,
                 queue_id=None, stream_id=None, event_id=w.event("MEMORY_ALLOCATION", None))
    db.commit()
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    main()
