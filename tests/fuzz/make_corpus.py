#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets (tests/fuzz/corpus/<target>/).

Small cuts of the shared real traces (../shared/traces beside the project):
  chrome_json    Kineto/HTA traces cut to a few events of each kind (launches
                 with their kernels and ac2g flows, ops, ranges, metadata),
                 two of them gzipped, plus the hand-written edge cases of
                 tests/data/chrome and of tests/data/chrome/perfetto_semantics
  nsys_json      the nsys JSON exports cut to a few records of each type; the
                 string table keeps only the strings the records refer to
  dvdt_json      the dv/dt OpenCL trace cut to a few calls of each kind
  memory_snapshot  the generated memory snapshots and bad pickles of
                 tests/data/snapshot (make_snapshots.py)
  analyses       small Chrome cuts and records for trace_from_bytes.h
The SQLite seeds come from make_sqlite_seeds.py. Output is deterministic.

Usage: make_corpus.py [--traces DIR] [--out DIR]
"""
import argparse
import gzip
import json
import pathlib
import re
import struct

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_TRACES = HERE.parents[2] / "shared" / "traces"


class Number:
    """A JSON number kept as written: 1712195495519689.047 must not pass through a double."""

    def __init__(self, text):
        self.text = text


def load(path):
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f, parse_float=Number, parse_int=Number)


def dump(value):
    if isinstance(value, Number):
        return value.text
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + dump(v) for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def num(value):
    return float(value.text) if isinstance(value, Number) else float(value or 0)


def shorten(value, limit=160):
    """Long strings (program sources, shapes of huge tensors) cut to `limit` characters."""
    if isinstance(value, str):
        return value[:limit]
    if isinstance(value, list):
        return [shorten(v, limit) for v in value[:16]]
    if isinstance(value, dict):
        return {k: shorten(v, limit) for k, v in value.items()}
    return value


def evenly(items, count):
    if len(items) <= count:
        return list(items)
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def chrome_cut(doc, per_kind):
    """Events of one step (or the middle of the trace): `per_kind` launches with
    their GPU work and flows, and `per_kind` of every other (ph, cat)."""
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    timed = [e for e in events if isinstance(e, dict) and e.get("ph") != "M" and "ts" in e]
    timed.sort(key=lambda e: num(e["ts"]))
    steps = [e for e in timed if re.match(r"(ProfilerStep#|Iteration )\d+$", str(e.get("name", "")))
             and e.get("ph") == "X"]
    if len(steps) >= 2:
        lo, hi = num(steps[1]["ts"]), num(steps[1]["ts"]) + num(steps[1].get("dur"))
    elif timed:
        mid = num(timed[len(timed) // 2]["ts"])
        span = num(timed[-1]["ts"]) - num(timed[0]["ts"])
        lo, hi = mid - span / 20, mid + span / 20
    else:
        lo, hi = 0, 0
    window = [e for e in timed if lo <= num(e["ts"]) <= hi] or timed

    def correlation(e):
        args = e.get("args") or {}
        c = args.get("correlation", args.get("External id"))
        return None if c is None else num(c)

    launches = evenly([e for e in window if e.get("cat") in ("cuda_runtime", "cuda_driver")
                       and correlation(e) is not None], per_kind)
    wanted = {correlation(e) for e in launches}
    keep = set(id(e) for e in launches)
    for e in timed:  # the GPU work and the flows of those launches, wherever they fall
        if e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset") and correlation(e) in wanted:
            keep.add(id(e))
        if e.get("ph") in ("s", "t", "f") and e.get("id") is not None and num(e["id"]) in wanted:
            keep.add(id(e))
    kinds = {}
    for e in window:
        kinds.setdefault((e.get("ph"), e.get("cat")), []).append(e)
    for key, group in kinds.items():
        if key[1] in ("cuda_runtime", "cuda_driver", "kernel", "gpu_memcpy", "gpu_memset") or key[0] in "stf":
            if key[1] != "fwdbwd":
                continue
        keep.update(id(e) for e in evenly(group, per_kind))
    # Metadata (names of processes and threads) for the pids and tids left, at most 40.
    pids = {dump(e.get("pid")) for e in timed if id(e) in keep}
    tids = {(dump(e.get("pid")), dump(e.get("tid"))) for e in timed if id(e) in keep}
    meta = [e for e in events if isinstance(e, dict) and e.get("ph") == "M" and dump(e.get("pid")) in pids
            and (e.get("tid") in (None, 0) or (dump(e.get("pid")), dump(e.get("tid"))) in tids)]
    keep.update(id(e) for e in meta[:40])
    kept = [shorten(e) for e in events if isinstance(e, dict) and id(e) in keep]
    if isinstance(doc, list):
        return kept
    out = {}
    for key, value in doc.items():
        if key == "traceEvents":
            out[key] = kept
        elif key == "deviceProperties":
            out[key] = value[:1]
        else:
            out[key] = shorten(value)
    return out


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8") if isinstance(text, str) else text
    path.write_bytes(data)
    return len(data)


def chrome_seeds(traces, out):
    sizes = {}
    cuts = [("kineto/dlrm_train.json.gz", 50), ("kineto/compiled_mlp_train.json.gz", 10),
            ("kineto/resnet50_train.json.gz", 6), ("kineto/transformer_train_2streams.json.gz", 8),
            ("hta/amd_mi250_rocm62.json.gz", 10), ("hta/nccl_distributed_rank.json.gz", 6),
            ("hta/triton_example.json.gz", 10), ("hta/cupti_profiler_counters.json.gz", 6),
            ("hta/mtia_rank0.json.gz", 6), ("hta/sampled_rank-0.json.gz", 5)]
    for source, per_kind in cuts:
        name = pathlib.Path(source).name.replace(".json.gz", "")
        text = dump(chrome_cut(load(traces / source), per_kind))
        sizes[name] = write(out / "chrome_json" / f"{name}_cut{per_kind}.json", text)
        if name in ("compiled_mlp_train", "amd_mi250_rocm62"):  # the .json.gz path
            write(out / "chrome_json" / f"{name}_cut{per_kind}.json.gz", gzip.compress(text.encode(), mtime=0))
        if name in ("compiled_mlp_train", "transformer_train_2streams", "nccl_distributed_rank"):
            write(out / "analyses" / f"{name}_cut{per_kind}.json", text)
    for edge in sorted((HERE.parent / "data" / "chrome").glob("*.json")):
        write(out / "chrome_json" / f"edge_{edge.name}", edge.read_bytes())
    for case in sorted((HERE.parent / "data" / "chrome" / "perfetto_semantics").glob("*.json")):
        write(out / "chrome_json" / f"semantics_{case.name}", case.read_bytes())
    return sizes


def nsys_json_cut(path, per_kind):
    lines = path.read_text(encoding="utf-8").splitlines()
    strings, records = None, []
    for line in lines:
        obj = json.loads(line, parse_float=Number, parse_int=Number)
        if "data" in obj and strings is None and not records:
            strings = obj
        else:
            records.append(obj)
    by_kind = {}
    for r in records:
        by_kind.setdefault((dump(r.get("Type")), tuple(k for k in r if k != "Type")), []).append(r)
    kept = set()
    for group in by_kind.values():
        kept.update(id(r) for r in evenly(group, per_kind))
    chosen = [r for r in records if id(r) in kept]
    # Blank the strings nothing kept refers to: ids stay valid, the line shrinks.
    if strings is not None:
        refs = r'"(?:name|demangledName|shortName|mangledName|TextId|DomainId)":"?(\d+)'
        used = set(int(n) for n in re.findall(refs, "".join(dump(r) for r in chosen)))
        strings = {k: (v if k == "data" else shorten(v, 60)) for k, v in strings.items()}
        strings["data"] = [shorten(s, 120) if i in used else "" for i, s in enumerate(strings["data"])]
        while strings["data"] and strings["data"][-1] == "":
            strings["data"].pop()
    chosen = [shorten(r, 120) for r in chosen]
    return "\n".join(([dump(strings)] if strings is not None else []) + [dump(r) for r in chosen]) + "\n"


def nsys_json_seeds(traces, out):
    sizes = {}
    for name, per_kind in (("emit_nvtx_mlp", 10), ("nvtx_cnn", 8)):
        text = nsys_json_cut(traces / "nsys" / f"{name}_nsys.json", per_kind)
        sizes[name] = write(out / "nsys_json" / f"{name}_cut{per_kind}.json", text)
    # A few lines without the string table: what detection must still recognise.
    lines = nsys_json_cut(traces / "nsys" / "nvtx_cnn_nsys.json", 2).splitlines()[1:]
    write(out / "nsys_json" / "lines_without_strings.json", "\n".join(lines[:6]) + "\n")
    return sizes


def dvdt_seeds(traces, out):
    calls = load(traces / "opencl" / "dvdt_prof_armcl.json")
    sizes = {}
    for name, start, caps in (("head", 0, 6), ("middle", len(calls) // 2, 4)):
        counts, kept = {}, []
        for call in calls[start:]:
            kind = call.get("call")
            cap = caps * 5 if kind == "clSetKernelArg" else caps
            if counts.get(kind, 0) < cap:
                counts[kind] = counts.get(kind, 0) + 1
                kept.append(shorten(call, 120))
            if counts.get("clEnqueueNDRangeKernel", 0) >= caps:
                break
        sizes[name] = write(out / "dvdt_json" / f"dvdt_armcl_{name}.json", dump(kept))
    return sizes


def analysis_records(steps):
    """A training loop in trace_from_bytes.h records: an iteration range with
    FWD/BWD ranges, CPU ops, launches of kernels and copies, a flow."""
    def t(value):  # mode 4: four bytes
        return bytes([4]) + struct.pack(">I", value)
    NAME = {"Iteration 1": 0, "FWD pass": 4, "BWD pass": 5, "aten::mm": 7, "MmBackward0": 10,
            "module::Linear": 19, "ncclKernel": 15}
    out = bytearray()
    time = 1000
    for step in range(steps):
        out += bytes([1, 0, 0, 0]) + t(time) + t(900) + bytes([NAME["Iteration 1"] + step % 2])
        out += bytes([1, 0, 0, 0]) + t(time + 10) + t(400) + bytes([NAME["FWD pass"]])
        out += bytes([1, 0, 0, 0]) + t(time + 450) + t(400) + bytes([NAME["BWD pass"]])
        out += bytes([0, 0, 0, 0]) + t(time + 20) + t(100) + bytes([NAME["aten::mm"]])
        out += bytes([1, 0, 0, 1]) + t(time + 15) + t(200) + bytes([NAME["module::Linear"]])
        for k in range(3):
            out += bytes([4, 0, 0]) + t(time + 30 + 20 * k) + t(5) + bytes([11]) + bytes([k % 2])
            out += t(time + 60 + 40 * k) + t(35) + bytes([16, k % 3])
        out += bytes([0, 0, 1, 0]) + t(time + 460) + t(80) + bytes([NAME["MmBackward0"]])
        out += bytes([4, 0, 1]) + t(time + 470) + t(5) + bytes([11]) + bytes([1]) + t(time + 600) + t(150) \
            + bytes([NAME["ncclKernel"], 0])
        out += bytes([7, 3, 9, 1])  # a forward-backward flow between two earlier events
        time += 1000
    return bytes(out)


def memory_snapshot_seeds(out):
    sizes = {}
    for sample in sorted((HERE.parent / "data" / "snapshot").glob("*.pickle")):
        sizes[sample.stem] = write(out / "memory_snapshot" / sample.name, sample.read_bytes())
    return sizes


def analysis_seeds(out):
    write(out / "analyses" / "records_training_loop.bin", analysis_records(3))
    write(out / "analyses" / "records_extremes.bin",
          bytes([4, 0, 0]) + bytes([7]) + bytes([0x07 | (3 << 3)]) + bytes([11, 0]) + bytes([6]) + b"\x80" + bytes(7)
          + bytes([0, 16, 0]) + bytes([2, 1, 2, 7, 2 | (4 << 3), 7, 0, 3, 0]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--traces", type=pathlib.Path, default=DEFAULT_TRACES)
    parser.add_argument("--out", type=pathlib.Path, default=HERE / "corpus")
    args = parser.parse_args()
    for label, sizes in (("chrome_json", chrome_seeds(args.traces, args.out)),
                         ("nsys_json", nsys_json_seeds(args.traces, args.out)),
                         ("dvdt_json", dvdt_seeds(args.traces, args.out)),
                         ("memory_snapshot", memory_snapshot_seeds(args.out))):
        print(label, ", ".join(f"{k} {v} B" for k, v in sizes.items()))
    analysis_seeds(args.out)


if __name__ == "__main__":
    main()
