#!/usr/bin/env bash
# Builds the Linux package: dist/ScanInbox-<version>-linux-x86_64.tar.gz holding the one-folder app,
# the desktop entry, the icon and install.sh (per-user install under ~/.local, no root needed).
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/setup --dev
version=$(.venv/bin/python -c 'import scaninbox; print(scaninbox.__version__)')
.venv/bin/pyinstaller --noconfirm --log-level WARN build.spec
stage=$(mktemp -d)/ScanInbox-$version
mkdir -p "$stage"
cp -a dist/ScanInbox "$stage/app"
cp resources/linux/scaninbox.desktop installer/linux/install.sh "$stage/"
cp resources/icons/scaninbox-256.png "$stage/scaninbox.png"
tar -C "$(dirname "$stage")" -czf "dist/ScanInbox-$version-linux-$(uname -m).tar.gz" "ScanInbox-$version"
echo "dist/ScanInbox-$version-linux-$(uname -m).tar.gz"
