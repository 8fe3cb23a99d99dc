#!/usr/bin/env bash
# final1.sh OUT NEW: GPU tests (all cases), the default suite before/after, aligned squares A/B.
set -u
O=$1; N=$2
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv > $O/gpu.txt
( time bin/swz-gpu-tests ) > $O/gpu-tests.log 2>&1; echo "gpu tests: exit $?"; tail -4 $O/gpu-tests.log
( time bin/swz-bench-base ) > $O/suite-before.txt 2>&1
( time bin/$N --json $O/suite-after.json ) > $O/suite-after.txt 2>&1
tail -12 $O/suite-before.txt | head -5; tail -12 $O/suite-after.txt | head -5
mkdir -p /tmp/ab; ./cmp3.sh /tmp/ab 4096x4096,8192x8192,16384x16384,2048x2048 int8,half,float,double 2 swz-bench-new3 swz-bench-newA > $O/ab-aligned.txt 2>&1; cat $O/ab-aligned.txt
