#!/usr/bin/env bash
# The device check, in one invocation, on a machine with an NVIDIA GPU, CUDA 13 (nvcc, cuBLAS), cmake
# and a C++ compiler — no Qt, no package registry:
#   1. builds presisi_device_check (engine only) into build-device/;
#   2. runs every check (the rows of `presisi_device_check --list`);
#   3. runs the kernel and thread rows again under `compute-sanitizer --tool memcheck --leak-check full`
#      (skipped, with a message, where compute-sanitizer is missing);
#   4. runs the GPU part of the benchmarks;
#   5. prints one summary table (format: docs/BENCHMARKS.md, "GPU").
# Exit status: 0 every check passed and memcheck found nothing (or was skipped); 1 a check failed,
# memcheck reported an error or leak, or the benchmark failed; 2 no usable device, no CUDA toolkit,
# no Eigen, or the build failed.
# Arguments go to the checks run (e.g. --only 'linear|kernel'). Environment: BUILD_DIR (build-device),
# JOBS (all cores), PRESISI_CUDA_ARCHS (default: the GPU's own, from nvidia-smi; else the project's
# list), REPEATS (benchmark repeats, 20), MEMCHECK=0 to skip memcheck, MEMCHECK_TIMEOUT (seconds, 240).
# Eigen: whatever CMake found, read back from its cache: the system's CMake package (Eigen3Config.cmake),
# else the copy carried in third_party/eigen3 (scripts/vendor_eigen.sh makes it). System headers
# without the CMake package are not used; the script says so.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
build="${BUILD_DIR:-build-device}"
jobs="${JOBS:-$(nproc 2>/dev/null || echo 4)}"
repeats="${REPEATS:-20}"
t_start=$SECONDS

declare -a rows=()
row() { rows+=("$(printf '| %-10s | %-6s | %s' "$1" "$2" "$3")"); }
elapsed() { local s=$(( SECONDS - $1 )); printf '%dm%02ds' $(( s / 60 )) $(( s % 60 )); }
summary() {
  local code=$1 verdict
  case "$code" in 0) verdict=PASS ;; 1) verdict=FAIL ;; *) verdict=ERROR ;; esac
  row total "$verdict" "$(elapsed "$t_start"); exit $code"
  echo
  echo "== summary"
  printf '| %-10s | %-6s | %s\n' part result detail
  printf '|%s|%s|%s\n' "------------" "--------" "-------"
  printf '%s\n' "${rows[@]}"
  exit "$code"
}

if ! command -v nvcc >/dev/null 2>&1 && [[ -x /usr/local/cuda/bin/nvcc ]]; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi
if ! command -v nvcc >/dev/null 2>&1; then
  echo "device_check.sh: nvcc not found (CUDA toolkit missing); the check needs CUDA 13" >&2
  row build ERROR "nvcc not found"
  summary 2
fi

archs="${PRESISI_CUDA_ARCHS:-}"
if [[ -z "$archs" ]] && command -v nvidia-smi >/dev/null 2>&1; then
  cc="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n1 | tr -d ' .')"
  [[ "$cc" =~ ^[0-9]+$ ]] && archs="$cc"
fi
arch_arg=()
[[ -n "$archs" ]] && arch_arg=(-DCMAKE_CUDA_ARCHITECTURES="$archs")
gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
[[ -f "$build/CMakeCache.txt" ]] && gen=()

# ---- 1. build --------------------------------------------------------------------------------------
t_build=$SECONDS
echo "== configure ($build${archs:+, CUDA architectures $archs})"
if ! cmake -S . -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release \
     -DPRESISI_BUILD_GUI=OFF -DPRESISI_BUILD_TESTS=OFF -DPRESISI_DEVICE_CHECK=ON "${arch_arg[@]}"; then
  if [[ -f /usr/include/eigen3/Eigen/Core && ! -f third_party/eigen3/Eigen/Core ]]; then
    row eigen ERROR "system headers in /usr/include/eigen3 but no Eigen3 CMake package, and no third_party/eigen3 (run scripts/vendor_eigen.sh where Eigen is installed and carry third_party/eigen3)"
  fi
  row build ERROR "configure failed"
  summary 2
fi
# What CMake used: Eigen3_DIR names the package's directory, or ends in -NOTFOUND when the root
# CMakeLists.txt fell back to third_party/eigen3.
eigen_dir="$(sed -n 's/^Eigen3_DIR:[A-Z]*=//p' "$build/CMakeCache.txt" | head -n1)"
if [[ -n "$eigen_dir" && "$eigen_dir" != *NOTFOUND ]]; then
  eigen="system CMake package ($eigen_dir)"
