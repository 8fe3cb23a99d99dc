#!/usr/bin/env bash
# Run 5 (stop 24): the L2 prefetch hints as shipped (128 bytes; int8 with
# aligned input rows 256): GPU tests, memcheck and racecheck, then main's
# and the change's swz-bench default suite alternated, three rounds.
set -u
B=$PWD/build-carry; O=/tmp/run5; mkdir -p $O; save() { tar czf $OUT/run5.tar.gz -C /tmp run5; }
for v in main new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 150 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 150 /tmp/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
( time timeout 100 /tmp/swz-gpu-tests "~[fast]" ) > $O/gpu-tests-other.log 2>&1; echo "gpu tests ~[fast]: exit $?"; grep -E "passed|failed" $O/gpu-tests-other.log | tail -2
save
( time timeout 200 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 150 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
for r in 1 2 3; do for v in main new; do
  timeout 100 /tmp/swz-bench-$v --json $O/suite-$v-$r.json > $O/suite-$v-$r.txt 2>&1; echo "$v round $r: exit $? $(grep 'at least 93' $O/suite-$v-$r.txt)"
done; save; done
