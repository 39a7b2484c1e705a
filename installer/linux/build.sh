#!/usr/bin/env bash
# Kept for old instructions: the Linux build is scripts/package (the .deb and, here, the tarball).
set -euo pipefail
exec "$(dirname "$0")/../../scripts/package" --tarball "$@"
