#!/usr/bin/env bash
# The final main's GPU tests, memcheck and racecheck, and the default suite, on one H200.
cd "$(dirname "$0")"
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv | tee "$out/gpu.txt"
echo "commit $(cat commit.txt)" | tee -a "$out/gpu.txt"
( time ./swz-gpu-tests ) > "$out/gpu-tests.log" 2>&1; echo "gpu tests rc=$?"; tail -3 "$out/gpu-tests.log"
( time compute-sanitizer --tool memcheck --error-exitcode 3 ./swz-gpu-tests "[fast][sanitize]" ) > "$out/memcheck.log" 2>&1; echo "memcheck rc=$?"; grep "ERROR SUMMARY" "$out/memcheck.log" | tail -1
( time compute-sanitizer --tool racecheck --error-exitcode 3 ./swz-gpu-tests "[fast][sanitize]~[exhaustive]" ) > "$out/racecheck.log" 2>&1; echo "racecheck rc=$?"; grep "RACECHECK SUMMARY" "$out/racecheck.log" | tail -1
./swz-bench --json "$out/suite.json" > "$out/suite.txt" 2>&1; echo "bench rc=$?"; tail -40 "$out/suite.txt"
