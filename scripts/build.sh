#!/usr/bin/env bash
# Configures and builds Presisi into a build directory (default: build/, Release).
# usage: scripts/build.sh [BUILD_DIR] [extra cmake arguments…]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$build" -j "$(nproc)"
