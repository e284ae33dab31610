"""fenkit.scan: a picture of a board in, the position out, in the shape of
``fen scan --format json``."""

import pytest

import fenkit

FEN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"


def test_a_picture_s_bytes_and_its_path_read_alike(tmp_path):
    picture = fenkit.png(FEN, size=320, pieces="merida")
    from_bytes = fenkit.scan(picture)
    path = tmp_path / "board.png"
    path.write_bytes(picture)
    from_path = fenkit.scan(path)
    assert from_bytes["placement"] == FEN.split()[0]
    assert from_path["placement"] == from_bytes["placement"]
    assert from_path["source"] == str(path)
    assert len(from_bytes["squares"]) == 64
    assert from_bytes["squares"][0] == {
        **from_bytes["squares"][0],
        "square": "a8",
        "piece": "r",
    }
    assert 0.5 < from_bytes["squares"][0]["confidence"] <= 1.0
    fields = [assumption["field"] for assumption in from_bytes["assumptions"]]
    assert fields == ["side", "castling", "en_passant"]
    assert from_bytes["fen"] == FEN.split()[0] + " w KQkq - 0 1"


def test_what_a_picture_cannot_show_is_taken_as_given():
    reading = fenkit.scan(fenkit.png(FEN, size=320), side="b", castling="-", ep="-", orientation="white")
    assert reading["fen"] == FEN.split()[0] + " b - - 0 1"
    assert reading["assumptions"] == []
    assert reading["orientation"] == {"bottom": "white", "found": "given"}


def test_what_is_no_picture_of_a_board_raises_with_its_code(tmp_path):
    with pytest.raises(ValueError, match="not-a-picture"):
        fenkit.scan(FEN.encode())
    with pytest.raises(ValueError, match="broken-picture"):
        fenkit.scan(fenkit.png(FEN, size=320)[:500])
    with pytest.raises(ValueError, match="side: the side to move is w or b"):
        fenkit.scan(fenkit.png(FEN, size=320), side="x")
    with pytest.raises(OSError):
        fenkit.scan(tmp_path / "missing.png")
