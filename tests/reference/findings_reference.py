#!/usr/bin/env python3
"""Independent reference figures for the findings of docs/ANALYSIS_FINDINGS.md,
for every shared trace with GPU work and for the hand-made fixtures in
tests/data/findings.

Reads each file itself with the standard library only -- Kineto/Chrome JSON
with json (times from the number's text, exact nanoseconds), Nsight Systems
SQLite exports and nvprof databases with sqlite3, Nsight Systems JSON exports
line by line -- never Tracelane's code or CLI. The OpenCL trace is read with
efficiency_reference.read_opencl (its offsets are that reader's business).

For the Nsight Systems SQLite exports the six `nsys analyze` rules are also
run as SQL over the export's own tables (memcpy and memset joined to their
runtime call by correlationId, names matched with LIKE, gaps found by pairing
the j-th smallest end with the (j+1)-th smallest start), and must agree with
the generic implementation: a second, independent check of both.

The rules, as docs/ANALYSIS_FINDINGS.md states them:

  cuda_memcpy_async   memcpys launched by a call LIKE 'cudaMemcpy%Async%' with a
                      pageable source or destination; time = their GPU durations
  cuda_memcpy_sync    memcpys launched by a call LIKE 'cudaMemcpy%' NOT LIKE
                      '%async%', host-to-device copies of <= 64000 bytes left out
  cuda_memset_sync    memsets launched by a call LIKE 'cudaMemset%' NOT LIKE
                      '%async%' on pinned or managed memory
  cuda_api_sync       calls LIKE 'cudaDeviceSynchronize%' / 'cudaStreamSynchronize%',
                      and Kineto cuda_sync records of a stream/context/device
                      sync whose call the trace lacks (no call shares the
                      correlation id)
  gpu_gaps            per GPU, gaps between the union of its operations (start
                      > 0) longer than 500 ms
  gpu_time_util       per GPU, its first-start..last-end span in 30 chunks of
                      ceil(span / 30) ns; chunks whose summed operation overlap
                      is < 50 % of the chunk; consecutive ones joined, their
                      in-use the size-weighted mean rounded to 0.1
  dataloader          DataLoader ranges inside the steps, less GPU work (other
                      than collectives), collectives and API calls; fires above
                      5 % of the summed step time
  communication       collective kernels and nccl:/gloo: collective ops inside
                      the steps, less the other GPU work; fires above 10 %
  gpu_utilization     per GPU, kernel time (union) within first step start ..
                      last step end over that span; fires under 50 %
  tensor_cores        kernel time launched by bottom tensor-core-eligible
                      operators (found here by Kineto's External id, Tracelane
                      finds them by time containment) over all launched kernel
                      time; fires above 0 when no kernel name holds a
                      tensor-core pattern
                      (a call whose External id names no CPU op of its thread
                      is linked by time containment instead)
  launch_queue_full   per stream, +1 at a launch call's start, -1 at its op's
                      start: time at >= 1024, and the calls that found >= 1024
  short_kernels       kernels launched by a launch API whose GPU duration is
                      shorter than the call's; fires from 100 of them and 25 %
  h2d_in_step         host-to-device memcpys whose launch call starts inside a
                      step, with the part no kernel on their GPU covers > 0
  straggler           (a group of traces) the rank with the largest median step
                      against the median of the others' medians; fires from 10 %

Steps are ProfilerStep#N ranges, else "Iteration N" ranges, each ending no
earlier than the last GPU op launched by calls inside it (any thread of its
process) and starting no earlier than the previous one ended. A trace without
either gets no other step-based figures here ("steps": false); its GPU
utilisation is measured over the span of everything read, as one step.

Choices where the definitions leave room (marked "Choice:" below): a memcpy's
launch call is the earliest call with its correlation key; Kineto memory
kinds come from the op name "Memcpy HtoD (Pageable -> Device)" /
"Memset (Pinned)".

Output: one JSON file per trace in OUTPUT_DIR with, per rule, count, time,
fires, and for rules with at most 300 events every event's (duration, start)
in listing order (longest first; gpu_time_util lowest in-use first); the plugin
rules add their share. Option variants for the fixtures sit under "variants".

usage: findings_reference.py SHARED_TRACES_DIR TEST_DATA_DIR OUTPUT_DIR
"""
import bisect
import decimal
import gzip
import json
import math
import os
import re
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import efficiency_reference  # noqa: E402  (the OpenCL reader)

SHARED = ["kineto/compiled_mlp_train.json.gz", "kineto/dlrm_train.json.gz", "kineto/resnet50_train.json.gz",
          "kineto/transformer_train_2streams.json.gz", "hta/nccl_distributed_rank.json.gz",
          "hta/sampled_rank-0.json.gz", "hta/sampled_rank-1.json.gz", "hta/amd_mi250_rocm62.json.gz",
          "hta/triton_example.json.gz", "nsys/nvtx_cnn.sqlite", "nsys/emit_nvtx_mlp.sqlite",
          "nsys/nvtx_cnn_nsys.json", "nsys/emit_nvtx_mlp_nsys.json", "nvprof/gpu_ml_timeline.nvvp",
          "opencl/dvdt_prof_armcl.json"]
FIXTURES = ["findings/findings_edge_cases_nsys.json", "findings/findings_edge_cases_kineto.json"]
FIXTURE_VARIANTS = {
    "findings/findings_edge_cases_nsys.json": [
        {"cuda_memcpy_sync.skip_d2d": 1},
        {"cuda_memcpy_sync.small_h2d_bytes": 64001},
        {"gpu_gaps.gap_ns": 500_000_000 - 1},
        {"gpu_gaps.gap_ns": 500_000_001},
    ],
    "findings/findings_edge_cases_kineto.json": [
        {"short_kernels.min_count": 2},
        {"dataloader.share": 20.0},
        {"communication.share": 11.0},
    ],
}
GROUPS = {"sampled_ranks": ["hta/sampled_rank-0.json.gz", "hta/sampled_rank-1.json.gz"]}

