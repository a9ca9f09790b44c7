#!/usr/bin/env python3
"""Writes the sample PyTorch CUDA memory snapshots of tests/data/snapshot.

The samples have the structure torch.cuda.memory._snapshot() returns and
_dump_snapshot() pickles: a dict with 'segments' (each with its 'blocks') and
'device_traces' (per device, the allocator's actions), made of dicts, lists,
tuples, str, int, float, bool and None only. They come from a small simulation
of the caching allocator below, not from PyTorch: no GPU is needed to make
them, and every figure in them is known. See README.md.

  training_timed.pickle   protocol 4: three training steps on one device, two
                          streams, frames on every entry, time_us, allocator
                          settings
  untimed.pickle          protocol 2: no time_us; the trace starts late, so some
                          blocks were allocated before it (ring buffer)
  oom.pickle              protocol 4: a small device runs out of memory
  multi_device.pickle     protocol 2: two devices, one with an expandable
                          segment (segment_map)
  bad_global_reduce.pickle  GLOBAL + REDUCE: what pickling os.system-like calls
                          looks like; written with raw opcodes, never unpickled
  bad_stack_global.pickle STACK_GLOBAL + NEWOBJ (protocol 4)
  truncated.pickle        training_timed.pickle cut in the middle
  wrong_type.pickle       'segments' is an int
  deep_nesting.pickle     lists nested 200 deep under 'segments'

Usage: make_snapshots.py [--out DIR]   (deterministic output)
"""
import argparse
import pathlib
import pickle

HERE = pathlib.Path(__file__).resolve().parent
KB = 1024
MB = 1024 * KB
SMALL_SEGMENT = 2 * MB
LARGE_ROUND = 2 * MB


def frame(filename, line, name):
    return {"filename": filename, "line": line, "name": name}


ALLOCATOR_FRAMES = [frame("??", 0, "c10::cuda::CUDACachingAllocator::Native::DeviceCachingAllocator::malloc"),
                    frame("??", 0, "at::empty_strided")]


def stack(*python):
    """Frames innermost first, as PyTorch records them: the allocator, then Python from the inside out."""
    return [dict(f) for f in ALLOCATOR_FRAMES] + [frame(f, line, name) for f, line, name in reversed(python)]


