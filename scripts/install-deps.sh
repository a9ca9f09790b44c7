#!/usr/bin/env bash
# Installs what building, testing and screenshots need on Debian 12 (run as root).
# clang, its sanitizer and libFuzzer runtimes and llvm-symbolizer build and run tests/fuzz;
# mold links the programs and tests in a fraction of GNU ld's time.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends \
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n libqcustomplot-dev \
  nlohmann-json3-dev libsimdjson-dev libisal-dev libsqlite3-dev zlib1g-dev ninja-build cmake g++ mold \
  clang libclang-rt-14-dev llvm-14 \
  python3 xvfb xauth \
  desktop-file-utils appstream shared-mime-info >/dev/null
