"""A case's files: scans (arches, bite, previews), the order form and miscellaneous attachments.

Each file is listed in the case JSON (``scanFiles``, ``orderForm``, ``miscellaneousFiles``) and
kept as a ``StoredFile`` with the recipe that generates it. File names follow each portal's
habits; some hold spaces, ``#``, ``%``, ``?`` and non-ASCII letters, and one deterministic case
(see ``HOSTILE_NAMES_INDEX``) forwards attachments whose names carry folder paths and ``..``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal

from scaninbox.sandbox.arch_mesh import ArchRecipe, PrepFault
from scaninbox.sandbox.attachments import AttachmentStyle
from scaninbox.sandbox.file_specs import (
    ArchFile,
    AttachmentFile,
    BiteFile,
    FileRecipe,
    MeshFormat,
    PreviewPicture,
)
from scaninbox.sandbox.portals import Portal
from scaninbox.sandbox.work_plans import JAWS, JawName, WorkPlan

__all__ = [
    "HOSTILE_NAMES",
    "FileKind",
    "StoredFile",
    "arch_recipes",
    "misc_files",
    "scan_entry",
    "scan_files",
]

FileKind = Literal["scan", "order-form", "misc"]
PREVIEW_SPACING_MM = 0.75

# Attachment names of the hostile case: folder paths, "..", a literal "%20", "?" and "#".
HOSTILE_NAMES: tuple[tuple[AttachmentStyle, str], ...] = (
    ("xray_opg", "../../etc/Röntgen/OPG 2026.png"),
    ("photo", "C:\\Users\\Praxis\\Desktop\\Foto frontal ñ.jpg"),
    ("photo", "scans/../../../smile.jpg"),
    ("shade", "shade #A2 100%.jpg"),
    ("xray_periapical", "what?.png"),
    ("implant_report", "Implant report%20final.pdf"),
)
_MISC_POOL: tuple[tuple[AttachmentStyle, str], ...] = (
    ("photo", "Foto frontal ñ.jpg"),
    ("photo", "smile photo 1.jpg"),
    ("photo", "Lächeln vorher.jpg"),
    ("photo", "Zdjęcie uśmiechu.jpg"),
    ("shade", "shade #A2 100%.jpg"),
    ("shade", "Farbnahme 11 – A3.jpg"),
    ("xray_opg", "Röntgen OPG 2026.png"),
    ("xray_periapical", "x-ray 36 periapical.png"),
    ("xray_periapical", "what?.png"),
    ("xray_periapical", "Ακτινογραφία 46.png"),
)


@dataclass(frozen=True, slots=True)
class StoredFile:
    kind: FileKind
    filename: str
    file_type: str | None  # scan files: stl, ply, preview (None when the portal sent none)
    recipe: FileRecipe


def arch_recipes(
    rng: random.Random,
    seed: int,
    plan: WorkPlan,
    *,
    defects: bool = False,
    open_side: Literal["left", "right"] | None = None,
    prep_fault: PrepFault | None = None,
) -> dict[JawName, ArchRecipe]:
    """Each jaw's arch; ``defects`` gives the upper one a hole and a floating fragment;
    ``open_side`` sinks the lower one away from the upper on that side (a bite open there);
    ``prep_fault`` is built into the prepared teeth of each jaw that has some."""
    recipes = {}
    for jaw in JAWS:
        work = plan.jaws[jaw]
        recipes[jaw] = ArchRecipe(
            jaw=jaw,
            seed=seed,
            missing=tuple(sorted(work.missing)),
            treatments=tuple(sorted(work.treatments.items())),
            third_molars=(rng.random() < 0.4, rng.random() < 0.4),
            crowding=work.crowding,
            edentulous=work.edentulous,
            defects=defects and jaw == "upper" and not work.edentulous,
            open_side=open_side if jaw == "lower" else None,
            prep_fault=prep_fault if work.treatments else None,
        )
    return recipes


_NAME_STYLES: dict[int, tuple[str, str, str, str]] = {
    # (arch, arch before preparation, bite, preview)
    1: ("{e}_{J}Jaw.{x}", "{e}_{J}Jaw_PrePrep.{x}", "{e}_Bite_1.{x}", "{e}_{J}Jaw_preview.{p}"),
    2: ("{e}_{u}.{x}", "{e}_{u}_preprep.{x}", "{e}_bite.{x}", "{e}_{u}_lowres.{p}"),
    3: (
        "{J} jaw scan.{x}",
        "{J} jaw scan (before preparation).{x}",
        "Bite scan 1.{x}",
        "{J} jaw scan (preview).{p}",
    ),
    4: (
        "{G} Scan – {e}.{x}",
        "{G} Situation vor Präparation.{x}",
        "Bukkalregistrat rechts.{x}",
        "{G} Vorschau.{p}",
    ),
    5: ("{U}_{e}.{x}", "{U}_PREOP_{e}.{x}", "BITE_{e}.{x}", "{U}_{e}_preview.{p}"),
    6: ("{j} jaw #1.{x}", "{j} jaw #0 pre-op.{x}", "bite #1.{x}", "{j} jaw #1 preview.{p}"),
}


def _name(portal: Portal, role: int, external_id: str, jaw: str = "upper") -> str:
    return _NAME_STYLES[portal.id][role].format(
        e=external_id,
        x=portal.mesh_format,
        p=portal.preview,
        j=jaw,
        J=jaw.capitalize(),
        u=jaw[0],
        U=jaw.upper(),
        G="Oberkiefer" if jaw == "upper" else "Unterkiefer",
    )


def scan_files(
    plan: WorkPlan,
    recipes: dict[JawName, ArchRecipe],
    portal: Portal,
    external_id: str,
    *,
    pre_jaw_hint: JawName,
) -> list[StoredFile]:
    """The scans of a case, in the order a portal lists them."""
    fmt, colored, mapping = portal.mesh_format, portal.colored, portal.axis_mapping
    files = [
        StoredFile(
            "scan",
            _name(portal, 0, external_id, jaw),
            fmt,
            ArchFile(recipes[jaw], portal.spacing_mm, fmt, colored, mapping, jaw),
        )
        for jaw in JAWS
    ]
    if plan.pre_preparation_scan:
        other: JawName = "lower" if pre_jaw_hint == "upper" else "upper"
        worked = pre_jaw_hint if plan.jaws[pre_jaw_hint].treatments else other
        prepared = recipes[worked]
        # The same mouth before the preparation: same gaps, natural teeth where the stumps are.
        natural = ArchRecipe(
            jaw=prepared.jaw,
            seed=prepared.seed,
            missing=prepared.missing,
            third_molars=prepared.third_molars,
        )
        files.append(
            StoredFile(
                "scan",
                _name(portal, 1, external_id, worked),
                fmt,
                ArchFile(natural, portal.spacing_mm, fmt, colored, mapping, f"{worked} pre-op"),
            )
        )
    if plan.bite_scan:
        bite = BiteFile(recipes["upper"], recipes["lower"], 0.2, fmt, colored, mapping)
        files.append(StoredFile("scan", _name(portal, 2, external_id), fmt, bite))
    preview_format: MeshFormat = "stl" if portal.preview == "stl" else "ply"
    for jaw in JAWS:
        recipe: FileRecipe
        if portal.preview == "png":
            recipe = PreviewPicture(recipes[jaw])
        else:
            recipe = ArchFile(
                recipes[jaw], PREVIEW_SPACING_MM, preview_format, colored, mapping, f"{jaw} preview"
            )
        files.append(StoredFile("scan", _name(portal, 3, external_id, jaw), "preview", recipe))
    return files


def scan_entry(
    stored: StoredFile, plan: WorkPlan, *, variant: bool, link_prefix: str
) -> dict[str, Any]:
    """The ``UnifiedScanFile`` JSON of one stored scan."""
    recipe = stored.recipe
    if isinstance(recipe, BiteFile):
        jaw, scan_type = ("bite" if variant else "none"), "biteScan"
    else:
        if not isinstance(recipe, ArchFile | PreviewPicture):
            raise TypeError(f"{stored.filename!r} is not a scan")
        arch = recipe.recipe
        jaw = arch.jaw
        if isinstance(recipe, ArchFile) and not arch.treatments and plan.jaws[jaw].treatments:
            scan_type = "prePreparationScan"  # the worked jaw before the dentist prepared it
        else:
            scan_type = plan.jaws[jaw].scan_type
    return {
        "type": scan_type,
        "filename": stored.filename,
        "fileLink": f"{link_prefix}/scans/{stored.filename}",
        "jaw": jaw,
        "fileType": stored.file_type,
    }


def misc_files(
    rng: random.Random, *, hostile: bool, implant_system: str | None, shade: str | None
) -> list[StoredFile]:
    if hostile:
        chosen = list(HOSTILE_NAMES)
    else:
        count = rng.choice((0, 0, 1, 1, 2, 2, 3, 4))
        chosen = rng.sample(_MISC_POOL, k=count)
        if implant_system is not None and rng.random() < 0.6:
            chosen.append(("implant_report", "Implantat-Bericht.pdf"))
    files = []
    for style, name in chosen:
        caption = (implant_system or "") if style == "implant_report" else (shade or "A2")
        files.append(
            StoredFile("misc", name, None, AttachmentFile(style, rng.randint(0, 2**31), caption))
        )
    return files
