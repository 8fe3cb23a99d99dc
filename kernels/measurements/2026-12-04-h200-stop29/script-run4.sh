#!/usr/bin/env bash
# Run 4 (stop 29): int8 with aligned input rows and realigned output rows
# at 6 blocks per SM, and bands only where whole columns would read input
# rows in pieces under 256 bytes (was 512): the GPU tests and memcheck of
# the build that ships both; the default suite and the shapes they change,
# alternated with run 2's build (main's kernels), two rounds; then --tune
# on the shapes they change (whole sectors at 6 blocks; the other order).
set -u
B=$PWD/build-carry; O=/tmp/run4; mkdir -p $O; save() { tar czf $OUT/run4.tar.gz -C /tmp run4; }
for v in before new; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 200 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 150 /tmp/swz-gpu-tests "[large]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
save
S=1024x1024,2048x2048,4096x4096,8192x8192,16384x16384,12345x6789,8191x8193,5001x7003,7777x5555,6007x6007,4099x9999,9001x4093,3003x11001,1048576x64,100000x96,524288x256,64x1048576,96x100000,256x524288,8192x8192:8200:8200,6000x5000:6007:6011,4096x64x64,256x256x256,16x1000x1000,8193x8192,12345x6784,4097x8192,3003x11008,16385x16384,1048577x64,100001x96,65537x128,8192x8192:8192:8200,65536x4096,131072x2048,32768x8192
for r in 1 2; do for v in before new; do
  timeout 200 /tmp/swz-bench-$v --shapes $S --json $O/$v-r$r.json > $O/$v-r$r.txt 2>&1 || echo "$v $r: exit $?"
done; save; done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/*-r*.json')):
    v=f.split('/')[-1].split('-')[0]
    for x in json.load(open(f))['cells']:
        k=(x['shape'],x['type']); d=cells.setdefault(k,{})
        d.setdefault(v,[]).append(100*x['copy_ms']/x['swz_ms'] if x['swz_ms'] else 0); d.setdefault(v+'o',set()).add(x['band'])
print('| shape | type | before | order | after | order |')
for k,d in cells.items():
    print(f"| {k[0]} | {k[1]} | "+" | ".join(", ".join(f"{a:.1f}" for a in d.get(v,[]))+" | "+"/".join(sorted(d.get(v+'o',[]))) for v in ('before','new'))+" |")
PY
grep -il "wrong" $O/*.txt | head
save
T=8193x8192,12345x6784,4097x8192,3003x11008,16385x16384,1048577x64,100001x96,65537x128,8192x8192:8192:8200,524288x256,1048576x64,100000x96
timeout 200 /tmp/swz-bench-new --tune --types int8 --shapes $T --repeats 30 --json $O/tune-int8.json > $O/tune-int8.txt 2>&1 || echo "tune int8: exit $?"
timeout 200 /tmp/swz-bench-new --tune --types half,float,double --shapes 524288x256,1048576x64,100000x96,100001x96,65537x128 --repeats 30 --json $O/tune-hfd.json > $O/tune-hfd.txt 2>&1 || echo "tune hfd: exit $?"
python3 - $O <<'PY' | tee $O/tune-summary.txt
import json,sys
O=sys.argv[1]
print('| type | shape | shipped | order | other order | sectors flipped | 5/SM | 6/SM |')
for f in ('tune-int8','tune-hfd'):
    for x in json.load(open(f'{O}/{f}.json'))['cells']:
        c=x['copy_ms']; p=lambda v: f"{100*c/v:.1f}" if v else '-'
        print(f"| {x['type']} | {x['shape']} | {p(x['swz_ms'])} | {x['band']} | {x['other_band']} {p(x['other_band_ms'])} | {p(x['sectors_flipped_ms'])} | {p(x['residency_ms']['5'])} | {p(x['residency_ms']['6'])} |")
PY
save
( time timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[sanitize]" ) > $O/memcheck.log 2>&1
echo "memcheck: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
save
