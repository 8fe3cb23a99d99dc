#!/usr/bin/env bash
# Installs what swz needs from Debian 12's archive, only what is missing.
# Run by the README's commands and by .ci/run; safe to run again.
set -euo pipefail

packages=(cmake g++ make pkg-config libz3-dev catch2 nlohmann-json3-dev cvc5 libtinyxml2-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "swz setup: installing ${missing[*]}" >&2
as_root=()
[ "$(id -u)" -ne 0 ] && as_root=(sudo)
export DEBIAN_FRONTEND=noninteractive
# The package lists may be stale on a fresh machine: refresh and retry once.
if ! "${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >&2; then
  "${as_root[@]}" apt-get update >&2
  "${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi
