#!/usr/bin/env bash
# Run 2: whole 32-byte output sectors per tile (fast_transpose_body's
# Sectors), main against two builds of the branch:
#   swz-bench-base  main (kernels as of 21bb29f)
#   swz-bench-sa    Sectors where output rows are 16-byte aligned but not all
#                   on a sector (tiles overlap by one row group)
#   swz-bench-sr    sa, and Sectors on the kernels that realign output rows
#                   by shuffles (tiles overlap by two row groups)
# Three rounds alternated on the cells concerned and on controls; Nsight
# Compute's L2 write requests and sectors on two of them.
set -u
B=${B:-$PWD/build-stop17b}; O=/tmp/r2; mkdir -p $O; save() { tar czf $OUT/r2.tar.gz -C /tmp r2; }
date -u > $O/date.txt
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.sm,temperature.gpu,power.draw --format=csv | tee $O/gpu.txt
SH=8192x8192:8200:8200,16x1000x1000,8192x8192:8192:8200,8192x8192:8196:8196,8192x8192:8194:8194,8192x8192:8208:8208,12345x6789,8191x8193,5001x7003,7777x5555,6007x6007,4099x9999,9001x4093,3003x11001,6000x5000:6007:6011,8192x8192,16384x16384,4096x4096,524288x256
( time BIN=$B bash $B/cmpn.sh $O $SH int8,half,float,double 3 swz-bench-base swz-bench-sa swz-bench-sr ) > $O/ab.txt 2>&1; cat $O/ab.txt; save
K=regex:fast_transpose_kernel
MET=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_requests_op_write_lookup_hit.sum,smsp__inst_executed.sum,smsp__warps_launched.sum
for c in "base 8192x8192:8200:8200 half" "sa 8192x8192:8200:8200 half" "base 8191x8193 half" "sr 8191x8193 half" "base 8191x8193 int8" "sr 8191x8193 int8"; do set -- $c
  echo "== $1 $2 $3" >> $O/ncu.txt
  timeout 60 ncu --clock-control none --kernel-name $K --launch-skip 1 --launch-count 1 --metrics $MET $B/swz-bench-$1 --shapes $2 --types $3 --repeats 3 2>&1 | grep -E "^    [a-z]" >> $O/ncu.txt
done
cat $O/ncu.txt; save
