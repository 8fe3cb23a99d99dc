#!/usr/bin/env bash
# Run 2 (stop 55): the ring design's lean steps (addresses worked out once
# a block, loops unrolled) against run 1's best and launch_fast, every
# output checked, three rounds a shape; then Nsight Compute on one launch
# of L2K4, S2K4 and the shipped kernel (int8 8191 x 8193): where the
# ring's time goes. Built on the CPU machine (nvcc 13.0 -std=c++20
# -arch=sm_90 -O3 -I kernels/include -I model; build-carry/ring_proto.gz).
set -u
B=$PWD/build-carry; O=/tmp/run2; mkdir -p $O
save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
gunzip -c $B/ring_proto.gz > /tmp/ring; chmod +x /tmp/ring
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader >> $O/date.txt; cat $O/date.txt
timeout 200 /tmp/ring 8191x8193 12345x6789 3003x11001 6007x6007 4001x4001 h:8191x8193 h:3003x11001 h:6007x6007 > $O/ring.txt 2>&1; echo "ring: exit $?"; save
for v in L2K4 S2K4 shipped; do
  timeout 90 ncu --clock-control none --launch-skip 10 --launch-count 1 --section SpeedOfLight --section Occupancy --section WarpStateStats --section InstructionStats --section LaunchStats --section MemoryWorkloadAnalysis /tmp/ring --only $v 8191x8193 > $O/ncu-$v.txt 2>&1; echo "ncu $v: exit $?"; save
done
date -u >> $O/date.txt; save
grep -E "checks|round" $O/ring.txt
for v in L2K4 S2K4 shipped; do echo "== $v"; grep -E "Duration|Registers Per|Achieved Occupancy|Executed Instructions  |Issue Slots Busy|Warp Cycles Per Issued|Stall|Memory Throughput|DRAM Throughput|Block Limit" $O/ncu-$v.txt | head -24; done
