#!/usr/bin/env bash
# Run 1 (stop 20): the fast GPU tests with the new seeded random shapes,
# memcheck and racecheck on every [sanitize] case (random ones included),
# the large cases, then swz-bench's default suite, one process.
set -u
B=${B:-$PWD/build-carry}; O=/tmp/run1; mkdir -p $O; save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
date -u > $O/date.txt; cat $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > $O/gpu.txt; cat $O/gpu.txt
( time timeout 120 $B/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 150 $B/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
( time timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 $B/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 150 compute-sanitizer --tool racecheck --error-exitcode 3 $B/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
( time timeout 200 $B/swz-bench --json $O/suite.json ) > $O/suite.txt 2>&1; echo "suite: exit $?"; save
tail -80 $O/suite.txt
# Nsight Compute on the suite's lowest cell, 16 x 1000 x 1000 int8 (53% of
# copy at stop 19), and on the copy kernel over the same bytes: where does a
# 16 MB batch's time go (launch, waves, latency)?
for k in "regex:fast_transpose_kernel" "regex:copy16"; do
  n=$(echo $k | sed 's/regex://')
  timeout 120 ncu --clock-control none --set full -k $k --launch-skip 3 --launch-count 1 \
    -o $O/ncu-16x1000x1000-int8-$n $B/swz-bench --shapes 16x1000x1000 --types int8 --repeats 5 > $O/ncu-$n.log 2>&1
  echo "ncu $n: exit $?"
  ncu --import $O/ncu-16x1000x1000-int8-$n.ncu-rep --page details --csv > $O/ncu-16x1000x1000-int8-$n-details.csv 2>/dev/null
  rm -f $O/ncu-16x1000x1000-int8-$n.ncu-rep
done
save
grep -E '"(Duration|Elapsed Cycles|Waves Per SM|Achieved Occupancy|Registers Per Thread|Block Limit Registers|Memory Throughput|DRAM Throughput|L2 Cache Throughput|Grid Size|Theoretical Occupancy)"' $O/ncu-16x1000x1000-int8-*-details.csv | cut -c1-200
