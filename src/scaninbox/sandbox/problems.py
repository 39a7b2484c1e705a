"""Error answers: RFC 7807 problem details for the API, S3-like XML for the storage path.

API errors are ``application/problem+json`` with type, title, status, detail and instance.
Storage errors mimic an object store: ``application/xml`` ``<Error><Code>…</Code><Message>…``
— 403 ``AccessDenied`` for a tampered, incomplete or expired link, 400 ``InvalidArgument`` when
a request carries an Authorization header as well as a signature, 404 ``NoSuchKey``, 416
``InvalidRange``.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from starlette.responses import JSONResponse, Response

__all__ = ["problem", "storage_error"]

_TITLES = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


def problem(
    status: int, detail: str, instance: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    body = {
        "type": f"https://httpstatuses.io/{status}",
        "title": _TITLES.get(status, "Error"),
        "status": status,
        "detail": detail,
        "instance": instance,
    }
    return JSONResponse(
        body, status_code=status, headers=headers, media_type="application/problem+json"
    )


def storage_error(status: int, code: str, message: str, resource: str) -> Response:
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f"<Error><Code>{escape(code)}</Code><Message>{escape(message)}</Message>"
        f"<Resource>{escape(resource)}</Resource></Error>"
    )
    return Response(xml, status_code=status, media_type="application/xml")
