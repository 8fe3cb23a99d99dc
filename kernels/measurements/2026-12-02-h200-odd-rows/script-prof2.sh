#!/usr/bin/env bash
# prof2.sh OUT BIN: per-instruction executed counts of the odd-shape kernels (float, half, int8, double)
set -u
O=$1; B=$PWD/bin/$2; K=regex:fast_transpose_kernel
for t in float half int8 double; do
  ncu --clock-control none --kernel-name $K --launch-count 1 --section SourceCounters --section WarpStateStats --section LaunchStats --section Occupancy --import-source no -o /tmp/p-$t $B --shapes 8191x8193 --types $t --repeats 1 > /tmp/ncu-$t.log 2>&1 || tail -5 /tmp/ncu-$t.log
  ncu -i /tmp/p-$t.ncu-rep --page source --csv --print-source sass > $O/src-$t.csv 2>&1
  ncu -i /tmp/p-$t.ncu-rep --page details >> $O/details.txt 2>&1
done
ls -la $O
