"""The window's "Save all files" names case folders by the same setting as `scaninbox download`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from scaninbox.qt.shell.app_controller import AppController


def test_save_all_uses_the_folder_template_from_the_settings(
    make_app: Callable[..., AppController], isolated_home: Path
) -> None:
    config = isolated_home / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.toml").write_text(
        '[download]\nfolder_template = "{source}_{ref}"\n', encoding="utf-8"
    )
    controller = make_app(start=False)
    assert controller.window.pane.attachments.folder_template == "{source}_{ref}"