DEFAULTS = {
    "cuda_memcpy_sync.small_h2d_bytes": 64000,
    "cuda_memcpy_sync.skip_d2d": 0,
    "gpu_gaps.gap_ns": 500_000_000,
    "gpu_time_util.threshold": 50.0,
    "gpu_time_util.chunks": 30,
    "dataloader.share": 5.0,
    "communication.share": 10.0,
    "gpu_utilization.threshold": 50.0,
    "tensor_cores.share": 0.0,
    "launch_queue_full.depth": 1024,
    "short_kernels.min_count": 100,
    "short_kernels.min_share": 25.0,
    "straggler.excess": 10.0,
}
MAX_LISTED = 300

# Nsight Systems' ENUM_CUDA_MEM_KIND and ENUM_CUDA_MEMCPY_OPER, for the JSON export (the SQLite has the tables).
NSYS_MEM_KINDS = ["Pageable", "Pinned", "Device", "Array", "Managed", "Device Static", "Managed Static", "Unknown"]
COPY_KINDS = ["Unknown", "Host-to-Device", "Device-to-Host", "Host-to-Array", "Array-to-Host", "Array-to-Array",
              "Array-to-Device", "Device-to-Array", "Device-to-Device", "Host-to-Host", "Peer-to-Peer",
              "Unified Host-to-Device", "Unified Device-to-Host", "Unified Device-to-Device"]
# CUpti_ActivityMemoryKind, as nvprof stores it.
CUPTI_MEM_KINDS = ["Unknown", "Pageable", "Pinned", "Device", "Array", "Managed", "Device Static", "Managed Static"]
KINETO_DIRECTIONS = {"HtoD": "Host-to-Device", "DtoH": "Device-to-Host", "DtoD": "Device-to-Device",
                     "HtoH": "Host-to-Host", "PtoP": "Peer-to-Peer"}
# CUpti_runtime_api_trace_cbid values of the calls the rules name (CUDA's cupti_runtime_cbid.h).
NVPROF_RUNTIME = {31: "cudaMemcpy", 32: "cudaMemcpy2D", 33: "cudaMemcpyToArray", 34: "cudaMemcpy2DToArray",
                  35: "cudaMemcpyFromArray", 36: "cudaMemcpy2DFromArray", 37: "cudaMemcpyArrayToArray",
                  38: "cudaMemcpy2DArrayToArray", 39: "cudaMemcpyToSymbol", 40: "cudaMemcpyFromSymbol",
                  41: "cudaMemcpyAsync", 42: "cudaMemcpyToArrayAsync", 43: "cudaMemcpyFromArrayAsync",
                  44: "cudaMemcpy2DAsync", 45: "cudaMemcpy2DToArrayAsync", 46: "cudaMemcpy2DFromArrayAsync",
                  47: "cudaMemcpyToSymbolAsync", 48: "cudaMemcpyFromSymbolAsync", 49: "cudaMemset",
                  50: "cudaMemset2D", 51: "cudaMemsetAsync", 52: "cudaMemset2DAsync", 131: "cudaStreamSynchronize",
                  165: "cudaDeviceSynchronize", 13: "cudaLaunch", 211: "cudaLaunchKernel"}
NVPROF_DRIVER = {307: "cuLaunchKernel"}

LAUNCH_PREFIXES = ("cudaLaunchKernel", "cudaLaunchCooperativeKernel", "cuLaunchKernel", "cuLaunchCooperativeKernel",
                   "cudaMemcpyAsync", "cudaMemsetAsync", "cuMemcpyAsync", "hipLaunchKernel", "hipExtLaunchKernel",
                   "hipModuleLaunchKernel", "hipExtModuleLaunchKernel", "hipMemcpyAsync", "hipMemsetAsync",
                   "clEnqueueNDRangeKernel", "clEnqueueTask")
PLUGIN_COLLECTIVES = {"%s:%s" % (lib, op) for lib in ("nccl", "gloo")
                      for op in ("broadcast", "reduce", "all_reduce", "all_gather", "reduce_scatter")}
TC_KERNEL_PATTERNS = ["h884", "s884", "h1688", "s1688", "hmma", "i8816", "16816", "dgrad_1x1_stride_2x2",
                      "first_layer_wgrad_kernel", "conv1x1", "conv2d_c1_k1", "direct_group", "xmma_implicit_gemm",
                      "xmma_sparse_conv", "xmma_warp_specialized_implicit_gemm", "xmma_gemm", "xmma_sparse_gemm",
                      "c1688"]
TC_ELIGIBLE_OPS = {
    "aten::_convolution", "aten::conv1d", "aten::conv2d", "aten::conv3d", "aten::conv_tbc", "aten::conv_transpose1d",
    "aten::conv_transpose2d", "aten::conv_transpose3d", "aten::convolution", "aten::cudnn_convolution",
    "aten::cudnn_convolution_transpose", "aten::prelu", "aten::addmm", "aten::addmv", "aten::addr", "aten::matmul",
    "aten::mm", "aten::mv", "aten::linear", "aten::addbmm", "aten::baddbmm", "aten::bmm", "aten::chain_matmul",
    "aten::linalg_multi_dot", "aten::_thnn_fused_lstm_cell", "aten::_thnn_fused_gru_cell", "aten::lstm_cell",
    "aten::gru_cell", "aten::rnn_tanh_cell", "aten::rnn_relu_cell", "CudnnConvolutionBackward", "BmmBackward0",
    "aten::cudnn_convolution_transpose_backward", "CudnnConvolutionTransposeBackward", "MmBackward",
    "aten::cudnn_convolution_backward_weight", "aten::addmm_", "AddmvBackward", "MvBackward",
    "aten::cudnn_convolution_transpose_backward_weight", "aten::cudnn_convolution_transpose_backward_input",
    "AddmmBackward", "aten::cudnn_convolution_backward_input", "AddbmmBackward", "aten::cudnn_convolution_backward"}


