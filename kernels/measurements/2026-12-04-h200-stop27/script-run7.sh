#!/usr/bin/env bash
# Run 7 (stop 27): --tune on tall int8 and float shapes, rows aligned, to
# see whether a taller or wider tile helps them as it helped halves.
set -u
B=$PWD/build-carry; O=/tmp/run7; mkdir -p $O; save() { tar czf $OUT/run7.tar.gz -C /tmp run7; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
T=65536x128,262144x64,262144x96,262144x128,262144x256,1048576x64,1048576x128,100000x96,524288x256,96x100000
for t in int8 float; do
  timeout 200 /tmp/swz-bench-new --tune --types $t --shapes $T --json $O/tall-$t.json > $O/tall-$t.txt 2>&1; echo "$t: exit $?"; save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob
O=sys.argv[1]
print('| shape | type | shipped (order) | plan0 | plan1 | plan2 | plan3 | best residency |')
for f in sorted(glob.glob(f'{O}/tall-*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; p=x['plan_ms']; r=x['residency_ms']
        best=max((100*c/v,k) for k,v in r.items() if v)
        print(f"| {x['rows']}x{x['cols']} | {x['type']} | {100*c/x['swz_ms']:.1f} ({x['band']}) | "+" | ".join(f"{100*c/p[k]:.1f}" for k in '0123')+f" | {best[0]:.1f} ({best[1]}) |")
PY
save
