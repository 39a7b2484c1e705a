"""Real sandbox cases for the viewer's tests, fetched over loopback HTTP once per session.

For each wanted portal, the first case of that portal with both arches: the domain `Case` (from
the service's JSON, through the real client), its scan files saved under their server names in a
folder of their own (a `FolderProvider` serves them from there), and the portal's
``axisMapping`` as ``/portals/ios`` lists it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from dataclasses import dataclass
from pathlib import Path

from scaninbox.api import ApiClient, make_http_client
from scaninbox.api.convert import to_case
from scaninbox.domain import Case, Jaw
from scaninbox.sandbox import DEMO_ACCOUNT


@dataclass(frozen=True)
class SandboxCase:
    case: Case
    folder: Path
    mapping: str | None


def fetch_portal_cases(
    base_url: str, folder: Path, portals: tuple[str, ...]
) -> dict[str, SandboxCase]:
    """Run the download on a thread with its own event loop (a Qt loop may be set here)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _fetch(base_url, folder, portals)).result()


async def _fetch(base_url: str, folder: Path, portals: tuple[str, ...]) -> dict[str, SandboxCase]:
    found: dict[str, SandboxCase] = {}
    async with make_http_client(timeout_s=60.0) as http:
        client = ApiClient(http, base_url)
        await client.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
        mappings = {p.name: p.axis_mapping for p in await client.ios_portals()}
        async for page in client.iter_case_pages(page_size=100):
            for wire in page.items:
                case = to_case(wire)
                if case.source not in portals or case.source in found:
                    continue
                jaws = {s.jaw for s in case.scan_files if s.file_type != "preview"}
                if not {Jaw.UPPER, Jaw.LOWER} <= jaws:
                    continue
                target = folder / f"portal{len(found)}"
                target.mkdir(parents=True)
                for scan in case.scan_files:
                    assert scan.filename
                    assert scan.file_type
                    name, kind, ref = scan.filename, scan.file_type, case.ref
                    await client.download(
                        lambda n=name, k=kind, r=ref: client.scan_file_link(r, n, k),
                        target / name,
                    )
                found[case.source] = SandboxCase(case, target, mappings.get(case.source))
            if len(found) == len(portals):
                break
    missing = set(portals) - set(found)
    assert not missing, f"the sandbox has no two-arch case from {missing}"
    return found
