#!/usr/bin/env python3
"""Makes a large Perfetto trace for bench_perfetto_import by repeating the
event packets of a small one, each copy shifted past the previous in time and
with its flow ids moved apart (descriptors are written once).

  python3 bench/make_big_pftrace.py tests/data/perfetto/dlrm_train.pftrace.gz \
      /work/bench-data/dlrm_big.pftrace --mb 200
"""
import argparse
import gzip


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def read_varint(d, p):
    r = s = 0
    while True:
        b = d[p]
        p += 1
        r |= (b & 0x7F) << s
        s += 7
        if not b & 0x80:
            return r, p


def fields(d):
    p = 0
    while p < len(d):
        start = p
        tag, p = read_varint(d, p)
        wire = tag & 7
        if wire == 0:
            v, p = read_varint(d, p)
        elif wire == 1:
            v = int.from_bytes(d[p:p + 8], "little")
            p += 8
        elif wire == 2:
            n, p = read_varint(d, p)
            v = d[p:p + n]
            p += n
        elif wire == 5:
            v = int.from_bytes(d[p:p + 4], "little")
            p += 4
        else:
            raise ValueError("wire type")
        yield tag >> 3, wire, v, d[start:p]


def shifted_event(event, flow_shift):
    out = bytearray()
    for number, wire, value, raw in fields(event):
        if number in (47, 48) and wire == 1:
            out += varint(number << 3 | 1) + ((value + flow_shift) & (2**64 - 1)).to_bytes(8, "little")
        else:
            out += raw
    return bytes(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("source")
    ap.add_argument("target")
    ap.add_argument("--mb", type=float, default=200)
    args = ap.parse_args()
    data = gzip.open(args.source).read() if args.source.endswith(".gz") else open(args.source, "rb").read()
    descriptors, events = bytearray(), []
    first, last = None, None
    for number, wire, packet, raw in fields(data):
        body = {n: (w, v) for n, w, v, _ in fields(packet)}
        if 8 not in body:
            descriptors += raw
            continue
        ts = body[8][1]
        first = ts if first is None else min(first, ts)
        last = ts if last is None else max(last, ts)
        events.append(packet)
    span = last - first + 1000
    with open(args.target, "wb") as out:
        out.write(descriptors)
        written, copy = len(descriptors), 0
        while written < args.mb * 1e6:
            chunk = bytearray()
            for packet in events:
                body = bytearray()
                for number, wire, value, raw in fields(packet):
                    if number == 8:
                        body += varint(8 << 3) + varint(value + copy * span)
                    elif number == 11 and copy:
                        body += varint(11 << 3 | 2) + varint(len(e := shifted_event(value, copy << 32))) + e
                    else:
                        body += raw
                chunk += varint(1 << 3 | 2) + varint(len(body)) + body
            out.write(chunk)
            written += len(chunk)
            copy += 1
    print("%s: %.1f MB, %d copies of %d event packets" % (args.target, written / 1e6, copy, len(events)))


if __name__ == "__main__":
    main()
