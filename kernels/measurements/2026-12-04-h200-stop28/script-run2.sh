#!/usr/bin/env bash
# Run 2 (stop 28): rows 8-byte aligned on both sides (not both 16) run the
# aligned kernel with every 16-byte global access split in two 8-byte ones
# (proto8.diff), against main, which realigns them; and the split's cost
# on 16-byte-aligned shapes. Two rounds, alternated.
set -u
B=$PWD/build-carry; O=/tmp/run2; mkdir -p $O; save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
for v in main proto; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
declare -A S
S[int8]=16x1000x1000,8192x8192:8200:8200,8192x8200,4104x4104,8192x8192,4096x4096
S[half]=8196x8196,6004x5004,8192x8192:8196:8196,8192x8192
S[float]=8194x8194,6002x5006,8192x8192
S[double]=8191x8193,12345x6789,6007x6007,3003x11001,6000x5000:6007:6011,8192x8192,16384x16384
for r in 1 2; do for v in main proto; do for t in int8 half float double; do
  timeout 100 /tmp/swz-bench-$v --types $t --shapes ${S[$t]} --repeats 30 --json $O/$v-$t-r$r.json > $O/$v-$t-r$r.txt 2>&1 || echo "$v $t $r: exit $?"
done; done; save; done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/*.json')):
    v=f.split('/')[-1].split('-')[0]
    for x in json.load(open(f))['cells']:
        k=(x['type'],x['rows'],x['cols'],x.get('ld_in'),x.get('ld_out'),x.get('batch'))
        cells.setdefault(k,{}).setdefault(v,[]).append(100*x['copy_ms']/x['swz_ms'])
print('| type | shape | main | 8-byte halves |')
for k,d in cells.items():
    print(f"| {k[0]} | {k[5]}x{k[1]}x{k[2]}:{k[3]}:{k[4]} | "+" | ".join(", ".join(f"{a:.1f}" for a in d.get(v,[])) for v in ('main','proto'))+" |")
PY
grep -il "wrong\|mismatch\|fail" $O/*.txt | head
save
