#!/usr/bin/env python3
"""Makes a large RPD file for bench_rocm_sqlite by repeating the rows of a real
one: rocpd_op, rocpd_api, rocpd_api_ops, rocpd_kernelapi and rocpd_copyapi are
copied COPIES times with SQL, each copy with new ids and shifted later in time
by the span of the original, so the result reads like one long recording.

Usage: enlarge_rpd.py SOURCE.rpd OUT.rpd COPIES
Standard library only; SOURCE is not changed.
"""

import shutil
import sqlite3
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    source, out, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
    shutil.copyfile(source, out)
    db = sqlite3.connect(out)
    first, last = db.execute(
        "SELECT min(s), max(e) FROM (SELECT start AS s, end AS e FROM rocpd_op UNION ALL "
        "SELECT start, end FROM rocpd_api)").fetchone()
    span = last - first + 1000
    id_step = max(db.execute(f"SELECT max(id) FROM {t}").fetchone()[0] or 0
                  for t in ("rocpd_op", "rocpd_api", "rocpd_api_ops"))
    id_step -= min(db.execute(f"SELECT min(id) FROM {t}").fetchone()[0] or 0
                   for t in ("rocpd_op", "rocpd_api", "rocpd_api_ops"))
    id_step += 1
    base = {t: [c[1] for c in db.execute(f"PRAGMA table_info({t})")]
            for t in ("rocpd_op", "rocpd_api", "rocpd_api_ops", "rocpd_kernelapi", "rocpd_copyapi")}
    for table in base:
        db.execute(f"CREATE TEMP TABLE orig_{table} AS SELECT * FROM {table}")
    shifted = {"id", "api_id", "op_id", "api_ptr_id"}
    for n in range(1, copies):
        for table, columns in base.items():
            exprs = []
            for c in columns:
                if c in shifted:
                    exprs.append(f'"{c}" + {n * id_step}')
                elif c in ("start", "end") and table in ("rocpd_op", "rocpd_api"):
                    exprs.append(f'"{c}" + {n * span}')
                else:
                    exprs.append(f'"{c}"')
            names = ", ".join(f'"{c}"' for c in columns)
            db.execute(f"INSERT INTO {table} ({names}) SELECT {', '.join(exprs)} FROM orig_{table}")
        db.commit()
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    main()
