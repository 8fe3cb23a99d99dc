#!/usr/bin/env bash
# Run 6 (stop 30): the final build (every size: split sectors with aligned
# input rows narrower than the realigning tile, sectors_realigned_for):
# the GPU tests, memcheck on [sanitize] and racecheck on the narrow case;
# --tune's "sectors" on narrow halves, floats and doubles (now split,
# flipped: whole), one round; the default suite twice (the record).
set -u
B=$PWD/build-carry; O=/tmp/run6; mkdir -p $O; save() { tar czf $OUT/run6.tar.gz -C /tmp run6; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 200 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 200 /tmp/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
save
for t in "half:1048577x32,1048577x56,1048577x64,262145x48,100001x48" "float:1048577x48,1048577x64,262145x48" "double:1048577x16,1048577x32,262145x24,65537x24"; do
  timeout 100 /tmp/swz-bench-new --tune --types ${t%%:*} --shapes ${t#*:} --json $O/tune-${t%%:*}-new-r1.json > $O/tune-${t%%:*}-new-r1.txt 2>&1 || echo "tune $t: exit $?"
done; save
for r in 1 2; do
  timeout 200 /tmp/swz-bench-new --json $O/suite-new-r$r.json > $O/suite-new-r$r.txt 2>&1 || echo "suite $r: exit $?"
done; save
grep -il "wrong\|mismatch" $O/*.txt | head
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]
print('## tune: shipped / flipped sectors, % of copy')
for f in sorted(glob.glob(f'{O}/tune-*-r*.json')):
    t=f.split('/')[-1].split('-')[1]
    for x in json.load(open(f))['cells']:
        print(f"| {t} | {x['shape']} | {100*x['copy_ms']/x['swz_ms']:.1f} / {100*x['copy_ms']/x['sectors_flipped_ms'] if x.get('sectors_flipped_ms') else 0:.1f} |")
print('## suite')
cells=collections.OrderedDict(); n=collections.Counter(); sq=collections.Counter(); geam=collections.Counter(); lt=collections.Counter()
for f in sorted(glob.glob(f'{O}/suite-*-r*.json')):
    r=f.split('-')[-1][:-5]
    for x in json.load(open(f))['cells']:
        p=100*x['copy_ms']/x['swz_ms']; cells.setdefault(x['shape'],collections.OrderedDict()).setdefault(x['type'],[]).append(p)
        n[r]+= p>=93; n[r+'n']+=1
        if x['rows']==x['cols'] and x['rows']>=4096 and x['batch']==1: sq[r]+= p>=95; sq[r+'n']+=1
        if x.get('geam_ms'): geam[r+'n']+=1; geam[r]+= x['swz_ms']<x['geam_ms']
        if x.get('lt_ms'): lt[r+'n']+=1; lt[r]+= x['swz_ms']<x['lt_ms']
print('| shape | int8 | half | float | double |')
for k,d in cells.items(): print(f"| {k} | "+" | ".join(", ".join(f"{a:.1f}" for a in d[t]) for t in d)+" |")
for r in ('r1','r2'): print(r, f"at 93%: {n[r]} of {n[r+'n']}; squares from 4096 at 95%: {sq[r]} of {sq[r+'n']}; ahead of geam {geam[r]} of {geam[r+'n']}; of Lt {lt[r]} of {lt[r+'n']}")
PY
save
( time timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 150 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "fast: narrower than a tile*" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
