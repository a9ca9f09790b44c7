"""The statistics and row order shared by the `nsys stats` summary reports,
written out from the reports' documentation for the reference figures.

Every summary groups durations (integer nanoseconds) and shows, per group:
count, total, average, median (mean of the two middle values for an even
count), minimum, maximum and the sample standard deviation (n - 1; 0 for a
single value). Rows are ordered by total descending, then count ascending,
then name ascending.
"""
import statistics


def duration_columns(durations):
    """Count, total, avg, median, min, max, stddev of a list of int ns."""
    durs = sorted(durations)
    n = len(durs)
    total = sum(durs)
    return {
        "count": n,
        "total": total,
        "avg": total / n,
        "med": float(statistics.median(durs)),
        "min": durs[0],
        "max": durs[-1],
        "stddev": statistics.stdev(durs) if n > 1 else 0.0,
    }


def nsys_order(rows, total, count, name):
    """Sorts rows in place as nsys does: total desc, count asc, name asc."""
    rows.sort(key=lambda r: (-r[total], r[count], r[name]))


def percent(part, whole):
    return 100.0 * part / whole if whole else 0.0


def api_display_name(name):
    """nsys cuda_api_sum strips a version suffix: when the 6th and 5th last
    characters are "_v" ("cudaLaunchKernel_v7000"), the last six go.
    It groups by the recorded name first and renames afterwards."""
    return name[:-6] if len(name) >= 6 and name[-6:-4] == "_v" else name


def summary_rows(groups, count_column, name_column, extra=None, rename=None):
    """Rows of a per-name summary (cuda_gpu_kern_sum / cuda_api_sum / nvtx_sum
    layout) from {name: [durations]}; `extra` adds fixed columns per row and
    `rename` turns a group's name into the name shown."""
    grand_total = sum(sum(d) for d in groups.values())
    rows = []
    for name, durations in groups.items():
        s = duration_columns(durations)
        row = {
            "Time (%)": percent(s["total"], grand_total),
            "Total Time (ns)": s["total"],
            count_column: s["count"],
            "Avg (ns)": s["avg"],
            "Med (ns)": s["med"],
            "Min (ns)": s["min"],
            "Max (ns)": s["max"],
            "StdDev (ns)": s["stddev"],
            name_column: rename(name) if rename else name,
        }
        row.update(extra or {})
        rows.append(row)
    nsys_order(rows, "Total Time (ns)", count_column, name_column)
    return rows
