#!/usr/bin/env bash
# Run 2 (stop 30): the sector ownership test without branches (k3.cubin's
# SASS), and swz-bench --tune's "sectors" column (each kernel with the
# other sectors choice) on the shapes where the choice differs by size,
# main (base) and the change (new) alternated, two rounds; then the
# default suite, both builds alternated, two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run2; mkdir -p $O; save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
cuobjdump -sass $B/k3.cubin > $O/k3.sass 2>&1
for v in base new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
F=1048577x128,262145x128,65537x128,100001x96,100001x256,8193x8192,12345x6784,1048577x64,8192x8192:8192:8196
H=8191x8193,3003x11001,6007x6007,5001x7003,100001x96,65537x128,1048577x128,8193x8192,8192x8192:8200:8200
I=8191x8193,6007x6007,16x1000x1000,8192x8192:8200:8200,1048577x64,262145x128,8193x8192,262145x256
D=8193x8192,100001x96,8191x8193,8192x8192:8194:8194
for r in 1 2; do for v in base new; do
  for t in float:$F half:$H int8:$I double:$D; do
    timeout 100 /tmp/swz-bench-$v --tune --types ${t%%:*} --shapes ${t#*:} --json $O/tune-${t%%:*}-$v-r$r.json > $O/tune-${t%%:*}-$v-r$r.txt 2>&1 || echo "tune $t $v $r: exit $?"
  done
done; save; done
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
    print(f"| {t} | {s} | "+" | ".join(", ".join(f"{a:.1f}/{b:.1f}" for a,b in d.get(v,[])) for v in ('base','new'))+" |")
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
