#!/usr/bin/env bash
# Run 2 (stop 40): strip_prototype.cu again, strips in rows across the tile
# columns (blocks running together read the same input rows) against run
# 1's strips down whole columns, built on the CPU machine (nvcc 13.0
# -std=c++20 -arch=sm_90 -O3 -I kernels/include -I model;
# build-carry/strips40b.gz), every output checked, three rounds a shape.
set -u
B=$PWD/build-carry; O=/tmp/run2; mkdir -p $O
save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
gunzip -c $B/strips40b.gz > /tmp/strips; chmod +x /tmp/strips
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
timeout 200 /tmp/strips 8191x8193 12345x6789 3003x11001 6007x6007 4001x4001 h:8191x8193 h:3003x11001 > $O/strips.txt 2>&1; echo "strips: exit $?"; cat $O/strips.txt; save
