#!/usr/bin/env bash
# Alternate base and new benches on the same shapes, same session: cmp.sh OUT NEWBIN SHAPES TYPES ROUNDS
set -u
O=$1; N=$2; S=$3; T=$4; R=${5:-2}
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv > $O/gpu.txt
for r in $(seq 1 $R); do
  bin/swz-bench-base --shapes $S --types $T > $O/bench-before-$r.txt 2>&1
  bin/$N --shapes $S --types $T > $O/bench-after-$r.txt 2>&1
done
python3 - $O $R <<'PY'
import sys,re
O,R=sys.argv[1],int(sys.argv[2])
def rd(f):
    d={}
    for l in open(f):
        p=l.split()
        if len(p)>8 and p[0]=='given': d[(p[1],p[2])]=(p[5],p[7],p[9])
    return d
b=[rd(f'{O}/bench-before-{r}.txt') for r in range(1,R+1)]; a=[rd(f'{O}/bench-after-{r}.txt') for r in range(1,R+1)]
print(f"{'shape':12s} {'type':6s} {'before ms':>16s} {'after ms':>16s} {'before %':>12s} {'after %':>12s} geam")
for k in b[0]:
    print(f"{k[0]:12s} {k[1]:6s} {' / '.join(x[k][0] for x in b):>16s} {' / '.join(x.get(k,('?','?'))[0] for x in a):>16s} {' / '.join(x[k][1] for x in b):>14s} {' / '.join(x.get(k,('?','?'))[1] for x in a):>14s} {b[0][k][2]}")
PY
