#!/usr/bin/env bash
# Run 10 (stop 30): floats with aligned input rows and realigned output
# rows at 5 blocks per SM (new) against 4 (run 9's build, base9),
# alternated, two rounds, on run 9's shapes and narrow ones (split
# sectors, same residency). Its GPU tests: run 11 (the carry holds
# two benches or the tests).
set -u
B=$PWD/build-carry; O=/tmp/run10; mkdir -p $O; save() { tar czf $OUT/run10.tar.gz -C /tmp run10; }
for v in base9 new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
F=8193x8192,12345x6784,4097x8192,3003x11008,8192x8192:8192:8196,1048577x128,262145x128,100001x256,100001x96,1048577x64,65537x128,1048577x32,1048577x48,262145x48,100001x48
for r in 1 2; do for v in base9 new; do
  timeout 100 /tmp/swz-bench-$v --types float --shapes $F --json $O/float-$v-r$r.json > $O/float-$v-r$r.txt 2>&1 || echo "float $v $r: exit $?"
done; done; save
grep -il "wrong\|mismatch" $O/*.txt | head
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/float-*-r*.json')):
    v=f.split('/')[-1].split('-')[1]
    for x in json.load(open(f))['cells']:
        cells.setdefault(x['shape'],{}).setdefault(v,[]).append(100*x['copy_ms']/x['swz_ms'])
print('| float shape | 4 blocks (base9) | 5 blocks (new) |')
for k,d in cells.items(): print(f"| {k} | "+" | ".join(", ".join(f"{a:.1f}" for a in d.get(v,[])) for v in ('base9','new'))+" |")
PY
save
