"""Wire cases for store tests, in the spec's member names (built as the service would send them)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from scaninbox.api.wire import UnifiedCase

__all__ = ["make_case", "wire_case"]

BASE_TIME = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)


def make_case(
    index: int,
    *,
    guid: str | None = None,
    received: datetime | None = None,
    first_name: str = "Anna",
    last_name: str = "Schmidt",
    dentist: str = "Dr. Jean Dupont",
    clinic: str = "Praxis am Markt",
    source: str = "3Shape",
    external_id: str | None = None,
    remark: str = "",
    status: str = "new",
    priority: bool = False,
    delivery: str | None = "2026-03-10",
    worktypes: list[dict[str, Any]] | None = None,
    scan_files: list[dict[str, Any]] | None = None,
    order_form: bool = True,
    misc: list[str] | None = None,
) -> dict[str, Any]:
    """A guid-shape case as a JSON object."""
    received = received or BASE_TIME - timedelta(hours=index)
    guid = guid or f"00000000-0000-4000-8000-{index:012d}"
    if worktypes is None:
        worktypes = [
            {"categoryId": "Fixed", "restorationTypeId": "Crown", "materialId": "Zirconia",
             "fdi": "11", "shade": "A2"},
        ]  # fmt: skip
    if scan_files is None:
        scan_files = [
            {"type": "preparationScan", "filename": f"upper {index}.stl", "fileLink": "x/u",
             "jaw": "upper", "fileType": "stl"},
            {"type": "preparationScan", "filename": f"lower {index}.stl", "fileLink": "x/l",
             "jaw": "lower", "fileType": "stl"},
        ]  # fmt: skip
    return {
        "guid": guid,
        "organizationGuid": "org-demo",
        "status": status,
        "acceptedData": {
            "source": source,
            "externalId": external_id or f"EXT-{index:05d}",
            "receivedDate": received.isoformat().replace("+00:00", "Z"),
            "deliveryDate": delivery,
            "customer": {"clinic": {"name": clinic}, "dentist": {"fullName": dentist}},
            "patient": {"firstName": first_name, "lastName": last_name},
            "remark": remark,
            "scanFiles": scan_files,
            "orderForm": {"filename": "order.pdf", "fileLink": "x/o"} if order_form else None,
            "worktypes": worktypes,
            "administrative": {
                "priority": priority,
                "remake": False,
                "additionalInfo": False,
                "contactRequired": False,
            },
            "miscellaneousFiles": [{"filename": m, "fileLink": f"x/{m}"} for m in misc or []],
        },
    }


def wire_case(index: int, **kwargs: Any) -> UnifiedCase:
    return UnifiedCase.model_validate(make_case(index, **kwargs))
