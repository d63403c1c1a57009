#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang, AddressSanitizer and UBSan in build-fuzz/, and runs each
# for SECONDS from a copy of its committed seed corpus (the repository's corpus is never grown), as many
# targets at a time as there are cores.
# Fails on any crash, leak, timeout, out-of-memory or sanitizer report, printing the input that caused it.
# usage: scripts/fuzz.sh [SECONDS_PER_TARGET (default 60)] [TARGET...]   e.g. scripts/fuzz.sh 600 npy
#        scripts/fuzz.sh --ci [TARGET...]   CI's run: a fixed seed and a fixed number of inputs per target (about
#          30 s each on one core), the same search length on a slow machine as on a fast one. Not bit-for-bit the
#          same search (two runs here ended at 669 and 672 edges: libFuzzer and the threads it covers are not
#          deterministic), so the long searches belong before a push: scripts/fuzz.sh 600.
#        scripts/fuzz.sh --build-only   the targets built, none run (CI builds them beside the sanitizer suite)
#   environment: PRESISI_FUZZ_JOBS (build jobs, default: all cores), PRESISI_FUZZ_OUT (where copies of the
#   corpora, logs and findings go; default a new temporary directory, kept when something was found)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ci=0 build_only=0
case ${1:-} in
  --ci) ci=1; shift; seconds=0 ;;
  --build-only) build_only=1; shift; seconds=0 ;;
  *) seconds=${1:-60}; shift || true ;;
esac
targets=("$@")
((${#targets[@]})) || targets=(npy scenario_json train_args inspect settings)

# Per target: the longest input worth trying (bytes). A .npy header with a few elements fits in 4 KB; a
# preset is about 1 KB of JSON (an input beginning with two spaces is padded to the 64 MiB limit by the
# body); argument lists and values are short; a settings file is a few lines.
declare -A max_len=([npy]=4096 [scenario_json]=4096 [train_args]=512 [inspect]=256 [settings]=2048)
# CI's inputs per target: about 30 s each at the rates measured in CI (npy 5,300/s, scenario_json 4,800/s,
# train_args 2,750/s, inspect 10,000/s, settings 150/s: each input writes and reads a settings file).
declare -A ci_runs=([npy]=150000 [scenario_json]=140000 [train_args]=80000 [inspect]=300000 [settings]=4500)

bash "$root/scripts/install-deps.sh" clang  # clang brings libFuzzer's runtime

build=$root/build-fuzz
start=$(date +%s)
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DPRESISI_FUZZ=ON -DPRESISI_WITH_CUDA=OFF -DPRESISI_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" --parallel "${PRESISI_FUZZ_JOBS:-$(nproc)}" --target "${targets[@]/#/fuzz_}"
echo "== fuzz build: $(($(date +%s) - start)) s"
((build_only)) && exit 0

out=${PRESISI_FUZZ_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/presisi-fuzz.XXXXXX")}
mkdir -p "$out"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:allocator_may_return_null=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# One target: its run, then one line of results (and, on a finding, the log's end and the input) in
# $out/$t.result. Targets run as many at a time as there are cores; their results print in order.
fuzz_one() {
  local t=$1 corpus=$out/corpus-$1 log=$out/$1.log result=$out/$1.result
  rm -rf "$corpus" && mkdir -p "$corpus"
  cp "$root/fuzz/corpus/$t"/* "$corpus"/
  if [[ -d $root/fuzz/regressions/$t ]]; then cp "$root/fuzz/regressions/$t"/* "$corpus"/ 2>/dev/null || true; fi
  local t0 rc=0 budget
  t0=$(date +%s)
  # One process; a slow input (-timeout) and memory (-rss_limit_mb, -malloc_limit_mb) count as findings.
  if ((ci)); then budget=(-seed=1 -runs="${ci_runs[$t]}"); else budget=(-max_total_time="$seconds"); fi
  "$build/fuzz/fuzz_$t" "$corpus" "${budget[@]}" -max_len="${max_len[$t]}" -timeout=10 \
    -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1 -artifact_prefix="$out/$t-" \
    >"$log" 2>&1 || rc=$?
  local elapsed execs size artifacts
  elapsed=$(($(date +%s) - t0))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  size=$(find "$corpus" -type f | wc -l)
  artifacts=$(find "$out" -maxdepth 1 -name "$t-*" -type f)
  if [[ $rc -ne 0 || -n $artifacts ]] || grep -qE "ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:" "$log"; then
    {
      printf '%-14s %12s %8s %12s %s\n' "$t" "${execs:-?}" "$elapsed" "$size" FAILED
      echo "---- $t: last lines of $log"
      tail -n 60 "$log"
      for a in $artifacts; do
        echo "---- $t: finding $a ($(stat -c %s "$a") bytes), base64:"
        base64 -w 76 "$a"
        echo "---- hexdump (first 512 bytes):"
        head -c 512 "$a" | od -A x -t x1z -v
      done
    } >"$result"
    return 1
  fi
  printf '%-14s %12s %8s %12s %s\n' "$t" "$execs" "$elapsed" "$size" ok >"$result"
}

failed=()
printf '%-14s %12s %8s %12s %s\n' target executions seconds corpus result
running=0
for t in "${targets[@]}"; do
  if ((running >= $(nproc))); then wait -n || true; running=$((running - 1)); fi
  fuzz_one "$t" &
  running=$((running + 1))
done
wait || true
for t in "${targets[@]}"; do
  cat "$out/$t.result" 2>/dev/null || echo "$t: ended without a result (see $out/$t.log)"
  if ! grep -qs ' ok$' "$out/$t.result"; then failed+=("$t"); fi
done
echo "== fuzz total (build + runs): $(($(date +%s) - start)) s"
if ((${#failed[@]})); then
  echo "presisi: fuzzing found problems in: ${failed[*]} (logs and inputs kept in $out)"
  echo "  replay one: $build/fuzz/fuzz_TARGET FILE; keep it as fuzz/regressions/TARGET/bad-… or ok-…"
  exit 1
fi
[[ -n ${PRESISI_FUZZ_OUT:-} ]] || rm -rf "$out"
