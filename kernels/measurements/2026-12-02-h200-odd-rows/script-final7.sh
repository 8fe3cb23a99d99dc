#!/usr/bin/env bash
# final7.sh OUT NEW: GPU tests of the shipped tree, the default suite before/after, odd and one-sided doubles A/B.
set -u
O=$1; N=$2
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv > $O/gpu.txt
( time timeout 120 bin/swz-gpu-tests "[fast]" ) > $O/gpu-tests.log 2>&1; echo "gpu tests: exit $?"; tail -5 $O/gpu-tests.log | head -2
bin/swz-bench-base > $O/suite-before.txt 2>&1
bin/$N --json $O/suite-after.json > $O/suite-after.txt 2>&1
mkdir -p /tmp/ab; ./cmp3.sh /tmp/ab 12345x6789,8191x8193,7777x5555,6007x6007,8192x8193,8193x8192,6000x5000:6007:6011 double,float 2 swz-bench-base $N > $O/ab.txt 2>&1; cat $O/ab.txt
( time timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/swz-gpu-tests "[fast][sanitize]" ) > $O/sanitizer-memcheck.log 2>&1; echo "memcheck exit $?"; tail -6 $O/sanitizer-memcheck.log | head -3
