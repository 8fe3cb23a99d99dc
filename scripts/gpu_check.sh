#!/usr/bin/env bash
# On the GPU machine (CUDA toolkit, no Z3, no Catch2 package): build the
# kernels and their tests for sm_90, run the CPU tests, the GPU tests once,
# then the GPU tests' [sanitize] cases under compute-sanitizer's memcheck,
# and racecheck on those but the exhaustive ones (racecheck watches shared
# memory, which those cases exercise no differently). Logs go to
# $SWZ_RESULTS (default /tmp/swz-gpu). The Catch2 header travels in
# .deps/catch2 (git-ignored).
#   --no-sanitize     build and test only
#   --sanitize-only   the sanitizer runs only, on the existing build
set -uo pipefail
cd "$(dirname "$0")/.."
out=${SWZ_RESULTS:-/tmp/swz-gpu}
mkdir -p "$out"
mode=${1:-all}
status=0
if [ "$mode" != --sanitize-only ]; then
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv | tee "$out/gpu.txt"
  cmake -S . -B build-gpu -DSWZ_WITH_Z3=OFF -DSWZ_CUDA=ON -DSWZ_CATCH2_INCLUDE_DIR="$PWD/.deps" -DCMAKE_BUILD_TYPE=Release \
    > "$out/build.log" 2>&1 && cmake --build build-gpu -j"$(nproc)" >> "$out/build.log" 2>&1 || { tail -40 "$out/build.log"; exit 1; }
  ctest --test-dir build-gpu --output-on-failure -j4 -E swz-gpu-tests > "$out/ctest.log" 2>&1 || status=1
  tail -3 "$out/ctest.log"
  ( time build-gpu/tests/gpu/swz-gpu-tests -d yes ) > "$out/gpu-tests.log" 2>&1 || status=1
  grep -E "passed|failed" "$out/gpu-tests.log" | tail -3
fi
[ "$mode" = --no-sanitize ] && exit $status
for run in "memcheck [sanitize]" "racecheck [sanitize]~[exhaustive]"; do
  tool=${run%% *}
  ( time compute-sanitizer --tool $tool --error-exitcode 3 build-gpu/tests/gpu/swz-gpu-tests "${run#* }" ) \
    > "$out/sanitizer-$tool.log" 2>&1
  rc=$?
  echo "compute-sanitizer $tool: exit $rc; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/sanitizer-$tool.log" | tail -1)"
  [ $rc -eq 0 ] || status=1
done
exit $status
