#!/usr/bin/env bash
# swz-bench's command line, on any machine (it reads its arguments before
# any CUDA call): --help on stdout with exit 0, and each kind of bad
# argument refused with exit 1 and one line on stderr, in swz's words.
# Usage: bench_cli.sh SWZ_BENCH
set -u
bench=$1
err=$(mktemp); trap 'rm -f "$err"' EXIT
fails=0

# expect CODE STDOUT_TEXT STDERR_TEXT ARGS...: "-" for a stream that must
# be empty; otherwise text it must contain (stderr: on its only line).
expect() {
    local want=$1 out_text=$2 err_text=$3; shift 3
    local out code
    out=$("$bench" "$@" 2> "$err"); code=$?
    local problem=""
    [ "$code" = "$want" ] || problem="exit $code, not $want"
    if [ "$out_text" = - ]; then [ -z "$out" ] || problem="$problem; stdout not empty"
    else grep -qF -- "$out_text" <<< "$out" || problem="$problem; stdout lacks '$out_text'"; fi
    if [ "$err_text" = - ]; then [ ! -s "$err" ] || problem="$problem; stderr not empty"
    else
        [ "$(wc -l < "$err")" = 1 ] || problem="$problem; stderr not one line"
        grep -qF -- "$err_text" "$err" || problem="$problem; stderr lacks '$err_text'"
    fi
    if [ -n "$problem" ]; then
        echo "FAIL: swz-bench $*: ${problem#; }"; sed 's/^/  stderr: /' "$err"; fails=$((fails + 1))
    else echo "ok: swz-bench $*"; fi
}

expect 0 "usage: swz-bench" - --help
expect 0 "exit codes: 0" - -h
expect 1 - "swz-bench: error: unknown option --bogus" --bogus
expect 1 - "swz-bench: error: --repeats needs a value" --repeats
expect 1 - "swz-bench: error: --shapes needs a value" --types int8 --shapes
expect 1 - "--repeats takes a positive count of launches (got 0)" --repeats 0
expect 1 - "--repeats takes a positive count of launches (got 1O)" --repeats 1O
expect 1 - "--repeats takes a positive count of launches (got -5)" --repeats -5
expect 1 - "--types takes int8, half, float, double (got int4)" --types int8,int4
expect 1 - "swz-bench: error: --hbm-gbps needs a value" --hbm-gbps
expect 1 - "--hbm-gbps takes a whole number of GB/s from 1 to 1000000 (got 0)" --hbm-gbps 0
expect 1 - "--hbm-gbps takes a whole number of GB/s from 1 to 1000000 (got 4.8)" --hbm-gbps 4.8
expect 1 - "--hbm-gbps takes a whole number of GB/s from 1 to 1000000 (got 2000000)" --hbm-gbps 2000000
expect 0 "--hbm-gbps N" - --help
expect 1 - "--shapes: '3y4' is not ROWSxCOLS" --shapes 3y4
expect 1 - "--shapes: '10x20:5:20' is not ROWSxCOLS" --shapes 10x20:5:20
[ "$fails" = 0 ] || { echo "$fails case(s) failed"; exit 1; }
