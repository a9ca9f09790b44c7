#!/usr/bin/env python3
"""Make the rank traces of a distributed run from real Kineto rank traces.

    generate_rank_traces.py SOURCE.json[.gz]... --ranks N --out DIR [--seed S]
        [--straggler R --delay-us D] [--jitter-us J] [--clock-skew-us U] [--slim]

Writes DIR/rank-00000.json.gz ... (gzip level 1). Rank r is made from
SOURCE[r % len(SOURCES)]. Each file says at its top level, in "generatedBy",
which source, rank and seed it was made from: these files are generated, not
recorded.

What is real: every event of the source — its names, args, threads, streams,
launch correlations, flows, the order and the gaps of everything — is copied.
The source is taken as rank 0's truth.

What is made up (all of it seeded, see "Determinism"):

* A clock offset per rank, uniform in +-U us (default 50; rank 0 gets 0), added
  to every "ts" (CPU, GPU, flows, metadata, instants). baseTimeNanoseconds is
  kept: absolute time is baseTimeNanoseconds + ts, so shifting ts already
  shifts the rank's clock once; shifting both would double it.
* Compute GPU work (kernels, memcpy, memset not on a stream with collectives):
  dur x (1 - U(0, 0.04)). Only shorter, so nothing overlaps on its stream.
* Collective kernels (cat "kernel", name starting "nccl"). Instance k is the
  k-th such kernel on its stream. Each rank's true arrival is source ts +
  U(0, J) (J default 20 us), plus D for the straggler rank R. The transfer
  T_k = source dur x U(0.6, 0.95) is the instance's property, the same on
  every rank. The end is common: end_k = max over ranks of (arrival + T_k), so
  each rank's dur = end_k - its arrival; recorded ts = arrival + clock offset.
  Hence every instance's minimum duration over ranks is T_k, and the last
  arrival is the straggler.
* Streams stay free of overlaps: on a stream that carries collectives, an event
  whose start would fall before the end of the previous event on the stream is
  shifted to that end (cascading; a collective's planned arrival is then
  later, and end_k is computed from the shifted arrivals, so min dur = T_k
  still holds). Other events on such a stream are shrunk like compute work.
* gpu_user_annotation ranges keep their lead and tail around the first and
  last GPU event they enclosed on their stream; ac2g flow ends on a GPU event
  move with it.
* distributedInfo: rank = r, world_size = N. In pg_config the groups that were
  the whole source world become the default group of ranks 0..N-1 (pg_size N);
  in every event with "Process Group Ranks", a group of the whole source world
  becomes "[0, 1, ..., N-1]" with "Group size" N. A group smaller than the
  source world (none of the HTA sample traces has one) is kept exactly as
  recorded, on every rank: it names source ranks, so it is only meaningful
  when N equals the source world. A source without pg_config (older Kineto)
  gets none.

Which ranks share collective instances: ranks whose sources have the same
collective streams with the same kernel counts (the j-th collective stream,
by stream id, and the k-th kernel on it) form one cohort with one plan; T_k
comes from the cohort's first source. Ranks of sources with other collective
streams are planned separately (their clocks need not even be comparable, e.g.
nccl_distributed_rank and the sampled_rank-* pair). Cross-stream dependencies
(compute waiting for a collective) are not modelled.

--slim drops python_function events and CPU events (X events on a CPU process)
lying outside every ProfilerStep#N of their process; it keeps the steps,
every cpu_op / cuda_runtime / user_annotation inside a step, all GPU events,
metadata and flows. For small test fixtures. --slim --steps K also keeps only
the first K ProfilerSteps of each process: CPU events and CPU-side flow points
inside them, the GPU work whose correlation id a kept call launched, ac2g flows
of those launches, and uncorrelated GPU events (gpu_user_annotation) up to the
end of that work. The collective plan is still made from the whole source.
--gzip-level 9 makes the files smaller for committing.

Determinism: clock offsets come from random.Random("S:clock") drawn for ranks
1..N-1 in order; rank r's jitter and the durations of the non-collective
events on collective streams from random.Random("S:plan:r"); T_k from
random.Random("S:transfer:c") for cohort c; rank r's compute shrink factors
from random.Random("S:rank:r") in the source's event order. String seeds hash
the same on every Python 3, so the output is the same on every machine and
with any number of worker processes.

Speed: each worker parses each source once, the collective plan of all ranks is
made once up front, and a rank is one pass over the events plus json.dumps and
gzip level 1. Two worker processes by default (--jobs).

Benchmark sets (not committed; kept under /work/bench-data on the team machine),
sources from shared/traces/hta/:

    generate_rank_traces.py nccl_distributed_rank.json.gz sampled_rank-0.json.gz \
        sampled_rank-1.json.gz --ranks 256 --straggler 6 --delay-us 300 --seed 1 \
        --out /work/bench-data/ranks256
    generate_rank_traces.py nccl_distributed_rank.json.gz --ranks 8 --straggler 3 \
        --delay-us 300 --seed 1 --out /work/bench-data/ranks8

ranks256: 86 ranks from nccl_distributed_rank (one cohort, 21 collectives each,
straggler 6 among them), 85 + 85 from the sampled pair (one cohort, 10
SendRecv kernels each); 112 MB of gzip files. It took 69 s wall with the two
workers on an otherwise idle two-core machine (130 s while others were
building; 79 s CPU, 84 MB peak resident). ranks8: 7.6 MB, 7 s.
"""

