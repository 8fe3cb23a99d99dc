#!/usr/bin/env bash
# Run 2 (stop 48): Nsight Compute's warp-state, scheduler, launch and
# occupancy sections on one steady-state launch (the 21st) of L4split and
# L4 on int8 8191 x 8193 (run 1's binary, the same lease).
gunzip -c build-carry/clusters48.gz > /tmp/clusters; chmod +x /tmp/clusters; mkdir -p $OUT; for v in L4split L4; do echo "== $v"; timeout 100 ncu --clock-control none --launch-skip 20 --launch-count 1 --section WarpStateStats --section SchedulerStats --section LaunchStats --section Occupancy /tmp/clusters only=$v 8191x8193 2>&1 | grep -E "Stall|Warp Cycles|Issued Warp|No Eligible|Active Warps|Eligible Warps|Achieved Occupancy|Registers|Cluster|Waves|Block Limit" ; done 2>&1 | tee $OUT/ncu-stalls.txt
