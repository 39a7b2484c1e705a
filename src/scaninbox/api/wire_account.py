"""Wire models of signing in, errors, the account, its organisations and portals, and signed
file links (interface v1). See `scaninbox.api.wire` for the tolerance rules."""

from __future__ import annotations

from pydantic import AliasChoices, Field, StrictStr

from scaninbox.api.wire_base import DateTimeWire, Int32, Scalar, WireModel

__all__ = [
    "ConfiguredPortal",
    "IosPortal",
    "LoginResponse",
    "MeResponse",
    "Organization",
    "ProblemDetails",
    "SignedFileLink",
]


# --------------------------------------------------------------------------- authentication


class LoginResponse(WireModel):
    token: StrictStr
    expires_at: DateTimeWire

    def __repr__(self) -> str:  # the token never reaches a log or a traceback
        return f"LoginResponse(token=<redacted>, expires_at={self.expires_at!r})"

    __str__ = __repr__


class ProblemDetails(WireModel):
    """RFC 7807 problem details; every member optional and nullable."""

    type: StrictStr | None = None
    title: StrictStr | None = None
    status: Int32 | None = None
    detail: StrictStr | None = None
    instance: StrictStr | None = None


# --------------------------------------------------------------------------- account and portals


class Organization(WireModel):
    guid: StrictStr | None
    name: StrictStr
    shortname: StrictStr | None
    culture_info: StrictStr | None
    type: StrictStr
    parent_guid: StrictStr | None
    cluster: Int32 | None


class ConfiguredPortal(WireModel):
    id: Int32
    display_name: StrictStr | None
    username: StrictStr | None
    last_fetch: DateTimeWire | None
    portal_name: StrictStr | None
    # Named by the portal-listing prose but not typed beyond "scalar"; the variant omits them.
    guid: Scalar = None
    organization_guid: Scalar = None
    ios_portal_id: Scalar = None
    region: Scalar = None


class MeResponse(WireModel):
    email: StrictStr
    name: StrictStr | None
    role: StrictStr | None
    organizations: list[Organization]
    portals: list[ConfiguredPortal]


class IosPortal(WireModel):
    id: Int32
    name: StrictStr | None
    class_name: StrictStr | None
    url: StrictStr | None
    axis_mapping: StrictStr | None = Field(
        default=None,
        validation_alias=AliasChoices("axisMapping", "axisMaping", "axis_mapping"),
        serialization_alias="axisMapping",
    )
    quantization_bits: Int32 | None


# --------------------------------------------------------------------------- files


class SignedFileLink(WireModel):
    """A pre-authenticated storage URL. ``file_type`` is present for scan files only."""

    url: StrictStr
    filename: StrictStr | None = None
    file_type: StrictStr | None = None
    expires_at: DateTimeWire

    def __repr__(self) -> str:  # the signature in the URL is a credential for 15 minutes
        return f"SignedFileLink(filename={self.filename!r}, expires_at={self.expires_at!r})"

    __str__ = __repr__
