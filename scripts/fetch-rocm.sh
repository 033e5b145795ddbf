#!/usr/bin/env bash
# Builds a private ROCm 7.2.4 prefix (HIP headers, device libraries for
# clang 22, the HIP libraries' headers and CMake packages, libamdhip64.so)
# from the Debian packages pinned in scripts/rocm-packages.lock.
#
#   scripts/fetch-rocm.sh [PREFIX]      fetch (cached) + unpack; last stdout line: PREFIX
#   scripts/fetch-rocm.sh --update-lock re-resolve the lock's package names
#                                       against experimental/sid and rewrite it
#
# PREFIX defaults to $HIPWRIGHT_ROCM_PREFIX, else ~/.cache/hipwright/rocm-7.2.4.
# The .debs are cached in $HIPWRIGHT_ROCM_DEB_CACHE (~/.cache/hipwright/debs),
# so a second run downloads nothing. $HIPWRIGHT_ROCM_LOCK names another lock
# file (tests/cli/fetch_rocm_errors_test.sh uses it for the failure paths).
#
# The packages come from Debian experimental, built against sid's libc, so
# they are never installed: a private APT configuration (own sources, lists,
# state and cache under the deb cache; /etc/apt is neither read nor changed)
# downloads them and `dpkg-deb -x` unpacks them into the prefix.
#
# Use it as: clang++-22 -x hip --rocm-path=PREFIX/usr -isystem PREFIX/usr/include
# (-isystem is needed while /usr/include/hip holds another HIP: clang adds the
# ROCm include dir with -idirafter, behind /usr/include).
#
# Fix-ups applied to the unpacked tree (each needed to use it from a prefix):
#  1. usr/amdgcn -> lib/llvm-22/lib/clang/22/amdgcn: clang's --rocm-path=P/usr
#     looks for the device libraries in P/usr/amdgcn/bitcode; Debian puts them
#     in clang's resource directory, which is P/usr/lib/llvm-22/... here.
#  2. usr/lib/cmake/hip-lang/*.cmake forwarding files: CMake < 3.28 requires
#     <CMAKE_HIP_COMPILER_ROCM_ROOT>/lib/cmake/hip-lang/hip-lang-config.cmake,
#     Debian ships it in lib/x86_64-linux-gnu/cmake. A symlink does not work:
#     the package computes its prefix from the unresolved directory and then
#     looks for P/lib/x86_64-linux-gnu/libamdhip64.so (one level too high).
#  3. usr/lib/lib*.so* -> x86_64-linux-gnu/lib*.so*: ROCm's own layout keeps
#     its libraries in <root>/lib, and that is where clang's --hip-link
#     (-L<rocm-path>/lib -lamdhip64) and a migrated Makefile's
#     -L$(ROCM_PATH)/lib -lhiprand look; Debian uses the multiarch directory.
#  4. usr/lib/x86_64-linux-gnu/{hipblaslt,hipsparselt}/library/ are not
#     unpacked: GPU kernel catalogs (about 1 GB) read only at run time on a GPU.
#  5. Absolute symlinks (none in 7.2.4-1~exp*) would be rewritten to relative
#     links inside the prefix, so nothing points back into the host's /usr.
# No CMake file needs a path rewritten: the packages are relocatable (their
# only /usr literals are the "/usr move" guards, which never match here).
set -euo pipefail

rocm_version=7.2.4
# Bump when the fix-ups or the unpacking change, so old prefixes are rebuilt.
layout_revision=2
archive=http://deb.debian.org/debian
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lock=${HIPWRIGHT_ROCM_LOCK:-$here/rocm-packages.lock}
deb_cache=${HIPWRIGHT_ROCM_DEB_CACHE:-$HOME/.cache/hipwright/debs}

log() { echo "fetch-rocm: $*" >&2; }
die() {
  echo "fetch-rocm: error: $*" >&2
  exit 1
}

update_lock=0
prefix=""
for arg in "$@"; do
  case $arg in
    --update-lock) update_lock=1 ;;
    -h | --help)
      sed -n '2,12p' "${BASH_SOURCE[0]}" >&2
      exit 0
      ;;
    -*) die "unknown option $arg" ;;
    *)
      [ -z "$prefix" ] || die "more than one PREFIX given"
      prefix=$arg
      ;;
  esac
done
prefix=${prefix:-${HIPWRIGHT_ROCM_PREFIX:-$HOME/.cache/hipwright/rocm-$rocm_version}}
[ "$prefix" = / ] || prefix=${prefix%/}

