#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite (off-screen).
# usage: scripts/test.sh [--sanitize] [--build-only]
#   (none)        Release build in build/ (CUDA code compiled when nvcc is found), then the suite
#   --sanitize    AddressSanitizer + UndefinedBehaviorSanitizer build in build-asan/, then the suite
#   --build-only  the build alone (.ci/run compiles the sanitizer build while the Release suite runs)
#   environment: PRESISI_TEST_JOBS (suites run at once; default 2: every suite waits for conditions, not
#   times, and passes on a loaded machine)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sanitize=0
build_only=0
for arg in "$@"; do
  case "$arg" in
    --sanitize) sanitize=1 ;;
    --build-only) build_only=1 ;;
    *) echo "scripts/test.sh: unknown option '$arg' (--sanitize, --build-only)" >&2; exit 2 ;;
  esac
done
if ((sanitize)); then
  # CPU-only: the sanitizers check the project's own code; the CUDA code is compiled by the plain build.
  # clang: its instrumented build takes half of gcc's time (an engine file 33 s against 66 s, a page 14 s
  # against 26 s), the same compiler as the fuzz targets'. A directory configured with gcc starts again.
  build=$root/build-asan
  "$root/scripts/install-deps.sh" clang
  if [[ -f $build/CMakeCache.txt ]] && ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang' "$build/CMakeCache.txt"; then
    rm -rf "$build"
  fi
  "$root/scripts/build.sh" "$build" -DCMAKE_CXX_COMPILER=clang++ -DPRESISI_SANITIZE=ON -DPRESISI_WITH_CUDA=OFF \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
  export LSAN_OPTIONS=suppressions=$root/.ci/lsan.supp:print_suppressions=0
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  export PRESISI_SANITIZED=1
  # tst_reliability's seeded random use of the window runs a minute here (20 s in the plain build).
  export PRESISI_STRESS_SECONDS=${PRESISI_STRESS_SECONDS:-60}
else
  "$root/scripts/build.sh" "$root/build"
  build=$root/build
fi
((build_only)) && exit 0
export QT_QPA_PLATFORM=offscreen
cd "$build"
ctest --output-on-failure --timeout 900 -j "${PRESISI_TEST_JOBS:-2}"
