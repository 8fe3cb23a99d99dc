#!/usr/bin/env bash
# Run 9 (stop 29): Nsight Compute on floats with aligned input rows and
# realigned output rows, split sectors (shipped) against whole ones
# (--tune's flipped kernel): where whole sectors win (1048577 x 128) and
# where they lose (65537 x 128, 8193 x 8192). One steady launch each (the 5th).
set -u
B=$PWD/build-carry; O=/tmp/run9; mkdir -p $O; save() { tar czf $OUT/run9.tar.gz -C /tmp run9; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
M=gpu__time_duration.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_read.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__inst_executed.sum,launch__grid_size,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum
run() { # name shape sectors(0|1)
  timeout 150 ncu --clock-control none --kernel-name-base demangled --kernel-name "regex:fast_transpose_plan<.unsigned int.4, .unsigned int.64, .unsigned int.256, .unsigned int.256, .unsigned int.256, .unsigned int.8>, .bool.1, .bool.0, .bool.0, .unsigned int.4, .bool.$3>" \
    --launch-skip 4 --launch-count 1 --metrics $M --csv --page raw /tmp/swz-bench --tune --shapes $2 --types float --repeats 3 > $O/ncu-$1.csv 2> $O/ncu-$1.err
  echo "$1: exit $? $(wc -l < $O/ncu-$1.csv) lines"; save
}
run tall-split 1048577x128 0
run tall-whole 1048577x128 1
run mid-split 65537x128 0
run mid-whole 65537x128 1
run square-split 8193x8192 0
run square-whole 8193x8192 1
python3 - $O <<'PY' | tee $O/summary.txt
import csv,sys
O=sys.argv[1]
for t in ('tall-split','tall-whole','mid-split','mid-whole','square-split','square-whole'):
    try: rows=[r for r in csv.reader(open(f'{O}/ncu-{t}.csv'))]
    except Exception as e: print(t,e); continue
    rows=[r for r in rows if len(r)>5]
    if len(rows)<3: print(t,'no rows'); continue
    h=rows[0]; u=rows[1]; v=rows[2]
    print(t, v[h.index('Kernel Name')][:150] if 'Kernel Name' in h else '')
    for i,k in enumerate(h):
        if '__' in k: print(f'  {k} = {v[i]} {u[i]}')
PY
save
