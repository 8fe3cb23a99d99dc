#!/usr/bin/env bash
# Run 1 (stop 38): main's head (kernels as stop 34's) on the lent GPU:
# every GPU test, memcheck on [sanitize], racecheck on
# [sanitize]~[exhaustive] (stop 37's prepared run 1, whose racecheck did
# not run). Binaries built on the CPU machine (cmake --build build-h10,
# Release, sm_90, no Z3) and carried as build-carry/*-main.gz.
set -u
B=$PWD/build-carry; O=/tmp/run1; mkdir -p $O
save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
for x in swz-bench swz-gpu-tests; do gunzip -c $B/$x-main.gz > /tmp/$x; chmod +x /tmp/$x; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 220 /tmp/swz-gpu-tests ) > $O/gpu-tests-all.log 2>&1; echo "gpu tests (all): exit $?"; grep -E "passed|failed" $O/gpu-tests-all.log | tail -2; save
( time timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck [sanitize]: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"; grep -E "passed|failed" $O/memcheck.log | tail -1; save
( time timeout 170 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' $O/racecheck.log)"; grep -E "passed|failed" $O/racecheck.log | tail -1; save
