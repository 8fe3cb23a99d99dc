#!/usr/bin/env bash
# How long swz-verify takes to certify one layout of each family, all
# properties: the median wall time of 5 runs each, as a Markdown table (the
# README quotes it). A benchmark, not a test: nothing fails on a slow run.
#   scripts/verify_timings.sh [path/to/swz-verify] [runs]
set -euo pipefail
verify=${1:-build/verify/swz-verify}
runs=${2:-5}
layouts=(
  "--nx 64 --tc 16"
  "--nx 1024 --elem 1"
  "--layout cute:3,3,3 --elem 2 --row-bytes 128"
  "--layout cute:3,4,3 --elem 1 --row-bytes 64"
  "--layout cute:3,4,3,unit=byte@pad:16 --elem 2 --row-bytes 128"
  "--layout tma:128B --elem 2 --row-bytes 128"
  "--layout tma:64B,base=128 --elem 4 --row-bytes 64"
  "--layout pad:4 --row-bytes 128 --rows 32"
  "--layout linear:1,2,4,8,16,32,64,128,256,512,1024 --elem 2 --row-bytes 64 --rows 64"
  "--equiv article:nx=64,elem=2,tc=16 tma:128B --row-bytes 128 --elem 2"
  "--nx 40 --rows 64"
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
