#!/usr/bin/env bash
# Run 6 (stop 34): where the fast kernel's weakest suite cells lose, for the
# next stop (no kernel changed). Main's head build of run 5
# (build-carry/swz-bench-new.gz): swz-bench --tune on those cells (other
# block orders, residencies, tiles), then Nsight Compute on the fast
# kernel of six of them: grid, waves, occupancy limits, DRAM, stalls.
# (The run wrote a sub-matrix's file names with colons; they are renamed
# with underscores here, as the script now writes them.)
set -u
B=$PWD/build-carry; O=/tmp/run6; mkdir -p $O; save() { tar czf $OUT/run6.tar.gz -C /tmp run6; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
timeout 120 /tmp/swz-bench-new --tune --types int8 --shapes 16x1000x1000,4096x64x64,256x256x256,3003x11001,8191x8193,6000x5000:6007:6011,96x100000,100000x96 --json $O/tune-int8.json > $O/tune-int8.txt 2>&1 || echo "tune int8: exit $?"
timeout 90 /tmp/swz-bench-new --tune --types half --shapes 3003x11001,6000x5000:6007:6011,96x100000,16x1000x1000 --json $O/tune-half.json > $O/tune-half.txt 2>&1 || echo "tune half: exit $?"
save
M=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__waves_per_multiprocessor,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,launch__occupancy_limit_blocks,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum
for c in int8:16x1000x1000 int8:4096x64x64 int8:3003x11001 int8:6000x5000:6007:6011 int8:96x100000 half:3003x11001; do
  t=${c%%:*}; s=${c#*:}
  timeout 60 ncu --clock-control none --kernel-name-base demangled --kernel-name regex:"fast_(transpose|packed)_kernel" \
    --launch-skip 3 --launch-count 1 --metrics $M --section WarpStateStats --csv --page raw /tmp/swz-bench-new --shapes $s --types $t --repeats 3 > $O/ncu-$t-${s//:/_}.csv 2> $O/ncu-$t-${s//:/_}.err
  echo "ncu $t $s: exit $?"
done; save
python3 - $O <<'PY' | tee $O/summary.txt
import csv, glob, re, sys
O = sys.argv[1]
for f in sorted(glob.glob(f'{O}/ncu-*.csv')):
    rows = [r for r in csv.reader(open(f)) if len(r) > 5]
    if len(rows) < 3: print(f, 'no rows'); continue
    h, v = rows[0], rows[2]
    g = lambda k: v[h.index(k)] if k in h else '?'
    st = sorted([(float(v[i].replace(',', '')), k.split('stalled_')[1].split('_per')[0]) for i, k in enumerate(h)
                 if 'issue_stalled' in k and k.endswith('per_issue_active.ratio') and re.match(r'^[\d\.,]+$', v[i])], reverse=True)[:3]
    print(f.split('/')[-1][4:-4], g('gpu__time_duration.sum'), 'ns grid', g('launch__grid_size'), 'x', g('launch__block_size'),
          'waves', g('launch__waves_per_multiprocessor'), 'lim reg/smem/blk', g('launch__occupancy_limit_registers'),
          g('launch__occupancy_limit_shared_mem'), g('launch__occupancy_limit_blocks'), 'warps%', g('sm__warps_active.avg.pct_of_peak_sustained_active'),
          'issue%', g('smsp__issue_active.avg.pct_of_peak_sustained_active'), 'dram%', g('dram__throughput.avg.pct_of_peak_sustained_elapsed'), st)
PY
grep -h -E "^(given|group)" $O/tune-*.txt | head -30
save
