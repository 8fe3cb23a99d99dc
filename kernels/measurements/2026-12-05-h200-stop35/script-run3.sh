#!/usr/bin/env bash
# Run 3 (stop 35): the prefetch's second form (the same rows a wave of
# blocks on, from the block's own tile: prefetch2.diff), built on the CPU
# machine as build-carry/swz-bench-pf.gz (cmake --build build-pf --target
# swz-bench). swz-bench with SWZ_PF=0 (no prefetch), 1 (half a wave on),
# 2 (a wave on), two rounds, the second in reverse order, on run 1's fast
# cells; then Nsight Compute on two int8 cells as in run 2.
set -u
B=$PWD/build-carry; T=$PWD/kernels/measurements/tools; O=/tmp/run3; mkdir -p $O
save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
gunzip -c $B/swz-bench-pf.gz > /tmp/swz-bench-pf; chmod +x /tmp/swz-bench-pf
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
S_int8=8191x8193,12345x6789,8192x8192:8200:8200,16x1000x1000,2048x2048,4096x4096,16384x16384,524288x256,96x100000
S_half=8191x8193,12345x6789,1024x1024,4096x4096,100000x96
S_float=8191x8193,1048576x64,96x100000
S_double=12345x6789,1024x1024,16384x16384
for k in 1 2; do
    V="0 1 2"; [ $k = 2 ] && V="2 1 0"
    for pf in $V; do for t in int8 half float double; do s=S_$t
        SWZ_PF=$pf timeout 90 /tmp/swz-bench-pf --types $t --shapes ${!s} --json $O/bench-pf$pf-$k-$t.json > $O/bench-pf$pf-$k-$t.txt 2>&1 || echo "bench pf$pf $k $t: exit $?"
    done; done
    save
done
python3 $T/ab_summary.py $O pf0 pf1 pf2 | tee $O/summary-fast.txt
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_op_read_hit_rate.pct,smsp__inst_executed.sum
for c in int8:16384x16384 int8:8191x8193; do
  t=${c%%:*}; s=${c#*:}
  for pf in 0 1; do
    SWZ_PF=$pf timeout 90 ncu --clock-control none --kernel-name-base demangled --kernel-name regex:"fast_transpose_kernel" \
      --launch-skip 3 --launch-count 1 --metrics $M --csv --page raw /tmp/swz-bench-pf --shapes $s --types $t --repeats 3 \
      > $O/ncu-$t-$s-pf$pf.csv 2> $O/ncu-$t-$s-pf$pf.err
  done
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
