#!/usr/bin/env bash
# Builds "Scan Inbox.app" and a disk image on macOS (run on a Mac with Python 3.11+).
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 -m venv .venv && .venv/bin/pip install -q -e ".[dev]"
.venv/bin/pyinstaller --noconfirm build.spec          # the spec adds a BUNDLE on darwin
version=$(.venv/bin/python -c 'import scaninbox; print(scaninbox.__version__)')
hdiutil create -volname "Scan Inbox" -srcfolder "dist/Scan Inbox.app" -ov -format UDZO \
  "dist/ScanInbox-$version-macos.dmg"
echo "dist/ScanInbox-$version-macos.dmg (sign and notarise before distributing)"
