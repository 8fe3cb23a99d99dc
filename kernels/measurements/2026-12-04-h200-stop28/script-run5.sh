#!/usr/bin/env bash
# Run 5 (stop 28): each shipped kernel that realigns output rows against the
# same kernel with the other choice of whole sectors (swz-bench --tune's new
# "sectors" column), on shapes with aligned input rows and on odd shapes,
# all four sizes, two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run5; mkdir -p $O; save() { tar czf $OUT/run5.tar.gz -C /tmp run5; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
S=8193x8192,12345x6784,4097x8192,100001x96,1001x100000,8192x8192:8192:8200,8192x8192:8192:8196,8192x8192:8192:8193,8191x8193,3003x11001
for r in 1 2; do
  timeout 280 /tmp/swz-bench-new --tune --types int8,half,float,double --shapes $S --repeats 30 --json $O/r$r.json > $O/r$r.txt 2>&1 || echo "round $r: exit $?"
  save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/r*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']
        k=(x['type'],x['rows'],x['cols'],x['ld_in'],x['ld_out'])
        d=cells.setdefault(k,{'s':[],'f':[]})
        d['s'].append(100*c/x['swz_ms']); d['f'].append(100*c/x['sectors_flipped_ms'] if x['sectors_flipped_ms'] else 0)
print('| type | shape | shipped | other sectors choice |')
for k,d in cells.items():
    print(f"| {k[0]} | {k[1]}x{k[2]}:{k[3]}:{k[4]} | "+" | ".join(", ".join(f"{a:.1f}" for a in d[v]) for v in 'sf')+" |")
PY
grep -il "wrong" $O/*.txt | head
save
