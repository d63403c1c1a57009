#!/usr/bin/env bash
# Installs the Debian 12 packages Presisi needs to build, test and run, skipping what is present.
# usage: scripts/install-deps.sh [PACKAGE...]   more packages beside them (the sanitizer and fuzz builds: clang)
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libgl-dev libxkbcommon-dev fonts-dejavu-core
  libeigen3-dev
  qt6-l10n-tools qt6-tools-dev  # lupdate/lrelease/lconvert and CMake's LinguistTools (the Indonesian translation)
  libdnnl-dev ocl-icd-opencl-dev  # oneDNN: native bf16/f16 CPU products (optional); its CMake package needs OpenCL
  desktop-file-utils appstream  # the install tests: desktop-file-validate, appstreamcli validate
  xvfb xauth
  "$@"
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "presisi: installing ${missing[*]}"
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
