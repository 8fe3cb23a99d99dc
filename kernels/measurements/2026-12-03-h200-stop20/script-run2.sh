#!/usr/bin/env bash
# Run 2 (stop 20): is the 16 x 1000 x 1000 int8 cell low because of its
# size (16 MB, a few waves) or because of its small matrices' edge tiles?
# The same bytes as one matrix, as 4 and 64 matrices, and 1000-wide rows in
# a tall matrix; two rounds, int8 and half.
set -u
B=${B:-$PWD/build-carry}; O=/tmp/run2; mkdir -p $O
date -u > $O/date.txt; cat $O/date.txt
S=16x1000x1000,4000x4000,4x2000x2000,64x500x500,16000x1000,1000x16000,16x1008x1008,16x992x992
for r in 1 2; do
  timeout 120 $B/swz-bench --shapes $S --types int8,half --tune > $O/round$r.txt 2>&1; echo "round $r: exit $?"
done
tar czf $OUT/run2.tar.gz -C /tmp run2
head -2 $O/round1.txt; grep -E "^given" $O/round1.txt | cut -c1-110; echo; grep -E "^given" $O/round2.txt | cut -c1-110
