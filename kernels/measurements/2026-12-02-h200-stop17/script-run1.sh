#!/usr/bin/env bash
# Run 1 (exploration): SASS of main's kernels and the branch's two variants,
# the branch's quick GPU tests, dynamic instruction counts (Nsight Compute)
# on 8191 x 8193, and an A/B/C of main (swz-bench-base), the branch
# (swz-bench: XOR-form gather, pack with the rotation in the byte permutes,
# lean stores hoisted) and the branch with input rows realigned from a
# second load instead of shuffles (swz-bench-ln), with --tune on two shapes.
set -u
M=${M:-kernels/measurements/2026-12-02-h200-stop17}
O=/tmp/r1; mkdir -p $O; save() { tar czf $OUT/r1.tar.gz -C /tmp r1; }
export BIN=${BIN:-/tmp/bin}
[ -x $BIN/swz-bench-new ] || ( time bash $M/build-on-device.sh base=main new=issue-10-stop17 ln=issue-10-stop17-device=-DSWZ_FAST_LOAD_NEXT=1 ) 2>&1 | tail -12
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv | tee $O/gpu.txt
for b in swz-bench-base swz-bench-new swz-bench-ln; do
  cuobjdump -sass $BIN/$b > /tmp/$b.sass 2>/dev/null; python3 $M/sass_counts.py /tmp/$b.sass > $O/sass-$b.txt
done
paste -d'\n' $O/sass-swz-bench-base.txt $O/sass-swz-bench-new.txt $O/sass-swz-bench-ln.txt | grep -E "mb(4|5) |P e" | head -60 | cut -c1-150
( time timeout 100 $BIN/swz-gpu-tests "[fast][sanitize]" ) > $O/gpu-tests-sanitize-cases.log 2>&1; echo "gpu tests exit $?"; grep -E "passed|failed" $O/gpu-tests-sanitize-cases.log | tail -2; save
K=regex:fast_transpose_kernel; MET=smsp__inst_executed.sum,smsp__warps_launched.sum,gpu__time_duration.sum
for s in "swz-bench-base int8" "swz-bench-new int8" "swz-bench-ln int8" "swz-bench-base half" "swz-bench-new half" "swz-bench-ln half" "swz-bench-base float" "swz-bench-new float"; do set -- $s
  echo "== $1 $2" >> $O/ncu.txt
  timeout 60 ncu --clock-control none --kernel-name $K --launch-count 1 --metrics $MET $BIN/$1 --shapes 8191x8193 --types $2 --repeats 1 2>&1 | grep -E "inst_executed|warps_launched|duration" >> $O/ncu.txt
done
python3 - $O/ncu.txt <<'PY'
import sys,re
cur=None; d={}
for l in open(sys.argv[1]):
    if l.startswith('=='): cur=l[3:].strip(); d[cur]={}; continue
    p=l.split()
    if len(p)>=3: d[cur][p[0]]=p[-1]
for k,v in d.items():
    try: print(f"{k:24s} instr/warp {float(v['smsp__inst_executed.sum'].replace(',',''))/float(v['smsp__warps_launched.sum'].replace(',','')):7.1f}  time {v.get('gpu__time_duration.sum')}")
    except Exception as e: print(k, v)
PY
save
SH=12345x6789,8191x8193,6000x5000:6007:6011,8193x8192,8192x8193,4096x4096,16x1000x1000,100000x96,8192x8192:8200:8200
( time bash $M/cmpn.sh $O $SH int8,half,float,double 2 swz-bench-base swz-bench-new swz-bench-ln ) > $O/ab.txt 2>&1; cat $O/ab.txt; save
for b in swz-bench-new swz-bench-ln; do ( time $BIN/$b --shapes 8191x8193,12345x6789 --types int8,half,float,double --tune ) > $O/tune-$b.txt 2>&1; done
cut -c1-40,70,100-200 $O/tune-swz-bench-new.txt $O/tune-swz-bench-ln.txt | grep -v "^swz-bench on"
save
