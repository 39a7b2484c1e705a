"""Reading an answer of the service without trusting what it says about its own size.

The body streams in and is counted after decompression (httpx decodes gzip, deflate and brotli
itself), so an answer larger than ``NetworkLimits.max_answer_bytes`` — announced or not, endless
or a small compressed bomb — stops being read at the limit instead of being buffered whole.
"""

from __future__ import annotations

import httpx

from scaninbox.api.errors import ProtocolError
from scaninbox.api.limits import MIB, NetworkLimits
from scaninbox.language import translate

__all__ = ["inflated_too_much", "read_bounded", "size_text"]

_BODY_HEADERS = ("content-encoding", "content-length", "transfer-encoding")


async def read_bounded(
    response: httpx.Response, limits: NetworkLimits, what: str
) -> httpx.Response:
    """``response`` (sent with ``stream=True``) with its body read and decoded, as a new response.

    ProtocolError when the body is larger than the limit or inflates like a decompression bomb;
    the caller closes ``response`` either way.
    """
    limit = limits.max_answer_bytes
    encoded = response.headers.get("content-encoding", "identity").lower() not in ("", "identity")
    declared = response.headers.get("content-length", "").strip()
    if not encoded and declared.isdigit() and int(declared) > limit:
        raise _too_large(what, limit)
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > limit:
                raise _too_large(what, limit)
            if inflated_too_much(size, response.num_bytes_downloaded, limits):
                raise ProtocolError(
                    translate(
                        "ApiError",
                        "The service's answer to {what} grows more than {times} times when "
                        "decompressed; it was refused as a possible decompression bomb",
                    ).format(what=what, times=limits.max_inflation)
                )
            chunks.append(chunk)
    except httpx.DecodingError:  # not a transport failure: the same bytes would come again
        raise ProtocolError(
            translate(
                "ApiError",
                "The service's answer to {what} is compressed ({encoding}) but cannot be "
                "decompressed",
            ).format(what=what, encoding=_encoding(response))
        ) from None
    # The body is decoded now: the new response must not announce an encoding or another length.
    headers = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in _BODY_HEADERS]
    return httpx.Response(
        response.status_code, headers=headers, content=b"".join(chunks), request=response.request
    )


def inflated_too_much(decoded: int, raw: int, limits: NetworkLimits) -> bool:
    """True when ``decoded`` bytes came from so few ``raw`` ones that it looks like a bomb."""
    return decoded > limits.inflation_free_bytes and decoded > limits.max_inflation * max(raw, 1)


def _encoding(response: httpx.Response) -> str:
    return str(response.headers.get("content-encoding", "unknown"))[:40]


def size_text(size_bytes: float) -> str:
    return f"{size_bytes / MIB:.0f} MB" if size_bytes >= MIB else f"{size_bytes / 1024:.0f} KB"


def _too_large(what: str, limit: int) -> ProtocolError:
    return ProtocolError(
        translate(
            "ApiError", "The service's answer to {what} is larger than {size}; it was not read"
        ).format(what=what, size=size_text(limit))
    )
