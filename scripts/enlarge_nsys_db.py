#!/usr/bin/env python3
"""Makes a large Nsight Systems SQLite export from a small real one, for import benchmarks.

    enlarge_nsys_db.py SRC.sqlite FACTOR OUT.sqlite

OUT is a copy of SRC whose event tables (kernels, runtime and driver calls, memcpys,
memsets, syncs, NVTX events) hold FACTOR back-to-back copies of the recording: copy k
is shifted in time by k times the trace span and its correlation ids by k times
(largest id + 1), so every launch still links to its own GPU work and nothing overlaps.
StringIds, threads, processes, GPUs and the ENUM_* tables are kept as they are.
Write OUT under a git-ignored folder (bench/data/): it is large and regenerable.
"""

import os
import shutil
import sqlite3
import sys

EVENT_TABLES = (
    "CUPTI_ACTIVITY_KIND_KERNEL",
    "CUPTI_ACTIVITY_KIND_RUNTIME",
    "CUPTI_ACTIVITY_KIND_DRIVER",
    "CUPTI_ACTIVITY_KIND_MEMCPY",
    "CUPTI_ACTIVITY_KIND_MEMSET",
    "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION",
    "NVTX_EVENTS",
)


def columns(db, table):
    return [row[1] for row in db.execute(f'PRAGMA table_info("{table}")')]


def present_tables(db):
    names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return [t for t in EVENT_TABLES if t in names]


def span_and_correlation(db, tables):
    """Time span [first start, last end] over all event tables, and the largest correlation id."""
    first, last, max_corr = None, None, 0
    for table in tables:
        cols = columns(db, table)
        lo, hi = db.execute(f'SELECT min(start), max(coalesce("end", start)) FROM "{table}"').fetchone()
        if lo is None:
            continue
        first = lo if first is None else min(first, lo)
        last = hi if last is None else max(last, hi)
        if "correlationId" in cols:
            (corr,) = db.execute(f'SELECT coalesce(max(correlationId), 0) FROM "{table}"').fetchone()
            max_corr = max(max_corr, corr)
    if first is None:
        raise SystemExit("enlarge_nsys_db: the source has no events to copy")
    return last - first + 1, max_corr + 1


def shifted(column):
    """SQL that yields `column` of copy :k (bound parameters :dt and :dc)."""
    if column in ("start", "end"):
        return f'"{column}" + :dt'  # NULL (an unended range, a mark) stays NULL
    if column == "correlationId":
        return 'CASE WHEN correlationId > 0 THEN correlationId + :dc ELSE correlationId END'
    return f'"{column}"'


def enlarge(src, factor, out):
    if os.path.exists(out):
        os.remove(out)
    shutil.copyfile(src, out)
    os.chmod(out, 0o644)  # the shared traces are read-only
    db = sqlite3.connect(out)
    tables = present_tables(db)
    span, corr_step = span_and_correlation(db, tables)
    for table in tables:
        cols = columns(db, table)
        names = ", ".join(f'"{c}"' for c in cols)
        db.execute(f'CREATE TEMP TABLE original AS SELECT {names} FROM "{table}"')
        insert = (f'INSERT INTO "{table}" ({names}) '
                  f'SELECT {", ".join(shifted(c) for c in cols)} FROM temp.original')
        for k in range(1, factor):
            db.execute(insert, {"dt": k * span, "dc": k * corr_step})
        db.execute("DROP TABLE temp.original")
        db.commit()
    db.execute("VACUUM")
    rows = {t: db.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}
    db.close()
    return span, rows


def main(argv):
    if len(argv) != 4:
        print("usage: " + __doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    src, factor, out = argv[1], int(argv[2]), argv[3]
    if factor < 1:
        print("enlarge_nsys_db: FACTOR must be at least 1", file=sys.stderr)
        return 2
    if os.path.abspath(src) == os.path.abspath(out):
        print("enlarge_nsys_db: OUT must differ from SRC", file=sys.stderr)
        return 2
    span, rows = enlarge(src, factor, out)
    for table, count in rows.items():
        print(f"{table}: {count} rows")
    print(f"event rows: {sum(rows.values())}, copies {factor}, each shifted by {span} ns")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