# ---------------------------------------------------------------- the model

class Call:
    def __init__(self, pid, tid, start, end, name, corr, seq, ext=None):
        self.pid, self.tid, self.start, self.end, self.name = pid, tid, start, end, name
        self.corr, self.seq, self.ext = corr, seq, ext


class Op:
    def __init__(self, device, stream, start, end, kind, name, corr, seq):
        self.device, self.stream, self.start, self.end = device, stream, start, end
        self.kind, self.name, self.corr, self.seq = kind, name, corr, seq
        self.bytes = None
        self.direction, self.src, self.dst = "Unknown", "Unknown", "Unknown"  # memset: src is its memory
        self.launch = None


class Range:
    def __init__(self, pid, tid, start, end, name, kind, seq, ext=None):
        self.pid, self.tid, self.start, self.end, self.name = pid, tid, start, end, name
        self.kind, self.seq, self.ext = kind, seq, ext


class Model:
    def __init__(self):
        self.calls, self.ops, self.ranges, self.syncs = [], [], [], []

    def link(self):
        """Choice: each op's launch call is the earliest call with its correlation key."""
        first = {}
        for c in self.calls:
            if c.corr is None:
                continue
            best = first.get(c.corr)
            if best is None or (c.start, c.seq) < (best.start, best.seq):
                first[c.corr] = c
        for op in self.ops:
            op.launch = first.get(op.corr) if op.corr is not None else None


def ns(value):
    d = value if isinstance(value, decimal.Decimal) else decimal.Decimal(str(value))
    return int((d * 1000).to_integral_value(rounding=decimal.ROUND_HALF_UP))


def as_int(v):
    try:
        return int(v)
    except (TypeError, ValueError):
        return v


# ---------------------------------------------------------------- readers

def kineto_memory(op, name):
    """Choice: "Memcpy HtoD (Pageable -> Device)" and "Memset (Pinned)" name the kinds."""
    m = re.match(r"Memcpy (\w+)(?: \(([^)]*)\))?", name)
    if op.kind == "memcpy" and m:
        op.direction = KINETO_DIRECTIONS.get(m.group(1), "Other")
        if m.group(2) and "->" in m.group(2):
            src, dst = m.group(2).split("->", 1)
            op.src = src.strip() if src.strip() in CUPTI_MEM_KINDS else "Unknown"
            op.dst = dst.strip() if dst.strip() in CUPTI_MEM_KINDS else "Unknown"
    m = re.match(r"Memset.*\(([^)]*)\)", name)
    if op.kind == "memset" and m:
        op.src = m.group(1).strip() if m.group(1).strip() in CUPTI_MEM_KINDS else "Unknown"


def read_kineto(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        doc = json.load(f, parse_float=decimal.Decimal)
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    model = Model()
    gpu_kinds = {"kernel": "kernel", "gpu_memcpy": "memcpy", "gpu_memset": "memset"}
    for seq, e in enumerate(events):
        if not isinstance(e, dict) or e.get("ph") != "X":
            continue
        cat = (e.get("cat") or "").lower()
        args = e.get("args") or {}
        start = ns(e["ts"])
        end = start + ns(e.get("dur", 0))
        pid, tid = as_int(e.get("pid")), as_int(e.get("tid"))
        corr = args.get("correlation") or None
        name = e.get("name", "")
        if cat in ("cuda_runtime", "cuda_driver"):
            model.calls.append(Call(pid, tid, start, end, name, corr, seq, args.get("External id")))
        elif cat in gpu_kinds:
            op = Op(("gpu", as_int(args.get("device", pid))), as_int(args.get("stream", tid)), start, end,
                    gpu_kinds[cat], name, corr, seq)
            if isinstance(args.get("bytes"), int):
                op.bytes = args["bytes"]
            kineto_memory(op, name)
            model.ops.append(op)
        elif cat == "cpu_op":
            model.ranges.append(Range(pid, tid, start, end, name, "cpu_op", seq, args.get("External id")))
        elif cat == "user_annotation":
            model.ranges.append(Range(pid, tid, start, end, name, "range", seq, args.get("External id")))
        elif cat == "cuda_sync":
            model.syncs.append(Range(pid, tid, start, end, name, "sync", seq, corr))
    model.link()
    return model


def has_table(db, table):
    return db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (table,)).fetchone() is not None


