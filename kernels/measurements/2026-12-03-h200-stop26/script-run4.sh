#!/usr/bin/env bash
# Run 4 (stop 26): Nsight Compute on 8191 x 8193 int8 and half with both
# sides realigned, the output rows aligned (ld_out 8192), the input rows
# aligned (ld_in 8208), and both (run 3 measured their speed): where the
# output side's realignment costs. One steady launch each (the 5th).
set -u
B=$PWD/build-carry; O=/tmp/run4; mkdir -p $O; save() { tar czf $OUT/run4.tar.gz -C /tmp run4; }
gunzip -c $B/swz-bench.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
M=lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_read.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__inst_executed_op_global_st.sum,smsp__inst_executed_op_global_ld.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shuffle.sum,launch__grid_size
run() { # name shape type
  timeout 100 ncu --clock-control none --kernel-name regex:fast_transpose_kernel --launch-skip 4 --launch-count 1 \
    --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section SchedulerStats \
    --metrics $M --csv --page details /tmp/swz-bench --shapes $2 --types $3 --repeats 3 > $O/ncu-$1.csv 2> $O/ncu-$1.err
  echo "$1: exit $? $(wc -l < $O/ncu-$1.csv) lines"; save
}
for t in int8 half; do
  run both-$t 8191x8193 $t
  run outal-$t 8191x8193:8193:8192 $t
  run inal-$t 8191x8193:8208:8191 $t
  run al-$t 8191x8193:8208:8192 $t
done
python3 - $O <<'PY' | tee $O/summary.txt
import csv,sys
O=sys.argv[1]
keys=['Duration','L2 Cache Throughput','DRAM Throughput','Achieved Occupancy','Registers Per Thread','Issue Slots Busy','No Eligible','Warp Cycles Per Issued Instruction',
'lts__t_sectors_srcunit_tex_op_read.sum','lts__t_sectors_srcunit_tex_op_write.sum','lts__t_requests_srcunit_tex_op_read.sum','lts__t_requests_srcunit_tex_op_write.sum','dram__bytes_read.sum','dram__bytes_write.sum','smsp__inst_executed.sum','l1tex__data_pipe_lsu_wavefronts_mem_shared.sum','l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum','l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum','smsp__inst_executed_op_global_st.sum','smsp__inst_executed_op_global_ld.sum','smsp__inst_executed_op_shared_ld.sum','smsp__inst_executed_op_shuffle.sum','launch__grid_size']
for t in ('both-int8','outal-int8','inal-int8','al-int8','both-half','outal-half','inal-half','al-half'):
    try: rows=[r for r in csv.reader(open(f'{O}/ncu-{t}.csv')) if len(r)>10]
    except Exception as e: print(t,e); continue
    if not rows: print(t,'no rows'); continue
    h=rows[0]; ni=h.index('Metric Name'); vi=h.index('Metric Value'); ui=h.index('Metric Unit')
    got={r[ni]:(r[vi],r[ui]) for r in rows[1:]}
    print(t); [print(f'  {k} = {got[k][0]} {got[k][1]}') for k in keys if k in got]
PY
save