class Allocator:
    """A small model of one device's caching allocator: segments tiled by blocks,
    split on allocation, merged on free, released by empty_cache()."""

    def __init__(self, device, trace, clock, limit=None, expandable=False):
        self.device = device
        self.trace = trace
        self.clock = clock
        self.limit = limit
        self.expandable = expandable
        self.segments = []
        self.next_address = 0x7F0000000000 + device * 0x1000000000
        self.live = {}

    def record(self, action, addr, size, stream, frames, **extra):
        entry = {"action": action, "addr": addr, "size": size, "stream": stream, "frames": frames}
        if self.clock is not None:
            self.clock[0] += 7 + len(self.trace) % 5
            entry["time_us"] = self.clock[0]
        entry.update(extra)
        self.trace.append(entry)

    def reserved(self):
        return sum(s["total_size"] for s in self.segments)

    @staticmethod
    def rounded(size):
        return max(512, (size + 511) // 512 * 512)

    def new_segment(self, size, stream, frames, requested):
        small = size <= 1 * MB
        seg_size = SMALL_SEGMENT if small else (size + LARGE_ROUND - 1) // LARGE_ROUND * LARGE_ROUND
        if self.expandable and not small:
            for seg in self.segments:
                if seg["is_expandable"] and seg["stream"] == stream:
                    # Map more pages at the end of the expandable segment.
                    if self.limit is not None and self.reserved() + seg_size > self.limit:
                        break
                    addr = seg["address"] + seg["total_size"]
                    self.record("segment_map", addr, seg_size, stream, frames)
                    seg["total_size"] += seg_size
                    last = seg["blocks"][-1]
                    if last["state"] == "inactive":
                        last["size"] += seg_size
                    else:
                        seg["blocks"].append(self.block(addr, seg_size))
                    return seg
        if self.limit is not None and self.reserved() + seg_size > self.limit:
            self.record("oom", 0, requested, stream, frames, device_free=self.limit - self.reserved())
            return None
        addr = self.next_address
        self.next_address += seg_size + 0x200000
        self.record("segment_map" if self.expandable and not small else "segment_alloc", addr, seg_size, stream,
                    frames)
        seg = {"device": self.device, "address": addr, "total_size": seg_size, "stream": stream,
               "segment_type": "small" if small else "large", "segment_pool_id": (0, 0),
               "is_expandable": self.expandable and not small, "frames": frames,
               "blocks": [self.block(addr, seg_size)]}
        self.segments.append(seg)
        return seg

    @staticmethod
    def block(addr, size):
        return {"address": addr, "size": size, "requested_size": 0, "state": "inactive", "frames": []}

    def malloc(self, requested, stream, frames):
        size = self.rounded(requested)
        small = size <= 1 * MB
        for attempt in range(2):
            for seg in self.segments:
                if seg["stream"] != stream or (seg["segment_type"] == "small") != small:
                    continue
                for i, b in enumerate(seg["blocks"]):
                    if b["state"] == "inactive" and b["size"] >= size:
                        if b["size"] > size:
                            seg["blocks"].insert(i + 1, self.block(b["address"] + size, b["size"] - size))
                        b.update(size=size, requested_size=requested, state="active_allocated", frames=frames)
                        self.record("alloc", b["address"], requested, stream, frames)
                        self.live[b["address"]] = (seg, b)
                        return b["address"]
            if attempt == 0 and self.new_segment(size, stream, frames, requested) is None:
                return None
        raise AssertionError("no block after a new segment")

    def free(self, addr):
        seg, b = self.live.pop(addr)
        self.record("free_requested", addr, b["requested_size"], seg["stream"], b["frames"])
        self.record("free_completed", addr, b["requested_size"], seg["stream"], b["frames"])
        b.update(state="inactive", requested_size=0, frames=[])
        blocks = seg["blocks"]
        i = blocks.index(b)
        if i + 1 < len(blocks) and blocks[i + 1]["state"] == "inactive":
            b["size"] += blocks.pop(i + 1)["size"]
        if i > 0 and blocks[i - 1]["state"] == "inactive":
            blocks[i - 1]["size"] += blocks.pop(i)["size"]

    def empty_cache(self):
        for seg in list(self.segments):
            if all(b["state"] == "inactive" for b in seg["blocks"]) and not seg["is_expandable"]:
                self.record("segment_free", seg["address"], seg["total_size"], seg["stream"], [])
                self.segments.remove(seg)

    def snapshot_segments(self):
        out = []
        for seg in self.segments:
            active = [b for b in seg["blocks"] if b["state"] != "inactive"]
            s = dict(seg)
            s["allocated_size"] = sum(b["size"] for b in active)
            s["active_size"] = s["allocated_size"]
            s["requested_size"] = sum(b["requested_size"] for b in active)
            s["blocks"] = [dict(b) for b in seg["blocks"]]
            out.append(s)
        return out


def training(alloc, steps, side_stream, sizes=(3 * MB + 100, 768 * KB, 5 * MB, 64 * KB)):
    """Forward activations, backward gradients, an optimizer step on a side stream."""
    weights = [alloc.malloc(4 * MB, 0, stack(("train.py", 12, "<module>"), ("model.py", 30, "__init__")))]
    for step in range(steps):
        acts = []
        for layer, size in enumerate(sizes):
            acts.append(alloc.malloc(size + 512 * step, 0, stack(("train.py", 40, "<module>"),
                                                                   ("train.py", 22, "train_step"),
                                                                   ("model.py", 51 + layer, "forward"))))
        grads = []
        for layer in reversed(range(len(sizes))):
            grads.append(alloc.malloc(sizes[layer] // 2 + 256, 0, stack(("train.py", 40, "<module>"),
                                                                         ("train.py", 23, "train_step"),
                                                                         ("autograd.py", 200, "backward"))))
            alloc.free(acts.pop())
        state = alloc.malloc(256 * KB, side_stream, stack(("train.py", 40, "<module>"), ("optim.py", 88, "step")))
        for g in grads:
            alloc.free(g)
        if step < steps - 1:
            alloc.free(state)
    return weights


