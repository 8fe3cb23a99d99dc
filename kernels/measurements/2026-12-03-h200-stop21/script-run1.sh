#!/usr/bin/env bash
# Run 1 (stop 21): the edge-path branch (issue-10-edge) on the H200: its GPU
# tests, memcheck and racecheck, then main's and the branch's swz-bench
# default suite alternated, two rounds each, one table.
set -u
B=${B:-$PWD/build-carry}; O=/tmp/run1; mkdir -p $O; save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
date -u > $O/date.txt; cat $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > $O/gpu.txt; cat $O/gpu.txt
( time timeout 150 $B/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 150 $B/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
( time timeout 200 compute-sanitizer --tool memcheck --error-exitcode 3 $B/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 150 compute-sanitizer --tool racecheck --error-exitcode 3 $B/swz-gpu-tests "[sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
for r in 1 2; do for b in main edge; do
  timeout 150 $B/swz-bench-$b --json $O/suite-$b-$r.json > $O/suite-$b-$r.txt 2>&1; echo "suite $b round $r: exit $?"
done; save; done
python3 - $O <<'PY'
import sys
O=sys.argv[1]
def rd(f):
    d={}
    for l in open(f):
        p=l.split()
        if len(p)>9 and p[0] in ('square','odd','tall','wide','sub-matrix','batch','given'): d[(p[1],p[2])]=p[7].rstrip('%')
    return d
R={(b,r):rd(f'{O}/suite-{b}-{r}.txt') for b in ('main','edge') for r in (1,2)}
keys=list(R[('main',1)].keys())
print(f"{'shape':22s} {'type':6s} {'main r1/r2':>12s} {'edge r1/r2':>12s}")
for k in keys:
    print(f"{k[0]:22s} {k[1]:6s} {R[('main',1)].get(k,'?'):>5s}/{R[('main',2)].get(k,'?'):<6s} {R[('edge',1)].get(k,'?'):>5s}/{R[('edge',2)].get(k,'?'):<6s}")
PY
