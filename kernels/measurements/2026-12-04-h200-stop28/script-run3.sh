#!/usr/bin/env bash
# Run 3 (stop 28): --tune on the double squares (16384 x 16384 ran at 91% of
# copy in run 2) and mid-size realigned int8, two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run3; mkdir -p $O; save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for r in 1 2; do
  timeout 250 /tmp/swz-bench-new --tune --types double --shapes 16384x16384,8192x8192,16384x8192,8192x16384,12345x6789 --json $O/double-r$r.json > $O/double-r$r.txt 2>&1; echo "double $r: exit $?"
  timeout 250 /tmp/swz-bench-new --tune --types int8 --shapes 4104x4104,16x1000x1000,8192x8192:8200:8200 --json $O/int8-r$r.json > $O/int8-r$r.txt 2>&1; echo "int8 $r: exit $?"; save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob
O=sys.argv[1]
print('| shape | type | round | shipped (order) | other order | plan0 | plan1 | plan2 | plan3 | residencies |')
for f in sorted(glob.glob(f'{O}/*-r*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; p=x['plan_ms']; r=x['residency_ms']
        best=max((100*c/v,k) for k,v in r.items() if v)
        print(f"| {x['rows']}x{x['cols']} | {x['type']} | {f[-6]} | {100*c/x['swz_ms']:.1f} ({x['band']}) | {100*c/x['other_band_ms'] if x.get('other_band_ms') else 0:.1f} ({x.get('other_band')}) | "+" | ".join(f"{100*c/p[k]:.1f}" if p.get(k) else '-' for k in '0123')+" | "+", ".join(f"{k}: {100*c/v:.1f}" for k,v in sorted(r.items()) if v)+" |")
PY
save
