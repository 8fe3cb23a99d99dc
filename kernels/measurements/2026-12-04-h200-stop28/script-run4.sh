#!/usr/bin/env bash
# Run 4 (stop 28): the realigning kernels without their 64-bit ("wide")
# paths (nowide-proto.diff), which set their register counts, against main:
# swz-bench --tune's residencies (2-6 blocks per SM) on the shapes that
# realign rows, both builds alternated, two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run4; mkdir -p $O; save() { tar czf $OUT/run4.tar.gz -C /tmp run4; }
for v in new nowide; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
S=8191x8193,12345x6789,3003x11001,6007x6007,6000x5000:6007:6011,8192x8192:8200:8200,8193x8192,8192x8193,4104x4104,16x1000x1000
for r in 1 2; do for v in new nowide; do
  timeout 280 /tmp/swz-bench-$v --tune --types int8,half,float,double --shapes $S --repeats 30 --json $O/$v-r$r.json > $O/$v-r$r.txt 2>&1 || echo "$v $r: exit $?"
  save
done; done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/*-r*.json')):
    v=f.split('/')[-1].split('-')[0]
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; r=x['residency_ms']
        k=(x['type'],x['batch'],x['rows'],x['cols'],x['ld_in'],x['ld_out'])
        d=cells.setdefault(k,{}).setdefault(v,{})
        d.setdefault('shipped',[]).append(100*c/x['swz_ms'])
        for b,ms in r.items():
            if ms: d.setdefault(b,[]).append(100*c/ms)
print('| type | shape | main shipped | main 4 / 5 / 6 | no wide: 4 / 5 / 6 |')
f=lambda l: "/".join(f"{a:.1f}" for a in l)
for k,d in cells.items():
    m=d.get('new',{}); n=d.get('nowide',{})
    print(f"| {k[0]} | {k[1]}x{k[2]}x{k[3]}:{k[4]}:{k[5]} | {f(m.get('shipped',[]))} | "+" ; ".join(f(m.get(b,[])) for b in '456')+" | "+" ; ".join(f(n.get(b,[])) for b in '456')+" |")
PY
grep -il "wrong\|mismatch" $O/*.txt | head
save
