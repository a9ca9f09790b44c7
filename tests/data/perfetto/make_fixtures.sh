#!/usr/bin/env bash
# Rebuilds the committed .pftrace fixtures from their protobuf text (.txtpb)
# with protoc and the trimmed schema beside them. Tests read the committed
# binaries, so running this is needed only after editing a .txtpb.
#   bash tests/data/perfetto/make_fixtures.sh
set -euo pipefail
cd "$(dirname "$0")"
encode() { protoc --encode=perfetto.protos.Trace perfetto_trace_subset.proto < "$1.txtpb" > "$1.pftrace"; }

for name in gpu_launches interning clocks unmatched; do
    encode "$name"
done

# compressed.pftrace: the inner packets deflated (zlib) into one packet's
# compressed_packets (field 50), then a plain packet.
encode compressed_inner
encode compressed_outer
python3 - <<'PY'
import zlib

def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)

def field(number, payload):
    return varint(number << 3 | 2) + varint(len(payload)) + payload

inner = open("compressed_inner.pftrace", "rb").read()
packet = field(50, zlib.compress(inner, 9))
outer = open("compressed_outer.pftrace", "rb").read()
open("compressed.pftrace", "wb").write(field(1, packet) + outer)
PY
rm compressed_inner.pftrace compressed_outer.pftrace

# The same trace gzip'ed, as perfetto's --compress or a user may store it.
gzip -9 -n -c gpu_launches.pftrace > gpu_launches.pftrace.gz

# Real PyTorch profiler traces from the shared traces beside the project,
# converted (kineto_to_pftrace.py) and gzip'ed.
shared=../../../../shared/traces/kineto
for name in compiled_mlp_train dlrm_train; do
    python3 kineto_to_pftrace.py "$shared/$name.json.gz" "$name.pftrace"
    gzip -9 -n -f "$name.pftrace"
done
