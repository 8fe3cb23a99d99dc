#!/usr/bin/env bash
# Run 2 (stop 32; prepared, not yet run): the narrow kernel at each step of
# stop 32, each built into narrow_ab.cu by build-ab.sh (main d34a611; calls:
# edge pieces by a call; exchange: the exchange as rotations; aligned: no
# realigning shuffles on aligned sides; byvalue: the call's vector by
# value; prmt: bytes and halves permuted by prmt; review: the branch
# after its review (forced inlining); tall: the tall form's
# loads coalesced, on its own branch), run one after the other in
# separate processes, two rounds in alternating order, on narrow shapes of
# every size. Each line: µs of the narrow kernel, µs of cudaMemcpy of the same
# bytes in the same process, % of it, and whether the output was right.
set -u
B=$PWD/build-carry; O=/tmp/run2; mkdir -p $O; save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
V="main calls exchange aligned byvalue prmt review tall"
for b in $V; do gunzip -c $B/narrow-ab-$b.gz > /tmp/narrow-ab-$b; chmod +x /tmp/narrow-ab-$b; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
S_int8=1000000x3,1000001x3,1000000x5,1000000x8,1000000x12,1000000x16,16000000x3,4000000x16,3x1000000,3x1000001,5x1000000,8x1000000,12x1000000,12x1000001,3x16000000,12x4000000
S_half=1000000x3,1000001x3,1000000x8,1000001x8,4000000x8,3x1000000,3x1000001,8x1000000,8x1000001,8x4000000
S_float=1000000x3,1000001x3,1000000x8,1000001x8,4000000x8,3x1000000,3x1000001,6x1000000,8x1000000,8x1000001,8x4000000
S_double=1000000x3,1000001x3,1000000x4,1000001x4,4000000x4,3x1000000,3x1000001,8x1000000,8x1000001,8x2000000
AB=""; for t in int8 half float double; do v=S_$t; for x in ${!v//,/ }; do AB="$AB $t:$x"; done; done
for b in $V; do timeout 100 /tmp/narrow-ab-$b $AB > $O/ab-$b-1.txt 2>&1 || echo "ab $b 1: exit $?"; done; save
for b in $(echo $V | tr ' ' '\n' | tac); do timeout 100 /tmp/narrow-ab-$b $AB > $O/ab-$b-2.txt 2>&1 || echo "ab $b 2: exit $?"; done; save
grep -l WRONG $O/ab-*.txt
python3 - $O "$V" <<'PY' | tee $O/summary.txt
import sys, glob
O, V = sys.argv[1], sys.argv[2].split()
cells = {}
for f in sorted(glob.glob(f'{O}/ab-*.txt')):
    b = f.split('/')[-1].split('-')[1]
    for l in open(f):
        x = l.split()
        if len(x) == 6: cells.setdefault((x[0], x[1]), {}).setdefault(b, []).append((float(x[4]), x[5]))
print('| type | shape | ' + ' | '.join(V) + ' |')
print('| --- | --- |' + ' ---: |' * len(V))
for (t, s), c in cells.items():
    f = lambda b: ' / '.join(f'{p:.0f}' + ('' if ok == 'ok' else ' WRONG') for p, ok in c.get(b, [])) or '-'
    print(f'| {t} | {s} | ' + ' | '.join(f(b) for b in V) + ' |')
PY
save
