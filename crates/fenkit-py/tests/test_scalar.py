"""One record at a time: check, parse, values, diagrams."""

import pytest

import fenkit
from conftest import START


def test_check_says_everything_about_a_record():
    checked = fenkit.check("4k3/8/8/8/8/8/8/4K2P w - - 0 1")
    assert (checked.valid, checked.well_formed, bool(checked)) == (False, True, False)
    (problem,) = checked.problems
    assert (problem.code, problem.severity, problem.field, problem.square) == ("pawn-on-back-rank", "error", "placement", "h1")
    assert (problem.column, problem.end_column) == (20, 21)
    assert checked.fen == "4k3/8/8/8/8/8/8/4K2P w - - 0 1"
    assert (checked.side, checked.castling, checked.ep_square, checked.halfmove_clock, checked.fullmove_number) == ("white", "-", None, 0, 1)


def test_parse_raises_fen_error_with_every_problem():
    with pytest.raises(fenkit.FenError) as raised:
        fenkit.parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 X")
    assert isinstance(raised.value, ValueError)
    codes = [p.code for p in raised.value.problems]
    assert codes == ["rank-too-short", "bad-number"], codes
    assert "column 36: error[rank-too-short]" in str(raised.value)
    assert fenkit.parse(START).valid


def test_values_of_one_record():
    assert fenkit.board(START).splitlines() == ["rnbqkbnr", "pppppppp", *["........"] * 4, "PPPPPPPP", "RNBQKBNR"]
    assert fenkit.normalize("4k3/8/8/8/8/8/8/4K3 w – –", lenient=True) == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    assert fenkit.key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").endswith(" b KQkq -")
    assert fenkit.polyglot_key(START) == 0x463B96181691FC9C
    assert fenkit.opening("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2") == ("B20", "Sicilian Defense")
    assert fenkit.play(START, "e2e4 e7e5 Nf3") == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    assert len(fenkit.legal_moves(START)) == 20
    with pytest.raises(ValueError, match="move 1... e4"):
        fenkit.play(START, "e4 e4")
    with pytest.raises(fenkit.FenError):
        fenkit.key("4k3/8/8/8/8/8/8/4K2P w - - 0 1")


def test_diagrams_for_files_and_notebooks():
    svg = fenkit.svg("4k3/8/8/8/8/8/8/4K2P w - - 0 1", size=240)
    assert svg.startswith("<svg") and 'width="240"' in svg
    png = fenkit.png(START, size=64)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(ValueError):
        fenkit.png(START, size=8)
    checked = fenkit.check("4k3/8/8/8/8/8/8/4K2P w - - 0 1")
    html = checked._repr_html_()
    assert html.count("<svg") == 1 and "pawn-on-back-rank" in html
    malformed = fenkit.check("<b>8/8</b>")
    assert malformed._repr_svg_() is None
    assert "<b>" not in malformed._repr_html_()


def test_diagrams_in_another_piece_set_say_the_position_in_words():
    lone = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    words = "White: King on e1. Black: King on e8. White to move."
    assert f"<desc>{words}</desc>" in fenkit.svg(lone, pieces="merida")
    assert fenkit.fen_describe([lone]) == [words]
    assert fenkit.png(lone, size=64, pieces="fantasy") != fenkit.png(lone, size=64)
    with pytest.raises(ValueError, match="the sets are cburnett, merida"):
        fenkit.svg(lone, pieces="staunty")


def test_the_stubs_name_every_piece_set_the_functions_take():
    import importlib.resources
    import re

    stubs = importlib.resources.files("fenkit").joinpath("__init__.pyi").read_text()
    named = re.search(r"PieceSetName = Literal\[(.*)\]", stubs).group(1)
    in_stubs = [name.strip().strip('"') for name in named.split(",")]
    with pytest.raises(ValueError) as refused:
        fenkit.svg("4k3/8/8/8/8/8/8/4K3 w - - 0 1", pieces="none")
    shipped = str(refused.value).split("the sets are ")[1].split(", ")
    assert in_stubs == shipped
    for name in shipped:
        assert fenkit.svg("4k3/8/8/8/8/8/8/4K3 w - - 0 1", pieces=name).startswith("<svg")
