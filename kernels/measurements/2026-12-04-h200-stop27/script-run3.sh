#!/usr/bin/env bash
# Run 3 (stop 27): which aligned half shapes run faster on the realigning
# tile (128 x 128 bytes, 8-byte gathers; --tune's plan3) than on the
# shipped kernel (packed where a dimension is below the tile): tall,
# narrow and wide halves, rows aligned on both sides, one --tune each.
set -u
B=$PWD/build-carry; O=/tmp/run3; mkdir -p $O; save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
T=65536x64,65536x128,65536x256,262144x64,262144x96,262144x128,262144x256,262144x512,1048576x64,1048576x128,1048576x256,100000x96,524288x256,32768x1024,16384x2048
W=64x262144,96x262144,128x262144,256x262144,64x1048576,96x100000,256x524288,1024x32768
for r in 1 2; do
timeout 200 /tmp/swz-bench-new --tune --types half --shapes $T --json $O/tall-$r.json > $O/tall-$r.txt 2>&1; echo "tall $r: exit $?"; save
done
timeout 150 /tmp/swz-bench-new --tune --types half --shapes $W --json $O/wide.json > $O/wide.txt 2>&1; echo "wide: exit $?"; save
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob
O=sys.argv[1]; cells={}
for f in sorted(glob.glob(f'{O}/*.json')):
    for x in json.load(open(f))['cells']:
        k=f"{x['rows']}x{x['cols']}"; c=x['copy_ms']
        cells.setdefault(k,[]).append((round(100*c/x['swz_ms'],1), round(100*c/x['plan_ms']['3'],1), round(100*c/x['plan_ms']['0'],1), x['band']))
print('| half shape | shipped | plan3 | plan0 | order |')
for k,v in cells.items(): print(f"| {k} | {' / '.join(str(a[0]) for a in v)} | {' / '.join(str(a[1]) for a in v)} | {' / '.join(str(a[2]) for a in v)} | {v[0][3]} |")
PY
save
