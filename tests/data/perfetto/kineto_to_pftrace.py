#!/usr/bin/env python3
"""Converts a PyTorch profiler (Kineto) Chrome-trace JSON to a Perfetto trace.

  python3 kineto_to_pftrace.py TRACE.json[.gz] OUT.pftrace

Standard library only; writes the protobuf wire format directly (field
numbers of Perfetto's trace protos, see perfetto_trace_subset.proto). The
mapping keeps everything Tracelane reads from the JSON:

- each (pid, tid) becomes a thread track (text pids and tids get numbers and
  keep their text as the process or thread name); M process_name and
  thread_name events name them;
- every X event becomes a SLICE_BEGIN / SLICE_END pair with its category, and
  its args as debug annotations (numbers, strings, booleans; lists and
  objects as legacy JSON). Perfetto nests slices per track, so the events of
  one thread go on child tracks per category, and slices that overlap without
  nesting on further child tracks;
- i instants become TYPE_INSTANT on their thread (scope "g": on the global
  track; "p": on the process track);
- C counters become counter tracks of their process, one per series;
- flows (s / t / f, any category) become flow_ids on the slice they bind to
  (the innermost slice around the flow point on its thread, or with "f"
  without "bp":"e" the next slice to start there) and terminating_flow_ids on
  the last one. Ids are renumbered per (category, id).

Times: microseconds with decimals become exact nanoseconds (Decimal).
"""
import gzip
import json
import sys
from decimal import Decimal, ROUND_HALF_EVEN


def varint(n):
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def f_varint(number, value):
    return varint(number << 3) + varint(value)


def f_bytes(number, payload):
    if isinstance(payload, str):
        payload = payload.encode("utf-8")
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def f_fixed64(number, value):
    return varint(number << 3 | 1) + (value & ((1 << 64) - 1)).to_bytes(8, "little")


def f_double(number, value):
    import struct
    return varint(number << 3 | 1) + struct.pack("<d", value)


