#!/usr/bin/env bash
# Run 8 (stop 28): plan 4 at 2 (plan 4), 3 (plan 5) and 4 (plan 6) blocks per SM,
# on odd, tall and aligned halves, two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run8; mkdir -p $O; save() { tar czf $OUT/run8.tar.gz -C /tmp run8; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
H=12345x6789,8191x8193,5001x7003,7777x5555,6007x6007,4099x9999,9001x4093,3003x11001,6000x5000:6007:6011,8193x8192,100001x96,1048577x64
A=4096x4096,8192x8192,16384x16384,8192x8192:8200:8200,100000x96,1048576x64,524288x256,262144x96,65536x128,96x100000,256x524288,16x1000x1000,4096x64x64
for r in 1 2; do
  timeout 200 /tmp/swz-bench-new --tune --types half --shapes $H --repeats 30 --json $O/half-r$r.json > $O/half-r$r.txt 2>&1 || echo "half $r: exit $?"
  timeout 200 /tmp/swz-bench-new --tune --types half --shapes $A --repeats 30 --json $O/aligned-r$r.json > $O/aligned-r$r.txt 2>&1 || echo "aligned $r: exit $?"
  save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/*-r*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; p=x['plan_ms']; k=(x['type'],x['batch'],x['rows'],x['cols'],x['ld_in'],x['ld_out'])
        d=cells.setdefault(k,{'s':[],'3':[],'4':[],'5':[],'6':[]})
        d['s'].append(100*c/x['swz_ms'])
        for q in '3456': d[q].append(100*c/p[q] if p.get(q) else 0)
print('| type | shape | shipped | plan 3 | plan 4 (2 blocks) | 3 blocks | 4 blocks |')
for k,d in cells.items():
    print(f"| {k[0]} | {k[1]}x{k[2]}x{k[3]}:{k[4]}:{k[5]} | "+" | ".join(", ".join(f"{a:.1f}" for a in d[v]) for v in 's3456')+" |")
PY
grep -il "wrong" $O/*.txt | head
save
