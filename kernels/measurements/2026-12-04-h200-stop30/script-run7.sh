#!/usr/bin/env bash
# Run 7 (stop 30): run 6's GPU tests again after the fix to the narrow
# case's shapes (doubles of 338 rows have aligned output rows: 339 now):
# [fast]~[large], [large], memcheck on [sanitize], racecheck on
# [sanitize]~[exhaustive].
set -u
B=$PWD/build-carry; O=/tmp/run7; mkdir -p $O; save() { tar czf $OUT/run7.tar.gz -C /tmp run7; }
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 200 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 200 /tmp/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
save
( time timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 200 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
