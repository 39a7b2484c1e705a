"""A finding's message in the person's language, for the window and the reports.

A finding's ``message`` is written in English when QC runs and stays English: it is part of the
JSON (``scaninbox qc --json``, the kept results, the lab hub's copy), which never changes with
the language. What a person reads is worded here when it is shown, from the finding's kind and
its figures — so a result kept in English reads in German on a German desk, and the other way
round. In English the kept message is shown as it is.

A finding whose figures do not carry what its sentence needs (a result kept by an older
version) reads as its kind's title with the English message in brackets, never as nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from scaninbox import language
from scaninbox.domain import format_date, jaw_label
from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qc.figures import shown_mm, shown_number
from scaninbox.qc.findings import Finding, Severity, kind_title
from scaninbox.qc.thresholds import material_word

__all__ = ["finding_message", "side_word"]

_DAYS_PASSED = re.compile(r"passed (\d+) day")


def finding_message(finding: Finding) -> str:
    """What ``finding`` says, in the person's language (English: its kept message)."""
    if language.current().code == "en":
        return finding.message
    words = _WORDS.get(finding.kind)
    try:
        text = words(finding) if words is not None else None
    except (KeyError, TypeError, ValueError):
        text = None
    if text is None:
        return translate("FindingText", "{title} ({message})").format(
            title=kind_title(finding.kind), message=finding.message
        )
    return text


def side_word(side: object) -> str:
    """The patient's ``left`` / ``right`` as a word of the person's language."""
    if side == "left":
        return translate("FindingText", "left", "the patient's side")
    if side == "right":
        return translate("FindingText", "right", "the patient's side")
    return str(side)


def _mm(f: Finding, name: str) -> str:
    value = f.figures[name]
    if not isinstance(value, int | float):
        raise TypeError(name)
    return shown_mm(float(value))


def _area(f: Finding, digits: int = 1) -> str:
    return shown_number(f.number("area_mm2"), digits)


def _jaw(value: object) -> str:
    return jaw_label(str(value))


def _unreadable(f: Finding) -> str:
    if "has no triangle" in f.message:
        return translate("FindingText", "The scan {file} has no triangles.").format(
            file=_quoted_file(f.message)
        )
    return translate("FindingText", "The scan cannot be read: {reason}").format(reason=f.message)


def _quoted_file(message: str) -> str:
    match = re.search(r"'([^']*)'|\"([^\"]*)\"", message)
    return repr(match[1] or match[2]) if match else ""


def _hole(f: Finding) -> str:
    perimeter = f.number("perimeter_mm")
    return translate(
        "FindingText", "Hole of {perimeter} perimeter (about {across} across)."
    ).format(perimeter=shown_mm(perimeter), across=shown_mm(perimeter / 3.14159, 1))


def _fragment(f: Finding) -> str:
    if f.message.startswith("Separate part"):
        return translate(
            "FindingText", "Separate part of the bite registration ({area} mm²)."
        ).format(area=_area(f, 0))
    return translate(
        "FindingText",
        "Floating fragment of %n triangle(s) ({area} mm²), not connected to the arch.",
        None,
        int(f.number("triangles")),
    ).format(area=_area(f, 2))


def _non_manifold(f: Finding) -> str:
    return translate(
        "FindingText",
        "%n non-manifold edge(s) (shared by more than two triangles) in {places} place(s).",
        None,
        int(f.number("edges")),
    ).format(places=int(f.number("places")))


def _degenerate(f: Finding) -> str:
    return translate(
        "FindingText", "%n degenerate triangle(s) (no area).", None, int(f.number("triangles"))
    )


def _duplicates(f: Finding) -> str:
    return translate(
        "FindingText",
        "%n duplicate triangle(s) (the same three points twice).",
        None,
        int(f.number("triangles")),
    )


def _bite_through(f: Finding) -> str:
    return translate(
        "FindingText", "The {jaw} lies up to {depth} inside the {against} over {area} mm²."
    ).format(
        jaw=_jaw(f.figures["jaw"]),
        against=_jaw(f.figures["against"]),
        depth=_mm(f, "depth_mm"),
        area=_area(f),
    )


def _clearance(f: Finding) -> str:
    if f.severity is Severity.INFO:
        return translate("FindingText", "Smallest distance between the arches: {gap}.").format(
            gap=_mm(f, "min_mm")
        )
    return translate(
        "FindingText",
        "Smallest distance between the arches: {gap} — the arches are not in occlusion.",
    ).format(gap=_mm(f, "min_mm"))


