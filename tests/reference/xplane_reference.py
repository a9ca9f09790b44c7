#!/usr/bin/env python3
"""Independent reading of an XSpace profile (`*.xplane.pb`, gzipped or not).

Usage:
    xplane_reference.py FILE            JSON on stdout
    xplane_reference.py FILE --text     the same, one event per line, for people

A protobuf wire decoder of its own (standard library only, nothing shared with
Tracelane's C++ reader) walks XSpace -> XPlane -> XLine -> XEvent -> XStat by
the field numbers of tsl/profiler/protobuf/xplane.proto, and applies the
mapping of docs/INPUT_XPLANE.md:

  events   one entry per XEvent of the planes Tracelane reads (/host:CPU,
           /device:GPU:N, /device:TPU:N), in file order: record (the ordinal
           among those events, Tracelane's source record), plane, line, kind
           (api, python, range, kernel, memcpy, memset, or "aggregated" for
           num_occurrences events, which Tracelane skips), name, start_ps,
           duration_ps, start_ns and end_ns (floor of ps / 1000), correlation
  kernels  per kernel name: count and total duration in ns (end_ns - start_ns)
  gpu_ops  count and total ns per kind (kernel, memcpy, memset)
  api      per API call name: count and total ns
  planes   names of every plane, and which were skipped
"""

import gzip
import json
import struct
import sys


def varint(buf, pos):
    result = 0
    shift = 0
    while True:
        if pos >= len(buf):
            raise ValueError("varint cut off")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7
        if shift >= 70:
            raise ValueError("varint too long")


def fields(buf):
    """(number, wire type, value) of one message; value is int or bytes."""
    pos = 0
    while pos < len(buf):
        tag, pos = varint(buf, pos)
        number, wire = tag >> 3, tag & 7
        if wire == 0:
            value, pos = varint(buf, pos)
        elif wire == 1:
            value = struct.unpack_from("<Q", buf, pos)[0]
            pos += 8
        elif wire == 2:
            length, pos = varint(buf, pos)
            value = bytes(buf[pos:pos + length])
            if len(value) != length:
                raise ValueError("bytes cut off")
            pos += length
        elif wire == 5:
            value = struct.unpack_from("<I", buf, pos)[0]
            pos += 4
        else:
            raise ValueError("wire type %d" % wire)
        yield number, wire, value


def signed64(value):
    return value - (1 << 64) if value >= (1 << 63) else value


def map_entries(entries, value_field_name):
    """map<int64, Message>: key 1, value 2; returns key -> name (field 2 of the value)."""
    out = {}
    for entry in entries:
        key, name = 0, ""
        for number, wire, value in fields(entry):
            if number == 1 and wire == 0:
                key = signed64(value)
            elif number == 2 and wire == 2:
                for n, w, v in fields(value):
                    if n == 2 and w == 2:
                        name = v.decode("utf-8", "replace")
        out[key] = name
    return out


def plane_kind(name):
    if name == "/host:CPU":
        return "host"
    for prefix in ("/device:GPU:", "/device:TPU:"):
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            return "device"
    return None


def gpu_kind_by_name(name):
    if any(p in name for p in ("memcpy", "Memcpy", "MEMCPY")) or name.startswith("Copy"):
        return "memcpy"
    if any(p in name for p in ("memset", "Memset", "MEMSET")):
        return "memset"
    return "kernel"


