#!/usr/bin/env python3
"""Writes XSpace files for the tests, the fuzz seeds and the benchmark.

    make_xplane.py handmade OUT.xplane.pb
        A small hand-made XSpace covering what the real fixtures lack: XLA Ops
        and XLA Modules lines, a TPU plane, memcpy and memset events, XFlow and
        producer/consumer flows, an aggregated event, unknown metadata ids, an
        unknown plane, epoch timestamps with picosecond offsets.
    make_xplane.py cut IN.xplane.pb OUT.xplane.pb [EVENTS_PER_LINE] [LINES_PER_PLANE]
        A real file cut down: the first few events of the first few lines of
        each plane, only the event metadata they use, the /host:metadata plane
        emptied (fuzz seeds of a few KB).
    make_xplane.py repeat IN.xplane.pb OUT.xplane.pb TIMES
        Every line's events repeated TIMES times, each copy shifted past the
        previous one (correlation ids kept): a large input for the benchmark.

Standard library only; the protobuf writer below knows just the wire format.
"""

import gzip
import struct
import sys


# --- writing ---------------------------------------------------------------

def enc_varint(value):
    if value < 0:
        value += 1 << 64
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def vfield(number, value):
    return enc_varint(number << 3) + enc_varint(value)


def bfield(number, payload):
    if isinstance(payload, str):
        payload = payload.encode()
    return enc_varint((number << 3) | 2) + enc_varint(len(payload)) + payload


def dfield(number, value):
    return enc_varint((number << 3) | 1) + struct.pack("<d", value)


def stat(meta_id, *, u=None, i=None, s=None, ref=None, d=None, raw=None):
    out = vfield(1, meta_id)
    if u is not None:
        out += vfield(3, u)
    if i is not None:
        out += vfield(4, i)
    if s is not None:
        out += bfield(5, s)
    if ref is not None:
        out += vfield(7, ref)
    if d is not None:
        out += dfield(2, d)
    if raw is not None:
        out += bfield(6, raw)
    return out


def event(meta_id, offset_ps, duration_ps, stats=(), occurrences=None):
    out = vfield(1, meta_id)
    if occurrences is None:
        out += vfield(2, offset_ps)
    out += vfield(3, duration_ps)
    for s in stats:
        out += bfield(4, s)
    if occurrences is not None:
        out += vfield(5, occurrences)
    return out


def line(line_id, name, timestamp_ns, events, display=None):
    out = vfield(1, line_id) + bfield(2, name) + vfield(3, timestamp_ns)
    for e in events:
        out += bfield(4, e)
    if display:
        out += bfield(11, display)
    return out


def plane(plane_id, name, lines=(), event_names=None, stat_names=None, stats=()):
    out = vfield(1, plane_id) + bfield(2, name)
    for l in lines:
        out += bfield(3, l)
    for key, text in (event_names or {}).items():
        out += bfield(4, vfield(1, key) + bfield(2, vfield(1, key) + bfield(2, text)))
    for key, text in (stat_names or {}).items():
        out += bfield(5, vfield(1, key) + bfield(2, vfield(1, key) + bfield(2, text)))
    for s in stats:
        out += bfield(6, s)
    return out


