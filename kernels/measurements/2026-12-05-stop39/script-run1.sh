#!/usr/bin/env bash
# Run 1 (stop 39): where the int8 batch of 16 matrices of 1000 x 1000 loses
# (57% of copy on the H200, 60-66 on an H100), against shapes of the same
# bytes and tile count: one 4001 x 4001 matrix (1152 tiles, as the batch,
# but 6% of them at an edge, not 24%), 4 x 2001 x 2001, 64 x 500 x 500;
# and batches of 1000 x 1000 from 4 to 64 (is it the size or the shape?).
# main's swz-bench, built here (Release, no Z3), int8 only, two rounds,
# then --tune on the batch.
set -u
O=/tmp/run1; mkdir -p $O; save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
cmake -S . -B /tmp/b -DSWZ_WITH_Z3=OFF -DSWZ_CUDA=ON -DSWZ_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release > $O/cfg.log 2>&1 &&
  cmake --build /tmp/b --target swz-bench -j16 > $O/build.log 2>&1 || { echo build failed; tail -20 $O/cfg.log $O/build.log; save; exit 1; }
B=$(find /tmp/b -name swz-bench -type f | head -1); echo "bench: $B"
S=16x1000x1000,4001x4001,4x2001x2001,64x500x500,4x1000x1000,64x1000x1000,16x1008x1008,16x1000x1008
for k in 1 2; do timeout 120 $B --types int8 --shapes $S --json $O/r$k.json > $O/r$k.txt 2>&1; echo "round $k: exit $?"; cat $O/r$k.txt; save; done
timeout 200 $B --types int8 --tune --shapes 16x1000x1000,4001x4001 > $O/tune.txt 2>&1; echo "tune: exit $?"; cat $O/tune.txt; save
