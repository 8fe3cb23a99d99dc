#!/usr/bin/env bash
# Run 1 (stop 29): --tune's new plans 7 and 8 (plan 3's int8 tile, 256
# rows x 128 bytes, 8-byte gathers: a store covers 16 chunks of 2 output
# rows and a tile writes 240 bytes of each, at 3 and 2 blocks per SM) on
# the int8 shapes short of 93%, and five half shapes, two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run1; mkdir -p $O; save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
H=8191x8193,12345x6789,5001x7003,6007x6007,3003x11001,6000x5000:6007:6011,8192x8192:8200:8200,100000x96,96x100000,524288x256,4104x4104,16x1000x1000,8193x8192,8192x8193
for r in 1 2; do
  timeout 250 /tmp/swz-bench-new --tune --types int8 --shapes $H --repeats 30 --json $O/i8-r$r.json > $O/i8-r$r.txt 2>&1 || echo "int8 $r: exit $?"
  timeout 120 /tmp/swz-bench-new --tune --types half --shapes 3003x11001,5001x7003,6000x5000:6007:6011,100000x96,96x100000 --repeats 30 --json $O/half-r$r.json > $O/half-r$r.txt 2>&1 || echo "half $r: exit $?"
  save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/*-r*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; p=x['plan_ms']; k=(x['type'],x['batch'] if 'batch' in x else 1,x['rows'],x['cols'],x['ld_in'],x['ld_out'])
        d=cells.setdefault(k,{'s':[],'3':[],'7':[],'8':[],'f':[],'r':[]})
        rs=x['residency_ms']; d['r'].append(max((100*c/v,int(b)) for b,v in rs.items() if v) if any(rs.values()) else (0,0))
        d['s'].append(100*c/x['swz_ms'])
        for q in '378': d[q].append(100*c/p[q] if p.get(q) else 0)
        d['f'].append(100*c/x['sectors_flipped_ms'] if x.get('sectors_flipped_ms') else 0)
print('| type | shape | shipped | sectors flipped | plan 3 | plan 7 (3/SM) | plan 8 (2/SM) | best residency |')
for k,d in cells.items():
    print(f"| {k[0]} | {k[1]}x{k[2]}x{k[3]}:{k[4]}:{k[5]} | "+" | ".join(", ".join(f"{a:.1f}" for a in d[v]) for v in 'sf378')+" | "+", ".join(f"{a:.1f} ({b})" for a,b in d['r'])+" |")
PY
grep -il "wrong\|mismatch" $O/*.txt | head
save