[ -r "$lock" ] || die "$lock is missing"
for tool in apt-get apt-cache dpkg-deb sha256sum tar; do
  command -v "$tool" >/dev/null || die "$tool is missing (it comes with every Debian system)"
done
[ -r "$keyring" ] || die "$keyring is missing (package debian-archive-keyring)"

# --- private APT configuration --------------------------------------------
apt_dir=$deb_cache/apt
apt_ready=0
setup_apt() {
  ((apt_ready)) && return 0
  mkdir -p "$apt_dir"/{lists/partial,cache,archives/partial,state,etc/apt.conf.d,etc/preferences.d}
  : >"$apt_dir/state/status"
  cat >"$apt_dir/etc/sources.list" <<EOF
deb [signed-by=$keyring] $archive experimental main
deb [signed-by=$keyring] $archive sid main
EOF
  # experimental is NotAutomatic (priority 1) in its Release file; pinning it
  # to 990 makes its ROCm 7.2.4 win over sid's 6.4 for --update-lock.
  cat >"$apt_dir/etc/preferences" <<EOF
Package: *
Pin: release a=experimental
Pin-Priority: 990
EOF
  # Check-Valid-Until: the archive this machine reaches is a frozen mirror
  # whose Release files are past their Valid-Until date.
  cat >"$apt_dir/apt.conf" <<EOF
Dir::Etc::main "/dev/null";
Dir::Etc::Parts "$apt_dir/etc/apt.conf.d";
Dir::Etc::SourceList "$apt_dir/etc/sources.list";
Dir::Etc::SourceParts "";
Dir::Etc::Preferences "$apt_dir/etc/preferences";
Dir::Etc::PreferencesParts "$apt_dir/etc/preferences.d";
Dir::State "$apt_dir/state";
Dir::State::Lists "$apt_dir/lists";
Dir::State::status "$apt_dir/state/status";
Dir::Cache "$apt_dir/cache";
Dir::Cache::Archives "$apt_dir/archives";
APT::Architecture "amd64";
APT::Architectures { "amd64"; };
APT::Default-Release "experimental";
APT::Sandbox::User "root";
Acquire::Languages "none";
Acquire::Check-Valid-Until "false";
Acquire::Retries "3";
EOF
  export APT_CONFIG=$apt_dir/apt.conf
  log "apt-get update (experimental, sid) into $apt_dir/lists"
  apt-get update -qq </dev/null >&2 || die "apt-get update of the private configuration failed ($archive experimental/sid)"
  apt_ready=1
}

# Lock lines: name version sha256 suite
read_lock() {
  grep -Ev '^[[:space:]]*(#|$)' "$lock"
}

# --- --update-lock ----------------------------------------------------------
if ((update_lock)); then
  setup_apt
  tmp_lock=$lock.new.$$
  trap 'rm -f "$tmp_lock"' EXIT
  {
    sed -n '/^#/p' "$lock"
    read_lock | while read -r name _; do
      version=$(apt-cache policy "$name" | awk '/Candidate:/ {print $2}')
      if [ -z "$version" ] || [ "$version" = "(none)" ]; then die "no candidate for $name"; fi
      sha=$(apt-cache show "$name=$version" | awk '/^SHA256:/ {print $2; exit}')
      # madison: " name | version | http://deb.debian.org/debian experimental/main amd64 Packages"
      suite=$(apt-cache madison "$name" | awk -F' [|] ' -v v="$version" '$2 == v && $3 ~ / Packages$/ {split($3, f, " "); split(f[2], s, "/"); print s[1]; exit}')
      if [ -z "$sha" ] || [ -z "$suite" ]; then die "cannot resolve sha256/suite of $name $version"; fi
      echo "$name $version $sha $suite"
    done
  } >"$tmp_lock"
  mv "$tmp_lock" "$lock"
  trap - EXIT
  log "rewrote $lock"
  exit 0
fi

# --- nothing to do? -----------------------------------------------------------
lock_sha=$(sha256sum "$lock" | cut -d' ' -f1)
stamp_text="lock-sha256 $lock_sha
rocm-version $rocm_version
layout-revision $layout_revision"
if [ -f "$prefix/.hipwright-rocm-stamp" ] && [ "$(cat "$prefix/.hipwright-rocm-stamp")" = "$stamp_text" ]; then
  log "$prefix is up to date"
  echo "$prefix"
  exit 0
fi

# --- download (only what the cache lacks) and verify -----------------------
mkdir -p "$deb_cache"
cached_deb() { # name version -> path of the cached .deb, if any
  local f
  for f in "$deb_cache/${1}_${2//:/%3a}_"*.deb; do
    [ -f "$f" ] && echo "$f" && return 0
  done
  return 1
}

