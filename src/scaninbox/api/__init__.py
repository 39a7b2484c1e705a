"""Talking to the Intra-Oral Scan Inbox service (interface v1): wire models, client, downloads.

Knows nothing of Qt, SQLite or meshes. Entry points::

    http = make_http_client(ca_bundle=None)            # verified TLS, no default credentials
    client = ApiClient(http, "https://inbox.example.com")
    await client.login(email, password)
    page = await client.list_cases(page_size=50)       # CasePage(items, …, malformed)

Failures are ``scaninbox.api.errors.ApiError`` subclasses (the module draws the tree).
"""

from scaninbox.api import errors
from scaninbox.api.case_folder import (
    DEFAULT_FOLDER_TEMPLATE,
    case_folder_name,
    check_folder_template,
    copy_file,
    open_case_folder,
    remove_abandoned_parts,
)
from scaninbox.api.client import ApiClient
from scaninbox.api.convert import case_ref, parse_delivery_date, to_case, to_worktypes
from scaninbox.api.filenames import dedupe_filename, safe_filename
from scaninbox.api.limits import NetworkLimits
from scaninbox.api.paging import IncompleteListingError, PagingGuard
from scaninbox.api.results import CaseDictPage, CasePage, DownloadResult, MalformedCase, Session
from scaninbox.api.retry import RetryPolicy
from scaninbox.api.transport import make_http_client
from scaninbox.api.urls import check_base_url, is_loopback_host

__all__ = [
    "DEFAULT_FOLDER_TEMPLATE",
    "ApiClient",
    "CaseDictPage",
    "CasePage",
    "DownloadResult",
    "IncompleteListingError",
    "MalformedCase",
    "NetworkLimits",
    "PagingGuard",
    "RetryPolicy",
    "Session",
    "case_folder_name",
    "case_ref",
    "check_base_url",
    "check_folder_template",
    "copy_file",
    "dedupe_filename",
    "errors",
    "is_loopback_host",
    "make_http_client",
    "open_case_folder",
    "parse_delivery_date",
    "remove_abandoned_parts",
    "safe_filename",
    "to_case",
    "to_worktypes",
]
