#!/usr/bin/env bash
# How long swz-verify takes to certify one layout of each family, all
# properties (and one --suggest): the median wall time of 5 runs each; then
# the time of one access on one layout over every start (the certificate
# table's own per-result time, median of the runs), as Markdown tables (the
# README quotes them). A benchmark, not a test: nothing fails on a slow run.
#   scripts/verify_timings.sh [path/to/swz-verify] [runs]
set -euo pipefail
verify=${1:-build/verify/swz-verify}
runs=${2:-5}
layouts=(
  "--nx 64 --tc 16"
  "--nx 1024 --elem 1"
  "--nx 256 --elem 4"
  "--nx 1024 --elem 4"
  "--nx 4096 --elem 1"
  "--nx 65536 --elem 1"
  "--nx 4096 --elem 16"
  "--nx 512 --elem 2 --tc 16"
  "--layout cute:3,3,3 --elem 2 --row-bytes 128"
  "--layout cute:3,4,3 --elem 1 --row-bytes 64"
  "--layout cute:3,4,3,unit=byte@pad:16 --elem 2 --row-bytes 128"
  "--layout tma:128B --elem 2 --row-bytes 128"
  "--layout tma:64B,base=128 --elem 4 --row-bytes 64"
  "--layout pad:4 --row-bytes 128 --rows 32"
  "--layout pad:8 --row-bytes 1000 --elem 4"
  "--layout linear:1,2,4,8,16,32,64,128,256,512,1024 --elem 2 --row-bytes 64 --rows 64"
  "--layout linear:1,3,4,8,25,32,64,128,264,652,1152,2065,4108,10496,16426,33792,65536,131088,263172,524306,1101826,3153920,4784128,8585224,26230804,33851425,68157824,134255616,406979232,536893952,1744830722,2147778688,6461325312,8603050368,17716740136,34379137024,73149718656,138512716416 --elem 2 --row-bytes 128"
  "--layout cute:3,4,3 --elem 4 --row-bytes 2468"
  "--layout cute:3,4,3@pad:32 --elem 4 --row-bytes 1468"
  "--layout cute:2,4,3@pad:4 --elem 2 --row-bytes 2054"
  "--layout cute:3,4,3@pad:16 --elem 2 --row-bytes 200000"
  "--layout cute:2,3,3@pad:8 --elem 1 --row-bytes 97789"
  "--layout cute:2,4,3 --elem 1 --row-bytes 91598"
  "--layout linear:1,2,4,12,20,33,65,131,256,720,1024,2048,4128,8708,18432,34848,73760,147520,262146,541712,1171616,2166786,6062080,9461792,17303040,55574530,67108864,138412386,419496066,687899138,1954549760 --elem 1 --row-bytes 2048 --rows 1048576"
  "--equiv article:nx=64,elem=2,tc=16 tma:128B --row-bytes 128 --elem 2"
  "--nx 40 --rows 64"
  "--nx 1000 --elem 1"
  "--nx 779 --elem 1"
  "--nx 1293 --elem 2"
  "--nx 1457 --elem 16"
  "--nx 2443 --elem 1 --rows 65536"
  "--nx 3811 --elem 16"
  "--nx 15843 --elem 8"
  "--nx 65535 --elem 1"
  "--nx 126238 --elem 1"
  "--nx 232447 --elem 1"
  "--nx 486 --elem 8 --tc 16 --rows 65536 --access stmatrix.x2.trans"
  "--suggest --access row --access column --access ldmatrix.x4 --access cp.async.16 --rows 64 --row-bytes 128 --elem 2"
)
echo "| layout | median | fastest | exit |"
echo "| --- | ---: | ---: | ---: |"
for args in "${layouts[@]}"; do
  times=()
  code=0
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    # shellcheck disable=SC2086  # the arguments are words
    "$verify" $args >/dev/null 2>&1 || code=$?
    end=$(date +%s.%N)
    times+=("$(awk "BEGIN { print $end - $start }")")
  done
  sorted=$(printf '%s\n' "${times[@]}" | sort -n)
  median=$(echo "$sorted" | sed -n "$(( (runs + 1) / 2 ))p")
  fastest=$(echo "$sorted" | head -1)
  printf '| `%s` | %.2f s | %.2f s | %d |\n' "$args" "$median" "$fastest" "$code"
done

# One access at a time, on a 2^32-row half tile swizzled by CuTe's
# Swizzle<3,3,3> and on 2^32 rows of the article's floats.
accesses=(ldmatrix.x4 ldmatrix.x4.trans stmatrix.x2 cp.async.16 row column-chunk
          "ld.16:cell(lane % 8 + 8 * r, (lane / 8 + 2 * k) * 8) for r < 64, k < 2")
echo
echo "| access | on cute:3,3,3 (2-byte, 128-byte rows) | on article:nx=64,elem=4,tc=16 |"
echo "| --- | ---: | ---: |"
one_access() {  # the median of the access's own time in the table, in ms
  local layout=$1 access=$2 ts=()
  for _ in $(seq "$runs"); do
    # shellcheck disable=SC2086
    ts+=("$("$verify" $layout --access "$access" 2>/dev/null | awk -v id="  conflict.$access " 'index($0, id) == 1 { for (i = NF; i > 0; --i) if ($i == "ms" || $i == "s") { print ($i == "s" ? $(i-1) * 1000 : $(i-1)); exit } }')")
  done
  printf '%s\n' "${ts[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}
for a in "${accesses[@]}"; do
  printf '| `%s` | %s ms | %s ms |\n' "$a" "$(one_access "--layout cute:3,3,3 --elem 2 --row-bytes 128" "$a")" \
    "$(one_access "--nx 64 --tc 16" "$a")"
done
