#!/usr/bin/env bash
# Run 6 (stop 28): the build with whole sectors for doubles with aligned
# input rows (b2e5b4f): its GPU tests, memcheck and racecheck; --tune on
# the shapes it changes (the "sectors" column is now the former choice),
# two rounds; then the default suite once.
set -u
B=$PWD/build-carry; O=/tmp/run6; mkdir -p $O; save() { tar czf $OUT/run6.tar.gz -C /tmp run6; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 120 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 120 /tmp/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
save
S=8193x8192,12345x6784,4097x8192,100001x96,1001x100000,8192x8192:8192:8193
for r in 1 2; do
  timeout 100 /tmp/swz-bench-new --tune --types double --shapes $S --repeats 30 --json $O/double-r$r.json > $O/double-r$r.txt 2>&1 || echo "double $r: exit $?"
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/double-r*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; k=(x['type'],x['rows'],x['cols'],x['ld_in'],x['ld_out'])
        d=cells.setdefault(k,{'s':[],'f':[]})
        d['s'].append(100*c/x['swz_ms']); d['f'].append(100*c/x['sectors_flipped_ms'] if x['sectors_flipped_ms'] else 0)
print('| type | shape | shipped (whole sectors) | without |')
for k,d in cells.items():
    print(f"| {k[0]} | {k[1]}x{k[2]}:{k[3]}:{k[4]} | "+" | ".join(", ".join(f"{a:.1f}" for a in d[v]) for v in 'sf')+" |")
PY
save
timeout 200 /tmp/swz-bench-new --json $O/suite.json > $O/suite.txt 2>&1; echo "suite: exit $?"; tail -8 $O/suite.txt
save
( time timeout 100 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 100 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
grep -il "wrong" $O/*.txt | head
save
