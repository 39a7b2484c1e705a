#!/usr/bin/env bash
# Installs Scan Inbox for the current user: ~/.local/opt/ScanInbox, a menu entry and an icon.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prefix=${XDG_DATA_HOME:-$HOME/.local/share}
opt=$HOME/.local/opt/ScanInbox
rm -rf "$opt" && mkdir -p "$opt" && cp -a "$here/app/." "$opt/"
mkdir -p "$prefix/applications" "$prefix/icons/hicolor/256x256/apps" "$HOME/.local/bin"
cp "$here/scaninbox.png" "$prefix/icons/hicolor/256x256/apps/scaninbox.png"
# Point every Exec (the main entry and the demo action, keeping their arguments) into the folder.
sed -e "s|^Exec=scaninbox-desktop|Exec=$opt/scaninbox-desktop|" -e "s|^TryExec=.*|TryExec=$opt/scaninbox-desktop|" \
  "$here/scaninbox.desktop" > "$prefix/applications/scaninbox.desktop"
ln -sf "$opt/scaninbox" "$HOME/.local/bin/scaninbox"
echo "Installed. Start it from the menu (Scan Inbox) or run: scaninbox"
