#!/usr/bin/env bash
# Run 6 (stop 26): store_span_probe.cu with the transpose's own lane layout
# (a warp store covers 4 rows x 8 chunks) on spans of 128 .. 1024 bytes,
# against 2 rows x 16 chunks and 1 row x 32: does a taller tile help if
# each store still covers 128 bytes of a row? Two rounds.
set -u
D=kernels/measurements/2026-12-03-h200-stop26; O=/tmp/run6; mkdir -p $O; save() { tar czf $OUT/run6.tar.gz -C /tmp run6; }
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
nvcc -std=c++17 -O3 -arch=sm_90 -o /tmp/spanprobe $D/store_span_probe.cu > $O/build.txt 2>&1; echo "build $?"
for r in 1 2; do timeout 120 /tmp/spanprobe > $O/spans-$r.txt 2>&1; echo "round $r exit $?"; save; done
grep -h "gather lanes\|copy16" $O/spans-1.txt $O/spans-2.txt; save
