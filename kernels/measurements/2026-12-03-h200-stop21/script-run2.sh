#!/usr/bin/env bash
# Run 2 (stop 21): main, the edge-path branch and its variant that keeps
# main's paths for kernels with rows aligned on both sides (edge2),
# alternated, two rounds, on the shapes run 1 moved most.
set -u
for f in ${B:-$PWD/build-carry}/*.gz; do gunzip -c $f > ${f%.gz}; chmod +x ${f%.gz}; done
B=${B:-$PWD/build-carry}; O=/tmp/run2; mkdir -p $O
date -u > $O/date.txt; cat $O/date.txt
S=2048x2048,4096x4096,8192x8192,64x1048576,96x100000,100000x96,8191x8193,12345x6789,3003x11001,16x1000x1000,4096x64x64,8192x8192:8200:8200,6000x5000:6007:6011
for r in 1 2; do for b in main edge edge2; do
  timeout 100 $B/swz-bench-$b --shapes $S > $O/$b-$r.txt 2>&1; echo "$b round $r: exit $?"
done; done
tar czf $OUT/run2.tar.gz -C /tmp run2
python3 - $O <<'PY'
import sys
O=sys.argv[1]
def rd(f):
    d={}
    for l in open(f):
        p=l.split()
        if len(p)>9 and p[0]=='given': d[(p[1],p[2])]=p[7].rstrip('%')
    return d
B=('main','edge','edge2')
R={(b,r):rd(f'{O}/{b}-{r}.txt') for b in B for r in (1,2)}
print(f"{'shape':22s} {'type':6s} " + ' '.join(f'{b+" r1/r2":>13s}' for b in B))
for k in R[('main',1)]:
    print(f"{k[0]:22s} {k[1]:6s} " + ' '.join(f"{R[(b,1)].get(k,'?'):>6s}/{R[(b,2)].get(k,'?'):<6s}" for b in B))
PY