def read_nsys_sqlite(path):
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    strings = dict(db.execute("SELECT id, value FROM StringIds"))
    mem = dict(db.execute("SELECT id, label FROM ENUM_CUDA_MEM_KIND"))
    copy = dict(db.execute("SELECT id, label FROM ENUM_CUDA_MEMCPY_OPER"))
    model = Model()
    seq = 0
    for table in ("CUPTI_ACTIVITY_KIND_RUNTIME", "CUPTI_ACTIVITY_KIND_DRIVER"):
        if not has_table(db, table):
            continue
        for start, end, gtid, corr, name_id in db.execute(
                "SELECT start, end, globalTid, correlationId, nameId FROM %s" % table):
            pid = (gtid >> 24) & 0xFFFFFF
            model.calls.append(Call(pid, gtid & 0xFFFFFF, start, end, strings.get(name_id, ""), (pid, corr), seq))
            seq += 1
    if has_table(db, "CUPTI_ACTIVITY_KIND_KERNEL"):
        for start, end, dev, stream, corr, gpid, dem, short in db.execute(
                "SELECT start, end, deviceId, streamId, correlationId, globalPid, demangledName, shortName "
                "FROM CUPTI_ACTIVITY_KIND_KERNEL"):
            name = strings.get(dem) or strings.get(short, "")
            model.ops.append(Op(("gpu", dev), stream, start, end, "kernel", name, ((gpid >> 24) & 0xFFFFFF, corr), seq))
            seq += 1
    if has_table(db, "CUPTI_ACTIVITY_KIND_MEMCPY"):
        for start, end, dev, stream, corr, gpid, kind, src, dst, size in db.execute(
                "SELECT start, end, deviceId, streamId, correlationId, globalPid, copyKind, srcKind, dstKind, bytes "
                "FROM CUPTI_ACTIVITY_KIND_MEMCPY"):
            op = Op(("gpu", dev), stream, start, end, "memcpy", "", ((gpid >> 24) & 0xFFFFFF, corr), seq)
            op.direction, op.src, op.dst, op.bytes = copy.get(kind, "Unknown"), mem.get(src), mem.get(dst), size
            model.ops.append(op)
            seq += 1
    if has_table(db, "CUPTI_ACTIVITY_KIND_MEMSET"):
        for start, end, dev, stream, corr, gpid, kind, size in db.execute(
                "SELECT start, end, deviceId, streamId, correlationId, globalPid, memKind, bytes "
                "FROM CUPTI_ACTIVITY_KIND_MEMSET"):
            op = Op(("gpu", dev), stream, start, end, "memset", "", ((gpid >> 24) & 0xFFFFFF, corr), seq)
            op.src, op.bytes = mem.get(kind, "Unknown"), size
            model.ops.append(op)
            seq += 1
    if has_table(db, "NVTX_EVENTS"):
        cols = [r[1] for r in db.execute("PRAGMA table_info(NVTX_EVENTS)")]
        text_id = "textId" if "textId" in cols else "NULL"
        for start, end, etype, gtid, text, tid_ in db.execute(
                "SELECT start, end, eventType, globalTid, text, %s FROM NVTX_EVENTS" % text_id):
            if etype not in (59, 60) or end is None:
                continue
            name = strings.get(tid_, "") if tid_ is not None else (text or "")
            model.ranges.append(Range((gtid >> 24) & 0xFFFFFF, gtid & 0xFFFFFF, start, end, name, "range", seq))
            seq += 1
    db.close()
    model.link()
    return model


def read_nsys_json(path):
    model = Model()
    strings = []
    with open(path, encoding="utf-8-sig") as f:
        for seq, line in enumerate(f):
            line = line.strip()
            if not line:
                continue
            rec = json.loads(line)
            if "data" in rec:
                strings = [s if isinstance(s, str) else "" for s in rec["data"]]
                continue
            if "TraceProcessEvent" in rec:
                e = rec["TraceProcessEvent"]
                if int(e.get("eventClass", -1)) not in (0, 1):
                    continue
                gtid = int(e["globalTid"])
                pid = (gtid >> 24) & 0xFFFFFF
                name = strings[int(e["name"])] if "name" in e else ""
                model.calls.append(Call(pid, gtid & 0xFFFFFF, int(e["startNs"]), int(e["endNs"]), name,
                                        (pid, int(e.get("correlationId", 0))), seq))
            elif "CudaEvent" in rec:
                e = rec["CudaEvent"]
                pid = (int(e.get("globalPid", 0)) >> 24) & 0xFFFFFF
                args = (("gpu", int(e.get("deviceId", 0))), int(e.get("streamId", 0)), int(e["startNs"]),
                        int(e["endNs"]))
                corr = (pid, int(e.get("correlationId", 0)))
                if "kernel" in e:
                    k = e["kernel"]
                    name = strings[int(k.get("demangledName", k.get("shortName")))]
                    model.ops.append(Op(*args, "kernel", name, corr, seq))
                elif "memcpy" in e:
                    m = e["memcpy"]
                    op = Op(*args, "memcpy", "", corr, seq)
                    op.bytes = int(m.get("sizebytes", 0))
                    op.direction = COPY_KINDS[int(m.get("copyKind", 0))]
                    op.src = NSYS_MEM_KINDS[int(m["srcKind"])] if "srcKind" in m else "Unknown"
                    op.dst = NSYS_MEM_KINDS[int(m["dstKind"])] if "dstKind" in m else "Unknown"
                    model.ops.append(op)
                elif "memset" in e:
                    m = e["memset"]
                    op = Op(*args, "memset", "", corr, seq)
                    op.bytes = int(m.get("sizebytes", 0))
                    op.src = NSYS_MEM_KINDS[int(m["memKind"])] if "memKind" in m else "Unknown"
                    model.ops.append(op)
            elif "NvtxEvent" in rec:
                e = rec["NvtxEvent"]
                if int(e.get("Type", 0)) not in (59, 60) or "EndTimestamp" not in e:
                    continue
                gtid = int(e["GlobalTid"])
                text = e.get("Text")
                if text is None and "TextId" in e:
                    text = strings[int(e["TextId"])]
                model.ranges.append(Range((gtid >> 24) & 0xFFFFFF, gtid & 0xFFFFFF, int(e["Timestamp"]),
                                          int(e["EndTimestamp"]), text or "", "range", seq))
    model.link()
    return model


