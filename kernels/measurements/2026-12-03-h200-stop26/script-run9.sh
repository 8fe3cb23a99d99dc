#!/usr/bin/env bash
# Run 9 (stop 26): Nsight Compute on float 8191 x 8193 and 8193 x 8192,
# main's kernels against the 8-byte gathers: do the L2 write requests halve
# as the probe predicts? One steady launch each (the 5th).
set -u
B=$PWD/build-carry; O=/tmp/run9; mkdir -p $O; save() { tar czf $OUT/run9.tar.gz -C /tmp run9; }
for v in main new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
M=lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_read.sum,smsp__inst_executed.sum,gpu__time_duration.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,launch__registers_per_thread
for v in main new; do for s in 8191x8193 8193x8192; do
  timeout 100 ncu --clock-control none --kernel-name regex:fast_transpose_kernel --launch-skip 4 --launch-count 1 \
    --metrics $M --csv /tmp/swz-bench-$v --shapes $s --types float --repeats 3 > $O/ncu-$v-$s.csv 2> $O/ncu-$v-$s.err
  echo "$v $s: exit $?"
done; done
python3 - $O <<'PY' | tee $O/summary.txt
import csv,sys,glob
O=sys.argv[1]
for f in sorted(glob.glob(f'{O}/ncu-*.csv')):
    rows=[r for r in csv.reader(open(f)) if len(r)>10]
    if not rows: print(f,'no rows'); continue
    h=rows[0]; ni=h.index('Metric Name'); vi=h.index('Metric Value')
    print(f.split('/')[-1], {r[ni]:r[vi] for r in rows[1:]})
PY
save
