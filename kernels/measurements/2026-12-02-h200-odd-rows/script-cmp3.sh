#!/usr/bin/env bash
# cmp3.sh OUT SHAPES TYPES ROUNDS BIN... : alternate the benches, same session; then a table of ms and % of copy.
set -u
O=$1; S=$2; T=$3; R=$4; shift 4; BINS="$@"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv > $O/gpu.txt
for r in $(seq 1 $R); do for b in $BINS; do bin/$b --shapes $S --types $T > $O/$b-$r.txt 2>&1; done; done
python3 - $O $R $BINS <<'PY'
import sys
O,R,B=sys.argv[1],int(sys.argv[2]),sys.argv[3:]
def rd(f):
    d={}
    for l in open(f):
        p=l.split()
        if len(p)>9 and p[0]=='given': d[(p[1],p[2])]=(p[5],p[7],p[9])
    return d
D={b:[rd(f'{O}/{b}-{r}.txt') for r in range(1,R+1)] for b in B}
print(f"{'shape':11s} {'type':6s} " + ' '.join(f'{b[10:]:>19s}' for b in B) + '  geam')
for k in D[B[0]][0]:
    print(f"{k[0]:11s} {k[1]:6s} " + ' '.join(f"{'/'.join(x.get(k,('?','?'))[1].rstrip('%') for x in D[b]):>19s}" for b in B) + '  ' + D[B[0]][0][k][2])
PY
