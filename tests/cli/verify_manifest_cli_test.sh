#!/usr/bin/env bash
# `hipwright verify` with a manifest (issue 26, items 2 and 3):
#  - arguments and environment reach the program on the CPU runtime;
#  - `same-output` (the default) passes a port that prints what the CUDA
#    original printed at 32 lanes, numbers within tolerance and timings
#    masked, and fails one whose output differs, naming the line;
#  - `match` judges by a regular expression, `exit` by the status;
#  - a run past its timeout is an error, not a failure;
#  - a malformed manifest is a usage error naming its file and line.
#
#   verify_manifest_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

s="$work/suite"
mkdir -p "$s/sum" "$s/lanes" "$s/banner" "$s/slow"
# Sums 1..n in a kernel (n from argv, a scale from the environment) and
# prints the sum and a timing that varies from run to run.
cat >"$s/sum/sum.cu" <<'CU'
#include <chrono>
#include <cstdio>
#include <cstdlib>
__global__ void sum(const float *x, float *out, int n) {
  float s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s += x[i];
  atomicAdd(out, s);
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  float scale = getenv("SUM_SCALE") ? atof(getenv("SUM_SCALE")) : 1.0f;
  float *x, *out, h[4096], r = 0;
  for (int i = 0; i < n; ++i)
    h[i] = scale * (i + 1);
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemcpy(x, h, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(out, 0, sizeof(float));
  auto t0 = std::chrono::steady_clock::now();
  sum<<<1, 64>>>(x, out, n);
  cudaMemcpy(&r, out, sizeof(float), cudaMemcpyDeviceToHost);
  double us = std::chrono::duration<double, std::micro>(
                  std::chrono::steady_clock::now() - t0).count();
  printf("n = %d\nsum = %.1f\nkernel time: %.3f us\n", n, r, us);
  return 0;
}
CU
# Prints the warp's width: 32 on NVIDIA, 64 on a wavefront.
cat >"$s/lanes/lanes.cu" <<'CU'
#include <cstdio>
__global__ void vote(int *out) {
  if (threadIdx.x == 0)
    *out = warpSize;
}
int main() {
  int *d, h = 0;
  cudaMalloc(&d, sizeof(int));
  vote<<<1, 64>>>(d);
  cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
  printf("lanes per warp: %d\n", h);
  return 0;
}
CU
cat >"$s/banner/banner.cu" <<'CU'
#include <cstdio>
__global__ void k(int *x) { *x = 7; }
int main() {
  int *d, h = 0;
  cudaMalloc(&d, sizeof(int));
  k<<<1, 1>>>(d);
  cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
  printf("Result = %s\n", h == 7 ? "PASS" : "FAIL");
  return 0;
}
CU
cat >"$s/slow/slow.cu" <<'CU'
#include <cstdio>
__global__ void k(int *x) { *x = 1; }
int main() {
  int *d;
  cudaMalloc(&d, sizeof(int));
  k<<<1, 1>>>(d);
  cudaDeviceSynchronize();
  volatile unsigned long spin = 0;
  for (;;)
    ++spin;
}
CU
cat >"$s/hipwright-verify.yaml" <<'YAML'
programs:
  - main: sum/sum.cu
    args: ["1000"]
    gpu-args: ["4000"]
    env: {SUM_SCALE: "2"}
    tolerance: {relative: 1e-5}
    ignore: ["time: [0-9.]+ us"]
  - main: lanes/lanes.cu
  - main: banner/banner.cu
    verdict: match
    match: "Result = PASS"
  - main: slow/slow.cu
    verdict: exit
    timeout: 5
YAML

run 1 "verify the manifest's programs" "$hw" verify "$s" -q --format json -o "$work/m.json"
cell() { json_get "$work/m.json" "[p for p in d['programs'] if p['name'] == '$1'][0]['cells']['$2']['$3']"; }
for c in cuda-run-wave32 port-run-wave64 fixed-run-wave64 fixed-run-wave32; do
  [ "$(cell sum.cu $c status)" = pass ] || fail "sum.cu $c: $(cell sum.cu $c detail)"
done
# The arguments and the environment reached it: 2 * (1 + ... + 1000).
case "$(cell sum.cu port-run-wave64 detail)" in
  *"(same output as the CUDA original at 32 lanes)"*) ;;
  *) fail "sum.cu port-run-wave64 was not compared: $(cell sum.cu port-run-wave64 detail)" ;;
