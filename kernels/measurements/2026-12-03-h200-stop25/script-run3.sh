#!/usr/bin/env bash
# Run 3 (stop 25): tiles that do not overlap where output rows are realigned
# (each tile writes its own bytes of the boundary chunks in pieces;
# built with -DSWZ_PIECE_ENDS=1) against main, alternated, three rounds;
# the GPU tests of the experiment first.
set -u
B=$PWD/build-carry; O=/tmp/run3; mkdir -p $O; save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
for f in swz-bench swz-bench-pe swz-gpu-tests-pe; do gunzip -c $B/$f.gz > /tmp/$f; chmod +x /tmp/$f; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
timeout 200 /tmp/swz-gpu-tests-pe "[fast]~[large]" > $O/gpu-tests-pe.txt 2>&1; echo "gpu tests (pe) exit $?"; tail -3 $O/gpu-tests-pe.txt; save
S=8191x8193,12345x6789,5001x7003,7777x5555,6007x6007,4099x9999,9001x4093,3003x11001,8192x8192:8200:8200,6000x5000:6007:6011,8192x8192:8192:8200,16x1000x1000,4096x4096,96x100000
for r in 1 2 3; do
  timeout 60 /tmp/swz-bench --repeats 30 --shapes $S --json $O/main-$r.json > $O/main-$r.txt 2>&1; echo "main $r exit $?"
  timeout 60 /tmp/swz-bench-pe --repeats 30 --shapes $S --json $O/pe-$r.json > $O/pe-$r.txt 2>&1; echo "pe $r exit $?"
  save
done
python3 - $O <<'PY'
import json,sys,statistics as st
O=sys.argv[1]
def load(n): return [json.load(open(f'{O}/{n}-{r}.json'))['cells'] for r in (1,2,3)]
m,p=load('main'),load('pe')
for i,c in enumerate(m[0]):
    a=st.median(100*x[i]['copy_ms']/x[i]['swz_ms'] for x in m); b=st.median(100*x[i]['copy_ms']/x[i]['swz_ms'] for x in p)
    print(f"{c['shape']:22} {c['type']:6} main {a:5.1f}  pe {b:5.1f}  {b-a:+5.1f}")
PY