def stream_of_line(name):
    if not name.startswith("Stream #"):
        return None
    digits = ""
    for c in name[len("Stream #"):]:
        if not c.isdigit():
            break
        digits += c
    return int(digits) if digits else None


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    planes = []
    for number, wire, value in fields(data):
        if number == 1 and wire == 2:
            planes.append(value)

    events = []
    plane_names = []
    skipped = []
    record = 0
    for plane in planes:
        name = ""
        lines, event_meta, stat_meta = [], [], []
        for number, wire, value in fields(plane):
            if wire != 2:
                continue
            if number == 2:
                name = value.decode("utf-8", "replace")
            elif number == 3:
                lines.append(value)
            elif number == 4:
                event_meta.append(value)
            elif number == 5:
                stat_meta.append(value)
        plane_names.append(name)
        kind = plane_kind(name)
        if kind is None:
            skipped.append(name)
            continue
        event_names = map_entries(event_meta, "event")
        stat_names = map_entries(stat_meta, "stat")
        for line in lines:
            line_name, display, timestamp = "", "", 0
            raw_events = []
            for number, wire, value in fields(line):
                if number == 2 and wire == 2:
                    line_name = value.decode("utf-8", "replace")
                elif number == 11 and wire == 2:
                    display = value.decode("utf-8", "replace")
                elif number == 3 and wire == 0:
                    timestamp = signed64(value)
                elif number == 4 and wire == 2:
                    raw_events.append(value)
            stream = stream_of_line(line_name) if kind == "device" else None
            for raw in raw_events:
                meta_id, offset, duration, aggregated = 0, 0, 0, False
                stats = {}
                for number, wire, value in fields(raw):
                    if number == 1:
                        meta_id = signed64(value)
                    elif number == 2:
                        offset = signed64(value)
                    elif number == 3:
                        duration = signed64(value)
                    elif number == 5:
                        aggregated = True
                    elif number == 4 and wire == 2:
                        stat_id, stat_value = 0, None
                        for n, w, v in fields(value):
                            if n == 1:
                                stat_id = signed64(v)
                            elif n in (3, 4, 5, 7):
                                stat_value = (n, v)
                        stats.setdefault(stat_names.get(stat_id, ""), []).append(stat_value)
                event_name = event_names.get(meta_id, "event metadata #%d" % meta_id)
                start_ps = timestamp * 1000 + offset
                end_ps = start_ps + duration
                correlation = None
                for value in stats.get("correlation_id", []):
                    if value and value[0] in (3, 4):
                        correlation = value[1]
                if aggregated:
                    event_kind = "aggregated"
                elif kind == "host":
                    if correlation is not None:
                        event_kind = "api"
                    elif event_name.startswith("$"):
                        event_kind = "python"
                        event_name = event_name[1:]
                    else:
                        event_kind = "range"
                elif stream is not None:
                    event_kind = gpu_kind_by_name(event_name)
                    for stat_name in stats:
                        if stat_name == "kernel_details":
                            event_kind = "kernel"
                        elif stat_name == "memcpy_details":
                            event_kind = "memcpy"
                        elif stat_name == "memset_details":
                            event_kind = "memset"
                else:
                    event_kind = "range"
                def text_stat(key):
                    # str values (field 5) as text, ref values (7) as the name they point at
                    for value in stats.get(key, []):
                        if value and value[0] == 5:
                            return value[1].decode("utf-8", "replace")
                        if value and value[0] == 7:
                            return stat_names.get(value[1])
                    return None
                events.append({
                    "hlo_op": text_stat("hlo_op") if stream is not None else None,
                    "hlo_module": text_stat("hlo_module") if stream is not None else None,
                    "record": record,
                    "plane": name,
                    "line": display or line_name,
                    "kind": event_kind,
                    "name": event_name,
                    "start_ps": start_ps,
                    "duration_ps": duration,
                    "start_ns": start_ps // 1000,
                    "end_ns": end_ps // 1000,
                    "correlation": correlation,
                })
                record += 1

    kernels, gpu_ops, api = {}, {}, {}
    for e in events:
        ns = e["end_ns"] - e["start_ns"]
        if e["kind"] in ("kernel", "memcpy", "memset"):
            entry = gpu_ops.setdefault(e["kind"], [0, 0])
            entry[0] += 1
            entry[1] += ns
        if e["kind"] == "kernel":
            entry = kernels.setdefault(e["name"], [0, 0])
            entry[0] += 1
            entry[1] += ns
        if e["kind"] == "api":
            entry = api.setdefault(e["name"], [0, 0])
            entry[0] += 1
            entry[1] += ns
    as_dict = lambda table: {k: {"count": v[0], "total_ns": v[1]} for k, v in sorted(table.items())}
    return {
        "planes": plane_names,
        "skipped_planes": skipped,
        "events": events,
        "kernels": as_dict(kernels),
        "gpu_ops": as_dict(gpu_ops),
        "api": as_dict(api),
    }


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    result = read(sys.argv[1])
    if "--text" in sys.argv[2:]:
        for e in result["events"]:
            print("%(record)d\t%(plane)s\t%(line)s\t%(kind)s\t%(name)s\t%(start_ps)d\t%(duration_ps)d" % e)
        for name, k in result["kernels"].items():
            print("kernel\t%s\t%d\t%d" % (name, k["count"], k["total_ns"]))
        return
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
