#!/usr/bin/env python3
"""Reference memory figures for PyTorch profiler traces recorded with profile_memory=True.

Usage:
    memory_reference.py TRACE OUTPUT.json

Reads the trace with the standard library only (json, gzip), independently of
Tracelane, and writes per device (Kineto's Device Type / Device Id): the peak of
Total Allocated (or of the running sum of Bytes where the trace has no totals)
and the time (ns) it was first reached, the peak of Total Reserved, the number
of events with positive and negative Bytes; and the allocations paired with
their frees by address (the first free of an address after its allocation;
an allocation at an address still held leaves the earlier one unfreed):
pairs, never freed (count and bytes), frees without an allocation, and the
sum of the paired lifetimes in ns. Events are taken in time order, ties in
file order. Timestamps are microseconds in the file; ns = round(us * 1000).

Alive at the peak ("alive_at_peak"): per device, the allocations made by the
event that first reached the peak and not freed by it (count, bytes).

Per operator ("by_op"): each memory event belongs to the cpu_op events of its
thread that enclose it (an op [start, end) encloses an instant at t when
start < t < end: an instant at an op's start or end is beside it, not in it);
the innermost gets its allocations, frees and self increase, every distinct
name around it its total increase; calls count every cpu_op of that name.
"""

import gzip
import json
import sys
from decimal import Decimal, ROUND_HALF_UP


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        data = json.load(f, parse_float=Decimal)
    return data["traceEvents"] if isinstance(data, dict) else data


def ns(ts):
    return int((Decimal(str(ts)) * 1000).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def by_op(trace_events):
    """Rows keyed by (name, device type, device id), written as a sweep over each thread."""
    per_thread = {}
    calls = {}
    for order, e in enumerate(trace_events):
        key = (e.get("pid"), e.get("tid"))
        if e.get("ph") == "X" and e.get("cat") == "cpu_op":
            start, dur = ns(e["ts"]), ns(e.get("dur", 0))
            calls[e["name"]] = calls.get(e["name"], 0) + 1
            if dur > 0:
                per_thread.setdefault(key, []).append((start, 1, -dur, order, ("op", e["name"], start + dur)))
        elif e.get("name") == "[memory]" and e.get("ph") in ("i", "I") and isinstance(e.get("args", {}).get("Bytes"), int):
            a = e["args"]
            per_thread.setdefault(key, []).append(
                (ns(e["ts"]), 0, 0, order, ("mem", (a.get("Device Type", 0), a.get("Device Id", -1)), a["Bytes"])))
    rows = {}
    for items in per_thread.values():
        items.sort(key=lambda x: x[:4])
        stack = []  # (name, end)
        for time, _, _, _, what in items:
            while stack and stack[-1][1] <= time:
                stack.pop()
            if what[0] == "op":
                stack.append((what[1], what[2]))
                continue
            _, device, nbytes = what
            inside = [name for name, end in stack if end > time]
            if not inside:
                continue
            def row(name):
                return rows.setdefault((name, device[0], device[1]),
                                       {"allocations": 0, "allocated": 0, "frees": 0, "freed": 0, "self": 0, "total": 0})
            r = row(inside[-1])
            if nbytes >= 0:
                r["allocations"] += 1
                r["allocated"] += nbytes
            else:
                r["frees"] += 1
                r["freed"] += -nbytes
            r["self"] += nbytes
            for name in set(inside):
                row(name)["total"] += nbytes
    return [dict(name=k[0], type=k[1], id=k[2], calls=calls.get(k[0], 0), **v) for k, v in sorted(rows.items())]


def main():
    trace, output = sys.argv[1], sys.argv[2]
    events = []
    trace_events = load(trace)
    for order, e in enumerate(trace_events):
        if e.get("name") != "[memory]" or e.get("ph") not in ("i", "I"):
            continue
        args = e.get("args", {})
        if not isinstance(args.get("Bytes"), int):
            continue
        events.append((ns(e["ts"]), order, args))
    events.sort(key=lambda x: (x[0], x[1]))
    recorded = any("Total Allocated" in a for _, _, a in events)
    devices = {}
    running = {}
    held = {}
    pairs = []
    never = []
    unpaired = 0
    allocations = []  # [key, index, bytes, free index or None]
    peak_index = {}
    for index, (time, _, a) in enumerate(events):
        key = (a.get("Device Type", 0), a.get("Device Id", -1))
        d = devices.setdefault(key, {"peak_allocated": None, "peak_at": 0, "peak_reserved": None,
                                     "allocations": 0, "frees": 0})
        running[key] = running.get(key, 0) + a["Bytes"]
        total = a["Total Allocated"] if recorded else running[key]
        if d["peak_allocated"] is None or total > d["peak_allocated"]:
            d["peak_allocated"], d["peak_at"] = total, time
            peak_index[key] = index
        if "Total Reserved" in a and (d["peak_reserved"] is None or a["Total Reserved"] > d["peak_reserved"]):
            d["peak_reserved"] = a["Total Reserved"]
        d["allocations" if a["Bytes"] >= 0 else "frees"] += 1
        if "Addr" not in a:
            continue
        slot = (key, a["Addr"])
        if a["Bytes"] >= 0:
            if slot in held:
                never.append(held[slot])
            allocations.append([key, index, a["Bytes"], None])
            held[slot] = (key, time, a["Bytes"], len(allocations) - 1)
        elif slot in held:
            opened = held.pop(slot)
            pairs.append(time - opened[1])
            allocations[opened[3]][3] = index
        else:
            unpaired += 1
    never.extend(held.values())
    out = {
        "devices": [dict(type=k[0], id=k[1], **v) for k, v in sorted(devices.items())],
        "pairs": len(pairs),
        "paired_lifetime_ns": sum(pairs),
        "never_freed": {f"{t}:{i}": [sum(1 for n in never if n[0] == (t, i)),
                                     sum(n[2] for n in never if n[0] == (t, i))] for (t, i) in sorted(devices)},
        "unpaired_frees": unpaired,
        "by_op": by_op(trace_events),
        # Allocations made by each device's peak event and not freed by then.
        "alive_at_peak": {f"{t}:{i}": [sum(1 for k, a, _, f in allocations if k == (t, i) and a <= peak_index[(t, i)]
                                           and (f is None or f > peak_index[(t, i)])),
                                       sum(b for k, a, b, f in allocations if k == (t, i) and a <= peak_index[(t, i)]
                                           and (f is None or f > peak_index[(t, i)]))]
                          for (t, i) in sorted(devices)},
    }
    with open(output, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
