"""Words the rest of the program agrees on: jaws, statuses, file kinds, worktype categories.

Wire values stay strings (the service may add values; we must not fail on them); these helpers
map them to the few things the program reasons about, and to labels a technician reads.

Labels are for display only: the wire value is what is stored, compared and sent; its label
(:func:`status_label`, :func:`category_label`, :func:`vocabulary_label`) is translated where it
is shown. The English label of an identifier is its words (``LithiumDisilicate`` → "Lithium
disilicate"); the trade's identifiers are listed below so that the translators see them.
"""

from __future__ import annotations

import functools
import re
from enum import StrEnum

from scaninbox.language import QT_TRANSLATE_NOOP, translate

__all__ = [
    "CATEGORIES",
    "CLOSED_STATUSES",
    "OPEN_STATUSES",
    "STATUS_LABELS",
    "FileKind",
    "Jaw",
    "category_label",
    "humanize_identifier",
    "jaw_label",
    "scan_jaw",
    "status_label",
    "vocabulary_label",
]


class Jaw(StrEnum):
    UPPER = "upper"
    LOWER = "lower"
    BITE = "bite"
    NONE = "none"


class FileKind(StrEnum):
    """The three kinds of file a case has, each with its own signed-URL endpoint."""

    SCAN = "scan"
    ORDER_FORM = "order-form"
    MISC = "misc"


# Documented states: new, accepted; the variant adds the rest.
# The labels in English; shown through `status_label` (translated).
STATUS_LABELS: dict[str, str] = {
    "new": QT_TRANSLATE_NOOP("Vocabulary", "New"),
    "accepted": QT_TRANSLATE_NOOP("Vocabulary", "Accepted"),
    "rejected": QT_TRANSLATE_NOOP("Vocabulary", "Rejected"),
    "in_production": QT_TRANSLATE_NOOP("Vocabulary", "In production"),
    "complete": QT_TRANSLATE_NOOP("Vocabulary", "Complete"),
    "cancelled": QT_TRANSLATE_NOOP("Vocabulary", "Cancelled"),
}

# Work still to deliver: a delivery date means something. Every status above is in one of the two.
OPEN_STATUSES = frozenset({"new", "accepted", "in_production"})
# Finished or refused work: its delivery date no longer asks for anything.
CLOSED_STATUSES = frozenset({"rejected", "complete", "cancelled"})

# The wire's category identifiers (compared as they are; shown through `category_label`).
CATEGORIES = ("Fixed", "Removable", "Appliance", "Orthodontics")

# The trade's words the service sends (categories, restorations and their details, materials,
# settings, scan types), as `humanize_identifier` words them in English: marked here for the
# translators, translated by `vocabulary_label` where shown. An identifier not listed reads
# as its English words in every language (the service may add values).
TRADE_WORDS = (
    QT_TRANSLATE_NOOP("Vocabulary", "Fixed"),
    QT_TRANSLATE_NOOP("Vocabulary", "Removable"),
    QT_TRANSLATE_NOOP("Vocabulary", "Appliance"),
    QT_TRANSLATE_NOOP("Vocabulary", "Orthodontics"),
    QT_TRANSLATE_NOOP("Vocabulary", "Crown"),
    QT_TRANSLATE_NOOP("Vocabulary", "Bridge"),
    QT_TRANSLATE_NOOP("Vocabulary", "Inlay"),
    QT_TRANSLATE_NOOP("Vocabulary", "Onlay"),
    QT_TRANSLATE_NOOP("Vocabulary", "Veneer"),
    QT_TRANSLATE_NOOP("Vocabulary", "Partial crown"),
    QT_TRANSLATE_NOOP("Vocabulary", "Pontic"),
    QT_TRANSLATE_NOOP("Vocabulary", "Implant"),
    QT_TRANSLATE_NOOP("Vocabulary", "Abutment"),
    QT_TRANSLATE_NOOP("Vocabulary", "Implant abutment"),
    QT_TRANSLATE_NOOP("Vocabulary", "Implant crown"),
    QT_TRANSLATE_NOOP("Vocabulary", "Implant system"),
    QT_TRANSLATE_NOOP("Vocabulary", "Screw retained"),
    QT_TRANSLATE_NOOP("Vocabulary", "Cemented"),
    QT_TRANSLATE_NOOP("Vocabulary", "Ti base"),
    QT_TRANSLATE_NOOP("Vocabulary", "Scan body"),
    QT_TRANSLATE_NOOP("Vocabulary", "Stock titanium"),
    QT_TRANSLATE_NOOP("Vocabulary", "Model"),
    QT_TRANSLATE_NOOP("Vocabulary", "Splint"),
    QT_TRANSLATE_NOOP("Vocabulary", "Night guard"),
    QT_TRANSLATE_NOOP("Vocabulary", "Sports guard"),
    QT_TRANSLATE_NOOP("Vocabulary", "Retainer"),
    QT_TRANSLATE_NOOP("Vocabulary", "Full denture"),
    QT_TRANSLATE_NOOP("Vocabulary", "Partial denture"),
    QT_TRANSLATE_NOOP("Vocabulary", "Denture tooth"),
    QT_TRANSLATE_NOOP("Vocabulary", "Cast framework"),
    QT_TRANSLATE_NOOP("Vocabulary", "Aligners"),
    QT_TRANSLATE_NOOP("Vocabulary", "Retention"),
    QT_TRANSLATE_NOOP("Vocabulary", "Attachments"),
    QT_TRANSLATE_NOOP("Vocabulary", "Stages"),
    QT_TRANSLATE_NOOP("Vocabulary", "Wire"),
    QT_TRANSLATE_NOOP("Vocabulary", "Bonded"),
    QT_TRANSLATE_NOOP("Vocabulary", "Essix"),
    QT_TRANSLATE_NOOP("Vocabulary", "Zirconia"),
    QT_TRANSLATE_NOOP("Vocabulary", "Lithium disilicate"),
    QT_TRANSLATE_NOOP("Vocabulary", "Porcelain fused to metal"),
    QT_TRANSLATE_NOOP("Vocabulary", "Non precious metal"),
    QT_TRANSLATE_NOOP("Vocabulary", "Precious metal"),
    QT_TRANSLATE_NOOP("Vocabulary", "Gold"),
    QT_TRANSLATE_NOOP("Vocabulary", "Cobalt chrome"),
    QT_TRANSLATE_NOOP("Vocabulary", "Titanium"),
    QT_TRANSLATE_NOOP("Vocabulary", "Steel"),
    QT_TRANSLATE_NOOP("Vocabulary", "Feldspathic"),
    QT_TRANSLATE_NOOP("Vocabulary", "Composite"),
    QT_TRANSLATE_NOOP("Vocabulary", "Acrylic"),
    QT_TRANSLATE_NOOP("Vocabulary", "Nylon"),
    QT_TRANSLATE_NOOP("Vocabulary", "Polycarbonate"),
    QT_TRANSLATE_NOOP("Vocabulary", "Polyurethane"),
    QT_TRANSLATE_NOOP("Vocabulary", "Monolithic"),
    QT_TRANSLATE_NOOP("Vocabulary", "Layered"),
    QT_TRANSLATE_NOOP("Vocabulary", "Flexible"),
    QT_TRANSLATE_NOOP("Vocabulary", "Hard"),
    QT_TRANSLATE_NOOP("Vocabulary", "Dual"),
    QT_TRANSLATE_NOOP("Vocabulary", "Printed"),
    QT_TRANSLATE_NOOP("Vocabulary", "Heat"),
    QT_TRANSLATE_NOOP("Vocabulary", "Thickness"),
    QT_TRANSLATE_NOOP("Vocabulary", "Upper"),
    QT_TRANSLATE_NOOP("Vocabulary", "Lower"),
    QT_TRANSLATE_NOOP("Vocabulary", "Both"),
    QT_TRANSLATE_NOOP("Vocabulary", "Full"),
    QT_TRANSLATE_NOOP("Vocabulary", "Complete"),
    QT_TRANSLATE_NOOP("Vocabulary", "Partial"),
    QT_TRANSLATE_NOOP("Vocabulary", "Custom"),
    QT_TRANSLATE_NOOP("Vocabulary", "Yes"),
    QT_TRANSLATE_NOOP("Vocabulary", "No"),
    QT_TRANSLATE_NOOP("Vocabulary", "Preparation scan"),
    QT_TRANSLATE_NOOP("Vocabulary", "Pre preparation scan"),
    QT_TRANSLATE_NOOP("Vocabulary", "Bite scan"),
    QT_TRANSLATE_NOOP("Vocabulary", "Abutment scan"),
    QT_TRANSLATE_NOOP("Vocabulary", "Denture scan"),
)


