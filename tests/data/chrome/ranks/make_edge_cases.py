#!/usr/bin/env python3
"""Write the hand-made collective edge cases: missing/, mismatched/, subgroup/, nopg/.

    make_edge_cases.py [OUTDIR]      (default: the folder of this script)

Every rank file copies the event layout of the HTA sample nccl_distributed_rank
(PyTorch 2.3 Kineto): ProfilerStep#N user_annotation ranges, record_param_comms
cpu_op with the collective args, an nccl:<op> user_annotation inside it, a
cudaLaunchKernel cuda_runtime call with its correlation id, the kernel with
stream/device/correlation args (and the same collective args), ac2g s/f flows,
distributedInfo with pg_config, and baseTimeNanoseconds (times are µs relative
to it, as newer Kineto writes them; every rank shares that epoch and has no
clock offset). The times are chosen by hand so that the expected numbers in
README.md can be worked out on paper; nothing here was recorded.
"""

import json
import os
import sys

BASE_NS = 1700000000000000000
NCCL_STREAM = 20
COMPUTE_STREAM = 7

KERNELS = {
    "allreduce": {"Float": "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)",
                  "BFloat16": "ncclKernel_AllReduce_RING_LL_Sum_bf16(ncclDevComm*, unsigned long, ncclWork*)"},
    "broadcast": "ncclKernel_Broadcast_RING_LL_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)",
    "reduce_scatter": "ncclKernel_ReduceScatter_RING_LL_Sum_half(ncclDevComm*, unsigned long, ncclWork*)",
    "all_gather": "ncclKernel_AllGather_RING_LL_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)",
    "all_to_all": "ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)",
    "send": "ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)",
    "recv": "ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)",
}
ANNOTATION = {"allreduce": "nccl:all_reduce", "broadcast": "nccl:broadcast", "reduce_scatter": "nccl:reduce_scatter",
              "all_gather": "nccl:all_gather", "all_to_all": "nccl:all_to_all", "send": "nccl:send", "recv": "nccl:recv"}


def kernel_name(collective, dtype):
    name = KERNELS[collective]
    return name[dtype] if isinstance(name, dict) else name


class Group:
    def __init__(self, name, desc, ranks):
        self.name, self.desc, self.ranks = name, desc, ranks

    def config(self):
        return {"pg_name": self.name, "pg_desc": self.desc, "backend_config": "cuda:nccl",
                "pg_size": len(self.ranks), "ranks": self.ranks}

    def args(self):
        return {"Process Group Name": self.name, "Process Group Description": self.desc,
                "Process Group Ranks": "[" + ", ".join(str(r) for r in self.ranks) + "]",
                "Group size": len(self.ranks)}


