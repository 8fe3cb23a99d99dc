#!/usr/bin/env bash
# Run 3 (stop 39): lines_prototype.cu, stop 38's whole-line int8 tiles (256
# rows x 128 bytes) at row steps 128 (right), 192, 224 and 240 (proxies for
# taller tiles: the work a byte falls from 2 to 1.33, 1.14, 1.07), built on
# the CPU machine (nvcc 13.0 -std=c++20 -arch=sm_90 -O3 -I kernels/include
# -I model; build-carry/lines39.gz), three rounds a shape in one process.
set -u
B=$PWD/build-carry; O=/tmp/run3; mkdir -p $O
save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
gunzip -c $B/lines39.gz > /tmp/lines; chmod +x /tmp/lines
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
timeout 300 /tmp/lines 8191x8193 12345x6789 3003x11001 6007x6007 9001x4093 4001x4001 > $O/lines.txt 2>&1; echo "lines: exit $?"; cat $O/lines.txt; save