def status_label(status: str | None) -> str:
    """A case's status as the person reads it (``in_production`` → "In production")."""
    if not status:
        return "—"
    if status in STATUS_LABELS:
        return translate("Vocabulary", STATUS_LABELS[status])
    return humanize_identifier(status)


def category_label(category: str | None) -> str | None:
    """A worktype category as the person reads it (``Fixed`` → "Fixed", German "Festsitzend")."""
    return vocabulary_label(category) if category and category.strip() else None


def vocabulary_label(identifier: str) -> str:
    """A wire identifier of the trade (restoration, material, category, scan type…) as the
    person reads it, for display only: its English words (acronyms such as PMMA as they are),
    translated when the catalogue knows them (``Zirconia`` → "Zirkon")."""
    # Short all-caps identifiers are acronyms (PMMA, PFM, CAD) and stay as they are.
    words = identifier if identifier.isupper() else humanize_identifier(identifier)
    return translate("Vocabulary", words)


def jaw_label(jaw: Jaw | str) -> str:
    """A jaw as the person reads it: "Upper jaw", "Lower jaw", "Bite", "Other"."""
    value = str(jaw)
    if value == Jaw.UPPER:
        return translate("Vocabulary", "Upper jaw")
    if value == Jaw.LOWER:
        return translate("Vocabulary", "Lower jaw")
    if value == Jaw.BITE:
        return translate("Vocabulary", "Bite")
    return translate("Vocabulary", "Other", "a scan of no jaw")


def scan_jaw(jaw: str | None, scan_type: str | None) -> Jaw:
    """The jaw a scan shows. The guid shape marks a bite scan by its type, the variant by jaw."""
    value = (jaw or "").strip().lower()
    if value in ("upper", "maxilla", "maxillary"):
        return Jaw.UPPER
    if value in ("lower", "mandible", "mandibular"):
        return Jaw.LOWER
    if value == "bite" or (scan_type or "").lower() == "bitescan":
        return Jaw.BITE
    return Jaw.NONE


_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|_")


@functools.lru_cache(maxsize=4096)  # a few hundred identifiers recur across every case
def humanize_identifier(identifier: str) -> str:
    """``PorcelainFusedToMetal`` → ``Porcelain fused to metal``; ``a_b`` → ``A b``.

    Used for labels of PascalCase wire identifiers.
    """
    words = [w for w in _CAMEL_BOUNDARY.split(identifier) if w]
    if not words:
        return identifier
    first, *rest = words
    tail = [w if w.isupper() and len(w) > 1 else w.lower() for w in rest]
    return " ".join([first[:1].upper() + first[1:], *tail])
