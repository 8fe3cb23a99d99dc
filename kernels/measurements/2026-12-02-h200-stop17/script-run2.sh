#!/usr/bin/env bash
# Run 2: why the branch's half kernels with unaligned output rows lost in
# the bench (run 1) while Nsight Compute timed one launch faster; the
# register caps of every realigning kernel (--tune); where the int8 and
# half odd kernels spend their instructions now (per-SASS counts).
#   swz-bench-new  the branch (fea5cd3 + 215667a)
#   swz-bench-np   the branch, halves packed as before (no rotation in the PRMT)
#   swz-bench-os   the branch, stores dispatched per vector as before
set -u
M=${M:-kernels/measurements/2026-12-02-h200-stop17}; export BIN=${BIN:-/tmp/bin}
O=/tmp/r2; mkdir -p $O; save() { tar czf $OUT/r2.tar.gz -C /tmp r2; }
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv | tee $O/gpu.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv -lms 200 > $O/clocks.txt 2>&1 &
CK=$!
SH=8191x8193,12345x6789,8193x8192,6000x5000:6007:6011
( time bash $M/cmpn.sh $O $SH half,int8 2 swz-bench-base swz-bench-new swz-bench-np swz-bench-os ) > $O/ab.txt 2>&1; cat $O/ab.txt; save
kill $CK
( time $BIN/swz-bench-new --shapes 8191x8193,8193x8192,8192x8193,6000x5000:6007:6011,16x1000x1000,8192x8192:8200:8200 --types int8,half,float,double --tune ) > $O/tune-new.txt 2>&1
cut -c1-40,70-76,122-200 $O/tune-new.txt; save
K=regex:fast_transpose_kernel
for s in "swz-bench-base half" "swz-bench-new half"; do set -- $s
  echo "== $1 $2 warm (launch 20, caches kept)" >> $O/ncu.txt
  timeout 60 ncu --clock-control none --cache-control none --kernel-name $K --launch-skip 20 --launch-count 1 --metrics gpu__time_duration.sum,smsp__inst_executed.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_write.sum $BIN/$1 --shapes 8191x8193 --types $2 --repeats 30 2>&1 | grep -E "duration|inst_exec|bytes|sectors" >> $O/ncu.txt
done
cat $O/ncu.txt; save
for t in int8 half; do
  timeout 90 ncu --clock-control none --kernel-name $K --launch-count 1 --section SourceCounters --section WarpStateStats --import-source no -o /tmp/p-$t $BIN/swz-bench-new --shapes 8191x8193 --types $t --repeats 1 > /dev/null 2>&1
  ncu -i /tmp/p-$t.ncu-rep --page source --csv --print-source sass 2>/dev/null | gzip > $O/src-new-$t.csv.gz
  ncu -i /tmp/p-$t.ncu-rep --page details 2>/dev/null | grep -iE "stall|warp cycles|issued" | head -30 > $O/stalls-new-$t.txt
done
ls -la $O; save
