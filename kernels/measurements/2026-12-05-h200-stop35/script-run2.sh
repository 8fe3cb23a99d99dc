#!/usr/bin/env bash
# Run 2 (stop 35): why run 1's L2 prefetch lost. Nsight Compute on one
# launch of the fast kernel (the 4th), prototype binary
# (build-carry/swz-bench-pf.gz), SWZ_PF=0, 1 and 2: time, DRAM bytes read
# and written, L2 read sectors and their hit rate, instructions.
set -u
B=$PWD/build-carry; O=/tmp/run2; mkdir -p $O; save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
gunzip -c $B/swz-bench-pf.gz > /tmp/swz-bench-pf; chmod +x /tmp/swz-bench-pf
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sector_op_read_hit_rate.pct,smsp__inst_executed.sum
for c in int8:16384x16384 int8:8191x8193 float:8191x8193 double:16384x16384; do
  t=${c%%:*}; s=${c#*:}
  for pf in 0 1 2; do
    SWZ_PF=$pf timeout 90 ncu --clock-control none --kernel-name-base demangled --kernel-name regex:"fast_transpose_kernel" \
      --launch-skip 3 --launch-count 1 --metrics $M --csv --page raw /tmp/swz-bench-pf --shapes $s --types $t --repeats 3 \
      > $O/ncu-$t-$s-pf$pf.csv 2> $O/ncu-$t-$s-pf$pf.err
    echo "ncu $t $s pf$pf: exit $?"
  done
  save
done
python3 - $O <<'PY' | tee $O/summary.txt
import csv, glob, sys
O = sys.argv[1]
keys = ['gpu__time_duration.sum', 'dram__bytes_read.sum', 'dram__bytes_write.sum', 'lts__t_sectors_op_read.sum',
        'lts__t_sector_op_read_hit_rate.pct', 'smsp__inst_executed.sum']
print('| cell | SWZ_PF | ' + ' | '.join(keys) + ' |')
print('| --- | --- |' + ' ---: |' * len(keys))
for f in sorted(glob.glob(f'{O}/ncu-*.csv')):
    rows = [r for r in csv.reader(l for l in open(f) if l.startswith('"'))]
    if len(rows) < 3: print(f'| {f} | no data |'); continue
    head, units, data = rows[0], rows[1], rows[2]
    get = lambda k: (data[head.index(k)] + ' ' + units[head.index(k)]) if k in head else '-'
    name = f.split('/')[-1][4:-4]
    print(f'| {name.rsplit("-", 1)[0]} | {name.rsplit("-", 1)[1]} | ' + ' | '.join(get(k) for k in keys) + ' |')
PY
save
