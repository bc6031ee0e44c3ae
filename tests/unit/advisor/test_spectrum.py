"""The chance table's backward pass (spectrum.py) against the exact distributions it stands in for.

The forced-order edition's states are few, so its whole pass runs in seconds and every curve it
stores can be set beside the exact one (distribution.py follows every turn to the end there).
"""

from __future__ import annotations

import numpy as np
import pytest

from scorekeeper.advisor import Advisor, distribution
from scorekeeper.advisor import storage as advisor_storage
from scorekeeper.advisor.build import _levels
from scorekeeper.advisor.distribution import EXACT, EXACT_OPEN, ONE_TURN, TABLE, Distributions
from scorekeeper.advisor.points import points_for
from scorekeeper.advisor.spectrum import (
    BLOCK,
    STORED_OPEN,
    TAIL,
    Spectra,
    build_spectra,
    grid_for,
    kept_lengths,
)


@pytest.fixture(scope="module")
def forced_spectra(forced: Advisor) -> Spectra:
    return build_spectra(forced.points, forced.table)


def _gap(a: np.ndarray, b: np.ndarray) -> float:
    """Largest gap between the two curves' cumulative sums (Kolmogorov)."""
    n = max(len(a), len(b))
    return float(np.abs(np.cumsum(np.pad(a, (0, n - len(a)))) - np.cumsum(np.pad(b, (0, n - len(b))))).max())


