#!/usr/bin/env bash
# The screenshot matrix of docs/screenshots/rooms: every page in every room a lecture is given in
# (1024x768, 1280x800, 1920x1080, 1920x1080 with text 2x, 1280x800 at QT_SCALE_FACTOR=2), light and
# dark, English and Indonesian, rendered off-screen by `presisi --screenshot` and quantised with
# pngquant (256 colours) where it is installed. Regenerate after a change a person can see.
# usage: scripts/screenshot_rooms.sh [BUILD_DIR] [JOBS]   (PAGES="linear formats", LANGS=id: some only)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
jobs=${2:-2}
out=$root/docs/screenshots/rooms
presisi=$build/presisi
[[ -x $presisi ]] || { echo "screenshot_rooms: no $presisi (build first)" >&2; exit 2; }
mkdir -p "$out"

# room: directory name, window size, extra options, environment
rooms=(
  "1024x768|1024x768||"
  "1280x800|1280x800||"
  "1920x1080|1920x1080||"
  "1920x1080-text2x|1920x1080|--text-scale 2|"
  "1280x800-hidpi2x|1280x800||QT_SCALE_FACTOR=2"
)
# page: file name and its options (the Training lab, Speed and Convergence on the underflow preset)
pages=(
  "linear|--page linear"
  "training|--page training --preset underflow --steps 200"
  "formats|--page formats --value 65520"
  "speed|--page speed --preset underflow --steps 200"
  "convergence|--page convergence --preset underflow --steps 200"
)
list=$(mktemp)
trap 'rm -f "$list"' EXIT
for room in "${rooms[@]}"; do
  IFS='|' read -r name size extra envs <<<"$room"
  mkdir -p "$out/$name"
  for page in "${pages[@]}"; do
    IFS='|' read -r file opts <<<"$page"
    [[ " ${PAGES:-linear training formats speed convergence} " == *" $file "* ]] || continue
    for theme in light dark; do
      for lang in ${LANGS:-en id}; do
        dark=""; [[ $theme == dark ]] && dark="--dark"
        png="$out/$name/$file-$theme-$lang.png"
        echo "env QT_QPA_PLATFORM=offscreen $envs $presisi --screenshot $png --size $size $extra $opts $dark --lang $lang >/dev/null && { command -v pngquant >/dev/null && pngquant --force --skip-if-larger --output $png -- $png || true; } && echo $png" >>"$list"
      done
    done
  done
done
xargs -P "$jobs" -I{} bash -c '{}' <"$list"
