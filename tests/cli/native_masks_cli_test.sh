#!/usr/bin/env bash
# port --fix=native with every analyzer (no --rules): in a function the
# native rewrite keeps a ballot whole, the lane-mask analyzer's fix-its that
# narrow it to a 32-lane group are withheld, so the two never edit the same
# ballot; where the rewrite refuses, those fix-its apply as with --fix.
#
#   native_masks_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

cat >"$work/votes.cu" <<'CU'
__global__ void rank(const int *in, int *out) {
  int lane = threadIdx.x % 32;
  unsigned b = __ballot_sync(0xffffffff, in[threadIdx.x] > 0);
  int r = __popc(b & ((1u << lane) - 1));
  if (b & (1u << lane))
    out[blockIdx.x * blockDim.x + r] = in[threadIdx.x];
}
__global__ void keepMask(const int *in, unsigned *masks) {
  unsigned b = __ballot_sync(0xffffffff, in[threadIdx.x] > 0);
  if (threadIdx.x % 32 == 0)
    masks[blockIdx.x] = b;
}
void go(const int *in, int *out, unsigned *m) {
  rank<<<4, 256>>>(in, out);
  keepMask<<<4, 256>>>(in, m);
}
CU

run 0 "port --fix=native" "$hw" port --fix=native "$work/votes.cu"
native=$(sed -n '/void rank/,/^}/p' "$work/out.txt")
refused=$(sed -n '/void keepMask/,/^}/p' "$work/out.txt")
grep -q 'unsigned long long b = __ballot_sync(0xffffffffffffffffull' <<<"$native" ||
  fail "rank: the ballot is not kept whole: $native"
grep -q '__popcll(b & ((1ull << lane) - 1))' <<<"$native" ||
  fail "rank: no __popcll over 1ull lane bits: $native"
grep -q '__lane_id() & 32' <<<"$native" &&
  fail "rank: lane-mask's narrowing applied inside the native rewrite: $native"
grep -q "not rewritten .*'keepMask'.*stored to 'masks\[blockIdx.x\]'" "$work/err.txt" ||
  fail "keepMask: no refusal naming the store: $(cat "$work/err.txt")"
grep -q '(unsigned)(__ballot_sync(0xffffffffffffffffull, in\[threadIdx.x\] > 0) >> (__lane_id() & 32))' <<<"$refused" ||
  fail "keepMask: lane-mask's narrowing missing where the rewrite refused: $refused"
grep -q 'conflicting edits' "$work/err.txt" &&
  fail "conflicting edits: $(cat "$work/err.txt")"

[ "$failures" = 0 ] && echo "ok: native masks" || exit 1