debs=()
while read -r name version sha suite; do
  [ -n "$suite" ] || die "malformed lock line for $name (want: name version sha256 suite)"
  if f=$(cached_deb "$name" "$version") && [ "$(sha256sum "$f" | cut -d' ' -f1)" = "$sha" ]; then
    debs+=("$f")
    continue
  fi
  [ -z "${f:-}" ] || {
    log "cached $(basename "$f") does not match the lock; downloading it again"
    rm -f "$f"
  }
  setup_apt
  partial=$deb_cache/partial.$$
  rm -rf "$partial" && mkdir -p "$partial"
  log "downloading $name $version ($suite)"
  if ! (cd "$partial" && apt-get download -qq "$name=$version" </dev/null >&2); then
    rm -rf "$partial"
    die "download of $name $version from $suite failed (is it still in $archive $suite? see --update-lock)"
  fi
  f=$(find "$partial" -name '*.deb' -print -quit)
  got=$(sha256sum "$f" | cut -d' ' -f1)
  if [ "$got" != "$sha" ]; then
    rm -rf "$partial"
    die "sha256 mismatch for $name $version ($suite): lock has $sha, download has $got"
  fi
  mv "$f" "$deb_cache/"
  rm -rf "$partial"
  debs+=("$deb_cache/$(basename "$f")")
done < <(read_lock)
((${#debs[@]})) || die "$lock lists no package"

# --- unpack into PREFIX.tmp.$$, fix up, swap in -----------------------------
mkdir -p "$(dirname "$prefix")"
tmp=$prefix.tmp.$$
old=$prefix.old.$$
trap 'rm -rf "$tmp" "$old"' EXIT
rm -rf "$tmp"
mkdir -p "$tmp"
log "unpacking ${#debs[@]} packages into $tmp"
for f in "${debs[@]}"; do
  # Fix-up 4: GPU kernel catalogs stay out.
  dpkg-deb --fsys-tarfile "$f" |
    tar -x -C "$tmp" --no-same-owner \
      --exclude='./usr/lib/x86_64-linux-gnu/hipblaslt/library' \
      --exclude='./usr/lib/x86_64-linux-gnu/hipsparselt/library' ||
    die "unpacking $(basename "$f") failed"
done

# Fix-up 5: absolute symlinks -> relative links inside the prefix.
while IFS= read -r -d '' link; do
  target=$(readlink "$link")
  rel=$(realpath -m --relative-to="$(dirname "$link")" "$tmp$target")
  ln -sfn "$rel" "$link"
  log "rewrote absolute symlink ${link#"$tmp"} -> $target"
done < <(find "$tmp" -type l -lname '/*' -print0)

# Fix-up 1: device libraries where --rocm-path looks for them.
[ -d "$tmp/usr/lib/llvm-22/lib/clang/22/amdgcn/bitcode" ] ||
  die "rocm-device-libs-22 did not provide usr/lib/llvm-22/lib/clang/22/amdgcn/bitcode"
ln -sfn lib/llvm-22/lib/clang/22/amdgcn "$tmp/usr/amdgcn"

# Fix-up 2: hip-lang where CMake's HIP language looks for it.
mkdir -p "$tmp/usr/lib/cmake/hip-lang"
for f in hip-lang-config hip-lang-config-version; do
  [ -f "$tmp/usr/lib/x86_64-linux-gnu/cmake/hip-lang/$f.cmake" ] || die "libamdhip64-dev did not provide $f.cmake"
  cat >"$tmp/usr/lib/cmake/hip-lang/$f.cmake" <<EOF
# hipwright (scripts/fetch-rocm.sh): CMake < 3.28 looks for hip-lang only in
# <rocm root>/lib/cmake; Debian installs it in the multiarch directory.
include("\${CMAKE_CURRENT_LIST_DIR}/../../x86_64-linux-gnu/cmake/hip-lang/$f.cmake")
EOF
done

# Fix-up 3: the libraries where ROCm's own layout has them.
for f in "$tmp"/usr/lib/x86_64-linux-gnu/lib*.so*; do
  [ -e "$f" ] || continue
  ln -sfn "x86_64-linux-gnu/$(basename "$f")" "$tmp/usr/lib/$(basename "$f")"
done

printf '%s\n' "$stamp_text" >"$tmp/.hipwright-rocm-stamp"

if [ -e "$prefix" ]; then
  mv "$prefix" "$old"
fi
mv "$tmp" "$prefix"
rm -rf "$old"
trap - EXIT
log "ROCm $rocm_version is in $prefix"
echo "$prefix"
