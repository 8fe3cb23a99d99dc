#!/usr/bin/env bash
# Run 11 (stop 27): tall halves whose output rows are unaligned and input
# rows aligned (run 10: 100001 x 96 lost 6 points with whole sectors):
# the shipped kernel against sectors.diff's plan 4 (whole sectors), two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run11; mkdir -p $O; save() { tar czf $OUT/run11.tar.gz -C /tmp run11; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
H=100001x96,262145x64,65537x128,1048577x64,32769x1024,16385x2048,100001x256
for r in 1 2; do
  timeout 120 /tmp/swz-bench-new --tune --types half --shapes $H --json $O/half-$r.json > $O/half-$r.txt 2>&1; echo "half $r: exit $?"; save
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
