#!/usr/bin/env bash
# Run 1 (stop 41): main's GPU tests after the article variants learned to
# launch matrices taller than one grid (2097153 rows) and the argument
# check changed (empty shapes, single matrices' strides): every GPU test,
# memcheck on [sanitize] and on the tall test, racecheck on the tall test.
# swz-gpu-tests built on the CPU machine (build-cpu, Release, sm_90, nvcc
# 13.0) and carried as build-carry/swz-gpu-tests-41.gz.
set -u
O=/tmp/run1; mkdir -p $O
save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
gunzip -c build-carry/swz-gpu-tests-41.gz > /tmp/t; chmod +x /tmp/t
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
tall="every variant transposes matrices taller than one grid's 65535 blocks down"
( time timeout 60 /tmp/t "$tall" ) > $O/tall.log 2>&1; echo "tall: exit $?"; grep -E "passed|failed" $O/tall.log | tail -1; save
( time timeout 240 /tmp/t ) > $O/gpu-tests-all.log 2>&1; echo "gpu tests (all): exit $?"; grep -E "passed|failed" $O/gpu-tests-all.log | tail -2; save
( time timeout 100 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/t "$tall" ) > $O/memcheck-tall.log 2>&1
echo "memcheck tall: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck-tall.log)"; save
( time timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/t "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck [sanitize]: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"; grep -E "passed|failed" $O/memcheck.log | tail -1; save
