#!/usr/bin/env bash
# Run 1 (stop 25): Nsight Compute on the int8 kernels of small matrices
# (16 x 1000 x 1000, the suite's lowest cell, against one 4000 x 4000 and
# 16 x 1008 x 1008 with aligned rows) and on half 16 x 1000 x 1000 (94% of
# copy), one steady launch each (the 5th), plus the tuning table.
set -u
B=$PWD/build-carry; O=/tmp/run1; mkdir -p $O; save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
gunzip -c $B/swz-bench.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
timeout 120 /tmp/swz-bench --tune --repeats 30 --shapes 16x1000x1000,4000x4000,16x1008x1008,16x992x992,4x2000x2000 --types int8 > $O/tune.txt 2>&1; save
run() { # name shape type
  timeout 100 ncu --clock-control none --kernel-name regex:fast_transpose_kernel --launch-skip 4 --launch-count 1 \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats --section LaunchStats --section SchedulerStats \
    --metrics lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__inst_executed.sum,sm__cycles_active.avg,sm__cycles_active.max,gpc__cycles_elapsed.max \
    --csv --page details /tmp/swz-bench --shapes $2 --types $3 --repeats 3 > $O/ncu-$1.csv 2> $O/ncu-$1.err
  echo "$1: exit $? $(wc -l < $O/ncu-$1.csv) lines"; save
}
run b1000-int8 16x1000x1000 int8
run s4000-int8 4000x4000 int8
run b1008-int8 16x1008x1008 int8
run b1000-half 16x1000x1000 half
python3 - $O <<'PY'
import csv,sys
O=sys.argv[1]
keys=['Duration','DRAM Throughput','L2 Cache Throughput','Achieved Occupancy','Registers Per Thread','Waves Per SM','lts__t_sectors_srcunit_tex_op_read.sum','lts__t_sectors_srcunit_tex_op_write.sum','dram__bytes_read.sum','dram__bytes_write.sum','smsp__inst_executed.sum','sm__cycles_active.avg','sm__cycles_active.max','gpc__cycles_elapsed.max','Issue Slots Busy','No Eligible','Warp Cycles Per Issued Instruction']
for t in ('b1000-int8','s4000-int8','b1008-int8','b1000-half'):
    try: rows=[r for r in csv.reader(open(f'{O}/ncu-{t}.csv')) if len(r)>10]
    except Exception as e: print(t,e); continue
    if not rows: print(t,'no rows'); continue
    h=rows[0]; ni=h.index('Metric Name'); vi=h.index('Metric Value'); ui=h.index('Metric Unit')
    got={r[ni]:(r[vi],r[ui]) for r in rows[1:]}
    print(t, '; '.join(f'{k}={got[k][0]} {got[k][1]}' for k in keys if k in got))
PY
cat $O/tune.txt; save
