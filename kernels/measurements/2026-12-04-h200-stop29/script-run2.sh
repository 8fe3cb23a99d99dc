#!/usr/bin/env bash
# Run 2 (stop 29): every residency of the kernels with aligned input rows
# and realigned output rows, every size, two rounds (int8 ran 8193 x 8192
# at 89.5% of copy with 6 blocks per SM against 83 at the shipped 4 in run 1).
set -u
B=$PWD/build-carry; O=/tmp/run2; mkdir -p $O; save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
H=8193x8192,12345x6784,4097x8192,5001x7008,3003x11008,16385x16384,100001x96,1048577x64,65537x128,8192x8192:8192:8200,1025x1024
for r in 1 2; do
  for t in int8 half float double; do
    timeout 200 /tmp/swz-bench-new --tune --types $t --shapes $H --repeats 30 --json $O/$t-r$r.json > $O/$t-r$r.txt 2>&1 || echo "$t $r: exit $?"
  done
  save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/*-r*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; p=x['plan_ms']; k=(x['type'],x['batch'] if 'batch' in x else 1,x['rows'],x['cols'],x['ld_in'],x['ld_out'])
        d=cells.setdefault(k,{'s':[],'3':[],'7':[],'8':[],'f':[],'r':[]})
        rs=x['residency_ms']
        for b in '23456': d.setdefault('R'+b,[]).append(100*c/rs[b] if rs.get(b) else 0)
        d['r'].append(max((100*c/v,int(b)) for b,v in rs.items() if v) if any(rs.values()) else (0,0))
        d['s'].append(100*c/x['swz_ms'])
        for q in '378': d[q].append(100*c/p[q] if p.get(q) else 0)
        d['f'].append(100*c/x['sectors_flipped_ms'] if x.get('sectors_flipped_ms') else 0)
print('| type | shape | shipped | sectors flipped | 2/SM | 3/SM | 4/SM | 5/SM | 6/SM |')
for k,d in cells.items():
    print(f"| {k[0]} | {k[1]}x{k[2]}x{k[3]}:{k[4]}:{k[5]} | "+" | ".join(", ".join(f"{a:.1f}" for a in d[v]) for v in 'sf')+" | "+" | ".join(", ".join(f"{a:.1f}" for a in d['R'+b]) for b in '23456')+" |")
PY
grep -il "wrong\|mismatch" $O/*.txt | head
save
