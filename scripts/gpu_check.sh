#!/usr/bin/env bash
# On the GPU machine (CUDA toolkit, no Z3, no Catch2 package): build the
# kernels and their tests for sm_90, run every test, then the GPU tests under
# compute-sanitizer's memcheck and racecheck. Logs go to $SWZ_RESULTS (default /tmp/swz-gpu).
# The Catch2 header travels in .deps/catch2 (git-ignored).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${SWZ_RESULTS:-/tmp/swz-gpu}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv | tee "$out/gpu.txt"
cmake -S . -B build-gpu -DSWZ_WITH_Z3=OFF -DSWZ_CUDA=ON -DSWZ_CATCH2_INCLUDE_DIR="$PWD/.deps" -DCMAKE_BUILD_TYPE=Release \
  > "$out/build.log" 2>&1 && cmake --build build-gpu -j"$(nproc)" >> "$out/build.log" 2>&1 || { tail -40 "$out/build.log"; exit 1; }
status=0
ctest --test-dir build-gpu --output-on-failure -j4 > "$out/ctest.log" 2>&1 || status=1
tail -5 "$out/ctest.log"
( time build-gpu/tests/gpu/swz-gpu-tests -d yes ) > "$out/gpu-tests.log" 2>&1 || status=1
grep -E "^[0-9.]+ s:|passed|failed" "$out/gpu-tests.log" | tail -12
for tool in memcheck racecheck; do
  compute-sanitizer --tool $tool --error-exitcode 3 build-gpu/tests/gpu/swz-gpu-tests "[sanitize]" > "$out/sanitizer-$tool.log" 2>&1
  rc=$?
  echo "compute-sanitizer $tool: exit $rc; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/sanitizer-$tool.log" | tail -1)"
  [ $rc -eq 0 ] || status=1
done
exit $status
