#!/usr/bin/env bash
# Copies the system's Eigen headers into third_party/eigen3 (ignored by git) so that a working tree
# carried to a machine without Eigen (the GPU machine of scripts/device_check.sh) still configures:
# the top-level CMakeLists.txt falls back to this copy when find_package(Eigen3) finds nothing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
src="${1:-/usr/include/eigen3}"
if [[ ! -f "$src/Eigen/Core" ]]; then
  echo "vendor_eigen.sh: no Eigen at $src (pass its include directory as the argument)" >&2
  exit 1
fi
dst="$root/third_party/eigen3"
rm -rf "$dst"
mkdir -p "$dst"
# Eigen/ is all the engine includes; the signature file lets a version check find it.
cp -r "$src/Eigen" "$dst/"
[[ -f "$src/signature_of_eigen3_matrix_library" ]] && cp "$src/signature_of_eigen3_matrix_library" "$dst/"
echo "Eigen copied to third_party/eigen3 ($(du -sh "$dst" | cut -f1)); carry that path to the GPU machine"
