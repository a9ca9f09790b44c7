#!/usr/bin/env python3
"""Independent reference figures for the efficiency analyses of
docs/ANALYSIS_EFFICIENCY.md, for every shared trace with GPU work.

Reads each trace itself -- Chrome/Kineto JSON with Python's json module (times
converted from the number's text with decimal arithmetic: exact nanoseconds),
Nsight Systems SQLite exports and nvprof databases with sqlite3, the OpenCL
dv/dt prof JSON with json -- never Tracelane's code or CLI, and writes the
tables that tracelane-cli must reproduce, in its columns:

  gpu_time          gpu-time --per-stream   span, busy, idle, compute, non-compute
  kernel_types      kernel-types            busy time by the classes running at once
  idle              idle                    stream gaps by cause (30 us threshold)
  overlap           overlap                 communication overlapped by compute
  launches_summary  launches --summary      CPU / GPU duration, launch delay, flags
  launches_rows     launches                the first 50 rows (launches_total_rows: all)
  queue             queue                   launched-but-not-started ops per stream
  overheads         overheads               T1-T5 per operator at depth 0, T1 and T4 rows

The definitions are implemented from the specification only. Where it is
silent, this file chose (also marked "Choice:" in the code):

- launch links come from correlation ids only (Kineto: args.correlation; nsys:
  correlationId within the process; nvprof: runtime and driver correlationId);
  every complete ac2g flow pair of the shared traces names the same pairs, so
  flows are not read;
- idle lists every stream with GPU ops (0 % when it never idles); ops starting
  together are taken in (start, end, trace order) order; queue lists the streams
  with launch-linked ops and counts a depth for Max only when held for > 0 ns;
- overheads on traces without CPU ops use NVTX ranges of every domain, nested
  per thread by containment (depth counts enclosing ranges of any domain); an
  op's name is the event's name as recorded (emit_nvtx texts included);
  T5 is the time between an op's first call start and last call end that no
  call covers; T3 uses the latest call end; T1 gaps are between depth-N ops in
  start order; both T1 rows are always printed (count 0: mean, std, total 0);
  T4 rows cover the launch calls inside the ops, by total then name
  ("overheads_t4_all_launch_calls" has them for every launch call of the trace);
- means are rounded to 3 decimals, percentages to 1, the queue mean to 2.

Run once when a trace or a definition changes; the output is committed in
tests/data/expected/efficiency.

usage: efficiency_reference.py SHARED_TRACES_DIR OUTPUT_DIR
"""
import bisect
import decimal
import gzip
import json
import math
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
from datetime import datetime, timezone

TRACES = ["kineto/compiled_mlp_train.json.gz", "kineto/dlrm_train.json.gz",
          "kineto/resnet50_train.json.gz", "kineto/transformer_train_2streams.json.gz",
          "hta/nccl_distributed_rank.json.gz", "hta/sampled_rank-0.json.gz",
          "hta/sampled_rank-1.json.gz", "hta/amd_mi250_rocm62.json.gz",
          "hta/triton_example.json.gz",
          "nsys/nvtx_cnn.sqlite", "nsys/emit_nvtx_mlp.sqlite",
          "nvprof/gpu_ml_timeline.nvvp", "opencl/dvdt_prof_armcl.json"]

IDLE_THRESHOLD_NS = 30_000
SLOW_CALL_NS = 50_000
DELAYED_LAUNCH_NS = 100_000
DATA_LOADING_NS = 200_000
QUEUE_LIMIT = 1024
FIRST_LAUNCH_ROWS = 50

COLUMNS = {
    "gpu_time": ["Device", "Stream", "Span (ns)", "Busy (ns)", "Idle (ns)", "Compute (ns)", "Non-compute (ns)",
                 "Idle (%)", "Compute (%)", "Non-compute (%)"],
    "kernel_types": ["Device", "Type", "Time (ns)", "Share (%)"],
    "idle": ["Device", "Stream", "Host Wait (ns)", "Kernel Wait (ns)", "Other (ns)", "Host Wait (%)",
             "Kernel Wait (%)", "Other (%)"],
    "overlap": ["Device", "Communication (ns)", "Overlapped (ns)", "Overlap (%)"],
    "launches_rows": ["Correlation", "API", "Name", "Stream", "CPU Duration (ns)", "GPU Duration (ns)",
                      "Launch Delay (ns)"],
    "queue": ["Device", "Stream", "Max", "Mean (time-weighted)", "Time at >= 1024 (ns)"],
    "overheads": ["Op", "Calls", "T2 Mean (ns)", "T3 Mean (ns)", "T5 Mean (ns)", "T5 Total (ns)", "Launches",
                  "Mean (ns)", "Std (ns)", "Total (ns)"],
}

