#!/usr/bin/env bash
# Nsight Compute, full set, one launch of the fast kernel: int8 and float 8191 x 8193, int8 8192 x 8192.
set -u
B=${B:-$PWD/build-carry}
for c in "8191x8193 int8" "8191x8193 float" "8192x8192 int8"; do
  set -- $c
  timeout 150 ncu --clock-control none --set full -k regex:fast_transpose_kernel --launch-skip 3 --launch-count 1 \
    -o $OUT/ncu-$1-$2 $B/swz-bench --shapes $1 --types $2 --repeats 5 > $OUT/ncu-$1-$2.log 2>&1
  echo "$c: exit $?"
  ncu --import $OUT/ncu-$1-$2.ncu-rep --page details --csv > $OUT/ncu-$1-$2-details.csv 2>/dev/null
  ncu --import $OUT/ncu-$1-$2.ncu-rep --page raw --csv 2>/dev/null | gzip > $OUT/ncu-$1-$2-raw.csv.gz
done
ls -la $OUT