import argparse
import bisect
import gzip
import json
import multiprocessing
import os
import random
import sys
import time

GPU_WORK_CATS = ("kernel", "gpu_memcpy", "gpu_memset")
CPU_STEP_PREFIX = "ProfilerStep#"


def load_json(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return json.load(handle)


def is_collective(event):
    return event.get("cat") == "kernel" and str(event.get("name", "")).startswith("nccl")


class Source:
    """One parsed source trace and what every rank made from it needs."""

    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)
        self.doc = load_json(path)
        events = self.doc.get("traceEvents", [])
        self.events = [e for e in events if isinstance(e, dict)]
        self.doc["traceEvents"] = self.events
        info = self.doc.get("distributedInfo") or {}
        self.world = info.get("world_size") or 1
        self.src_ts = [e.get("ts") for e in self.events]
        self.src_dur = [e.get("dur") for e in self.events]

        # GPU work per stream, in time order.
        streams = {}
        for index, event in enumerate(self.events):
            if event.get("ph") == "X" and event.get("cat") in GPU_WORK_CATS and isinstance(event.get("ts"), (int, float)):
                streams.setdefault((event.get("pid"), event.get("tid")), []).append(index)
        for indices in streams.values():
            indices.sort(key=lambda i: self.src_ts[i])
        self.streams = streams
        self.gpu_pids = {key[0] for key in streams}
        # Streams carrying collectives, ordered by stream id: the j-th is matched across sources.
        self.collective_streams = sorted(
            (key for key, indices in streams.items() if any(is_collective(self.events[i]) for i in indices)),
            key=lambda key: (str(key[1]), str(key[0])))
        self.signature = tuple(
            sum(1 for i in streams[key] if is_collective(self.events[i])) for key in self.collective_streams)
        collective_keys = set(self.collective_streams)
        # Compute work the rank RNG shrinks, in event order.
        self.compute_indices = sorted(
            i for key, indices in streams.items() if key not in collective_keys for i in indices)

        # ac2g flow ends bound to a GPU event: flow index -> GPU event index.
        by_start = {}
        for key, indices in streams.items():
            for i in indices:
                by_start[(key[0], key[1], self.src_ts[i])] = i
        self.flow_targets = []
        for index, event in enumerate(self.events):
            if event.get("ph") == "f" and event.get("pid") in self.gpu_pids:
                target = by_start.get((event.get("pid"), event.get("tid"), event.get("ts")))
                if target is not None:
                    self.flow_targets.append((index, target))

        # gpu_user_annotation -> (first, last) GPU event it encloses on its stream.
        self.annotations = []
        for index, event in enumerate(self.events):
            if event.get("ph") != "X" or event.get("cat") != "gpu_user_annotation":
                continue
            indices = streams.get((event.get("pid"), event.get("tid")))
            if not indices or not isinstance(event.get("dur"), (int, float)):
                continue
            begin, end = event["ts"], event["ts"] + event["dur"]
            first = bisect.bisect_left(self._stream_starts(event), begin)
            last = first
            while last < len(indices) and self.src_ts[indices[last]] + (self.src_dur[indices[last]] or 0) <= end + 1e-6:
                last += 1
            if last > first:
                self.annotations.append((index, indices[first], indices[last - 1]))

    def _stream_starts(self, event):
        cache = self.__dict__.setdefault("_starts_cache", {})
        key = (event.get("pid"), event.get("tid"))
        if key not in cache:
            cache[key] = [self.src_ts[i] for i in self.streams[key]]
        return cache[key]

    def slim_selection(self, step_limit=None):
        """Events --slim keeps; with step_limit only the first step_limit ProfilerSteps of each process."""
        steps = {}
        for event in self.events:
            if event.get("ph") == "X" and str(event.get("name", "")).startswith(CPU_STEP_PREFIX) \
                    and event.get("pid") not in self.gpu_pids and isinstance(event.get("dur"), (int, float)):
                steps.setdefault(event.get("pid"), []).append((event["ts"], event["ts"] + event["dur"]))
        for pid, ranges in steps.items():
            ranges.sort()
            if step_limit is not None:
                del ranges[step_limit:]

        def inside_step(event):
            ranges = steps.get(event.get("pid"))
            if not ranges:
                return False
            position = bisect.bisect_right(ranges, (event["ts"], float("inf"))) - 1
            return position >= 0 and event["ts"] >= ranges[position][0] \
                and event["ts"] + (event.get("dur") or 0) <= ranges[position][1] + 1e-6

        kept = []
        for event in self.events:
            if event.get("cat") == "python_function":
                continue
            on_cpu = event.get("pid") not in self.gpu_pids and isinstance(event.get("ts"), (int, float))
            if event.get("ph") == "X" and on_cpu and event.get("cat") != "Trace" and not inside_step(event):
                continue
            if step_limit is not None and event.get("ph") in ("s", "f") and on_cpu and not inside_step(event):
                continue
            kept.append(event)
        if step_limit is None:
            return kept
        # GPU work of the kept steps: launched by a kept call; uncorrelated GPU events and GPU-side
        # flow ends up to the end of that work.
        launched = {e["args"]["correlation"] for e in kept
                    if e.get("ph") == "X" and e.get("pid") not in self.gpu_pids
                    and isinstance(e.get("args"), dict) and "correlation" in e["args"]}
        horizon = float("-inf")
        selected = []
        for event in kept:
            if event.get("pid") in self.gpu_pids and event.get("ph") == "X" and event.get("cat") in GPU_WORK_CATS:
                correlation = (event.get("args") or {}).get("correlation")
                if correlation not in launched:
                    continue
                horizon = max(horizon, event["ts"] + (event.get("dur") or 0))
            selected.append(event)
        result = []
        for event in selected:
            if event.get("pid") in self.gpu_pids and isinstance(event.get("ts"), (int, float)) \
                    and event.get("ph") != "M" and event["ts"] > horizon:
                continue
            if event.get("ph") in ("s", "f") and event.get("cat") == "ac2g" and event.get("id") not in launched:
                continue
            result.append(event)
        return result


