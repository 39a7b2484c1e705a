"""A throw-away PostgreSQL cluster on loopback for the lab hub's tests and benchmark.

``initdb`` into a fresh folder, ``pg_ctl start`` on a free port with its Unix socket in that
folder, then stopped and removed. initdb refuses to run as root, so a root test run starts the
cluster as the ``postgres`` OS user (``runuser``; Debian's ``postgresql`` package makes it).
Chosen over pytest-postgresql, which runs initdb as the calling user and so cannot run as root.

The server binaries come from Debian's ``postgresql`` package (``/usr/lib/postgresql/N/bin``)
or from PATH. Without them the tests skip with the reason — except in CI (``CI=true``), where a
missing server fails them: CI installs it (``scripts/setup --dev``).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["ADMIN_PASSWORD", "Cluster", "find_server_binaries"]

ADMIN_PASSWORD = "admin-secret"


def find_server_binaries() -> Path | None:
    """The folder holding initdb and pg_ctl (14 or newer), or None."""
    candidates = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
        reverse=True,
    )
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).parent)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Cluster:
    bin_dir: Path
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="scaninbox-pg-")))
    port: int = field(default_factory=_free_port)

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def as_root(self) -> bool:
        return os.geteuid() == 0

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = list(args)
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(
            command, capture_output=True, text=True, check=False, timeout=120, cwd=self.root
        )

    def create(self) -> None:
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        pwfile = self.root / "pw"
        pwfile.write_text(ADMIN_PASSWORD + "\n", encoding="utf-8")
        if self.as_root:
            shutil.chown(pwfile, "postgres", "postgres")
        done = self._run(
            str(self.bin_dir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--pwfile",
            str(pwfile),
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            "-E",
            "UTF8",
            "--locale=C",
        )
        pwfile.unlink()
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed: {done.stderr or done.stdout}")
        self.start()

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        done = self._run(
            str(self.bin_dir / "pg_ctl"),
            "start",
            "-w",
            "-t",
            "60",
            "-D",
            str(self.data),
            "-l",
            str(self.root / "server.log"),
            "-o",
            options,
        )
        if done.returncode != 0:
            log = (self.root / "server.log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"pg_ctl start failed: {done.stderr}\n{log}")

    def stop(self, mode: str = "fast") -> None:
        self._run(str(self.bin_dir / "pg_ctl"), "stop", "-w", "-m", mode, "-D", str(self.data))

    def destroy(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)

    def admin_conninfo(self, dbname: str = "postgres") -> str:
        """The superuser over the Unix socket (trust: only this folder's socket)."""
        return f"host={self.root} port={self.port} user=postgres dbname={dbname}"

    def url(self, role: str, password: str, dbname: str) -> str:
        """A workstation's SCANINBOX_LAB_URL over TCP loopback, password included."""
        return f"postgresql://{role}:{password}@127.0.0.1:{self.port}/{dbname}"
