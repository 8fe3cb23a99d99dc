#!/usr/bin/env bash
# Run 10 (stop 27): halves with aligned input rows and unaligned output
# rows, on more shapes than run 9's one: the shipped kernel against
# sectors.diff's plan 4 (whole sectors), two rounds; then the GPU tests,
# memcheck and racecheck of the build that ships whole sectors there.
set -u
B=$PWD/build-carry; O=/tmp/run10; mkdir -p $O; save() { tar czf $OUT/run10.tar.gz -C /tmp run10; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
H=8193x8192,12345x6784,4097x8192,6007x6000,3003x11000,100001x96,1001x100000,9999x4096
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
( time timeout 100 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 100 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 100 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
