#!/usr/bin/env bash
# Run 7 (stop 28): --tune's new plan 4 (128 rows x 256 bytes, 512 threads,
# 8-byte gathers: each tile reads 256 bytes of an input row, a store
# covers 16 chunks of an output row) on the realigning shapes, two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run7; mkdir -p $O; save() { tar czf $OUT/run7.tar.gz -C /tmp run7; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
H=12345x6789,8191x8193,5001x7003,7777x5555,6007x6007,4099x9999,9001x4093,3003x11001,6000x5000:6007:6011,8193x8192,8192x8192
for r in 1 2; do
  timeout 200 /tmp/swz-bench-new --tune --types half --shapes $H --repeats 30 --json $O/half-r$r.json > $O/half-r$r.txt 2>&1 || echo "half $r: exit $?"
  timeout 150 /tmp/swz-bench-new --tune --types float,double --shapes 8191x8193,3003x11001,8193x8192,8192x8192 --repeats 30 --json $O/fd-r$r.json > $O/fd-r$r.txt 2>&1 || echo "fd $r: exit $?"
  save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/*-r*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; p=x['plan_ms']; k=(x['type'],x['rows'],x['cols'],x['ld_in'],x['ld_out'])
        d=cells.setdefault(k,{'s':[],'3':[],'4':[],'0':[]})
        d['s'].append(100*c/x['swz_ms'])
        for q in '034': d[q].append(100*c/p[q] if p.get(q) else 0)
print('| type | shape | shipped | plan 0 | plan 3 | plan 4 |')
for k,d in cells.items():
    print(f"| {k[0]} | {k[1]}x{k[2]}:{k[3]}:{k[4]} | "+" | ".join(", ".join(f"{a:.1f}" for a in d[v]) for v in 's034')+" |")
PY
grep -il "wrong" $O/*.txt | head
save