def test_stored_curves_match_the_exact_ones(forced: Advisor, forced_spectra: Spectra) -> None:
    exact = Distributions(forced, None)
    points = forced.points
    checked = 0
    for level in _levels(points):
        open_boxes = points.boxes - int(level.mask[0]).bit_count()
        for state in level.dst[:: max(1, len(level.dst) // 5)].tolist():
            stored = forced_spectra.pmf(state)
            if open_boxes < STORED_OPEN:
                assert stored is None
                continue
            assert stored is not None
            truth = exact.pmf(state, open_boxes)
            assert stored.sum() == pytest.approx(1.0)
            assert _gap(stored, truth) <= 0.005, (state, open_boxes)
            checked += 1
    assert checked >= 20


def test_a_stored_curve_is_moved_to_the_coachs_exact_expected_value(
    forced: Advisor, forced_spectra: Spectra
) -> None:
    with_table = Distributions(forced, forced_spectra)
    start = int(forced.points.index(0, 0, 0))
    pmf = with_table.pmf(start, forced.points.boxes)
    assert float(np.arange(len(pmf)) @ pmf) == pytest.approx(float(forced.table.reshape(-1)[start]), abs=1e-6)
    assert _gap(pmf, Distributions(forced, None).pmf(start, forced.points.boxes)) <= 0.005


def test_the_saved_table_reads_back_the_same_curves(
    forced: Advisor, forced_spectra: Spectra, tmp_path
) -> None:
    advisor_storage.save_spectra(forced.edition, tmp_path, forced_spectra)
    loaded = advisor_storage.load_spectra(forced.edition, tmp_path, forced_spectra.grid)
    assert loaded is not None
    assert np.array_equal(np.asarray(loaded.row_of), forced_spectra.row_of)
    start = int(forced.points.index(0, 0, 0))
    loaded_pmf, built_pmf = loaded.pmf(start), forced_spectra.pmf(start)
    assert loaded_pmf is not None and built_pmf is not None
    assert np.array_equal(loaded_pmf, built_pmf)


def test_no_table_reads_as_none_until_both_files_are_whole(
    forced: Advisor, forced_spectra: Spectra, tmp_path
) -> None:
    assert advisor_storage.load_spectra(forced.edition, tmp_path, forced_spectra.grid) is None
    advisor_storage.save_spectra(forced.edition, tmp_path, forced_spectra)
    advisor_storage.spectra_path(forced.edition, tmp_path).unlink()  # the index is written last
    assert advisor_storage.load_spectra(forced.edition, tmp_path, forced_spectra.grid) is None


def test_the_grid_reaches_past_every_total_but_hasbros_rare_bonus_runs() -> None:
    # Yatzy tops out at 374 points: nothing wraps at 512. Hasbro's extra bonuses reach 1,575:
    # 1,024 leaves out only sheets with six bonuses or more.
    assert grid_for(points_for("yatzy")) == 512
    assert grid_for(points_for("hasbro-1996")) == grid_for(points_for("hasbro-2016")) == 1024


def test_a_state_keeps_as_many_frequencies_as_its_curve_needs() -> None:
    grid, k = 512, np.arange(128)
    wide = np.exp(-2j * np.pi * k * 200 / grid - 0.5 * (2 * np.pi * k * 40 / grid) ** 2)  # sd 40
    narrow = np.exp(-2j * np.pi * k * 60 / grid - 0.5 * (2 * np.pi * k * 4 / grid) ** 2)  # sd 4
    point = np.exp(-2j * np.pi * k * 60 / grid)  # one value for sure: every frequency matters
    wide_kept, narrow_kept, point_kept = kept_lengths(np.stack([wide, narrow, point], axis=1)).tolist()
    assert wide_kept == BLOCK < narrow_kept < point_kept == len(k)
    left_out = np.abs(narrow[narrow_kept:]) / (np.pi * k[narrow_kept:])
    assert (
        left_out.sum()
        <= TAIL
        < (np.abs(narrow[narrow_kept - BLOCK :]) / (np.pi * k[narrow_kept - BLOCK :])).sum()
    )


def test_saving_a_table_removes_the_editions_files_of_earlier_formats(
    forced: Advisor, forced_spectra: Spectra, tmp_path
) -> None:
    old = [
        "yatzy-forced.v1.npy",
        "yatzy-forced.v1.json",
        "yatzy-forced.shape.v1.npy",
        "yatzy-forced.opening.v1.npy",
    ]
    others = ["yatzy.v1.npy", "yatzy.shape.v1.npy", "notes.txt"]  # another edition's, and not a table
    for name in old + others:
        (tmp_path / name).write_bytes(b"old")
    advisor_storage.save_spectra(forced.edition, tmp_path, forced_spectra)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert not set(old) & set(left)
    assert set(others) <= set(left)
    assert advisor_storage.load_spectra(forced.edition, tmp_path, forced_spectra.grid) is not None


def test_which_curve_a_sheet_gets_is_decided_by_its_open_boxes_and_the_table(
    forced: Advisor, forced_spectra: Spectra
) -> None:
    with_table, without = Distributions(forced, forced_spectra), Distributions(forced, None)
    assert [with_table.method(n) for n in (1, EXACT_OPEN, EXACT_OPEN + 1, EXACT_OPEN + 2, 13)] == [
        EXACT, EXACT, ONE_TURN, TABLE, TABLE
    ]  # fmt: skip
    assert {without.method(n) for n in range(1, 14)} == {EXACT}


@pytest.mark.parametrize("with_table", [False, True])
def test_a_curve_is_returned_even_when_the_memory_forgets_it_at_once(
    forced: Advisor, forced_spectra: Spectra, monkeypatch, with_table: bool
) -> None:
    """Another thread may fill the memory between storing a curve and returning it."""
    remembered = Distributions(forced, forced_spectra if with_table else None)
    start = int(forced.points.index(0, 0, 0))
    expected = remembered.pmf(start, forced.points.boxes)
    monkeypatch.setattr(distribution, "CACHE_DISTRIBUTIONS", 0)  # every curve forgotten once stored
    forgetful = Distributions(forced, forced_spectra if with_table else None)
    sheets = {
        forced.points.boxes - int(level.mask[0]).bit_count(): int(level.dst[0])
        for level in _levels(forced.points)
    }
    for open_boxes in (EXACT_OPEN + 2, EXACT_OPEN + 1, EXACT_OPEN):  # from the table, one turn, exact
        assert forgetful.pmf(sheets[open_boxes], open_boxes).sum() == pytest.approx(1.0)
    np.testing.assert_allclose(forgetful.pmf(start, forced.points.boxes), expected)


def _curve(row: np.ndarray, grid: int) -> np.ndarray:
    """The curve of these lowest frequencies as Spectra.pmf makes it, from exact values."""
    cdf = np.maximum.accumulate(np.cumsum(np.fft.irfft(np.pad(row, (0, grid // 2 + 1 - len(row))), grid)))
    return np.diff(np.clip(cdf, 0.0, 1.0), prepend=0.0)


def test_a_stored_curve_reads_back_within_the_precision_of_its_blocks() -> None:
    """The first block as float16, the later ones as 8 bits of their largest value: a wide and a
    lumpy curve come back within a thousandth of their exact values' curves; zeros stay zeros."""
    grid, k = 512, np.arange(128)
    wide = np.exp(-2j * np.pi * k * 200 / grid - 0.5 * (2 * np.pi * k * 40 / grid) ** 2)
    lumpy = 0.5 * np.exp(-2j * np.pi * k * 60 / grid) + 0.5 * np.exp(-2j * np.pi * k * 110 / grid)
    rows = [wide[:BLOCK], lumpy, np.concatenate([wide[:BLOCK], np.zeros(BLOCK)])]
    spectra = Spectra.of_rows([r.astype(np.complex64) for r in rows], np.arange(3, dtype=np.int32), grid)
    assert spectra.tail.dtype == np.int8 and len(spectra.head) == 3
    assert list(spectra.blocks) == [0, 0, len(lumpy) // BLOCK - 1, len(lumpy) // BLOCK]
    for state, row in enumerate(rows):
        stored = spectra.pmf(state)
        assert stored is not None
        assert _gap(stored, _curve(row, grid)) <= 0.001, state
    first, padded = spectra.pmf(0), spectra.pmf(2)
    assert first is not None and padded is not None and np.array_equal(first, padded)
