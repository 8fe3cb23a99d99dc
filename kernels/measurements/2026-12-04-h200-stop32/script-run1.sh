#!/usr/bin/env bash
# Run 1 (stop 32): Nsight Compute on the narrow kernel as main ships it
# (d34a611): what bounds its weaker cells (int8 tall 8-16 columns, halves
# tall 8, wide 6-12 rows) against its strong ones (3 columns or rows).
# One steady launch each (the 4th narrow launch of the process).
set -u
B=$PWD/build-carry; O=/tmp/run1; mkdir -p $O; save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
gunzip -c $B/swz-bench.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
M=gpu__time_duration.sum,smsp__inst_executed.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_write.sum
S="--section WarpStateStats --section ComputeWorkloadAnalysis --section InstructionStats"
run() { # type shape
  timeout 100 ncu --clock-control none --kernel-name-base demangled --kernel-name regex:narrow_transpose_kernel \
    --launch-skip 3 --launch-count 1 --metrics $M $S --csv --page raw /tmp/swz-bench --shapes $2 --types $1 --repeats 3 > $O/ncu-$1-$2.csv 2> $O/ncu-$1-$2.err
  echo "$1 $2: exit $? $(wc -l < $O/ncu-$1-$2.csv) lines"
}
for s in 1000000x3 1000000x8 1000000x16 3x1000000 8x1000000 12x1000000; do run int8 $s; done; save
for s in 1000000x3 1000000x8 3x1000000 8x1000000; do run half $s; done; save
for s in 1000000x3 1000000x8 3x1000000 8x1000000; do run float $s; done; save
for s in 1000000x4 3x1000000 8x1000000; do run double $s; done; save
python3 - $O <<'PY' | tee $O/summary.txt
import csv,sys,glob
O=sys.argv[1]
want=['gpu__time_duration.sum','smsp__inst_executed.sum','launch__registers_per_thread','sm__warps_active.avg.pct_of_peak_sustained_active','smsp__issue_active.avg.pct_of_peak_sustained_active','dram__bytes_read.sum','dram__bytes_write.sum','l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum','l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum','l1tex__t_requests_pipe_lsu_mem_global_op_st.sum','lts__t_requests_srcunit_tex_op_write.sum']
for f in sorted(glob.glob(f'{O}/ncu-*.csv')):
    rows=[r for r in csv.reader(open(f)) if len(r)>5]
    if len(rows)<3: print(f, 'no rows'); continue
    h,u,v=rows[0],rows[1],rows[2]
    print('##', f.split('/')[-1][4:-4], v[h.index('Kernel Name')][:90] if 'Kernel Name' in h else '')
    for k in want:
        if k in h: print(f'  {k} = {v[h.index(k)]} {u[h.index(k)]}')
    st=[(float(v[i].replace(',','')),k) for i,k in enumerate(h) if 'issue_stalled' in k and k.endswith('per_issue_active.ratio') and v[i].replace(',','').replace('.','',1).isdigit()]
    for x,k in sorted(st,reverse=True)[:6]: print(f'  {k} = {x}')
    pi=[(v[i],k) for i,k in enumerate(h) if k.startswith('sm__inst_executed_pipe_') and k.endswith('pct_of_peak_sustained_active')]
    for x,k in sorted(pi,key=lambda p:-float(p[0].replace(',','') or 0))[:5]: print(f'  {k} = {x}')
PY
save
