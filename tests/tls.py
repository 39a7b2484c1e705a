"""A self-signed certificate for loopback HTTPS servers that nobody trusts, and such a server
answering every request alike (TLS and proxy tests)."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import ipaddress
import ssl
from collections.abc import AsyncIterator
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

__all__ = ["answering_https_server", "self_signed"]


def self_signed(folder: Path, names: tuple[str, ...] = ()) -> tuple[Path, Path]:
    """``(cert.pem, key.pem)`` in ``folder``: a CA certificate for 127.0.0.1 (and the host
    ``names``), valid a day."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Scan Inbox test CA")])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName(
                [
                    x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                    *(x509.DNSName(name) for name in names),
                ]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


@contextlib.asynccontextmanager
async def answering_https_server(
    folder: Path, answer: bytes, names: tuple[str, ...] = ()
) -> AsyncIterator[tuple[int, Path]]:
    """An HTTPS server on 127.0.0.1 that sends ``answer`` to every request: ``(port, cert)``,
    its certificate from `self_signed` (trusted by nobody unless asked to)."""
    cert, key = self_signed(folder, names)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)

    async def reply(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await reader.readuntil(b"\r\n\r\n")
            writer.write(answer)
            await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, ssl.SSLError):
            pass  # the client hung up, for one after refusing the certificate
        finally:
            writer.close()

    server = await asyncio.start_server(reply, "127.0.0.1", 0, ssl=context)
    async with server:  # closes it and waits for its connections on the way out
        yield int(server.sockets[0].getsockname()[1]), cert
