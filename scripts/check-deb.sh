#!/usr/bin/env bash
# Installs the Debian package on a fresh Debian 12 (a debootstrap'ed chroot, no CUDA) and starts the
# window off-screen there: `apt-get install ./presisi_*.deb`, then `presisi --screenshot`. Slow (a base
# system and Qt are downloaded) and needs root and network: run by hand, not in CI.
# usage: scripts/check-deb.sh [DEB] [BASE]   DEB: default build-gpu/presisi_*.deb; BASE: default /tmp/fresh
#        writes the screenshot to ./check-deb-screenshot.png (linear page) and prints the device line.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
deb=${1:-$(ls "$root"/build-gpu/presisi_*_amd64.deb | head -n1)}
base=${2:-/tmp/fresh}
mirror=${PRESISI_DEBIAN_MIRROR:-http://deb.debian.org/debian}
[[ -f $deb ]] || { echo "check-deb: no package at '$deb' (cpack -G DEB in the build directory)" >&2; exit 1; }
[[ $(id -u) -eq 0 ]] || { echo "check-deb: needs root (debootstrap, chroot)" >&2; exit 1; }

# The base system is made once and kept pristine; every check runs in a fresh copy of it.
if [[ ! -x $base/usr/bin/apt-get ]]; then
  command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap
  debootstrap --variant=minbase bookworm "$base" "$mirror"
fi
work=$base-check
rm -rf "$work"
cp -a "$base" "$work"
cleanup() {
  for m in dev/pts dev proc; do mountpoint -q "$work/$m" && umount "$work/$m"; done
  return 0
}
trap cleanup EXIT
mount -t proc proc "$work/proc"
mount --bind /dev "$work/dev"
mount --bind /dev/pts "$work/dev/pts"
cp /etc/resolv.conf "$work/etc/resolv.conf"
cp "$deb" "$work/tmp/"
name=$(basename "$deb")

chroot "$work" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 bash -euo pipefail -c "
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  test ! -e /usr/local/cuda && ! ls /usr/lib/x86_64-linux-gnu/libcuda.so* >/dev/null 2>&1
  echo '== no CUDA toolkit or driver in the chroot'
  apt-get install -y -qq ./tmp/$name > /tmp/apt.log 2>&1 || { tail -n 30 /tmp/apt.log; exit 1; }
  echo '== installed:' \$(dpkg-query -W -f='\${Package} \${Version} \${Installed-Size} KiB' presisi)
  echo '== Depends:' \$(dpkg-query -W -f='\${Depends}' presisi)
  for f in /usr/bin/presisi /usr/share/applications/io.github.presisi.Presisi.desktop \
           /usr/share/metainfo/io.github.presisi.Presisi.metainfo.xml \
           /usr/share/icons/hicolor/scalable/apps/io.github.presisi.Presisi.svg \
           /usr/share/icons/hicolor/48x48/apps/io.github.presisi.Presisi.png; do test -f \$f; done
  echo '== files in place'
  presisi linear --device all | tail -n 1   # the CPU-only path: 'GPU lanes absent: <why>'
  QT_QPA_PLATFORM=offscreen presisi --screenshot /tmp/x.png
  QT_QPA_PLATFORM=offscreen presisi --screenshot /tmp/x-id.png --lang id
  test -s /tmp/x.png && test -s /tmp/x-id.png
  echo '== screenshots written'
"
cp "$work/tmp/x.png" ./check-deb-screenshot.png
cp "$work/tmp/x-id.png" ./check-deb-screenshot-id.png
echo "check-deb: OK ($name on a fresh Debian 12: installed, window started; check-deb-screenshot*.png)"
