#!/usr/bin/env bash
# Run 1 (stop 48): cluster_prototype.cu, stop 40's strips run side by side
# in thread-block clusters of S = 1, 2, 4, 8 blocks (cluster_steps.hpp),
# against launch_fast, stop 40's strips of one tile and cudaMemcpy, built
# on the CPU machine (nvcc 13.0 -std=c++20 -arch=sm_90 -O3 -I
# kernels/include -I model; build-carry/clusters48.gz), every variant's
# output checked, three rounds a shape in one process; then Nsight Compute
# on one steady-state launch (the 21st) of each of shipped, C4, L1, L4,
# L4split: L2 requests and sectors from the SMs. C = stop 40's steps,
# L = the lean ones (32-bit offsets, one store a lane an instruction).
set -u
B=$PWD/build-carry; O=/tmp/run1; mkdir -p $O
save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
gunzip -c $B/clusters48.gz > /tmp/clusters; chmod +x /tmp/clusters
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
timeout 330 /tmp/clusters 8191x8193 12345x6789 3003x11001 6007x6007 5001x7003 4001x4001 2001x2001 h:8191x8193 h:3003x11001 h:6007x6007 h:4001x4001 > $O/clusters.txt 2>&1; echo "clusters: exit $?"; cat $O/clusters.txt; save
MET=gpu__time_duration.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,dram__bytes_write.sum
for s in 8191x8193 4001x4001; do
  for v in shipped C4 L1 L4 L4split; do
    echo "== $s $v" >> $O/ncu.txt
    timeout 60 ncu --clock-control none --launch-skip 20 --launch-count 1 --metrics $MET /tmp/clusters only=$v $s 2>&1 | grep -E "duration|lts__|dram__|==PROF==.*Error" >> $O/ncu.txt
  done
done
cat $O/ncu.txt; save
