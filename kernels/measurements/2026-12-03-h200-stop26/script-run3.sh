#!/usr/bin/env bash
# Run 3 (stop 26): what each side's realignment costs. The same odd shapes
# with the input, the output or both leading dimensions padded to 16 bytes
# (so that side's rows are aligned and its kernel realigns nothing there),
# int8, half and float, three rounds of swz-bench (main's binary, 8cc7392).
set -u
B=$PWD/build-carry; O=/tmp/run3; mkdir -p $O; save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
gunzip -c $B/swz-bench.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
S=8191x8193,8191x8193:8193:8192,8191x8193:8208:8191,8191x8193:8208:8192
S=$S,12345x6789,12345x6789:6789:12352,12345x6789:6800:12345,12345x6789:6800:12352
S=$S,16x1000x1000,16x1000x1000:1000:1008,16x1000x1000:1008:1000,16x1000x1000:1008:1008
for r in 1 2 3; do
  timeout 150 /tmp/swz-bench --shapes $S --types int8,half,float --json $O/round$r.json > $O/round$r.txt 2>&1
  echo "round $r exit $?"; save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys
O=sys.argv[1]; cells={}
for r in (1,2,3):
    try: d=json.load(open(f'{O}/round{r}.json'))
    except Exception as e: print(r,e); continue
    for x in d['cells']:
        k=(f"{x['batch']}x{x['rows']}x{x['cols']}:{x['ld_in']}:{x['ld_out']}", x['type'])
        cells.setdefault(k,[]).append(round(100*x['swz_of_copy'],1))
for k,v in cells.items(): print(f'| {k[0]} | {k[1]} | {sorted(v)[len(v)//2]} | {v} |')
PY
save
