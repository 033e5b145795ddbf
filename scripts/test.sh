#!/usr/bin/env bash
# Sets up and builds hipwright, then runs the whole test suite through ctest.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$here/scripts/setup.sh"
# A test that needs a tool the machine lacks fails instead of skipping: the
# suite must never pass having checked nothing (see tests/require_tool.sh).
# Run ctest yourself without this variable to let such tests skip.
export HIPWRIGHT_REQUIRE_TOOLCHAIN=1
ctest --test-dir "$here/build" --output-on-failure -j "$(nproc)" "$@"