def ns(value):
    return int((Decimal(value) * 1000).quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


SEQUENCE = 1


def packet(payload, timestamp=None):
    body = bytearray()
    if timestamp is not None:
        body += f_varint(8, timestamp)
    body += f_varint(10, SEQUENCE)
    body += payload
    return f_bytes(1, bytes(body))


def annotation(key, value):
    body = f_bytes(10, key)
    if isinstance(value, bool):
        body += f_varint(2, int(value))
    elif isinstance(value, int):
        body += f_varint(4, value)
    elif isinstance(value, Decimal):
        body += f_double(5, float(value))
    elif isinstance(value, str):
        body += f_bytes(6, value)
    else:
        body += f_bytes(9, json.dumps(value, default=float, separators=(",", ":")))
    return f_bytes(4, body)


class Converter:
    def __init__(self, events):
        self.events = events
        self.out = bytearray()
        self.next_uuid = 1
        self.pids, self.tids = {}, {}          # text -> number
        self.process_names, self.thread_names = {}, {}
        self.process_uuid, self.thread_uuid = {}, {}
        self.child_uuid = {}                   # (thread, cat, level) -> uuid
        self.counter_uuid = {}

    def uuid(self):
        self.next_uuid += 1
        return self.next_uuid

    def pid(self, pid):
        if isinstance(pid, int):
            return pid
        if pid not in self.pids:
            self.pids[pid] = 2000000000 - len(self.pids)
            self.process_names.setdefault(self.pids[pid], pid)
        return self.pids[pid]

    def tid(self, pid, tid):
        if isinstance(tid, int):
            return tid
        key = (pid, tid)
        if key not in self.tids:
            self.tids[key] = 2000000000 - len(self.tids)
            self.thread_names.setdefault((pid, self.tids[key]), tid)
        return self.tids[key]

    def process_track(self, pid):
        if pid not in self.process_uuid:
            self.process_uuid[pid] = self.uuid()
        return self.process_uuid[pid]

    def thread_track(self, pid, tid):
        if (pid, tid) not in self.thread_uuid:
            self.thread_uuid[(pid, tid)] = self.uuid()
        return self.thread_uuid[(pid, tid)]

    def describe_all(self):
        """Descriptors come first: processes, threads, then child tracks."""
        for pid, uuid in self.process_uuid.items():
            proc = f_varint(1, pid)
            if pid in self.process_names:
                proc += f_bytes(6, self.process_names[pid])
            self.out += packet(f_bytes(60, f_varint(1, uuid) + f_bytes(3, proc)))
        for (pid, tid), uuid in self.thread_uuid.items():
            th = f_varint(1, pid) + f_varint(2, tid)
            if (pid, tid) in self.thread_names:
                th += f_bytes(5, self.thread_names[(pid, tid)])
            body = f_varint(1, uuid) + f_varint(5, self.process_track(pid)) + f_bytes(4, th)
            self.out += packet(f_bytes(60, body))
        for (thread, cat, level), uuid in self.child_uuid.items():
            name = (cat or "events") + ("" if level == 0 else " (%d)" % level)
            self.out += packet(f_bytes(60, f_varint(1, uuid) + f_varint(5, thread) + f_bytes(2, name)))
        for (pid, name), uuid in self.counter_uuid.items():
            body = f_varint(1, uuid) + f_varint(5, self.process_track(pid)) + f_bytes(2, name) + f_bytes(8, b"")
            self.out += packet(f_bytes(60, body))

    def convert(self):
        slices, instants, counters, flow_points = [], [], [], []
        for order, e in enumerate(self.events):
            ph = e.get("ph")
            if ph == "M":
                pid = self.pid(e.get("pid"))
                name = (e.get("args") or {}).get("name")
                if e.get("name") == "process_name" and isinstance(name, str):
                    self.process_names[pid] = name
                elif e.get("name") == "thread_name" and isinstance(name, str):
                    self.thread_names[(pid, self.tid(e.get("pid"), e.get("tid")))] = name
                continue
            if "ts" not in e:
                continue
            pid = self.pid(e.get("pid"))
            tid = self.tid(e.get("pid"), e.get("tid", 0))
            ts = ns(e["ts"])
            if ph == "X":
                dur = ns(e.get("dur", 0))
                slices.append({"pid": pid, "tid": tid, "start": ts, "end": ts + max(dur, 0), "order": order,
                               "e": e, "flows": []})
            elif ph in ("i", "I"):
                instants.append((ts, order, pid, tid, e))
            elif ph == "C":
                counters.append((ts, order, pid, e))
            elif ph in ("s", "t", "f"):
                flow_points.append((ts, order, pid, tid, e))

        self.bind_flows(slices, flow_points)
        # Tracks first (uuids), descriptors, then events.
        per_lane = {}
        for s in slices:
            self.process_track(s["pid"])
            thread = self.thread_track(s["pid"], s["tid"])
            per_lane.setdefault((thread, s["e"].get("cat", "")), []).append(s)
        placed = []
        for (thread, cat), lane in per_lane.items():
            lane.sort(key=lambda s: (s["start"], -(s["end"] - s["start"]), s["order"]))
            stacks = []
            for s in lane:
                for level, stack in enumerate(stacks + [[]]):
                    while stack and stack[-1] <= s["start"] and not (stack[-1] == s["start"] == s["end"] and False):
                        stack.pop()
                    if not stack or s["end"] <= stack[-1]:
                        if level == len(stacks):
                            stacks.append(stack)
                        stack.append(s["end"])
                        key = (thread, cat, level)
                        if key not in self.child_uuid:
                            self.child_uuid[key] = self.uuid()
                        s["track"] = self.child_uuid[key]
                        placed.append(s)
                        break
        for ts, order, pid, tid, e in instants:
            if e.get("s") == "g":
                continue
            self.process_track(pid)
            if e.get("s") != "p":
                self.thread_track(pid, tid)
        for ts, order, pid, e in counters:
            self.process_track(pid)
            for key in (e.get("args") or {}):
                name = e.get("name", "") if key == "value" and False else "%s %s" % (e.get("name", ""), key)
                if (pid, name) not in self.counter_uuid:
                    self.counter_uuid[(pid, name)] = self.uuid()
        self.describe_all()

        by_track = {}
        for s in placed:
            by_track.setdefault(s["track"], []).append(s)
        for track, lane in by_track.items():
            stack = []
            for s in lane:
                while stack and stack[-1]["end"] <= s["start"] and not (s["end"] <= stack[-1]["end"]):
                    self.end(stack.pop())
                self.begin(s)
                stack.append(s)
            while stack:
                self.end(stack.pop())
        for ts, order, pid, tid, e in instants:
            scope = e.get("s")
            track = 0 if scope == "g" else self.process_track(pid) if scope == "p" else self.thread_track(pid, tid)
            body = f_varint(9, 3) + f_varint(11, track) + f_bytes(23, e.get("name", ""))
            if e.get("cat"):
                body += f_bytes(22, e["cat"])
            for key, value in (e.get("args") or {}).items():
                body += annotation(key, value)
            self.out += packet(f_bytes(11, body), ts)
        for ts, order, pid, e in counters:
            for key, value in (e.get("args") or {}).items():
                name = "%s %s" % (e.get("name", ""), key)
                body = f_varint(9, 4) + f_varint(11, self.counter_uuid[(pid, name)]) + f_double(44, float(value))
                self.out += packet(f_bytes(11, body), ts)
        return bytes(self.out)

    def begin(self, s):
        e = s["e"]
        body = f_varint(9, 1) + f_varint(11, s["track"]) + f_bytes(23, e.get("name", ""))
        if e.get("cat"):
            body += f_bytes(22, e["cat"])
        for key, value in (e.get("args") or {}).items():
            body += annotation(key, value)
        for flow_id, terminating in s["flows"]:
            body += f_fixed64(48 if terminating else 47, flow_id)
        self.out += packet(f_bytes(11, body), s["start"])

    def end(self, s):
        self.out += packet(f_bytes(11, f_varint(9, 2) + f_varint(11, s["track"])), s["end"])

    def bind_flows(self, slices, flow_points):
        by_thread = {}
        for s in slices:
            by_thread.setdefault((s["pid"], s["tid"]), []).append(s)
        for lane in by_thread.values():
            lane.sort(key=lambda s: (s["start"], -(s["end"] - s["start"]), s["order"]))
        ids = {}
        for ts, order, pid, tid, e in sorted(flow_points, key=lambda p: (p[0], p[1])):
            lane = by_thread.get((pid, tid), [])
            ph = e["ph"]
            target = None
            if ph == "f" and e.get("bp") != "e":
                later = [s for s in lane if s["start"] >= ts]
                target = later[0] if later else None
            else:
                around = [s for s in lane if s["start"] <= ts <= s["end"]]
                if around:
                    target = max(around, key=lambda s: (s["start"], -(s["end"] - s["start"]), s["order"]))
            if target is None:
                continue
            key = (e.get("cat", ""), e.get("id"))
            if key not in ids:
                ids[key] = len(ids) + 1
            target["flows"].append((ids[key], ph == "f"))


def main():
    source, target = sys.argv[1], sys.argv[2]
    opener = gzip.open if source.endswith(".gz") else open
    with opener(source, "rt", encoding="utf-8") as f:
        trace = json.load(f, parse_float=Decimal)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    with open(target, "wb") as f:
        f.write(Converter(events).convert())


if __name__ == "__main__":
    main()
