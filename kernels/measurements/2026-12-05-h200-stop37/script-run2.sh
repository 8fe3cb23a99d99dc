#!/usr/bin/env bash
# Run 2 (stop 37), one lease: 1. the prototype of branch
# issue-10-stop37-next (tiles inside the matrix with unaligned input rows
# load the chunk after each lane's own, in place of two exchanges an
# iteration) against main, in fast_ab.cu built twice (main's headers, the
# branch's; build-carry/ab/fast-ab-{main,next}.gz), three rounds alternated
# (the second in reverse order), on cells whose input rows are unaligned
# and two aligned controls; 2. main's GPU tests (build-carry/
# swz-gpu-tests-main.gz, build-h10), all cases, and memcheck on
# [narrow]~[large]; 3. Nsight Compute's source counters on int8 8191 x
# 8193 (main's swz-bench, build-carry/swz-bench-main.gz) where time is left.
set -u
B=$PWD/build-carry; T=$PWD/kernels/measurements/tools; O=/tmp/run2; mkdir -p $O
save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
for x in main next; do gunzip -c $B/ab/fast-ab-$x.gz > /tmp/ab-$x; chmod +x /tmp/ab-$x; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
C="int8:8191x8193 int8:12345x6789 int8:3003x11001 int8:6000x5000:6007:6011 int8:8192x8192:8200:8200 int8:16x1000x1000
   int8:8192x8193 int8:100000x97 half:8191x8193 half:3003x11001 half:5001x7003 half:8192x8193 float:8191x8193
   float:8192x8193 float:100001x97 double:8191x8193 double:8192x8193 int8:8192x8192 half:8192x8192"
for k in 1 2 3; do
    V="main next"; [ $k = 2 ] && V="next main"
    for v in $V; do timeout 80 /tmp/ab-$v $C > $O/ab-$v-$k.txt 2>&1 || echo "ab $v $k: exit $?"; done
    save
done
python3 $T/ab_summary.py $O main next | tee $O/summary-ab.txt; save
gunzip -c $B/swz-gpu-tests-main.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
( time timeout 150 /tmp/swz-gpu-tests ) > $O/gpu-tests-all.log 2>&1; echo "gpu tests (all): exit $?"; grep -E "passed|failed" $O/gpu-tests-all.log | tail -2; save
( time timeout 100 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[narrow]~[large]" ) > $O/memcheck-narrow.log 2>&1
echo "memcheck [narrow]~[large]: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck-narrow.log)"; grep -E "passed|failed" $O/memcheck-narrow.log | tail -1; save
gunzip -c $B/swz-bench-main.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
n=int8-8191x8193
timeout 60 ncu --clock-control none --kernel-name-base demangled --kernel-name regex:"fast_transpose_kernel" \
  --launch-skip 3 --launch-count 1 --section SourceCounters --section WarpStateStats --import-source no \
  -o $O/$n /tmp/swz-bench --shapes 8191x8193 --types int8 --repeats 3 > $O/ncu-run-$n.log 2>&1; echo "ncu $n: exit $?"
timeout 30 ncu -i $O/$n.ncu-rep --page source --csv --print-source sass > $O/$n-sass.csv 2> $O/$n-sass.err; echo "source page: exit $? $(wc -l < $O/$n-sass.csv)"
python3 $T/ncu_source_summary.py $O/$n-sass.csv 30 > $O/$n-summary.md 2>&1; head -30 $O/$n-summary.md
save
