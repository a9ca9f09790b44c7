"""What the scripts that drive HolisticTraceAnalysis share: HTA from a source
directory (a checkout or `git archive` of a release tag) and the commit its
outputs record."""

import os
import subprocess
import sys


def use_hta(source_dir, commit=None):
    """Puts HTA's source first on the import path; returns `commit` when given,
    else the directory's git HEAD, else "unknown"."""
    sys.path.insert(0, os.path.abspath(source_dir))
    if commit is not None:
        return commit
    try:
        return subprocess.run(["git", "-C", source_dir, "rev-parse", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except Exception:
        return "unknown"
