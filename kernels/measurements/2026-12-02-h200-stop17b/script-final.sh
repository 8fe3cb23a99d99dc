#!/usr/bin/env bash
# Final run on the branch's kernel commit (REV): the fast GPU tests and
# compute-sanitizer memcheck / racecheck over them; the default 96-cell
# suite, main's bench and the branch's alternated, two rounds each (--json
# too); main / branch on the cells concerned and controls, three rounds;
# sx (halves and doubles with aligned input rows also writing whole
# sectors where output rows are realigned) against the branch on the
# shapes that run those kernels; last, the large fast GPU tests.
set -u
B=${B:-$PWD/build-stop17b}; O=/tmp/final; mkdir -p $O; save() { tar czf $OUT/final.tar.gz -C /tmp final; }
date -u > $O/date.txt; cat $B/REV >> $O/date.txt; cat $O/date.txt
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.sm,temperature.gpu,power.draw --format=csv | tee $O/gpu.txt
nvidia-smi > $O/nvidia-smi.txt 2>&1
( time timeout 60 $B/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 60 compute-sanitizer --tool memcheck --error-exitcode 3 $B/swz-gpu-tests "[fast][sanitize]" ) > $O/sanitizer-memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/sanitizer-memcheck.log)"; grep -E "passed|failed" $O/sanitizer-memcheck.log | tail -1
( time timeout 60 compute-sanitizer --tool racecheck --error-exitcode 3 $B/swz-gpu-tests "[fast][sanitize]~[exhaustive]" ) > $O/sanitizer-racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/sanitizer-racecheck.log)"; grep -E "passed|failed" $O/sanitizer-racecheck.log | tail -1
save
for r in 1 2; do
  ( time $B/swz-bench-base --json $O/suite-main-$r.json ) > $O/suite-main-$r.txt 2>&1
  ( time $B/swz-bench --json $O/suite-branch-$r.json ) > $O/suite-branch-$r.txt 2>&1
done
for f in suite-main-1 suite-branch-1 suite-main-2 suite-branch-2; do echo "== $f"; grep -E "^at least|^squares|^faster" $O/$f.txt; done
save
SH=8192x8192:8200:8200,16x1000x1000,8192x8192:8192:8200,8192x8192:8196:8196,8192x8192:8194:8194,8192x8192:8208:8208,12345x6789,8191x8193,5001x7003,6007x6007,6000x5000:6007:6011,8192x8192,16384x16384
( time BIN=$B bash $B/cmpn.sh $O $SH int8,half,float,double 3 swz-bench-base swz-bench ) > $O/ab.txt 2>&1; cat $O/ab.txt; save
mkdir -p $O/sx
( time BIN=$B bash $B/cmpn.sh $O/sx 8192x8192:8192:8196,8192x8192:8192:8193,8193x8192,4097x4096 half,double 2 swz-bench swz-bench-sx ) > $O/sx/ab.txt 2>&1; cat $O/sx/ab.txt; save
( time timeout 80 $B/swz-gpu-tests "[fast][large]" ) > $O/gpu-tests-fast-large.log 2>&1; echo "gpu tests [fast][large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast-large.log | tail -2
save
