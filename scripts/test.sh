#!/usr/bin/env bash
# npm test: every check and every test. The build comes first (the end-to-end tests and the benchmarks serve
# dist/); the other static checks then run beside the tests, at a lower priority: the tests wait on servers and
# browsers more than they compute, and the checks fill the cores' idle time (docs/benchmarks.md, "The test suite").
set -uo pipefail
cd "$(dirname "$0")/.."
bash tests/e2e/ensure-chromium.sh || exit 1
bash tests/deploy/ensure-haproxy.sh || exit 1
build_log=$(mktemp)
checks_log=$(mktemp)
trap 'rm -f "$build_log" "$checks_log"' EXIT
if npx vite build >"$build_log" 2>&1; then
  echo "✓ build"
else
  echo "✗ build failed:"
  cat "$build_log"
  exit 1
fi

nice -n 10 bash scripts/static-checks.sh --no-build >"$checks_log" 2>&1 &
checks=$!
npx vitest run "$@"
tests=$?
wait "$checks"
checked=$?
# Their verdicts after the tests' summary, not inside its stream.
cat "$checks_log"
[ "$tests" = 0 ] && [ "$checked" = 0 ]
