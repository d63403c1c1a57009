#!/usr/bin/env bash
# The device check: on a machine with an NVIDIA GPU, CUDA 13 (nvcc, cuBLAS), cmake and a C++
# compiler — no Qt, no package registry — builds presisi_device_check (engine only) into
# build-device/ and runs it: every GPU-versus-CPU check of the `gpu` test suites and the GPU part
# of the benchmarks, as a short table. Exit status: 0 all passed, 1 a check failed, 2 no device or
# no build. Arguments go to presisi_device_check (--only TEXT, --no-bench, --repeats N, …).
# Eigen: the system's if present, else third_party/eigen3 (make it with scripts/vendor_eigen.sh).
# CUDA architectures: the GPU's own (from nvidia-smi) to keep the build short, else the project's
# list; override with PRESISI_CUDA_ARCHS=… . Parallel jobs: JOBS (default: all cores).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
build="${BUILD_DIR:-build-device}"
jobs="${JOBS:-$(nproc 2>/dev/null || echo 4)}"

if ! command -v nvcc >/dev/null 2>&1 && [[ -x /usr/local/cuda/bin/nvcc ]]; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi
if ! command -v nvcc >/dev/null 2>&1; then
  echo "device_check.sh: nvcc not found (CUDA toolkit missing); the check needs CUDA 13" >&2
  exit 2
fi
if [[ -f /usr/include/eigen3/Eigen/Core ]]; then
  echo "Eigen: system (/usr/include/eigen3)"
elif [[ -f third_party/eigen3/Eigen/Core ]]; then
  echo "Eigen: third_party/eigen3"
else
  echo "device_check.sh: no Eigen (neither /usr/include/eigen3 nor third_party/eigen3; run scripts/vendor_eigen.sh where Eigen is installed and carry third_party/eigen3)" >&2
  exit 2
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

echo "== configure ($build${archs:+, CUDA architectures $archs})"
cmake -S . -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DPRESISI_BUILD_GUI=OFF -DPRESISI_BUILD_TESTS=OFF -DPRESISI_DEVICE_CHECK=ON "${arch_arg[@]}" || exit 2
echo "== build (-j$jobs)"
cmake --build "$build" --target presisi_device_check -j "$jobs" || exit 2
echo "== run"
"$build/tools/device_check/presisi_device_check" "$@"
