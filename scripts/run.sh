#!/usr/bin/env bash
# Installs what is missing, builds, and opens Presisi on the tutorial's example.
# Without a display it starts the window inside Xvfb (and says so).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh" "$root/build"
if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
  echo "presisi: no display found; running inside Xvfb (use 'build/presisi --screenshot FILE' for images)"
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$root/build/presisi" "$@"
fi
exec "$root/build/presisi" "$@"
