#!/usr/bin/env bash
# Run 1 (stop 27): halves realigning output rows on a tile of their own
# (128 x 128 bytes, 8-byte gathers; fast_transpose_config<2>::plan_realigning_out).
# GPU tests, memcheck and racecheck of the change; main's and the change's
# swz-bench alternated on halves, two rounds of the default suite; the
# change's --tune on the half odd shapes (residencies of the new kernels).
set -u
B=$PWD/build-carry; O=/tmp/run1; mkdir -p $O; save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
for v in main new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 100 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 150 /tmp/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
( time timeout 100 /tmp/swz-gpu-tests "~[fast]" ) > $O/gpu-tests-other.log 2>&1; echo "gpu tests ~[fast]: exit $?"; grep -E "passed|failed" $O/gpu-tests-other.log | tail -2
save
( time timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 120 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
for r in 1 2; do for v in main new; do
  timeout 60 /tmp/swz-bench-$v --types half --json $O/half-$v-$r.json > $O/half-$v-$r.txt 2>&1; echo "$v round $r: exit $?"
done; save; done
H=8191x8193,12345x6789,6007x6007,3003x11001,8193x8192
timeout 100 /tmp/swz-bench-new --tune --types half --shapes $H --json $O/tune-new.json > $O/tune-new.txt 2>&1; echo "tune: exit $?"; save
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob
O=sys.argv[1]; cells={}
for f in sorted(glob.glob(f'{O}/half-*-*.json')):
    v=f.split('/')[-1].split('-')[1]
    for x in json.load(open(f))['cells']:
        k=f"{x['batch']}x{x['rows']}x{x['cols']}:{x['ld_in']}:{x['ld_out']}"
        cells.setdefault(k,{}).setdefault(v,[]).append(round(100*x['swz_of_copy'],1))
print('| half shape | main | new |')
for k,d in cells.items(): print(f"| {k} | {' / '.join(map(str,d.get('main',[])))} | {' / '.join(map(str,d.get('new',[])))} |")
PY
cut -c1-250 $O/tune-new.txt
save
