#!/usr/bin/env bash
# Run 1 (stop 40): strip_prototype.cu, the int8 and half kernels that
# realign both sides on strips of S shipped tiles, carrying wrapped output
# chunks to the next tile (strip_steps.hpp), against launch_fast and
# cudaMemcpy, built on the CPU machine (nvcc 13.0 -std=c++20 -arch=sm_90
# -O3 -DSTOP40_RUN1 -I kernels/include -I model; build-carry/strips40.gz),
# every variant's output checked, three rounds a shape in one process.
set -u
B=$PWD/build-carry; O=/tmp/run1; mkdir -p $O
save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
gunzip -c $B/strips40.gz > /tmp/strips; chmod +x /tmp/strips
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
timeout 300 /tmp/strips 8191x8193 12345x6789 3003x11001 6007x6007 9001x4093 5001x7003 4001x4001 2001x2001 h:8191x8193 h:12345x6789 h:3003x11001 h:5001x7003 h:6007x6007 h:4001x4001 > $O/strips.txt 2>&1; echo "strips: exit $?"; cat $O/strips.txt; save
