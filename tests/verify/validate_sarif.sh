#!/usr/bin/env bash
# swz-verify's SARIF against the official SARIF 2.1.0 schema and rules:
# Microsoft's SARIF multitool (`validate`, npm @microsoft/sarif-multitool,
# installed by scripts/setup.sh into .tools/) checks one log of each mode, a
# proved and a refuted layout among them, and this fails on any error it
# reports.
#   validate_sarif.sh SWZ_VERIFY MULTITOOL SCRATCH
set -uo pipefail
swz=$1; tool=$2; dir=$3/sarif-validation
rm -rf "$dir" && mkdir -p "$dir"
status=0
emit() {  # NAME EXPECTED_EXIT ARGS...
  local name=$1 want=$2; shift 2
  "$swz" "$@" --format sarif --out "$dir/$name.sarif" > /dev/null 2>&1
  local got=$?
  if [ "$got" != "$want" ]; then echo "FAIL $name: swz-verify $* exited $got, expected $want"; status=1; fi
}
emit layout-proved 0 --nx 64 --tc 16
emit layout-refuted 10 --layout cute:3,4,2 --row-bytes 128 --elem 2
emit equiv-refuted 10 --equiv cute:2,4,3 cute:3,4,3 --row-bytes 128 --elem 1
emit kernel 0 --kernel fast_i8
emit family 0 --family article
# The validator must catch a broken log: one without its version.
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); del d["version"]; json.dump(d, open(sys.argv[2], "w"))' \
  "$dir/layout-proved.sarif" "$dir/broken.json"
"$tool" validate "$dir/broken.json" --output "$dir/broken.validation.sarif" --log ForceOverwrite > /dev/null 2>&1
if ! grep -q JSON1002 "$dir/broken.validation.sarif" 2>/dev/null; then
  echo "FAIL the validator did not report a log without its version"; status=1
fi
for f in "$dir"/*.sarif; do
  case "$f" in *.validation.sarif) continue ;; esac
  out="${f%.sarif}.validation.sarif"
  "$tool" validate "$f" --output "$out" --log ForceOverwrite > "${f%.sarif}.validation.txt" 2>&1
  errors=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum(r.get("level","warning")=="error" for run in d["runs"] for r in run.get("results",[])))' "$out" 2>/dev/null)
  if [ "$errors" != "0" ]; then
    echo "FAIL $(basename "$f"): ${errors:-no validation log}"; grep -i "error" "${f%.sarif}.validation.txt"; status=1
  else
    echo "ok $(basename "$f"): valid SARIF 2.1.0"
  fi
done
exit $status
