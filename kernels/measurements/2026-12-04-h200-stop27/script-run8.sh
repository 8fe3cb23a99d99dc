#!/usr/bin/env bash
# Run 8 (stop 27): --tune's plan 4, the realigning tile twice as tall
# (halves 256 x 128 bytes, 32 KiB: tiles that overlap lose 1 of 32 row
# groups, not 1 of 16), against the shipped kernel on odd and tall halves,
# two rounds; and on odd floats and doubles (128 x 256 bytes), one round.
set -u
B=$PWD/build-carry; O=/tmp/run8; mkdir -p $O; save() { tar czf $OUT/run8.tar.gz -C /tmp run8; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
H=8191x8193,12345x6789,6007x6007,3003x11001,8193x8192,1048576x64,100000x96,262144x96,524288x256,8192x8192
for r in 1 2; do
  timeout 150 /tmp/swz-bench-new --tune --types half --shapes $H --json $O/half-$r.json > $O/half-$r.txt 2>&1; echo "half $r: exit $?"; save
done
timeout 150 /tmp/swz-bench-new --tune --types float,double --shapes 8191x8193,12345x6789,3003x11001 --json $O/fd.json > $O/fd.txt 2>&1; echo "float,double: exit $?"; save
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob
O=sys.argv[1]; cells={}
for f in sorted(glob.glob(f'{O}/*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; p=x['plan_ms']
        cells.setdefault((x['rows'],x['cols'],x['type']),[]).append((100*c/x['swz_ms'],100*c/p['3'],100*c/p['4']))
print('| shape | type | shipped | plan3 | plan4 |')
for (r,cl,t),v in cells.items():
    print(f"| {r}x{cl} | {t} | "+" | ".join(", ".join(f"{a[i]:.1f}" for a in v) for i in range(3))+" |")
PY
save
