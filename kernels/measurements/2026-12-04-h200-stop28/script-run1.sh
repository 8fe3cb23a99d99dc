#!/usr/bin/env bash
# Run 1 (stop 28): --tune on int8 squares, wide and tall aligned shapes,
# two rounds in separate processes: which tile shape could take the int8
# squares from 4096 to 95% of copy.
set -u
B=$PWD/build-carry; O=/tmp/run1; mkdir -p $O; save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
S=4096x4096,8192x8192,16384x16384,256x524288,524288x256,1048576x64
for r in 1 2; do
  timeout 250 /tmp/swz-bench-new --tune --types int8 --shapes $S --json $O/int8-r$r.json > $O/int8-r$r.txt 2>&1; echo "round $r: exit $?"; save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob
O=sys.argv[1]
print('| shape | type | round | shipped (order) | plan0 | plan1 | plan2 | plan3 | best residency |')
for f in sorted(glob.glob(f'{O}/*-r*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; p=x['plan_ms']; r=x['residency_ms']
        best=max((100*c/v,k) for k,v in r.items() if v)
        print(f"| {x['rows']}x{x['cols']} | {x['type']} | {f[-6]} | {100*c/x['swz_ms']:.1f} ({x['band']}) | "+" | ".join(f"{100*c/p[k]:.1f}" if p.get(k) else '-' for k in '0123')+f" | {best[0]:.1f} ({best[1]}) |")
PY
save
