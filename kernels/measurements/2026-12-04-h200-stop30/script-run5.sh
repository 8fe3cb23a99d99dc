#!/usr/bin/env bash
# Run 5 (stop 30): halves and doubles with aligned input rows and
# realigned output rows narrower than a tile, whole sectors (shipped)
# against split (--tune's "sectors"), run 3's build, two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run5; mkdir -p $O; save() { tar czf $OUT/run5.tar.gz -C /tmp run5; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
H=1048577x16,1048577x32,1048577x48,1048577x56,1048577x64,262145x32,262145x48,262145x64,100001x32,100001x48,65537x48
D=1048577x8,1048577x16,1048577x24,1048577x28,1048577x32,262145x16,262145x24,262145x32,100001x16,100001x24,65537x24
for r in 1 2; do
  timeout 150 /tmp/swz-bench-new --tune --types half --shapes $H --json $O/tune-half-new-r$r.json > $O/tune-half-new-r$r.txt 2>&1 || echo "tune half $r: exit $?"
  timeout 150 /tmp/swz-bench-new --tune --types double --shapes $D --json $O/tune-double-new-r$r.json > $O/tune-double-new-r$r.txt 2>&1 || echo "tune double $r: exit $?"
done; save
grep -il "wrong\|mismatch" $O/*.txt | head
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]
print('## tune: shipped / flipped sectors, % of copy (r1, r2)')
rows=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/tune-*-r*.json')):
    _,t,v,r=f.split('/')[-1][:-5].split('-')
    for x in json.load(open(f))['cells']:
        d=rows.setdefault((t,x['shape']),[])
        d.append((100*x['copy_ms']/x['swz_ms'], 100*x['copy_ms']/x['sectors_flipped_ms'] if x.get('sectors_flipped_ms') else 0))
for (t,s),d in rows.items(): print(f"| {t} | {s} | "+", ".join(f"{a:.1f}/{b:.1f}" for a,b in d)+" |")
PY
save
