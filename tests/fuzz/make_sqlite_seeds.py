#!/usr/bin/env python3
"""Writes the SQLite seeds of the nsys_sqlite and nvprof_sqlite fuzz targets.

Each shared database (../shared/traces/nsys/*.sqlite, nvprof/*.nvvp) is shrunk
to the tables its importer reads, a few launches with their GPU work, a few
NVTX ranges and the strings they name, written with 512-byte pages (a few KB).
Then variants of each shrunk database, made with SQL, as real exports differ:
dropped and renamed columns and tables, NULLs, text and reals in integer
columns, values at +-2^63, ends before starts, dangling and huge string ids,
duplicate correlation ids. The nvprof database has no NVTX markers, so one
variant adds marker rows (ranges, instants, pyprof-style text).
sqlite_mutator.cpp applies the same kinds of change while fuzzing.

Usage: make_sqlite_seeds.py [--traces DIR] [--out DIR]   (deterministic)
"""
import argparse
import pathlib
import re
import sqlite3
import struct

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_TRACES = HERE.parents[2] / "shared" / "traces"

NSYS_TABLES = ["StringIds", "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME",
               "CUPTI_ACTIVITY_KIND_DRIVER", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET",
               "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION", "NVTX_EVENTS", "ThreadNames", "PROCESSES",
               "TARGET_INFO_GPU", "TARGET_INFO_SESSION_START_TIME", "ENUM_CUDA_MEMCPY_OPER",
               "ENUM_CUDA_MEM_KIND", "ENUM_CUPTI_SYNC_TYPE", "META_DATA_CAPTURE", "META_DATA_EXPORT"]
NVPROF_TABLES = ["StringTable", "CUPTI_ACTIVITY_KIND_RUNTIME", "CUPTI_ACTIVITY_KIND_DRIVER",
                 "CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL", "CUPTI_ACTIVITY_KIND_KERNEL",
                 "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET", "CUPTI_ACTIVITY_KIND_MARKER",
                 "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION", "CUPTI_ACTIVITY_KIND_CONTEXT",
                 "CUPTI_ACTIVITY_KIND_DEVICE", "CUPTI_ACTIVITY_KIND_NAME"]
# Columns that hold string ids, per format.
NSYS_STRING_COLUMNS = ["nameId", "demangledName", "shortName", "mangledName", "textId", "domainId"]
NVPROF_STRING_COLUMNS = ["name"]


def columns(db, table):
    return [row[1] for row in db.execute(f'PRAGMA table_info("{table}")')]


