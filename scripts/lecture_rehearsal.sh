#!/usr/bin/env bash
# A lecture rehearsed with real input: the window under Xvfb driven by xdotool (keys, menus, the wheel)
# through every preset's key moments, the guided tour in English and Indonesian, the convergence check
# on two presets, a language switch mid-run and a 100,000-step run zoomed with the wheel and its chart data
# exported. Each moment is a screenshot in OUT_DIR to look at.
# Needs Xvfb, xdotool and ImageMagick's import (apt-get install xvfb xdotool imagemagick).
# usage: scripts/lecture_rehearsal.sh [BUILD_DIR] [OUT_DIR] [WxH]   (PARTS="1 5": some parts only)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
out=${2:-/tmp/presisi-rehearsal}
size=${3:-1280x800}
presisi=$build/presisi
[[ -x $presisi ]] || { echo "lecture_rehearsal: no $presisi (build first)" >&2; exit 2; }
for tool in Xvfb xdotool import; do
  command -v "$tool" >/dev/null || { echo "lecture_rehearsal: $tool not found" >&2; exit 2; }
done
mkdir -p "$out"
work=$(mktemp -d)
display=:$((40 + RANDOM % 50))
Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
app=
cleanup() {
  [[ -n $app ]] && kill "$app" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
export DISPLAY=$display
# A fresh configuration: no saved geometry, language or recent files from another run.
export XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data
sleep 1

shot() { import -window root "$out/$1.png"; echo "  $1.png"; }
key() { xdotool key --delay 120 "$@"; sleep 0.4; }
# Starts the window with the given options and waits for it; focus goes to it (no window manager).
open_window() {
  "$presisi" "$@" >"$work/app.log" 2>&1 &
  app=$!
  local id
  id=$(timeout 60 xdotool search --sync --onlyvisible --name "Presisi" | head -1) ||
    { echo "lecture_rehearsal: no window: $(cat "$work/app.log")" >&2; exit 1; }
  xdotool windowfocus --sync "$id" 2>/dev/null || true
  sleep 2
}
close_window() {
  key ctrl+q
  for _ in $(seq 50); do kill -0 "$app" 2>/dev/null || break; sleep 0.2; done
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  app=
}
want() { [[ " ${PARTS:-1 2 3 4 5} " == *" $1 "* ]]; }

if want 1; then
echo "1. every preset at its lecture pace, paused at each key moment (N goes on)"
for preset in underflow overflow-nan scaler-growth sensitive-ops accumulation; do
  open_window --lang en --preset "$preset"
  sleep 5
  shot "preset-$preset-1"
  key n
  sleep 5
  shot "preset-$preset-2"
  key n
  sleep 5
  shot "preset-$preset-3"
  close_window
done

fi
if want 2; then
echo "2. the guided tour in English and Indonesian"
for lang in en id; do
  open_window --lang "$lang"
  # Help > Guided tour: Alt+H G in English, Alt+A T (Bantuan > Tur terpandu) in Indonesian.
  if [[ $lang == en ]]; then key alt+h; key g; else key alt+a; key t; fi
  sleep 2
  for step in 1 2 3 4 5 6 7 8 9; do
    shot "tour-$lang-$step"
    if [[ $lang == en ]]; then key alt+n; else key alt+l; fi
    sleep 3
  done
  close_window
done

fi
if want 3; then
echo "3. the convergence check on two presets"
for preset in underflow scaler-growth; do
  open_window --lang en --preset "$preset" --pace 0
  sleep 3
  key ctrl+5
  key ctrl+Return
  sleep 60
  shot "convergence-$preset"
  close_window
done

fi
if want 4; then
echo "4. a language switch mid-run (View > Language > Bahasa Indonesia, then back; the submenu opens on its first entry)"
open_window --lang en --preset underflow
key n
sleep 3
shot "language-before"
key alt+v
key g
key Down Return
sleep 4
shot "language-id"
key space
sleep 4
shot "language-id-later"
key alt+t
key h
key Return
sleep 4
shot "language-en-again"
close_window

fi
if want 5; then
echo "5. a 100,000-step run drawn whole, zoomed with the wheel to its first steps and its chart data exported"
cat >"$work/long.presisi.json" <<'JSON'
{"presisi_experiment": 1,
 "scenario": {
  "title": "100,000 steps",
  "model": {"sizes": [2, 16, 3], "activation": "relu", "loss": "cross_entropy"},
  "data": {"kind": "spiral", "samples": 256},
  "optimizer": {"name": "sgd", "lr": 0.1},
  "batch": 32, "steps": 100000, "seed": 0, "pace": 0,
  "lanes": ["cpu:f32", "cpu:bf16", "cpu:f16", "cpu:f16+scaler"]}}
JSON
open_window --lang en "$work/long.presisi.json"
key space
# The run takes LONG_RUN_SECONDS (default 300) at most here; a screenshot every minute shows its progress.
for minute in $(seq $(( ${LONG_RUN_SECONDS:-300} / 60 ))); do
  sleep 60
  shot "long-run-minute-$minute"
done
shot "long-run-whole"
# The loss chart is the first chart: its plot's left part in a 1280x800 window (LOSS_AT overrides).
read -r wx wy <<<"${LOSS_AT:-330 400}"
xdotool mousemove "$wx" "$wy"
sleep 0.3
# 22 notches of 0.8 each: 100,000 steps down to about 750 around the pointer.
for _ in $(seq 22); do xdotool click 4; sleep 0.15; done
sleep 1
shot "long-run-zoomed"
# File > Export chart data (Alt+F, A): the loss chart, the one the pointer is over, as CSV.
xdotool mousemove "$wx" "$wy" click 1
sleep 0.3
key alt+f
key a
sleep 1
xdotool key ctrl+a
xdotool type --delay 20 "$out/long-run-loss.csv"
key Return
sleep 2
shot "long-run-exported"
if [[ -s $out/long-run-loss.csv ]]; then
  echo "  long-run-loss.csv: $(wc -l <"$out/long-run-loss.csv") lines; $(grep -m3 '^#' "$out/long-run-loss.csv" | tr '\n' ' ')"
else
  echo "lecture_rehearsal: the chart data export wrote nothing" >&2
fi
close_window
fi
echo "screenshots in $out"
