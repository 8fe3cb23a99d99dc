#!/usr/bin/env bash
# Run 3 (stop 31): the narrow kernel (swz/detail/narrow_body.hpp) as
# shipped: the GPU tests ([narrow] all, [fast]~[large], [large]), memcheck
# on [narrow]~[large]; swz-bench --tune on narrow shapes of every size
# (the "other order" column is the fast kernel, unpacked, in whole
# columns), one round; the default suite once (no cell of it is narrow).
set -u
B=$PWD/build-carry; O=/tmp/run3; mkdir -p $O; save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 150 /tmp/swz-gpu-tests "[narrow]" ) > $O/gpu-tests-narrow.log 2>&1; echo "gpu tests [narrow]: exit $?"; grep -E "passed|failed" $O/gpu-tests-narrow.log | tail -2
save
T1=1000000x1,1000000x2,1000000x3,1000000x4,1000000x8,1000000x12,1000000x16,1000001x3,3x1000001,1x1000000,2x1000000,3x1000000,4x1000000,8x1000000,12x1000000,100000x3,3x100000,16000000x3,3x16000000
T2=1000000x1,1000000x2,1000000x3,1000000x4,1000000x6,1000000x8,1000001x3,3x1000001,1x1000000,2x1000000,3x1000000,4x1000000,6x1000000,100000x3,3x100000,16000000x3,3x16000000
T8=1000000x1,1000000x2,1000000x3,1000000x4,1000001x3,3x1000001,1x1000000,2x1000000,3x1000000,4x1000000,100000x3,3x100000,8000000x3,3x8000000
for t in int8:$T1 half:$T2 float:$T2 double:$T8; do
  timeout 120 /tmp/swz-bench-new --tune --types ${t%%:*} --shapes ${t#*:} --json $O/tune-${t%%:*}.json > $O/tune-${t%%:*}.txt 2>&1 || echo "tune $t: exit $?"
done; save
( time timeout 200 /tmp/swz-gpu-tests "[fast]~[large]~[narrow]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]~[narrow]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 150 /tmp/swz-gpu-tests "[large]~[narrow]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]~[narrow]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
save
( time timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[narrow]~[large]" ) > $O/memcheck.log 2>&1
echo "memcheck [narrow]~[large]: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
save
timeout 150 /tmp/swz-bench-new --json $O/suite-r1.json > $O/suite-r1.txt 2>&1 || echo "suite: exit $?"
save
grep -il "wrong\|mismatch" $O/*.txt | head
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob
O=sys.argv[1]
print('| type | shape | narrow | fast (other order) | geam | Lt |')
for f in sorted(glob.glob(f'{O}/tune-*.json')):
    t=f.split('/')[-1][5:-5]
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; pc=lambda k: f"{100*c/x[k]:.1f}" if x.get(k) else '-'
        print(f"| {t} | {x['shape']} | {pc('swz_ms')} | {pc('other_band_ms')} | {pc('geam_ms')} | {pc('lt_ms')} |")
n=0; m=0
for f in glob.glob(f'{O}/suite-r1.json'):
    for x in json.load(open(f))['cells']:
        m+=1; n+= 100*x['copy_ms']/x['swz_ms']>=93
print(f'suite: {n} of {m} cells at 93%')
PY
save
