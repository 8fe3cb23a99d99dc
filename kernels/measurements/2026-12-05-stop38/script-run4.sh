#!/usr/bin/env bash
# Run 4 (stop 38): pattern_probe.cu (built on the CPU machine: nvcc -std=c++20
# -arch=sm_90 -O3 -I kernels/include -I model, main's headers;
# build-carry/pattern-probe.gz) on int8 shapes whose both sides are
# realigned, twice.
set -u
B=$PWD/build-carry; O=/tmp/run4; mkdir -p $O
save() { tar czf $OUT/run4.tar.gz -C /tmp run4; }
gunzip -c $B/pattern-probe.gz > /tmp/probe; chmod +x /tmp/probe
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for k in 1 2; do timeout 100 /tmp/probe 8191x8193 12345x6789 3003x11001 6007x6007 9001x4093 > $O/probe-$k.txt 2>&1; echo "probe $k: exit $?"; cat $O/probe-$k.txt; save; done