class RankTrace:
    """One rank's events, in the field layout Kineto writes."""

    def __init__(self, case, rank, world, groups):
        self.case, self.rank, self.world, self.groups = case, rank, world, groups
        self.cpu_pid = 3000 + rank
        self.gpu_pid = rank  # Kineto: the GPU process id is the device index
        self.events = []
        self.next_id = 1
        self.streams = {COMPUTE_STREAM}
        self.with_group_args = groups is not None

    def new_id(self):
        self.next_id += 1
        return self.next_id

    def step(self, number, start, end):
        self.events.append({"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#%d" % number,
                            "pid": self.cpu_pid, "tid": self.cpu_pid, "ts": float(start), "dur": float(end - start),
                            "args": {"External id": self.new_id(), "Record function id": self.next_id}})

    def launch(self, cpu_ts, kernel_ts, kernel_dur, name, stream, extra_args):
        correlation = self.new_id() + 100000
        external = self.next_id
        self.events.append({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": self.cpu_pid,
                            "tid": self.cpu_pid, "ts": float(cpu_ts), "dur": 5.0,
                            "args": {"External id": external, "cbid": 211, "correlation": correlation}})
        self.events.append({"ph": "s", "id": correlation, "pid": self.cpu_pid, "tid": self.cpu_pid,
                            "ts": float(cpu_ts), "cat": "ac2g", "name": "ac2g"})
        args = {"External id": external, "queued": 0, "device": self.rank, "context": 1, "stream": stream,
                "correlation": correlation, "registers per thread": 96, "shared memory": 87568,
                "blocks per SM": 0.074074, "warps per SM": 1.259259, "grid": [8, 1, 1], "block": [544, 1, 1],
                "est. achieved occupancy %": 0}
        args.update(extra_args)
        self.events.append({"ph": "X", "cat": "kernel", "name": name, "pid": self.gpu_pid, "tid": stream,
                            "ts": float(kernel_ts), "dur": float(kernel_dur), "args": args})
        self.events.append({"ph": "f", "id": correlation, "pid": self.gpu_pid, "tid": stream,
                            "ts": float(kernel_ts), "cat": "ac2g", "name": "ac2g", "bp": "e"})
        self.streams.add(stream)

    def compute(self, step_start):
        """One matmul per step on the compute stream, so a rank is not only communication."""
        self.events.append({"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": self.cpu_pid,
                            "tid": self.cpu_pid, "ts": float(step_start + 5), "dur": 20.0,
                            "args": {"External id": self.new_id(), "Record function id": self.next_id}})
        self.launch(step_start + 10, step_start + 30, 40,
                    "ampere_sgemm_128x64_nn", COMPUTE_STREAM, {})

    def collective(self, collective, group, dtype, in_nelems, out_nelems, kernel_ts, kernel_end,
                   stream=NCCL_STREAM):
        cpu_ts = kernel_ts - 50
        comm_args = {"Collective name": collective, "In msg nelems": in_nelems, "Out msg nelems": out_nelems,
                     "dtype": dtype, "In split size": "[]", "Out split size": "[]"}
        if group is not None and self.with_group_args:
            comm_args.update(group.args())
        record_args = {"External id": self.new_id(), "Record function id": self.next_id}
        if self.with_group_args:
            record_args.update({"Global rank start": 0, "Global rank stride": 1})
            record_args.update(comm_args)
        else:  # old Kineto: record_param_comms carries only the inputs
            record_args.update({"Input Dims": [[in_nelems], [], [], [], [], [], []],
                                "Input type": ["float", "Scalar", "Scalar", "Scalar", "", "", ""]})
        self.events.append({"ph": "X", "cat": "cpu_op", "name": "record_param_comms", "pid": self.cpu_pid,
                            "tid": self.cpu_pid, "ts": float(cpu_ts), "dur": 20.0, "args": record_args})
        self.events.append({"ph": "X", "cat": "user_annotation", "name": ANNOTATION[collective],
                            "pid": self.cpu_pid, "tid": self.cpu_pid, "ts": float(cpu_ts + 2), "dur": 15.0,
                            "args": {"External id": self.new_id(), "Record function id": self.next_id}})
        self.launch(cpu_ts + 5, kernel_ts, kernel_end - kernel_ts, kernel_name(collective, dtype), stream,
                    comm_args if self.with_group_args else {})

    def document(self):
        meta = [{"name": "process_name", "ph": "M", "ts": 0.0, "pid": self.cpu_pid, "tid": 0,
                 "args": {"name": "python3.10"}},
                {"name": "process_labels", "ph": "M", "ts": 0.0, "pid": self.cpu_pid, "tid": 0,
                 "args": {"labels": "CPU"}},
                {"name": "process_name", "ph": "M", "ts": 0.0, "pid": self.gpu_pid, "tid": 0,
                 "args": {"name": "python3.10"}},
                {"name": "process_labels", "ph": "M", "ts": 0.0, "pid": self.gpu_pid, "tid": 0,
                 "args": {"labels": "GPU %d" % self.rank}},
                {"name": "thread_name", "ph": "M", "ts": 0.0, "pid": self.cpu_pid, "tid": self.cpu_pid,
                 "args": {"name": "thread %d (pt_main_thread)" % self.cpu_pid}}]
        for stream in sorted(self.streams):
            meta.append({"name": "thread_name", "ph": "M", "ts": 0.0, "pid": self.gpu_pid, "tid": stream,
                         "args": {"name": "stream %d " % stream}})
        info = {"backend": "nccl", "rank": self.rank, "world_size": self.world}
        if self.groups is not None:
            info.update({"pg_count": len(self.groups), "pg_config": [g.config() for g in self.groups],
                         "nccl_version": "2.17.1"})
        events = sorted(self.events, key=lambda e: (e["ts"], -e.get("dur", 0)))
        return {"generatedBy": "tracelane tests/data/chrome/ranks/make_edge_cases.py: hand-made edge case %s, "
                               "rank %d of %d" % (self.case, self.rank, self.world),
                "schemaVersion": 1, "distributedInfo": info, "traceEvents": meta + events,
                "traceName": "%s_rank%d.json" % (self.case, self.rank), "displayTimeUnit": "ms",
                "baseTimeNanoseconds": BASE_NS}


