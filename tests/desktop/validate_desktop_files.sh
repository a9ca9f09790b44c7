#!/usr/bin/env bash
# ctest: the desktop entry, AppStream metainfo and MIME definitions pass the
# freedesktop.org validators. Exit 77 (skipped) when the tools are missing.
#   validate_desktop_files.sh DESKTOP_FILE METAINFO_FILE MIME_XML
set -euo pipefail
desktop=$1 metainfo=$2 mime=$3
for tool in desktop-file-validate appstreamcli update-mime-database; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool is not installed (scripts/install-deps.sh installs it)"
    exit 77
  fi
done
desktop-file-validate "$desktop"
# --no-net: the check must not depend on reaching the project's web pages.
appstreamcli validate --no-net "$metainfo"
# update-mime-database rejects a malformed definition with a non-zero status.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/mime/packages"
cp "$mime" "$work/mime/packages/"
update-mime-database "$work/mime" 2>&1 | tee "$work/log"
if grep -qi "error\|invalid\|unknown" "$work/log"; then
  echo "FAIL: update-mime-database complained about $mime"
  exit 1
fi
grep -q "application/x-pytorch-trace+json" "$work/mime/types"

# What a GNOME-like desktop decides, by content alone: needs gio and the samples.
traces=${TRACELANE_SHARED_TRACES:-}
if command -v gio >/dev/null && [ -d "$traces" ]; then
  cp /usr/share/mime/packages/freedesktop.org.xml "$work/mime/packages/"
  update-mime-database "$work/mime" >/dev/null 2>&1
  check() { # file expected
    local got
    got=$(XDG_DATA_DIRS=$work gio info -a standard::content-type "$1" | sed -n 's/.*content-type: //p')
    if [ "$got" != "$2" ]; then echo "FAIL: $1 is $got, expected $2"; exit 1; fi
  }
  head -c 16384 "$traces/nvprof/gpu_ml_timeline.nvvp" > "$work/profile"
  check "$work/profile" application/x-nvprof
  # head closes the pipe early, so gzip's SIGPIPE is expected.
  { gzip -dc "$traces/kineto/resnet50_train.json.gz" || true; } | head -c 16384 > "$work/trace"
  check "$work/trace" application/x-pytorch-trace+json
  cp "$work/trace" "$work/w0.pt.trace.json"
  check "$work/w0.pt.trace.json" application/x-pytorch-trace+json
  cp "$traces/nsys/nvtx_cnn.sqlite" "$work/r.nsys.sqlite"
  check "$work/r.nsys.sqlite" application/x-nsight-systems-sqlite
fi
echo "desktop entry, metainfo and MIME definitions are valid"
