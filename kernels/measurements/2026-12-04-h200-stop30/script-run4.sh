#!/usr/bin/env bash
# Run 4 (stop 30): the default suite, main before this stop (base) and
# run 3's build (new: cheaper sector test, floats writing whole sectors
# where output rows are realigned) alternated, two rounds (a run of its
# own: the two binaries and run 3's do not fit one carry).
set -u
B=$PWD/build-carry; O=/tmp/run4; mkdir -p $O; save() { tar czf $OUT/run4.tar.gz -C /tmp run4; }
for v in base new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for r in 1 2; do for v in base new; do
  timeout 200 /tmp/swz-bench-$v --json $O/suite-$v-r$r.json > $O/suite-$v-r$r.txt 2>&1 || echo "suite $v $r: exit $?"
done; save; done
grep -il "wrong\|mismatch" $O/*.txt | head
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]
def pct(x,k): return 100*x['copy_ms']/x[k] if x.get(k) else 0
print('## tune: shipped / flipped sectors, % of copy (r1, r2)')
rows=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/tune-*-r*.json')):
    _,t,v,r=f.split('/')[-1][:-5].split('-')
    for x in json.load(open(f))['cells']:
        d=rows.setdefault((t,x['shape']),{})
        d.setdefault(v,[]).append((pct(x,'swz_ms'), 100*x['copy_ms']/x['sectors_flipped_ms'] if x.get('sectors_flipped_ms') else 0))
for (t,s),d in rows.items():
    print(f"| {t} | {s} | "+" | ".join(", ".join(f"{a:.1f}/{b:.1f}" for a,b in d.get(v,[])) for v in ('new',))+" |")
print('## suite')
cells=collections.OrderedDict(); n=collections.Counter()
for f in sorted(glob.glob(f'{O}/suite-*-r*.json')):
    _,v,r=f.split('/')[-1][:-5].split('-')
    for x in json.load(open(f))['cells']:
        p=pct(x,'swz_ms'); cells.setdefault((x['shape'],x['type']),{}).setdefault(v,[]).append(p); n[v+r]+= p>=93
for (s,t),d in cells.items(): print(f"| {s} | {t} | "+" | ".join(", ".join(f"{a:.1f}" for a in d.get(v,[])) for v in ('base','new'))+" |")
print(dict(n))
PY
save
