#!/usr/bin/env bash
# cmpn.sh OUT SHAPES TYPES ROUNDS BIN... : the benches in build-carry/, alternated
# in one session (round 1: each bench once, round 2: again ...); then one
# table of % of copy per bench and round, and geam's share from the first.
set -u
O=$1; S=$2; T=$3; R=$4; shift 4; BINS="$@"
for r in $(seq 1 $R); do for b in $BINS; do
  ${BIN:-build-carry}/$b --shapes $S --types $T > $O/$b-$r.txt 2>&1 || echo "$b round $r: exit $?"
done; done
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
print(f"{'shape':20s} {'type':6s} " + ' '.join(f'{b:>16s}' for b in B) + '   geam')
for k in D[B[0]][0]:
    print(f"{k[0]:20s} {k[1]:6s} " + ' '.join(f"{'/'.join(x.get(k,('?','?'))[1].rstrip('%') for x in D[b]):>16s}" for b in B) + '  ' + D[B[0]][0][k][2])
PY