def handmade():
    stats = {1: "correlation_id", 2: "kernel_details", 3: "memcpy_details", 4: "memset_details", 5: "flow",
             6: "_p", 7: "_pt", 8: "_c", 9: "_ct", 10: "hlo_op", 11: "hlo_module", 12: "fusion.3",
             13: "device_vendor", 14: "clock_rate", 15: "bytes_stat"}
    epoch = 1_700_000_000_123_456_789  # ns since 1970: ps offsets on top must not overflow
    host_events = {1: "$train.py:10 step", 2: "$model.py:20 forward", 3: "PjitFunction(step)",
                   4: "cuLaunchKernel", 5: "cuMemcpyHtoDAsync", 6: "cuMemsetD32Async", 7: "ExecuteHelper",
                   8: "ThreadpoolListener::StartRegion"}
    flow_out = (77 << 2) | 2  # XFlow id 77, direction out
    flow_in = (77 << 2) | 1
    main = line(100, "python3", epoch, [
        event(1, 0, 10_000_000),                       # 0 .. 10 us
        event(2, 1_000_500, 5_000_000),                # 1.0005 us .. 6.0005 us
        event(3, 2_000_000, 3_000_000, [stat(5, u=flow_out), stat(6, u=42), stat(7, i=3)]),
    ])
    launcher = line(101, "Host Threads/101", epoch, [
        event(4, 2_100_000, 400_000, [stat(1, u=7), stat(10, ref=12), stat(11, s="jit_step")]),
        event(5, 2_600_000, 300_000, [stat(1, u=8)]),
        event(6, 3_000_000, 200_000, [stat(1, i=9), stat(99, u=1), stat(8, u=42), stat(9, i=3)]),  # no stat 99
        event(7, 3_300_000, 100_000, [stat(5, u=flow_in)]),
        event(55, 3_500_000, 100_000),                                  # event metadata 55 is missing
        event(8, 0, 0, occurrences=12),                                 # aggregated: skipped
    ])
    host = plane(1, "/host:CPU", [main, launcher], host_events, stats)
    gpu_events = {1: "fusion_3_kernel", 2: "MemcpyH2D", 3: "Memset", 4: "fusion.3", 5: "jit_step(123)",
                  6: "_Z6kernelPfi"}
    stream = line(3, "Stream #3(Kernel)", epoch, [
        event(1, 4_000_000, 1_500_000, [stat(1, u=7), stat(2, s="regs:32 static_shared:0 grid:8,4,1 block:128,2,1"),
                                        stat(10, ref=12), stat(11, s="jit_step")]),
        event(2, 6_000_000, 700_000, [stat(1, u=8), stat(3, s="kind_src:pinned size:4096")]),
        event(3, 7_000_000, 300_000, [stat(1, i=9), stat(4, s="size:1024")]),
        event(6, 7_500_000, 250_000, [stat(15, raw=b"\x01\x02")]),
    ])
    ops = line(11, "XLA Ops", epoch, [event(4, 4_000_000, 1_500_000, [stat(11, s="jit_step")])])
    modules = line(12, "XLA Modules", epoch, [event(5, 3_900_000, 3_500_000)])
    gpu = plane(2, "/device:GPU:0", [stream, ops, modules], gpu_events, stats,
                [stat(13, s="NVIDIA"), stat(14, d=1410.0)])
    tpu_events = {1: "convolution.1", 2: "jit_train(7)"}
    tpu = plane(3, "/device:TPU:1", [
        line(1, "XLA Ops", epoch, [event(1, 1_000, 2_000_000)]),
        line(2, "XLA Modules", epoch, [event(2, 0, 3_000_000)]),
    ], tpu_events, {})
    custom = plane(4, "/device:CUSTOM:Megascale Trace", [line(1, "x", epoch, [event(1, 0, 5)])], {1: "x"}, {})
    env = plane(5, "Task Environment", stat_names={1: "profile_start_time"}, stats=[stat(1, u=epoch)])
    return (bfield(1, host) + bfield(1, gpu) + bfield(1, tpu) + bfield(1, custom) + bfield(1, env)
            + bfield(2, "a profiler error") + bfield(4, "handmade-host"))


# --- reading, for cut and repeat --------------------------------------------

def varint(buf, pos):
    result, shift = 0, 0
    while True:
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7


def fields(buf):
    pos = 0
    while pos < len(buf):
        tag, pos = varint(buf, pos)
        number, wire = tag >> 3, tag & 7
        if wire == 0:
            value, pos = varint(buf, pos)
        elif wire == 1:
            value = buf[pos:pos + 8]
            pos += 8
        elif wire == 2:
            length, pos = varint(buf, pos)
            value = buf[pos:pos + length]
            pos += length
        elif wire == 5:
            value = buf[pos:pos + 4]
            pos += 4
        else:
            raise ValueError("wire type %d" % wire)
        yield number, wire, value