def snapshot(allocators, traces, settings=None):
    result = {"segments": [s for a in allocators for s in a.snapshot_segments()], "device_traces": traces}
    if settings is not None:
        result["allocator_settings"] = settings
        result["external_annotations"] = []
    return result


def training_timed():
    trace = []
    alloc = Allocator(0, trace, clock=[1712345678000000])
    training(alloc, 3, side_stream=94360862357504)
    alloc.empty_cache()
    settings = {"PYTORCH_CUDA_ALLOC_CONF": "", "max_split_size": -1, "garbage_collection_threshold": 0.0,
                "expandable_segments": False, "pinned_num_register_threads": 1}
    return snapshot([alloc], [trace], settings)


def untimed():
    trace = []
    alloc = Allocator(0, trace, clock=None)
    training(alloc, 2, side_stream=7)
    # The ring buffer kept only the last entries: the first 9 are gone.
    del trace[:9]
    return snapshot([alloc], [trace])


def oom():
    trace = []
    alloc = Allocator(0, trace, clock=[5000], limit=24 * MB)
    training(alloc, 1, side_stream=0)
    big = alloc.malloc(9 * MB, 0, stack(("train.py", 41, "<module>"), ("eval.py", 17, "evaluate")))
    assert big is None, "the sample must run out of memory"
    return snapshot([alloc], [trace])


def multi_device():
    traces = [[], []]
    dev0 = Allocator(0, traces[0], clock=None)
    dev1 = Allocator(1, traces[1], clock=None, expandable=True)
    training(dev0, 1, side_stream=3)
    training(dev1, 2, side_stream=5, sizes=(3 * MB, 2 * MB + 4096, 128 * KB))
    return snapshot([dev0, dev1], traces)


def dumps(value, protocol):
    return pickle.dumps(value, protocol=protocol)


def short_unicode(text):
    data = text.encode()
    return b"\x8c" + bytes([len(data)]) + data


def bad_global_reduce():
    # {'segments': posix.system('true')}: GLOBAL 'posix system', an argument tuple, REDUCE.
    return (b"\x80\x02}q\x00X\x08\x00\x00\x00segmentsq\x01" + b"cposix\nsystem\nq\x02"
            + b"X\x04\x00\x00\x00trueq\x03\x85q\x04Rq\x05s.")


def bad_stack_global():
    # Protocol 4: {'device_traces': builtins.object()} through STACK_GLOBAL and NEWOBJ.
    return (b"\x80\x04}\x94" + short_unicode("device_traces") + b"\x94" + short_unicode("builtins")
            + short_unicode("object") + b"\x93\x94)\x81\x94s.")


def deep_nesting():
    value = []
    for _ in range(200):
        value = [value]
    return dumps({"segments": value, "device_traces": []}, 2)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=pathlib.Path, default=HERE)
    parser.add_argument("--large", type=int, metavar="STEPS",
                        help="write only large.pickle: STEPS training steps, for benchmarks (not committed)")
    args = parser.parse_args()
    if args.large:
        trace = []
        alloc = Allocator(0, trace, clock=[1712345678000000])
        training(alloc, args.large, side_stream=94360862357504)
        data = dumps(snapshot([alloc], [trace]), 4)
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "large.pickle").write_bytes(data)
        print(f"large.pickle: {len(data)} bytes, {len(trace)} trace entries")
        return
    args.out.mkdir(parents=True, exist_ok=True)
    timed = dumps(training_timed(), 4)
    files = {
        "training_timed.pickle": timed,
        "untimed.pickle": dumps(untimed(), 2),
        "oom.pickle": dumps(oom(), 4),
        "multi_device.pickle": dumps(multi_device(), 2),
        "bad_global_reduce.pickle": bad_global_reduce(),
        "bad_stack_global.pickle": bad_stack_global(),
        "truncated.pickle": timed[: len(timed) // 2],
        "wrong_type.pickle": dumps({"segments": 5, "device_traces": []}, 2),
        "deep_nesting.pickle": deep_nesting(),
    }
    for name, data in files.items():
        (args.out / name).write_bytes(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