def _jaw_swapped(f: Finding) -> str:
    if f.figures.get("palate_on_lower") is True:
        return translate(
            "FindingText",
            "The upper and lower scans look swapped: the scan filed as lower has a palate. "
            "File each scan under its jaw.",
        )
    return translate(
        "FindingText",
        "The upper and lower scans look swapped: the scan filed as upper is {narrower} narrower "
        "at the back and its incisors lie {behind} behind the other's. File each scan under "
        "its jaw.",
    ).format(narrower=_mm(f, "width_difference_mm"), behind=shown_mm(-f.number("overjet_mm")))


def _one_sided(f: Finding) -> str:
    return translate(
        "FindingText",
        "The arches touch only on the patient's {side}; on the {open_side} the back teeth stay "
        "at least {gap} apart — a bite taken open on one side.",
    ).format(
        side=side_word(f.figures["side"]),
        open_side=side_word(f.figures["open_side"]),
        gap=_mm(f, "gap_mm"),
    )


def _room(f: Finding) -> str:
    least = f.number("min_mm")
    material = material_word(str(f.figures["material"]))
    cusps = str(f.figures.get("cusps", "all"))  # kept before issue 24: the whole tooth
    sentences = _ROOM_SENTENCES.get(cusps, _ROOM_SENTENCES["all"])
    sentence = translate("FindingText", sentences[0] if least >= 0 else sentences[1])
    room = shown_mm(least if least >= 0 else -least)
    return sentence.format(
        tooth=f.figures["tooth"], room=room, material=material, needed=_mm(f, "needed_mm")
    )


# By the cusps a figure was held to (`qc.room`): (room left, bite-through).
_ROOM_SENTENCES = {
    "all": (
        QT_TRANSLATE_NOOP(
            "FindingText",
            "Tooth {tooth}: {room} of room for {material}, which needs {needed} (the tooth is "
            "located by estimate along the arch).",
        ),
        QT_TRANSLATE_NOOP(
            "FindingText",
            "Tooth {tooth}: no room ({room} bite-through) for {material}, which needs {needed} "
            "(the tooth is located by estimate along the arch).",
        ),
    ),
    "functional": (
        QT_TRANSLATE_NOOP(
            "FindingText",
            "Tooth {tooth}: {room} of room over the functional cusps for {material}, which "
            "needs {needed} there (the tooth is located by estimate along the arch).",
        ),
        QT_TRANSLATE_NOOP(
            "FindingText",
            "Tooth {tooth}: no room ({room} bite-through) over the functional cusps for "
            "{material}, which needs {needed} there (the tooth is located by estimate along the "
            "arch).",
        ),
    ),
    "non-functional": (
        QT_TRANSLATE_NOOP(
            "FindingText",
            "Tooth {tooth}: {room} of room over the non-functional cusps for {material}, which "
            "needs {needed} there (the tooth is located by estimate along the arch).",
        ),
        QT_TRANSLATE_NOOP(
            "FindingText",
            "Tooth {tooth}: no room ({room} bite-through) over the non-functional cusps for "
            "{material}, which needs {needed} there (the tooth is located by estimate along the "
            "arch).",
        ),
    ),
}


def _undercut(f: Finding) -> str:
    return translate(
        "FindingText",
        "Tooth {tooth}: an undercut {depth} deep over {area} mm² on the best path of insertion "
        "(tooth located by estimate along the arch).",
    ).format(tooth=f.figures["tooth"], depth=_mm(f, "depth_mm"), area=_area(f))


def _divergence(f: Finding) -> str:
    return translate(
        "FindingText",
        "The bridge's abutments {teeth} diverge by {angle}°: no single path seats the bridge "
        "without an undercut ({depth} deep on the best common path; teeth located by estimate "
        "along the arch).",
    ).format(
        teeth=f.figures["teeth"],
        angle=shown_number(f.number("angle_deg"), 1),
        depth=_mm(f, "depth_mm"),
    )


def _estimated_margin(f: Finding) -> str:
    """How an estimated margin was found and how sure it is (`qc.margins._sureness`)."""
    confidence = f.number("confidence")
    share = translate("FindingText", "a clear finish line along {percent} of the way round").format(
        percent=shown_number(100 * confidence, 0) + " %"
    )
    if f.severity is Severity.WARN:  # `qc.margins`: an estimate short of a clear line
        sureness = translate(
            "FindingText",
            "{share}: the margin is unclear — the tooth may be unprepared, or the finish line "
            "covered by gingiva, blood or saliva",
        ).format(share=share)
    elif not f.figures.get("closed", True):
        sureness = translate("FindingText", "{share}, with gaps: check them by eye").format(
            share=share
        )
    else:
        sureness = share
    return translate(
        "FindingText",
        "estimated from the shape (no pre-preparation scan): the sharpest convex crease followed "
        "round the tooth's neck; confidence {confidence} ({sureness})",
    ).format(confidence=shown_number(confidence, 2), sureness=sureness)


