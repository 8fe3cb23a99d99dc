#!/usr/bin/env bash
# Run 2 (stop 27): the halves' realigning tile at 5 blocks per SM (run 1's
# tune). GPU tests and memcheck of the build; main's and the change's
# swz-bench alternated on halves, two rounds; one whole suite of the
# change; --tune on the tall and wide half cells (aligned rows).
set -u
B=$PWD/build-carry; O=/tmp/run2; mkdir -p $O; save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
for v in main new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 100 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
save
for r in 1 2; do for v in main new; do
  timeout 60 /tmp/swz-bench-$v --types half --json $O/half-$v-$r.json > $O/half-$v-$r.txt 2>&1; echo "$v round $r: exit $?"
done; save; done
timeout 200 /tmp/swz-bench-new --json $O/suite-new.json > $O/suite-new.txt 2>&1; echo "suite: exit $? $(grep 'at least 93' $O/suite-new.txt)"; save
timeout 100 /tmp/swz-bench-new --tune --types half --shapes 100000x96,524288x256,1048576x64,96x100000 --json $O/tune-tall.json > $O/tune-tall.txt 2>&1; echo "tune: exit $?"; save
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
tail -4 $O/suite-new.txt; cut -c1-250 $O/tune-tall.txt
save
