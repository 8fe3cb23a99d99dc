#!/usr/bin/env bash
# Run 4 (stop 27): tall halves with aligned rows on the realigning tile,
# unpacked (fast_transpose_config::tall_takes_realigning_plan). GPU tests,
# memcheck and racecheck of the change; the build before it (a045c4f,
# "base") and the change alternated on halves: two rounds of the default
# suite and of run 3's tall and wide shapes.
set -u
B=$PWD/build-carry; O=/tmp/run4; mkdir -p $O; save() { tar czf $OUT/run4.tar.gz -C /tmp run4; }
for v in base new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 100 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 150 /tmp/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
( time timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 120 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
T=65536x64,65536x128,65536x256,262144x64,262144x96,262144x128,262144x256,262144x512,1048576x128,1048576x256,32768x1024,16384x2048,64x262144,96x262144
for r in 1 2; do for v in base new; do
  timeout 60 /tmp/swz-bench-$v --types half --json $O/half-$v-$r.json > $O/half-$v-$r.txt 2>&1; echo "$v round $r: exit $?"
  timeout 60 /tmp/swz-bench-$v --types half --shapes $T --json $O/tall-$v-$r.json > $O/tall-$v-$r.txt 2>&1; echo "$v tall round $r: exit $?"
done; save; done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob
O=sys.argv[1]; cells={}
for f in sorted(glob.glob(f'{O}/*-*-*.json')):
    v=f.split('/')[-1].split('-')[1]
    for x in json.load(open(f))['cells']:
        k=f"{x['batch']}x{x['rows']}x{x['cols']}:{x['ld_in']}:{x['ld_out']}"
        cells.setdefault(k,{}).setdefault(v,[]).append(f"{100*x['swz_of_copy']:.1f} ({x['band']})")
print('| half shape | base (order) | new (order) |')
for k,d in cells.items(): print(f"| {k} | {' / '.join(d.get('base',[]))} | {' / '.join(d.get('new',[]))} |")
PY
save
