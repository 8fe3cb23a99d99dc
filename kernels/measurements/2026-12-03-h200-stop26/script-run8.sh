#!/usr/bin/env bash
# Run 8 (stop 26): floats gathering 8 bytes a read (two floats; a store
# covers 16 chunks of an output row): GPU tests, memcheck and racecheck;
# main's and the change's swz-bench alternated on floats, two rounds of the
# default suite; the change's --tune on floats realigning output rows only
# (they took the realigning gather before); and one whole suite.
set -u
B=$PWD/build-carry; O=/tmp/run8; mkdir -p $O; save() { tar czf $OUT/run8.tar.gz -C /tmp run8; }
for v in main new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 150 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 150 /tmp/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
( time timeout 100 /tmp/swz-gpu-tests "~[fast]" ) > $O/gpu-tests-other.log 2>&1; echo "gpu tests ~[fast]: exit $?"; grep -E "passed|failed" $O/gpu-tests-other.log | tail -2
save
( time timeout 200 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 150 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
F=8193x8192,12345x6788,4097x8192,8192x8193,8191x8193
for r in 1 2; do for v in main new; do
  timeout 100 /tmp/swz-bench-$v --types float --json $O/float-$v-$r.json > $O/float-$v-$r.txt 2>&1; echo "$v round $r: exit $?"
  timeout 60 /tmp/swz-bench-$v --types float --shapes $F --json $O/floatx-$v-$r.json > $O/floatx-$v-$r.txt 2>&1; echo "$v extra round $r: exit $?"
done; save; done
timeout 120 /tmp/swz-bench-new --tune --types float --shapes $F --json $O/tune-new.json > $O/tune-new.txt 2>&1; echo "tune: exit $?"; save
timeout 150 /tmp/swz-bench-new --json $O/suite-new.json > $O/suite-new.txt 2>&1; echo "suite: exit $? $(grep 'at least 93' $O/suite-new.txt)"; save
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob
O=sys.argv[1]; cells={}
for f in sorted(glob.glob(f'{O}/float*-*-*.json')):
    v=f.split('/')[-1].split('-')[1]
    for x in json.load(open(f))['cells']:
        k=f"{x['batch']}x{x['rows']}x{x['cols']}:{x['ld_in']}:{x['ld_out']}"
        cells.setdefault(k,{}).setdefault(v,[]).append(round(100*x['swz_of_copy'],1))
print('| float shape | main | new |')
for k,d in cells.items(): print(f"| {k} | {' / '.join(map(str,d.get('main',[])))} | {' / '.join(map(str,d.get('new',[])))} |")
PY
save
