#!/usr/bin/env bash
# Run 1 (diagnosis, main's kernels only): where the cells still short of
# 93% lose. (a) leading dimensions around 8192 x 8192 whose row pitch is
# 16 bytes past a 32-byte sector, or past a 128-byte line, on the aligned
# kernels; (b) tall shapes with a power-of-two output pitch against one
# 32 elements longer; (c) the 16 x 1000 x 1000 int8 batch against aligned
# neighbours; (d) Nsight Compute memory tables of half 8192 x 8192 with and
# without ld 8200 on each side, and the int8 batch.
set -u
B=${B:-$PWD/build-stop17b}; O=/tmp/r1; mkdir -p $O; save() { tar czf $OUT/r1.tar.gz -C /tmp r1; }
date -u > $O/date.txt
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.sm,temperature.gpu,power.draw --format=csv | tee $O/gpu.txt
LD=8192x8192,8192x8192:8200:8200,8192x8192:8192:8200,8192x8192:8200:8192,8192x8192:8194:8194,8192x8192:8196:8196,8192x8192:8208:8208,8192x8192:8216:8216,8192x8192:8224:8224,8192x8192:8256:8256
TALL=1048576x64,1048576x64:64:1048608,524288x256,524288x256:256:524320
BAT=16x1000x1000,16x1008x1008,16x1000x1000:1008:1008,16x1000x1000:1000:1008,16x1000x1000:1008:1000,16x1000x1000:1024:1024
for r in 1 2; do
  $B/swz-bench-base --shapes $LD --types int8,half,float,double > $O/ld-$r.txt 2>&1
  $B/swz-bench-base --shapes $TALL --types int8,half,float,double > $O/tall-$r.txt 2>&1
  $B/swz-bench-base --shapes $BAT --types int8,half > $O/batch-$r.txt 2>&1
done
$B/swz-bench-base --shapes 16x1000x1000,8192x8192:8200:8200 --types int8,half --tune > $O/tune.txt 2>&1
for f in ld tall batch; do echo "== $f"; paste <(cut -c12-40,82-90 $O/$f-1.txt) <(cut -c82-90 $O/$f-2.txt) | grep -E "int8|half|float|double"; done
save
K=regex:fast_transpose_kernel
MET=gpu__time_duration.sum,smsp__inst_executed.sum,smsp__warps_launched.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_write.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
for s in 8192x8192 8192x8192:8200:8200 8192x8192:8192:8200 8192x8192:8200:8192 8192x8192:8208:8208; do
  echo "== half $s" >> $O/ncu.txt
  timeout 60 ncu --clock-control none --kernel-name $K --launch-skip 1 --launch-count 1 --section MemoryWorkloadAnalysis_Tables --metrics $MET $B/swz-bench-base --shapes $s --types half --repeats 3 >> $O/ncu.txt 2>&1
done
save
for s in 8192x8192 8192x8192:8200:8200; do
  echo "== warm half $s (launch 12, caches kept)" >> $O/ncu-warm.txt
  timeout 60 ncu --clock-control none --cache-control none --kernel-name $K --launch-skip 12 --launch-count 1 --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_write.sum $B/swz-bench-base --shapes $s --types half --repeats 20 2>&1 | grep -E "==|duration|bytes|sectors" >> $O/ncu-warm.txt
done
cat $O/ncu-warm.txt
timeout 30 ncu --query-metrics > $O/metrics.txt 2>&1
FILL=$(grep -oE "^lts__[a-z_]*(fill|partial|write_lookup_miss|op_write_lookup_hit)[a-z_]*" $O/metrics.txt | sort -u | head -12 | sed 's/$/.sum/' | paste -sd,)
echo "fill metrics: $FILL"
for s in 8192x8192 8192x8192:8200:8200; do
  echo "== fill half $s" >> $O/ncu-fill.txt
  [ -n "$FILL" ] && timeout 60 ncu --clock-control none --kernel-name $K --launch-skip 1 --launch-count 1 --metrics $FILL $B/swz-bench-base --shapes $s --types half --repeats 3 2>&1 | grep -E "lts__" >> $O/ncu-fill.txt
done
cat $O/ncu-fill.txt
save
echo "== int8 16x1000x1000" >> $O/ncu-batch.txt
timeout 60 ncu --clock-control none --kernel-name $K --launch-skip 1 --launch-count 1 --section WarpStateStats --section Occupancy --section LaunchStats --metrics $MET $B/swz-bench-base --shapes 16x1000x1000 --types int8 --repeats 3 >> $O/ncu-batch.txt 2>&1
save
python3 - $O/ncu.txt $O/ncu-batch.txt <<'PY'
import sys
for f in sys.argv[1:]:
    cur=None
    for l in open(f):
        if l.startswith('=='): print(l.strip()); continue
        p=l.split()
        if len(p)>=3 and ('__' in p[0]) and p[0].endswith('.sum'): print(f"   {p[0]:55s} {p[-1]}")
PY
