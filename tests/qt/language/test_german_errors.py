"""What went wrong, in German: real faults provoked through the real readers, the real loopback
client against the sandbox, a real settings file, a real damaged database and a lab hub that is
not there, read through the compiled German catalogue (the ``german`` fixture)."""

from __future__ import annotations

import errno
import re
import socket
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from scaninbox.api import ApiClient, RetryPolicy, errors, make_http_client
from scaninbox.api.convert import case_ref
from scaninbox.api.wire import SignedFileLink
from scaninbox.language import translate
from scaninbox.paths import app_paths
from scaninbox.qt.runtime.language import QtLanguage, install_language
from scaninbox.scans import MeshError, read_mesh
from scaninbox.settings import SettingsError, load_settings
from scaninbox.store import CaseStore, StoreCorruptError
from scaninbox.store.connections import DB_NAME
from scaninbox.store.errors import store_error
from tests.tls import answering_https_server
from tests.unit.api.conftest import Sleeps

REAL_STL = Path("/work/shared/realscans/Example_01_binary.stl")
REAL_PLY = Path("/work/shared/realscans/Example_01_vcolor_binary.ply")

needs_real_scans = pytest.mark.skipif(
    not (REAL_STL.is_file() and REAL_PLY.is_file()), reason="the real scans are not here"
)


def _closed_port() -> socket.socket:
    """A bound loopback socket that never listens: connections to its port are refused."""
    closed = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    closed.bind(("127.0.0.1", 0))
    return closed


# ---------------------------------------------------------------------- the scan readers


