#!/usr/bin/env bash
# Soak benchmark for the command line (not run in CI): a long `presisi train` of four lanes with its JSON
# and CSV written to files, resident memory (VmRSS) sampled every second. Reports the RSS after warm-up,
# the final RSS and the growth between them; a run whose memory is bounded stays flat within a few percent.
# usage: scripts/soak.sh [STEPS (default 1000000)] [PRESISI_EXE (default build/presisi)]
#   environment: PRESISI_SOAK_OUT (directory for rss.csv, the outputs and the log; default a temporary one),
#   PRESISI_SOAK_WARMUP (seconds counted as warm-up, default 10% of the run, at least 5)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
steps=${1:-1000000}
exe=${2:-$root/build/presisi}
[[ -x $exe ]] || { echo "presisi: no executable at $exe (build it: scripts/build.sh, or pass its path)" >&2; exit 2; }
out=${PRESISI_SOAK_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/presisi-soak.XXXXXX")}
mkdir -p "$out"

# A small model so the run is long in steps rather than in arithmetic: 2-16-3 on the spiral set, the four
# standard lanes, a table row every 100000 steps.
args=(train --sizes 2,16,3 --lanes cpu:f32,cpu:bf16,cpu:f16,cpu:f16+scaler --steps "$steps"
      --every 100000 --json "$out/run.json" --csv "$out/run.csv")
echo "presisi ${args[*]}"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"

start=$EPOCHREALTIME
"$exe" "${args[@]}" >"$out/stdout.txt" 2>"$out/stderr.txt" &
pid=$!
echo "seconds,rss_kib" >"$out/rss.csv"
while kill -0 "$pid" 2>/dev/null; do
  rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  [[ -n $rss ]] && awk -v a="$EPOCHREALTIME" -v b="$start" -v r="$rss" 'BEGIN { printf "%.1f,%s\n", a - b, r }' >>"$out/rss.csv"
  sleep 1
done
rc=0
wait "$pid" || rc=$?
elapsed=$(awk -v a="$EPOCHREALTIME" -v b="$start" 'BEGIN { printf "%.1f", a - b }')
if [[ $rc -ne 0 ]]; then
  echo "presisi: train exited with $rc after ${elapsed} s:" >&2
  tail -5 "$out/stderr.txt" >&2
  exit 1
fi

# Warm-up: the first 10% of the run (at least 5 s). Warm-up RSS: the largest sample in it; final RSS: the
# last sample; growth: (final - warm-up) / warm-up.
awk -F, -v total="$elapsed" -v warm="${PRESISI_SOAK_WARMUP:-}" -v steps="$steps" '
  NR == 1 { next }
  { t[++n] = $1; r[n] = $2; if ($2 > peak) peak = $2 }
  END {
    if (warm == "") { warm = total / 10; if (warm < 5) warm = 5 }
    for (i = 1; i <= n; ++i) if (t[i] <= warm && r[i] > w) w = r[i]
    if (w == 0) w = r[1]
    printf "run: %d steps x 4 lanes in %.0f s (%.0f steps/s), %d samples\n", steps, total, steps / total, n
    printf "rss after warm-up (first %.0f s): %.1f MiB\n", warm, w / 1024
    printf "rss final: %.1f MiB, peak: %.1f MiB\n", r[n] / 1024, peak / 1024
    printf "growth after warm-up: %+.1f%%\n", 100 * (r[n] - w) / w
  }' "$out/rss.csv"
echo "outputs: $(du -h "$out/run.json" | cut -f1) JSON, $(du -h "$out/run.csv" | cut -f1) CSV; samples in $out/rss.csv"
