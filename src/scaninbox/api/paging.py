"""Knowing when a listing of cases has stopped making progress.

The service says how many cases there are (``total``) and which page it sent; both are its word.
A service that claims two billion cases with one case per page, sends the same page again, or
pages through cases already seen would keep a reader asking for ever. ``PagingGuard`` watches
the pages of one listing and raises ``IncompleteListingError`` when a page repeats, brings no
case not seen before, or the listing passes its page ceiling (``NetworkLimits.max_pages``).
"""

from __future__ import annotations

from scaninbox.api.errors import ProtocolError
from scaninbox.api.results import CaseDictPage, CasePage
from scaninbox.api.wire_dicts import case_dict_ref_parts
from scaninbox.language import translate

__all__ = ["IncompleteListingError", "PagingGuard"]


class IncompleteListingError(ProtocolError):
    """The listing was stopped early; what was read before is usable but may be incomplete."""


class PagingGuard:
    """Checks each page of one listing, in order (see the module docstring)."""

    def __init__(self, max_pages: int) -> None:
        self._max_pages = max_pages
        self._pages = 0
        self._seen: set[str] = set()

    @property
    def pages(self) -> int:
        return self._pages

    def check(self, page: CasePage | CaseDictPage, *, asked: int) -> None:
        """``IncompleteListingError`` when ``page`` (the answer to ``asked``) is no progress."""
        self._pages += 1
        if page.page < asked:
            raise IncompleteListingError(
                translate(
                    "ApiError",
                    "The service sent page {page} again when asked for page {asked}; the list "
                    "of cases was read only up to there and may be incomplete",
                ).format(page=page.page, asked=asked)
            )
        if isinstance(page, CaseDictPage):
            keys = [_key(*case_dict_ref_parts(item)) for item in page.items]
        else:
            keys = [_key(item.guid, item.id) for item in page.items]
        keys += [f"?{m.ref}" if m.ref else None for m in page.malformed]
        known = [k for k in keys if k is not None]
        if known and all(k in self._seen for k in known) and len(known) == len(keys):
            raise IncompleteListingError(
                translate(
                    "ApiError",
                    "The service sent page {page} with only cases it had sent before; the list "
                    "of cases was read only up to there and may be incomplete",
                ).format(page=page.page)
            )
        self._seen.update(known)

    def check_next(self, page: CasePage | CaseDictPage) -> None:
        """``IncompleteListingError`` when another page after ``page`` would pass the ceiling."""
        if self._pages >= self._max_pages:
            raise IncompleteListingError(
                translate(
                    "ApiError",
                    "The list of cases has more than {max_pages} pages; reading stopped there "
                    "({read} of the {total} cases the service counts)",
                ).format(max_pages=self._max_pages, read=len(self._seen), total=page.total)
            )


def _key(guid: str | None, number: int | None) -> str | None:
    if guid:
        return f"g{guid}"
    return f"n{number}" if number is not None else None