@needs_real_scans
def test_a_truncated_real_stl_is_refused_in_german(german: QtLanguage) -> None:
    data = REAL_STL.read_bytes()
    with pytest.raises(MeshError) as caught:
        read_mesh(data[: len(data) // 2], name="Oberkiefer.stl")
    message = str(caught.value)
    assert message.startswith("Die Scan-Datei 'Oberkiefer.stl' kann nicht gelesen werden: ")
    assert "sie ist abgeschnitten" in message
    # Counts grouped the German way: 99.999 triangles, not 99,999 (a decimal comma there).
    announced = int.from_bytes(data[80:84], "little")
    assert announced >= 1000
    assert f"{announced:,}".replace(",", ".") + " Dreiecke" in message
    assert "truncated" not in message


@needs_real_scans
def test_a_real_ply_with_a_broken_header_is_refused_in_german(german: QtLanguage) -> None:
    data = bytearray(REAL_PLY.read_bytes())
    data[: data.index(b"end_header")] = data[: data.index(b"end_header")].replace(
        b"format binary_little_endian", b"format binary_sideways_endian"
    )
    with pytest.raises(MeshError) as caught:
        read_mesh(bytes(data), name="Unterkiefer.ply")
    message = str(caught.value)
    assert "keine gültige PLY-Datei" in message
    assert "unbekanntes Format 'binary_sideways_endian 1.0'" in message


def test_a_picture_and_an_unknown_format_are_named_in_german(german: QtLanguage) -> None:
    png = b"\x89PNG\r\n\x1a\n" + bytes(200)
    with pytest.raises(MeshError, match="die Datei ist ein PNG-Bild, kein 3D-Scan"):
        read_mesh(png, name="preview.png")
    with pytest.raises(MeshError, match="die Datei ist leer"):
        read_mesh(b"", name="leer.stl")


def test_without_a_language_the_readers_stay_english() -> None:
    with pytest.raises(MeshError, match=r"Cannot read the scan 'leer\.stl': the file is empty"):
        read_mesh(b"", name="leer.stl")


# ---------------------------------------------------------------------- the service


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    async with make_http_client(timeout_s=30) as client:
        yield client


async def _signed_in(http: httpx.AsyncClient, server: object) -> ApiClient:
    from scaninbox.sandbox import DEMO_ACCOUNT

    client = ApiClient(http, server.base_url, retry=RetryPolicy(sleep=Sleeps()))  # type: ignore[attr-defined]
    await client.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    return client


@pytest.mark.anyio
async def test_a_refused_sign_in_and_an_ended_session_read_german(
    german: QtLanguage, http: httpx.AsyncClient, make_sandbox: object
) -> None:
    from scaninbox.sandbox import DEMO_ACCOUNT

    server = make_sandbox()  # type: ignore[operator]
    with pytest.raises(errors.AuthenticationError) as refused:
        await ApiClient(http, server.base_url).login(DEMO_ACCOUNT.email, "falsch")
    assert str(refused.value).startswith("Der Inbox-Dienst hat die Anmeldung nicht angenommen")

    client = await _signed_in(http, server)
    session = client.session
    assert session is not None
    server.control.expire_tokens()
    bare = ApiClient(http, server.base_url)
    bare.use_session(session.token, session.expires_at)
    with pytest.raises(errors.SessionExpiredError) as ended:
        await bare.me()
    assert "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an" in str(ended.value)


@pytest.mark.anyio
async def test_a_service_that_keeps_failing_says_so_in_german_with_the_status_for_support(
    german: QtLanguage, http: httpx.AsyncClient, make_sandbox: object
) -> None:
    server = make_sandbox()  # type: ignore[operator]
    client = await _signed_in(http, server)
    server.control.fail_next(client.retry.attempts, status=503)
    with pytest.raises(errors.ServerError) as caught:
        await client.list_cases(page_size=10)
    message = str(caught.value)
    assert message.startswith("Der Inbox-Dienst ist gerade nicht erreichbar")
    assert "Versuchen Sie es später erneut" in message
    # The service's own words follow for support, in its language.
    assert "Der Dienst meldet: Service Unavailable" in message


@pytest.mark.anyio
async def test_a_download_link_that_keeps_expiring_is_explained_in_german(
    german: QtLanguage, http: httpx.AsyncClient, make_sandbox: object, tmp_path: Path
) -> None:
    server = make_sandbox()  # type: ignore[operator]
    client = await _signed_in(http, server)
    page = await client.list_cases(page_size=20)
    ref = next(r for r in (case_ref(c) for c in page.items) if r is not None)
    server.control.set_link_ttl(0.0)  # every link the service hands out is already expired
    with pytest.raises(errors.DownloadError) as caught:
        await client.download(lambda: client.order_form_link(ref), tmp_path / "auftrag.pdf")
    message = str(caught.value)
    assert "immer wieder abgelehnt" in message
    assert "Prüfen Sie die Uhrzeit dieses Computers" in message
    assert not (tmp_path / "auftrag.pdf").exists()


@pytest.mark.anyio
async def test_storage_that_refuses_every_attempt_is_counted_in_german(
    german: QtLanguage, http: httpx.AsyncClient, make_sandbox: object, tmp_path: Path
) -> None:
    server = make_sandbox()  # type: ignore[operator]
    client = await _signed_in(http, server)
    page = await client.list_cases(page_size=20)
    ref = next(r for r in (case_ref(c) for c in page.items) if r is not None)
    attempts = client.retry.attempts
    server.control.fail_next(attempts, status=503, path_prefix="/storage/")
    with pytest.raises(errors.DownloadError) as caught:
        await client.download(lambda: client.order_form_link(ref), tmp_path / "auftrag.pdf")
    # The German plural form of the catalogue, with the number filled in.
    assert f"ist nach {attempts} Versuchen gescheitert" in str(caught.value)
    assert "der Dateispeicher ist gerade nicht verfügbar (HTTP 503)" in str(caught.value)


@pytest.mark.anyio
async def test_a_service_that_is_not_there_reads_german(
    german: QtLanguage, http: httpx.AsyncClient
) -> None:
    with _closed_port() as closed:
        port = closed.getsockname()[1]
        client = ApiClient(http, f"http://127.0.0.1:{port}", retry=RetryPolicy(sleep=Sleeps()))
        with pytest.raises(errors.TransportError) as caught:
            await client.login("laborant@example.com", "geheim")
    message = str(caught.value)
    assert message.startswith(f"Keine Verbindung: der Inbox-Dienst unter 127.0.0.1:{port} ist")
    # The system's reason in German, its English text kept for support.
    assert "der Server hat die Verbindung abgelehnt (Technische Angabe: ConnectError: " in message
    assert f"[Errno {errno.ECONNREFUSED}]" in message
    assert "Bitte prüfen Sie die Netzwerkverbindung" in message


@pytest.mark.anyio
async def test_storage_out_of_reach_and_an_unusable_address_read_german(
    german: QtLanguage, http: httpx.AsyncClient, sandbox: object, tmp_path: Path
) -> None:
    client = await _signed_in(http, sandbox)
    page = await client.list_cases(page_size=20)
    ref = next(r for r in (case_ref(c) for c in page.items) if r is not None)
    real = await client.order_form_link(ref)
    with _closed_port() as closed:
        moved = SignedFileLink(
            url=str(httpx.URL(real.url).copy_with(port=closed.getsockname()[1])),
            filename=real.filename,
            expires_at=real.expires_at,
        )

        async def nowhere() -> SignedFileLink:
            return moved

        with pytest.raises(errors.StorageUnreachableError) as caught:
            await client.download(nowhere, tmp_path / "auftrag.pdf")
    assert "der Dateispeicher war nicht erreichbar" in str(caught.value)
    with pytest.raises(errors.InsecureUrlError, match="ist nicht verschlüsselt"):
        ApiClient(http, "http://inbox.example.com")


@pytest.mark.anyio
async def test_an_untrusted_certificate_reads_german_with_openssl_reason_first(
    german: QtLanguage, tmp_path: Path
) -> None:
    answer = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]"
    async with (
        answering_https_server(tmp_path, answer) as (port, _cert),
        make_http_client(timeout_s=10) as http,
    ):
        client = ApiClient(http, f"https://127.0.0.1:{port}", retry=RetryPolicy(attempts=1))
        client.use_session("t", datetime.now(UTC) + timedelta(hours=1))
        with pytest.raises(errors.TlsError) as caught:
            await client.ios_portals()
    message = str(caught.value)
    assert message.startswith("Das Sicherheitszertifikat konnte nicht geprüft werden (")
    assert "network.ca_bundle" in message
    # The sign-in dialog quotes the first parenthesis: OpenSSL's reason, as in English.
    first = re.search(r"\(([^()]+)\)", message)
    assert first is not None
    assert "self-signed certificate" in first.group(1)
    assert f"betroffen ist der Inbox-Dienst unter 127.0.0.1:{port}" in message


# ---------------------------------------------------------------------- settings, store, hub


def test_a_settings_file_with_a_bad_entry_is_named_in_german(german: QtLanguage) -> None:
    paths = app_paths()
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text('[viewer]\nupper_colour = "elfenbein"\n', encoding="utf-8")
    with pytest.raises(SettingsError) as caught:
        load_settings(paths, env={})
    assert str(caught.value) == (
        f"{paths.settings_file}: viewer.upper_colour muss die Form #rrggbb haben."
    )
    paths.settings_file.write_text("[cache]\nlimit_gb = 0\n", encoding="utf-8")
    with pytest.raises(SettingsError, match=r"muss eine Zahl von 0\.1 bis 1e\+06 sein, nicht 0"):
        load_settings(paths, env={})


def test_a_damaged_local_database_is_explained_in_german(
    german: QtLanguage, tmp_path: Path
) -> None:
    folder = tmp_path / "konto"
    folder.mkdir()
    store_file = folder / DB_NAME
    store_file.write_bytes(b"kein SQLite, sondern Text\n" * 400)
    with pytest.raises(StoreCorruptError) as caught:
        CaseStore.open(folder)
    message = str(caught.value)
    assert "ist beschädigt oder gehört nicht zu Scan Inbox" in message
    assert "`scaninbox cache clear`" in message
    assert store_file.read_bytes().startswith(b"kein SQLite")  # nothing was overwritten


def test_a_locked_local_database_is_explained_in_german(german: QtLanguage, tmp_path: Path) -> None:
    CaseStore.open(tmp_path).close()
    path = tmp_path / DB_NAME
    holder = sqlite3.connect(path, isolation_level=None)
    writer = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        with pytest.raises(sqlite3.OperationalError) as caught:
            writer.execute("CREATE TABLE held (x)")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        writer.close()
    message = str(store_error(caught.value, path))
    assert message.startswith(f"Die lokale Datenbank {path} wird von einem anderen Programm")
    assert message.endswith("Technische Angabe: database is locked")


def test_a_lab_hub_that_is_not_there_reads_german(german: QtLanguage) -> None:
    pytest.importorskip("psycopg")
    from scaninbox.lab.config import hub_address
    from scaninbox.lab.errors import HubUnreachable
    from scaninbox.lab.hub import Hub

    with _closed_port() as closed:
        port = closed.getsockname()[1]
        address = hub_address(f"postgresql://labor@127.0.0.1:{port}/hub", from_file=True)
        assert address is not None
        with pytest.raises(HubUnreachable) as caught:
            Hub.open(address)
    message = str(caught.value)
    assert re.match(r"Der Labor-Hub \(.+\) ist nicht erreichbar: ", message)
    # libpq's English reason, worded, and kept whole for support.
    assert "der Server hat die Verbindung abgelehnt (Technische Angabe: " in message
    assert "Connection refused" in message


def test_a_lab_hub_address_with_a_password_in_the_file_is_refused_in_german(
    german: QtLanguage,
) -> None:
    pytest.importorskip("psycopg")
    from scaninbox.lab.config import hub_address
    from scaninbox.lab.errors import LabSettingsError

    with pytest.raises(LabSettingsError, match="enthält ein Passwort"):
        hub_address("postgresql://labor:geheim@127.0.0.1/hub", from_file=True)


def test_the_viewer_note_and_the_qc_decision_read_german(german: QtLanguage) -> None:
    from scaninbox.scans import resolve_orientation
    from scaninbox.store.qc_store import QcDecisionRecord

    note = resolve_orientation("x,y", portal="iTero").note
    assert note is not None
    assert note.startswith("Die Achsenzuordnung für iTero ('x,y') ist unverständlich: ")
    assert "sie nennt 2 Achsen" in note
    assert note.endswith("Ausrichtung aus dem Scan geschätzt")
    decision = QcDecisionRecord("rescan", "", "qc@lab.example", None)  # type: ignore[arg-type]
    assert decision.label == "Neuer Scan nötig"
    assert translate("QcDecision", "Ready to accept") == "Annahmebereit"


def test_the_window_in_english_takes_the_plural_forms_of_the_english_catalogue(
    qapp: object, catalogues: Path
) -> None:
    english = install_language("en", folder=catalogues)
    try:
        one = translate(
            "MeshError", "%n point(s) have coordinates that are not finite numbers", None, 1
        )
        many = translate(
            "MeshError", "%n point(s) have coordinates that are not finite numbers", None, 12
        )
    finally:
        english.uninstall()
    assert one == "1 point has coordinates that are not finite numbers"
    assert many == "12 points have coordinates that are not finite numbers"
