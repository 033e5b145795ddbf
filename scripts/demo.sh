#!/usr/bin/env bash
# Sets up and builds hipwright, then ports the bundled sample tree
# (test_corpus/) to out/test_corpus-hip and prints the summary.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$here/scripts/setup.sh"
rm -rf "$here/out/test_corpus-hip"
"$here/build/bin/hipwright" port "$here/test_corpus" --out-root "$here/out/test_corpus-hip" \
  --stats "$here/out/test_corpus-hip.stats.json"
echo "ported tree: out/test_corpus-hip (stats: out/test_corpus-hip.stats.json)"