def shrink(source, target, tables, string_table, string_id, string_columns, launches):
    """Copies the schema of `tables` and a small, consistent sample of rows."""
    src = sqlite3.connect(f"file:{source}?immutable=1", uri=True)
    target.unlink(missing_ok=True)
    dst = sqlite3.connect(target)
    dst.execute("PRAGMA page_size = 512")
    present = {name: sql for name, sql in src.execute("SELECT name, sql FROM sqlite_master WHERE type='table'")}
    rows = {}
    kernel_table = next(t for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL")
                        if t in present and src.execute(f"SELECT count(*) FROM {t}").fetchone()[0])
    # Launches from the middle of the run, with their kernels (same correlation id).
    total = src.execute(f"SELECT count(*) FROM {kernel_table}").fetchone()[0]
    kernels = src.execute(f"SELECT * FROM {kernel_table} ORDER BY start LIMIT ? OFFSET ?",
                          (launches, total // 2)).fetchall()
    kcols = columns(src, kernel_table)
    correlations = {k[kcols.index("correlationId")] for k in kernels}
    lo = min(k[kcols.index("start")] for k in kernels) - 2_000_000
    hi = max(k[kcols.index("end")] for k in kernels)
    marks = ",".join("?" * len(correlations))
    for table in tables:
        if table not in present or table == string_table:
            continue
        cols = columns(src, table)
        if table == kernel_table:
            rows[table] = kernels
        elif "correlationId" in cols:
            rows[table] = src.execute(f"SELECT * FROM {table} WHERE correlationId IN ({marks}) "
                                      f"OR (start BETWEEN ? AND ?) ORDER BY start LIMIT 24",
                                      (*correlations, lo, hi)).fetchall()
            if not rows[table]:  # none in the window: a few from anywhere
                rows[table] = src.execute(f"SELECT * FROM {table} ORDER BY start LIMIT 4").fetchall()
        elif "start" in cols:
            rows[table] = src.execute(f"SELECT * FROM {table} WHERE start BETWEEN ? AND ? ORDER BY start LIMIT 16",
                                      (lo - 50_000_000, hi)).fetchall()
        else:
            rows[table] = src.execute(f"SELECT * FROM {table} LIMIT 12").fetchall()
    used = set()
    for table, table_rows in rows.items():
        cols = columns(src, table)
        for name in string_columns:
            if name in cols:
                used.update(r[cols.index(name)] for r in table_rows if isinstance(r[cols.index(name)], int))
    if string_table in present:
        marks_used = ",".join("?" * len(used))
        rows[string_table] = src.execute(f"SELECT * FROM {string_table} WHERE {string_id} IN ({marks_used})",
                                         tuple(used)).fetchall()
        # Long strings (demangled templates) cut: the ids matter, not the text.
        rows[string_table] = [(r[0], r[1][:100] if isinstance(r[1], str) else r[1]) + tuple(r[2:])
                              for r in rows[string_table]]
    for table in tables:
        if table in rows:
            # Without NOT NULL, so that the variants below can write NULLs, and
            # without nsys's comments, which made most of the file.
            sql = re.sub(r"--[^\n]*", "", present[table]).replace("NOT NULL", "")
            dst.execute(re.sub(r"\s+", " ", sql))
            if rows[table]:
                dst.executemany(f"INSERT INTO {table} VALUES ({','.join('?' * len(rows[table][0]))})", rows[table])
    dst.commit()
    dst.execute("VACUUM")
    dst.close()
    src.close()


NSYS_VARIANTS = {
    "nulls": "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET streamId = NULL, deviceId = NULL, demangledName = NULL "
             "WHERE rowid % 2 = 0; UPDATE NVTX_EVENTS SET \"end\" = NULL, textId = NULL, text = NULL "
             "WHERE rowid % 3 = 0; UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET globalTid = NULL WHERE rowid % 4 = 0",
    "text_in_integers": "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = 'soon', \"end\" = x'0102' WHERE rowid % 2 = 0; "
                        "UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET correlationId = '12abc', nameId = 1.5",
    "extreme_times": "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = -9223372036854775808 WHERE rowid % 3 = 0; "
                     "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET \"end\" = 9223372036854775807 WHERE rowid % 3 = 1; "
                     "UPDATE NVTX_EVENTS SET start = 9223372036854775807 WHERE rowid % 2 = 0; "
                     "UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET \"end\" = -9223372036854775808 WHERE rowid % 5 = 0",
    "negative_durations": "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET \"end\" = start - 1000; "
                          "UPDATE NVTX_EVENTS SET \"end\" = start - 5 WHERE \"end\" IS NOT NULL; "
                          "UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET \"end\" = start - 1 WHERE rowid % 2 = 0",
    "dropped_columns": "ALTER TABLE CUPTI_ACTIVITY_KIND_KERNEL DROP COLUMN shortName; "
                       "ALTER TABLE CUPTI_ACTIVITY_KIND_RUNTIME DROP COLUMN correlationId; "
                       "ALTER TABLE NVTX_EVENTS DROP COLUMN globalTid",
    "renamed_columns": "ALTER TABLE CUPTI_ACTIVITY_KIND_KERNEL RENAME COLUMN start TO startNs; "
                       "ALTER TABLE StringIds RENAME COLUMN value TO text",
    "no_strings": "DELETE FROM StringIds",
    "dangling_and_huge_ids": "UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET nameId = 999999 WHERE rowid % 2 = 0; "
                             "UPDATE StringIds SET id = 4294967296 + id WHERE rowid % 4 = 0; "
                             "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET demangledName = -5",
    "duplicate_correlations": "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET correlationId = 7; "
                              "UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET correlationId = 7 WHERE rowid % 2 = 0",
    "odd_nvtx": "UPDATE NVTX_EVENTS SET eventType = eventType * 7 + 1 WHERE rowid % 2 = 0; "
                "UPDATE NVTX_EVENTS SET globalTid = -1, domainId = 9223372036854775807 WHERE rowid % 3 = 0",
}

NVPROF_VARIANTS = {
    "nulls": "UPDATE CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL SET streamId = NULL, name = NULL WHERE rowid % 2 = 0; "
             "UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET threadId = NULL, cbid = NULL WHERE rowid % 3 = 0",
    "text_in_integers": "UPDATE CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL SET start = 'x', \"end\" = 2.5e30; "
                        "UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET correlationId = x'00ff' WHERE rowid % 2 = 0",
    "extreme_times": "UPDATE CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL SET start = -9223372036854775808 "
                     "WHERE rowid % 2 = 0; UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET \"end\" = 9223372036854775807 "
                     "WHERE rowid % 3 = 0",
    "negative_durations": "UPDATE CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL SET \"end\" = start - 100; "
                          "UPDATE CUPTI_ACTIVITY_KIND_DRIVER SET \"end\" = start - 1",
    "dropped_columns": "ALTER TABLE CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL DROP COLUMN name; "
                       "ALTER TABLE CUPTI_ACTIVITY_KIND_RUNTIME DROP COLUMN cbid",
    "renamed_tables": "ALTER TABLE CUPTI_ACTIVITY_KIND_CONTEXT RENAME TO CONTEXTS; "
                      "ALTER TABLE CUPTI_ACTIVITY_KIND_DEVICE RENAME COLUMN name TO deviceName",
    "dangling_and_huge_ids": "UPDATE CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL SET name = 4294967296 WHERE rowid % 2 = 0; "
                             "UPDATE CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL SET deviceId = -1, streamId = 2147483648 "
                             "WHERE rowid % 3 = 0",
    "short_object_ids": "UPDATE CUPTI_ACTIVITY_KIND_NAME SET objectId = x'0100', objectKind = 2",
}


def pack_object_id(pid, tid):
    return struct.pack("<III", pid, tid, 0)


def add_markers(db):
    """nvprof's NVTX markers: ranges (flags 2 start, 4 end, paired by id),
    instants (flags 1), pyprof-style text, a range without end, an end without start."""
    pid, tid, start = db.execute("SELECT processId, threadId, start FROM CUPTI_ACTIVITY_KIND_RUNTIME "
                                 "ORDER BY start LIMIT 1").fetchone()
    texts = ["Iteration 1", "FWD pass", "{'mod': 'torch.nn.functional', 'op': 'linear', 'args': []}",
             "seq = 3, op_id = 4, sizes = [[2, 3], [3, 4]]", "BWD pass"]
    ids = []
    for text in texts:
        db.execute("INSERT OR IGNORE INTO StringTable(value) VALUES (?)", (text,))
        ids.append(db.execute("SELECT _id_ FROM StringTable WHERE value = ?", (text,)).fetchone()[0])
    obj = pack_object_id(pid, tid)
    rows = [(2, start - 1000, 1, 2, obj, ids[0], 0), (2, start - 900, 2, 2, obj, ids[1], 0),
            (2, start - 800, 3, 2, obj, ids[2], 0), (4, start - 100, 3, 2, obj, 0, 0),
            (4, start + 10_000, 2, 2, obj, 0, 0), (2, start + 10_100, 4, 2, obj, ids[4], 0),
            (4, start + 20_000, 4, 2, obj, 0, 0), (1, start + 5, 5, 1, obj, ids[3], 0),
            (2, start + 20_100, 6, 2, obj, ids[3], 0), (4, start + 20_200, 77, 2, obj, 0, 0),
            (4, start + 30_000, 1, 2, obj, 0, 0), (8, start, 9, 2, obj, 0, 0)]
    db.executemany("INSERT INTO CUPTI_ACTIVITY_KIND_MARKER(flags, timestamp, id, objectKind, objectId, name, domain) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)


def variants(base, out_dir, stem, edits, extra=None):
    sizes = {}
    for name, sql in edits.items():
        target = out_dir / f"{stem}_{name}.sqlite"
        target.write_bytes(base.read_bytes())
        db = sqlite3.connect(target)
        db.executescript(sql)
        db.commit()
        db.execute("VACUUM")
        db.close()
        sizes[name] = target.stat().st_size
    if extra:
        target = out_dir / f"{stem}_markers.sqlite"
        target.write_bytes(base.read_bytes())
        db = sqlite3.connect(target)
        extra(db)
        db.commit()
        db.close()
        sizes["markers"] = target.stat().st_size
    return sizes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--traces", type=pathlib.Path, default=DEFAULT_TRACES)
    parser.add_argument("--out", type=pathlib.Path, default=HERE / "corpus")
    args = parser.parse_args()
    nsys_dir, nvprof_dir = args.out / "nsys_sqlite", args.out / "nvprof_sqlite"
    nsys_dir.mkdir(parents=True, exist_ok=True)
    nvprof_dir.mkdir(parents=True, exist_ok=True)
    for stem in ("nvtx_cnn", "emit_nvtx_mlp"):
        base = nsys_dir / f"{stem}_small.sqlite"
        shrink(args.traces / "nsys" / f"{stem}.sqlite", base, NSYS_TABLES, "StringIds", "id",
               NSYS_STRING_COLUMNS, 10)
        edits = NSYS_VARIANTS if stem == "nvtx_cnn" else {}
        print(stem, base.stat().st_size, variants(base, nsys_dir, stem, edits))
    base = nvprof_dir / "gpu_ml_timeline_small.nvvp"
    shrink(args.traces / "nvprof" / "gpu_ml_timeline.nvvp", base, NVPROF_TABLES, "StringTable", "_id_",
           NVPROF_STRING_COLUMNS, 10)
    print("gpu_ml_timeline", base.stat().st_size, variants(base, nvprof_dir, "gpu_ml_timeline", NVPROF_VARIANTS,
                                                           add_markers))


if __name__ == "__main__":
    main()