def read_nvprof(path):
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    model = Model()
    seq = 0
    for table, names in (("CUPTI_ACTIVITY_KIND_RUNTIME", NVPROF_RUNTIME), ("CUPTI_ACTIVITY_KIND_DRIVER", NVPROF_DRIVER)):
        for cbid, start, end, pid, tid, corr in db.execute(
                "SELECT cbid, start, end, processId, threadId, correlationId FROM %s" % table):
            model.calls.append(Call(pid, tid & 0xFFFFFFFF, start, end, names.get(cbid, "cbid %d" % cbid), corr, seq))
            seq += 1
    for start, end, dev, stream, corr in db.execute(
            "SELECT start, end, deviceId, streamId, correlationId FROM CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL"):
        model.ops.append(Op(("gpu", dev), stream, start, end, "kernel", "", corr, seq))
        seq += 1
    for table in ("CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMCPY2"):
        for start, end, dev, stream, corr, kind, src, dst, size in db.execute(
                "SELECT start, end, deviceId, streamId, correlationId, copyKind, srcKind, dstKind, bytes FROM %s"
                % table):
            op = Op(("gpu", dev), stream, start, end, "memcpy", "", corr, seq)
            op.direction = COPY_KINDS[kind] if 0 <= kind < len(COPY_KINDS) else "Unknown"
            op.src = CUPTI_MEM_KINDS[src] if 0 <= src < 8 else "Unknown"
            op.dst = CUPTI_MEM_KINDS[dst] if 0 <= dst < 8 else "Unknown"
            op.bytes = size
            model.ops.append(op)
            seq += 1
    for start, end, dev, stream, corr, kind, size in db.execute(
            "SELECT start, end, deviceId, streamId, correlationId, memoryKind, bytes FROM CUPTI_ACTIVITY_KIND_MEMSET"):
        op = Op(("gpu", dev), stream, start, end, "memset", "", corr, seq)
        op.src = CUPTI_MEM_KINDS[kind] if 0 <= kind < 8 else "Unknown"
        op.bytes = size
        model.ops.append(op)
        seq += 1
    db.close()
    model.link()
    return model


def read_opencl(path):
    t = efficiency_reference.read_opencl(path)
    model = Model()
    for c in t.calls:
        model.calls.append(Call(c.thread[0], c.thread[1], c.start, c.end, c.name, c.corr, c.seq))
    for o in t.ops:
        model.ops.append(Op(("gpu", o.device), o.stream, o.start, o.end, o.kind, o.name, o.corr, o.seq))
    model.link()
    return model


def read(path):
    if path.endswith(".sqlite"):
        return read_nsys_sqlite(path)
    if path.endswith(".nvvp"):
        return read_nvprof(path)
    if path.endswith("_nsys.json"):
        return read_nsys_json(path)
    if "opencl" in path:
        return read_opencl(path)
    return read_kineto(path)


# ---------------------------------------------------------------- helpers

def like_prefix(name, prefix):
    return name.lower().startswith(prefix.lower())


def union(intervals):
    out = []
    for s, e in sorted(i for i in intervals if i[1] > i[0]):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def total(merged):
    return sum(e - s for s, e in merged)


def intersect(a, b):
    out, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        s, e = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if e > s:
            out.append([s, e])
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return out


def subtract(a, b):
    return intersect(a, complement(b))


def complement(b):
    out, last = [], -(1 << 62)
    for s, e in b:
        if s > last:
            out.append([last, s])
        last = max(last, e)
    out.append([last, 1 << 62])
    return out


def covered(merged, s, e):
    return total(intersect(merged, [[s, e]])) if e > s else 0


def median(values):
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def is_comm_kernel(name):
    low = name.lower()
    return (low.startswith(("nccl", "rccl", "hccl")) or "ncclKernel" in name or "ncclDevKernel" in name)


def listed(events, key):
    ordered = sorted(events, key=key)
    return [[d, s] for d, s, *_ in ordered] if len(ordered) <= MAX_LISTED else None


def result(count, time, fires, events=None, key=None, **extra):
    r = {"count": count, "time": time, "fires": fires}
    if events is not None:
        r["events"] = listed(events, key or (lambda e: (-e[0], e[1])))
        r["sum_start"] = sum(e[1] for e in events) % (1 << 64)  # wraps as an unsigned 64-bit sum
    r.update(extra)
    return r


# ---------------------------------------------------------------- the nsys analyze rules

def memcpy_async(model, o):
    ev = [(op.end - op.start, op.start) for op in model.ops
          if op.kind == "memcpy" and op.launch and like_prefix(op.launch.name, "cudaMemcpy")
          and "async" in op.launch.name[len("cudaMemcpy"):].lower() and "Pageable" in (op.src, op.dst)]
    return result(len(ev), sum(d for d, _ in ev), len(ev) > 0, ev)


def memcpy_sync(model, o):
    ev = []
    for op in model.ops:
        if op.kind != "memcpy" or not op.launch:
            continue
        n = op.launch.name
        if not like_prefix(n, "cudaMemcpy") or "async" in n.lower():
            continue
        if op.direction == "Host-to-Device" and op.bytes is not None and op.bytes <= o["cuda_memcpy_sync.small_h2d_bytes"]:
            continue
        if o["cuda_memcpy_sync.skip_d2d"] and op.direction == "Device-to-Device":
            continue
        ev.append((op.end - op.start, op.start))
    return result(len(ev), sum(d for d, _ in ev), len(ev) > 0, ev)


def memset_sync(model, o):
    ev = [(op.end - op.start, op.start) for op in model.ops
          if op.kind == "memset" and op.launch and like_prefix(op.launch.name, "cudaMemset")
          and "async" not in op.launch.name.lower() and op.src in ("Pinned", "Managed")]
    return result(len(ev), sum(d for d, _ in ev), len(ev) > 0, ev)


def api_sync(model, o):
    calls = [c for c in model.calls
             if like_prefix(c.name, "cudaDeviceSynchronize") or like_prefix(c.name, "cudaStreamSynchronize")]
    ev = [(c.end - c.start, c.start) for c in calls]
    corrs = {c.corr for c in calls if c.corr}
    for s in model.syncs:
        low = s.name.lower()
        if any(k in low for k in ("stream sync", "context sync", "device sync")) and not (s.ext and s.ext in corrs):
            ev.append((s.end - s.start, s.start))
    return result(len(ev), sum(d for d, _ in ev), len(ev) > 0, ev)


def ops_by_device(model):
    devices = {}
    for op in model.ops:
        if op.start > 0:
            devices.setdefault(op.device, []).append(op)
    return devices


