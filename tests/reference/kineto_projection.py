"""record_function ranges of a PyTorch profiler trace projected onto the GPU,
as `nsys stats -r nvtx_gpu_proj_trace` / `nvtx_gpu_proj_sum` define it for
NVTX ranges:

- a range's GPU operations are the kernels, memcpys and memsets whose
  launching API call (same `args.correlation`) runs on the range's own pid/tid
  and lies inside the range: range start <= call start and call end <= range end;
  every enclosing range counts, not only the innermost;
- the projection runs from the first operation's start to the last one's end;
  NumGPUOps counts the launching calls (nsys counts correlation ids);
- only ranges with GPU operations are listed, by projected start, then longer
  projection first, then RangeId;
- RangeId numbers all ranges by start (the longer first on equal starts), from 1;
- a range's parent is the tightest range enclosing it on its thread, whether or
  not the parent has GPU work; Lvl is the number of ancestors; NumChild counts
  the direct children that are listed themselves.
"""
from nsys_definitions import duration_columns, nsys_order


class Range:
    def __init__(self, thread, start, end, name):
        self.thread, self.start, self.end, self.name = thread, start, end, name
        self.id = 0
        self.parent = None
        self.calls = set()
        self.ops = []  # (start, end)

    def encloses(self, other):
        return self.start <= other.start and other.end <= self.end


def _number(ranges):
    ordered = sorted(ranges, key=lambda r: (r.start, -(r.end - r.start), r.thread))
    for n, r in enumerate(ordered, 1):
        r.id = n
    return ordered


def _find_parents(ordered):
    by_thread = {}
    for r in ordered:
        by_thread.setdefault(r.thread, []).append(r)
    for same_thread in by_thread.values():
        for i, r in enumerate(same_thread):
            best = None
            for p in same_thread[:i]:
                if not p.encloses(r):
                    continue
                tightness = (r.start - p.start) + (p.end - r.end)
                if best is None or tightness <= best[0]:
                    best = (tightness, p)
            r.parent = best[1] if best else None


def _level(r):
    n = 0
    while r.parent is not None:
        r, n = r.parent, n + 1
    return n


def _stack(r):
    ids = []
    while r is not None:
        ids.append(r.id)
        r = r.parent
    return "".join(":%d" % i for i in reversed(ids))


def project(ranges, calls, gpu_ops):
    """ranges: [Range]; calls: {correlation: (thread, start, end)};
    gpu_ops: [(correlation, start, end)]. Returns (trace rows, summary rows)."""
    ordered = _number(ranges)
    _find_parents(ordered)
    by_thread = {}
    for r in ordered:
        by_thread.setdefault(r.thread, []).append(r)
    for correlation, start, end in gpu_ops:
        if correlation not in calls:
            continue
        thread, call_start, call_end = calls[correlation]
        for r in by_thread.get(thread, []):
            if r.start <= call_start and call_end <= r.end:
                r.calls.add(correlation)
                r.ops.append((start, end))

    listed = [r for r in ordered if r.ops]
    children = {}
    for r in listed:
        if r.parent is not None:
            children[r.parent.id] = children.get(r.parent.id, 0) + 1
    trace = []
    for r in listed:
        proj_start = min(s for s, _ in r.ops)
        proj_end = max(e for _, e in r.ops)
        trace.append({
            "Name": ":" + r.name,
            "Projected Start (ns)": proj_start,
            "Projected Duration (ns)": proj_end - proj_start,
            "Orig Start (ns)": r.start,
            "Orig Duration (ns)": r.end - r.start,
            "Style": "PushPop",
            "PID": r.thread[0],
            "TID": r.thread[1],
            "NumGPUOps": len(r.calls),
            "Lvl": _level(r),
            "NumChild": children.get(r.id, 0),
            "RangeId": r.id,
            "ParentId": r.parent.id if r.parent is not None else None,
            "RangeStack": _stack(r),
        })
    trace.sort(key=lambda t: (t["Projected Start (ns)"], -t["Projected Duration (ns)"], t["RangeId"]))
    return trace, summarize(trace)


def summarize(trace):
    """nvtx_gpu_proj_sum: the projected ranges per name and style."""
    groups = {}
    for t in trace:
        groups.setdefault((t["Name"], t["Style"]), []).append(t)
    rows = []
    for (name, style), members in groups.items():
        s = duration_columns([t["Projected Duration (ns)"] for t in members])
        n = s["count"]
        gpu_ops = sum(t["NumGPUOps"] for t in members)
        rows.append({
            "Range": name,
            "Style": style,
            "Total Proj Time (ns)": s["total"],
            "Total Range Time (ns)": sum(t["Orig Duration (ns)"] for t in members),
            "Range Instances": n,
            "Proj Avg (ns)": s["avg"],
            "Proj Med (ns)": s["med"],
            "Proj Min (ns)": s["min"],
            "Proj Max (ns)": s["max"],
            "Proj StdDev (ns)": s["stddev"],
            "Total GPU Ops": gpu_ops,
            "Avg GPU Ops": gpu_ops / n,
            "Avg Range Lvl": sum(t["Lvl"] for t in members) / n,
            "Avg Num Child": sum(t["NumChild"] for t in members) / n,
        })
    nsys_order(rows, "Total Proj Time (ns)", "Range Instances", "Range")
    return rows
