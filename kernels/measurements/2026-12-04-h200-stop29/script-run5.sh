#!/usr/bin/env bash
# Run 5 (stop 29): the final build (int8 matrices of one tile column with
# aligned input rows and realigned output rows write split sectors): the GPU
# tests, memcheck and racecheck; those shapes alternated with run 4's build,
# two rounds; then the default suite twice (the suite of record).
set -u
B=$PWD/build-carry; O=/tmp/run5; mkdir -p $O; save() { tar czf $OUT/run5.tar.gz -C /tmp run5; }
for v in r4 new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 200 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 150 /tmp/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
save
N=1048577x64,100001x96,65537x128,262145x128,100001x112,1048577x16,100001x144,8193x8192,4097x8192
for r in 1 2; do for v in r4 new; do
  timeout 100 /tmp/swz-bench-$v --types int8 --shapes $N --json $O/narrow-$v-r$r.json > $O/narrow-$v-r$r.txt 2>&1 || echo "narrow $v $r: exit $?"
done; done
python3 - $O <<'PY' | tee $O/narrow-summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/narrow-*-r*.json')):
    v=f.split('/')[-1].split('-')[1]
    for x in json.load(open(f))['cells']:
        cells.setdefault(x['shape'],{}).setdefault(v,[]).append(100*x['copy_ms']/x['swz_ms'] if x['swz_ms'] else 0)
print('| int8 shape | run 4 build | final |')
for k,d in cells.items(): print(f"| {k} | "+" | ".join(", ".join(f"{a:.1f}" for a in d.get(v,[])) for v in ('r4','new'))+" |")
PY
save
for r in 1 2; do
  timeout 200 /tmp/swz-bench-new --json $O/suite-r$r.json > $O/suite-r$r.txt 2>&1 || echo "suite $r: exit $?"
  save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict(); n=collections.Counter(); geam=collections.Counter(); lt=collections.Counter(); tot=collections.Counter()
for f in sorted(glob.glob(f'{O}/suite-r*.json')):
    r=f.split('-')[-1]
    for x in json.load(open(f))['cells']:
        p=100*x['copy_ms']/x['swz_ms']; cells.setdefault(x['shape'],collections.OrderedDict()).setdefault(x['type'],[]).append(p)
        tot[r]+=1; n[r]+= p>=93
        if x['geam_ms']: geam[r+'n']+=1; geam[r]+= x['swz_ms']<x['geam_ms']
        if x['lt_ms']: lt[r+'n']+=1; lt[r]+= x['swz_ms']<x['lt_ms']
print('| shape | int8 | half | float | double |')
for k,d in cells.items(): print(f"| {k} | "+" | ".join(", ".join(f"{a:.1f}" for a in d[t]) for t in d)+" |")
for r in sorted(tot): print(r, f"at 93%: {n[r]} of {tot[r]}; ahead of geam {geam[r]} of {geam[r+'n']}; of Lt {lt[r]} of {lt[r+'n']}")
PY
grep -il "wrong" $O/*.txt | head
save
( time timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 150 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