def gpu_gaps(model, o):
    ev = []
    for ops in ops_by_device(model).values():
        ops = sorted(ops, key=lambda op: (op.start, op.end))
        covered_to = ops[0].end
        for op in ops[1:]:
            if op.start > covered_to and op.start - covered_to > o["gpu_gaps.gap_ns"]:
                ev.append((op.start - covered_to, covered_to))
            covered_to = max(covered_to, op.end)
    return result(len(ev), sum(d for d, _ in ev), len(ev) > 0, ev)


def gpu_time_util(model, o):
    n, threshold = o["gpu_time_util.chunks"], o["gpu_time_util.threshold"]
    rows = []
    for ops in ops_by_device(model).values():
        first, last = min(op.start for op in ops), max(op.end for op in ops)
        size = math.ceil((last - first) / n) if last > first else 0
        if size == 0:
            continue
        low = []  # (chunk index, start, length, percent)
        for i in range(n):
            cs = first + i * size
            ce = min(cs + size, last)
            if cs >= ce:
                break
            busy = sum(max(0, min(op.end, ce) - max(op.start, cs)) for op in ops if op.start < ce and op.end > cs)
            percent = busy / (ce - cs) * 100
            if percent < threshold:
                low.append((i, cs, ce - cs, percent))
        group = []
        for item in low + [None]:
            if group and (item is None or item[0] != group[-1][0] + 1):
                start = group[0][1]
                length = group[-1][1] + group[-1][2] - start
                avg = sum(g[2] * g[3] for g in group) / sum(g[2] for g in group)
                rows.append((length, start, math.floor(avg * 10 + 0.5) / 10))
                group = []
            if item is not None:
                group.append(item)
    r = result(len(rows), sum(d for d, _, _ in rows), len(rows) > 0, rows, key=lambda e: (e[2], e[0], e[1]))
    ordered = sorted(rows, key=lambda e: (e[2], e[0], e[1]))
    r["in_use"] = [e[2] for e in ordered] if len(ordered) <= MAX_LISTED else None
    return r


def nsys_sql(path, o):
    """The six rules as SQL over the export: must agree with the generic implementation."""
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    out = {}
    join = ("FROM {t} m JOIN CUPTI_ACTIVITY_KIND_RUNTIME r ON r.correlationId = m.correlationId "
            "JOIN StringIds s ON s.id = r.nameId ")
    rows = db.execute("SELECT m.end - m.start, m.start " + join.format(t="CUPTI_ACTIVITY_KIND_MEMCPY")
                      + "WHERE s.value LIKE 'cudaMemcpy%Async%' AND (m.srcKind = 0 OR m.dstKind = 0)").fetchall()
    out["cuda_memcpy_async"] = rows
    rows = db.execute("SELECT m.end - m.start, m.start " + join.format(t="CUPTI_ACTIVITY_KIND_MEMCPY")
                      + "WHERE s.value LIKE 'cudaMemcpy%' AND s.value NOT LIKE '%async%' "
                      "AND NOT (m.copyKind = 1 AND m.bytes <= ?)", (o["cuda_memcpy_sync.small_h2d_bytes"],)).fetchall()
    out["cuda_memcpy_sync"] = rows
    rows = db.execute("SELECT m.end - m.start, m.start " + join.format(t="CUPTI_ACTIVITY_KIND_MEMSET")
                      + "WHERE s.value LIKE 'cudaMemset%' AND s.value NOT LIKE '%async%' "
                      "AND m.memKind IN (1, 4)").fetchall()
    out["cuda_memset_sync"] = rows
    rows = db.execute("SELECT r.end - r.start, r.start FROM CUPTI_ACTIVITY_KIND_RUNTIME r "
                      "JOIN StringIds s ON s.id = r.nameId WHERE s.value LIKE 'cudaDeviceSynchronize%' "
                      "OR s.value LIKE 'cudaStreamSynchronize%'").fetchall()
    out["cuda_api_sync"] = rows
    ops = " UNION ALL ".join("SELECT start, end, (globalPid >> 24) & 16777215 AS pid, deviceId FROM %s WHERE start > 0"
                             % t for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY",
                                           "CUPTI_ACTIVITY_KIND_MEMSET"))
    rows = db.execute(
        "WITH ops AS (%s), "
        "s AS (SELECT ROW_NUMBER() OVER (PARTITION BY pid, deviceId ORDER BY start) AS n, start, pid, deviceId FROM ops), "
        "e AS (SELECT ROW_NUMBER() OVER (PARTITION BY pid, deviceId ORDER BY end) AS n, end, pid, deviceId FROM ops) "
        "SELECT s.start - e.end, e.end FROM s JOIN e ON s.n - 1 = e.n AND s.pid = e.pid AND s.deviceId = e.deviceId "
        "WHERE s.start - e.end > ? AND e.end < s.start" % ops, (o["gpu_gaps.gap_ns"],)).fetchall()
    out["gpu_gaps"] = rows
    db.close()
    return out


# ---------------------------------------------------------------- steps and the plugin's rules

def steps_of(model):
    """ProfilerStep#N, else Iteration N; each extended over the GPU work launched inside it."""
    for pattern in (r"ProfilerStep#(\d+)", r"Iteration (\d+)"):
        found = [r for r in model.ranges if re.fullmatch(pattern, r.name)]
        if found:
            break
    else:
        return None
    found.sort(key=lambda r: (r.start, int(re.fullmatch(pattern, r.name).group(1)), r.seq))
    launched_by = {}
    for op in model.ops:
        if op.launch:
            launched_by.setdefault(id(op.launch), []).append(op)
    calls_by_pid = {}
    for c in model.calls:
        calls_by_pid.setdefault(c.pid, []).append(c)
    steps, previous = [], None
    for r in found:
        last = None
        for c in calls_by_pid.get(r.pid, []):
            if c.start >= r.start and c.end <= r.end:
                for op in launched_by.get(id(c), []):
                    last = op.end if last is None else max(last, op.end)
        start = r.start if previous is None else max(previous, r.start)
        end = r.end if last is None else max(r.end, last)
        end = max(end, start)
        steps.append([start, end])
        previous = end
    return steps