def whole_world_ranks(count):
    return "[" + ", ".join(str(r) for r in range(count)) + "]"


def rewrite_groups(source, ranks):
    """Group args and pg_config for N ranks; the same for every rank of a source."""
    world_text = whole_world_ranks(ranks)
    for event in source.events:
        args = event.get("args")
        if not isinstance(args, dict) or "Process Group Ranks" not in args:
            continue
        recorded = args["Process Group Ranks"]
        try:
            members = json.loads(recorded) if isinstance(recorded, str) else list(recorded)
        except ValueError:
            continue
        if len(members) == source.world:
            args["Process Group Ranks"] = world_text
            args["Group size"] = ranks
    info = source.doc.get("distributedInfo")
    if isinstance(info, dict) and isinstance(info.get("pg_config"), list):
        for group in info["pg_config"]:
            if isinstance(group, dict) and len(group.get("ranks") or []) == source.world:
                group["ranks"] = list(range(ranks))
                group["pg_size"] = ranks


def make_plan(sources, args):
    """Collective times of every rank: rank -> {event index: (true ts, dur)}, plus per instance T_k."""
    ranks = args.ranks
    cohorts = {}
    for rank in range(ranks):
        source = sources[rank % len(sources)]
        if source.signature:
            cohorts.setdefault(source.signature, []).append(rank)
    plan = {rank: {} for rank in range(ranks)}
    transfers = {}
    for cohort_number, (signature, members) in enumerate(sorted(cohorts.items(), key=lambda item: item[1][0])):
        first_source = sources[members[0] % len(sources)]
        transfer_rng = random.Random("%d:transfer:%d" % (args.seed, cohort_number))
        plan_rngs = {rank: random.Random("%d:plan:%d" % (args.seed, rank)) for rank in members}
        for stream_number, count in enumerate(signature):
            reference = [i for i in first_source.streams[first_source.collective_streams[stream_number]]
                         if is_collective(first_source.events[i])]
            cursor = {}
            free = {rank: float("-inf") for rank in members}
            stream_of = {}
            for rank in members:
                source = sources[rank % len(sources)]
                stream_of[rank] = source.streams[source.collective_streams[stream_number]]
                cursor[rank] = 0

            def walk_to_collective(rank):
                """Place the non-collective events before the rank's next collective; return its index."""
                source = sources[rank % len(sources)]
                indices = stream_of[rank]
                while cursor[rank] < len(indices):
                    i = indices[cursor[rank]]
                    cursor[rank] += 1
                    if is_collective(source.events[i]):
                        return i
                    start = max(source.src_ts[i], free[rank])
                    dur = (source.src_dur[i] or 0) * (1.0 - plan_rngs[rank].uniform(0.0, 0.04))
                    plan[rank][i] = (start, dur)
                    free[rank] = start + dur
                return None

            for k in range(count):
                transfer = (first_source.src_dur[reference[k]] or 0) * transfer_rng.uniform(0.6, 0.95)
                arrivals = {}
                for rank in members:
                    i = walk_to_collective(rank)
                    source = sources[rank % len(sources)]
                    arrival = source.src_ts[i] + plan_rngs[rank].uniform(0.0, args.jitter_us)
                    if rank == args.straggler:
                        arrival += args.delay_us
                    arrivals[rank] = (i, max(arrival, free[rank]))
                end = max(arrival for _, arrival in arrivals.values()) + transfer
                for rank, (i, arrival) in arrivals.items():
                    plan[rank][i] = (arrival, end - arrival)
                    free[rank] = end
                transfers[(cohort_number, stream_number, k)] = transfer
            for rank in members:
                walk_to_collective(rank)  # the tail after the last collective
    return plan, transfers