def _margin(f: Finding) -> str:
    tooth = f.figures.get("tooth")
    length = _mm(f, "length_mm")
    estimated = f.figures.get("method") == "estimated from the shape"
    if estimated:
        how = _estimated_margin(f)
    else:
        how = translate(
            "FindingText",
            "the edge of the prepared zone (0.2 mm or more removed since the pre-preparation scan)",
        )
    if tooth:
        return translate(
            "FindingText", "The margin of tooth {tooth}: {how}; {length} long."
        ).format(tooth=tooth, how=how, length=length)
    return translate("FindingText", "The margin of a prepared tooth: {how}; {length} long.").format(
        how=how, length=length
    )


def _coverage(f: Finding) -> str:
    teeth, jaw = f.figures.get("teeth"), f.figures.get("jaw")
    if teeth and jaw:
        return translate(
            "FindingText", "Teeth {teeth} need a scan of the {jaw}; the case has none."
        ).format(teeth=teeth, jaw=_jaw(jaw))
    if jaw:
        return translate(
            "FindingText", "The work is for the {jaw}; the case has no scan of it."
        ).format(jaw=_jaw(jaw))
    if teeth:
        return translate(
            "FindingText",
            "Fixed work on {teeth} needs a bite scan or the arches in occlusion; the case has "
            "neither.",
        ).format(teeth=teeth)
    return translate("FindingText", "The case has no scans.")


def _antagonist(f: Finding) -> str:
    teeth, jaw = f.figures.get("teeth"), str(f.figures["jaw"])
    if teeth:
        return translate(
            "FindingText",
            "The work on {teeth} needs the antagonist: the case has no scan of the {jaw}.",
        ).format(teeth=teeth, jaw=_jaw(jaw))
    return translate(
        "FindingText", "The work needs the antagonist: the case has no scan of the {jaw}."
    ).format(jaw=_jaw(jaw))


def _delivery(f: Finding) -> str:
    match = _DAYS_PASSED.search(f.message)
    if match is None:
        raise ValueError("no days")
    day = format_date(date.fromisoformat(str(f.figures["delivery_date"])))
    return translate(
        "FindingText", "The delivery date {date} passed %n day(s) ago.", None, int(match[1])
    ).format(date=day)


_SAME_PATIENT = re.compile(r": the same patient \((.*), born (.*)\)\.$")
_SAME_CASE = re.compile(r": the same (.*) case (.*)\.$")


def _day_or_text(text: str) -> str:
    try:
        return format_date(date.fromisoformat(text))
    except ValueError:
        return text


def _duplicate(f: Finding) -> str:
    case = f.figures["case"]
    patient = _SAME_PATIENT.search(f.message)
    if patient is not None:
        return translate(
            "FindingText",
            "Possible duplicate of case {case}: the same patient ({name}, born {born}).",
        ).format(case=case, name=patient[1], born=_day_or_text(patient[2]))
    same = _SAME_CASE.search(f.message)
    if same is None:
        raise ValueError("no reason")
    return translate(
        "FindingText", "Possible duplicate of case {case}: the same {portal} case {external_id}."
    ).format(case=case, portal=same[1], external_id=same[2])


_WORDS: dict[str, Callable[[Finding], str]] = {
    "unreadable": _unreadable,
    "hole": _hole,
    "fragment": _fragment,
    "non_manifold": _non_manifold,
    "degenerate": _degenerate,
    "duplicate_triangles": _duplicates,
    "bite_through": _bite_through,
    "clearance": _clearance,
    "jaw_swapped": _jaw_swapped,
    "one_sided_contact": _one_sided,
    "insufficient_room": _room,
    "undercut": _undercut,
    "abutment_divergence": _divergence,
    "margin": _margin,
    "coverage": _coverage,
    "missing_antagonist": _antagonist,
    "order_form": lambda f: translate(
        "FindingText", "The case has no order form (prescription PDF)."
    ),
    "patient": lambda f: translate(
        "FindingText",
        "The patient cannot be identified: no name, external id or reference number.",
    ),
    "delivery_date": _delivery,
    "work": lambda f: translate("FindingText", "No work is ordered (no worktypes)."),
    "contact_required": lambda f: translate(
        "FindingText", "The clinic asks to be contacted about this case."
    ),
    "duplicate_case": _duplicate,
}