esac
[ "$(json_get "$work/m.json" "[p for p in d['programs'] if p['name'] == 'sum.cu'][0]['verdict']")" = same-output ] ||
  fail "sum.cu: verdict is not same-output"
# A wave64 hazard shows as a different output, with the line.
[ "$(cell lanes.cu cuda-run-wave32 status)" = pass ] || fail "lanes.cu original: $(cell lanes.cu cuda-run-wave32 detail)"
[ "$(cell lanes.cu port-run-wave64 status)" = fail ] || fail "lanes.cu port at 64 lanes: $(cell lanes.cu port-run-wave64 status)"
case "$(cell lanes.cu port-run-wave64 detail)" in
  *"output line 1: 'lanes per warp: 64' where the original printed 'lanes per warp: 32'"*) ;;
  *) fail "lanes.cu difference: $(cell lanes.cu port-run-wave64 detail)" ;;
esac
[ "$(cell banner.cu port-run-wave64 status)" = pass ] || fail "banner.cu match: $(cell banner.cu port-run-wave64 detail)"
[ "$(cell slow.cu cuda-run-wave32 status)" = error ] || fail "slow.cu timeout: $(cell slow.cu cuda-run-wave32 status)"
case "$(cell slow.cu cuda-run-wave32 detail)" in
  *"no result within 5 s"*) ;;
  *) fail "slow.cu timeout detail: $(cell slow.cu cuda-run-wave32 detail)" ;;
esac

# The same manifest through --manifest, with a program's output changed by
# an argument the manifest does not give: a match verdict fails.
sed -i 's/match: "Result = PASS"/match: "Result = DONE"/' "$s/hipwright-verify.yaml"
run 1 "a match that does not match" "$hw" verify --manifest "$s/hipwright-verify.yaml" -q \
  --format json -o "$work/m2.json"
st=$(json_get "$work/m2.json" "[p for p in d['programs'] if p['name'] == 'banner.cu'][0]['cells']['port-run-wave64']['status']")
[ "$st" = fail ] || fail "banner.cu with a wrong match: $st"

# Errors name the file and line.
bad="$work/bad"
mkdir -p "$bad"
cp "$s/banner/banner.cu" "$bad/"
printf 'programs:\n  - main: banner.cu\n    verdict: maybe\n' >"$bad/hipwright-verify.yaml"
run 2 "an unknown verdict" "$hw" verify "$bad" -q
grep -q "$bad/hipwright-verify.yaml:3: 'verdict' must be exit, match or same-output, not 'maybe'" "$work/err.txt" ||
  fail "unknown verdict: $(cat "$work/err.txt")"
printf 'programs:\n  - main: banner.cu\n  - main: missing.cu\n' >"$bad/hipwright-verify.yaml"
run 2 "a main that does not exist" "$hw" verify "$bad" -q
grep -q "$bad/hipwright-verify.yaml:3: main 'missing.cu': no such file" "$work/err.txt" ||
  fail "missing main: $(cat "$work/err.txt")"
printf 'programs:\n  - main: banner.cu\n    ignore: ["(unclosed"]\n' >"$bad/hipwright-verify.yaml"
run 2 "a bad regular expression" "$hw" verify "$bad" -q
grep -q "$bad/hipwright-verify.yaml:3: '(unclosed' is not a valid regular expression" "$work/err.txt" ||
  fail "bad regex: $(cat "$work/err.txt")"
printf 'programs:\n  - main: banner.cu\n    argz: [1]\n' >"$bad/hipwright-verify.yaml"
run 2 "an unknown key" "$hw" verify "$bad" -q
grep -q "$bad/hipwright-verify.yaml:3: unknown key 'argz'" "$work/err.txt" ||
  fail "unknown key: $(cat "$work/err.txt")"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "verify judges programs by the manifest's arguments and verdicts"
