#!/usr/bin/env bash
# Run 7 (stop 34): the review's move_chunks (narrow_warp.hpp: the warp
# exchange's send, rounds and receive written once for both directions)
# against main's head. Only the int8 and half kernels of one column or row
# compile to other code (every other narrow kernel is byte-identical), so
# those cells, three rounds alternated; narrow_ab.cu built on the CPU
# machine at main's head (build-carry/narrow-ab-head.gz) and with the
# change (build-carry/narrow-ab-move.gz).
set -u
B=$PWD/build-carry; O=/tmp/run7; mkdir -p $O; save() { tar czf $OUT/run7.tar.gz -C /tmp run7; }
for b in head move; do gunzip -c $B/narrow-ab-$b.gz > /tmp/narrow-ab-$b; chmod +x /tmp/narrow-ab-$b; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
AB=""; for t in int8 half; do for x in 1000000x1 1000001x1 16000000x1 1x1000000 1x1000001 1x16000000; do AB="$AB $t:$x"; done; done
k=0; for b in head move move head head move; do k=$((k+1)); timeout 40 /tmp/narrow-ab-$b $AB > $O/ab-$b-$k.txt 2>&1 || echo "ab $b $k: exit $?"; done
grep -l WRONG $O/ab-*.txt
python3 - $O <<'PY' | tee $O/summary-ab.txt
import sys, glob, statistics
O = sys.argv[1]
cells = {}
for f in sorted(glob.glob(f'{O}/ab-*.txt')):
    b = f.split('/')[-1].split('-')[1]
    for l in open(f):
        x = l.split()
        if len(x) == 6: cells.setdefault((x[0], x[1]), {}).setdefault(b, []).append((float(x[4]), x[5]))
print('| type | shape | head | move | move - head (medians) |')
print('| --- | --- | ---: | ---: | ---: |')
for (t, s), c in cells.items():
    f = lambda b: ' / '.join(f'{p:.0f}' + ('' if ok == 'ok' else ' WRONG') for p, ok in c.get(b, [])) or '-'
    m = lambda b: statistics.median(p for p, _ in c.get(b, [(0, '')]))
    print(f'| {t} | {s} | {f("head")} | {f("move")} | {m("move") - m("head"):+.0f} |')
PY
save
