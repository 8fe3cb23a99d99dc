#!/usr/bin/env bash
# Installs what swz needs from Debian 12's archive, only what is missing.
# Run by the README's commands and by .ci/run; safe to run again.
set -euo pipefail

packages=(cmake g++ make pkg-config libz3-dev catch2 nlohmann-json3-dev cvc5 libtinyxml2-dev python3)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "swz setup: installing ${missing[*]}" >&2
  as_root=()
  [ "$(id -u)" -ne 0 ] && as_root=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  # The package lists may be stale on a fresh machine: refresh and retry once.
  if ! "${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >&2; then
    "${as_root[@]}" apt-get update >&2
    "${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >&2
  fi
fi

# Microsoft's SARIF multitool from the npm registry, into .tools/ (git-
# ignored): the test that validates swz-verify's SARIF against the official
# 2.1.0 schema uses it. Without npm, or offline, that one test is not
# configured (CMake says so); nothing else needs it.
here="$(cd "$(dirname "$0")/.." && pwd)"
multitool="$here/.tools/sarif-multitool"
if [ ! -x "$multitool/node_modules/.bin/sarif-multitool" ]; then
  if command -v npm > /dev/null; then
    echo "swz setup: installing @microsoft/sarif-multitool 5.7.0 into .tools/" >&2
    npm install --prefix "$multitool" --no-save --no-audit --no-fund --silent @microsoft/sarif-multitool@5.7.0 >&2 ||
      echo "swz setup: WARNING: npm could not install the SARIF multitool; the SARIF schema test is skipped" >&2
  else
    echo "swz setup: WARNING: no npm; the SARIF schema test is skipped" >&2
  fi
fi
