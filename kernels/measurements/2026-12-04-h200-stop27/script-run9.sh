#!/usr/bin/env bash
# Run 9 (stop 27): --tune's plan 4 of sectors.diff: halves as shipped, but
# the kernels that realign output rows write whole 32-byte sectors (tiles
# overlap by one more row group), against the shipped kernels, on the odd
# half shapes of the suite, two rounds. Every output is checked by the bench.
set -u
B=$PWD/build-carry; O=/tmp/run9; mkdir -p $O; save() { tar czf $OUT/run9.tar.gz -C /tmp run9; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
H=12345x6789,8191x8193,5001x7003,7777x5555,6007x6007,4099x9999,9001x4093,3003x11001,8193x8192
for r in 1 2; do
  timeout 150 /tmp/swz-bench-new --tune --types half --shapes $H --json $O/half-$r.json > $O/half-$r.txt 2>&1; echo "half $r: exit $?"; save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob
O=sys.argv[1]; cells={}
for f in sorted(glob.glob(f'{O}/*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; p=x['plan_ms']
        cells.setdefault((x['rows'],x['cols'],x['type']),[]).append((100*c/x['swz_ms'],100*c/p['4'] if p['4'] else 0))
print('| shape | type | shipped | whole sectors |')
for (r,cl,t),v in cells.items():
    print(f"| {r}x{cl} | {t} | "+" | ".join(", ".join(f"{a[i]:.1f}" for a in v) for i in range(2))+" |")
PY
grep -i "wrong\|fail" $O/half-*.txt | head
save