def plugin_roles(model, steps):
    busy = union([op.start, op.end] for op in model.ops if not (op.kind == "kernel" and is_comm_kernel(op.name)))
    comm_events = [(op.start, op.end) for op in model.ops if op.kind == "kernel" and is_comm_kernel(op.name)]
    comm_events += [(r.start, r.end) for r in model.ranges if r.name in PLUGIN_COLLECTIVES]
    comm = union([s, e] for s, e in comm_events)
    runtime = union([c.start, c.end] for c in model.calls)
    loader = union([r.start, r.end] for r in model.ranges
                   if (r.name.startswith("enumerate(DataLoader)#") and r.name.endswith(".__next__"))
                   or r.name.startswith("enumerate(DataPipe)#"))
    step_set = union(steps)
    step_time = sum(e - s for s, e in steps)
    loader_events = [(r.start, r.end) for r in model.ranges
                     if (r.name.startswith("enumerate(DataLoader)#") and r.name.endswith(".__next__"))
                     or r.name.startswith("enumerate(DataPipe)#")]
    counts = {"comm": sum(1 for s, e in comm_events if covered(step_set, s, e) > 0),
              "loader": sum(1 for s, e in loader_events if covered(step_set, s, e) > 0)}
    return busy, comm, runtime, loader, step_set, step_time, counts


def dataloader(model, o, steps):
    busy, comm, runtime, loader, step_set, step_time, counts = plugin_roles(model, steps)
    time = total(subtract(intersect(step_set, loader), union(busy + comm + runtime)))
    share = 100 * time / step_time if step_time else 0.0
    return result(counts["loader"], time, share > o["dataloader.share"], share=share)


def communication(model, o, steps):
    busy, comm, _, _, step_set, step_time, counts = plugin_roles(model, steps)
    time = total(subtract(intersect(step_set, comm), busy))
    share = 100 * time / step_time if step_time else 0.0
    return result(counts["comm"], time, share > o["communication.share"], share=share)


def gpu_utilization(model, o, steps):
    first, last = min(s for s, _ in steps), max(e for _, e in steps)
    out = []
    for device in sorted(ops_by_device_all(model)):
        kernels = union([op.start, op.end] for op in model.ops if op.device == device and op.kind == "kernel")
        if not kernels:
            continue
        util = 100 * covered(kernels, first, last) / (last - first)
        out.append({"device": device[1], "in_use": util, "time": (last - first) - covered(kernels, first, last),
                    "fires": util < o["gpu_utilization.threshold"]})
    return out


def ops_by_device_all(model):
    return {op.device for op in model.ops}


def tensor_cores(model, o):
    kernels = [op for op in model.ops if op.kind == "kernel"]
    used = any(any(p in op.name for p in TC_KERNEL_PATTERNS) for op in kernels)
    # The operator tree per thread by containment; bottom eligible = eligible with no eligible op inside.
    by_thread = {}
    for r in model.ranges:
        if r.kind == "cpu_op":
            by_thread.setdefault((r.pid, r.tid), []).append(r)
    bottom = set()
    for ops in by_thread.values():
        ops.sort(key=lambda r: (r.start, -(r.end - r.start), r.seq))
        stack, inside = [], {}
        def close():
            done = stack.pop()
            if stack and (done.name in TC_ELIGIBLE_OPS or inside.get(id(done))):
                inside[id(stack[-1])] = True
            if done.name in TC_ELIGIBLE_OPS and not inside.get(id(done)):
                bottom.add(id(done))
        for r in ops:
            while stack and stack[-1].end < r.end:
                close()
            stack.append(r)
        while stack:
            close()
    # The plugin's link: a runtime call's External id names its operator. Choice: where
    # it names no CPU op of the call's thread (traces whose calls carry their own
    # correlation id there), the innermost CPU op around the call on its thread.
    op_of_ext = {}
    for r in model.ranges:
        if r.kind == "cpu_op" and r.ext:
            op_of_ext.setdefault((r.pid, r.tid, r.ext), r)
    starts = {key: [r.start for r in ops] for key, ops in by_thread.items()}

    def innermost(call):
        ops = by_thread.get((call.pid, call.tid), [])
        best = None
        for r in ops[:bisect.bisect_right(starts[(call.pid, call.tid)], call.start)] if ops else []:
            if r.start <= call.start and r.end >= call.end:
                best = r  # later starts are nested deeper
        return best

    ev, kernel_time = [], 0
    for op in kernels:
        if not op.launch:
            continue
        kernel_time += op.end - op.start
        c = op.launch
        owner = op_of_ext.get((c.pid, c.tid, c.ext)) if c.ext else None
        if owner is None:
            owner = innermost(c)
        if owner is not None and id(owner) in bottom:
            ev.append((op.end - op.start, op.start))
    time = sum(d for d, _ in ev)
    share = 100 * time / kernel_time if kernel_time else 0.0
    return result(len(ev), time, (not used) and share > o["tensor_cores.share"] and len(ev) > 0, ev,
                  eligible_share=share, tensor_cores_used=used)


# ---------------------------------------------------------------- Tracelane's rules

def launch_queue_full(model, o):
    limit = o["launch_queue_full.depth"]
    streams = {}
    for op in model.ops:
        if op.launch:
            streams.setdefault((op.device, op.stream), []).append(op)
    time, ev = 0, []
    for ops in streams.values():
        changes = []
        for op in ops:
            changes.append((op.launch.start, +1))
            changes.append((max(op.launch.start, op.start), -1))
        changes.sort()
        points, depth, i = [], 0, 0
        while i < len(changes):
            t = changes[i][0]
            while i < len(changes) and changes[i][0] == t:
                depth += changes[i][1]
                i += 1
            points.append((t, depth))
        for (t, d), (t2, _) in zip(points, points[1:]):
            if d >= limit:
                time += t2 - t
        times = [p[0] for p in points]
        seen = set()
        for op in ops:
            k = bisect.bisect_left(times, op.launch.start)
            if k > 0 and points[k - 1][1] >= limit and id(op.launch) not in seen:
                seen.add(id(op.launch))
                ev.append((op.launch.end - op.launch.start, op.launch.start))
    return result(len(ev), time, time > 0, ev)