KERNEL_TYPE_BUCKETS = [
    ({"compute"}, "Compute"),
    ({"communication"}, "Communication"),
    ({"memory"}, "Memory"),
    ({"compute", "communication"}, "Compute overlapping communication"),
    ({"compute", "memory"}, "Compute overlapping memory"),
    ({"communication", "memory"}, "Communication overlapping memory"),
    ({"compute", "communication", "memory"}, "Compute overlapping communication and memory"),
]

LAUNCH_API_PREFIXES = ("cudaLaunchKernel", "cudaLaunchCooperativeKernel", "cuLaunchKernel",
                       "cuLaunchCooperativeKernel", "cudaMemcpyAsync", "cudaMemsetAsync", "cuMemcpyAsync",
                       "hipLaunchKernel", "hipExtLaunchKernel", "hipModuleLaunchKernel",
                       "hipExtModuleLaunchKernel", "hipMemcpyAsync", "hipMemsetAsync")
OPENCL_LAUNCH_APIS = ("clEnqueueNDRangeKernel", "clEnqueueTask")


# ---------------------------------------------------------------- the model

class Call:
    """A CPU-side API call."""
    __slots__ = ("thread", "start", "end", "name", "corr", "seq")

    def __init__(self, thread, start, end, name, corr, seq):
        self.thread, self.start, self.end, self.name, self.corr, self.seq = thread, start, end, name, corr, seq


class GpuOp:
    """A kernel, memcpy or memset on a stream. `delay` overrides the launch delay (OpenCL)."""
    __slots__ = ("device", "stream", "start", "end", "kind", "name", "corr", "launch", "delay", "seq")

    def __init__(self, device, stream, start, end, kind, name, corr, seq, delay=None):
        self.device, self.stream, self.start, self.end = device, stream, start, end
        self.kind, self.name, self.corr, self.seq, self.delay = kind, name, corr, seq, delay
        self.launch = None


class Operator:
    """A CPU op or a range: a candidate for the overheads' operators."""
    __slots__ = ("thread", "start", "end", "name", "seq", "depth", "parent")

    def __init__(self, thread, start, end, name, seq):
        self.thread, self.start, self.end, self.name, self.seq = thread, start, end, name, seq
        self.depth, self.parent = 0, None


class Trace:
    def __init__(self):
        self.calls, self.ops = [], []
        self.cpu_ops, self.ranges = [], []
        self.opencl = False

    def link(self):
        """Each op's launch call: the earliest call with its correlation key."""
        by_corr = {}
        for c in self.calls:
            if c.corr is None:
                continue
            best = by_corr.get(c.corr)
            if best is None or (c.start, c.seq) < (best.start, best.seq):
                by_corr[c.corr] = c
        for op in self.ops:
            if op.corr is not None:
                op.launch = by_corr.get(op.corr)


def api_display_name(name):
    """`api`'s name: a "_v" plus four characters suffix is cut (cudaLaunchKernel_v7000)."""
    return name[:-6] if len(name) >= 6 and name[-6:-4] == "_v" else name


# ---------------------------------------------------------------- readers

def ns(value):
    """Microseconds as written -> exact integer nanoseconds (half away from zero)."""
    d = value if isinstance(value, decimal.Decimal) else decimal.Decimal(str(value))
    return int((d * 1000).to_integral_value(rounding=decimal.ROUND_HALF_UP))


def thread_key(pid, tid):
    def number(v):
        try:
            return int(v)
        except (TypeError, ValueError):
            return str(v)
    return number(pid), number(tid)


CHROME_API = {"cuda_runtime", "cuda_driver", "mtia_runtime", "runtime", "driver"}
CHROME_GPU = {"kernel": "kernel", "gpu_memcpy": "memcpy", "gpu_memset": "memset"}


def read_chrome(path):
    with gzip.open(path, "rt", encoding="utf-8") as f:
        doc = json.load(f, parse_float=decimal.Decimal)
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    t = Trace()
    for seq, e in enumerate(events):
        if e.get("ph") != "X":
            continue
        cat = (e.get("cat") or "").lower()
        args = e.get("args") or {}
        start = ns(e["ts"])
        end = start + ns(e.get("dur", 0))
        corr = args.get("correlation") or None  # 0 / missing: no link
        if cat in CHROME_API:
            t.calls.append(Call(thread_key(e.get("pid"), e.get("tid")), start, end,
                                api_display_name(e["name"]), corr, seq))
        elif cat in CHROME_GPU:
            device = args.get("device", e.get("pid"))
            stream = args.get("stream", e.get("tid"))
            t.ops.append(GpuOp(int(device), int(stream), start, end, CHROME_GPU[cat], e["name"], corr, seq))
        elif cat == "cpu_op":
            t.cpu_ops.append(Operator(thread_key(e.get("pid"), e.get("tid")), start, end, e["name"], seq))
        elif cat == "user_annotation":
            t.ranges.append(Operator(thread_key(e.get("pid"), e.get("tid")), start, end, e["name"], seq))
    return t


