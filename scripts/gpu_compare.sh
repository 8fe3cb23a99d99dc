#!/usr/bin/env bash
# On the GPU machine: build swz-bench from the tree in $1 (a baseline, e.g.
# the main checkout) and from this tree, with the GPU tests of this tree,
# then time both benches on the same shapes in one session, so before and
# after are measured on the same machine. Results under $2 (default /tmp).
#   scripts/gpu_compare.sh BASE_DIR OUT_DIR SHAPES TYPES [extra bench args]
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
base=$1; out=${2:-/tmp}; shapes=$3; types=$4; shift 4
cfg=(-DSWZ_WITH_Z3=OFF -DSWZ_CUDA=ON -DSWZ_CATCH2_INCLUDE_DIR="$here/.deps" -DCMAKE_BUILD_TYPE=Release)
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv > "$out/gpu.txt"
( cmake -S "$base" -B "$base/build-base" "${cfg[@]}" && cmake --build "$base/build-base" --target swz-bench -j6 ) > "$out/build-base.log" 2>&1 &
( cmake -S "$here" -B "$here/build-gpu" "${cfg[@]}" && cmake --build "$here/build-gpu" --target swz-bench swz-gpu-tests -j10 ) > "$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
wait
"$here/build-gpu/tests/gpu/swz-gpu-tests" > "$out/gpu-tests.log" 2>&1; echo "gpu tests: exit $?"; tail -2 "$out/gpu-tests.log"
"$base/build-base/kernels/swz-bench" --shapes "$shapes" --types "$types" > "$out/bench-before.txt" 2>&1
"$here/build-gpu/kernels/swz-bench" --shapes "$shapes" --types "$types" --json "$out/bench-after.json" "$@" > "$out/bench-after.txt" 2>&1
echo "== before"; cut -c1-110 "$out/bench-before.txt"; echo "== after"; cut -c1-160 "$out/bench-after.txt"
