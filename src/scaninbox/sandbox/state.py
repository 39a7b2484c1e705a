"""Everything one running sandbox knows: configuration, case index, content and file caches,
credentials and the test knobs — shared by the request handlers and ``SandboxControl``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import UTC, datetime
from pathlib import Path

from scaninbox.sandbox.case_content import CaseContent, build_case_content
from scaninbox.sandbox.catalogue import CaseMeta, Catalogue
from scaninbox.sandbox.config import SandboxConfig
from scaninbox.sandbox.control import FaultPlan, SandboxControl
from scaninbox.sandbox.file_cache import FileCache
from scaninbox.sandbox.organisations import ORGANISATIONS
from scaninbox.sandbox.signing import LinkSigner
from scaninbox.sandbox.tokens import TokenIssuer

__all__ = ["SandboxState"]

_CONTENT_CACHE_SIZE = 4096


class SandboxState:
    def __init__(self, config: SandboxConfig, cache_dir: Path) -> None:
        self.config = config
        today = config.today or datetime.now(UTC).date()
        self.anchor = datetime(today.year, today.month, today.day, tzinfo=UTC)
        self.catalogue = Catalogue(
            seed=config.seed,
            counts={"demo": config.cases, "other": config.other_cases},
            variant=config.variant,
            anchor=self.anchor,
        )
        self.files = FileCache(cache_dir)
        self.tokens = TokenIssuer(config.token_ttl_s)
        self.links = LinkSigner(config.link_ttl_s)
        self.faults = FaultPlan()
        self.control = SandboxControl(
            self.catalogue, self.tokens, self.links, self.faults, variant=config.variant
        )
        self._contents: OrderedDict[tuple[str, int], CaseContent] = OrderedDict()
        self._contents_lock = threading.Lock()

    def content(self, meta: CaseMeta) -> CaseContent:
        """The case's full content; built once and kept (least recently used are dropped)."""
        key = (meta.org, meta.index)
        with self._contents_lock:
            cached = self._contents.get(key)
            if cached is not None:
                self._contents.move_to_end(key)
                return cached
        built = build_case_content(
            meta, ORGANISATIONS[meta.org], seed=self.config.seed, variant=self.config.variant
        )
        with self._contents_lock:
            self._contents[key] = built
            while len(self._contents) > _CONTENT_CACHE_SIZE:
                self._contents.popitem(last=False)
        return built
