; Inno Setup script for Scan Inbox on Windows.
; Build the app first on Windows:  py -m venv .venv && .venv\Scripts\pip install -e .[dev]
;                                  .venv\Scripts\pyinstaller --noconfirm build.spec
; then compile this script with Inno Setup 6 (iscc installer\windows\scaninbox.iss).
; Per-user install (no administrator rights), Start-menu entries, an optional desktop shortcut and
; an uninstaller. The fixed AppId makes a newer installer upgrade the installed copy in place.
; AppVersion must equal the version in pyproject.toml (tests/packaging/test_installers.py checks).
#define AppVersion "0.1.0"

[Setup]
AppId={{5B0C8E3A-6F3E-4C1B-9D7E-2A1F3C9B7E41}
AppName=Scan Inbox
AppVersion={#AppVersion}
AppPublisher=Scan Inbox
DefaultDirName={autopf}\Scan Inbox
DefaultGroupName=Scan Inbox
OutputBaseFilename=ScanInbox-{#AppVersion}-setup
SetupIconFile=..\..\resources\icons\scaninbox.ico
Compression=lzma2
SolidCompression=yes
ArchitecturesInstallIn64BitMode=x64compatible
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
UninstallDisplayIcon={app}\scaninbox-desktop.exe
; Upgrading while the app runs: ask to close it rather than leave old files in use.
CloseApplications=yes
; .stl/.ply get "Open with › Scan Inbox" (OpenWithProgids), without taking the default away from
; the lab's CAD software; the uninstaller removes the entries again.
ChangesAssociations=yes

[Files]
Source: "..\..\dist\ScanInbox\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Scan Inbox"; Filename: "{app}\scaninbox-desktop.exe"
Name: "{group}\Scan Inbox (demo data)"; Filename: "{app}\scaninbox-desktop.exe"; Parameters: "--demo"
Name: "{autodesktop}\Scan Inbox"; Filename: "{app}\scaninbox-desktop.exe"; Tasks: desktopicon

[Registry]
; HKA: the current user's classes for a per-user install (all users' when installed as admin).
Root: HKA; Subkey: "Software\Classes\ScanInbox.Scan"; ValueType: string; ValueName: ""; ValueData: "3D scan (STL/PLY)"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\ScanInbox.Scan\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\scaninbox-desktop.exe,0"
Root: HKA; Subkey: "Software\Classes\ScanInbox.Scan\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\scaninbox-desktop.exe"" ""%1"""
Root: HKA; Subkey: "Software\Classes\.stl\OpenWithProgids"; ValueType: string; ValueName: "ScanInbox.Scan"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.ply\OpenWithProgids"; ValueType: string; ValueName: "ScanInbox.Scan"; ValueData: ""; Flags: uninsdeletevalue

[Tasks]
Name: "desktopicon"; Description: "Create a desktop shortcut"; Flags: unchecked

[Run]
Filename: "{app}\scaninbox-desktop.exe"; Description: "Start Scan Inbox"; Flags: nowait postinstall skipifsilent
