#!/usr/bin/env bash
# Run 8 (stop 38, prepared; run in stop 39 on an H100, results in run8/):
# lines_prototype.cu, the whole-line design for int8 matrices whose both
# sides are realigned (tiles of 256 rows 128 apart; lines_steps.hpp,
# checked on the CPU by lines_emulation.cpp: 168 of 168 cases; since stop 39
# ../2026-12-05-stop39/lines_emulation.cpp), built on
# the CPU machine (nvcc -std=c++20 -arch=sm_90 -O3 -I kernels/include -I
# model; build-carry/lines-prototype.gz), against launch_fast and
# cudaMemcpy, three rounds in one process a shape; then run 7's probe.
set -u
B=$PWD/build-carry; O=/tmp/run8; mkdir -p $O
save() { tar czf $OUT/run8.tar.gz -C /tmp run8; }
gunzip -c $B/lines-prototype.gz > /tmp/lines; chmod +x /tmp/lines
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
timeout 200 /tmp/lines 8191x8193 12345x6789 3003x11001 6007x6007 9001x4093 5001x7003 > $O/lines.txt 2>&1; echo "lines: exit $?"; cat $O/lines.txt; save
