#!/usr/bin/env bash
# Sets up and builds hipwright, then runs the whole test suite through ctest.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$here/scripts/setup.sh"
ctest --test-dir "$here/build" --output-on-failure -j "$(nproc)" "$@"
