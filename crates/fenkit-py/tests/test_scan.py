"""fenkit.scan: a picture of a board in, the position out, in the shape of
``fen scan --format json``."""

import os
import pathlib
import struct
import subprocess
import zlib

import pytest

import fenkit
from conftest import ROOT, oracle_missing

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


def bare_boards_png(count: int) -> bytes:
    """``count`` bare boards of 30-pixel squares side by side on a white
    page, as a grey PNG written here (no imaging library at hand)."""
    square, gap = 30, 40
    width, height = count * (8 * square + gap) + gap, 8 * square + 2 * gap
    rows = []
    for y in range(height):
        row = bytearray([0])  # filter: none
        for x in range(width):
            level = 255
            board, across = divmod(x - gap, 8 * square + gap)
            if 0 <= board < count and across < 8 * square and gap <= y < gap + 8 * square:
                file, rank = across // square, (y - gap) // square
                level = 230 if (file + rank) % 2 == 0 else 100
            row.append(level)
        rows.append(bytes(row))
    chunk = lambda kind, data: (
        struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + chunk(b"IEND", b"")
    )


def test_a_picture_of_two_boards_is_read_only_when_all_are_asked_for():
    two = bare_boards_png(2)
    with pytest.raises(ValueError, match="several-boards: 2 boards in the picture"):
        fenkit.scan(two)
    boards = fenkit.scan(two, all=True)
    assert [board["placement"] for board in boards] == ["8/8/8/8/8/8/8/8"] * 2
    # One board with all gives a list of one.
    assert [board["placement"] for board in fenkit.scan(bare_boards_png(1), all=True)] == ["8/8/8/8/8/8/8/8"]


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


FEN_BIN = os.environ.get("FEN_BIN", str(ROOT / "target" / "debug" / "fen"))


def test_a_pdf_gives_every_board_with_its_caption(tmp_path):
    """A worksheet fen sheet prints: each board read with the side to move
    and id of its caption, pages chosen, a page without a board its error."""
    if not pathlib.Path(FEN_BIN).exists():
        oracle_missing(f"{FEN_BIN} is absent: cargo build -p fen-cli (or set FEN_BIN)")
    records = tmp_path / "two.epd"
    records.write_text(
        'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - id "BK.01";\n'
        "4k3/8/8/8/8/8/4P3/4K3 w - -\n"
    )
    sheet = tmp_path / "sheet.pdf"
    subprocess.run([FEN_BIN, "sheet", "--per-page", "4", "--answers", "-o", str(sheet), str(records)], check=True, capture_output=True)
    boards = fenkit.scan(sheet)
    assert [board["source"] for board in boards] == [f"{sheet}#page=1"] * 2 + [f"{sheet}#page=2"]
    assert boards[0]["fen"] == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1"
    assert boards[0]["caption"] == {"text": "BK.01: Black to play", "id": "BK.01", "side": "b"}
    assert boards[1]["fen"] == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    assert boards[2]["error"]["code"] == "no-board"
    assert fenkit.scan(sheet.read_bytes(), pages="1")[1]["source"] == "bytes#page=1"
    with pytest.raises(ValueError, match="pages: '2-1' is not a page"):
        fenkit.scan(sheet, pages="2-1")
    with pytest.raises(ValueError, match="pdf-not-read: a broken PDF"):
        fenkit.scan(b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog")
