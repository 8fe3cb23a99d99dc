#!/usr/bin/env bash
# Run 9 (stop 28): halves on the plan for large matrices (fast_plan_wide):
# the GPU tests, memcheck and racecheck of the build that ships it; then
# the half cells of the suite and more shapes it changes, alternated with
# the build before it (b2e5b4f's kernels), two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run9; mkdir -p $O; save() { tar czf $OUT/run9.tar.gz -C /tmp run9; }
for v in before new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 150 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 150 /tmp/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
save
S=1024x1024,2048x2048,4096x4096,8192x8192,16384x16384,12345x6789,8191x8193,5001x7003,7777x5555,6007x6007,4099x9999,9001x4093,3003x11001,1048576x64,100000x96,524288x256,64x1048576,96x100000,256x524288,8192x8192:8200:8200,6000x5000:6007:6011,4096x64x64,256x256x256,16x1000x1000,8193x8192,4097x8192,32x1016x1016,8192x8193
for r in 1 2; do for v in before new; do
  timeout 150 /tmp/swz-bench-$v --types half --shapes $S --json $O/$v-r$r.json > $O/$v-r$r.txt 2>&1 || echo "$v $r: exit $?"
done; save; done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/*-r*.json')):
    v=f.split('/')[-1].split('-')[0]
    for x in json.load(open(f))['cells']:
        k=(x['type'],x['shape']); cells.setdefault(k,{}).setdefault(v,[]).append(100*x['copy_ms']/x['swz_ms'] if x['swz_ms'] else 0)
print('| shape | before | after |')
for k,d in cells.items():
    print(f"| {k[1]} | "+" | ".join(", ".join(f"{a:.1f}" for a in d.get(v,[])) for v in ('before','new'))+" |")
PY
grep -il "wrong" $O/*.txt | head
save
( time timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 120 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