def _columns(db, table):
    return [r[1] for r in db.execute('PRAGMA table_info("%s")' % table)]


def _has(db, table):
    return db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (table,)).fetchone() is not None


DEFAULT_MEMCPY_KINDS = ["Unknown", "Host-to-Device", "Device-to-Host", "Host-to-Array", "Array-to-Host",
                        "Array-to-Array", "Array-to-Device", "Device-to-Array", "Device-to-Device",
                        "Host-to-Host", "Peer-to-Peer", "Unified Host-to-Device", "Unified Device-to-Host",
                        "Unified Device-to-Device"]


def read_nsys(path):
    """Nsight Systems SQLite export. Ops and calls are linked by (process, correlationId)."""
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    strings = dict(db.execute("SELECT id, value FROM StringIds"))
    memcpy_kinds = dict(enumerate(DEFAULT_MEMCPY_KINDS))
    if _has(db, "ENUM_CUDA_MEMCPY_OPER"):
        memcpy_kinds.update({i: label for i, label in db.execute("SELECT id, label FROM ENUM_CUDA_MEMCPY_OPER")})
    t = Trace()
    seq = 0
    for table in ("CUPTI_ACTIVITY_KIND_RUNTIME", "CUPTI_ACTIVITY_KIND_DRIVER"):
        if not _has(db, table):
            continue
        for start, end, gtid, corr, name_id in db.execute(
                "SELECT start, end, globalTid, correlationId, nameId FROM %s" % table):
            pid = (gtid >> 24) & 0xFFFFFF
            t.calls.append(Call(gtid, start, end, api_display_name(strings.get(name_id, "")), (pid, corr), seq))
            seq += 1
    if _has(db, "CUPTI_ACTIVITY_KIND_KERNEL"):
        for start, end, dev, stream, corr, gpid, dem, short in db.execute(
                "SELECT start, end, deviceId, streamId, correlationId, globalPid, demangledName, shortName "
                "FROM CUPTI_ACTIVITY_KIND_KERNEL"):
            name = strings.get(dem) if dem is not None else None
            if not name:
                name = strings.get(short, "")
            t.ops.append(GpuOp(dev, stream, start, end, "kernel", name, ((gpid >> 24) & 0xFFFFFF, corr), seq))
            seq += 1
    if _has(db, "CUPTI_ACTIVITY_KIND_MEMCPY"):
        for start, end, dev, stream, corr, gpid, kind in db.execute(
                "SELECT start, end, deviceId, streamId, correlationId, globalPid, copyKind "
                "FROM CUPTI_ACTIVITY_KIND_MEMCPY"):
            name = "[CUDA memcpy %s]" % memcpy_kinds.get(kind, "Unknown")
            t.ops.append(GpuOp(dev, stream, start, end, "memcpy", name, ((gpid >> 24) & 0xFFFFFF, corr), seq))
            seq += 1
    if _has(db, "CUPTI_ACTIVITY_KIND_MEMSET"):
        for start, end, dev, stream, corr, gpid in db.execute(
                "SELECT start, end, deviceId, streamId, correlationId, globalPid FROM CUPTI_ACTIVITY_KIND_MEMSET"):
            t.ops.append(GpuOp(dev, stream, start, end, "memset", "[CUDA memset]",
                               ((gpid >> 24) & 0xFFFFFF, corr), seq))
            seq += 1
    if _has(db, "NVTX_EVENTS"):
        cols = _columns(db, "NVTX_EVENTS")
        text_id = "textId" if "textId" in cols else "NULL"
        # 59: push/pop range, 60: start/end range; ranges that never ended are left out.
        for start, end, etype, gtid, text, tid_ in db.execute(
                "SELECT start, end, eventType, globalTid, text, %s FROM NVTX_EVENTS" % text_id):
            if etype not in (59, 60) or end is None:
                continue
            name = strings.get(tid_, "") if tid_ is not None else (text or "")
            t.ranges.append(Operator(gtid, start, end, name, seq))
            seq += 1
    db.close()
    return t