def write_case(outdir, case, traces):
    """CASE/CASE_rank-0000R.json: the case in the name keeps file names unique across the fixtures."""
    folder = os.path.join(outdir, case)
    os.makedirs(folder, exist_ok=True)
    for trace in traces:
        document = trace.document()
        events = document.pop("traceEvents")
        header = json.dumps(document)[:-1]  # one event a line, so diffs stay readable
        with open(os.path.join(folder, "%s_rank-%05d.json" % (case, trace.rank)), "w", encoding="utf-8") as handle:
            handle.write(header + ', "traceEvents": [\n')
            handle.write(",\n".join(json.dumps(event) for event in events))
            handle.write("\n]}\n")


def with_steps(trace, steps):
    for number, (start, end) in enumerate(steps, 1):
        trace.step(number, start, end)
        trace.compute(start)


def missing():
    """3 ranks; rank 2 lacks the 2nd all_reduce of iteration 1."""
    world = Group("0", "default_pg", [0, 1, 2])
    # (step, kernel start per rank, common end, nelems); None: the rank lacks it.
    plan = [((1100, 1110, 1130), 1230, 250000),
            ((1400, 1420, None), 1500, 500000),
            ((2100, 2105, 2150), 2250, 250000),
            ((2400, 2400, 2410), 2500, 500000)]
    traces = []
    for rank in range(3):
        trace = RankTrace("missing", rank, 3, [world])
        with_steps(trace, [(1000, 2000), (2000, 3000)])
        for starts, end, nelems in plan:
            if starts[rank] is not None:
                trace.collective("allreduce", world, "Float", nelems, nelems, starts[rank], end)
        traces.append(trace)
    return traces


def mismatched():
    """2 ranks; rank 1 has a 3rd all_gather in step 2 and an all_reduce after the last step."""
    world = Group("0", "default_pg", [0, 1])
    traces = []
    for rank in range(2):
        trace = RankTrace("mismatched", rank, 2, [world])
        with_steps(trace, [(1000, 2000), (2000, 3000)])
        trace.collective("allreduce", world, "Float", 250000, 250000, (1100, 1140)[rank], 1240)
        trace.collective("all_gather", world, "BFloat16", 125000, 250000, 2100, 2150)
        trace.collective("all_gather", world, "BFloat16", 125000, 250000, (2300, 2320)[rank], 2400)
        if rank == 1:
            trace.collective("all_gather", world, "BFloat16", 125000, 250000, 2600, 2660)
            trace.collective("allreduce", world, "Float", 250000, 250000, 3500, 3540)
        traces.append(trace)
    return traces


def subgroup():
    """4 ranks, the default group and group "1" of ranks 0 and 2; every collective kind and four dtypes."""
    world = Group("0", "default_pg", [0, 1, 2, 3])
    pair = Group("1", "undefined", [0, 2])
    traces = []
    for rank in range(4):
        trace = RankTrace("subgroup", rank, 4, [world, pair])
        with_steps(trace, [(1000, 3000)])
        trace.collective("broadcast", world, "Long", 1000, 1000, (1100, 1102, 1104, 1110)[rank], 1118)
        trace.collective("allreduce", world, "Float", 250000, 250000, (1200, 1220, 1210, 1200)[rank], 1320)
        if rank in (0, 2):
            trace.collective("allreduce", pair, "BFloat16", 500000, 500000, (1400, None, 1450, None)[rank], 1550,
                             stream=24)
        trace.collective("reduce_scatter", world, "Half", 1000000, 250000, (1600, 1600, 1630, 1610)[rank], 1680)
        trace.collective("all_gather", world, "Half", 250000, 1000000, (1700, 1740, 1700, 1700)[rank], 1840)
        trace.collective("all_to_all", world, "Float", 1000000, 1000000, (2000, 2000, 2000, 2060)[rank], 2260)
        if rank == 0:
            trace.collective("send", world, "Float", 250000, 250000, 2400, 2530, stream=28)
        if rank == 1:
            trace.collective("recv", world, "Float", 250000, 250000, 2430, 2530, stream=28)
        traces.append(trace)
    return traces


def nopg():
    """2 ranks of an older Kineto: collective kernels without any process-group or message args."""
    traces = []
    for rank in range(2):
        trace = RankTrace("nopg", rank, 2, None)
        with_steps(trace, [(1000, 2000), (2000, 3000)])
        trace.collective("allreduce", None, "Float", 250000, 250000, (1100, 1130)[rank], 1230)
        trace.collective("allreduce", None, "Float", 250000, 250000, 1300, 1360)
        trace.collective("allreduce", None, "Float", 250000, 250000, (2150, 2100)[rank], 2250)
        traces.append(trace)
    return traces


def main(argv):
    outdir = argv[1] if len(argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    write_case(outdir, "missing", missing())
    write_case(outdir, "mismatched", mismatched())
    write_case(outdir, "subgroup", subgroup())
    write_case(outdir, "nopg", nopg())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
