#!/usr/bin/env bash
# Run 6 (run 5 again, load_row_delta now a device function too): the load order whose warp instructions take rows 16 apart (one
# misalignment per warp, a branch instead of selects): the fast GPU tests,
# memcheck and racecheck on them, then base (shipped) / new alternated, 2
# rounds, on the realigning and control shapes.
set -u
B=${B:-$PWD/build-carry}; O=/tmp/run6; mkdir -p $O; save() { tar czf $OUT/run6.tar.gz -C /tmp run6; }
date -u > $O/date.txt; cat $O/date.txt
( time timeout 90 $B/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 $B/swz-gpu-tests "[fast][sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
( time timeout 120 compute-sanitizer --tool racecheck --error-exitcode 3 $B/swz-gpu-tests "[fast][sanitize]~[exhaustive]" ) > $O/racecheck.log 2>&1
echo "racecheck: exit $? $(grep -E 'RACECHECK SUMMARY' $O/racecheck.log)"
save
SH=8191x8193,12345x6789,6007x6007,6000x5000:6007:6011,8192x8192:8200:8192,8192x8192:8192:8200,100000x96,4096x64x64,8192x8192,4096x4096
( time BIN=$B bash $B/cmpn.sh $O $SH int8,half,float,double 2 swz-bench-base swz-bench ) > $O/ab.txt 2>&1; cat $O/ab.txt; save
