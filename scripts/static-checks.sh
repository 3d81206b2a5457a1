#!/usr/bin/env bash
# The checks before the test run — lint and format, the import rules (no circles, allowed directions), unused files,
# exports and dependencies (knip), types, the production build — each use one core: side by side they take the time
# of the longest. Each one's output is shown when it fails.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

check() {
  local name=$1
  shift
  ("$@" >"$logs/$name.log" 2>&1; echo $? >"$logs/$name.status") &
}

check lint npm run lint
check imports npm run lint:imports
check unused npm run lint:unused
check typecheck npm run typecheck
check build npx vite build
wait

failed=0
for name in lint imports unused typecheck build; do
  if [ "$(cat "$logs/$name.status")" = 0 ]; then
    echo "✓ $name"
  else
    echo "✗ $name failed:"
    cat "$logs/$name.log"
    failed=1
  fi
done
exit $failed