def clock_offsets(args):
    rng = random.Random("%d:clock" % args.seed)
    return [0.0] + [rng.uniform(-args.clock_skew_us, args.clock_skew_us) for _ in range(1, args.ranks)]


def ns(value):
    return round(value, 3)


def write_rank(source, rank, offset, rank_plan, args):
    events = source.events
    src_ts, src_dur = source.src_ts, source.src_dur
    # True (offset-free) GPU times: plan for collective streams, shrink elsewhere.
    new_ts = {}
    new_dur = {}
    rng = random.Random("%d:rank:%d" % (args.seed, rank))
    for i in source.compute_indices:
        new_ts[i] = src_ts[i]
        new_dur[i] = (src_dur[i] or 0) * (1.0 - rng.uniform(0.0, 0.04))
    for i, (start, dur) in rank_plan.items():
        new_ts[i] = start
        new_dur[i] = dur

    for i, event in enumerate(events):
        ts = src_ts[i]
        if isinstance(ts, (int, float)):
            event["ts"] = ns(ts + offset)
    for i, start in new_ts.items():
        events[i]["ts"] = ns(start + offset)
        events[i]["dur"] = ns(new_dur[i])
    for flow, target in source.flow_targets:
        events[flow]["ts"] = events[target]["ts"]
    for index, first, last in source.annotations:
        lead = src_ts[first] - src_ts[index]
        tail = src_ts[index] + src_dur[index] - (src_ts[last] + src_dur[last])
        start = new_ts.get(first, src_ts[first]) - lead
        end = new_ts.get(last, src_ts[last]) + new_dur.get(last, src_dur[last]) + tail
        events[index]["ts"] = ns(start + offset)
        events[index]["dur"] = ns(end - start)

    doc = source.doc
    doc["generatedBy"] = "tracelane bench/generate_rank_traces.py from %s, rank %d of %d, seed %d" % (
        source.name, rank, args.ranks, args.seed)
    info = doc.get("distributedInfo")
    if not isinstance(info, dict):
        info = {"backend": "nccl"}
        doc["distributedInfo"] = info
    info["rank"] = rank
    info["world_size"] = args.ranks
    ordered = {"generatedBy": doc["generatedBy"]}
    ordered.update((key, value) for key, value in doc.items() if key not in ("generatedBy", "traceEvents"))
    ordered["traceEvents"] = source.slim_events if args.slim else events
    if args.slim:
        ordered["generatedBy"] += ", slim" + ("" if args.steps is None else ", first %d steps" % args.steps)
    text = json.dumps(ordered, separators=(",", ":"))
    path = os.path.join(args.out, "rank-%0*d.json.gz" % (max(5, len(str(args.ranks - 1))), rank))
    # mtime 0 and no file name in the gzip header: the same arguments give the same bytes.
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", compresslevel=args.gzip_level,
                                                fileobj=raw, mtime=0) as handle:
        handle.write(text.encode("utf-8"))
    return path


_worker = {}


def _init_worker(paths, args, plan, offsets):
    sources = [Source(path) for path in paths]
    for source in sources:
        rewrite_groups(source, args.ranks)
        if args.slim:
            source.slim_events = source.slim_selection(args.steps)
    _worker.update(sources=sources, args=args, plan=plan, offsets=offsets)


def _run_rank(rank):
    sources, args = _worker["sources"], _worker["args"]
    source = sources[rank % len(sources)]
    return write_rank(source, rank, _worker["offsets"][rank], _worker["plan"][rank], args)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="+", metavar="SOURCE.json[.gz]")
    parser.add_argument("--ranks", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--straggler", type=int, default=None, help="rank that arrives late at every collective")
    parser.add_argument("--delay-us", type=float, default=0.0)
    parser.add_argument("--jitter-us", type=float, default=20.0)
    parser.add_argument("--clock-skew-us", type=float, default=50.0)
    parser.add_argument("--slim", action="store_true")
    parser.add_argument("--steps", type=int, default=None,
                        help="with --slim: keep only the first STEPS ProfilerSteps and the GPU work they launch")
    parser.add_argument("--gzip-level", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--plan-out", help="also write the collective plan (T_k, arrivals) as JSON here")
    args = parser.parse_args(argv)
    if args.ranks < 1:
        parser.error("--ranks must be at least 1")
    if args.straggler is not None and not 0 <= args.straggler < args.ranks:
        parser.error("--straggler must be a rank in 0..N-1")
    return args


def main(argv):
    args = parse_args(argv)
    started = time.monotonic()
    os.makedirs(args.out, exist_ok=True)
    sources = [Source(path) for path in args.sources]
    plan, transfers = make_plan(sources, args)
    offsets = clock_offsets(args)
    if args.plan_out:
        with open(args.plan_out, "w", encoding="utf-8") as handle:
            json.dump({"offsets_us": offsets,
                       "transfers_us": [[list(key), value] for key, value in sorted(transfers.items())],
                       "collectives": {str(rank): {str(i): list(times) for i, times in sorted(entries.items())}
                                       for rank, entries in plan.items()}}, handle)
    jobs = max(1, min(args.jobs, args.ranks))
    if jobs == 1:
        _init_worker(args.sources, args, plan, offsets)
        for rank in range(args.ranks):
            _run_rank(rank)
    else:
        del sources
        with multiprocessing.Pool(jobs, initializer=_init_worker, initargs=(args.sources, args, plan, offsets)) as pool:
            for _ in pool.imap_unordered(_run_rank, range(args.ranks)):
                pass
    print("%d ranks in %s, %.1f s" % (args.ranks, args.out, time.monotonic() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
