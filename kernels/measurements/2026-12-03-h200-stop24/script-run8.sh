#!/usr/bin/env bash
# Run 8 (stop 24): Nsight Compute on the hinted kernels that realign both
# sides (8191 x 8193, int8, half, float), one steady launch each (the 5th).
set -u
B=$PWD/build-carry; O=/tmp/run8; mkdir -p $O; save() { tar czf $OUT/run8.tar.gz -C /tmp run8; }
gunzip -c $B/swz-bench-strict.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for t in int8 half float; do
  timeout 150 ncu --clock-control none --kernel-name regex:fast_transpose_kernel --launch-skip 4 --launch-count 1 \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats --section LaunchStats --section SchedulerStats \
    --metrics lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__inst_executed.sum \
    --csv --page details /tmp/swz-bench --shapes 8191x8193 --types $t --repeats 3 > $O/ncu-$t.csv 2> $O/ncu-$t.err
  echo "$t: exit $? $(wc -l < $O/ncu-$t.csv) lines"
  save
done
python3 - $O <<'PY'
import csv,sys,glob
O=sys.argv[1]
keys=['Duration','DRAM Throughput','L2 Cache Throughput','Memory Throughput','Achieved Occupancy','Registers Per Thread','lts__t_sectors_srcunit_tex_op_read.sum','lts__t_sectors_srcunit_tex_op_write.sum','dram__bytes_read.sum','dram__bytes_write.sum','smsp__inst_executed.sum','Issue Slots Busy','No Eligible','Warp Cycles Per Issued Instruction']
for t in ('int8','half','float'):
    rows=[r for r in csv.reader(open(f'{O}/ncu-{t}.csv')) if len(r)>10]
    if not rows: print(t,'no rows'); continue
    h=rows[0]; ni=h.index('Metric Name'); vi=h.index('Metric Value'); ui=h.index('Metric Unit')
    got={r[ni]:(r[vi],r[ui]) for r in rows[1:]}
    print(t, '; '.join(f'{k}={got[k][0]} {got[k][1]}' for k in keys if k in got))
PY
