"""Miscellaneous attachments: intra-oral photos, shade photos (JPEG), X-ray-like images (PNG)
and implant reports (PDF), drawn procedurally with Pillow, numpy and fpdf2 from a seed.
"""

from __future__ import annotations

import io
import random
from datetime import UTC, datetime
from typing import Literal

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

__all__ = ["AttachmentStyle", "attachment_bytes", "attachment_media_type"]

AttachmentStyle = Literal["photo", "shade", "xray_opg", "xray_periapical", "implant_report"]


def attachment_media_type(style: AttachmentStyle) -> str:
    if style in ("photo", "shade"):
        return "image/jpeg"
    if style == "implant_report":
        return "application/pdf"
    return "image/png"


def attachment_bytes(style: AttachmentStyle, seed: int, caption: str) -> bytes:
    rng = random.Random(seed)
    if style == "photo":
        return _jpeg(_smile(rng, shade_tab=None))
    if style == "shade":
        return _jpeg(_smile(rng, shade_tab=caption or "A2"))
    if style == "implant_report":
        return _implant_report(rng, caption)
    return _xray(rng, panoramic=style == "xray_opg")


def _jpeg(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=82)
    return buffer.getvalue()


def _smile(rng: random.Random, *, shade_tab: str | None) -> Image.Image:
    """A frontal intra-oral photo: lips, gingiva and a row of upper and lower front teeth."""
    width, height = 1024, 683
    image = Image.new("RGB", (width, height), (92, 28, 34))
    draw = ImageDraw.Draw(image)
    draw.ellipse((40, 60, width - 40, height - 60), fill=(150, 52, 60))  # lips
    draw.ellipse((120, 150, width - 120, height - 150), fill=(48, 14, 18))  # mouth
    draw.rounded_rectangle((150, 180, width - 150, 300), 60, fill=(205, 110, 118))  # gingiva
    draw.rounded_rectangle((170, 390, width - 170, 500), 60, fill=(200, 104, 112))
    widths = [52, 60, 70, 88, 88, 70, 60, 52]
    x = width / 2 - sum(widths) / 2
    for w in widths:
        tint = rng.randint(-12, 8)
        color = (236 + tint // 2, 226 + tint, 200 + tint)
        draw.rounded_rectangle((x + 2, 250, x + w - 2, 345 + rng.randint(0, 12)), 14, fill=color)
        x += w
    x = width / 2 - 4 * 46
    for _ in range(8):
        draw.rounded_rectangle((x + 2, 352, x + 44, 430), 10, fill=(228, 218, 194))
        x += 46
    if shade_tab is not None:
        draw.rounded_rectangle((width / 2 - 150, 40, width / 2 - 80, 160), 8, fill=(232, 222, 196))
        draw.rectangle((width / 2 - 130, 5, width / 2 - 100, 45), fill=(40, 40, 40))
        draw.text((width / 2 - 142, 120), shade_tab[:6], fill=(20, 20, 20))
    image = image.filter(ImageFilter.GaussianBlur(1.6))
    noise = np.random.default_rng(rng.randint(0, 2**31)).normal(0, 4, (height, width, 3))
    pixels = np.clip(np.asarray(image, dtype=np.float64) + noise, 0, 255).astype(np.uint8)
    return Image.fromarray(pixels, mode="RGB")


def _xray(rng: random.Random, *, panoramic: bool) -> bytes:
    """A grayscale radiograph look-alike: bright crowns and roots on a dark, noisy field."""
    width, height = (1400, 700) if panoramic else (600, 800)
    image = Image.new("L", (width, height), 28)
    draw = ImageDraw.Draw(image)
    count = 14 if panoramic else 3
    tooth_w = (width - 120) / count
    for row in (0, 1) if panoramic else (0,):
        for i in range(count):
            x0 = 60 + i * tooth_w + tooth_w * 0.12
            x1 = x0 + tooth_w * 0.76
            mid = height / 2
            if row == 0:
                draw.rounded_rectangle((x0, mid - 140, x1, mid - 10), 18, fill=200)
                draw.polygon(
                    (
                        (x0 + 8, mid - 130),
                        (x1 - 8, mid - 130),
                        ((x0 + x1) / 2, mid - 300 - rng.randint(0, 40)),
                    ),
                    fill=150,
                )
            else:
                draw.rounded_rectangle((x0, mid + 10, x1, mid + 140), 18, fill=196)
                draw.polygon(
                    (
                        (x0 + 8, mid + 130),
                        (x1 - 8, mid + 130),
                        ((x0 + x1) / 2, mid + 300 + rng.randint(0, 40)),
                    ),
                    fill=146,
                )
            if rng.random() < 0.12:  # a filling or an implant shows very bright
                draw.rectangle(
                    (
                        x0 + 14,
                        mid - 90 if row == 0 else mid + 40,
                        x1 - 14,
                        mid - 40 if row == 0 else mid + 90,
                    ),
                    fill=250,
                )
    image = image.filter(ImageFilter.GaussianBlur(3.0))
    field = np.asarray(image, dtype=np.float64)
    yy, xx = np.mgrid[0:height, 0:width]
    vignette = 1.0 - 0.45 * (((xx - width / 2) / width) ** 2 + ((yy - height / 2) / height) ** 2)
    noise = np.random.default_rng(rng.randint(0, 2**31)).normal(0, 7, field.shape)
    pixels = np.clip(field * vignette + noise, 0, 255).astype(np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(pixels, mode="L").save(buffer, format="PNG")
    return buffer.getvalue()


def _implant_report(rng: random.Random, caption: str) -> bytes:
    # fpdf2 here, not at the top: the sandbox listens sooner (the app's demo waits for it).
    from fpdf.enums import XPos, YPos

    from scaninbox.sandbox.order_form import pdf_with_font, printable, set_body_font

    pdf = pdf_with_font(datetime(2026, 1, 1, tzinfo=UTC))
    pdf.add_page()
    set_body_font(pdf, "B", 15)
    pdf.cell(0, 10, printable(pdf, "Implant placement report"), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    set_body_font(pdf, "", 10)
    rows = (
        ("Implant system", caption or "Straumann BLT RC"),
        (
            "Diameter / length",
            f"{rng.choice(('3.3', '4.1', '4.8'))} mm / {rng.choice(('8', '10', '12'))} mm",
        ),
        ("Insertion torque", f"{rng.randint(25, 45)} Ncm"),
        ("Healing abutment", rng.choice(("Ø4.5 × 3 mm", "Ø5.0 × 4 mm"))),
        ("Bone quality", rng.choice(("D1", "D2", "D3"))),
        ("Loading", rng.choice(("Delayed, 12 weeks", "Early, 6 weeks"))),
    )
    with pdf.table(col_widths=(50, 100)) as table:
        for label, value in rows:
            table.row([printable(pdf, label), printable(pdf, value)])
    pdf.set_fill_color(170, 170, 180)
    for k in range(8):  # the implant's thread, drawn as stacked trapezoids
        y = 120 + k * 6
        pdf.polygon([(95, y), (115, y), (113, y + 5), (97, y + 5)], style="DF")
    return bytes(pdf.output())
