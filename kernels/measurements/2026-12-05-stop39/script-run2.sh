#!/usr/bin/env bash
# Run 2 (stop 39): the L2 traffic of int8 cells of 16 MB against larger
# ones: Nsight Compute on one steady-state launch (the 21st of the
# process, caches as the timing loop leaves them) of the fast kernel and
# of copy16 on the same bytes. L2 requests and sectors from the SMs, read
# and written, the L2 hit rate and DRAM bytes. main's swz-bench built here.
set -u
O=/tmp/run2; mkdir -p $O; save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
cmake -S . -B /tmp/b -DSWZ_WITH_Z3=OFF -DSWZ_CUDA=ON -DSWZ_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release > $O/cfg.log 2>&1 &&
  cmake --build /tmp/b --target swz-bench -j16 > $O/build.log 2>&1 || { echo build failed; tail -20 $O/cfg.log $O/build.log; save; exit 1; }
B=/tmp/b/kernels/swz-bench
MET=gpu__time_duration.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum
for s in 16x1000x1000 4001x4001 16x1008x1008 4096x4096 8191x8193 16384x16384; do
  for K in fast_transpose_kernel copy16; do
    echo "== $s $K" >> $O/ncu.txt
    timeout 90 ncu --clock-control none --cache-control none --kernel-name regex:$K --launch-skip 20 --launch-count 1 --metrics $MET $B --shapes $s --types int8 --repeats 30 2>&1 | grep -E "duration|lts__|dram__" >> $O/ncu.txt
  done
done
cat $O/ncu.txt; save
