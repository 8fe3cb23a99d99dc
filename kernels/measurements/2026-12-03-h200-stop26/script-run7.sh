#!/usr/bin/env bash
# Run 7 (stop 26): swz-bench --tune with plan 3 (8-byte gathers: a store
# covers 16 chunks of an output row; int8 256 x 128 B, half 128 x 128 B,
# float the shipped 64 x 256 B tile), odd shapes and references, two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run7; mkdir -p $O; save() { tar czf $OUT/run7.tar.gz -C /tmp run7; }
gunzip -c $B/swz-bench.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
S=8191x8193,12345x6789,6007x6007,3003x11001,8192x8192:8200:8200,100000x96,96x100000,8192x8192
for r in 1 2; do
  timeout 250 /tmp/swz-bench --tune --repeats 30 --shapes $S --types int8,half,float --json $O/tune$r.json > $O/tune$r.txt 2>&1
  echo "round $r exit $?"; save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys
O=sys.argv[1]; cells={}
for r in (1,2):
    try: d=json.load(open(f'{O}/tune{r}.json'))
    except Exception as e: print(r,e); continue
    for x in d['cells']:
        k=(f"{x['batch']}x{x['rows']}x{x['cols']}:{x['ld_in']}:{x['ld_out']}", x['type'])
        cp=x['copy_ms']; f=lambda ms: round(100*cp/ms,1) if ms else None
        cells.setdefault(k,[]).append((f(x['swz_ms']), f(x['plan_ms'].get('3')), f(x['plan_ms'].get('0')), f(x['plan_ms'].get('1'))))
print('| shape | type | shipped | plan3 | plan0 | plan1 | (per round) |')
for k,v in cells.items(): print(f'| {k[0]} | {k[1]} | {" / ".join(str(a[0]) for a in v)} | {" / ".join(str(a[1]) for a in v)} | {" / ".join(str(a[2]) for a in v)} | {" / ".join(str(a[3]) for a in v)} |')
PY
save
