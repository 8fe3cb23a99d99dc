#!/usr/bin/env bash
# Run 1 (stop 43): main's CMake project configured and built on the GPU
# machine itself, as a CUDA consumer would (no Z3: SWZ_WITH_Z3=OFF; Catch2's
# header carried in .deps/), after stop 42's change to cmake/SwzCuda.cmake
# (the /usr/local/cuda nvcc cached): every GPU test, memcheck on [sanitize].
# Run through the device tool from the repository root, carrying .deps.
set -u; date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
cmake -S . -B /tmp/b -DCMAKE_BUILD_TYPE=Release -DSWZ_WITH_Z3=OFF > $OUT/configure.log 2>&1; echo "configure: $?"
grep -iE "cuda|nvcc|error" $OUT/configure.log | head -8
( time cmake --build /tmp/b --target swz-gpu-tests -j16 ) > $OUT/build.log 2>&1; echo "build: $?"; tail -3 $OUT/build.log
T=$(find /tmp/b -name swz-gpu-tests -type f | head -1); echo "binary: $T"
( time timeout 240 $T ) > $OUT/gpu-tests.log 2>&1; echo "gpu tests: $?"; grep -E "passed|failed" $OUT/gpu-tests.log | tail -2
( time timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 $T "[sanitize]" ) > $OUT/memcheck.log 2>&1
echo "memcheck: $? $(grep 'ERROR SUMMARY' $OUT/memcheck.log)"; grep -E "passed|failed" $OUT/memcheck.log | tail -1
