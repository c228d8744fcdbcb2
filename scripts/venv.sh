#!/usr/bin/env bash
# Create (or refresh) the project's virtual environment in .venv. With no argument it holds
# what playing needs; `scripts/venv.sh dev,rl` adds the extras the tests need. Re-installs
# only when pyproject.toml changed, or extras are asked for that are not there yet.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
extras=${1:-}
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
stamp=.venv/.moneyboard-installed
want=$(sha256sum pyproject.toml | cut -d' ' -f1)
have=$(cat "$stamp" 2>/dev/null || true)
# A venv with the tests' extras serves playing too.
if [ "$have" != "$want:$extras" ] && [ "$have" != "$want:dev,rl" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".${extras:+[$extras]}"
  echo "$want:$extras" > "$stamp"
fi
