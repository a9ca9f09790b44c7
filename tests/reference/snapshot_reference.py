#!/usr/bin/env python3
"""Reference tables for PyTorch CUDA memory snapshots (tracelane-cli snapshot).

Usage:
    snapshot_reference.py SNAPSHOT.pickle OUTPUT_DIR

Reads the snapshot with Python's pickle through an Unpickler whose
find_class() refuses every class, so nothing but plain data can load (the
samples are made by tests/data/snapshot/make_snapshots.py), and writes, with
the standard library only and independently of Tracelane, the CSV that each
view of `tracelane-cli snapshot` and `tracelane-cli memory --timeline` prints:

  summary.csv      per device: segments, reserved, allocated (requested bytes
                   of active blocks), entries, allocs, frees, OOMs, peaks
  segments.csv     per segment, by device then address; fragmentation =
                   1 - largest inactive block / inactive bytes
  allocations.csv  alloc paired with the next free_completed at its address;
                   per device: blocks active at the snapshot whose alloc is not
                   in the trace, then frees without an alloc (latest first),
                   then the trace's allocations in order
  timeline.csv     memory_viz's stacking of those allocations: a new one on
                   top; a free moves every one above it down by its size
  oom.csv          the oom entries with the allocator's totals at them
  memory_timeline.csv  the [memory] instants' totals (Total Allocated and
                   Total Reserved), by time then entry

Time: time_us * 1000 when every entry has time_us, else the entry's index in
its device's trace. Totals before the first entry are inferred backwards from
the segments at the snapshot (docs/INPUT_MEMORY_SNAPSHOT.md).
"""

import csv
import io
import pathlib
import pickle
import sys


class PlainData(pickle.Unpickler):
    def find_class(self, module, name):
        raise pickle.UnpicklingError(f"refused: {module}.{name}")


def load(path):
    with open(path, "rb") as f:
        return PlainData(f).load()


def hexaddr(value):
    return hex(value)


def stack_text(frames):
    return "; ".join(f"{f['filename']}:{f['line']} {f['name']}" for f in reversed(frames or []))


def write(path, columns, rows):
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow(["" if v is None else v for v in row])
    path.write_text(out.getvalue())


class Snapshot:
    def __init__(self, data):
        self.segments = data.get("segments", [])
        self.traces = data.get("device_traces", [])
        entries = [e for t in self.traces for e in t]
        self.timed = bool(entries) and all(e.get("time_us") is not None for e in entries)

    def time(self, device, index):
        return self.traces[device][index]["time_us"] * 1000 if self.timed else index

    def devices(self):
        return sorted(set(range(len(self.traces))) | {s["device"] for s in self.segments})

    def entries(self, device):
        return self.traces[device] if device < len(self.traces) else []

    def totals(self, device):
        reserved = sum(s["total_size"] for s in self.segments if s["device"] == device)
        allocated = sum(b.get("requested_size", b["size"]) for s in self.segments if s["device"] == device
                        for b in s["blocks"] if b["state"] in ("active_allocated", "active_pending_free"))
        entries = self.entries(device)
        for e in entries:
            allocated -= {"alloc": e["size"], "free_completed": -e["size"]}.get(e["action"], 0)
            reserved -= {"segment_alloc": e["size"], "segment_map": e["size"], "segment_free": -e["size"],
                         "segment_unmap": -e["size"]}.get(e["action"], 0)
        allocated, reserved = max(allocated, 0), max(reserved, 0)
        initial = (allocated, reserved)
        after = []
        for e in entries:
            allocated += {"alloc": e["size"], "free_completed": -e["size"]}.get(e["action"], 0)
            reserved += {"segment_alloc": e["size"], "segment_map": e["size"], "segment_free": -e["size"],
                         "segment_unmap": -e["size"]}.get(e["action"], 0)
            after.append((allocated, reserved))
        return initial, after

    def allocations(self):
        result = []
        for device in self.devices():
            in_trace, freed_only, open_at = [], [], {}
            for k, e in enumerate(self.entries(device)):
                if e["action"] == "alloc":
                    a = dict(device=device, addr=e["addr"], size=e["size"], stream=e["stream"],
                             frames=e.get("frames"), alloc=k, free=None)
                    open_at[e["addr"]] = a
                    in_trace.append(a)
                elif e["action"] == "free_completed":
                    a = open_at.pop(e["addr"], None)
                    if a is not None:
                        a["free"] = k
                    else:
                        freed_only.append(dict(device=device, addr=e["addr"], size=e["size"], stream=e["stream"],
                                               frames=e.get("frames"), alloc=None, free=k))
            before = []
            for s in self.segments:
                if s["device"] != device:
                    continue
                for b in s["blocks"]:
                    if b["state"] in ("active_allocated", "active_pending_free") and b["address"] not in open_at:
                        before.append(dict(device=device, addr=b["address"], size=b.get("requested_size", b["size"]),
                                           stream=s["stream"], frames=b.get("frames"), alloc=None, free=None))
            result += before + list(reversed(freed_only)) + in_trace
        return result


def timeline_rows(snap, allocations):
    rows = []
    for device in snap.devices():
        entries = snap.entries(device)
        start = snap.time(device, 0) if entries else 0
        end = snap.time(device, len(entries) - 1) if entries else 0
        mine = [i for i, a in enumerate(allocations) if a["device"] == device]
        pieces = {i: [] for i in mine}  # [from, to, offset]
        stack = []  # allocation indices, bottom first
        events = {}
        for i in mine:
            a = allocations[i]
            if a["alloc"] is not None:
                events[a["alloc"]] = ("alloc", i)
            if a["free"] is not None:
                events[a["free"]] = ("free", i)

        def top():
            return sum(allocations[j]["size"] for j in stack)

        for i in mine:
            if allocations[i]["alloc"] is None:
                pieces[i].append([start, start, top()])
                stack.append(i)
        for k in sorted(events):
            kind, i = events[k]
            t = snap.time(device, k)
            if kind == "alloc":
                pieces[i].append([t, t, top()])
                stack.append(i)
            else:
                p = stack.index(i)
                size = allocations[i]["size"]
                for j in stack[p + 1:]:
                    last = pieces[j][-1]
                    if last[0] == t:
                        last[2] -= size
                    else:
                        last[1] = t
                        pieces[j].append([t, t, last[2] - size])
                pieces[i][-1][1] = t
                stack.pop(p)
        for i in stack:
            pieces[i][-1][1] = end
        for i in mine:
            a = allocations[i]
            for f, to, offset in pieces[i]:
                rows.append([f"GPU {device}", i, hexaddr(a["addr"]), a["size"], f, to, offset])
    return rows


def main():
    snap = Snapshot(load(sys.argv[1]))
    out = pathlib.Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)

    rows = []
    for device in snap.devices():
        segs = [s for s in snap.segments if s["device"] == device]
        active = sum(b.get("requested_size", b["size"]) for s in segs for b in s["blocks"]
                     if b["state"] in ("active_allocated", "active_pending_free"))
        entries = snap.entries(device)
        initial, after = snap.totals(device)
        count = lambda action: sum(1 for e in entries if e["action"] == action)
        rows.append([f"GPU {device}", len(segs), sum(s["total_size"] for s in segs), active, len(entries),
                     count("alloc"), count("free_completed"), count("oom"),
                     max([initial[0]] + [a for a, _ in after]), max([initial[1]] + [r for _, r in after])])
    write(out / "summary.csv", ["Device", "Segments", "Reserved (B)", "Allocated (B)", "Trace Entries", "Allocations",
                                "Frees", "OOMs", "Peak Allocated (B)", "Peak Reserved (B)"], rows)

    rows = []
    for s in sorted(snap.segments, key=lambda s: (s["device"], s["address"])):
        inactive = [b["size"] for b in s["blocks"] if b["state"] == "inactive"]
        active = [b for b in s["blocks"] if b["state"] in ("active_allocated", "active_pending_free")]
        frag = 1.0 - max(inactive) / sum(inactive) if sum(inactive) > 0 else 0.0
        rows.append([f"GPU {s['device']}", hexaddr(s["address"]), s["stream"],
                     ",".join(str(p) for p in s["segment_pool_id"]), s["segment_type"],
                     "yes" if s["is_expandable"] else "no", s["total_size"], s["allocated_size"], s["active_size"],
                     s["requested_size"], len(s["blocks"]), len(active), sum(inactive), max(inactive, default=0),
                     f"{frag:.3f}"])
    write(out / "segments.csv", ["Device", "Address", "Stream", "Pool", "Type", "Expandable", "Total Size (B)",
                                 "Allocated (B)", "Active (B)", "Requested (B)", "Blocks", "Active Blocks",
                                 "Inactive (B)", "Largest Inactive (B)", "Fragmentation"], rows)

    allocations = snap.allocations()
    rows = [[f"GPU {a['device']}", hexaddr(a["addr"]), a["size"], a["stream"],
             None if a["alloc"] is None else snap.time(a["device"], a["alloc"]),
             None if a["free"] is None else snap.time(a["device"], a["free"]), stack_text(a["frames"])]
            for a in allocations]
    write(out / "allocations.csv", ["Device", "Address", "Size (B)", "Stream", "Allocated At (ns)", "Freed At (ns)",
                                    "Stack"], rows)

    write(out / "timeline.csv", ["Device", "Allocation", "Address", "Size (B)", "From (ns)", "To (ns)", "Offset (B)"],
          timeline_rows(snap, allocations))

    rows = []
    for device in snap.devices():
        _, after = snap.totals(device)
        for k, e in enumerate(snap.entries(device)):
            if e["action"] == "oom":
                rows.append([f"GPU {device}", snap.time(device, k), e["size"], e.get("device_free"), e["stream"],
                             after[k][0], after[k][1], stack_text(e.get("frames"))])
    write(out / "oom.csv", ["Device", "Time (ns)", "Requested (B)", "Device Free (B)", "Stream", "Allocated (B)",
                            "Reserved (B)", "Stack"], rows)

    # [memory] instants: by time, then by the entry's number across all devices.
    samples, record = [], 0
    for device in range(len(snap.traces)):
        _, after = snap.totals(device)
        for k, e in enumerate(snap.traces[device]):
            if e["action"] in ("alloc", "free_completed"):
                samples.append((snap.time(device, k), record + k, device, after[k]))
        record += len(snap.traces[device])
    samples.sort()
    write(out / "memory_timeline.csv", ["Device", "Time (ns)", "Allocated (B)", "Reserved (B)"],
          [[f"GPU {d}", t, a, r] for t, _, d, (a, r) in samples])


if __name__ == "__main__":
    main()