def short_kernels(model, o):
    kernels, ev = 0, []
    for op in model.ops:
        if op.kind != "kernel" or not op.launch or not op.launch.name.startswith(LAUNCH_PREFIXES):
            continue
        kernels += 1
        cpu, gpu = op.launch.end - op.launch.start, op.end - op.start
        if gpu < cpu:
            ev.append((gpu, op.start, cpu - gpu))
    share = 100 * len(ev) / kernels if kernels else 0.0
    fires = len(ev) >= o["short_kernels.min_count"] and share >= o["short_kernels.min_share"]
    return result(len(ev), sum(e[2] for e in ev), fires, ev, kernels=kernels)


def h2d_in_step(model, o, steps):
    kernels = {}
    for op in model.ops:
        if op.kind == "kernel":
            kernels.setdefault(op.device, []).append([op.start, op.end])
    kernels = {d: union(v) for d, v in kernels.items()}
    ev = []
    for op in model.ops:
        if op.kind != "memcpy" or op.direction != "Host-to-Device" or not op.launch:
            continue
        if not any(s <= op.launch.start <= e for s, e in steps):
            continue
        exposed = (op.end - op.start) - covered(kernels.get(op.device, []), op.start, op.end)
        if exposed > 0:
            ev.append((op.end - op.start, op.start, exposed))
    return result(len(ev), sum(e[2] for e in ev), len(ev) > 0, ev)


def straggler(models, o):
    medians = []
    for model in models:
        for pattern in (r"Iteration (\d+)", r"ProfilerStep#(\d+)"):
            its = [r.end - r.start for r in model.ranges if re.fullmatch(pattern, r.name)]
            if its:
                break
        medians.append(median(its) if its else None)
    have = [(i, m) for i, m in enumerate(medians) if m is not None]
    slowest = max(have, key=lambda x: (x[1], -x[0]))
    typical = median([m for i, m in have if i != slowest[0]])
    share = 100 * (slowest[1] - typical) / typical
    return {"rank_index": slowest[0], "share": share, "fires": slowest[1] > typical and share >= o["straggler.excess"],
            "medians": medians}


# ---------------------------------------------------------------- driver

def reference(path, overrides=None):
    o = dict(DEFAULTS)
    o.update(overrides or {})
    model = read(path)
    rules = {
        "cuda_memcpy_async": memcpy_async(model, o),
        "cuda_memcpy_sync": memcpy_sync(model, o),
        "cuda_memset_sync": memset_sync(model, o),
        "cuda_api_sync": api_sync(model, o),
        "gpu_gaps": gpu_gaps(model, o),
        "gpu_time_util": gpu_time_util(model, o),
        "tensor_cores": tensor_cores(model, o),
        "launch_queue_full": launch_queue_full(model, o),
        "short_kernels": short_kernels(model, o),
    }
    steps = steps_of(model)
    out = {"steps": steps is not None, "rules": rules}
    if steps:
        rules["dataloader"] = dataloader(model, o, steps)
        rules["communication"] = communication(model, o, steps)
        rules["h2d_in_step"] = h2d_in_step(model, o, steps)
        out["gpu_utilization"] = gpu_utilization(model, o, steps)
        out["step_count"] = len(steps)
    else:
        # No steps: the plugin's utilisation over the whole span of what the
        # trace recorded (calls, GPU work, ranges, syncs) as one step.
        spans = [(x.start, x.end) for x in model.calls + model.ops + model.ranges + model.syncs]
        if spans:
            out["gpu_utilization"] = gpu_utilization(model, o, [[min(s for s, _ in spans), max(e for _, e in spans)]])
    if path.endswith(".sqlite"):
        for rule, rows in nsys_sql(path, o).items():
            mine = rules[rule]
            theirs = sorted(((d, s) for d, s in rows), key=lambda e: (-e[0], e[1]))
            if mine["count"] != len(rows) or mine["events"] != [list(r) for r in theirs]:
                raise SystemExit("%s: %s: SQL and generic rule disagree" % (path, rule))
    return out


def option_key(overrides):
    return ",".join("%s=%s" % kv for kv in sorted(overrides.items()))


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    shared, data, out_dir = sys.argv[1:]
    os.makedirs(out_dir, exist_ok=True)
    jobs = [(os.path.join(shared, rel), rel) for rel in SHARED] + [(os.path.join(data, rel), rel) for rel in FIXTURES]
    for path, rel in jobs:
        doc = {"trace": rel}
        doc.update(reference(path))
        for overrides in FIXTURE_VARIANTS.get(rel, []):
            doc.setdefault("variants", {})[option_key(overrides)] = reference(path, overrides)["rules"]
        name = os.path.basename(rel)
        for suffix in (".json.gz", ".sqlite", ".nvvp", ".json"):
            if name.endswith(suffix):
                name = name[:-len(suffix)]
                break
        if rel.endswith(".sqlite"):
            name += "_sqlite"
        with open(os.path.join(out_dir, name + ".json"), "w") as f:
            json.dump(doc, f, indent=1, sort_keys=True)
            f.write("\n")
    for group, rels in GROUPS.items():
        models = [read(os.path.join(shared, rel)) for rel in rels]
        doc = {"traces": rels, "straggler": straggler(models, DEFAULTS)}
        with open(os.path.join(out_dir, group + ".json"), "w") as f:
            json.dump(doc, f, indent=1, sort_keys=True)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