def emit(number, wire, value):
    if wire == 0:
        return vfield(number, value)
    if wire == 2:
        return bfield(number, bytes(value))
    return enc_varint((number << 3) | wire) + bytes(value)


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def map_key(entry):
    for number, wire, value in fields(entry):
        if number == 1 and wire == 0:
            return value
    return None


def cut(data, per_line, lines_per_plane):
    out = b""
    for number, wire, value in fields(data):
        if number != 1 or wire != 2:
            out += emit(number, wire, value)
            continue
        name = b""
        for n, w, v in fields(value):
            if n == 2:
                name = bytes(v)
        used = set()
        kept_lines = []
        plane_fields = list(fields(value))
        for n, w, v in plane_fields:
            if n == 3 and len(kept_lines) < lines_per_plane:
                line_out, kept = b"", 0
                for ln, lw, lv in fields(v):
                    if ln == 4:
                        if kept >= per_line:
                            continue
                        kept += 1
                        for en, ew, ev in fields(lv):
                            if en == 1:
                                used.add(ev)
                    line_out += emit(ln, lw, lv)
                kept_lines.append(line_out)
        plane_out = b""
        for n, w, v in plane_fields:
            if n == 3:
                continue
            if n == 4 and (name == b"/host:metadata" or map_key(v) not in used):
                continue
            plane_out += emit(n, w, v)
            if n == 2:
                for l in kept_lines:
                    plane_out += bfield(3, l)
        out += bfield(1, plane_out)
    return out


def repeat(data, times):
    out = b""
    for number, wire, value in fields(data):
        if number != 1 or wire != 2:
            out += emit(number, wire, value)
            continue
        plane_out = b""
        for n, w, v in fields(value):
            if n != 3:
                plane_out += emit(n, w, v)
                continue
            events, others = [], b""
            span = 1
            for ln, lw, lv in fields(v):
                if ln != 4:
                    others += emit(ln, lw, lv)
                    continue
                parsed = list(fields(lv))
                events.append(parsed)
                offset = duration = 0
                for en, ew, ev in parsed:
                    if en == 2:
                        offset = ev
                    elif en == 3:
                        duration = ev
                span = max(span, offset + duration + 1)
            # Each event as bytes before and after its offset: a copy only re-encodes the offset.
            pieces = []
            for parsed in events:
                head = b"".join(emit(en, ew, ev) for en, ew, ev in parsed if en == 1)
                tail = b"".join(emit(en, ew, ev) for en, ew, ev in parsed if en not in (1, 2))
                offset = next((ev for en, ew, ev in parsed if en == 2), None)
                pieces.append((head, offset, tail))
            body = [others]
            for k in range(times):
                for head, offset, tail in pieces:
                    e = head + (vfield(2, offset + k * span) if offset is not None else b"") + tail
                    body.append(bfield(4, e))
            plane_out += bfield(3, b"".join(body))
        out += bfield(1, plane_out)
    return out


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "handmade" and len(sys.argv) == 3:
        result = handmade()
        target = sys.argv[2]
    elif mode == "cut" and len(sys.argv) >= 4:
        per_line = int(sys.argv[4]) if len(sys.argv) > 4 else 3
        lines = int(sys.argv[5]) if len(sys.argv) > 5 else 3
        result = cut(load(sys.argv[2]), per_line, lines)
        target = sys.argv[3]
    elif mode == "repeat" and len(sys.argv) == 5:
        result = repeat(load(sys.argv[2]), int(sys.argv[4]))
        target = sys.argv[3]
    else:
        sys.exit(__doc__)
    with open(target, "wb") as f:
        f.write(result)


if __name__ == "__main__":
    main()
