#!/usr/bin/env bash
# Run 1 (stop 37), prepared and not run (the device came once, for run 2,
# which took its tests; its budget was then spent): main's head (1d1b8c1; kernels as stop 34's c83c68c)
# on an H200: 1. every GPU test, memcheck on [sanitize] and
# [narrow]~[large], racecheck on [sanitize]~[exhaustive]; 2.
# Nsight Compute's source counters (SASS, executed instructions and
# stalls per instruction) on the kernels that realign both sides, int8
# 8191 x 8193, half 3003 x 11001 and int8 16 x 1000 x 1000, one launch each, the 4th; 3. the
# default suite once.
# Binaries built on the CPU machine (cmake --build build-h10, Release,
# sm_90) and carried as build-carry/*-main.gz.
set -u
B=$PWD/build-carry; O=/tmp/run1; mkdir -p $O
save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
for x in swz-bench swz-gpu-tests; do gunzip -c $B/$x-main.gz > /tmp/$x; chmod +x /tmp/$x; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
if [ -z "${SKIP_TESTS:-}" ]; then  # run 2 ran them in the same lease
  ( time timeout 200 /tmp/swz-gpu-tests ) > $O/gpu-tests-all.log 2>&1; echo "gpu tests (all): exit $?"; grep -E "passed|failed" $O/gpu-tests-all.log | tail -2; save
fi
for f in "[sanitize]" "[narrow]~[large]"; do
  n=${f//[^a-z~]/}
  ( time timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "$f" ) > $O/memcheck-$n.log 2>&1
  echo "memcheck $f: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck-$n.log)"; grep -E "passed|failed" $O/memcheck-$n.log | tail -1; save
done
( time timeout 150 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' $O/racecheck.log)"; grep -E "passed|failed" $O/racecheck.log | tail -1; save
for c in int8:8191x8193 half:3003x11001 int8:16x1000x1000; do
  t=${c%%:*}; sh=${c#*:}; n=$t-$sh
  timeout 120 ncu --clock-control none --kernel-name-base demangled --kernel-name regex:"fast_transpose_kernel" \
    --launch-skip 3 --launch-count 1 --section SourceCounters --section WarpStateStats --section LaunchStats --import-source no \
    -o $O/$n /tmp/swz-bench --shapes $sh --types $t --repeats 3 > $O/ncu-run-$n.log 2>&1; echo "ncu $n: exit $?"
  timeout 60 ncu -i $O/$n.ncu-rep --page source --csv --print-source sass > $O/$n-sass.csv 2> $O/$n-sass.err; echo "source page $n: exit $? $(wc -l < $O/$n-sass.csv)"
  [ "$(wc -l < $O/$n-sass.csv)" -lt 10 ] && { timeout 60 ncu -i $O/$n.ncu-rep --page source --csv > $O/$n-sass.csv 2>> $O/$n-sass.err; echo "source page again: $(wc -l < $O/$n-sass.csv)"; head -c 600 $O/$n-sass.err; }
  timeout 60 ncu -i $O/$n.ncu-rep --page details --csv > $O/$n-details.csv 2>&1
  python3 $PWD/kernels/measurements/tools/ncu_source_summary.py $O/$n-sass.csv 30 > $O/$n-summary.md 2>&1; head -40 $O/$n-summary.md
  save
done
( time timeout 150 /tmp/swz-bench --json $O/suite.json ) > $O/suite.txt 2>&1; echo "suite: exit $?"; save
