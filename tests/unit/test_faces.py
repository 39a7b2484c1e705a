"""Each package has a face (its ``__init__``): outside the package, code imports from the face.

The lists below are the packages' exported names: a change to what a package offers is a
change to this file too, on purpose. ``scaninbox.api.wire`` (the wire models) and
``scaninbox.api.errors`` (the error tree) are public modules of the api face.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import scaninbox

SRC = Path(scaninbox.__file__).parent
# The lab hub's modules of the store and of services are public modules of their faces: kept
# out of the faces so that a desk without a hub never loads them.
PUBLIC_MODULES = {
    "scaninbox.api.wire",
    "scaninbox.api.errors",
    "scaninbox.store.lab_store",
    "scaninbox.services.lab_link",
    "scaninbox.language.catalogs",  # the tool that builds the catalogues (scripts/translations)
}

FACES: dict[str, set[str]] = {
    "scaninbox.api": {
        "DEFAULT_FOLDER_TEMPLATE", "ApiClient", "CaseDictPage", "CasePage", "DownloadResult",
        "IncompleteListingError", "MalformedCase",
        "NetworkLimits", "PagingGuard", "RetryPolicy", "Session", "case_folder_name", "case_ref",
        "check_base_url", "check_folder_template", "copy_file", "dedupe_filename", "errors",
        "is_loopback_host", "make_http_client", "open_case_folder", "parse_delivery_date",
        "remove_abandoned_parts", "safe_filename", "to_case", "to_worktypes",
    },
    "scaninbox.domain": {
        "CATEGORIES", "CLOSED_STATUSES", "DUE_SOON_DAYS", "LOWER_ARCH_ORDER", "OPEN_STATUSES",
        "STATUS_LABELS", "UNSPECIFIED_WORK", "UPPER_ARCH_ORDER", "AdminFlags", "Case",
        "CaseRef", "Clinic", "Dentist", "FileKind", "Jaw", "MiscFile", "OrderForm", "Patient",
        "ScanFile", "Tag", "Unit", "Urgency", "VariantInfo", "Worktype", "case_teeth",
        "delivery_phrase", "delivery_urgency", "exact_time", "format_date",
        "format_date_of_birth", "format_gender", "format_size", "format_teeth", "full_scans",
        "humanize_identifier", "identifier_label", "is_before_preparation", "is_open_status",
        "is_preview", "is_upper", "jaw_from_name", "jaws_hidden_in_view", "known_jaw",
        "Turn", "local_minute", "local_time", "parse_fdi",
        "relative_time", "scan_jaw", "shown_at_first", "sort_teeth", "status_label", "teeth_text",
        "work_summary", "worktype_teeth", "category_label", "jaw_label", "vocabulary_label",
        "shown_work_summary",
    },
    "scaninbox.store": {
        "CUSTOM_ENVIRONMENT", "DEMO_ENVIRONMENT", "Account", "CacheUsage", "CaseFilter",
        "CaseList", "CaseRow", "CaseStore", "DownloadProgress", "EngineState", "EvictionReport",
        "FetchReport", "FileCache", "FileFetcher", "FileSpec", "MalformedRecord",
        "NoLocalAccountError", "NotCachedError", "OfflineCounts", "PrefetchProgress",
        "offline_counts",
        "SortKey", "SortSpec", "StoreCorruptError",
        "StoreError", "StoreVersionError", "StoreWriter", "StoredCase", "StoredFile",
        "SyncEngine", "SyncListener", "SyncOptions", "SyncReport", "SyncState",
        "account_folder", "folder_size_bytes", "known_accounts", "last_account",
        "remember_account", "remove_local_data", "resolve_account",
    },
    "scaninbox.scans": {
        "LOD_FRACTION", "AxisMappingError", "Estimate", "HalfTurns", "Mesh", "MeshError",
        "Orientation", "describe_turn", "estimate_orientation",
        "PreviewImageError", "ScanFormat", "build_lod", "decimate", "face_normals",
        "format_axis_mapping", "orient", "parse_axis_mapping", "point_normals", "read_mesh",
        "refine", "resolve_orientation", "run_parts", "sniff_format", "soup_face_normals",
        "weld_points",
    },
    "scaninbox.render": {
        "BITE_THROUGH", "MAP_MAX_MM", "MAP_STEP_MM", "MIN_FREE_SHARE", "ColourScale", "MapKind",
        "DEFAULT_SIZE", "Bounds", "Measurement", "MeasurementActors", "OffscreenCanvas",
        "PictureWriteError",
        "ScanScene", "ScanState", "MOVING_SCALE", "RenderPolicy", "marker_size",
        "ScanToDraw", "SceneInput", "View", "add_measurement", "apply_view",
        "configure_antialiasing", "fit", "gl_renderer_name", "load_scan_file", "measure",
        "offscreen_scene",
        "prepare_offscreen_backend", "render_png", "render_scan_files", "style_plotter",
        "to_polydata", "write_png",
    },
    "scaninbox.services": {
        "CUSTOM", "DEMO", "RememberedSession", "SignedInAccount", "Target", "TargetChoice",
        "TargetError", "adopt_typed_email_data", "choose_environment", "demo_login",
        "file_account", "forget_remembered_session", "keep_session", "last_local_account",
        "named_target", "remembered_session", "remembered_session_of", "sign_in",
        "target_choices",
    },
    "scaninbox.sandbox": {
        "DEFAULT_PORT", "DEMO_ACCOUNT", "OTHER_ACCOUNT", "QC_ACCOUNT", "Account", "RecordedRequest",
        "SandboxConfig", "SandboxControl", "SandboxServer", "SandboxStartError", "serve_forever",
    },
    "scaninbox.lab": {
        "CaseLabState", "HubNotReady", "HubRefused", "HubUnreachable", "LabError",
        "LabSettingsError", "derive_state", "event_json", "new_event",
    },
    "scaninbox.workarounds": {"ConnectionTracker", "leave_httpx_cli_unloaded"},
    "scaninbox.language": {
        "AREAS", "ENGLISH", "LANGUAGES", "PSEUDO", "QT_TRANSLATE_NOOP", "Area", "Language",
        "PlainEnglish", "catalogue_dir", "current", "english_plural", "install", "os_reason",
        "os_reason_in_text", "translate",
    },
}  # fmt: skip


@pytest.mark.parametrize("package", sorted(FACES))
def test_each_face_exports_what_it_says(package: str) -> None:
    face = importlib.import_module(package)
    assert set(face.__all__) == FACES[package]
    assert len(face.__all__) == len(set(face.__all__))
    missing = [name for name in face.__all__ if not hasattr(face, name)]
    assert missing == []


def _package_of(path: Path) -> str | None:
    parts = path.relative_to(SRC).parts
    return f"scaninbox.{parts[0]}" if len(parts) > 1 else None


def test_outside_a_package_code_imports_from_its_face() -> None:
    packages = {f"scaninbox.{p.parent.name}" for p in SRC.glob("*/__init__.py")}
    deep = []
    for path in sorted(SRC.rglob("*.py")):
        if path.name == "__main__.py":
            continue  # the entry point names the command line's main function
        own = _package_of(path)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:  # module level only
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            package = ".".join(node.module.split(".")[:2])
            inside = package == own or node.module in (package, *PUBLIC_MODULES)
            if package in packages and not inside:
                deep.append(f"{path.relative_to(SRC)}:{node.lineno} {node.module}")
    assert deep == []
