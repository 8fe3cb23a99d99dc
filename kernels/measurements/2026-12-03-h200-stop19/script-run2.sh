#!/usr/bin/env bash
# Run 2: the shipped tile shapes against three others per element size
set -u
B=${B:-$PWD/build-h10}; O=/tmp/run2; mkdir -p $O; save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
date -u > $O/date.txt; cat $B/REV >> $O/date.txt; cat $O/date.txt
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.sm,temperature.gpu,power.draw --format=csv | tee $O/gpu.txt
SH=8191x8193,12345x6789,6007x6007,3003x11001,16x1000x1000,100000x96,96x100000,8192x8192:8200:8200,6000x5000:6007:6011,4096x64x64,524288x256,8192x8192,16384x16384,4096x4096
( time $B/swz-bench --tune --shapes $SH --types int8,half,float,double --repeats 30 --json $O/tune.json ) > $O/tune.txt 2>&1
echo "tune: exit $?"; save
python3 - $O/tune.txt <<'PY'
import sys
rows=[l.split() for l in open(sys.argv[1]) if l.split() and l.split()[0] in ('odd','batch','tall','wide','square','sub-matrix','given')]
print(f"{'shape':22s} {'type':6s} {'ship':>6s} | {'2':>6s} {'3':>6s} {'4':>6s} {'5':>6s} {'6':>6s} | {'plan0':>6s} {'plan1':>6s} {'plan2':>6s}")
for p in rows:
    if len(p) < 20: continue
    print(f"{p[1]:22s} {p[2]:6s} {p[7]:>6s} | " + ' '.join(f'{x:>6s}' for x in p[-8:-3]) + ' | ' + ' '.join(f'{x:>6s}' for x in p[-3:]))
PY
