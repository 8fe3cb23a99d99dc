#!/usr/bin/env bash
# Run 3 (stop 30): the build with floats writing whole sectors where
# output rows are realigned (but aligned input rows under 64 columns):
# the GPU tests, memcheck and racecheck; --tune's "sectors" column on
# floats' narrow tall shapes, two rounds; floats, halves, int8 and doubles
# narrower than 64 columns or rows (one round; the suite is run 4).
set -u
B=$PWD/build-carry; O=/tmp/run3; mkdir -p $O; save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
for v in new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 200 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 200 /tmp/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
save
N=1048577x16,1048577x32,1048577x48,1048577x56,1048577x64,1048577x80,1048577x96,1048577x128,262145x32,262145x48,262145x64,65537x32,65537x64,65537x128,100001x48,100001x96
for r in 1 2; do
  timeout 150 /tmp/swz-bench-new --tune --types float --shapes $N --json $O/tune-float-new-r$r.json > $O/tune-float-new-r$r.txt 2>&1 || echo "tune $r: exit $?"
done; save
# Narrower than the goals' 64 columns or rows (a look, one round).
timeout 100 /tmp/swz-bench-new --shapes 1000000x3,3x1000000,1000000x8,8x1000000,1000000x17,17x1000000,1000000x33,33x1000000 > $O/narrow.txt 2>&1 || echo "narrow: exit $?"
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
( time timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 150 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
