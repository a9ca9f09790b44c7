#!/usr/bin/env python3
"""Writes the seeds of the rocm_sqlite fuzz target: tiny RPD and rocpd databases.

The RPD seed is tests/data/rocm/rpd_matmul.rpd cut to a few launches with
their ops, a few other calls, a roctx range and mark, and the strings they
name; the rocpd seed is tests/data/rocm/rocpd_908_results.db cut to a few
kernels, launches, copies and markers (its suffixed tables and views kept).
Both are written with 512-byte pages (a few KB). Then variants of each, made
with SQL as real files differ: NULLs, text in integer columns, values at
+-2^63, ends before starts, dropped columns, huge and dangling ids, unknown op
types and categories. sqlite_mutator.cpp applies the same kinds of change
while fuzzing.

Usage: make_rocm_sqlite_seeds.py [--out DIR]   (deterministic)
"""
import argparse
import pathlib
import sqlite3

HERE = pathlib.Path(__file__).resolve().parent
DATA = HERE.parent / "data" / "rocm"

RPD_VARIANTS = {
    "nulls": "UPDATE rocpd_op SET start = NULL WHERE rowid % 3 = 0; UPDATE rocpd_api SET tid = NULL, "
             "apiName_id = NULL WHERE rowid % 2 = 0; UPDATE rocpd_api_ops SET op_id = NULL WHERE rowid % 4 = 0",
    "text_in_integers": "UPDATE rocpd_op SET start = 'soon', gpuId = x'0102' WHERE rowid % 2 = 0; "
                        "UPDATE rocpd_api SET start = 1.5, pid = 'p' WHERE rowid % 3 = 0",
    "extreme_times": "UPDATE rocpd_op SET start = -9223372036854775808 WHERE rowid % 2 = 0; "
                     "UPDATE rocpd_api SET \"end\" = 9223372036854775807 WHERE rowid % 3 = 0",
    "negative_durations": "UPDATE rocpd_op SET \"end\" = start - 100; UPDATE rocpd_api SET \"end\" = start - 1",
    "dropped_columns": "ALTER TABLE rocpd_op DROP COLUMN description_id; ALTER TABLE rocpd_api DROP COLUMN args_id",
    "huge_ids": "UPDATE rocpd_op SET gpuId = 1099511627776, queueId = -9223372036854775808 WHERE rowid % 2 = 0; "
                "UPDATE rocpd_api_ops SET api_id = api_id + 4611686018427387904, op_id = 9223372036854775807 "
                "WHERE rowid % 3 = 0; UPDATE rocpd_op SET opType_id = 999999 WHERE rowid % 5 = 0",
    "unknown_op_types": "INSERT INTO rocpd_string(string) VALUES ('BarrierAnd'); UPDATE rocpd_op SET opType_id = "
                        "(SELECT id FROM rocpd_string WHERE string = 'BarrierAnd') WHERE rowid % 2 = 0",
    "ops_linked_twice": "INSERT INTO rocpd_api_ops(api_id, op_id) SELECT api_id + 1, op_id FROM rocpd_api_ops",
}

ROCPD_VARIANTS = {
    "nulls": "UPDATE rocpd_kernel_dispatch{s} SET start = NULL WHERE rowid % 3 = 0; "
             "UPDATE rocpd_event{s} SET correlation_id = NULL WHERE rowid % 2 = 0",
    "extreme_times": "UPDATE rocpd_kernel_dispatch{s} SET start = -9223372036854775808 WHERE rowid % 2 = 0; "
                     "UPDATE rocpd_region{s} SET \"end\" = 9223372036854775807 WHERE rowid % 3 = 0",
    "negative_durations": "UPDATE rocpd_kernel_dispatch{s} SET \"end\" = start - 100; "
                          "UPDATE rocpd_region{s} SET \"end\" = start - 1",
    "huge_ids": "UPDATE rocpd_event{s} SET correlation_id = 1099511627776 WHERE rowid % 2 = 0; "
                "UPDATE rocpd_info_agent{s} SET type_index = 4294967296 WHERE type = 'GPU'; "
                "UPDATE rocpd_kernel_dispatch{s} SET queue_id = 9223372036854775807 WHERE rowid % 3 = 0",
    "text_in_integers": "UPDATE rocpd_kernel_dispatch{s} SET start = 'x', grid_size_x = 2.5e30; "
                        "UPDATE rocpd_memory_copy{s} SET size = x'00ff'",
    "odd_categories": "UPDATE rocpd_event{s} SET category_id = (SELECT id FROM rocpd_string{s} WHERE string = "
                      "'MARKER_CORE_API') WHERE rowid % 2 = 0; UPDATE rocpd_event{s} SET category_id = 99999 "
                      "WHERE rowid % 5 = 0",
}