else
  eigen="third_party/eigen3, the carried copy"
  [[ -f /usr/include/eigen3/Eigen/Core ]] && eigen+=" (system headers in /usr/include/eigen3 have no CMake package, so CMake did not use them)"
fi
echo "Eigen: $eigen"
row eigen info "$eigen"
echo "== build (-j$jobs)"
if ! cmake --build "$build" --target presisi_device_check -j "$jobs"; then
  row build ERROR "presisi_device_check did not build ($(elapsed "$t_build"))"
  summary 2
fi
row build ok "$(elapsed "$t_build"), CUDA architectures ${archs:-the project list}"
exe="$build/tools/device_check/presisi_device_check"
status=0

# ---- 2. checks -------------------------------------------------------------------------------------
t_checks=$SECONDS
echo "== checks"
"$exe" --no-bench "$@" | tee "$build/checks.log"
rc=${PIPESTATUS[0]}
counts="$(sed -n 's/^checks: //p' "$build/checks.log" | tail -n1)"
if [[ $rc -eq 2 ]]; then
  row checks ERROR "no usable device: $(sed -n 's/^device : //p' "$build/checks.log" | head -n1)"
  summary 2
elif [[ $rc -ne 0 ]]; then
  row checks FAIL "${counts:-no summary line (exit $rc)}; $(elapsed "$t_checks") ($build/checks.log)"
  status=1
else
  row checks ok "$counts; $(elapsed "$t_checks") ($build/checks.log)"
fi

# ---- 3. memcheck over the kernel and thread rows ---------------------------------------------------
sanitizer="$(command -v compute-sanitizer || true)"
for c in /usr/local/cuda/bin/compute-sanitizer /usr/local/cuda/compute-sanitizer/compute-sanitizer; do
  [[ -z "$sanitizer" && -x "$c" ]] && sanitizer="$c"
done
if [[ "${MEMCHECK:-1}" == 0 ]]; then
  echo "== memcheck skipped (MEMCHECK=0)"
  row memcheck skip "MEMCHECK=0"
elif [[ -z "$sanitizer" ]]; then
  echo "== memcheck skipped: compute-sanitizer not found (PATH, /usr/local/cuda/bin)"
  row memcheck skip "compute-sanitizer not found"
else
  t_mem=$SECONDS
  echo "== memcheck ($sanitizer --tool memcheck --leak-check full) over the kernel and thread rows"
  timeout "${MEMCHECK_TIMEOUT:-240}" "$sanitizer" --tool memcheck --leak-check full --error-exitcode 3 \
    "$exe" --no-bench --only 'kernel|threads' > "$build/memcheck.log" 2>&1
  mrc=$?
  errors="$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) error.*/\1/p' "$build/memcheck.log" | tail -n1)"
  rows_run="$(grep -cE '^(PASS|FAIL|skip|info) ' "$build/memcheck.log")"
  if [[ $mrc -eq 124 ]]; then
    row memcheck FAIL "timed out after ${MEMCHECK_TIMEOUT:-240} s with $rows_run rows done ($build/memcheck.log)"
    status=1
  elif [[ $mrc -eq 3 || "${errors:-0}" != 0 ]]; then
    row memcheck FAIL "${errors:-?} errors or leaks over $rows_run rows; $(elapsed "$t_mem") ($build/memcheck.log)"
    status=1
  elif [[ -z "$errors" ]]; then
    row memcheck FAIL "no ERROR SUMMARY line (exit $mrc) ($build/memcheck.log)"
    status=1
  else
    # The rows' own verdicts under the sanitizer are in the log; the checks run above judges them.
    row memcheck ok "0 errors, 0 leaks over $rows_run rows; $(elapsed "$t_mem") ($build/memcheck.log)"
  fi
fi

# ---- 4. benchmarks --------------------------------------------------------------------------------
t_bench=$SECONDS
echo "== benchmarks"
"$exe" --no-checks --repeats "$repeats" | tee "$build/bench.log"
brc=${PIPESTATUS[0]}
bench="$(sed -n 's/^benchmarks: //p' "$build/bench.log" | tail -n1)"
if [[ $brc -ne 0 || "$bench" == failed* || -z "$bench" ]]; then
  row benchmarks FAIL "${bench:-no summary line}; $(elapsed "$t_bench") ($build/bench.log)"
  status=1
else
  row benchmarks ok "$bench, median of $repeats; $(elapsed "$t_bench") ($build/bench.log)"
fi

summary "$status"
