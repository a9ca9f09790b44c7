#!/usr/bin/env python3
"""Independent reading of a Perfetto protobuf trace, for tests.

Decodes the protobuf wire format itself (standard library only: no protobuf
package, no schema) and lists per Perfetto track the slices, instants and
counter values, and the flows between events, as JSON on stdout:

  python3 tests/reference/perfetto_reference.py FILE[.gz]

It follows Perfetto's documented semantics, not Tracelane's code: sequences
(trusted_packet_sequence_id) with SEQ_INCREMENTAL_STATE_CLEARED and
SEQ_NEEDS_INCREMENTAL_STATE, interned event names / categories / debug
annotation names, TracePacketDefaults (track uuid, extra counter tracks,
clock), clock snapshots (BOOTTIME as the trace clock, sequence-scoped and
incremental clocks), compressed_packets (zlib), SLICE_BEGIN/END stacks per
track, flows ordered by time per id. Field numbers: Perfetto's published
protos (see tests/data/perfetto/perfetto_trace_subset.proto).
"""
import gzip
import json
import struct
import sys
import zlib


def read_varint(data, pos):
    result = shift = 0
    while True:
        if pos >= len(data):
            raise ValueError("cut varint")
        b = data[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7
        if shift >= 70:
            raise ValueError("long varint")


def fields(data):
    """Yields (number, wire, value) with value an int or bytes."""
    pos = 0
    while pos < len(data):
        tag, pos = read_varint(data, pos)
        number, wire = tag >> 3, tag & 7
        if wire == 0:
            value, pos = read_varint(data, pos)
        elif wire == 1:
            value = struct.unpack_from("<Q", data, pos)[0]
            pos += 8
        elif wire == 2:
            length, pos = read_varint(data, pos)
            if pos + length > len(data):
                raise ValueError("cut field")
            value = data[pos:pos + length]
            pos += length
        elif wire == 5:
            value = struct.unpack_from("<I", data, pos)[0]
            pos += 4
        else:
            raise ValueError("wire type %d" % wire)
        yield number, wire, value


def signed64(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def as_double(v):
    return struct.unpack("<d", struct.pack("<Q", v))[0]


def repeated_varints(wire, value):
    if wire == 2:
        out, pos = [], 0
        while pos < len(value):
            v, pos = read_varint(value, pos)
            out.append(v)
        return out
    return [value]


def repeated_fixed64(wire, value):
    if wire == 2:
        return [struct.unpack_from("<Q", value, i)[0] for i in range(0, len(value), 8)]
    return [value]


def message(data):
    """number -> list of (wire, value)."""
    out = {}
    for number, wire, value in fields(data):
        out.setdefault(number, []).append((wire, value))
    return out


def last(msg, number, default=None):
    values = msg.get(number)
    return values[-1][1] if values else default


def text(b):
    return b.decode("utf-8", "replace")


def source_text(data):
    """SourceLocation as "function (file:line)", parts left out when absent."""
    m = message(data)
    where = text(last(m, 2, b""))
    if last(m, 4, 0):
        where += ":%d" % last(m, 4)
    function = text(last(m, 3, b""))
    if not function:
        return where
    return "%s (%s)" % (function, where) if where else function


class Reader:
    TRACE_CLOCK = 6

    def __init__(self):
        self.sequences = {}
        self.tracks = {}        # uuid -> description
        self.open = {}          # uuid -> stack of slices
        self.slices, self.instants, self.counters = [], [], []
        self.flow_ends = []     # (id, time, order, event, terminating)
        self.clocks = {}        # key -> dict
        self.trace_clock = self.TRACE_CLOCK
        self.skipped_packets = {}
        self.counts = {"end_without_begin": 0, "unclosed": 0, "needs_state_skipped": 0,
                       "unconverted_clock": 0, "packets": 0, "unknown_name_iid": 0}
        self.latest = None
        self.order = 0

    def sequence(self, sid):
        return self.sequences.setdefault(sid, {"valid": False, "names": {}, "cats": {}, "annos": {}, "srcs": {},
                                              "track": None, "extra": [], "extra_double": [],
                                              "clock": None, "totals": {}})

    def clock_key(self, clock, sid):
        return (sid, clock) if 64 <= clock <= 127 else (None, clock)

    def snapshot(self, data, sid):
        msg = message(data)
        primary = last(msg, 2)
        if primary:
            self.trace_clock = primary
        readings = []
        for _, clock in msg.get(1, []):
            c = message(clock)
            readings.append((last(c, 1, 0), last(c, 2, 0), bool(last(c, 3, 0)), last(c, 4, 0) or 1))
        trace_ns = None
        for cid, ts, _, mult in readings:
            if cid == self.trace_clock:
                trace_ns = ts * mult
        for cid, ts, inc, mult in readings:
            self.clocks[self.clock_key(cid, sid)] = {"clock_ns": ts * mult, "trace_ns": trace_ns,
                                                     "mult": mult, "inc": inc, "last": ts}

    def to_trace(self, clock, sid, raw):
        r = self.clocks.get(self.clock_key(clock, sid))
        if clock == self.trace_clock and (r is None or not r["inc"]):
            return raw
        if r is None:
            return None
        value = raw
        if r["inc"]:
            r["last"] += raw
            value = r["last"]
        ns = value * r["mult"]
        if clock == self.trace_clock:
            return ns
        if r["trace_ns"] is None:
            return None
        return r["trace_ns"] + (ns - r["clock_ns"])

    def describe(self, data):
        msg = message(data)
        uuid = last(msg, 1, 0)
        t = {"uuid": uuid, "parent": last(msg, 5, 0), "name": text(last(msg, 2, b""))}
        if 3 in msg:
            p = message(last(msg, 3))
            t["process"] = {"pid": signed64(last(p, 1, 0)), "name": text(last(p, 6, b""))}
        if 4 in msg:
            th = message(last(msg, 4))
            t["thread"] = {"pid": signed64(last(th, 1, 0)), "tid": signed64(last(th, 2, 0)),
                           "name": text(last(th, 5, b""))}
        if 8 in msg:
            c = message(last(msg, 8))
            t["counter"] = {"unit": last(c, 3, 0), "multiplier": last(c, 4, 0) or 1,
                            "incremental": bool(last(c, 5, 0))}
        self.tracks[uuid] = t

    def track_name(self, uuid):
        t = self.tracks.get(uuid)
        if not t:
            return "Global" if uuid == 0 else "Track %d" % uuid
        return t["name"] or t.get("thread", {}).get("name") or t.get("process", {}).get("name") or "Track %d" % uuid

    def annotation(self, data, seq):
        msg = message(data)
        name = None
        if 1 in msg:
            name = seq["annos"].get(last(msg, 1))
        if 10 in msg:
            name = text(last(msg, 10))
        value = None
        if 2 in msg:
            value = bool(last(msg, 2))
        elif 3 in msg:
            value = signed64(last(msg, 3))
        elif 4 in msg:
            value = signed64(last(msg, 4))
        elif 5 in msg:
            value = as_double(last(msg, 5))
        elif 6 in msg:
            value = text(last(msg, 6))
        elif 7 in msg:
            value = "0x%x" % last(msg, 7)
        elif 9 in msg:
            value = text(last(msg, 9))
        if name is None or value is None:
            return None
        return name, value

    def counter_value(self, uuid, time, value, seq):
        t = self.tracks.get(uuid, {})
        c = t.get("counter")
        if c is None:
            return
        value *= c["multiplier"]
        if c["incremental"]:
            seq["totals"][uuid] = seq["totals"].get(uuid, 0) + value
            value = seq["totals"][uuid]
        self.counters.append({"track": uuid, "track_name": self.track_name(uuid), "time": time,
                              "value": value})

    def flows_of(self, event, flows, time):
        for fid, terminating in flows:
            self.flow_ends.append((fid, time, self.order, event, terminating))
            self.order += 1

    def track_event(self, data, time, seq):
        msg = message(data)
        kind = last(msg, 9, 0)
        uuid = last(msg, 11) if 11 in msg else (seq["track"] if seq["track"] is not None else 0)
        name = None
        if 10 in msg:
            name = seq["names"].get(last(msg, 10))
            if name is None:
                self.counts["unknown_name_iid"] += 1
        if 23 in msg:
            name = text(last(msg, 23))
        cats = []
        for wire, value in msg.get(3, []):
            for iid in repeated_varints(wire, value):
                if iid in seq["cats"]:
                    cats.append(seq["cats"][iid])
        for _, value in msg.get(22, []):
            cats.append(text(value))
        args = {}
        if 33 in msg:
            args["source"] = source_text(last(msg, 33))
        if 34 in msg and last(msg, 34) in seq["srcs"]:
            args["source"] = seq["srcs"][last(msg, 34)]
        for _, value in msg.get(4, []):
            a = self.annotation(value, seq)
            if a:
                args[a[0]] = a[1]
        flows = []
        for number, terminating in ((36, False), (42, True)):
            for wire, value in msg.get(number, []):
                flows += [(v, terminating) for v in repeated_varints(wire, value)]
        for number, terminating in ((47, False), (48, True)):
            for wire, value in msg.get(number, []):
                flows += [(v, terminating) for v in repeated_fixed64(wire, value)]
        extra = [v for w, x in msg.get(31, []) for v in repeated_varints(w, x)] if 31 in msg else seq["extra"]
        extra_d = [v for w, x in msg.get(45, []) for v in repeated_varints(w, x)] if 45 in msg else seq["extra_double"]
        values = [signed64(v) for w, x in msg.get(12, []) for v in repeated_varints(w, x)]
        values_d = [as_double(v) for w, x in msg.get(46, []) for v in repeated_fixed64(w, x)]
        for u, v in zip(extra, values):
            self.counter_value(u, time, v, seq)
        for u, v in zip(extra_d, values_d):
            self.counter_value(u, time, v, seq)
        self.latest = time if self.latest is None else max(self.latest, time)

        if kind == 4:
            if 30 in msg:
                self.counter_value(uuid, time, signed64(last(msg, 30)), seq)
            elif 44 in msg:
                self.counter_value(uuid, time, as_double(last(msg, 44)), seq)
        elif kind in (1, 3):
            if "counter" in self.tracks.get(uuid, {}):
                return
            event = {"track": uuid, "track_name": self.track_name(uuid), "name": name or "(unnamed)",
                     "category": ",".join(cats), "start": time, "args": args}
            if kind == 3:
                self.instants.append(event)
                self.flows_of(event, flows, time)
            else:
                event["flows"] = flows
                self.open.setdefault(uuid, []).append(event)
        elif kind == 2:
            stack = self.open.get(uuid)
            if not stack:
                self.counts["end_without_begin"] += 1
                return
            event = stack.pop()
            event["args"].update(args)
            event["flows"] += flows
            self.close(event, time, False)

    def close(self, event, end, unclosed):
        event["dur"] = end - event["start"]
        event["unclosed"] = unclosed
        self.flows_of(event, event.pop("flows"), event["start"])
        self.slices.append(event)

    def packet(self, data):
        self.counts["packets"] += 1
        msg = message(data)
        for number in msg:
            if number not in (8, 58, 10, 13, 41, 12, 59, 11, 60, 6, 50, 3, 42, 87, 79, 98) \
                    and msg[number][-1][0] == 2:
                self.skipped_packets[number] = self.skipped_packets.get(number, 0) + 1
        if 50 in msg:
            self.trace(zlib.decompress(last(msg, 50)))
        sid = last(msg, 10, 0)
        seq = self.sequence(sid)
        flags = last(msg, 13, 0)
        if flags & 1 or last(msg, 41, 0):
            seq.update({"valid": True, "names": {}, "cats": {}, "annos": {}, "srcs": {}, "track": None,
                        "extra": [], "extra_double": [], "clock": None, "totals": {}})
        if flags & 2 and not seq["valid"]:
            self.counts["needs_state_skipped"] += 1
            return
        if 12 in msg:
            interned = message(last(msg, 12))
            for number, key in ((1, "cats"), (2, "names"), (3, "annos")):
                for _, entry in interned.get(number, []):
                    e = message(entry)
                    seq[key][last(e, 1, 0)] = text(last(e, 2, b""))
            for _, entry in interned.get(4, []):
                seq["srcs"][last(message(entry), 1, 0)] = source_text(entry)
        if 59 in msg:
            d = message(last(msg, 59))
            if 58 in d:
                seq["clock"] = last(d, 58)
            if 11 in d:
                ted = message(last(d, 11))
                if 11 in ted:
                    seq["track"] = last(ted, 11)
                seq["extra"] = [v for w, x in ted.get(31, []) for v in repeated_varints(w, x)]
                seq["extra_double"] = [v for w, x in ted.get(45, []) for v in repeated_varints(w, x)]
        if 6 in msg:
            self.snapshot(last(msg, 6), sid)
        if 60 in msg:
            self.describe(last(msg, 60))
        if 11 in msg and 8 in msg:
            clock = last(msg, 58) if 58 in msg else (seq["clock"] if seq["clock"] is not None else self.trace_clock)
            time = self.to_trace(clock, sid, last(msg, 8))
            if time is None:
                self.counts["unconverted_clock"] += 1
                time = last(msg, 8)
            self.track_event(last(msg, 11), time, seq)

    def trace(self, data):
        for number, wire, value in fields(data):
            if number == 1 and wire == 2:
                self.packet(value)

    def finish(self):
        for stack in self.open.values():
            for event in stack:
                self.close(event, max(self.latest, event["start"]), True)
                self.counts["unclosed"] += 1
        flows = []
        self.flow_ends.sort(key=lambda f: (f[0], f[1], f[2]))
        previous, previous_id = None, None
        for fid, time, _, event, terminating in self.flow_ends:
            if fid != previous_id:
                previous, previous_id = None, fid
            if previous is not None:
                flows.append({"from": {"name": previous["name"], "start": previous["start"]},
                              "to": {"name": event["name"], "start": event["start"]}})
            previous = None if terminating else event
        for e in self.slices + self.instants:
            e["args"] = {k: v for k, v in sorted(e["args"].items())}
        key = lambda e: (e["start"], e["name"])
        return {"tracks": {str(k): v for k, v in sorted(self.tracks.items())},
                "slices": sorted(self.slices, key=key), "instants": sorted(self.instants, key=key),
                "counters": sorted(self.counters, key=lambda c: (c["track"], c["time"])),
                "flows": flows, "skipped_packets": {str(k): v for k, v in sorted(self.skipped_packets.items())},
                "counts": self.counts}


def main():
    path = sys.argv[1]
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    reader = Reader()
    reader.trace(data)
    json.dump(reader.finish(), sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