def cut_rpd(target):
    src = sqlite3.connect(f"file:{DATA / 'rpd_matmul.rpd'}?immutable=1", uri=True)
    target.unlink(missing_ok=True)
    dst = sqlite3.connect(target)
    dst.execute("PRAGMA page_size = 512")
    tables = ["rocpd_string", "rocpd_api", "rocpd_op", "rocpd_api_ops", "rocpd_kernelapi", "rocpd_copyapi",
              "rocpd_metadata"]
    schema = dict(src.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'"))
    for table in tables:
        dst.execute(schema[table].replace("NOT NULL", ""))
    links = src.execute("SELECT * FROM rocpd_api_ops ORDER BY id LIMIT 12 OFFSET 40").fetchall()
    apis = {l[1] for l in links} | {r[0] for r in src.execute("SELECT id FROM rocpd_api ORDER BY id LIMIT 6")}
    ops = {l[2] for l in links}

    def copy(table, where, ids):
        marks = ",".join("?" * len(ids))
        rows = src.execute(f"SELECT * FROM {table} WHERE {where} IN ({marks})", tuple(ids)).fetchall()
        if rows:
            dst.executemany(f"INSERT INTO {table} VALUES ({','.join('?' * len(rows[0]))})", rows)
        return rows

    dst.executemany("INSERT INTO rocpd_api_ops VALUES (?, ?, ?)", links)
    api_rows = copy("rocpd_api", "id", apis)
    op_rows = copy("rocpd_op", "id", ops)
    copy("rocpd_kernelapi", "api_ptr_id", apis)
    copy("rocpd_copyapi", "api_ptr_id", apis)
    dst.executemany("INSERT INTO rocpd_metadata VALUES (?, ?, ?)", src.execute("SELECT * FROM rocpd_metadata"))
    strings = {r[5] for r in api_rows} | {r[6] for r in api_rows} | {r[7] for r in op_rows} | {r[8] for r in op_rows}
    rows = [(i, s[:100]) for i, s in src.execute("SELECT id, string FROM rocpd_string") if i in strings]
    dst.executemany("INSERT INTO rocpd_string VALUES (?, ?)", rows)
    # A roctx range and mark, as rpd_tracer writes them.
    dst.execute("INSERT INTO rocpd_string(string) VALUES ('UserMarker'), ('step 1')")
    marker, text = (dst.execute("SELECT id FROM rocpd_string WHERE string = ?", (s,)).fetchone()[0]
                    for s in ("UserMarker", "step 1"))
    first = min(r[3] for r in api_rows)
    dst.execute("INSERT INTO rocpd_api(pid, tid, start, end, apiName_id, args_id) VALUES (1, 1, ?, ?, ?, ?), "
                "(1, 1, ?, ?, ?, ?)", (first, first + 10_000_000, marker, text, first + 5, first + 5, marker, text))
    dst.commit()
    dst.execute("VACUUM")
    dst.close()


def cut_rocpd(target):
    target.unlink(missing_ok=True)
    target.write_bytes((DATA / "rocpd_908_results.db").read_bytes())
    db = sqlite3.connect(target)
    suffix = next(n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                  if n.startswith("rocpd_kernel_dispatch")).removeprefix("rocpd_kernel_dispatch")
    s = suffix
    db.executescript(f"""
        DELETE FROM rocpd_kernel_dispatch{s} WHERE id > 12;
        DELETE FROM rocpd_region{s} WHERE id NOT IN (SELECT id FROM rocpd_region{s} ORDER BY id LIMIT 12)
            AND event_id NOT IN (SELECT e.id FROM rocpd_event{s} e JOIN rocpd_string{s} c ON c.id = e.category_id
                                 WHERE c.string LIKE 'MARKER%')
            AND event_id NOT IN (SELECT event_id FROM rocpd_region{s} ORDER BY id DESC LIMIT 3);
        DELETE FROM rocpd_memory_copy{s} WHERE id > 3;
        DELETE FROM rocpd_event{s} WHERE id NOT IN (SELECT event_id FROM rocpd_kernel_dispatch{s}
            UNION SELECT event_id FROM rocpd_region{s} UNION SELECT event_id FROM rocpd_memory_copy{s}
            UNION SELECT event_id FROM rocpd_memory_allocate{s});
        DELETE FROM rocpd_info_kernel_symbol{s} WHERE id NOT IN (SELECT kernel_id FROM rocpd_kernel_dispatch{s});
        UPDATE rocpd_info_kernel_symbol{s} SET kernel_name = substr(kernel_name, 1, 100),
            display_name = substr(display_name, 1, 100);
        UPDATE rocpd_info_process{s} SET command = 'python train.py';
        DELETE FROM rocpd_info_stream{s} WHERE id NOT IN (SELECT stream_id FROM rocpd_kernel_dispatch{s});
        DELETE FROM rocpd_string{s} WHERE id NOT IN (SELECT name_id FROM rocpd_region{s}
            UNION SELECT category_id FROM rocpd_event{s} UNION SELECT name_id FROM rocpd_memory_copy{s}
            UNION SELECT region_name_id FROM rocpd_kernel_dispatch{s});
    """)
    db.commit()
    db.execute("PRAGMA page_size = 512")
    db.execute("VACUUM")
    db.close()
    return suffix


def variants(base, out_dir, stem, edits, suffix=""):
    sizes = {}
    for name, sql in edits.items():
        target = out_dir / f"{stem}_{name}.sqlite"
        target.write_bytes(base.read_bytes())
        db = sqlite3.connect(target)
        db.executescript(sql.replace("{s}", suffix))
        db.commit()
        db.execute("VACUUM")
        db.close()
        sizes[name] = target.stat().st_size
    return sizes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=HERE / "corpus")
    args = parser.parse_args()
    out = args.out / "rocm_sqlite"
    out.mkdir(parents=True, exist_ok=True)
    rpd = out / "rpd_matmul_small.rpd"
    cut_rpd(rpd)
    print("rpd", rpd.stat().st_size, variants(rpd, out, "rpd_matmul", RPD_VARIANTS))
    rocpd = out / "rocpd_908_small.db"
    suffix = cut_rocpd(rocpd)
    print("rocpd", rocpd.stat().st_size, variants(rocpd, out, "rocpd_908", ROCPD_VARIANTS, suffix))


if __name__ == "__main__":
    main()
