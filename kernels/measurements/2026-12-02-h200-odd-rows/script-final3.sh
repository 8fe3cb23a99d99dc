#!/usr/bin/env bash
# final3.sh OUT NEW: GPU tests, the default suite before/after, an A/B of small/packed/large cells, sanitizers.
set -u
O=$1; N=$2
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv > $O/gpu.txt
( time bin/swz-gpu-tests ) > $O/gpu-tests.log 2>&1; echo "gpu tests: exit $?"; tail -5 $O/gpu-tests.log | head -2
bin/swz-bench-base > $O/suite-before.txt 2>&1
bin/$N --json $O/suite-after.json > $O/suite-after.txt 2>&1
mkdir -p /tmp/ab; ./cmp3.sh /tmp/ab 100000x96,96x100000,1048576x64,4096x64x64,16384x16384,4096x4096,8191x8193,1024x1024 int8,half,float,double 3 swz-bench-base $N > $O/ab.txt 2>&1; cat $O/ab.txt
( time timeout 200 compute-sanitizer --tool memcheck --error-exitcode 9 bin/swz-gpu-tests "[fast][sanitize]" ) > $O/sanitizer-memcheck.log 2>&1; echo "memcheck exit $?"; tail -6 $O/sanitizer-memcheck.log
( time timeout 120 compute-sanitizer --tool racecheck --error-exitcode 9 bin/swz-gpu-tests "[fast][sanitize]~[exhaustive]" ) > $O/sanitizer-racecheck.log 2>&1; echo "racecheck exit $?"; tail -6 $O/sanitizer-racecheck.log