# CUpti_runtime_api_trace_cbid / CUpti_driver_api_trace_cbid (CUDA's cupti_*_cbid.h), the calls
# that launch work; names without the _vNNNN suffix for the runtime, as api prints them.
NVPROF_RUNTIME = {13: "cudaLaunch", 20: "cudaMalloc", 22: "cudaFree", 31: "cudaMemcpy", 32: "cudaMemcpy2D",
                  39: "cudaMemcpyToSymbol", 40: "cudaMemcpyFromSymbol", 41: "cudaMemcpyAsync",
                  44: "cudaMemcpy2DAsync", 47: "cudaMemcpyToSymbolAsync", 48: "cudaMemcpyFromSymbolAsync",
                  49: "cudaMemset", 50: "cudaMemset2D", 51: "cudaMemsetAsync", 52: "cudaMemset2DAsync",
                  131: "cudaStreamSynchronize", 211: "cudaLaunchKernel", 214: "cudaLaunchCooperativeKernel"}
NVPROF_DRIVER = {307: "cuLaunchKernel"}


def demangle_all(names):
    """Itanium C++ names demangled with binutils' c++filt (names that are not mangled stay)."""
    mangled = sorted({n for n in names if n.startswith("_Z") and len(n) >= 3})
    if not mangled or not shutil.which("c++filt"):
        return {}
    out = subprocess.run(["c++filt"], input="\n".join(mangled) + "\n", capture_output=True, text=True,
                         check=True).stdout.split("\n")
    return {m: d for m, d in zip(mangled, out) if d and d != m}


def read_nvprof(path):
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    strings = dict(db.execute("SELECT _id_, value FROM StringTable"))
    t = Trace()
    seq = 0
    for table, names, fallback in (("CUPTI_ACTIVITY_KIND_RUNTIME", NVPROF_RUNTIME, "cudaRuntime(cbid %d)"),
                                   ("CUPTI_ACTIVITY_KIND_DRIVER", NVPROF_DRIVER, "cudaDriver(cbid %d)")):
        if not _has(db, table):
            continue
        for cbid, start, end, pid, tid, corr in db.execute(
                "SELECT cbid, start, end, processId, threadId, correlationId FROM %s" % table):
            # nvprof stores the thread id as a signed 32-bit value.
            t.calls.append(Call((pid, tid & 0xFFFFFFFF), start, end, names.get(cbid, fallback % cbid), corr, seq))
            seq += 1
    kernels = []
    for table in ("CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL", "CUPTI_ACTIVITY_KIND_KERNEL"):
        if _has(db, table):
            kernels += db.execute("SELECT start, end, deviceId, streamId, correlationId, name FROM %s"
                                  % table).fetchall()
    demangled = demangle_all(strings.get(k[5], "") for k in kernels)
    for start, end, dev, stream, corr, name_id in kernels:
        raw = strings.get(name_id, "")
        t.ops.append(GpuOp(dev, stream, start, end, "kernel", demangled.get(raw, raw), corr, seq))
        seq += 1
    for table in ("CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMCPY2"):
        if not _has(db, table):
            continue
        for start, end, dev, stream, corr, kind in db.execute(
                "SELECT start, end, deviceId, streamId, correlationId, copyKind FROM %s" % table):
            label = DEFAULT_MEMCPY_KINDS[kind] if 0 <= kind < len(DEFAULT_MEMCPY_KINDS) else "Unknown"
            t.ops.append(GpuOp(dev, stream, start, end, "memcpy", "[CUDA memcpy %s]" % label, corr, seq))
            seq += 1
    if _has(db, "CUPTI_ACTIVITY_KIND_MEMSET"):
        for start, end, dev, stream, corr in db.execute(
                "SELECT start, end, deviceId, streamId, correlationId FROM CUPTI_ACTIVITY_KIND_MEMSET"):
            t.ops.append(GpuOp(dev, stream, start, end, "memset", "[CUDA memset]", corr, seq))
            seq += 1
    # The shared nvprof file has no markers; ranges would come from _MARKER (flags 2 / 4 paired by id).
    if _has(db, "CUPTI_ACTIVITY_KIND_MARKER"):
        rows = db.execute("SELECT flags, timestamp, id, name, objectId FROM CUPTI_ACTIVITY_KIND_MARKER").fetchall()
        starts = {r[2]: r for r in rows if r[0] == 2}
        for flags, ts, mid, _, _ in rows:
            if flags == 4 and mid in starts:
                s = starts[mid]
                blob = bytes(s[4] or b"")
                thread = (int.from_bytes(blob[0:4], "little"), int.from_bytes(blob[4:8], "little"))
                t.ranges.append(Operator(thread, s[1], ts, strings.get(s[3], ""), seq))
                seq += 1
    db.close()
    return t


