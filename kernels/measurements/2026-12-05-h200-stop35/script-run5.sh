#!/usr/bin/env bash
# Run 5 (stop 35): the prefetch's third form (prefetch3.diff: as the
# second, but issued after the tile's own loads, tile_rows / warps rows a
# warp), built on the CPU machine as build-carry/swz-bench-pf.gz (cmake
# --build build-pf --target swz-bench); and main's GPU tests at c83c68c
# (build-carry/swz-gpu-tests-main.gz; cmake --build build-h10 --target
# swz-gpu-tests), which stop 34 did not run again after its review.
# Prepared in stop 35 and not run: no device was lent again. Build both
# binaries afresh before running it (the prototype from the branch
# issue-10-stop35-prefetch, the tests from main).
# 1. swz-bench with SWZ_PF=0, 1 and 2, two rounds (the second in reverse
#    order), run 1's fast cells. 2. Nsight Compute on two int8 cells.
# 3. Main's GPU tests: all; memcheck on [narrow]~[large] (the kernels the review changed).
set -u
B=$PWD/build-carry; T=$PWD/kernels/measurements/tools; O=/tmp/run5; mkdir -p $O
save() { tar czf $OUT/run5.tar.gz -C /tmp run5; }
gunzip -c $B/swz-bench-pf.gz > /tmp/swz-bench-pf; chmod +x /tmp/swz-bench-pf
gunzip -c $B/swz-gpu-tests-main.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
S_int8=8191x8193,12345x6789,8192x8192:8200:8200,16x1000x1000,2048x2048,4096x4096,16384x16384,524288x256,96x100000
S_half=8191x8193,12345x6789,1024x1024,4096x4096,100000x96
S_float=8191x8193,1048576x64,96x100000
S_double=12345x6789,1024x1024,16384x16384
for k in 1 2; do
    V="0 1 2"; [ $k = 2 ] && V="2 1 0"
    for pf in $V; do for t in int8 half float double; do s=S_$t
        SWZ_PF=$pf timeout 90 /tmp/swz-bench-pf --types $t --shapes ${!s} --json $O/bench-pf$pf-$k-$t.json > $O/bench-pf$pf-$k-$t.txt 2>&1 || echo "bench pf$pf $k $t: exit $?"
    done; done
    save
done
python3 $T/ab_summary.py $O pf0 pf1 pf2 | tee $O/summary-fast.txt
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_op_read_hit_rate.pct,smsp__inst_executed.sum
for c in int8:16384x16384 int8:8191x8193; do
  t=${c%%:*}; s=${c#*:}
  for pf in 0 1; do
    SWZ_PF=$pf timeout 90 ncu --clock-control none --kernel-name-base demangled --kernel-name regex:"fast_transpose_kernel" \
      --launch-skip 3 --launch-count 1 --metrics $M --csv --page raw /tmp/swz-bench-pf --shapes $s --types $t --repeats 3 \
      > $O/ncu-$t-$s-pf$pf.csv 2> $O/ncu-$t-$s-pf$pf.err
  done
done
python3 $T/ncu_summary.py $O ${M//,/ } | tee $O/summary-ncu.txt
save
( time timeout 200 /tmp/swz-gpu-tests ) > $O/gpu-tests-all.log 2>&1; echo "gpu tests (all): exit $?"; grep -E "passed|failed" $O/gpu-tests-all.log | tail -2; save
for f in "[narrow]~[large]"; do
  n=${f//[^a-z~]/}
  ( time timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "$f" ) > $O/memcheck-$n.log 2>&1
  echo "memcheck $f: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck-$n.log)"; grep -E "passed|failed" $O/memcheck-$n.log | tail -1; save
done
