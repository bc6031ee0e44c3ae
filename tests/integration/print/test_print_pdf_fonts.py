"""The server PDF sets every name in a font that has its characters: emoji, Greek, Cyrillic, CJK."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest
from PIL import Image

from tests.support.paths import output_folder
from tests.support.printed_pages import pdf_text, to_png

NAMES = ["Bo 🎲", "Ζωή", "Жаня"]
TITLE = "Дача 🏖"


def embedded_fonts(pdf) -> list[tuple[str, bool]]:
    """(font name without its subset tag, embedded?) of every font the PDF uses (pdffonts)."""
    lines = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True).stdout
    fonts = []
    for line in lines.splitlines()[2:]:
        name = line.split()[0].split("+", 1)[-1]
        # columns from the right: emb sub uni object-id generation
        emb = line.split()[-5]
        fonts.append((name, emb == "yes"))
    return fonts


def coloured_pixels(png) -> int:
    """Pixels that are clearly not grey: the sheet is black on white, only colour emoji are coloured."""
    pixels = np.asarray(Image.open(png).convert("RGB"), dtype=np.int16)
    return int(((pixels.max(axis=2) - pixels.min(axis=2)) > 80).sum())


def squeezed(text: str) -> str:
    """The text without its spaces: pdftotext -layout spreads a name's words across the cell."""
    return "".join(text.split())


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
def test_names_with_emoji_greek_and_cyrillic_print_with_embedded_fonts_that_have_them(client, store_game):
    created = store_game(NAMES, turns=[([6, 6, 6, 6, 6], "yahtzee")], title=TITLE)
    response = client.get(f"/g/{created.edit_token}/scoresheet.pdf")
    assert response.status_code == 200
    pdf = output_folder("print") / "names-in-every-script.pdf"
    pdf.write_bytes(response.data)

    fonts = embedded_fonts(pdf)
    assert fonts and all(embedded for _, embedded in fonts), fonts
    assert any("Emoji" in name for name, _ in fonts), fonts  # the emoji came from an emoji font
    text = squeezed(pdf_text(pdf)[0])
    for name in [*NAMES, TITLE]:
        assert squeezed(name) in text  # each character maps back to itself: a real glyph, not an empty box
    # An empty box is drawn in black; the emoji are drawn in colour.
    assert coloured_pixels(to_png(pdf)[0]) > 100


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
def test_a_sheet_without_emoji_embeds_no_emoji_font(client, store_game):
    # The emoji font is a fallback for the characters DejaVu lacks, not the face of the sheet.
    created = store_game(["Ζωή", "Жаня"], turns=[([6, 6, 6, 6, 6], "yahtzee")])
    pdf = output_folder("print") / "names-greek-cyrillic.pdf"
    pdf.write_bytes(client.get(f"/g/{created.edit_token}/scoresheet.pdf").data)
    fonts = embedded_fonts(pdf)
    assert not any("Emoji" in name for name, _ in fonts) and any("DejaVu" in name for name, _ in fonts)
    assert coloured_pixels(to_png(pdf)[0]) == 0
    text = pdf_text(pdf)[0]
    assert "Ζωή" in text and "Жаня" in text


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
def test_chinese_japanese_and_korean_names_print_in_a_cjk_font(client, store_game):
    # Text alone proves nothing here: with no font for them, the PDF still maps each empty box back
    # to its character (pdftotext read "陈" from a sheet that showed "▯"). The font must be there.
    names = ["Chen 陈", "さくら", "김민준"]
    created = store_game(names, turns=[([6, 6, 6, 6, 6], "yahtzee")])
    pdf = output_folder("print") / "names-cjk.pdf"
    pdf.write_bytes(client.get(f"/g/{created.edit_token}/scoresheet.pdf").data)
    fonts = embedded_fonts(pdf)
    assert any("CJK" in name for name, _ in fonts) and all(embedded for _, embedded in fonts), fonts
    text = squeezed(pdf_text(pdf)[0])
    assert all(squeezed(name) in text for name in names)