def iso_ns(text):
    """ISO-8601 host time (UTC, up to 9 fraction digits) -> ns since the epoch."""
    text = text.rstrip("Z")
    base, _, frac = text.partition(".")
    dt = datetime.strptime(base.replace(" ", "T"), "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
    seconds = (dt - datetime(1970, 1, 1, tzinfo=timezone.utc)).days * 86400 + \
        (dt - datetime(1970, 1, 1, tzinfo=timezone.utc)).seconds
    return seconds * 1_000_000_000 + (int(frac.ljust(9, "0")) if frac else 0)


def read_opencl(path):
    """dv/dt prof JSON: every call on one host thread; each enqueue's kernel on its queue,
    device times shifted so the first enqueue's submit equals the start of its host call."""
    with open(path, encoding="utf-8") as f:
        records = json.load(f)
    t = Trace()
    t.opencl = True
    kernel_names, queue_devices, queues, devices = {}, {}, {}, {}
    offset = None
    corr = 0
    for seq, r in enumerate(records):
        if not isinstance(r, dict) or not isinstance(r.get("call"), str):
            continue
        ts = r.get("timestamp") or {}
        try:
            start, end = iso_ns(ts["start"]), iso_ns(ts["end"])
        except (KeyError, ValueError, TypeError):
            continue
        if end < start:
            continue
        call = r["call"]
        if call == "clCreateKernel" and r.get("kernel"):
            kernel_names[r["kernel"]] = r.get("name", "")
        elif call == "clCreateCommandQueue":
            queue_devices[r.get("queue", "")] = r.get("device", "")
        this_corr = None
        if call == "clEnqueueNDRangeKernel":
            corr += 1
            this_corr = corr
        t.calls.append(Call(("OpenCL host", 0), start, end, call, this_corr, seq))
        if this_corr is None:
            continue
        p = r.get("profiling")
        if not isinstance(p, dict):
            continue
        q, s, b, e = (p.get(k) for k in ("queued", "submit", "start", "end"))
        if not all(isinstance(v, int) for v in (q, s, b, e)) or not (q <= s <= b <= e):
            continue
        if offset is None:
            offset = start - s
        queue = r.get("queue", "")
        if queue not in queues:
            dev_handle = queue_devices.get(queue, "")
            devices.setdefault(dev_handle, len(devices))
            queues[queue] = (devices[dev_handle], len(queues))
        device, stream = queues[queue]
        name = r.get("name") or kernel_names.get(r.get("kernel", ""), "")
        t.ops.append(GpuOp(device, stream, b + offset, e + offset, "kernel", name, this_corr, seq,
                           delay=b - q))
    return t


def read_trace(path):
    if path.endswith(".json.gz"):
        return read_chrome(path)
    if path.endswith(".sqlite"):
        return read_nsys(path)
    if path.endswith(".nvvp"):
        return read_nvprof(path)
    return read_opencl(path)


# ---------------------------------------------------------------- helpers

def op_class(op):
    if op.kind == "kernel":
        lower = op.name.lower()
        if lower.startswith(("nccl", "rccl", "hccl")) or "ncclKernel" in op.name or "ncclDevKernel" in op.name:
            return "communication"
        if lower.startswith(("memcpy", "memset", "dma")):
            return "memory"
        return "compute"
    return "memory"


def union_intervals(intervals):
    """Merged [start, end) intervals; zero-length ones cover nothing."""
    merged = []
    for s, e in sorted(i for i in intervals if i[1] > i[0]):
        if merged and s <= merged[-1][1]:
            if e > merged[-1][1]:
                merged[-1][1] = e
        else:
            merged.append([s, e])
    return merged


def length(merged):
    return sum(e - s for s, e in merged)


def intersection_length(a, b):
    i = j = total = 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if hi > lo:
            total += hi - lo
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return total


def pct(part, whole):
    return round(100.0 * part / whole, 1) if whole else 0.0


def r3(x):
    return round(x, 3)


def sample_std(values):
    return statistics.stdev(values) if len(values) > 1 else 0.0


def median(values):
    return float(statistics.median(values)) if values else 0.0


def p95(sorted_values):
    if not sorted_values:
        return 0
    return sorted_values[math.ceil(0.95 * len(sorted_values)) - 1]


def by_device(ops):
    out = {}
    for op in ops:
        out.setdefault(op.device, []).append(op)
    return dict(sorted(out.items()))


def by_stream(ops):
    out = {}
    for op in ops:
        out.setdefault(op.stream, []).append(op)
    return dict(sorted(out.items()))


# ---------------------------------------------------------------- 1. gpu-time, kernel-types

def time_row(device, stream, ops):
    span = max(o.end for o in ops) - min(o.start for o in ops)
    busy = length(union_intervals((o.start, o.end) for o in ops))
    compute = length(union_intervals((o.start, o.end) for o in ops if op_class(o) == "compute"))
    idle, noncompute = span - busy, busy - compute
    return {"Device": device, "Stream": stream, "Span (ns)": span, "Busy (ns)": busy, "Idle (ns)": idle,
            "Compute (ns)": compute, "Non-compute (ns)": noncompute, "Idle (%)": pct(idle, span),
            "Compute (%)": pct(compute, span), "Non-compute (%)": pct(noncompute, span)}


def gpu_time(trace):
    rows = []
    for device, ops in by_device(trace.ops).items():
        rows.append(time_row(device, None, ops))
        for stream, sops in by_stream(ops).items():
            rows.append(time_row(device, stream, sops))
    return rows


def kernel_types(trace):
    rows = []
    for device, ops in by_device(trace.ops).items():
        changes = {}
        for o in ops:
            if o.end > o.start:
                c = op_class(o)
                changes.setdefault(o.start, []).append((c, 1))
                changes.setdefault(o.end, []).append((c, -1))
        active = {"compute": 0, "communication": 0, "memory": 0}
        buckets = {}
        times = sorted(changes)
        for i, t in enumerate(times):
            for c, d in changes[t]:
                active[c] += d
            running = frozenset(c for c, n in active.items() if n > 0)
            if running and i + 1 < len(times):
                buckets[running] = buckets.get(running, 0) + times[i + 1] - t
        busy = sum(buckets.values())
        for classes, label in KERNEL_TYPE_BUCKETS:
            v = buckets.get(frozenset(classes), 0)
            if v:
                rows.append({"Device": device, "Type": label, "Time (ns)": v, "Share (%)": pct(v, busy)})
    return rows


# ---------------------------------------------------------------- 2. idle

def idle(trace):
    rows = []
    for device, ops in by_device(trace.ops).items():
        for stream, sops in by_stream(ops).items():
            # Choice: ops starting together are taken in (start, end, trace order) order.
            sops = sorted(sops, key=lambda o: (o.start, o.end, o.seq))
            host = kernel = other = 0
            idle_since = sops[0].end
            for o in sops[1:]:
                if o.start > idle_since:
                    gap = o.start - idle_since
                    if o.launch is not None and o.launch.start > idle_since:
                        host += gap
                    elif gap < IDLE_THRESHOLD_NS:
                        kernel += gap
                    else:
                        other += gap
                idle_since = max(idle_since, o.end)
            total = host + kernel + other
            rows.append({"Device": device, "Stream": stream, "Host Wait (ns)": host, "Kernel Wait (ns)": kernel,
                         "Other (ns)": other, "Host Wait (%)": pct(host, total),
                         "Kernel Wait (%)": pct(kernel, total), "Other (%)": pct(other, total)})
    return rows


# ---------------------------------------------------------------- 3. overlap

def overlap(trace):
    rows = []
    for device, ops in by_device(trace.ops).items():
        comm_ops = [o for o in ops if op_class(o) == "communication"]
        if not comm_ops:
            continue
        comm = union_intervals((o.start, o.end) for o in comm_ops)
        compute = union_intervals((o.start, o.end) for o in ops if op_class(o) == "compute")
        c, ov = length(comm), intersection_length(comm, compute)
        rows.append({"Device": device, "Communication (ns)": c, "Overlapped (ns)": ov, "Overlap (%)": pct(ov, c)})
    return rows


# ---------------------------------------------------------------- 4. launches

def is_launch_api(name, opencl):
    if opencl:
        return name in OPENCL_LAUNCH_APIS
    if name.startswith(LAUNCH_API_PREFIXES):
        return True
    return name.startswith("cuMemsetD") and "Async" in name


def launches(trace):
    rows = []
    for o in trace.ops:
        c = o.launch
        if c is None or not is_launch_api(c.name, trace.opencl):
            continue
        delay = o.delay if o.delay is not None else o.start - c.end
        corr = o.corr[1] if isinstance(o.corr, tuple) else o.corr
        rows.append(((c.start, o.start, c.seq, o.seq), o.kind, {
            "Correlation": corr, "API": c.name, "Name": o.name, "Stream": o.stream,
            "CPU Duration (ns)": c.end - c.start, "GPU Duration (ns)": o.end - o.start,
            "Launch Delay (ns)": max(0, delay)}))
    rows.sort(key=lambda r: r[0])
    summary = {}
    for col in ("CPU Duration (ns)", "GPU Duration (ns)", "Launch Delay (ns)"):
        values = sorted(r[2][col] for r in rows)
        summary[col] = {"count": len(values), "mean": r3(sum(values) / len(values)) if values else 0.0,
                        "median": median(values), "p95": p95(values), "max": values[-1] if values else 0}
    summary["slow_calls"] = sum(1 for r in rows if r[2]["CPU Duration (ns)"] > SLOW_CALL_NS)
    summary["delayed_launches"] = sum(1 for r in rows if r[2]["Launch Delay (ns)"] > DELAYED_LAUNCH_NS)
    summary["short_kernels"] = sum(1 for r in rows if r[1] == "kernel"
                                   and r[2]["GPU Duration (ns)"] < r[2]["CPU Duration (ns)"])
    return summary, [r[2] for r in rows[:FIRST_LAUNCH_ROWS]], len(rows)


# ---------------------------------------------------------------- 5. queue

def queue(trace):
    rows = []
    linked = [o for o in trace.ops if o.launch is not None]
    for device, ops in by_device(linked).items():
        for stream, sops in by_stream(ops).items():
            changes = {}
            for o in sops:
                up = o.launch.start
                down = max(o.start, up)
                changes[up] = changes.get(up, 0) + 1
                changes[down] = changes.get(down, 0) - 1
            times = sorted(changes)
            depth = highest = integral = at_limit = 0
            for i, t in enumerate(times):
                depth += changes[t]
                if i + 1 < len(times):
                    dt = times[i + 1] - t
                    integral += depth * dt
                    if depth >= QUEUE_LIMIT:
                        at_limit += dt
                    if dt > 0:
                        highest = max(highest, depth)
            window = times[-1] - times[0]
            rows.append({"Device": device, "Stream": stream, "Max": highest,
                         "Mean (time-weighted)": round(integral / window, 2) if window else 0.0,
                         "Time at >= 1024 (ns)": at_limit})
    return rows


# ---------------------------------------------------------------- 6. overheads

def assign_depths(operators):
    """Depth = number of enclosing operators on the same thread (start <= start, end <= end);
    of two equal intervals the earlier in (start, longer first, trace order) encloses the other.
    Parent = the deepest enclosing operator."""
    threads = {}
    for op in operators:
        threads.setdefault(op.thread, []).append(op)
    for ops in threads.values():
        ops.sort(key=lambda o: (o.start, -(o.end - o.start), o.seq))
        active = []
        for op in ops:
            active = [a for a in active if a.end >= op.start]
            ancestors = [a for a in active if a.end >= op.end]
            op.depth = len(ancestors)
            op.parent = max(ancestors, key=lambda a: a.depth) if ancestors else None
            active.append(op)


def stats_row(name, values):
    return {"Op": name, "Calls": len(values), "T2 Mean (ns)": None, "T3 Mean (ns)": None, "T5 Mean (ns)": None,
            "T5 Total (ns)": None, "Launches": None,
            "Mean (ns)": r3(sum(values) / len(values)) if values else 0.0,
            "Std (ns)": r3(sample_std(values)), "Total (ns)": sum(values)}


def overheads(trace, depth=0):
    # Kineto: CPU ops; traces without CPU ops: ranges (NVTX, record_function).
    operators = trace.cpu_ops if trace.cpu_ops else trace.ranges
    assign_depths(operators)
    ops = [o for o in operators if o.depth == depth]
    # Launch calls: every call that is some GPU op's launch call.
    launch_calls = {id(o.launch): o.launch for o in trace.ops if o.launch is not None}
    calls_by_thread = {}
    for c in launch_calls.values():
        calls_by_thread.setdefault(c.thread, []).append(c)
    ops_by_thread = {}
    for o in ops:
        ops_by_thread.setdefault(o.thread, []).append(o)
    inside = {id(o): [] for o in ops}
    for thread, tops in ops_by_thread.items():
        tops.sort(key=lambda o: (o.start, o.end, o.seq))
        starts = [o.start for o in tops]
        max_end, m = [], None
        for o in tops:
            m = o.end if m is None else max(m, o.end)
            max_end.append(m)
        for c in calls_by_thread.get(thread, []):
            j = bisect.bisect_right(starts, c.start) - 1
            while j >= 0 and max_end[j] >= c.end:
                if tops[j].end >= c.end:
                    inside[id(tops[j])].append(c)
                j -= 1

    per_name = {}
    for o in ops:
        calls = sorted(inside[id(o)], key=lambda c: (c.start, c.end, c.seq))
        rec = per_name.setdefault(o.name, {"dur": [], "t2": [], "t3": [], "t5": [], "launches": 0})
        rec["dur"].append(o.end - o.start)
        rec["launches"] += len(calls)
        if calls:
            rec["t2"].append(calls[0].start - o.start)
            rec["t3"].append(o.end - max(c.end for c in calls))
            # Choice: T5 is the time between the first call's start and the last call's end
            # that no call covers (= the sum of gaps between consecutive calls when they
            # do not overlap; overlapping calls contribute no negative gap).
            t5, covered = 0, calls[0].end
            for c in calls[1:]:
                if c.start > covered:
                    t5 += c.start - covered
                covered = max(covered, c.end)
            rec["t5"].append(t5)
        else:
            rec["t5"].append(o.end - o.start)
    rows = []
    for name, rec in per_name.items():
        d = rec["dur"]
        rows.append({"Op": name, "Calls": len(d),
                     "T2 Mean (ns)": r3(sum(rec["t2"]) / len(rec["t2"])) if rec["t2"] else None,
                     "T3 Mean (ns)": r3(sum(rec["t3"]) / len(rec["t3"])) if rec["t3"] else None,
                     "T5 Mean (ns)": r3(sum(rec["t5"]) / len(d)), "T5 Total (ns)": sum(rec["t5"]),
                     "Launches": rec["launches"], "Mean (ns)": r3(sum(d) / len(d)),
                     "Std (ns)": r3(sample_std(d)), "Total (ns)": sum(d)})
    rows.sort(key=lambda r: (-r["T5 Total (ns)"], r["Op"]))

    # T1: consecutive ops (by start) under the same parent; at depth 0, on the same thread.
    groups = {}
    for o in ops:
        key = (o.thread, id(o.parent)) if depth > 0 else (o.thread,)
        groups.setdefault(key, []).append(o)
    t1, loading, negative = [], [], 0
    for g in groups.values():
        g.sort(key=lambda o: (o.start, o.end, o.seq))
        for prev, nxt in zip(g, g[1:]):
            gap = nxt.start - prev.end
            if gap > DATA_LOADING_NS:
                loading.append(gap)
            else:
                t1.append(gap)
            negative += gap < 0
    rows.append(stats_row("T1 between ops", t1))
    rows.append(stats_row("T1 data loading (> 200 µs)", loading))

    # T4: the launch calls inside the ops, each once, by API name.
    def t4_rows(calls):
        by_api = {}
        for c in calls:
            by_api.setdefault(c.name, []).append(c.end - c.start)
        out = [stats_row("T4 " + api, v) for api, v in by_api.items()]
        # Choice: T4 rows by total, largest first, then name.
        out.sort(key=lambda r: (-r["Total (ns)"], r["Op"]))
        return out
    inside_calls = {id(c): c for calls in inside.values() for c in calls}
    rows += t4_rows(inside_calls.values())
    notes = {"operators": "cpu_op" if trace.cpu_ops else "ranges", "ops_at_depth": len(ops),
             "negative_t1_gaps": negative, "launch_calls": len(launch_calls),
             "launch_calls_inside_ops": len(inside_calls)}
    return rows, t4_rows(launch_calls.values()), notes


# ---------------------------------------------------------------- main

def reference(trace):
    trace.link()
    summary, first_rows, total_rows = launches(trace)
    over, t4_all, over_notes = overheads(trace)
    return {
        "columns": COLUMNS,
        "counts": {"gpu_ops": len(trace.ops), "launch_linked_ops": sum(1 for o in trace.ops if o.launch),
                   "api_calls": len(trace.calls)},
        "gpu_time": gpu_time(trace),
        "kernel_types": kernel_types(trace),
        "idle": idle(trace),
        "overlap": overlap(trace),
        "launches_summary": summary,
        "launches_rows": first_rows,
        "launches_total_rows": total_rows,
        "queue": queue(trace),
        "overheads": over,
        # Not a CLI table: the T4 rows over every launch call of the trace, inside an op or not.
        "overheads_t4_all_launch_calls": t4_all,
        "overheads_notes": over_notes,
    }


def trace_name(rel):
    base = os.path.basename(rel)
    for ext in (".json.gz", ".sqlite", ".nvvp", ".json"):
        if base.endswith(ext):
            return base[: -len(ext)]
    return base


def main():
    shared, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for rel in TRACES:
        result = reference(read_trace(os.path.join(shared, rel)))
        name = trace_name(rel)
        with open(os.path.join(out, name + ".json"), "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1, ensure_ascii=False)
            f.write("\n")
        print(name, {k: len(v) for k, v in result.items() if isinstance(v, list)})


if __name__ == "__main__":
    main()
